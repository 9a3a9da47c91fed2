import Foundation

/// A random Lua script over Choreo's documented API (docs/lua-api.md, DESIGN.md §5), from a seed.
///
///     let script = ScriptGenerator.script(seed: 42)     // the same text on every run
///
/// A script is a scene (run by `choreo run` and `choreo trace`) or, one time in five, a scene test
/// (run by `choreo test`). It builds pools of objects (views `V`, layers `L`, animations `A`,
/// curves `C`, timers `T`, display links `K`, animators `N`, motion animators `M`, traits `R`) and
/// calls the API on them with plausible and implausible arguments: wrong types, NaN, ±inf, huge
/// and tiny numbers, negative durations, unknown names, empty and deep tables, functions that
/// error, tables whose metamethods throw; and it calls the API again from inside callbacks
/// (timers, completions, delegates, display links, layoutSubviews, animation blocks).
///
/// Most statements run under `P` (a `pcall`), so one refused call does not end the script; `P`
/// checks that what it caught is a clear error (a string starting with `file:line:`, naming the
/// call) and otherwise ends the run with `FUZZ-UNCLEAR`, which the classifier reads. A few
/// statements run bare, so the run can also end in a script error, as real scripts do.
public struct ScriptGenerator {
    public enum Kind: String, Sendable { case scene, test }

    var rng: FuzzRandom
    let kind: Kind
    /// How many objects of each pool the script has made so far (at generation time).
    var pools = [String: Int]()
    /// Callback nesting: statements inside callbacks make fewer callbacks of their own.
    var depth = 0

    init(seed: UInt64, kind: Kind) {
        rng = FuzzRandom(seed: seed)
        self.kind = kind
    }

    /// The script of `seed`: its kind and text.
    public static func script(seed: UInt64) -> FuzzScript {
        var chooser = FuzzRandom(seed: seed ^ 0x5CE7E)
        let kind: Kind = chooser.chance(0.2) ? .test : .scene
        var generator = ScriptGenerator(seed: seed, kind: kind)
        return FuzzScript(seed: seed, kind: kind, source: generator.generate(seed: seed))
    }

    mutating func generate(seed: UInt64) -> String {
        var out = "-- choreo-fuzz script, seed \(seed) (\(kind.rawValue)); replay: choreo-fuzz --replay FILE\n"
        out += Self.prelude
        switch kind {
        case .scene:
            out += "local _, scene = P(function() return \(sceneExpression()) end)\n"
            out += "if type(scene) ~= \"userdata\" then scene = Scene.new{} end\n"
            out += statements(count: rng.int(8...40))
            out += rng.chance(0.9) ? "return scene\n" : "return \(rng.pick(["nil", "42", "{}", "Scene.new{}", "V[1]"]))\n"
        case .test:
            out += "describe(\(string()), function()\n"
            if rng.chance(0.3) { out += "beforeEach(function()\n\(statements(count: rng.int(1...3)))end)\n" }
            for _ in 0..<rng.int(1...4) {
                out += "it(\(string()), function()\n"
                out += "V, L, A, C, T, K, N, M, R = {}, {}, {}, {}, {}, {}, {}, {}, {}\n"
                out += "local _, scene = P(function() return \(sceneExpression()) end)\n"
                out += "if type(scene) ~= \"userdata\" then scene = Scene.new{} end\n"
                out += statements(count: rng.int(5...25))
                out += "end)\n"
            }
            out += "end)\n"
        }
        return out
    }

    /// What every script starts with: the pools, `P` and its check, and hostile values.
    static let prelude = """
        V, L, A, C, T, K, N, M, R = {}, {}, {}, {}, {}, {}, {}, {}, {}
        local function CHECK(e)
          if type(e) ~= "string" or e:find("fuzz%-raw") or e == "not enough memory" then return end
          if not e:find("^[^\\n]-:%d+:") then error("FUZZ-UNCLEAR: an error without file:line: " .. e:sub(1, 300)) end
          if e:find("to '%?'") then error("FUZZ-UNCLEAR: an error naming no call: " .. e:sub(1, 300)) end
        end
        local function P(f, ...) local ok, e = pcall(f, ...) if not ok then CHECK(e) end return ok, e end
        local function DEEP(n, leaf) local t = leaf or {} for i = 1, n do t = {t} end return t end
        local function THROWING()
          local function boom() error("fuzz-metamethod") end
          return setmetatable({}, {__index = boom, __newindex = boom, __len = boom, __tostring = boom,
            __eq = boom, __lt = boom, __le = boom, __concat = boom, __call = boom, __unm = boom,
            __add = boom, __sub = boom, __mul = boom, __div = boom, __name = "fuzz"})
        end
        local function LIAR() return setmetatable({}, {__len = function() return 5 end,
          __index = function(_, k) return 0/0 end}) end
        local function BOOM() error("fuzz-boom") end

        """

    mutating func sceneExpression() -> String {
        if rng.chance(0.8) { return "Scene.new{ width = \(number(1...800)), height = \(number(1...800)), backgroundColor = \(color()) }" }
        return rng.pick(["Scene.new{}", "Scene.new()", "Scene.new(\(value()))", "Scene.new{ width = \(number(1...800)), frame = 5 }"])
    }

