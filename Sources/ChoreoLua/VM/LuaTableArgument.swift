import CLua
import CLuaShim

/// A table passed to a host function, read in place with raw gets (no metamethod ever runs).
///
///     let options = try call.table(at: 1)
///     let duration = try options.number("duration")          // required field
///     let delay = try options.optionalNumber("delay") ?? 0
///     try options.withTable("frame") { frame in try frame.number(1) }
///
/// A wrong field reads `bad argument #1 to 'View.animate' (field 'duration': number expected,
/// got string)`. Every read leaves the Lua stack where it was. Valid only during the call.
public struct LuaTableArgument {
    let context: LuaCallContext
    /// Absolute stack index of the table.
    let index: Int32
    /// The argument the table came from, and the path of fields to it, for messages.
    let argument: Int
    let path: String
    /// The names the table may hold and a bit for each that it does, when `checkingKeys` listed
    /// them: a field not among them is read as nil without a lookup (an options table names a
    /// few of the many options a function reads, and a lookup pushes its key's name into Lua).
    var givenNames: GivenNames? = nil

    /// `givenNames`: the names held unretained (a copy of the argument retains nothing for
    /// them). The caller of `checkingKeys` holds them for the call (a `static let`).
    struct GivenNames {
        unowned(unsafe) let allowed: LuaKeyNames
        let given: UInt64
    }

    /// The raw length (`rawlen`).
    public var count: Int { Int(lua_rawlen(context.state, index)) }

    /// The keys that are names or integers, in traversal order; other keys are skipped.
    public var keys: [LuaKey] { LuaVM.keys(ofTableAt: index, on: context.state) }

    /// Whether `name` is one of `keys`, found by traversal (no lookup pushes the name into Lua).
    public func containsKey(named name: String) -> Bool {
        var found = false
        forEachKey { key in if !found, case .name(let given) = key, given == name { found = true } }
        return found
    }

    /// Calls `body` with each of `keys` in turn, with no list of them made (`body` reads no
    /// field: it runs during the traversal).
    public func forEachKey(_ body: (LuaKey) throws -> Void) rethrows {
        try LuaVM.forEachKey(ofTableAt: index, on: context.state, body)
    }

    public func number(_ key: LuaKey) throws(LuaCallError) -> Double {
        try field(key) { (slot, place) throws(LuaCallError) in try context.checkNumber(slot, place) }
    }
    public func optionalNumber(_ key: LuaKey) throws(LuaCallError) -> Double? {
        try optionalField(key) { (slot, place) throws(LuaCallError) in try context.checkNumber(slot, place) }
    }
    public func integer(_ key: LuaKey) throws(LuaCallError) -> Int {
        try field(key) { (slot, place) throws(LuaCallError) in try context.checkInteger(slot, place) }
    }
    public func optionalInteger(_ key: LuaKey) throws(LuaCallError) -> Int? {
        try optionalField(key) { (slot, place) throws(LuaCallError) in try context.checkInteger(slot, place) }
    }
    public func string(_ key: LuaKey) throws(LuaCallError) -> String {
        try field(key) { (slot, place) throws(LuaCallError) in try context.checkString(slot, place) }
    }
    public func optionalString(_ key: LuaKey) throws(LuaCallError) -> String? {
        try optionalField(key) { (slot, place) throws(LuaCallError) in try context.checkString(slot, place) }
    }
    public func boolean(_ key: LuaKey) throws(LuaCallError) -> Bool {
        try field(key) { (slot, place) throws(LuaCallError) in try context.checkBoolean(slot, place) }
    }
    public func optionalBoolean(_ key: LuaKey) throws(LuaCallError) -> Bool? {
        try optionalField(key) { (slot, place) throws(LuaCallError) in try context.checkBoolean(slot, place) }
    }
    public func function(_ key: LuaKey) throws(LuaCallError) -> LuaFunctionRef {
        try field(key) { (slot, place) throws(LuaCallError) in try context.checkFunction(slot, place) }
    }
    public func optionalFunction(_ key: LuaKey) throws(LuaCallError) -> LuaFunctionRef? {
        try optionalField(key) { (slot, place) throws(LuaCallError) in try context.checkFunction(slot, place) }
    }
    /// `table[key]`, a function (or nil when not `required`), left on the stack of the running
    /// host function: its index there (nil for nil), for a function the host calls before it
    /// returns (`LuaVM.callOnStack`), with no reference made. The host function's results go
    /// above it.
    public func functionOnStack(_ key: LuaKey, required: Bool) throws(LuaCallError) -> Int32? {
        guard let slot = pushField(key) else { throw stackOverflow(key) }
        let type = lua_type(context.state, slot)
        if type == LUA_TFUNCTION { return slot }
        defer { lsx_pop(context.state, 1) }
        if type <= LUA_TNIL && !required { return nil }
        throw context.mismatch(slot, place(key), "function")
    }
    public func object<Object: AnyObject>(_ key: LuaKey, as type: Object.Type) throws(LuaCallError) -> Object {
        try field(key) { (slot, place) throws(LuaCallError) in try context.checkObject(slot, type, place) }
    }
    public func optionalObject<Object: AnyObject>(_ key: LuaKey, as type: Object.Type) throws(LuaCallError) -> Object? {
        try optionalField(key) { (slot, place) throws(LuaCallError) in try context.checkObject(slot, type, place) }
    }
    /// Whether `table[key]` is not nil (nothing copied out: a string stays in Lua).
    public func holds(_ key: LuaKey) -> Bool {
        if lacks(key) { return false }
        guard let slot = pushField(key) else { return false }
        defer { lsx_pop(context.state, 1) }
        return lua_type(context.state, slot) > LUA_TNIL
    }

