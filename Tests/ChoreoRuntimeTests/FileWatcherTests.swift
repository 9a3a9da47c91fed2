import Foundation
import Testing
@testable import ChoreoRuntime
import ChoreoTestSupport

/// The hot-reload watcher: a folder watched with inotify, saves filtered by name and debounced.
/// Time is a virtual `now` handed to `poll`; only the events come from the kernel (they are
/// queued by the time the write or rename returns).
@Suite("FileWatcher")
struct FileWatcherTests {
    let folder: URL

    init() throws {
        folder = try ScratchDirectory.make("choreo-watch")
    }

    func write(_ name: String, _ text: String = "return 1\n") throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: false, encoding: .utf8)
    }

    /// An editor's save: the new text in a temporary file, renamed over the old one.
    func saveByRename(_ name: String, _ text: String = "return 2\n") throws {
        let temporary = folder.appendingPathComponent(".\(name).tmp")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        #expect(rename(temporary.path, folder.appendingPathComponent(name).path) == 0)
    }

    func watcher() throws -> FileWatcher {
        try FileWatcher(directory: folder.path, debounce: 0.05) { $0 == "scene.lua" }
    }

    @Test("A write in place is reported once, after the debounce")
    func writeInPlace() throws {
        try write("scene.lua")
        let watcher = try watcher()
        #expect(watcher.poll(now: 0) == false)
        try write("scene.lua", "return 3\n")
        #expect(watcher.poll(now: 1.0) == false)   // seen at 1.0, quiet for 0 s
        #expect(watcher.hasPendingChange)
        #expect(watcher.poll(now: 1.04) == false)
        #expect(watcher.poll(now: 1.06) == true)
        #expect(watcher.poll(now: 2.0) == false)   // reported once
    }

    @Test("A save by rename over the file is reported, and so is the next one")
    func saveByRenameTwice() throws {
        try write("scene.lua")
        let watcher = try watcher()
        try saveByRename("scene.lua")
        #expect(watcher.poll(now: 0) == false)
        #expect(watcher.poll(now: 0.1) == true)
        try saveByRename("scene.lua", "return 4\n")  // the watch is on the folder: the new inode counts
        #expect(watcher.poll(now: 1) == false)
        #expect(watcher.poll(now: 1.1) == true)
    }

    @Test("Other files of the folder (swap files, backups, other scenes) are ignored")
    func otherFilesIgnored() throws {
        let watcher = try watcher()
        try write(".scene.lua.swp")
        try write("scene.lua~")
        try write("other.lua")
        #expect(watcher.poll(now: 0) == false)
        #expect(watcher.hasPendingChange == false)
        #expect(watcher.poll(now: 10) == false)
    }

    @Test("A burst of saves is one change, reported after the last one has been quiet")
    func burstIsOneChange() throws {
        let watcher = try watcher()
        for i in 0..<20 {
            try saveByRename("scene.lua", "return \(i)\n")
            #expect(watcher.poll(now: Double(i) * 0.01) == false)  // each save restarts the debounce
        }
        #expect(watcher.poll(now: 0.235) == false)
        #expect(watcher.poll(now: 0.245) == true)
        #expect(watcher.poll(now: 1) == false)
    }

    @Test("A folder that does not exist is a clear error naming it")
    func missingFolder() {
        #expect {
            _ = try FileWatcher(directory: folder.path + "/nowhere") { _ in true }
        } throws: { error in
            "\(error)".hasPrefix("cannot watch \(folder.path)/nowhere for changes: No such file")
        }
    }
}
