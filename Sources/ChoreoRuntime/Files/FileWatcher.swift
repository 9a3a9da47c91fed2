#if canImport(Glibc)
import Glibc
#endif

/// Watches a folder for saved files with inotify, for hot reload: `poll(now:)` says, once per
/// burst of saves, that a file of interest changed and has been quiet for `debounce` seconds.
///
///     let watcher = try FileWatcher(directory: "Scripts/Examples") { $0 == "flight-info.lua" }
///     // each frame, on the thread that owns the watcher:
///     if watcher.poll(now: clock.seconds) { controller.reload() }
///
/// Why the folder and not the file: editors save by writing a temporary file and renaming it over
/// the old one (vim, VS Code, `mv`), which replaces the file's inode, so a watch on the file
/// itself goes silent after the first save. The folder's watch sees `IN_CLOSE_WRITE` (a file
/// written in place) and `IN_MOVED_TO` (a file renamed into place), filtered by name so that the
/// editor's swap and backup files (`.scene.lua.swp`, `4913`, `scene.lua~`) do not count.
///
/// Why a debounce: one save is several events (truncate, write, close, or write + rename), and a
/// burst of saves (a formatter, "save all") should load once, the last version.
///
/// Contract: the descriptor is non-blocking; `poll` never waits. Not thread-safe: one owner.
/// `now` is any clock in seconds that never goes backwards (tests pass a virtual one).
public final class FileWatcher {
    /// The folder watched.
    public let directory: String
    /// Quiet time after the last event before the change is reported, in seconds.
    public let debounce: Double
    private let accepts: (String) -> Bool
    private let descriptor: Int32
    /// When the latest accepted event was read (nil: nothing pending).
    private var lastEvent: Double?
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// Why a folder cannot be watched.
    public struct WatchError: Error, CustomStringConvertible {
        public var directory: String
        public var reason: String
        public var description: String { "cannot watch \(directory) for changes: \(reason)" }
    }

    /// - Parameter accepts: whether a file name (no folder) is one whose saves count.
    public init(directory: String, debounce: Double = 0.05, accepts: @escaping (String) -> Bool) throws(WatchError) {
        self.directory = directory
        self.debounce = debounce
        self.accepts = accepts
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw WatchError(directory: directory, reason: String(cString: strerror(errno))) }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw WatchError(directory: directory, reason: reason)
        }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Reads the events waiting, and returns true once a change of an accepted file has been
    /// followed by `debounce` seconds without another.
    public func poll(now: Double) -> Bool {
        if drainEvents() { lastEvent = now }
        guard let last = lastEvent, now - last >= debounce else { return false }
        lastEvent = nil
        return true
    }

    /// Whether a change is seen but not reported yet (still inside the debounce).
    public var hasPendingChange: Bool { lastEvent != nil }

    /// Reads every queued event; true when one names an accepted file (or the queue overflowed,
    /// when the names are lost and a reload is the safe answer).
    private func drainEvents() -> Bool {
        var changed = false
        let headerSize = MemoryLayout<inotify_event>.size
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return changed }  // EAGAIN: the queue is empty
            buffer.withUnsafeBytes { raw in
                var offset = 0
                while offset + headerSize <= count {
                    let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = raw[(offset + headerSize)..<min(offset + headerSize + length, count)]
                    let name = String(decoding: nameBytes.prefix(while: { $0 != 0 }), as: UTF8.self)
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 || (!name.isEmpty && mask & UInt32(IN_ISDIR) == 0 && accepts(name)) {
                        changed = true
                    }
                    offset += headerSize + length
                }
            }
        }
    }
}