    // MARK: Statements

    /// `count` statements, each one line or a block, most under `P`.
    mutating func statements(count: Int) -> String {
        var out = ""
        for _ in 0..<count {
            let body = statement()
            out += rng.chance(0.995) ? "P(function()\n\(body)\nend)\n" : "do\n\(body)\nend\n"
        }
        return out
    }

    /// One statement: a weighted pick over the API's areas.
    mutating func statement() -> String {
        let makers: [(Int, (inout ScriptGenerator) -> String)] = [
            (12, { $0.newView() }), (5, { $0.newContentView() }), (3, { $0.newLayer() }),
            (12, { $0.setViewProperty() }), (8, { $0.setLayerProperty() }), (4, { $0.readProperty() }),
            (6, { $0.hierarchy() }), (4, { $0.layerTree() }),
            (6, { $0.basicAnimation() }), (4, { $0.keyframeAnimation() }), (3, { $0.springAnimation() }),
            (2, { $0.groupAnimation() }), (2, { $0.transitionAnimation() }), (8, { $0.addAnimation() }),
            (3, { $0.animationControl() }), (3, { $0.delegate() }),
            (7, { $0.viewAnimate() }), (3, { $0.animateKeyframes() }), (2, { $0.viewTransition() }),
            (2, { $0.performWithoutAnimation() }),
            (5, { $0.newAnimator() }), (6, { $0.animatorControl() }),
            (5, { $0.after() }), (3, { $0.every() }), (2, { $0.timerControl() }),
            (4, { $0.displayLink() }), (2, { $0.linkControl() }),
            (4, { $0.transaction() }), (5, { $0.timing() }), (4, { $0.values() }),
            (4, { $0.motion() }), (3, { $0.layout() }), (3, { $0.keyValue() }),
            (4, { $0.extremeMotion() }), (2, { $0.luaOddity() }), (1, { $0.printing() }), (1, { $0.requiring() }),
            (4, { $0.newClassLayer() }), (6, { $0.classProperty() }),
            (3, { $0.stagger() }), (3, { $0.newSequence() }), (2, { $0.sequenceControl() }),
            (3, { $0.newTimeline() }), (3, { $0.timelineControl() }),
            (kind == .test ? 8 : 0, { $0.testCall() }),
        ]
        let choice = rng.weighted(makers.map(\.0))
        // A line that starts with `(` would continue the line before it as a call.
        let text = makers[choice].1(&self).replacingOccurrences(of: "\n(", with: "\n;(")
        return text.hasPrefix("(") ? ";" + text : text
    }

    /// A callback: a function whose body makes more calls (fewer the deeper it is), sometimes
    /// one that errors or returns something odd.
    mutating func callback(parameters: String = "...") -> String {
        if depth >= 2 || rng.chance(0.06) {
            return rng.pick(["BOOM", "function() end", "function() return 0/0 end", "THROWING()", "42", "\"fn\"", "nil"])
        }
        depth += 1
        defer { depth -= 1 }
        var body = statements(count: rng.int(1...(depth == 1 ? 4 : 2)))
        if rng.chance(0.03) { body += "error(\(rng.pick(["\"fuzz-callback\"", "{}", "nil", "THROWING()"])))\n" }
        if rng.chance(0.1) { body += "return \(value())\n" }
        return "function(\(parameters))\n\(body)end"
    }

    // MARK: Pools

    /// A fresh slot of `pool` (`V[n]`), counted.
    mutating func newSlot(_ pool: String) -> String {
        let count = (pools[pool] ?? 0) + 1
        pools[pool] = count
        return "\(pool)[\(count)]"
    }

    /// A slot of `pool` already made (or, sometimes, one past the end: nil).
    mutating func slot(_ pool: String) -> String {
        let count = pools[pool] ?? 0
        return "\(pool)[\(rng.int(1...(count + (count == 0 || rng.chance(0.05) ? 1 : 0))))]"
    }

    /// A view: one of the pool, the scene's root, or (rarely) not a view.
    mutating func view() -> String {
        if (pools["V"] ?? 0) == 0 || rng.chance(0.08) { return rng.chance(0.9) ? "scene.view" : "(\(value()))" }
        return slot("V")
    }

    /// A layer: a view's, a stand-alone one, or (rarely) not a layer.
    mutating func layer() -> String {
        if (pools["L"] ?? 0) > 0 && rng.chance(0.3) { return slot("L") }
        if rng.chance(0.04) { return "(\(value()))" }
        return "\(view()).layer"
    }
}

/// One generated script.
public struct FuzzScript: Sendable, Equatable {
    public var seed: UInt64
    public var kind: ScriptGenerator.Kind
    public var source: String

    /// The file name it is run under: `choreo test` takes `*_test.lua` files only.
    public var fileName: String { kind == .test ? "fuzz_\(seed)_test.lua" : "fuzz_\(seed).lua" }
}
