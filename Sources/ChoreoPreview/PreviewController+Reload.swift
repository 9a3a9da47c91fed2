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
            var fresh = try PreviewSession(
                source: source, chunkName: path, configuration: configuration, printHandler: printHandler)
            let limit = options.duration ?? PreviewOptions.defaultLimit
            try fresh.advance(to: min(time, limit))
            let newEnd = self.end(of: fresh, source: source, limit: limit)
            if fresh.time > newEnd {  // the new script ends before the playhead: back to its end
                fresh = try replay(fresh)
                try fresh.advance(to: newEnd)
            }
            session = fresh
            standby = nil
            end = newEnd
            time = fresh.time
            status = .ok
            if countsAsReload { reloads += 1 }
        } catch {
            status = .loadFailed(PreviewScriptError(error))
        }
        revision += 1
    }

    /// The timeline's length for a session just advanced to the playhead (or `limit`): the
    /// `--duration`, else when the script goes idle, at most `limit`. Known without another run
    /// when the session already went idle or reached the limit (a reload at 10 s); otherwise a
    /// headless run of the script finds it.
    private func end(of session: PreviewSession, source: String, limit: Double) -> Double {
        if let duration = options.duration { return duration }
        if let idle = session.idleTime { return min(idle, limit) }
        if session.time >= limit { return limit }
        return PreviewSession.runLength(source: source, chunkName: configuration.scenePath, configuration: configuration, limit: limit)
    }
}
