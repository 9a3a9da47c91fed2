import ChoreoCore
import Foundation
import Testing
@testable import ChoreoLua
import ChoreoTestSupport

@Suite("Lua: labels, images, shapes and blurs")
struct ViewContentBindingsTests {
    @Test("A Label's text properties round-trip")
    func label() throws {
        let (host, results) = try runScript("""
            title = Label.new{ name = "title", text = "Bahama Air", fontSize = 28, fontWeight = "bold",
                               textColor = "white", textAlignment = "center" }
            Scene.new{}.view:addSubview(title)
            title.textColor.alpha = 0.5
            capture(title.text, title.fontSize, title.fontWeight, title.textAlignment, title.alignment,
                    title.textColor.alpha, tostring(title), title.layer.text)
            """)
        #expect(plain(results) == plain(["Bahama Air", 28.0, "bold", "center", "center", 0.5, "Label(title)", "Bahama Air"]))
        let title = try #require(findView("title", in: host))
        #expect(title.layer.content == .text(TextContent(
            text: "Bahama Air", fontSize: 28, fontWeight: .bold, textColor: Color(red: 1, green: 1, blue: 1, alpha: 0.5),
            alignment: .center)))
    }

    @Test("An ImageView resolves its image against the script's folder and checks it is a PNG")
    func imageView() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/assets", withIntermediateDirectories: true)
        // The signature, then the IHDR chunk's length, type, width (2) and height (3).
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0, 2, 0, 0, 0, 3]
        try Data(png).write(to: URL(fileURLWithPath: directory + "/assets/cloud.png"))
        try Data("not an image".utf8).write(to: URL(fileURLWithPath: directory + "/fake.png"))
        let host = try ScriptHost(scriptDirectory: directory)
        let (_, results) = try runScript("""
            cloud = ImageView.new{ name = "cloud", image = "assets/cloud.png" }
            Scene.new{}.view:addSubview(cloud)
            capture(cloud.image, ImageView.new{}.image)
            """, host: host)
        #expect(results == [.string(directory + "/assets/cloud.png"), nil])
        #expect(findView("cloud", in: host)?.layer.content == .image(ImageContent(path: directory + "/assets/cloud.png")))
        #expect(errorMessage { try host.run(source: "ImageView.new{ image = 'assets/missing.png' }", chunkName: "scene.lua") }
            == "scene.lua:1: ImageView.new: image must name a readable PNG file (got \"assets/missing.png\": No such file or directory)")
        #expect(errorMessage { try host.run(source: "cloud.image = 'fake.png'", chunkName: "scene.lua") }
            == "scene.lua:1: View.image: image must be a PNG file (got \"fake.png\", which does not start with the PNG signature)")
        #expect(errorMessage { try host.run(source: "ImageView.new{ image = 'assets' }", chunkName: "scene.lua") }
            == "scene.lua:1: ImageView.new: image must name a readable PNG file (got \"assets\": it is a folder, not a regular file)")
    }

    @Test("A ShapeView's path is an array of commands, read back in the same form")
    func shapeView() throws {
        let (host, results) = try runScript("""
            shape = ShapeView.new{ name = "shape", strokeColor = "white", lineWidth = 2, strokeEnd = 0, path = {
              {"move", 0, 0}, {"line", 100, 0}, {"quad", 150, 50, 100, 100},
              {"curve", 50, 150, 0, 150, 0, 100}, {"close"} } }
            Scene.new{}.view:addSubview(shape)
            local p = shape.path
            capture(#p, p[3][1], p[3][2], p[4][7], #p[5], shape.lineWidth, shape.strokeEnd, shape.fillColor,
                    shape.strokeColor.hex, #Path.ellipse{0, 0, 10, 10}, #Path.roundedRect({0, 0, 10, 10}, 2))
            shape.fillColor = "red"; shape.strokeColor = nil
            shape.path = shape.path
            """)
        #expect(plain(results) == plain([5, "quad", 150.0, 100.0, 1, 2.0, 0.0, nil, "#ffffffff", 6, 10]))
        let shape = try #require(findView("shape", in: host))
        var path = BezierPath()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 100, y: 0))
        path.addQuadCurve(to: Point(x: 100, y: 100), control: Point(x: 150, y: 50))
        path.addCurve(to: Point(x: 0, y: 100), control1: Point(x: 50, y: 150), control2: Point(x: 0, y: 150))
        path.closeSubpath()
        #expect(shape.layer.content == .shape(ShapeContent()))
        #expect(shape.layer.model.shape.path == path)
        #expect(shape.layer.model.shape.fillColor == Color(red: 1, green: 0, blue: 0))
        #expect(shape.layer.model.shape.strokeColor == nil)
        #expect(shape.layer.model.shape.lineWidth == 2)
        #expect(shape.layer.model.strokeEnd == 0)
    }

    @Test("Bad paths are rejected with the element's Lua position")
    func badPaths() throws {
        func message(_ path: String) -> String? {
            errorMessage { _ = try runScript("ShapeView.new{ path = \(path) }") }
        }
        #expect(message("5") == "scene.lua:1: ShapeView.new: path must be an array of commands such as {\"move\", x, y} (got a number)")
        #expect(message("{{'line', 0, 0}}") == "scene.lua:1: ShapeView.new: path[1] must be a move, since a path starts with one (got a line)")
        #expect(message("{{'move', 0}}") == "scene.lua:1: ShapeView.new: path[1] must be {\"move\", x, y} (got 1 number)")
        #expect(message("{{'move', 0, 0}, {'arc', 1}}")
            == "scene.lua:1: ShapeView.new: path[2][1] must be one of \"move\", \"line\", \"quad\", \"curve\", \"close\" (got \"arc\")")
        #expect(message("{{'move', 0, 'a'}}") == "scene.lua:1: ShapeView.new: path[1][3] must be a number (got the string \"a\")")
        #expect(message("{{'move', 0, 0}, {'line', 1, 0/0}}") == "scene.lua:1: ShapeView.new: path[2].to.y must be a finite number (got nan)")
        #expect(message("{{'move', 0, 0}, 'close'}")
            == "scene.lua:1: ShapeView.new: path[2] must be a command such as {\"line\", x, y} (got the string \"close\")")
    }

    @Test("A BlurView has a blur radius; content properties of another kind are errors naming both kinds")
    func blurAndKinds() throws {
        let (host, results) = try runScript("""
            blur = BlurView.new{ name = "blur", blurRadius = 8 }
            Scene.new{}.view:addSubview(blur)
            capture(blur.blurRadius, blur.layer.blurRadius, tostring(blur))
            """)
        #expect(plain(results) == plain([8.0, 8.0, "BlurView(blur)"]))
        let blur = try #require(findView("blur", in: host))
        #expect(blur.layer.content == .blur && blur.layer.model.blurRadius == 8)
        #expect(errorMessage { try host.run(source: "local t = View.new{}.text", chunkName: "scene.lua") }
            == "scene.lua:1: View.text: only a Label has text (this is a View)")
        #expect(errorMessage { try host.run(source: "Label.new{}.path = {}", chunkName: "scene.lua") }
            == "scene.lua:1: View.path: only a ShapeView has path (this is a Label)")
        #expect(errorMessage { try host.run(source: "local r = View.new{}.blurRadius", chunkName: "scene.lua") }
            == "scene.lua:1: View.blurRadius: only a BlurView has blurRadius (this is a View)")
        #expect(errorMessage { try host.run(source: "local i = Layer.new{}.image", chunkName: "scene.lua") }
            == "scene.lua:1: Layer.image: only an image layer has image (this is a plain layer)")
        #expect(errorMessage { try host.run(source: "Layer.new{ text = 'a', path = {} }", chunkName: "scene.lua") }
            == "scene.lua:1: Layer.new: keys of a text layer and shape layer are mixed (a layer draws one kind of content)")
    }
}

/// A fresh folder (`ScratchDirectory`).
func temporaryDirectory() throws -> String { try ScratchDirectory.make("choreo-views").path }
