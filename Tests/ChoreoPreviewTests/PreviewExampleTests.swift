import ChoreoCore
import ChoreoLua
import ChoreoRender
import ChoreoRuntime
import Foundation
import Testing
@testable import ChoreoPreview

/// The repository's root (Scripts/Examples lives there).
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

@Suite("Preview controller: the shipped examples")
struct PreviewExampleTests {
    @Test("A shipped example previews: played, stepped back and reloaded, its frame at 1.25 s is render's", arguments: [
        "flight-info", "spinner",
    ])
    func example(name: String) throws {
        let path = packageRoot + "/Scripts/Examples/\(name).lua"
        let configuration = ScriptConfiguration(scenePath: path)
        let preview = try PreviewController(configuration: configuration)
        #expect(preview.status == .ok)
        let start = MonotonicClock()
        try displayTicks(90) { preview.tick($0) }  // 1.5 s
        try preview.perform(.step(frames: -15))    // back to 1.25 s: a replay
        preview.reload()
        let seconds = start.now
        #expect(preview.time == 1.25 && preview.isPaused && preview.status == .ok)

        let renderer = try SceneRenderer()
        let host = try configuration.makeHost()
        try host.run(fileAt: path)
        var expected: Canvas?
        var size: Size?
        host.engine.addFrameSink { frame in
            size = size ?? frame.scene.screenSize ?? frame.scene.rootLayer.presentation.bounds.size
            if frame.number == 75 { expected = try renderer.render(frame.scene.rootLayer, size: size!) }
        }
        try host.engine.run(until: .time(1.25), fps: 60)
        let canvas = try renderer.render(try #require(preview.scene).rootLayer, size: try #require(preview.canvasSize))
        #expect(ImageComparison(tolerance: 0).difference(try #require(expected), canvas) == nil)
        #expect(seconds < 60, "90 ticks, a replay and a reload took \(seconds) s")
    }
}
