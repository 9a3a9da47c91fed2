/// Names made once (a `static let`) for the C scans of a table's keys: the names an options
/// table may hold (`checkingKeys`), or the fields of a value table (`lsx_table_numbers`); each
/// with a C copy of its bytes (NUL-terminated, at a fixed address: pushed with `lua_pushstring`,
/// Lua finds it in its cache of API strings) and its length. A name may be missing (nil: a
/// NULL pointer), as a field with no alias is.
///
///     static let keys = LuaKeyNames(["duration", "delay", "animations"])
///     let options = try call.table(at: 1).checkingKeys(allowed: Self.keys, of: "option")
public final class LuaKeyNames: @unchecked Sendable {  // immutable after init
    /// The names (the missing ones left out), as messages list them.
    public let names: [String]
    let cNames: UnsafeMutablePointer<UnsafePointer<CChar>?>
    let cLengths: UnsafeMutablePointer<Int>
    /// By position, the name (nil: missing) and its length in UTF-8 bytes: `position(of:)`
    /// compares a name only with the names of its length.
    private let entries: [String?]
    private let lengths: [Int]

    public convenience init(_ names: [String]) { self.init(optional: names) }

    init(optional names: [String?]) {
        self.names = names.compactMap { $0 }
        entries = names
        lengths = names.map { $0?.utf8.count ?? -1 }
        cNames = .allocate(capacity: max(names.count, 1))
        cLengths = .allocate(capacity: max(names.count, 1))
        for (index, name) in names.enumerated() {
            let bytes = name.map { Array($0.utf8) } ?? []
            precondition(!bytes.contains(0), "LuaKeyNames: a name may not hold a NUL byte")  // pushed as a C string
            if name == nil {
                cNames[index] = nil
            } else {
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)  // NUL-terminated
                for (offset, byte) in bytes.enumerated() { copy[offset] = CChar(bitPattern: byte) }
                copy[bytes.count] = 0
                cNames[index] = UnsafePointer(copy)
            }
            cLengths[index] = bytes.count
        }
    }

    /// How many names, the missing ones included (the length of the C arrays).
    var count: Int { entries.count }

    deinit {
        for index in 0..<count { UnsafeMutablePointer(mutating: cNames[index])?.deallocate() }
        cNames.deallocate()
        cLengths.deallocate()
    }

    /// The position of `name` if it is one of the names whose positions `given` has bits for
    /// (of the first 64), else nil: compared with those few (the names a table holds), not with
    /// every name.
    func heldPosition(of name: String, given: UInt64) -> Int? {
        let length = name.utf8.count  // compared only with the names of its length
        var bits = given
        while bits != 0 {
            let position = bits.trailingZeroBitCount
            if position < entries.count, lengths[position] == length, let entry = entries[position], entry == name { return position }
            bits &= bits - 1
        }
        return nil
    }

    /// The position of `name` (its index in the C arrays, which is its index in `names` when
    /// none is missing), or nil.
    public func position(of name: String) -> Int? {
        let length = name.utf8.count
        for index in entries.indices where lengths[index] == length {
            if let entry = entries[index], entry == name { return index }
        }
        return nil
    }
}

/// Which of a `LuaKeyNames`' names (by position) a table holds, as `LuaTableArgument.scanKeys`
/// found them: a bit each, kept inline (no allocation), for up to `capacity` names.
public struct LuaKeyScan {
    static let capacity = 256
    var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Whether the table holds the name at `position`.
    public func holds(position: Int) -> Bool {
        guard position >= 0, position < Self.capacity else { return false }
        let word = switch position / 64 {
        case 0: words.0
        case 1: words.1
        case 2: words.2
        default: words.3
        }
        return word & (1 << UInt64(position % 64)) != 0
    }
}

/// Some of the names of a `LuaKeyNames`, with the bits of their positions, made once (a `static
/// let`): which of them a table that `checkingKeys` scanned holds is then a mask.
///
///     static let durations = LuaKeySubset(["duration", "withDuration"], of: keys)
///     guard options.countHeld(Self.durations) <= 1 else { ... }
public struct LuaKeySubset: @unchecked Sendable {  // immutable
    public let names: [String]
    /// The names they are among (nil: a table is asked for each name).
    let allowed: LuaKeyNames?
    /// Each name's position among `allowed`'s, and their bits.
    let positions: [Int]
    let bits: UInt64

    /// `names`, each one of `allowed`'s first 64 (checked), or with no `allowed`: looked up.
    public init(_ names: [String], of allowed: LuaKeyNames? = nil) {
        self.names = names
        self.allowed = allowed
        positions = allowed.map { allowed in
            names.map { name in
                guard let position = allowed.position(of: name), position < 64 else {
                    preconditionFailure("LuaKeySubset: \(name) is not one of the first 64 allowed names")
                }
                return position
            }
        } ?? []
        bits = positions.reduce(0) { $0 | 1 << UInt64($1) }
    }
}
