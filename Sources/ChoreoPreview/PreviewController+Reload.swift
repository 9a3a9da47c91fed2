import ChoreoLua
import ChoreoRuntime

/// Hot reload: the file watcher (the window's) calls `reload()` after a save.
extension PreviewController {
    /// Loads the scene file again, replays it headless from 0 to the playhead on the virtual
    /// clock, and swaps it in: playhead (clamped to the new end), speed, loop, range and paused
    /// state unchanged. A script error — at the top level, or in a callback before the playhead —
    /// or an unreadable file keeps the last good scene and reports the error with `file:line` in
    /// `status` (`.loadFailed`); a later good reload clears it. The old scene, engine and Lua
    /// state are released.
    public func reload() {
        reload(countsAsReload: true)
    }

    func reload(countsAsReload: Bool) {
        let path = configuration.scenePath
        do {
            let source: String
            do { source = try ScriptFile.read(path) } catch { throw PreviewScriptError(message: "\(error)") }
            let fresh = try PreviewSession(
                source: source, chunkName: path, configuration: configuration, printHandler: printHandler)
            let newEnd = options.duration
                ?? PreviewSession.runLength(
                    source: source, chunkName: path, configuration: configuration, limit: PreviewOptions.defaultLimit)
            let target = min(time, newEnd)
            try fresh.advance(to: target)
            session = fresh
            end = newEnd
            time = fresh.time
            status = .ok
            if countsAsReload { reloads += 1 }
        } catch {
            status = .loadFailed(PreviewScriptError(error))
        }
        revision += 1
    }
}
