import ChoreoCore
import ChoreoRuntime

/// A provider of a Lua plugin, living in one script host's Lua state (see ScriptHost+Plugins).
///
/// `@unchecked Sendable` like `LuaFunctionCurve`: it is engine-confined, made and used only on
/// its host's turns.
final class LuaTimingProvider: TimingProvider, @unchecked Sendable {
    let name: String
    let parameters: [ProviderParameter]
    let source: String
    let hasExactEndpoints: Bool
    private let progressFunction: LuaFunctionRef?
    private let velocityFunction: LuaFunctionRef?
    private let curveFactory: LuaFunctionRef?
    /// A number of seconds, a function of params, or nil.
    private let durationValue: LuaValue
    private let bakeSamples: Int?
    private weak var host: ScriptHost?
    /// Baked curves by parameter values: sampling is the costly part, and values repeat.
    private var bakedCurves: [[Double]: BakedCurve] = [:]

    var hasVelocity: Bool { velocityFunction != nil }
    /// A declared duration, or (for a curve factory) whether its curve at the defaults has one.
    var hasDuration: Bool {
        if !durationValue.isNil { return true }
        guard curveFactory != nil else { return false }
        return (try? makeCurve(values: parameters.map(\.defaultValue)))?.duration != nil
    }

    static let fields = ["progress", "velocity", "duration", "params", "curve", "exactEndpoints", "bake"]

    /// A provider from what the plugin's `providers` table holds under its name: a function of t,
    /// or a table (see `fields`).
    init(name: String, value: LuaValue, source: String, host: ScriptHost) throws {
        self.name = name
        self.source = source
        self.host = host
        if let function = value.functionValue {
            progressFunction = function
            velocityFunction = nil
            curveFactory = nil
            durationValue = .nil
            bakeSamples = nil
            parameters = []
            hasExactEndpoints = true
            return
        }
        guard let table = value.tableValue else {
            throw ScriptValues.mismatch(name, "a function of t or a provider table { progress = fn, ... }", value)
        }
        try table.checkKeys(allowed: Self.fields, of: "field of provider \(name)")
        progressFunction = table["progress"].functionValue
        curveFactory = table["curve"].functionValue
        guard (progressFunction == nil) != (curveFactory == nil) else {
            throw ArgumentError(parameter: name, requirement: "must have either a progress function or a curve function",
                                value: progressFunction == nil ? "neither" : "both")
        }
        for field in ["progress", "curve", "velocity"] where !table[field].isNil && table[field].functionValue == nil {
            throw ScriptValues.mismatch("\(name).\(field)", "a function", table[field])
        }
        velocityFunction = table["velocity"].functionValue
        durationValue = table["duration"]
        if let seconds = durationValue.doubleValue {
            _ = try requirePositive(seconds, "\(name).duration")
        } else if !durationValue.isNil && durationValue.functionValue == nil {
            throw ScriptValues.mismatch("\(name).duration", "seconds or a function of params", durationValue)
        }
        hasExactEndpoints = try BindingInput.optionalBoolean(table["exactEndpoints"], "\(name).exactEndpoints") ?? true
        if table["bake"].isNil {
            bakeSamples = nil
        } else {
            guard let samples = table["bake"].intValue, (2...100_000).contains(samples) else {
                throw ScriptValues.mismatch("\(name).bake", "a sample count within 2...100000", table["bake"])
            }
            bakeSamples = samples
        }
        var parameters: [ProviderParameter] = []
        if let params = table["params"].tableValue {
            guard params.keys.count <= PluginLimits.parameters else {
                throw ArgumentError(parameter: "\(name).params", requirement: "must hold at most \(PluginLimits.parameters) parameters",
                    value: "\(params.keys.count)")
            }
            for key in params.keys {
                guard case .name(let parameter) = key else { throw ArgumentError(parameter: "\(name).params", requirement: "must be named", value: key.description) }
                let value = try BindingInput.finite(params[parameter], "\(name).params.\(parameter)")
                parameters.append(ProviderParameter(name: parameter, defaultValue: value))
            }
        } else if !table["params"].isNil {
            throw ScriptValues.mismatch("\(name).params", "a table of names and default values", table["params"])
        }
        self.parameters = parameters.sorted { $0.name < $1.name }
    }

