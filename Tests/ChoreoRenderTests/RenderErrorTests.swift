import Testing
@testable import ChoreoCore
@testable import ChoreoRender

@Suite("Rendering errors")
struct RenderErrorTests {
    @Test("A zero, negative or non-finite scale is refused with the value")
    func badScale() {
        for scale in [0.0, -1, .nan, .infinity, 17] {
            #expect(throws: RenderError.self) { _ = try SceneRenderer(scale: scale) }
        }
        #expect(throws: RenderError.invalidSize("the scale must be a number within 0.01...16 (got -2)")) {
            _ = try SceneRenderer(scale: -2)
        }
    }

    @Test("A scene of zero or negative size is refused")
    func badSize() throws {
        let renderer = try SceneRenderer()
        let scene = Scene()
        scene.rootView.frame = Rect(x: 0, y: 0, width: 0, height: 10)
        #expect(throws: RenderError.invalidSize("the scene size must be positive (got 0×10)")) { _ = try renderer.render(scene) }
        #expect(throws: RenderError.self) { _ = try Canvas(width: -3, height: 4) }
        #expect(throws: RenderError.self) { _ = try SceneRenderer(scale: 16).pixelSize(of: Size(width: 2000, height: 10)) }
    }

    @Test("A missing image file is an error naming the file")
    func missingImage() throws {
        let scene = Scene()
        scene.rootView.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        scene.rootView.addSubview(View(name: "i", frame: Rect(x: 0, y: 0, width: 10, height: 10),
                                       content: .image(ImageContent(path: "/tmp/no-such-choreo-image.png"))))
        #expect(throws: RenderError.unreadableImage(path: "/tmp/no-such-choreo-image.png", reason: "no such file")) {
            _ = try SceneRenderer().render(scene)
        }
    }

    @Test("Writing a PNG into a missing folder is an error naming the file")
    func unwritablePNG() throws {
        let canvas = try Canvas(width: 2, height: 2)
        #expect(throws: RenderError.self) { try canvas.writePNG(to: "/nonexistent-dir/frame.png") }
    }
}
