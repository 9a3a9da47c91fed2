import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import ChoreoTestSupport
#endif

/// Files outside the sandbox: every path a script names (`AnimationTraits.load`, images,
/// `require`, golden traces) must resolve inside the scene's folder or an `--allow-root` folder,
/// be a regular file of at most 16 MiB, and never have its bytes quoted in an error.
@Suite("Security: files a script names stay inside the sandbox", .serialized)
struct SandboxFilesTests {
    /// A file outside every scene folder whose contents must never appear in any output.
    static let secret = "TOPSECRET-7f3a9"

    /// A folder holding `secret.json` (the secret, not valid JSON) beside the scene's folders.
    static func secretFile() throws -> String {
        let folder = try ScratchDirectory.make("choreo-secret")
        let file = folder.appendingPathComponent("secret.json").path
        try secret.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Runs `choreo run` on a scene of one call; expects exit 1 with exactly `message` (after the
    /// scene's `file:line`) on the first line of standard error, well within the time bound, and
    /// no byte of the secret anywhere.
    func expectRefused(
        _ call: String, files: [String: String] = [:], setUp: (String) throws -> Void = { _ in },
        message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let scene = try HostileRun.scene(call, files: files)
        try setUp(folder(of: scene))
        let run = try HostileRun.choreo(["run", scene], timeout: 30)
        #expect(!run.hung && !run.crashed, sourceLocation: sourceLocation)
        #expect(run.status == 1, sourceLocation: sourceLocation)
        // Lua shortens long chunk names from the left ("...-security-…/scene.lua"): compare the end.
        let first = run.errors.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasSuffix("/scene.lua:1: \(message)"), "\(first)", sourceLocation: sourceLocation)
        #expect(!run.errors.contains(Self.secret) && !run.output.contains(Self.secret), sourceLocation: sourceLocation)
        #expect(run.seconds < 20, sourceLocation: sourceLocation)
    }

    @Test("AnimationTraits.load refuses absolute paths, '..' and symlinks that lead out of the scene's folder")
    func traitsOutsideTheFolder() throws {
        let secret = try Self.secretFile()
        let outside = "it is outside the scene's folder and the allowed roots (see --allow-root)"
        try expectRefused("AnimationTraits.load('\(secret)')",
                          message: "AnimationTraits.load: cannot read \(secret): \(outside)")
        try expectRefused("AnimationTraits.load('/etc/passwd')",
                          message: "AnimationTraits.load: cannot read /etc/passwd: \(outside)")
        let parent = "../" + URL(fileURLWithPath: secret).deletingLastPathComponent().lastPathComponent + "/secret.json"
        try expectRefused("AnimationTraits.load('\(parent)')",
                          message: "AnimationTraits.load: cannot read \(parent): \(outside)")
        try expectRefused("AnimationTraits.load('specs/link.json')", files: ["specs/keep": ""], setUp: { folder in
            try FileManager.default.createSymbolicLink(atPath: folder + "/specs/link.json", withDestinationPath: secret)
        }, message: "AnimationTraits.load: cannot read specs/link.json: \(outside)")
    }

    @Test("AnimationTraits.load never opens a device, standard input or a FIFO, and does not block")
    func traitsSpecialFiles() throws {
        let outside = "it is outside the scene's folder and the allowed roots (see --allow-root)"
        for device in ["/dev/zero", "/dev/urandom", "/dev/stdin"] {
            try expectRefused("AnimationTraits.load('\(device)')",
                              message: "AnimationTraits.load: cannot read \(device): \(outside)")
        }
        try expectRefused("AnimationTraits.load('pipe.json')", setUp: { folder in
            #expect(mkfifo(folder + "/pipe.json", 0o600) == 0)
        }, message: "AnimationTraits.load: cannot read pipe.json: it is a FIFO, not a regular file")
        try expectRefused("AnimationTraits.load('zero.json')", setUp: { folder in
            try FileManager.default.createSymbolicLink(atPath: folder + "/zero.json", withDestinationPath: "/dev/zero")
        }, message: "AnimationTraits.load: cannot read zero.json: \(outside)")
        try expectRefused("AnimationTraits.load('specs')", files: ["specs/a.json": "{}"],
                          message: "AnimationTraits.load: cannot read specs: it is a folder, not a regular file")
    }

    @Test("Even inside an allowed root, a device is refused as not a regular file")
    func deviceInsideAllowedRoot() throws {
        let scene = try HostileRun.scene("AnimationTraits.load('/dev/zero')")
        let run = try HostileRun.choreo(["run", scene, "--allow-root", "/dev"], timeout: 30)
        #expect(!run.hung && run.status == 1)
        #expect(run.errors.contains("/scene.lua:1: AnimationTraits.load: cannot read /dev/zero: it is a device, not a regular file\n"))
    }

    @Test("A file over 16 MiB is refused before it is read")
    func oversizedFile() throws {
        try expectRefused("AnimationTraits.load('big.json')", setUp: { folder in
            let file = folder + "/big.json"
            #expect(FileManager.default.createFile(atPath: file, contents: nil))
            #expect(truncate(file, 16 * 1024 * 1024 + 1) == 0)  // sparse: no disk used
        }, message: "AnimationTraits.load: cannot read big.json: it is larger than 16 MiB")
    }

    @Test("A JSON syntax error says where and what was expected, never the bytes it found")
    func parseErrorsQuoteNoBytes() throws {
        try expectRefused("AnimationTraits.load('spec.json')", files: ["spec.json": Self.secret],
                          message: "AnimationTraits.load: spec.json: line 1, column 1: unexpected character, expected a value")
        try expectRefused("AnimationTraits.load('spec.json')", files: ["spec.json": "{\"\(Self.secret)\": 1, \"\(Self.secret)\": 2}"],
                          message: "AnimationTraits.load: spec.json: line 1, column 24: duplicate key (each key may appear once in an object)")
    }

    @Test("--allow-root lets a scene read specs from a folder the command line names, and only there")
    func allowedRoot() throws {
        let shared = try Self.secretFile()
        let folder = URL(fileURLWithPath: shared).deletingLastPathComponent().path
        try #"{"duration": 0.25}"#.write(toFile: folder + "/fade.json", atomically: true, encoding: .utf8)
        let scene = try HostileRun.scene("print(AnimationTraits.load('\(folder)/fade.json').duration)")
        let refused = try HostileRun.choreo(["run", scene])
        #expect(refused.status == 1)
        #expect(refused.errors.contains("cannot read \(folder)/fade.json: it is outside the scene's folder"))
        let allowed = try HostileRun.choreo(["run", scene, "--allow-root", folder])
        #expect(allowed.status == 0)
        #expect(allowed.output == "0.25\n")
        let missingRoot = try HostileRun.choreo(["run", scene, "--allow-root", folder + "/nope"])
        #expect(missingRoot.status == 2)
        #expect(missingRoot.errors.contains("--allow-root must name an existing folder (got \(folder)/nope)"))
    }

    @Test("An image outside the folder, a FIFO image and a PNG that declares a huge size are refused")
    func images() throws {
        try expectRefused("ImageView.new{ image = '/etc/passwd' }", message:
            "ImageView.new: image must name a readable PNG file (got \"/etc/passwd\": it is outside the scene's folder and the allowed roots (see --allow-root))")
        try expectRefused("ImageView.new{ image = 'pipe.png' }", setUp: { folder in
            #expect(mkfifo(folder + "/pipe.png", 0o600) == 0)
        }, message: "ImageView.new: image must name a readable PNG file (got \"pipe.png\": it is a FIFO, not a regular file)")
        try expectRefused("ImageView.new{ image = 'huge.png' }", setUp: { folder in
            // A valid signature and IHDR that declare a 100000 × 100000 image (40 GB decoded).
            let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                + [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 6, 0, 0, 0]
            try Data(header).write(to: URL(fileURLWithPath: folder + "/huge.png"))
        }, message: "ImageView.new: image must be a PNG file (got \"huge.png\", which is 100000×100000 pixels; the most is 8192 a side)")
    }

    @Test("require follows no symlink out of the scene's folder and opens no FIFO")
    func requireEscapes() throws {
        let secret = try Self.secretFile()
        try expectRefused("require('leak')", setUp: { folder in
            try FileManager.default.createSymbolicLink(atPath: folder + "/leak.lua", withDestinationPath: secret)
        }, message: "require: cannot load module 'leak': cannot read leak.lua: it is outside the scene's folder and the allowed roots (see --allow-root)")
        try expectRefused("require('pipe')", setUp: { folder in
            #expect(mkfifo(folder + "/pipe.lua", 0o600) == 0)
        }, message: "require: cannot load module 'pipe': cannot read pipe.lua: it is a FIFO, not a regular file")
    }

    @Test("A golden trace that is a symlink out of the test's folder is refused and never quoted")
    func goldenTraceEscape() throws {
        let secret = try Self.secretFile()
        let test = try HostileRun.scene("""
            it("traces", function()
              local s = Scene.new{ width = 10, height = 10 }
              s.view:addSubview(View.new{ name = "box", frame = {0, 0, 5, 5} })
              expectTrace("leak", { duration = 0.1 })
            end)
            """, name: "leak_test.lua")
        let directory = folder(of: test)
        try FileManager.default.createDirectory(atPath: directory + "/__snapshots__/leak_test.lua", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/__snapshots__/leak_test.lua/leak.jsonl", withDestinationPath: secret)
        let run = try HostileRun.choreo(["test", test], timeout: 30)
        #expect(!run.hung && run.status == 1)
        #expect(run.output.contains("expectTrace: cannot read \(directory)/__snapshots__/leak_test.lua/leak.jsonl: "
            + "it is outside the scene's folder and the allowed roots (see --allow-root)"))
        #expect(!run.output.contains(Self.secret) && !run.errors.contains(Self.secret))
    }

