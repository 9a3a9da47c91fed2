import Testing
@testable import ChoreoLua

/// The index a property table finds its names by (no `Hasher`): every name at its position, no
/// other name found, whatever the hashes share.
@Suite("PropertyNameIndex")
struct PropertyNameIndexTests {
    /// Names of every length from 0 to 40, with shared prefixes and suffixes, and non-ASCII ones.
    static let names: [String] = {
        var names = ["", "a", "x", "alpha", "opacity", "position", "bounds", "frame", "center", "transform",
                     "anchorPoint", "backgroundColor", "shadowOpacity", "instanceCount", "préférence", "🎞️frame"]
        for index in 0..<200 { names.append("property\(index)") }
        for length in 1...40 { names.append(String(repeating: "k", count: length)) }
        return names
    }()

    @Test("Every name is found at its position after each name is added, across the growths of the slots")
    func findsEveryName() {
        var index = PropertyNameIndex()
        var added: [String] = []
        for name in Self.names {
            added.append(name)
            index.insert(position: added.count - 1, of: added)
            for (position, known) in added.enumerated() { #expect(index.position(of: known, in: added) == position) }
        }
    }

    @Test("A name the table does not have is not found, nor is any near it")
    func findsNoOtherName() {
        var index = PropertyNameIndex()
        for position in Self.names.indices { index.insert(position: position, of: Array(Self.names[...position])) }
        for absent in ["Alpha", "alpha ", "opacit", "opacityy", "property200", "property-1", "k" + String(repeating: "k", count: 40),
                       "preference", "frame\0", "🎞frame"] {
            #expect(index.position(of: absent, in: Self.names) == nil, "\(absent)")
        }
    }

    @Test("An empty index finds nothing, and an index of one name finds only it")
    func emptyIndex() {
        let index = PropertyNameIndex()
        #expect(index.position(of: "alpha", in: []) == nil)
        var one = PropertyNameIndex()
        one.insert(position: 0, of: ["alpha"])
        #expect(one.position(of: "", in: ["alpha"]) == nil)
        #expect(one.position(of: "alpha", in: ["alpha"]) == 0)
    }
}