    /// Calls `body` with the state and the stack slot where the raw `table[key]` is pushed (nil
    /// included), for a reader that looks at it in place; the slot is popped after.
    public func withField<R>(_ key: LuaKey, _ body: (OpaquePointer, Int32) throws -> R) throws -> R {
        guard let slot = pushField(key) else { throw stackOverflow(key) }
        defer { lsx_pop(context.state, 1) }
        return try body(context.state, slot)
    }

    /// Any value, copied (tables and functions by reference).
    public func value(_ key: LuaKey) -> LuaValue {
        if lacks(key) { return .nil }
        return (try? field(key) { (slot, _) throws(LuaCallError) in context.vm.value(at: slot, on: context.state) }) ?? .nil
    }

    /// Reads a nested table; the body's reads are reported under this field's path.
    public func withTable<R>(_ key: LuaKey, _ body: (LuaTableArgument) throws -> R) throws -> R {
        guard let slot = pushField(key) else { throw stackOverflow(key) }
        defer { lsx_pop(context.state, 1) }
        return try body(context.checkTable(slot, place(key)))
    }
    /// Like ``withTable(_:_:)``, or nil when the field is nil.
    public func withOptionalTable<R>(_ key: LuaKey, _ body: (LuaTableArgument) throws -> R) throws -> R? {
        guard let slot = pushField(key) else { throw stackOverflow(key) }
        defer { lsx_pop(context.state, 1) }
        if lua_type(context.state, slot) <= LUA_TNIL { return nil }
        return try body(context.checkTable(slot, place(key)))
    }

    /// `checkKeys(allowed:of:)`, then the same table with the names it holds remembered, so
    /// that reading a field it does not hold costs no lookup. Valid while nothing changes the
    /// table: until the call's reads are done, before it runs script code that could.
    ///
    /// The keys are compared in C, byte for byte, in one traversal (`lsx_scan_keys`): no Swift
    /// string is made of a key. Only a table with a key not allowed is traversed again, to name
    /// that key as `checkKeys` does.
    public func checkingKeys(allowed: LuaKeyNames, of what: String) throws(UnknownKeyError) -> LuaTableArgument {
        let scan = try scanKeys(allowed, of: what)
        var checked = self
        if allowed.count <= 64 { checked.givenNames = GivenNames(allowed: allowed, given: scan.words.0) }
        return checked
    }

    /// `checkKeys(allowed:of:)` with `allowed`'s names, and which of them the table holds: one
    /// traversal in C, comparing bytes (no Swift string is made of a key). Only a table with a
    /// key not allowed is traversed again, to name that key as `checkKeys` does.
    public func scanKeys(_ allowed: LuaKeyNames, of what: String) throws(UnknownKeyError) -> LuaKeyScan {
        precondition(allowed.count <= LuaKeyScan.capacity, "LuaTableArgument.scanKeys: more than \(LuaKeyScan.capacity) names")
        var scan = LuaKeyScan()
        let scanned = withUnsafeMutableBytes(of: &scan.words) { words in
            lsx_scan_keys(context.state, index, allowed.cNames, allowed.cLengths, Int32(allowed.count),
                          words.baseAddress!.assumingMemoryBound(to: UInt64.self))
        }
        if scanned != 1 { try checkKeys(allowed: allowed.names, of: what) }
        return scan
    }

    /// How many names of `subset` the table holds (not nil). After `checkingKeys(allowed:)` with
    /// the subset's `allowed`, a count of bits: no name is compared or pushed.
    public func countHeld(_ subset: LuaKeySubset) -> Int {
        if let names = givenNames, names.allowed === subset.allowed { return (names.given & subset.bits).nonzeroBitCount }
        return subset.names.reduce(0) { count, name in holds(.name(name)) ? count + 1 : count }
    }

