import Testing
@testable import ChoreoLua

@Suite("The sandbox, attacked")
struct LuaSandboxTests {
    @Test("io, os, debug, package, dofile, loadfile, collectgarbage and string.dump are absent")
    func dangerousNamesAreNil() throws {
        let results = try LuaVM().run(chunk: """
            return io, os, debug, package, dofile, loadfile, collectgarbage, string.dump, warn
            """, name: "names.lua")
        #expect(results == Array(repeating: LuaValue.nil, count: 9))
    }

    @Test("Only the allowlisted libraries are there")
    func allowedLibraries() throws {
        let results = try LuaVM().run(chunk: """
            return type(table.insert), type(string.format), type(math.floor), type(utf8.char),
                   type(coroutine.wrap), type(pcall), type(require), type(load)
            """, name: "libs.lua")
        #expect(results == Array(repeating: LuaValue.string("function"), count: 8))
    }

    @Test("load refuses binary chunks even when asked for mode 'b'")
    func binaryChunksAreRejected() throws {
        let results = try LuaVM().run(chunk: """
            local f, err = load("\\27Lua\\84\\0", "x", "b")
            local g, err2 = load(function() return nil end, "=empty", "bt", {})
            return f, err, type(g)
            """, name: "binary.lua")
        #expect(results[0] == .nil)
        #expect(results[1].stringValue?.contains("attempt to load a binary chunk") == true)
        #expect(results[2] == "function")
        #expect(try LuaVM().run(chunk: "return load('return 1 + 1')()", name: "text.lua") == [2])
    }

    @Test("setmetatable with a __gc field is rejected, with the script's line")
    func gcMetamethodsAreRejected() throws {
        let vm = LuaVM()
        let error = try #require(failure(of: "local t = {}\nsetmetatable(t, { __gc = function() end })", in: vm))
        #expect(error.message == "scene.lua:2: setmetatable: __gc metamethods are not allowed in scenes")
        #expect(failure(of: "setmetatable({}, { __gc = false })", in: vm) != nil)
        #expect(try vm.run(chunk: "return getmetatable(setmetatable({}, { __index = {} })) ~= nil", name: "ok.lua") == [true])
        #expect(try vm.run(chunk: "return getmetatable('')", name: "locked.lua") == ["locked"])
    }

    @Test("require rejects parent paths, absolute paths and missing modules, naming the module")
    func requireAttacks() throws {
        let vm = LuaVM()
        #expect(failure(of: "require('../x')", in: vm)?.message.contains("bad module name '../x'") == true)
        #expect(failure(of: "require('/etc/passwd')", in: vm)?.message.contains("bad module name '/etc/passwd'") == true)
        let noFolder = try #require(failure(of: "\nrequire('missing')", in: vm))
        #expect(noFolder.message.hasPrefix("scene.lua:2: require: cannot load module 'missing'"))
        vm.files = FileSandbox(sceneDirectory: "/tmp")
        #expect(failure(of: "require('choreo_surely_missing_module')", in: vm)?.message
            .contains("module 'choreo_surely_missing_module' not found") == true)
        #expect(failure(of: "require(42)", in: vm) != nil)
    }

    @Test("A metatable on _G cannot trick host functions; rawset on _G is fine")
    func globalTableTricks() throws {
        let vm = LuaVM()
        var printed: [String] = []
        vm.printHandler = { printed.append($0) }
        vm.registerGlobal("Host", functions: ["double": { call in call.push(try call.number(at: 1) * 2); return 1 }])
        let results = try vm.run(chunk: """
            local Host, print, require, pcall = Host, print, require, pcall
            setmetatable(_G, { __index = function() error("trap") end,
                               __newindex = function() error("trap") end })
            rawset(_G, "extra", 1)
            print("still", "printing")
            local ok = pcall(require, "nothing")
            return Host.double(21), rawget(_G, "extra"), ok
            """, name: "trick.lua")
        #expect(results == [42.0, 1, false])
        #expect(printed == ["still\tprinting"])
        vm.registerGlobal("Late") { call in call.push("late"); return 1 }  // raw sets: no trap
        #expect(try vm.run(chunk: "return rawget(_G, 'Late')()", name: "late.lua") == ["late"])
    }

    @Test("math.random gives the same sequence in two VMs; randomseed needs an explicit seed")
    func randomIsDeterministic() throws {
        let chunk = "local t = {} for i = 1, 5 do t[i] = math.random(1, 1000000) end return table.concat(t, ',')"
        let first = try LuaVM().run(chunk: chunk, name: "r.lua")
        let second = try LuaVM().run(chunk: chunk, name: "r.lua")
        #expect(first == second)
        let reseeded = try LuaVM().run(chunk: "math.randomseed(7) local a = math.random() math.randomseed(7) return a == math.random()", name: "s.lua")
        #expect(reseeded == [true])
        #expect(failure(of: "math.randomseed()", in: LuaVM())?.message
            == "scene.lua:1: math.randomseed: give an explicit seed (scenes are deterministic)")
    }

    @Test("print goes to the handler, through tostring and joined by tabs")
    func printGoesToTheHandler() throws {
        let vm = vmWithBoxes()
        var lines: [String] = []
        vm.printHandler = { lines.append($0) }
        let counter = LiveCounter()
        vm.registerGlobal("make") { call in call.push(object: Tracked(counter)); return 1 }
        try vm.run(chunk: "print('a', 1, 2.5, nil, true) print() print(make())", name: "p.lua")
        #expect(lines == ["a\t1\t2.5\tnil\ttrue", "", "Box(1.0)"])
    }

    @Test("Library loops that run in C are bounded")
    func cLoopsAreBounded() throws {
        let vm = LuaVM()
        #expect(try vm.run(chunk: "return #string.rep('', math.maxinteger)", name: "rep.lua") == [0])
        #expect(failure(of: "table.move({}, 1, math.maxinteger, 2)", in: vm)?.message.contains("too many elements") == true)
        #expect(failure(of: "table.insert(setmetatable({}, {__len = function() return 1 << 50 end}), 1, 0)", in: vm)?
            .message.contains("too many elements") == true)
        #expect(try vm.run(chunk: "local t = {1, 2, 3} table.insert(t, 1, 0) table.remove(t) return #t, t[1]", name: "ok.lua") == [3, 0])
    }
}
