import CLua
import CLuaShim
import ChoreoCore

/// One property of a bridged object as scripts see it: a getter that pushes exactly one value,
/// and a setter from a Lua value (nil when the property is read-only).
struct ScriptProperty<Object: AnyObject> {
    var get: (LuaCallContext, Object) throws -> Void
    var set: ((Object, LuaValue) throws -> Void)?
    /// For a constructor's key, a setter of the common shape of value read where it lies on the
    /// stack (a `frame` of four numbers, with no reference to the table made): true when it set
    /// the property, false to leave the value to `set`, which reads or names any shape.
    var setInPlace: ((Object, OpaquePointer, Int32) throws -> Bool)?
}

extension ScriptProperty {
    /// `setInPlace` for a rect property: a table of only four finite numbers, read where it lies
    /// (`ScriptValues.plainRect`), is given to `set`; any other value is left to the property's
    /// reader.
    static func plainRect(_ set: @escaping (Object, Rect) -> Void) -> (Object, OpaquePointer, Int32) throws -> Bool {
        { object, state, slot in
            guard let rect = ScriptValues.plainRect(at: slot, on: state) else { return false }
            set(object, rect)
            return true
        }
    }
}

/// The named properties of a bridged type, in the order constructors apply them.
///
/// The same table serves `object.key` reads, `object.key = value` writes, and the option tables
/// of constructors (`View.new{ frame = ..., alpha = 0.5 }`), so a property and its constructor
/// key can never disagree. Order matters for constructors: `frame` before `center`, as UIKit's
/// `init(frame:)` comes before any later assignment.
struct ScriptPropertyTable<Object: AnyObject> {
    /// The Lua class name, for messages (`View`, `Layer`).
    let typeName: String
    private(set) var names: [String] = []
    /// The properties in `names`' order, and each name's position there.
    private var properties: [ScriptProperty<Object>] = []
    private var positions = PropertyNameIndex()

    init(_ typeName: String) { self.typeName = typeName }

    /// The position of `name` among `names`, or nil.
    func position(of name: String) -> Int? { positions.position(of: name, in: names) }

    mutating func add(
        _ name: String, get: @escaping (LuaCallContext, Object) throws -> Void,
        set: ((Object, LuaValue) throws -> Void)? = nil, setInPlace: ((Object, OpaquePointer, Int32) throws -> Bool)? = nil
    ) {
        precondition(position(of: name) == nil, "\(typeName).\(name) is defined twice")
        names.append(name)
        positions.insert(position: names.count - 1, of: names)
        properties.append(ScriptProperty(get: get, set: set, setInPlace: setInPlace))
    }

    /// The names that can be assigned, in constructor order.
    var settableNames: [String] { names.indices.filter { properties[$0].set != nil }.map { names[$0] } }

    func has(_ name: String) -> Bool { position(of: name) != nil }

    /// Pushes the property's value; 0 (nil in Lua) for a name that is not a property.
    func get(_ call: LuaCallContext, _ object: Object, _ key: String) throws -> Int {
        guard let position = position(of: key) else { return 0 }
        return try get(call, object, at: position)
    }

    /// Pushes the value of the property at `position` (of `position(of:)`); 1.
    func get(_ call: LuaCallContext, _ object: Object, at position: Int) throws -> Int {
        try properties[position].get(call, object)
        return 1
    }

    /// Assigns the property from `value`; unknown and read-only names are errors listing the
    /// settable ones.
    func set(_ object: Object, _ key: String, _ value: LuaValue) throws {
        guard let position = position(of: key) else {
            throw BindingError("not a property of \(typeName) (settable: \(settableNames.joined(separator: ", ")))")
        }
        try set(object, at: position, value)
    }

    private func set(_ object: Object, at position: Int, _ value: LuaValue) throws {
        guard let set = properties[position].set else { throw BindingError("cannot be set (it is read-only)") }
        try set(object, value)
    }

    /// A constructor's keys, made once: the names its option table may hold (settable names, and
    /// keys the caller applies itself, such as `layerClass`), for the C scan of the table's keys.
    struct ConstructorKeys {
        let names: LuaKeyNames
        /// Each name's position among the table's properties (nil: not a property).
        fileprivate let positions: [Int?]

        /// The position of `name` among `names`, for `LuaKeyScan.holds(position:)`.
        func position(of name: String) -> Int? { names.position(of: name) }
    }

    /// The keys of a constructor taking `allowed`.
    func constructorKeys(_ allowed: [String]) -> ConstructorKeys {
        ConstructorKeys(names: LuaKeyNames(allowed), positions: allowed.map { position(of: $0) })
    }

    /// Applies a constructor's option table: every key must be one of `keys` (made once, when
    /// the constructor is installed); they are applied in this table's order, whatever order the
    /// script wrote them in.
    func apply(_ options: LuaTableArgument?, to object: Object, keys: ConstructorKeys) throws {
        guard let options else { return }
        try apply(options, to: object, keys: keys, scan: options.scanKeys(keys.names, of: "property"))
    }

