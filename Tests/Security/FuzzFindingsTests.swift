import Foundation
import Testing

/// Findings of the fuzzer (Scripts/fuzz.sh) that belong to no other class of issue 15, each
/// reduced to its smallest script and fixed.
@Suite("Security: fuzzer findings")
struct FuzzFindingsTests {
    @Test("render keeps the first frame's size when a script resizes the root view mid-run (the GIF and the sheet need one size)")
    func renderResizedRoot() throws {
        // Found by seed 3, script 152: `render: GIF frames must all be 188×334 (got 164×184)`,
        // an error with no file:line for a scene that did nothing wrong.
        let path = try HostileRun.scene("""
            local scene = Scene.new{ width = 200, height = 100 }
            after(0.5, function() scene.view.bounds = {0, 0, 60, 300} end)
            View.animate{ duration = 1, animations = function() scene.view.bounds = {0, 0, 50, 40} end }
            return scene
            """)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let run = try HostileRun.choreo(["render", path, "--duration", "1", "--fps", "4", "--out", "out"], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(!run.hung && !run.crashed)
        #expect(run.seconds < 20)
        for file in ["scene.gif", "scene-sheet.png", "frame-0004.png"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/" + file).path), "\(file)")
        }
    }
}
