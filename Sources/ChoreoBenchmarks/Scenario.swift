import ChoreoCore
#if canImport(Glibc)
import Glibc
#endif

/// One benchmark: a named workload measured in a unit of its own.
struct Scenario: Sendable {
    let name: String
    let summary: String
    let unit: String
    /// Runs the workload once at a size and returns its measurement in `unit`, plus extra JSON fields.
    let body: @Sendable (WorkloadSize) -> (value: Double, extra: [(String, Double)])
    /// Runs when `--runs` is not given: 5, or 1 for a scenario that measures one long run.
    var defaultRuns = 5

    init(name: String, summary: String, unit: String, defaultRuns: Int = 5,
         body: @escaping @Sendable (WorkloadSize) -> (value: Double, extra: [(String, Double)])) {
        (self.name, self.summary, self.unit, self.defaultRuns, self.body) = (name, summary, unit, defaultRuns, body)
    }

    static let all: [Scenario] = [
        frame10k, frame100k, luaScene10k, luaSetup10k, memory10k, bezierSolve, springEval, luaCurve, pluginCurves, realtime60Hz, renderFrame, soak, previewPacing, preview10k, previewReload,
    ]

    static func named(_ name: String) -> Scenario? { all.first { $0.name == name } }

    func measure(runs: Int, size: WorkloadSize = .full) -> BenchmarkResult {
        var results: [(value: Double, extra: [(String, Double)])] = []
        for _ in 0..<runs { results.append(body(size)) }
        results.sort { $0.value < $1.value }
        // The extra fields (baselines, ratios) are the median run's own, measured beside it.
        let median = results[results.count / 2]
        return BenchmarkResult(
            scenario: name, unit: unit, median: median.value, min: results[0].value,
            max: results[results.count - 1].value, runs: runs, extra: median.extra)
    }
}

/// How much work a scenario does: `full` is what the numbers mean; `quick` (the hidden
/// `--quick` flag) shrinks every loop so a test can check that a scenario runs and prints.
struct WorkloadSize: Sendable {
    var isQuick: Bool
    /// `--seconds`: how long a real-time scenario runs, when given.
    var seconds: Double?

    static let full = WorkloadSize(isQuick: false)
    static let quick = WorkloadSize(isQuick: true)

    /// `n`, or a thousandth of it (at least 1) when quick.
    func scaled(_ n: Int) -> Int { isQuick ? max(1, n / 1000) : n }
}

struct BenchmarkResult {
    let scenario: String, unit: String
    let median: Double, min: Double, max: Double
    let runs: Int
    let extra: [(String, Double)]

    var json: String {
        var fields = [
            "\"scenario\": \"\(scenario)\"", "\"unit\": \"\(unit)\"", "\"median\": \(Self.json(median))",
            "\"min\": \(Self.json(min))", "\"max\": \(Self.json(max))", "\"runs\": \(runs)",
        ]
        fields += extra.map { "\"\($0.0)\": \(Self.json($0.1))" }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// A JSON number; `null` for NaN or infinity, which JSON cannot spell.
    static func json(_ value: Double) -> String { value.isFinite ? "\(value)" : "null" }

    var text: String {
        var line = "\(scenario): median \(median) \(unit) (min \(min), max \(max), \(runs) runs)"
        for (key, value) in extra { line += "; \(key) \(value)" }
        return line
    }
}

/// Seconds of the monotonic clock.
func monotonicSeconds() -> Double { clockSeconds(CLOCK_MONOTONIC) }

/// Seconds of CPU time the calling thread has used.
func threadCPUSeconds() -> Double { clockSeconds(CLOCK_THREAD_CPUTIME_ID) }

/// The reading of `clock` in seconds.
private func clockSeconds(_ clock: clockid_t) -> Double {
    var spec = timespec()
    clock_gettime(clock, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

/// A small deterministic generator (SplitMix64), so every run measures the same inputs.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
