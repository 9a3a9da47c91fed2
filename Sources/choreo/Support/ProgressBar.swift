#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar on standard error, drawn only when standard error is a terminal
/// (so logs and pipes stay clean).
struct ProgressBar {
    let isEnabled = isatty(2) == 1
    /// The number of steps, when known.
    let total: Int?
    let label: String

    func update(_ done: Int, detail: String) {
        guard isEnabled else { return }
        var line = "\r\(label) "
        if let total, total > 0 {
            let width = 30, filled = min(width, done * width / total)
            line += "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] \(done)/\(total)"
        } else {
            line += "\(done)"
        }
        writeToStandardError(line + " " + detail + "\u{1B}[K")
    }

    func finish() {
        guard isEnabled else { return }
        writeToStandardError("\r\u{1B}[K")
    }
}
