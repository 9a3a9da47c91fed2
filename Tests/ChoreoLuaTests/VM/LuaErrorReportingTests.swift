import ChoreoCore
import Testing
@testable import ChoreoLua

@Suite("Errors that cross the Lua boundary")
struct LuaErrorReportingTests {
    @Test("A script error reports file:line and a traceback")
    func runtimeErrorHasPositionAndTraceback() throws {
        let vm = LuaVM()
        let error = try #require(failure(of: """
            local function inner() error("boom") end
            local function outer() inner() end
            outer()
            """, in: vm))
        guard case .runtime(let message, let traceback) = error else { Issue.record("got \(error)"); return }
        #expect(message == "scene.lua:1: boom")
        #expect(traceback.hasPrefix("stack traceback:"))
        #expect(traceback.contains("scene.lua:1: in"))
        #expect(traceback.contains("scene.lua:3: in main chunk"))
        #expect(error.description == message + "\n" + traceback)
    }

    @Test("A syntax error names the file and line")
    func syntaxError() throws {
        let error = try #require(failure(of: "local x = 1\nlocal = 2", in: LuaVM()))
        guard case .syntax(let message) = error else { Issue.record("got \(error)"); return }
        #expect(message.hasPrefix("scene.lua:2:"))
    }

    @Test("A non-string error object gets the position of the line that raised it")
    func tableErrorGetsPosition() throws {
        let error = try #require(failure(of: "\n error({})", in: LuaVM()))
        #expect(error.message == "scene.lua:2: (error object is a table value)")
        let described = try #require(failure(of: "error(setmetatable({}, {__tostring = function() return 'custom' end}))", in: LuaVM()))
        #expect(described.message == "scene.lua:1: custom")
    }

    @Test("A chunk returns its values")
    func chunkResults() throws {
        let results = try LuaVM().run(chunk: "return 1, 2.5, 'three', true, nil", name: "r.lua")
        #expect(results == [1, 2.5, "three", true, nil])
    }

    @Test("A Swift host function that throws raises a Lua error with file:line and the call's name")
    func hostErrorBecomesLuaError() throws {
        let vm = LuaVM()
        vm.registerGlobal("View", functions: [
            "animate": { call in
                let options = try call.table(at: 1)
                let duration = try options.number("duration")
                guard duration >= 0 else {
                    throw ArgumentError(parameter: "duration", requirement: "must be a finite number ≥ 0", value: duration)
                }
                return 0
            },
        ])
        let error = try #require(failure(of: "\n\nView.animate{ duration = -1 }", in: vm))
        #expect(error.message == "scene.lua:3: View.animate: duration must be a finite number ≥ 0 (got -1)")
        #expect(error.traceback.contains("scene.lua:3: in main chunk"))
        let typeError = try #require(failure(of: "View.animate{ duration = 'slow' }", in: vm))
        #expect(typeError.message == "scene.lua:1: bad argument #1 to 'View.animate' (field 'duration': number expected, got string)")
    }

    @Test("An unknown key in a table is named with the valid ones, the same for a table argument and a kept table")
    func unknownKeys() throws {
        let vm = LuaVM()
        let allowed = ["duration", "delay"]
        vm.registerGlobal("View", functions: [
            "animate": { call in
                try call.table(at: 1).checkKeys(allowed: allowed, of: "option")
                return 0
            },
            "animateKept": { call in
                try call.value(at: 1).tableValue?.checkKeys(allowed: allowed, of: "option")
                return 0
            },
        ])
        #expect(try vm.run(chunk: "View.animate{ duration = 1, delay = 0 } View.animateKept{ delay = 2 } return 'ok'",
                           name: "ok.lua") == ["ok"])
        #expect(failure(of: "\nView.animate{ duration = 1, speed = 2 }", in: vm)?.message
            == "scene.lua:2: View.animate: unknown option 'speed' (valid: duration, delay)")
        #expect(failure(of: "View.animateKept{ speed = 2 }", in: vm)?.message
            == "scene.lua:1: View.animateKept: unknown option 'speed' (valid: duration, delay)")
        #expect(failure(of: "View.animate{ 1 }", in: vm)?.message
            == "scene.lua:1: View.animate: unknown option '[1]' (valid: duration, delay)")
    }

    @Test("Keys checked in one scan read as the Swift check does: the given names found, the first unknown key named")
    func scannedKeys() throws {
        let vm = LuaVM()
        // Two names of one length, a long one, and a name with a byte beyond ASCII.
        let keys = LuaKeyNames(["delay", "curve", "initialSpringVelocityOfTheBlockInPointsPerSecond", "durée"])
        var seen: [[Bool]] = []
        vm.registerGlobal("View", functions: [
            "animate": { call in
                let table = try call.table(at: 1).checkingKeys(allowed: keys, of: "option")
                seen.append(keys.names.map { table.holds(.name($0)) })
                return 0
            },
        ])
        _ = try vm.run(chunk: """
            View.animate{}
            View.animate{ curve = 'linear' }
            View.animate{ delay = 1, initialSpringVelocityOfTheBlockInPointsPerSecond = 2, ['durée'] = 3 }
            View.animate{ delay = nil, curve = false }
            View.animate{ [true] = 1, [2.5] = 1, delay = 1 }
            """, name: "ok.lua")
        // Keys that are neither names nor positions are skipped, as `checkKeys` skips them.
        #expect(seen == [
            [false, false, false, false], [false, true, false, false], [true, false, true, true], [false, true, false, false],
            [true, false, false, false],
        ])
        let valid = "(valid: delay, curve, initialSpringVelocityOfTheBlockInPointsPerSecond, durée)"
        #expect(failure(of: "View.animate{ delay = 1, curv = 2 }", in: vm)?.message
            == "scene.lua:1: View.animate: unknown option 'curv' \(valid)")
        #expect(failure(of: "View.animate{ curves = 2 }", in: vm)?.message
            == "scene.lua:1: View.animate: unknown option 'curves' \(valid)")
        #expect(failure(of: "View.animate{ 'delay' }", in: vm)?.message
            == "scene.lua:1: View.animate: unknown option '[1]' \(valid)")
        #expect(position(of: "curve", in: keys) == 1)
        #expect(position(of: "curves", in: keys) == nil)
        // A list with a missing name (a field without an alias) keeps its positions.
        let aliases = LuaKeyNames(optional: ["w", nil, "h"])
        #expect(aliases.names == ["w", "h"] && aliases.count == 3)
        #expect(position(of: "h", in: aliases) == 2 && position(of: "w", in: aliases) == 0)
    }

    private func position(of name: String, in keys: LuaKeyNames) -> Int? { keys.position(of: name) }

    @Test("A scan of more than 64 names finds each given one in its own word, and a subset counts the given names by bits")
    func scannedKeysPastOneWord() throws {
        let vm = LuaVM()
        let names = (0..<150).map { "key\($0)" }
        let keys = LuaKeyNames(names), few = LuaKeyNames(Array(names[0..<64]))
        let pair = LuaKeySubset(["key40", "key3"], of: few)
        let unscanned = LuaKeySubset(["key40", "key3"])
        var held: [[Int]] = []
        var counts: [[Int]] = []
        var firsts: [[String?]] = []
        vm.registerGlobal("View", functions: [
            "new": { call in
                let table = try call.table(at: 1)
                let scan = try table.scanKeys(keys, of: "property")
                held.append(names.indices.filter { scan.holds(position: $0) })
                return 0
            },
            "animate": { call in
                let table = try call.table(at: 1)
                let checked = try table.checkingKeys(allowed: few, of: "option")
                counts.append([checked.countHeld(pair), table.countHeld(unscanned)])
                firsts.append([checked.firstHeld(pair), table.firstHeld(unscanned)])
                return 0
            },
        ])
        _ = try vm.run(chunk: """
            View.new{}
            View.new{ key0 = 1, key63 = 1, key64 = 1, key127 = 1, key128 = 1, key149 = 1 }
            View.new{ key70 = 1 }
            View.animate{}
            View.animate{ key3 = 1 }
            View.animate{ key3 = 1, key40 = 1, key63 = 1 }
            """, name: "ok.lua")
        #expect(held == [[], [0, 63, 64, 127, 128, 149], [70]])
        // By bits or by lookups, the same count and the same first name (in the subset's order).
        #expect(counts == [[0, 0], [1, 1], [2, 2]])
        #expect(firsts == [[nil, nil], ["key3", "key3"], ["key40", "key40"]])
        #expect(failure(of: "View.new{ key150 = 1 }", in: vm)?.message.contains("unknown property 'key150'") == true)
        #expect(failure(of: "View.animate{ key64 = 1 }", in: vm)?.message.contains("unknown option 'key64'") == true)
    }

    @Test("Wrong argument types name the call, the argument and both types")
    func argumentMessages() throws {
        let vm = LuaVM()
        vm.registerGlobal("after") { call in
            _ = try call.number(at: 1)
            _ = try call.function(at: 2, name: "action")
            return 0
        }
        #expect(failure(of: "after(1, 'x')", in: vm)?.message
            == "scene.lua:1: bad argument #2 to 'after' (action: function expected, got string)")
        #expect(failure(of: "after('soon', print)", in: vm)?.message
            == "scene.lua:1: bad argument #1 to 'after' (number expected, got string)")
        #expect(failure(of: "after()", in: vm)?.message
            == "scene.lua:1: bad argument #1 to 'after' (number expected, got no value)")
        #expect(try vm.run(chunk: "after(1, print) return 'ok'", name: "ok.lua") == ["ok"])
    }

    @Test("A throwing host function leaks nothing: every object it held is released")
    func throwingHostFunctionLeaksNothing() throws {
        let counter = LiveCounter()
        do {
            let vm = vmWithBoxes()
            vm.registerGlobal("explode") { call in
                let held = Tracked(counter)
                call.push(object: held)  // pushed, then discarded by the error
                throw LuaCallError("explode: always fails (holding \(held.size))")
            }
            let results = try vm.run(chunk: """
                local failures = 0
                for i = 1, 1000 do
                  if not pcall(explode) then failures = failures + 1 end
                end
                return failures
                """, name: "leak.lua")
            #expect(results == [1000])
            vm.collectGarbage()
            #expect(counter.live == 0)
            _ = try? vm.run(chunk: "explode()", name: "leak.lua")
        }
        #expect(counter.live == 0)
    }

    @Test("Each host function call leaves the Lua stack where it was")
    func stackIsBalanced() throws {
        let vm = vmWithBoxes()
        var tops: [(Int, Int)] = []
        let counter = LiveCounter()
        vm.registerGlobal("probe") { call in
            let before = call.stackTop
            let options = try call.table(at: 1)
            _ = try options.number("x")
            _ = try options.optionalString("label")
            _ = try options.withTable("frame") { frame in try frame.number(1) + frame.number(2) }
            _ = options.keys
            _ = try? options.number("label")  // a failed read is balanced too
            _ = try call.optionalObject(at: 2, as: Tracked.self)
            tops.append((before, call.stackTop))
            call.pushNewTable { table in
                table.set("answer", 42)
                table.setTable("point") { point in point.append(1.0); point.append(2.0) }
            }
            return 1
        }
        vm.registerGlobal("make") { call in
            call.push(object: Tracked(counter))
            return 1
        }
        let before = vm.stackTop
        let results = try vm.run(chunk: """
            local box = make()
            local r = probe({ x = 1, label = 'a', frame = {1, 2} }, box)
            box:grow(1); box.size = box.size + 1
            return r.answer, r.point[2], tostring(box)
            """, name: "stack.lua")
        #expect(results == [42, 2.0, "Box(3.0)"])
        #expect(vm.stackTop == before)
        #expect(tops.count == 1 && tops.allSatisfy { $0.0 == $0.1 })
        let function = try #require(try vm.run(chunk: "return function(a, b) return a + b end", name: "f.lua")[0].functionValue)
        for _ in 0..<100 { _ = try vm.call(function, [1, 2]) }
        _ = try? vm.call(function, ["x", 2])
        #expect(vm.stackTop == before)
    }
}