    /// `apply(_:to:keys:)` with the table's keys checked and scanned already (`scan`, by
    /// `LuaTableArgument.scanKeys(keys.names, of: "property")`): the keys a constructor gives
    /// are applied in this table's order, with no list made (a bit per property, on the stack).
    func apply(_ options: LuaTableArgument, to object: Object, keys: ConstructorKeys, scan: LuaKeyScan) throws {
        let words = (names.count + 63) / 64
        try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { given in
            given.initialize(repeating: 0)
            for (index, position) in keys.positions.enumerated() where scan.holds(position: index) {
                if let position { given[position / 64] |= 1 << UInt64(position % 64) }
            }
            for word in 0..<words {
                var bits = given[word]
                while bits != 0 {
                    let position = word * 64 + bits.trailingZeroBitCount
                    bits &= bits - 1
                    if let setInPlace = properties[position].setInPlace,
                        try options.withField(.name(names[position]), { state, slot in try setInPlace(object, state, slot) })
                    {
                        continue
                    }
                    let value = options.value(.name(names[position]))
                    if !value.isNil { try set(object, at: position, value) }
                }
            }
        }
    }
}

/// An error whose message is complete but for the call's name: raised as `Name.call: message`.
struct BindingError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Checks on Lua values headed for properties, named after what they check. Each returns the
/// value when it passes; `name` is the property or key, as messages show it.
enum Checked {
    static func number(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> Double {
        guard let number = lua.doubleValue else { throw ScriptValues.mismatch(name, "a number", lua) }
        return try requireFinite(number, name)
    }

    static func nonNegative(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> Double {
        try requireNonNegative(try number(lua, name), name)
    }

    static func integer(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> Int {
        guard let integer = lua.intValue else {
            throw ScriptValues.mismatch(name, "an integer", lua)
        }
        return integer
    }

    static func boolean(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> Bool {
        guard let flag = lua.boolValue else { throw ScriptValues.mismatch(name, "a boolean", lua) }
        return flag
    }

    static func string(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> String {
        guard let text = lua.stringValue else { throw ScriptValues.mismatch(name, "a string", lua) }
        return text
    }

    static func optionalString(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> String? {
        lua.isNil ? nil : try string(lua, name)
    }

    /// One of an enumeration's cases by its raw name; a bad name lists the valid ones.
    static func option<Option: RawRepresentable & CaseIterable>(
        _ lua: LuaValue, _ name: String, _ type: Option.Type
    ) throws(ArgumentError) -> Option where Option.RawValue == String {
        guard let text = lua.stringValue else {
            let valid = Option.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw ScriptValues.mismatch(name, "one of \(valid)", lua)
        }
        return try Option(parsing: text, parameter: name)
    }

    /// A 1-based Lua position within `1...count`, as a 0-based Swift index.
    static func position(_ lua: LuaValue, _ name: String, count: Int) throws(ArgumentError) -> Int {
        let position = try integer(lua, name)
        guard position >= 1, position <= count else {
            throw ArgumentError(
                parameter: name, requirement: "must be within 1...\(count) (Lua counts from 1; 1 is the back)",
                value: formatNumber(Double(position)))
        }
        return position - 1
    }
}

/// Pushing model values: numbers as numbers, compound values as `ScriptValue`s that write back.
extension LuaCallContext {
    func push(_ value: AnimationValue, writeBack: ((AnimationValue) throws -> Void)?) {
        if case let .scalar(number) = value {
            push(number)
        } else if case let .path(path) = value {
            ScriptPaths.push(path, self)  // a fresh array of commands: edits go back by assignment
        } else if value.listCount > 0 || value.kind == .colors || value.kind == .numbers {
            pushList(value)
        } else {
            push(object: ScriptValue(value, writeBack: writeBack))
        }
    }

    func push(optionalString value: String?) {
        if let value { push(value) } else { pushNil() }
    }
}

/// The positions of a property table's names, found with no `Hasher`: an open-addressed table
/// indexed by an FNV-1a hash of a name's bytes, checked against the name itself. A property read
/// from Lua looks its key up once or more (a layer's: is it a property, is it another class's,
/// then its getter); with a `[String: Int]` each lookup hashed the key with SipHash, a quarter of
/// a read's instructions.
struct PropertyNameIndex {
    /// Position + 1 of the name hashed to each slot (0: empty); a power of two, at most half full.
    private var slots: [Int32] = []

    static func hash(_ name: String) -> UInt64 {
        var name = name  // `withUTF8` reads a small string's bytes in place (iterating `utf8` did not)
        return name.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
    }

    /// The position of `name` in `names` (the names indexed, in order), or nil.
    func position(of name: String, in names: [String]) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(name)) & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if names[position] == name { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Indexes `names[position]`, the name just appended to `names` (the names indexed so far
    /// and it); the slots double, and every name is placed again, when they would be more than
    /// half full.
    mutating func insert(position: Int, of names: [String]) {
        guard slots.count >= 2 * names.count else {
            slots = Array(repeating: 0, count: max(8, slots.count * 2))
            for index in names.indices { place(index, names[index]) }
            return
        }
        place(position, names[position])
    }

    private mutating func place(_ position: Int, _ name: String) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(name)) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position + 1)
    }
}
