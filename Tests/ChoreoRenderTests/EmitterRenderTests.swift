import Testing
@testable import ChoreoCore
import ChoreoRender

@Suite("Particles render the same whatever the frame rate")
struct EmitterRenderTests {
    @Test("An emitter advanced at 30 and at 60 frames per second draws the same pixels at 1.5 s")
    func frameRateIndependentPixels() throws {
        let golden = try #require(GoldenScene.emitterScenes.first)
        let a = try golden.makeScene(), b = try golden.makeScene()
        for frame in 1...45 { a.advance(to: MediaTime(Double(frame) / 30)) }
        for frame in 1...90 { b.advance(to: MediaTime(Double(frame) / 60)) }
        let renderer = try SceneRenderer(scale: 1)
        #expect(try renderer.render(a).premultipliedPixels == renderer.render(b).premultipliedPixels)
    }
}
