import Testing
@testable import ChoreoCore
import ChoreoRender

/// Golden images of every content kind and transition at progress 0, 0.25, 0.5, 0.75 and 1
/// (re-record with CHOREO_RECORD_GOLDENS=1; see `Goldens`).
@Suite("Golden images")
struct GoldenImageTests {
    @Test("Every content kind and transition renders as its golden images at five progress points",
          arguments: GoldenScene.all)
    func rendersLikeGoldens(_ golden: GoldenScene) throws {
        let scene = try golden.makeScene()
        let renderer = try SceneRenderer(scale: golden.scale)
        for progress in GoldenScene.progressPoints {
            scene.advance(to: MediaTime(progress))
            let canvas = try renderer.render(scene)
            if let failure = try Goldens.check(canvas, golden.goldenName(at: progress)) { Issue.record("\(failure)") }
        }
    }

    @Test("Every golden image on disk belongs to a test (an orphan fails)")
    func noOrphanedGoldens() {
        let known = Set(GoldenScene.all.flatMap(\.goldenNames))
        let orphans = Goldens.filesOnDisk().filter { !known.contains($0) }
        #expect(orphans.isEmpty, "golden images without a test: \(orphans.joined(separator: ", ")); delete them")
        #expect(Goldens.filesOnDisk().count >= known.count || Goldens.isRecording, "goldens missing; record with CHOREO_RECORD_GOLDENS=1")
    }

    @Test("The same scene at the same time gives the same pixels")
    func deterministic() throws {
        for golden in GoldenScene.all {
            let a = try golden.makeScene(), b = try golden.makeScene()
            a.advance(to: 0.4)
            b.advance(to: 0.4)
            let renderer = try SceneRenderer(scale: golden.scale)
            #expect(try renderer.render(a).premultipliedPixels == SceneRenderer(scale: golden.scale).render(b).premultipliedPixels,
                    "\(golden.name)")
        }
    }
}
