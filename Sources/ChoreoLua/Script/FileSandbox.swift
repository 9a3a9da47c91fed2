#if canImport(Glibc)
import ChoreoRuntime
import Glibc
#endif

/// Where a script may read files: its scene's folder and the folders the command line allows
/// (`--allow-root DIR`), and nowhere else.
///
///     let files = FileSandbox(sceneDirectory: "Scripts/Examples", allowedRoots: ["Shared"])
///     let spec = try files.read("specs/chip.json")      // Scripts/Examples/specs/chip.json
///     try files.read("/etc/passwd")                     // refused: outside the roots
///
/// Every path a script names (`require`'s modules, `AnimationTraits.load`, images, golden
/// traces and images) goes through `resolve`: a relative path is taken from the scene's folder,
/// the result is made canonical (`realpath`: symlinks, `.` and `..` resolved) and must lie inside
/// one of the roots (also canonical), and it must be a regular file of at most
/// `ScriptFile.maximumSize` bytes. So `../secret`, an absolute path outside, and a symlink out of
/// the folder are all refused; a FIFO or a device is never opened for reading.
///
/// Errors name the path as the script gave it and the reason, never the file's contents.
public struct FileSandbox: Sendable, Equatable {
    /// Where relative paths start: the scene's folder (nil: a host with no scene, no files).
    public let baseDirectory: String?
    /// The canonical folders files may be in (the scene's folder first).
    public let roots: [String]

    /// A sandbox rooted at the scene's folder and the allowed roots; folders that do not exist
    /// are left out (a root that does not exist holds no file).
    public init(sceneDirectory: String?, allowedRoots: [String] = []) {
        baseDirectory = sceneDirectory
        roots = ([sceneDirectory].compactMap { $0 } + allowedRoots).compactMap(ScriptFile.realPath)
    }

    /// A sandbox whose relative paths start at `baseDirectory`, with the same `roots`.
    init(baseDirectory: String, roots: [String]) {
        self.baseDirectory = baseDirectory
        self.roots = roots
    }

    /// A sandbox whose relative paths start at `directory` (inside the roots), with the same roots:
    /// a scene loaded from another folder (`loadScene`) names its images and specs from its own.
    public func startingAt(_ directory: String) -> FileSandbox {
        FileSandbox(baseDirectory: directory, roots: roots)
    }

    /// A sandbox that allows no file.
    public static let none = FileSandbox(sceneDirectory: nil)

    /// The canonical path of the regular file `path` names, checked to lie inside the roots.
    /// - Throws: `ScriptFile.ReadError` naming `path` as given: missing, outside the roots, not a
    ///   regular file, or larger than `ScriptFile.maximumSize`.
    public func resolve(_ path: String) throws(ScriptFile.ReadError) -> String {
        guard let baseDirectory, !roots.isEmpty else {
            throw ScriptFile.ReadError(path: path, reason: "this script has no folder to read files from")
        }
        guard !path.isEmpty, !path.utf8.contains(0) else {
            throw ScriptFile.ReadError(path: path, reason: "not a file name")
        }
        let joined = path.hasPrefix("/") ? path : baseDirectory + "/" + path
        guard let canonical = ScriptFile.realPath(joined) else {
            // Say "outside" for a missing path outside too, so errors do not tell which files exist there.
            let reason = String(cString: strerror(errno))
            guard isInsideAsFarAsItExists(joined) else {
                throw ScriptFile.ReadError(
                    path: path, reason: "it is outside the scene's folder and the allowed roots (see --allow-root)")
            }
            throw ScriptFile.ReadError(path: path, reason: reason)
        }
        guard contains(canonical) else {
            throw ScriptFile.ReadError(
                path: path, reason: "it is outside the scene's folder and the allowed roots (see --allow-root)")
        }
        do { try ScriptFile.checkRegularFile(canonical) } catch { throw ScriptFile.ReadError(path: path, reason: error.reason) }
        return canonical
    }

    /// `resolve`, searching the allowed roots: a relative path missing from the scene's folder is
    /// looked for from each allowed root in turn (the first found wins). This is the path of
    /// `require` and `loadScene`: a test beside its scene finds it in its own folder, and with
    /// `--allow-root Scripts/Examples` it finds `flight-info.lua` there. It reads nowhere `resolve`
    /// could not: every candidate is checked against the roots.
    public func search(_ path: String) throws(ScriptFile.ReadError) -> String {
        do {
            return try resolve(path)
        } catch where error.isMissing && !path.hasPrefix("/") {
            for root in roots {
                if let found = try? FileSandbox(baseDirectory: root, roots: roots).resolve(path) { return found }
            }
            throw ScriptFile.ReadError(path: path, reason: Self.notFoundAnywhere)
        }
    }

    /// Why `search` found nothing.
    public static let notFoundAnywhere = "not found in the scene's folder or the allowed roots"

    /// The bytes of the file `path` names (see `resolve`).
    public func read(_ path: String) throws(ScriptFile.ReadError) -> [UInt8] {
        let canonical = try resolve(path)
        do { return try ScriptFile.bytes(of: canonical) } catch { throw ScriptFile.ReadError(path: path, reason: error.reason) }
    }

    /// For a path that does not resolve: whether its deepest existing folder, made canonical, with
    /// the missing rest appended, lies inside the roots (a `..` in the missing rest counts as out).
    func isInsideAsFarAsItExists(_ path: String) -> Bool {
        var existing = path, missing: [Substring] = []
        while true {
            guard let slash = existing.lastIndex(of: "/") else {
                missing.insert(Substring(existing), at: 0)
                existing = "."
                break
            }
            missing.insert(existing[existing.index(after: slash)...], at: 0)
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
            if ScriptFile.realPath(existing) != nil || existing == "/" { break }
        }
        guard let base = ScriptFile.realPath(existing), !missing.contains("..") else { return false }
        let rest = missing.filter { !$0.isEmpty && $0 != "." }.joined(separator: "/")
        return contains(rest.isEmpty ? base : (base == "/" ? "/" : base + "/") + rest)
    }

    /// Whether the canonical path `canonical` is one of the roots or below one.
    func contains(_ canonical: String) -> Bool {
        roots.contains { root in
            canonical == root || canonical.hasPrefix(root == "/" ? "/" : root + "/")
        }
    }
}
