import ChoreoCore
import FoundationEssentials

/// Global slow motion for real-time runs, as the iOS Simulator's Debug ▸ Slow Animations:
/// `--slow-animations N` or `CHOREO_SLOW_ANIMATIONS=N` makes scene time run N times slower than
/// the wall clock in `choreo run --realtime` and `choreo preview`.
///
///     let factor = try SlowAnimations.factor(option: nil, environmentValue: "10")   // 10
///     try engine.runRealtime(duration: 2, fps: 60, slowAnimations: factor)     // 20 s of wall time
///
/// What it slows: the whole of scene time, the root of the timing tree (Flutter's `timeDilation`
/// on frame timestamps), not animation durations (Android's duration scale) and not the
/// animations alone (the Simulator's Core Animation clock). Timers, display links and
/// `CACurrentMediaTime()` slow down with the animations, so a scene sequenced by `after` or by
/// completions looks exactly as at 1×, only slower, and every value it reports (durations,
/// timestamps, `duration` of a display link in scene seconds) is the 1× one. Frames still come at
/// the display's rate, so slow motion is smooth: at 10× on a 60 Hz display the scene is sampled
/// every 1/600 s of scene time. Headless runs are not affected: they have no wall clock to slow.
public enum SlowAnimations {
    /// The environment variable: `CHOREO_SLOW_ANIMATIONS=10 choreo preview scene.lua`.
    public static let environmentVariable = "CHOREO_SLOW_ANIMATIONS"
    /// The factors accepted: 1 (off) to 100.
    public static let range: ClosedRange<Double> = 1...100

    /// The factor to use: the command-line option if given, else the environment variable's
    /// value if set (and not empty), else 1.
    /// - Throws: `ArgumentError` naming the option or the variable for a value that is not a
    ///   number within `range`.
    public static func factor(option: Double?, environmentValue: String?) throws(ArgumentError) -> Double {
        if let option { return try check(option, "--slow-animations") }
        guard let text = environmentValue, !text.isEmpty else { return 1 }
        guard let value = Double(text) else {
            throw ArgumentError(parameter: environmentVariable, requirement: "must be a number within 1...100", value: text)
        }
        return try check(value, environmentVariable)
    }

    /// `factor(option:environmentValue:)` with the variable read from `environment` (the
    /// process's by default).
    public static func factor(
        option: Double?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ArgumentError) -> Double {
        try factor(option: option, environmentValue: environment[environmentVariable])
    }

    /// `value` if it is a factor within `range`, else an error naming `name`.
    public static func check(_ value: Double, _ name: String) throws(ArgumentError) -> Double {
        guard value.isFinite, range.contains(value) else {
            throw ArgumentError(parameter: name, requirement: "must be a number within 1...100", value: value)
        }
        return value
    }
}
