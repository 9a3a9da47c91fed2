import ChoreoTestSupport
import Foundation
import Testing

/// `choreo-bench` runs and prints what Scripts/bench.sh reads. Never timed: every scenario runs
/// with the hidden `--quick` flag (a thousandth of the work), and only the shape of the output
/// and the exactness of results are checked, not speed.
@Suite("choreo-bench")
struct ChoreoBenchTests {
    static let scenarios = [
        "frame-10k", "frame-100k", "lua-scene-10k", "lua-setup-10k", "memory-10k", "bezier-solve", "spring-eval", "lua-curve", "plugin-curves",
        "realtime-60hz", "render-frame", "soak", "preview-pacing", "preview-10k", "preview-reload",
    ]

    /// Runs the `choreo-bench` built beside the test runner.
    private func bench(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("choreo-bench")
        process.arguments = arguments
        process.currentDirectoryURL = ChoreoCommand.packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readAllRetryingInterrupts()
        let errors = err.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    @Test("--list names every scenario of issue 10, one a line, with a summary")
    func list() throws {
        let result = try bench(["--list"])
        #expect(result.status == 0)
        let names = result.output.split(separator: "\n").map { $0.split(separator: "\t")[0] }.map(String.init)
        #expect(names == Self.scenarios)
    }

    @Test("an unknown scenario is a usage error that lists the valid ones")
    func unknown() throws {
        let result = try bench(["--scenario", "nope"])
        #expect(result.status == 64)
        #expect(result.errors.contains("unknown scenario 'nope'; valid: " + Self.scenarios.joined(separator: ", ")))
    }

    @Test("each scenario prints one JSON object with scenario, unit, median, min, max and runs", arguments: scenarios)
    func json(scenario: String) throws {
        let result = try bench(["--scenario", scenario, "--json", "--quick", "--runs", "1"])
        #expect(result.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["scenario"] as? String == scenario)
        #expect(object["unit"] is String)
        #expect(object["runs"] as? Int == 1)
        for key in ["median", "min", "max"] { #expect(object[key] is Double, "\(key)") }
        let expectedExtras: [String: [String]] = [
            "bezier-solve": ["c_ns", "ratio_vs_c", "max_error", "existential_ns"],
            "lua-curve": ["pcall_ns", "ratio_plain_vs_pcall", "ratio_baked_vs_native", "baked_ns", "native_ns"],
            "realtime-60hz": ["p99_jitter_ms", "drift_ms"],
            "lua-scene-10k": ["bare_ns", "lua_tweener_ns", "ratio_vs_lua_tweener", "tables_setup_s", "setup_ratio", "script_wall_s"],
            "lua-setup-10k": ["new_us", "add_us", "layer_us", "values_us", "block_us", "block_values_us", "setup_ratio"],
            "memory-10k": ["peak_rss_mb", "empty_rss_mb", "bytes_per_view", "bytes_per_animation", "object_layer_bytes"],
            "frame-10k": ["with_reads_ns"], "frame-100k": ["with_reads_ns", "frame_10k_ns", "ratio_100k_vs_10k"],
            "render-frame": ["draw_ms", "png_ms"],
            "preview-pacing": ["median_interval_ms", "p99_jitter_ms", "skipped_pct", "present_pct", "vsync_period_ms"],
            "preview-10k": ["ratio_vs_period", "skipped_pct"],
            "preview-reload": ["median_ms", "max_ms"],
            "soak": ["rss_start_mb", "rss_end_mb", "rss_peak_mb", "timer_late_p99_ms", "timer_drift_ms"],
        ]
        for key in expectedExtras[scenario] ?? [] { #expect(object[key] is Double, "\(key)") }
    }

    @Test("bezier-solve's C twin gives the Swift solver's results bit for bit, both within 1e-12 of the exact value")
    func bezierExactness() throws {
        let result = try bench(["--scenario", "bezier-solve", "--json", "--quick", "--runs", "1"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["max_difference_swift_c"] as? Double == 0)
        #expect(try #require(object["max_error"] as? Double) < 1e-12)
        #expect(try #require(object["max_error_c"] as? Double) < 1e-12)
    }
}
