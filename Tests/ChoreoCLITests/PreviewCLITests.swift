import ChoreoTestSupport
import Foundation
import Testing

@Suite("choreo preview's command line", .serialized)
struct PreviewCLITests {
    @Test("choreo does not load SDL2 at start: only a preview loads it, so run, trace and render carry none of its libraries")
    func sdlIsLoadedByThePreviewOnly() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("choreo")
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        ldd.arguments = [binary.path]
        let out = Pipe()
        ldd.standardOutput = out
        try ldd.run()
        let libraries = String(decoding: out.fileHandleForReading.readAllRetryingInterrupts(), as: UTF8.self)
        ldd.waitUntilExit()
        #expect(libraries.contains("libc.so"))  // ldd listed the binary's libraries
        #expect(!libraries.contains("libSDL2"))
        #expect(!libraries.contains("libpulse") && !libraries.contains("libasound") && !libraries.contains("libwayland"))
    }

    @Test("choreo preview --help gives the keys, reload, headless use and every option, word for word")
    func help() throws {
        let result = try ChoreoCommand.run(["preview", "--help"])
        #expect(result.status == 0)
        #expect(result.output == """
            OVERVIEW: Show a scene live in a window, with playback controls and hot reload.

            The window shows the pixels choreo render draws (at --scale), at the display's
            refresh rate. Keys: Space play/pause; Left/Right one frame back/on (Shift: one
            second); Home/End the start/end; [ and ] slower/faster (0.1, 0.25, 0.5, 1, 2);
            I/O the in/out point at the playhead; X clear them; L loop between them; H
            hide/show the HUD; R reload; Esc or Q quit. Drag on the timeline bar to scrub.

            Saving the scene (or a .lua, .json or .png file beside it) reloads it and
            replays it to the playhead, keeping the speed, the range and pause; a script
            error keeps the last good scene running and shows the message with file:line.

            --fps is the frame grid steps, scrubbing and screenshots land on (as choreo
            render's frames); --duration is the timeline's length (default: until the scene
            is idle, at most 10 s).

            Without a display, set SDL_VIDEODRIVER=dummy (with --screenshot-at, or
            --frames) or run under Xvfb: xvfb-run -a choreo preview SCENE.lua

            Exit status: 0 when the window is closed (or the screenshot written), 1 on a
            script error at the start, a window that cannot open or a failed write, 2 on a
            usage error.

            USAGE: choreo preview [<options>] <scene>

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
              --scale <scale>         Device pixels per point, within 0.01...16. (default:
                                      1.0)
              --slow-animations <n>   Run scene time n times slower than the display, on
                                      top of the speed, within 1...100 (default:
                                      CHOREO_SLOW_ANIMATIONS, else 1).
              --screenshot-at <t>     Write the frame at this time (seconds) to --out,
                                      without the HUD, and exit.
              --out <out>             The PNG file --screenshot-at writes.
              --paused                Start paused.
              --reload/--no-reload    Reload the scene when it is saved. (default: --reload)
              --frames <frames>       End after this many frames (tests, benchmarks).
              --frame-log <frame-log> Write a JSON line per presented frame (time, speed,
                                      range, skipped frames, reload status, pacing) to this
                                      file.
              -h, --help              Show help information.


            """)
    }

    @Test("Bad preview options are usage errors that name the option (status 2)")
    func usageErrors() throws {
        let path = try ChoreoCommand.script("local scene = Scene.new{ width = 10, height = 10 }\n")
        let cases: [([String], String)] = [
            (["--screenshot-at", "1"], "--screenshot-at needs --out FILE.png"),
            (["--out", "x.png"], "--out goes with --screenshot-at"),
            (["--screenshot-at", "-1", "--out", "x.png"], "--screenshot-at must be a number of seconds within 0...86400 (got -1)"),
            (["--scale", "0"], "--scale must be a number within 0.01...16 (got 0)"),
            (["--frames", "0"], "--frames must be at least 1 (got 0)"),
            (["--slow-animations", "1000"], "--slow-animations must be a number within 1...100 (got 1000)"),
        ]
        for (arguments, message) in cases {
            let result = try ChoreoCommand.run(["preview", path] + arguments, environment: ["SDL_VIDEODRIVER": "dummy"])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors.contains(message), "\(arguments): \(result.errors)")
        }
    }
}
