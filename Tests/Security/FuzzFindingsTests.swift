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

    @Test("render draws the scene's size even when the script makes the root view huge before the first frame")
    func renderHugeRootBeforeFirstFrame() throws {
        // Found by seed 1: `render: the image would be 330×5000000000 pixels` with no file:line.
        // The screen is Scene.new's size; the root view's bounds change what is drawn, not the image.
        let path = try HostileRun.scene("""
            local scene = Scene.new{ width = 200, height = 100 }
            scene.view.bounds = {0, 0, 330, 5e9}
            return scene
            """)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let run = try HostileRun.choreo(["render", path, "--duration", "0.5", "--fps", "4", "--out", "out"], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(!run.hung && !run.crashed)
        let png = try Data(contentsOf: folder.appendingPathComponent("out/frame-0000.png"))
        // the PNG header's IHDR: width and height, big-endian, at bytes 16...23
        #expect(png[16..<20].reduce(0) { $0 << 8 | UInt32($1) } == 200)  // 200 points at the default scale 1
        #expect(png[20..<24].reduce(0) { $0 << 8 | UInt32($1) } == 100)
    }

    @Test("A contact sheet of a very tall, narrow scene fits a canvas: thumbnails are at most four widths tall")
    func contactSheetOfATallScene() throws {
        // Found by seed 2, script 431: `render: the image size must be within 1...16384 pixels a
        // side (got 780×23120)`: an 11×766-point scene gave 180×12,500-pixel thumbnails.
        let path = try HostileRun.scene("""
            local scene = Scene.new{ width = 11, height = 766.52 }
            View.animate{ duration = 2, animations = function() scene.view.backgroundColor = "red" end }
            return scene
            """)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let run = try HostileRun.choreo(["render", path, "--duration", "2", "--fps", "4", "--out", "out"], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(!run.hung && !run.crashed)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/scene-sheet.png").path))
    }
}
