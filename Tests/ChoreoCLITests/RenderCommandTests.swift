import Foundation
import Testing
import ChoreoTestSupport

@Suite("choreo render", .serialized)
struct RenderCommandTests {
    static let scene = """
        local scene = Scene.new{ width = 60, height = 40, backgroundColor = "white" }
        local box = View.new{ name = "box", frame = {0, 10, 20, 20}, backgroundColor = "orange", cornerRadius = 4 }
        scene.view:addSubview(box)
        View.animate{ duration = 1, options = {"curveLinear"}, animations = function() box.center.x = 50 end }
        """

    func folder() throws -> String {
        try ScratchDirectory.path("choreo-render")
    }

    @Test("It writes a PNG per frame, a contact sheet and a GIF, and prints their paths")
    func writesEverything() throws {
        let script = try ChoreoCommand.script(Self.scene, name: "box.lua")
        let out = try folder()
        let result = try ChoreoCommand.run(["render", script, "--out", out, "--fps", "10", "--scale", "2"])
        #expect(result.status == 0, "\(result.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files.filter { $0.hasPrefix("frame-") }.count == 11)          // 0, 0.1, ..., 1.0 s
        #expect(files.contains("box.gif") && files.contains("box-sheet.png") && files.contains("frame-0010.png"))
        #expect(result.output == """
            11 frames: \(out)/frame-0000.png…
            contact sheet: \(out)/box-sheet.png
            GIF (11 frames): \(out)/box.gif

            """)
        #expect(result.errors.isEmpty)   // no progress bar when standard error is not a terminal
    }

    @Test("--from and --to choose the frames; two runs give byte-identical files")
    func rangeAndDeterminism() throws {
        let script = try ChoreoCommand.script(Self.scene)
        let (a, b) = (try folder(), try folder())
        for out in [a, b] {
            let result = try ChoreoCommand.run(["render", script, "--out", out, "--fps", "20", "--from", "0.5", "--to", "0.75", "--format", "png"])
            #expect(result.status == 0, "\(result.errors)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: a).sorted()
        #expect(files == ["frame-0000.png", "frame-0001.png", "frame-0002.png", "frame-0003.png", "frame-0004.png", "frame-0005.png"])
        for file in files {
            #expect(FileManager.default.contents(atPath: "\(a)/\(file)") == FileManager.default.contents(atPath: "\(b)/\(file)"))
        }
    }

    @Test("--timeline adds the strip of the scene's animations")
    func timeline() throws {
        let script = try ChoreoCommand.script(Self.scene, name: "box.lua")
        let out = try folder()
        let result = try ChoreoCommand.run(["render", script, "--out", out, "--fps", "10", "--format", "sheet", "--timeline"])
        #expect(result.status == 0)
        #expect(result.output == "contact sheet: \(out)/box-sheet.png\ntimeline: \(out)/box-timeline.png\n")
    }

    @Test("An output folder that cannot be made exits 1 and says why")
    func unwritableFolder() throws {
        let script = try ChoreoCommand.script(Self.scene)
        let result = try ChoreoCommand.run(["render", script, "--out", "/proc/choreo-cannot/out"])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("render: cannot write into the output folder /proc/choreo-cannot/out: "))
    }

    @Test("A zero or negative scale, a bad range or format is a usage error (exit 2)")
    func usageErrors() throws {
        let script = try ChoreoCommand.script(Self.scene)
        for arguments in [["--scale", "0"], ["--scale", "-1"], ["--from", "2", "--to", "1"], ["--format", "jpeg"], ["--fps", "0"]] {
            let result = try ChoreoCommand.run(["render", script, "--out", try folder()] + arguments)
            #expect(result.status == 2, "\(arguments)")
        }
        let result = try ChoreoCommand.run(["render", script, "--out", try folder(), "--scale", "0"])
        #expect(result.errors.contains("--scale must be a number within 0.01...16 (got 0)"))
    }

    @Test("A range after the run's end, or a script error, exits 1 and says why")
    func nothingToRender() throws {
        let script = try ChoreoCommand.script(Self.scene)
        let late = try ChoreoCommand.run(["render", script, "--out", try folder(), "--from", "30"])
        #expect(late.status == 1)
        #expect(late.errors == "render: no frame to render: the scene had nothing left to do at 1 s, before --from 30 s\n")
        let broken = try ChoreoCommand.script("local scene = Scene.new{ width = 10 }\nerror('boom')\n")
        let failed = try ChoreoCommand.run(["render", broken, "--out", try folder()])
        #expect(failed.status == 1 && failed.errors.contains("boom"))
    }

    @Test("A missing image file exits 1 with the file named")
    func missingImage() throws {
        let script = try ChoreoCommand.script("""
            local scene = Scene.new{ width = 20, height = 20 }
            scene.view:addSubview(ImageView.new{ image = "missing.png", frame = {0, 0, 10, 10} })
            """)
        let result = try ChoreoCommand.run(["render", script, "--out", try folder()])
        #expect(result.status == 1)
        #expect(result.errors.contains("missing.png"))
    }
}

@Suite("choreo curves plot", .serialized)
struct CurvesPlotCommandTests {
    @Test("It writes a PNG or an SVG and prints its path; a bad extension or curve is a usage error")
    func plots() throws {
        let folder = try ScratchDirectory.make("choreo-plot").path
        for file in ["spring.png", "spring.svg"] {
            let result = try ChoreoCommand.run(["curves", "plot", "spring(1, 100, 10)", "--out", "\(folder)/\(file)"])
            #expect(result.status == 0 && result.output == "\(folder)/\(file)\n", "\(result.errors)")
            #expect(FileManager.default.fileExists(atPath: "\(folder)/\(file)"))
        }
        #expect(try ChoreoCommand.run(["curves", "plot", "easeIn", "--out", "\(folder)/x.gif"]).status == 2)
        #expect(try ChoreoCommand.run(["curves", "plot", "noSuchCurve", "--out", "\(folder)/x.png"]).status == 2)
        #expect(try ChoreoCommand.run(["curves", "plot", "easeIn", "--out", "/nonexistent-dir/x.png"]).status == 1)
    }
}

@Suite("Every example scene renders", .serialized)
struct ExampleRenderTests {
    @Test("Each script in Scripts/Examples renders a contact sheet and a GIF", arguments: ["flight-info", "bahama-login", "media-timing", "layer-features", "pulsing-halo", "confetti", "snow"])
    func renders(_ name: String) throws {
        let out = try ScratchDirectory.path("choreo-example")
        let result = try ChoreoCommand.run(["render", "Scripts/Examples/\(name).lua", "--out", out, "--from", "2.9", "--to", "3.5",
                                            "--fps", "5", "--format", "all"])
        #expect(result.status == 0, "\(result.errors)")
        for file in ["\(name)-sheet.png", "\(name).gif", "frame-0000.png"] {
            #expect(FileManager.default.fileExists(atPath: "\(out)/\(file)"), "\(file)")
        }
    }
}

@Suite("choreo render help")
struct RenderHelpTests {
    @Test("choreo render --help, word for word")
    func help() throws {
        let result = try ChoreoCommand.run(["render", "--help"])
        #expect(result.status == 0)
        #expect(result.output == """
            OVERVIEW: Render a scene headless to PNG frames, a contact sheet and an
            animated GIF.

            Frames are taken on the --fps grid from --from to --to (scene seconds). Without
            --to or --duration the run ends when the scene is idle, at 10 s at the latest.

            Files: DIR/frame-0000.png..., DIR/NAME-sheet.png, DIR/NAME.gif (NAME: the
            script's name), and with --timeline DIR/NAME-timeline.png. The contact sheet
            shows frames evenly spaced in time, the first and the last included. The GIF
            keeps at most 50 frames a second (GIF viewers slow down shorter delays).

            Exit status: 0 on success, 1 on a script or rendering error or a failed write,
            2 on a usage error.

            USAGE: choreo render [<options>] <scene> --out <out>

            ARGUMENTS:
              <scene>                 The scene script (a .lua file).

            OPTIONS:
              --fps <fps>             Frames per second of the headless run, within (0,
                                      1000]. (default: 60.0)
              --duration <duration>   Stop the run at this many seconds, at most 86400
                                      (default: when nothing is left to do, at the latest
                                      at 3600 for run, 10 for trace and render).
              --memory-limit <memory-limit>
                                      Memory limit of the script, in MiB. (default: 256)
              --instruction-limit <instruction-limit>
                                      Instruction limit per turn (the top level; the
                                      callbacks of one frame together), in millions.
                                      (default: 200)
              --allow-root <dir>      A folder the script may also read files from
                                      (repeatable; by default only the scene's folder).
              --plugins <dir>         Also load timing-provider plugins from this directory
                                      (repeatable; later directories win).
              --out <out>             The folder to write into (created when missing).
              --scale <scale>         Device pixels per point, within 0.01...16. (default:
                                      1.0)
              --from <from>           The first frame's time, in seconds. (default: 0.0)
              --to <to>               The last frame's time, in seconds (default: the end
                                      of the run).
              --format <format>       png, sheet, gif or all. (default: all)
              --sheet-frames <sheet-frames>
                                      How many frames the contact sheet shows, evenly
                                      spaced in time. (default: 12)
              --timeline              Also draw the scene's animations over time, a bar
                                      each (DIR/NAME-timeline.png).
              -h, --help              Show help information.


            """)
    }
}
