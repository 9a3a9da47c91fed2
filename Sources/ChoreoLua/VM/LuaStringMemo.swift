import CLua
import CLuaShim
#if canImport(Glibc)
import Glibc
#endif

/// Facts worked out once per Lua string and found again by the string's address, with no Swift
/// `String` made and nothing hashed: what a host function needs to know about a key it is given
/// again and again (`layer:setValue(x, "position.x")` for every view of a scene).
///
///     let facts = LuaStringMemo<PropertyPath?>()
///     let path = facts.value(at: 3, on: state) { text in try? PropertyPath(parsing: text) }.value
///
/// Lua interns its short strings: while one is alive, every string of the same bytes is the
/// same object, at the same address. A slot remembers an address with the text it had; a hit
/// compares the bytes too, since a collected string's address may come back holding other
/// text. A miss (a new string, or two strings sharing a slot) works the value out from the text
/// and takes the slot. Direct-mapped, `slotCount` slots: bounded whatever a script names.
final class LuaStringMemo<Value> {
    /// A string's text and its value, made once and handed out by reference: a hit copies
    /// neither the text nor the value (each copy retained what they hold).
    final class Entry {
        fileprivate let address: UnsafeRawPointer
        /// A copy of the text's bytes, compared on a hit with no `String` touched (reading a
        /// string's storage retained and released it).
        fileprivate let bytes: UnsafeMutableRawBufferPointer
        let text: String
        let value: Value

        fileprivate init(address: UnsafeRawPointer, text: String, value: Value) {
            (self.address, self.text, self.value) = (address, text, value)
            bytes = .allocate(byteCount: text.utf8.count, alignment: 1)
            _ = bytes.initializeMemory(as: UInt8.self, from: text.utf8)
        }

        deinit { bytes.deallocate() }

        /// Whether the `length` bytes at `address` are the text's.
        @inline(__always)
        fileprivate func holds(_ address: UnsafeRawPointer, _ length: Int) -> Bool {
            bytes.count == length && (length == 0 || memcmp(bytes.baseAddress!, address, length) == 0)
        }
    }

    private var slots: [Entry?]
    private let mask: Int

    /// `slotCount`: a power of two.
    init(slotCount: Int = 64) {
        precondition(slotCount > 0 && slotCount.nonzeroBitCount == 1, "LuaStringMemo: slotCount must be a power of two")
        slots = Array(repeating: nil, count: slotCount)
        mask = slotCount - 1
    }

    /// The entry of the string at `index`: its text and value, `make(text)` on a miss. The value
    /// at `index` must be a string (`lua_type` is `LUA_TSTRING`): numbers are not converted.
    func value<Failure: Error>(
        at index: Int32, on state: OpaquePointer, _ make: (String) throws(Failure) -> Value
    ) throws(Failure) -> Entry {
        var length = 0
        guard let bytes = lua_tolstring(state, index, &length) else {  // not a string: not remembered
            return Entry(address: UnsafeRawPointer(bitPattern: 1)!, text: "", value: try make(""))
        }
        let address = UnsafeRawPointer(bytes)
        // Fibonacci hashing of the address (its low bits are alignment): no `Hasher`.
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: Int(bitPattern: address)) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
        if let known = slots[slot], known.address == address, known.holds(address, length) {
            return known
        }
        let text = String(decoding: UnsafeRawBufferPointer(start: address, count: length), as: UTF8.self)
        let made = Entry(address: address, text: text, value: try make(text))
        slots[slot] = made
        return made
    }

}
