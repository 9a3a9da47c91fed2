import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Command-line edges: numbers out of range are usage errors (exit 2) before any work is done,
/// and a scene path that is a FIFO, a device or a folder is refused without being opened.
@Suite("Security: command-line edges are usage errors", .serialized)
struct CommandLineEdgeTests {
    /// Runs `choreo` and expects exit 2 with `message` on standard error, quickly.
    func expectUsageError(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try HostileRun.choreo(arguments, timeout: 30)
        #expect(!run.hung && !run.crashed, "\(arguments)", sourceLocation: sourceLocation)
        #expect(run.status == 2, "\(arguments): \(run.errors)", sourceLocation: sourceLocation)
        #expect(run.errors.contains(message), "\(arguments): \(run.errors)", sourceLocation: sourceLocation)
        #expect(run.seconds < 20, sourceLocation: sourceLocation)
    }

    @Test("--duration of 1e300, nan, inf or a negative number is a usage error on run, trace and render")
    func durations() throws {
        let scene = try HostileRun.scene("after(1, function() end)")
        for command in ["run", "trace"] {
            for value in ["1e300", "nan", "inf", "-1", "86400.5"] {
                try expectUsageError([command, scene, "--duration=\(value)"], "--duration must be a number of seconds within 0...86400")
            }
        }
        try expectUsageError(["render", scene, "--out", folder(of: scene) + "/out", "--duration=1e300"],
                             "--duration must be a number of seconds within 0...86400 (got 1e+300)")
    }

    @Test("--fps of 0, nan, inf or 1e300 is a usage error")
    func framesPerSecond() throws {
        let scene = try HostileRun.scene("")
        for value in ["0", "nan", "inf", "1e300", "-60"] {
            try expectUsageError(["trace", scene, "--fps=\(value)"], "--fps must be a number of frames per second within (0, 1000]")
        }
    }

    @Test("render refuses --scale 1e-300 and 1e300, and --from or --to beyond a day, before cairo sees them")
    func renderNumbers() throws {
        let scene = try HostileRun.scene("Scene.new{ width = 10, height = 10 }")
        let out = folder(of: scene) + "/out"
        for value in ["1e-300", "1e300", "nan", "0.001", "17"] {
            try expectUsageError(["render", scene, "--out", out, "--scale=\(value)"], "--scale must be a number within 0.01...16")
        }
        try expectUsageError(["render", scene, "--out", out, "--from=1e300"], "--from must be a number of seconds within 0...86400 (got 1e+300)")
        try expectUsageError(["render", scene, "--out", out, "--to=1e300"], "--to must be a number of seconds within --from (0)...86400 (got 1e+300)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("curves refuses time fractions outside 0...1, non-finite parameters and steps out of range")
    func curveNumbers() throws {
        for value in ["1e300", "nan", "-inf", "1.5"] {
            try expectUsageError(["curves", "eval", "linear", "--", value], "each time fraction T must be a number within 0...1")
        }
        try expectUsageError(["curves", "eval", "linear", "0.5", "--param", "x=nan"], "--param must be name=number, a finite number (got x=nan)")
        try expectUsageError(["curves", "table", "--steps", "0"], "--steps must be within 1...10000")
        try expectUsageError(["curves", "table", "--steps", "99999999999999999999"], "--steps")
    }

    @Test("A scene path that is a FIFO, a device or a folder is refused (exit 2) without blocking; a missing one says so")
    func scenePaths() throws {
        let scene = try HostileRun.scene("")
        let fifo = folder(of: scene) + "/fifo.lua"
        #expect(mkfifo(fifo, 0o600) == 0)
        for command in ["run", "trace"] {
            try expectUsageError([command, fifo], "the scene: cannot read \(fifo): it is a FIFO, not a regular file")
            try expectUsageError([command, "/dev/zero"], "the scene: cannot read /dev/zero: it is a device, not a regular file")
            try expectUsageError([command, "/dev/stdin"], "the scene: cannot read /dev/stdin: it is a device, not a regular file")
            try expectUsageError([command, folder(of: scene)], "the scene: cannot read \(folder(of: scene)): it is a folder, not a regular file")
            try expectUsageError([command, folder(of: scene) + "/missing.lua"],
                                 "the scene: cannot read \(folder(of: scene))/missing.lua: No such file or directory")
        }
        try expectUsageError(["render", fifo, "--out", folder(of: scene) + "/out"], "it is a FIFO, not a regular file")
        try expectUsageError(["curves", "list", "--script", fifo], "the script: cannot read \(fifo): it is a FIFO, not a regular file")
    }

    @Test("A test file that is a FIFO fails with a clear error instead of blocking")
    func testFileFIFO() throws {
        let scene = try HostileRun.scene("")
        let fifo = folder(of: scene) + "/pipe_test.lua"
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try HostileRun.choreo(["test", fifo], timeout: 30)
        #expect(!run.hung && run.status == 1)
        #expect((run.output + run.errors).contains("cannot read \(fifo): it is a FIFO, not a regular file"))
    }
}
