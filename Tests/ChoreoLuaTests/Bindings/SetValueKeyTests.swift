import ChoreoCore
import Testing
@testable import ChoreoLua

/// `layer:setValue` remembers what a key path's text decides by the Lua string's address
/// (`LuaStringMemo`, 64 slots, the bytes compared on a hit): these scripts use many more keys
/// than slots, strings that are collected and made again, and one text that means different
/// things on layers of different classes.
@Suite("setValue by key path: what each key's text decides is remembered, never mixed up")
struct SetValueKeyTests {
    @Test("Custom keys of three hundred names a round, more than the memo's slots, each keep their own value as their strings are collected and others made")
    func manyKeys() throws {
        // Round r names its keys with the letter r ("a17", "b17", ...): names of one length, so
        // that a string made after the last round's were collected may take one of their
        // addresses, which the memo must not take for the old text.
        let (_, results) = try runScript("""
            local layer = Layer.new{}
            local function churn() local junk = {}; for j = 1, 20000 do junk[j] = "junk" .. j end end
            for round = 1, 4 do
              local letter = string.char(96 + round)
              for i = 1, 300 do layer:setValue(round * 1000 + i, letter .. i) end
              churn()  -- this round's key strings are garbage now
            end
            local wrong = 0
            for round = 1, 4 do
              local letter = string.char(96 + round)
              for i = 1, 300 do
                if layer:valueForKeyPath(letter .. i) ~= round * 1000 + i then wrong = wrong + 1 end
              end
            end
            layer:setValue(7, "position.x"); layer:setValue(8, "opacity")
            capture(wrong == 0, layer.position.x, layer.opacity, layer:valueForKeyPath("c17"))
            """)
        #expect(results == [.boolean(true), .number(7), .number(8), .number(3017)])
    }

    @Test("One key text decides per layer class: birthRate is a plain layer's custom property and an emitter's own")
    func classScopedKey() throws {
        let (_, results) = try runScript("""
            local key = "birthRate"
            local plain, emitter = Layer.new{}, EmitterLayer.new{}
            plain:setValue(5, key); emitter:setValue(3, key); plain:setValue(6, key)
            capture(plain:valueForKeyPath(key), emitter.birthRate, emitter:valueForKeyPath(key))
            """)
        #expect(results == [.number(6), .number(3), .number(3)])
    }
}