    /// Makes the curve at the defaults (which samples it): what loading a plugin checks.
    func validate() throws {
        _ = try makeCurve(values: parameters.map(\.defaultValue))
    }

    func makeCurve(values: [Double]) throws -> any TimingCurve {
        guard let host, !host.vm.isClosed else {
            throw ArgumentError(parameter: name, requirement: "is not available: its script host is closed", value: name)
        }
        let params = host.vm.newTable(zip(parameters, values).map { ($0.name, .number($1)) })
        if let curveFactory {
            let made = try host.vm.call(curveFactory, [.table(params)]).first ?? .nil
            let curve = try host.curve(from: made, name: name)
            let hadError = host.deferredError != nil
            try checkSamples { curve.progress(within: $0) }
            if !hadError { try host.throwDeferredError() }  // a Lua curve the factory made failed
            return curve
        }
        guard let progressFunction else { preconditionFailure("a provider has progress or curve") }
        let seconds = try duration(params: params, host: host)
        if let bakeSamples {
            if let baked = bakedCurves[values] { return baked }
            let table = try MonotoneCubicCurve(samples: bakeSamples) { t in try self.value(progressFunction, t, params, host) }
            let baked = BakedCurve(table: table, duration: seconds)
            bakedCurves[values] = baked
            return baked
        }
        try checkSamples { t in try self.value(progressFunction, t, params, host) }
        if let velocityFunction { try checkSamples { t in try self.value(velocityFunction, t, params, host, what: "velocity") } }
        return LuaFunctionCurve(
            name: name, progress: progressFunction, velocity: velocityFunction, duration: seconds,
            extraArguments: [.table(params)], host: host)
    }

    private func duration(params: LuaTableRef, host: ScriptHost) throws -> Double? {
        if let seconds = durationValue.doubleValue { return seconds }
        guard let function = durationValue.functionValue else { return nil }
        let result = try host.vm.call(function, [.table(params)]).first ?? .nil
        guard let seconds = result.doubleValue, seconds.isFinite, seconds > 0 else {
            throw ScriptValues.mismatch("\(name).duration(params)", "a finite number of seconds > 0", result)
        }
        return seconds
    }

    /// A function's result at t, which must be a finite number.
    private func value(
        _ function: LuaFunctionRef, _ t: Double, _ params: LuaTableRef, _ host: ScriptHost, what: String = "progress"
    ) throws -> Double {
        let result = try host.vm.call(function, [.number(t), .table(params)]).first ?? .nil
        guard let number = result.doubleValue, number.isFinite else {
            let got = result.doubleValue.map(formatNumber) ?? ScriptValues.luaTypeName(result)
            throw ArgumentError(parameter: "\(name) \(what)", requirement: "must be a finite number at t = \(formatNumber(t))",
                                value: got)
        }
        return what == "progress" ? try requireProgress(number, "\(name) progress at t = \(formatNumber(t))")
            : try requireFinite(number, "\(name) \(what) at t = \(formatNumber(t))")
    }

    /// Progress (or velocity) at t = 0, 0.1, ..., 1 must be finite.
    private func checkSamples(_ body: (Double) throws -> Double) throws {
        for step in 0...10 {
            let t = Double(step) / 10
            let value = try body(t)
            guard value.isFinite else {
                throw ArgumentError(parameter: "\(name) progress", requirement: "must be a finite number at t = \(formatNumber(t))",
                                    value: formatNumber(value))
            }
            _ = try requireProgress(value, "\(name) progress at t = \(formatNumber(t))")
        }
    }
}