    @Test("--update-snapshots does not record through a __snapshots__ symlink that leads out of the test's folder")
    func recordingEscape() throws {
        let secret = try Self.secretFile()
        let elsewhere = URL(fileURLWithPath: secret).deletingLastPathComponent().path
        let test = try HostileRun.scene("""
            it("traces", function()
              local s = Scene.new{ width = 10, height = 10 }
              s.view:addSubview(View.new{ name = "box", frame = {0, 0, 5, 5} })
              expectTrace("out", { duration = 0.1 })
            end)
            """, name: "out_test.lua")
        try FileManager.default.createSymbolicLink(atPath: folder(of: test) + "/__snapshots__", withDestinationPath: elsewhere)
        let run = try HostileRun.choreo(["test", test, "--update-snapshots"], timeout: 30)
        #expect(!run.hung && run.status == 1)
        // Looking for the golden already finds the folder outside: refused before anything is written.
        #expect(run.output.contains("expectTrace: cannot read \(folder(of: test))/__snapshots__/out_test.lua/out.jsonl: "
            + "it is outside the scene's folder and the allowed roots (see --allow-root)"))
        #expect(!FileManager.default.fileExists(atPath: elsewhere + "/out_test.lua"))
        // Allowed explicitly, the same folder records.
        let allowed = try HostileRun.choreo(["test", test, "--update-snapshots", "--allow-root", elsewhere], timeout: 30)
        #expect(allowed.status == 0)
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/out_test.lua/out.jsonl"))
    }
}

/// The folder of a file path.
func folder(of path: String) -> String {
    URL(fileURLWithPath: path).deletingLastPathComponent().path
}
