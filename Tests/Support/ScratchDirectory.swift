import Foundation
import Glibc

/// Temporary folders for tests, all under one folder of the test process (`$TMPDIR/ct-<pid>`)
/// that is removed when the process exits. Tests made their
/// folders straight in the system's temporary directory and left them there: each run of
/// `Scripts/test.sh` left about 220 folders and 30 MB behind.
///
///     let folder = try ScratchDirectory.make("choreo-render")   // /tmp/ct-4242/choreo-render-1a2b3c4d
///
/// Names are short (eight hex digits, not a whole UUID): Lua shortens a chunk's name past 59
/// characters (`.../a_test.lua:4:`), and tests compare messages that carry a scene file's path.
/// `Scripts/test.sh` runs the tests with `TMPDIR` a fresh folder and fails if anything is left.
public enum ScratchDirectory {
    /// The process's folder, made on first use; its removal at exit is registered then.
    public static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ct-\(getpid())")
        try? FileManager.default.removeItem(at: root)  // a folder of an earlier process with the same id
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: ScratchDirectory.root) }
        return root
    }()

    /// A new empty folder `<prefix>-<id>` under `root`.
    public static func make(_ prefix: String) throws -> URL {
        while true {
            let folder = root.appendingPathComponent("\(prefix)-\(shortID())")
            if mkdir(folder.path, 0o755) == 0 { return folder }
            guard errno == EEXIST else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: folder.path]) }
        }
    }

    /// A path that does not exist yet, for a file or folder a command makes itself:
    /// `out<suffix>` in a new folder `<prefix>-<id>`.
    public static func path(_ prefix: String, suffix: String = "") throws -> String {
        try make(prefix).appendingPathComponent("out\(suffix)").path
    }

    private static func shortID() -> String {
        String(UUID().uuidString.filter(\.isHexDigit).prefix(8)).lowercased()
    }
}
