import Foundation
import Testing
@testable import ChoreoLua

@Suite("require from the module folder")
struct LuaModuleTests {
    @Test("Modules load from the folder, once, with dotted names")
    func modulesLoadAndCache() throws {
        let directory = try temporaryFolder([
            "lib/easing.lua": "count = (count or 0) + 1\nreturn { square = function(t) return t * t end }",
            "broken.lua": "return {",
            "fails.lua": "\nerror('module failed')",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let vm = LuaVM()
        vm.files = FileSandbox(sceneDirectory: directory)
        #expect(try vm.run(chunk: """
            local a = require('lib.easing')
            local b = require('lib/easing')
            return a.square(3), count, a == require('lib.easing')
            """, name: "scene.lua") == [9, 1, true])
        let broken = try #require(failure(of: "require('broken')", in: vm))
        #expect(broken.message.hasPrefix("scene.lua:1: require: module 'broken' did not compile: broken.lua:1:"))
        #expect(failure(of: "require('fails')", in: vm)?.message == "fails.lua:2: module failed")
        #expect(failure(of: "require('lib..easing')", in: vm)?.message.contains("bad module name 'lib..easing'") == true)
    }

    @Test("A symlink out of the folder is refused")
    func symlinkEscapeIsRefused() throws {
        let directory = try temporaryFolder(["ok.lua": "return 1"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory + "/escape.lua", withDestinationPath: "/etc/hostname")
        let vm = LuaVM()
        vm.files = FileSandbox(sceneDirectory: directory)
        #expect(failure(of: "require('escape')", in: vm)?.message.contains("cannot load module 'escape': cannot read escape.lua: it is outside the scene's folder and the allowed roots (see --allow-root)") == true)
        #expect(try vm.run(chunk: "return require('ok')", name: "s.lua") == [1])
    }
}
