import ChoreoCore
import Foundation
import Testing
@testable import ChoreoLua

@Suite("Lua: tests reach scenes (Scene.current, viewNamed, require and loadScene of scene files)")
struct SceneAccessBindingsTests {
    /// A scene file as users write them: it sets a scene up and returns nothing.
    private let sceneFile = """
        local scene = Scene.new{ width = 200, height = 100 }
        local card = View.new{ name = "card", frame = {0, 0, 100, 100} }
        card:addSubview(View.new{ name = "title", frame = {0, 0, 100, 20} })
        scene.view:addSubview(card)
        scene.view:addSubview(View.new{ name = "title", frame = {0, 50, 10, 10} })
        """

    @Test("Scene.current is nil until Scene.new, then the scene the engine drives; it cannot be set")
    func current() throws {
        let (host, results) = try runScript("""
            local before = Scene.current
            local scene = Scene.new{}
            Scene.new{}  -- a second scene: not the engine's
            capture(before == nil, Scene.current == scene, pcall(function() Scene.current = scene end))
            """)
        #expect(results[0] == .boolean(true) && results[1] == .boolean(true) && results[2] == .boolean(false))
        #expect(results[3].stringValue?.hasPrefix("scene.lua:4: Scene.current is read-only") == true)
        #expect(host.hasMadeScene)
    }

    @Test("viewNamed searches depth first, back to front, the receiver included, and gives nil when no view has the name")
    func viewNamed() throws {
        let (_, results) = try runScript(sceneFile + """

            local card = scene:viewNamed("card")
            capture(card.frame.width, scene:viewNamed("title").frame.width, card:viewNamed("card") == card,
                    card:viewNamed("title").superview == card, scene:viewNamed("nothing"), card:viewNamed("root"),
                    scene:viewNamed("root") == scene.view)
            """)
        // The card's own title (100 wide) comes before the root's later title (10 wide): depth first.
        #expect(results == [.number(100), .number(100), .boolean(true), .boolean(true), .nil, .nil, .boolean(true)])
    }

    @Test("require of a scene file that returns nothing gives the scene it made, once; other modules keep Lua's results")
    func requireScene() throws {
        let directory = try temporaryFolder([
            "flight.lua": sceneFile,
            "returns.lua": "Scene.new{}; return 42",
            "plain.lua": "local x = 1",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let host = try ScriptHost(scriptDirectory: directory)
        let (_, results) = try runScript("""
            local scene = require("flight")
            capture(tostring(scene), scene == Scene.current, scene:viewNamed("card") ~= nil, require("flight") == scene,
                    require("returns"), require("plain"))
            """, host: host)
        #expect(results == [.string("Scene(200×100)"), .boolean(true), .boolean(true), .boolean(true), .integer(42), .boolean(true)])
    }

    @Test("A module that requires itself, directly or through another, ends in an error that says so")
    func requireCycle() throws {
        let folder = try temporaryFolder(["a.lua": "local b = require('b')\nreturn {}", "b.lua": "local a = require('a')\nreturn {}"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let host = try ScriptHost(scriptDirectory: folder)
        let message = errorMessage { _ = try runScript("require('a')", host: host) }
        #expect(message?.contains("require: module '") == true, "\(message ?? "nil")")
        #expect(message?.contains("is required again while it loads (a require cycle?)") == true, "\(message ?? "nil")")
        #expect((message?.utf8.count ?? .max) < 1_000)
    }

    @Test("require and loadScene look in the scene's folder first, then in each allowed root")
    func searchPath() throws {
        let tests = try temporaryFolder(["helper.lua": "return 'beside'"])
        let examples = try temporaryFolder(["helper.lua": "return 'root'", "only.lua": "return 'only in the root'", "scene.lua": sceneFile])
        defer {
            try? FileManager.default.removeItem(atPath: tests)
            try? FileManager.default.removeItem(atPath: examples)
        }
        let host = try ScriptHost(scriptDirectory: tests, allowedRoots: [examples])
        let (_, results) = try runScript(
            "capture(require('helper'), require('only'), tostring(loadScene('scene.lua')))", host: host)
        #expect(results == [.string("beside"), .string("only in the root"), .string("Scene(200×100)")])

        let closed = try ScriptHost(scriptDirectory: tests)
        let message = errorMessage { _ = try runScript("loadScene('scene.lua')", host: closed) }
        #expect(message?.hasPrefix(
            "scene.lua:1: loadScene: cannot read scene.lua: not found in the scene's folder or the allowed roots") == true)
        #expect(errorMessage { _ = try runScript("require('only')", host: closed) }?.hasPrefix(
            "scene.lua:1: require: module 'only' not found (no only.lua in the scene's folder or the allowed roots)") == true)
        #expect(errorMessage { _ = try runScript("loadScene('/etc/hostname')", host: closed) }?.contains(
            "it is outside the scene's folder and the allowed roots") == true)
    }

    @Test("loadScene runs the file as choreo run does, from its own folder, and the engine then drives its scene")
    func loadScene() throws {
        let directory = try temporaryFolder([
            "examples/flight.lua": sceneFile + "\nlocal model = require('lib.model')\nscene:viewNamed('card').alpha = model.alpha",
            "examples/lib/model.lua": "return { alpha = 0.25 }",
            "examples/empty.lua": "local nothing = true",
            "examples/broken.lua": "Scene.new{}\n\nerror('the scene failed')",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let host = try ScriptHost(scriptDirectory: directory)
        let (_, results) = try runScript("""
            local mine = Scene.new{ width = 10, height = 10 }
            local scene = loadScene("examples/flight.lua")
            local again = loadScene("examples/flight.lua")
            capture(scene ~= mine, Scene.current == again, again ~= scene, scene:viewNamed("card").alpha)
            """, host: host)
        #expect(results == [.boolean(true), .boolean(true), .boolean(true), .number(0.25)])
        #expect(host.engine.scene.rootView.bounds.size == Size(width: 200, height: 100))

        #expect(errorMessage { _ = try runScript("loadScene('examples/empty.lua')", host: try ScriptHost(scriptDirectory: directory)) }?
            .hasPrefix("scene.lua:1: loadScene: examples/empty.lua made no Scene") == true)
        #expect(errorMessage { _ = try runScript("loadScene('examples/broken.lua')", host: try ScriptHost(scriptDirectory: directory)) }?
            .hasPrefix("examples/broken.lua:3: the scene failed") == true)
        let inBlock = errorMessage {
            _ = try runScript("""
                local box = View.new{}
                View.animate{ duration = 1, animations = function() loadScene('examples/flight.lua') end }
                """, host: try ScriptHost(scriptDirectory: directory))
        }
        #expect(inBlock?.contains("loadScene: cannot load a scene from inside an animations block") == true, "\(inBlock ?? "")")
    }
}
