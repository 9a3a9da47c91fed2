#if canImport(Glibc)
import Glibc
#endif
import ChoreoCore
import ChoreoPreview
import ChoreoRender
import ChoreoRuntime

/// `choreo preview --frame-log FILE`: one JSON line per presented frame, flushed at once, so a
/// test or a benchmark outside the process sees what the window shows as it happens.
///
///     {"frame":12,"timestamp":0.2,"targetTimestamp":0.21666666666666667,"vsync":5071.9375,"presented":5071.93,
///      "pacing":"present","pacingNote":null,"time":1.25,"speed":0.5,"paused":true,"in":1,"out":2,"loop":true,
///      "skipped":0,"hud":false,"reloads":2,"error":null}
///
/// `timestamp` and `targetTimestamp` are the display-link tick's, in seconds of the preview's
/// monotonic clock (0 when the window opened); `vsync` is `targetTimestamp` in seconds of
/// CLOCK_MONOTONIC (the X server's vblank times are on that clock). `pacing` says what the vsync
/// grid comes from: "present" (the X server's vblanks) or "timer" (the display's nominal rate
/// from when the window opened), and `pacingNote` why not Present (null when it is). `skipped`
/// the frames skipped so far; `time` the scene time drawn; `in` and `out` null when not set;
/// `reloads` the good reloads so far; `error` the script error shown (`file:line: message`), if any.
/// `presented` is when the frame went to the window, in seconds of CLOCK_MONOTONIC (the system's:
/// another process compares it with its own readings, e.g. when it sent a key). Numbers use the
/// traces' shortest round-trip form.
final class FrameLog {
    private let file: UnsafeMutablePointer<FILE>

    struct OpenError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write the frame log \(path): \(reason)" }
    }

    init(path: String) throws(OpenError) {
        guard let file = fopen(path, "w") else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
        self.file = file
    }

    deinit { fclose(file) }

    /// Writes the frame's line; `clockOrigin` is the CLOCK_MONOTONIC seconds at the tick's 0.
    func record(frame: Int, tick: DisplayLinkTick, clockOrigin: Double, pacing: PacingSource, state: PreviewHUDState, showsHUD: Bool) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let presented = Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
        fputs(Self.line(frame: frame, tick: tick, vsync: clockOrigin + tick.targetTimestamp, presented: presented, pacing: pacing,
                        state: state, showsHUD: showsHUD) + "\n", file)
        fflush(file)
    }

    static func line(frame: Int, tick: DisplayLinkTick, vsync: Double, presented: Double, pacing: PacingSource,
                     state s: PreviewHUDState, showsHUD: Bool) -> String {
        func number(_ value: Double?) -> String { value.map(formatNumber) ?? "null" }
        return "{\"frame\":\(frame),\"timestamp\":\(number(tick.timestamp)),\"targetTimestamp\":\(number(tick.targetTimestamp)),"
            + "\"vsync\":\(number(vsync)),\"presented\":\(number(presented)),"
            + "\"pacing\":\"\(pacing.name)\",\"pacingNote\":\(pacing.note.map(jsonString) ?? "null"),\"time\":\(number(s.time)),\"speed\":\(number(s.speed)),"
            + "\"paused\":\(s.isPaused),\"in\":\(number(s.inPoint)),\"out\":\(number(s.outPoint)),\"loop\":\(s.isLooping),"
            + "\"skipped\":\(s.skippedFrames),\"hud\":\(showsHUD),\"reloads\":\(s.reloads),\"error\":\(s.status.message.map(jsonString) ?? "null")}"
    }
}
