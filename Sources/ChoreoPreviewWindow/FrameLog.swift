#if canImport(Glibc)
import Glibc
#endif
import ChoreoCore
import ChoreoRender
import ChoreoRuntime

/// `choreo preview --frame-log FILE`: one JSON line per presented frame, flushed at once, so a
/// test or a benchmark outside the process sees what the window shows as it happens.
///
///     {"frame":12,"vsync":0.2,"presented":5071.93,"time":1.25,"speed":0.5,"paused":true,"in":1,"out":2,"loop":true,
///      "skipped":0,"hud":false,"reload":"reloaded (2)","error":null}
///
/// `vsync` is the display-link timestamp of the frame in seconds of the preview's monotonic
/// clock (0 when the window opened); `time` is the scene time drawn; `in` and `out` are null
/// when not set; `reload` is the HUD's reload status; `error` the script error shown, if any.
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

    func record(frame: Int, vsync: Double, content: PreviewHUD.Content, showsHUD: Bool) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let presented = Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
        fputs(Self.line(frame: frame, vsync: vsync, presented: presented, content: content, showsHUD: showsHUD) + "\n", file)
        fflush(file)
    }

    static func line(frame: Int, vsync: Double, presented: Double, content c: PreviewHUD.Content, showsHUD: Bool) -> String {
        func number(_ value: Double?) -> String { value.map(formatNumber) ?? "null" }
        func string(_ value: String?) -> String { value.map(jsonString) ?? "null" }
        return "{\"frame\":\(frame),\"vsync\":\(number(vsync)),\"presented\":\(number(presented)),\"time\":\(number(c.time)),\"speed\":\(number(c.speed)),"
            + "\"paused\":\(c.isPaused),\"in\":\(number(c.inPoint)),\"out\":\(number(c.outPoint)),\"loop\":\(c.isLooping),"
            + "\"skipped\":\(c.skippedFrames),\"hud\":\(showsHUD),\"reload\":\(string(c.reloadStatus)),\"error\":\(string(c.error))}"
    }
}