    /// The first name of `subset` (in its order) that the table holds, or nil; as `countHeld`.
    public func firstHeld(_ subset: LuaKeySubset) -> String? {
        if let names = givenNames, names.allowed === subset.allowed {
            return zip(subset.names, subset.positions).first { names.given & (1 << UInt64($0.1)) != 0 }?.0
        }
        return subset.names.first { holds(.name($0)) }
    }

    /// Whether the table, as `checkingKeys` found it, does not hold `key`, a name (false when
    /// unknown, and for a position).
    private func lacks(_ key: LuaKey) -> Bool {
        guard case .name(let name) = key, let names = givenNames else { return false }
        return names.allowed.heldPosition(of: name, given: names.given) == nil  // a name not allowed is not held either
    }

    /// Pushes `table[key]` (raw) and returns its index, or nil when the stack has no room.
    private func pushField(_ key: LuaKey) -> Int32? {
        guard context.reserve(2) else { return nil }
        switch key {
        case .name(let name):
            if let names = givenNames {
                guard let position = names.allowed.heldPosition(of: name, given: names.given) else {
                    lua_pushnil(context.state)  // a name the table does not hold
                    return lua_gettop(context.state)
                }
                // The name's C copy, at a fixed address: Lua's cache of API strings finds it
                // again with no hashing (`lua_pushstring`), where a Swift string is hashed.
                lua_pushstring(context.state, names.allowed.cNames[position])
            } else {
                LuaVM.push(name, on: context.state)
            }
            lua_rawget(context.state, index)
        case .index(let position):
            lua_rawgeti(context.state, index, lua_Integer(position))
        }
        return lua_gettop(context.state)
    }

    private func place(_ key: LuaKey) -> LuaCallContext.Place {
        .field(argument: argument, parent: path, key: key)
    }

    private func stackOverflow(_ key: LuaKey) -> LuaCallError { context.error(place(key), "stack overflow") }

    /// Reads `table[key]` with `read`, leaving the stack as it was.
    private func field<R>(_ key: LuaKey, _ read: (Int32, LuaCallContext.Place) throws(LuaCallError) -> R) throws(LuaCallError) -> R {
        guard let slot = pushField(key) else { throw stackOverflow(key) }
        defer { lsx_pop(context.state, 1) }
        return try read(slot, place(key))
    }

    private func optionalField<R>(
        _ key: LuaKey, _ read: (Int32, LuaCallContext.Place) throws(LuaCallError) -> R
    ) throws(LuaCallError) -> R? {
        if lacks(key) { return nil }  // a name the table does not hold: nothing to push
        return try field(key) { (slot, place) throws(LuaCallError) -> R? in
            lua_type(context.state, slot) <= LUA_TNIL ? nil : try read(slot, place)
        }
    }
}

/// Fills a table the host is pushing, with raw sets.
///
///     call.pushNewTable(fieldCount: 2) { point in
///         point.set("x", 3.0); point.set("y", 4.0)
///     }
public struct LuaTableBuilder {
    let context: LuaCallContext
    let index: Int32

    public func set(_ key: LuaKey, _ value: LuaValue) {
        guard context.reserve(2) else { return }
        pushKey(key)
        context.vm.push(value, on: context.state)
        lua_rawset(context.state, index)
    }

    /// Sets `table[#table + 1]`.
    public func append(_ value: LuaValue) {
        set(.index(Int(lua_rawlen(context.state, index)) + 1), value)
    }

    public func set<Object: AnyObject>(_ key: LuaKey, object: Object) {
        guard context.reserve(5) else { return }
        pushKey(key)
        context.vm.pushObject(object, staticType: Object.self, on: context.state)
        lua_rawset(context.state, index)
    }

    /// Sets a nested table filled by `fill`.
    public func setTable(_ key: LuaKey, arrayCount: Int = 0, fieldCount: Int = 0, _ fill: (LuaTableBuilder) -> Void) {
        guard context.reserve(2) else { return }
        pushKey(key)
        lua_createtable(context.state, Int32(clamping: arrayCount), Int32(clamping: fieldCount))
        fill(LuaTableBuilder(context: context, index: lua_gettop(context.state)))
        lua_rawset(context.state, index)
    }

    private func pushKey(_ key: LuaKey) {
        switch key {
        case .name(let name): LuaVM.push(name, on: context.state)
        case .index(let position): lua_pushinteger(context.state, lua_Integer(position))
        }
    }
}
