import ArgumentParser
import ChoreoCore
import ChoreoLua
import ChoreoRender
import ChoreoRuntime

/// `--script FILE`: run a scene script first, so the curves it registers are known too;
/// `--plugins DIR`: more plugins (the plugin path's are always loaded).
struct CurveSource: ParsableArguments {
    @Option(help: "Run this script first and include the curves it registers (Timing.register).")
    var script: String?
    @OptionGroup var plugins: PluginOptions

    func validate() throws {
        if let script { try validateInputFile(script, what: "the script") }
    }

    /// A host whose registry holds the built-in curves, the plugins' providers, and the script's
    /// registrations. Keep it while using the curves: Lua providers run in its Lua state.
    func host() throws -> ScriptHost {
        let host = try ScriptHost(scriptDirectory: script.map(ScriptFile.directory(of:)), plugins: plugins.catalog())
        warnAboutPlugins(host.pluginFailures)
        host.vm.printHandler = { _ in }
        guard let script else { return host }
        do {
            try host.run(fileAt: script)
        } catch {
            throw ScriptFailure(message: "\(error)")
        }
        return host
    }
}

/// `choreo curves list | eval NAME T... | table [NAME...]`
struct CurvesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curves",
        abstract: "List timing curves and evaluate them.",
        subcommands: [List.self, Eval.self, Table.self, Plot.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the curves known by name.")

        @OptionGroup var source: CurveSource

        func run() throws {
            for name in try source.host().registry.names { print(name) }
        }
    }

    struct Eval: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a curve's progress and velocity at time fractions.",
            discussion: "NAME is a curve name or a spec such as 'cubic-bezier(0.57,-0.4,0.96,0.87)'.")

        @Argument(help: "The curve.") var name: String
        @Argument(help: "Time fractions in 0...1.") var times: [Double]
        @Option(name: .customLong("param"), help: ArgumentHelp(
            "A parameter of a plugin's provider, such as overshoot=2 (repeatable).", valueName: "name=value"))
        var parameters: [String] = []
        @OptionGroup var source: CurveSource

        func validate() throws {
            if times.isEmpty { throw ValidationError("give at least one time fraction T") }
            for t in times where !(t.isFinite && (0...1).contains(t)) {
                throw ValidationError("each time fraction T must be a number within 0...1 (got \(formatNumber(t)))")
            }
            _ = try parameterValues()
        }

        /// `--param name=value` items as a dictionary.
        func parameterValues() throws -> [String: Double] {
            var values: [String: Double] = [:]
            for item in parameters {
                let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty, let value = Double(parts[1]), value.isFinite else {
                    throw ValidationError("--param must be name=number, a finite number (got \(item))")
                }
                values[parts[0]] = value
            }
            return values
        }

        func run() throws {
            let host = try source.host()
            let curve: any TimingCurve
            do { curve = try host.registry.curve(named: name, parameters: try parameterValues()) } catch let error as ArgumentError {
                throw ValidationError(error.description)
            }
            print("t\tprogress\tvelocity")
            for t in times {
                print("\(formatNumber(t))\t\(formatNumber(curve.progress(at: t)))\t\(formatNumber(curve.velocity(at: t)))")
            }
        }
    }

    struct Table: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print several curves side by side over evenly spaced time fractions.")

        @Argument(help: "The curves (default: every built-in curve).") var names: [String] = []
        @Option(help: "Number of intervals between t = 0 and t = 1.") var steps: Int = 10
        @OptionGroup var source: CurveSource

        func validate() throws {
            if steps < 1 || steps > 10_000 { throw ValidationError("--steps must be within 1...10000") }
        }

        func run() throws {
            let host = try source.host()
            let registry = host.registry
            // By default the built-in (and script-registered) curves, not every plugin provider.
            let names = self.names.isEmpty ? registry.names.filter { registry.providers[$0] == nil } : self.names
            let curves = try names.map { try resolveCurve($0, in: registry) }
            print((["t"] + names).joined(separator: "\t"))
            for i in 0...steps {
                let t = Double(i) / Double(steps)
                let row = curves.map { fixed($0.progress(at: t)) }
                print(([fixed(t)] + row).joined(separator: "\t"))
            }
        }
    }
}

extension CurvesCommand {
    struct Plot: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a curve's progress and velocity over time (PNG or SVG).",
            discussion: "NAME is a curve name or a spec such as 'spring(1, 100, 10)'. The file's extension picks the format.")

        @Argument(help: "The curve.") var name: String
        @Option(help: "The file to write: FILE.png or FILE.svg.") var out: String
        @OptionGroup var source: CurveSource

        func validate() throws {
            if CurvePlot.format(of: out) == nil { throw ValidationError("--out must end in .png or .svg (got \(out))") }
        }

        func run() throws {
            let curve = try resolveCurve(name, in: try source.host().registry)
            do { try CurvePlot(curve: curve, name: name).write(to: out) } catch { throw RenderFailure(message: "\(error)") }
            print(out)
        }
    }
}

/// The curve named `name`, or a usage error that says what is valid.
func resolveCurve(_ name: String, in registry: TimingRegistry) throws -> any TimingCurve {
    do {
        return try registry.curve(named: name)
    } catch {
        throw ValidationError(error.description)
    }
}

/// `value` with 6 decimals, for aligned tables (beyond ±1e9, where 6 decimals stop fitting an
/// integer exactly, in the shortest form instead: `Int64` of 1e300 would trap).
func fixed(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e9 else { return formatNumber(value) }
    let scaled = (value * 1_000_000).rounded()
    let sign = scaled < 0 ? "-" : ""
    let magnitude = Int64(abs(scaled))
    let fraction = String(magnitude % 1_000_000)
    return "\(sign)\(magnitude / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
}
