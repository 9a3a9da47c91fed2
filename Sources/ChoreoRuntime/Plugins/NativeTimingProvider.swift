import ChoreoCore
import ChoreoPluginABI

/// A provider of a native plugin: the C functions of its `choreo_provider`.
///
/// `@unchecked Sendable`: it holds C function pointers into a library that is never unloaded,
/// and the ABI requires them to be pure functions callable from any thread (choreo_plugin.h).
public struct NativeTimingProvider: TimingProvider, @unchecked Sendable {
    public typealias Progress = @convention(c) (UnsafePointer<Double>?, Double) -> Double
    public typealias Duration = @convention(c) (UnsafePointer<Double>?) -> Double
    public typealias Check = @convention(c) (UnsafePointer<Double>?) -> UnsafePointer<CChar>?

    public let name: String
    public let parameters: [ProviderParameter]
    public let source: String
    let progressFunction: Progress
    let velocityFunction: Progress?
    let durationFunction: Duration?
    let checkFunction: Check?
    public let hasExactEndpoints: Bool

    public var hasVelocity: Bool { velocityFunction != nil }
    public var hasDuration: Bool { durationFunction != nil }

    /// The curve for `values`, after the plugin's own check and a look at a few samples: the
    /// values are refused when the plugin says why, when the duration is not finite and > 0, or
    /// when progress is not finite at t = 0, 0.1, ..., 1.
    public func makeCurve(values: [Double]) throws -> any TimingCurve {
        let curve = NativeProviderCurve(provider: self, values: values)
        let given = parameters.isEmpty ? "" : " with " + zip(parameters, values)
            .map { "\($0.name) = \(formatNumber($1))" }.joined(separator: ", ")
        if let check = checkFunction, let message = values.withUnsafeBufferPointer({ check($0.baseAddress) }) {
            throw ArgumentError(parameter: name, requirement: "refuses these parameters: " + String(cString: message),
                                value: String(given.dropFirst(6)))
        }
        if durationFunction != nil {
            guard let seconds = curve.duration, seconds.isFinite, seconds > 0 else {
                throw ArgumentError(parameter: name, requirement: "must give a finite duration > 0\(given)",
                                    value: formatNumber(curve.rawDuration))
            }
        }
        for step in 0...10 {
            let t = Double(step) / 10
            let value = curve.rawProgress(t)
            guard NumberLimits.isProgress(value) else {
                let within = value.isFinite ? " within ±\(formatLimit(NumberLimits.progress))" : ""
                throw ArgumentError(
                    parameter: name, requirement: "must give a finite progress\(within) at t = \(formatNumber(t))\(given)",
                    value: formatNumber(value))
            }
        }
        return curve
    }
}

/// A native provider with its parameter values.
///
/// A value the plugin gets wrong later (NaN, or beyond ±1e6, between the samples `makeCurve` looked at) is not
/// passed on: progress falls back to t and velocity to a finite difference, so a NaN never
/// reaches a presentation value.
public struct NativeProviderCurve: TimingCurve, @unchecked Sendable {
    public let provider: NativeTimingProvider
    public let values: [Double]
    private let ownDuration: Double?

    init(provider: NativeTimingProvider, values: [Double]) {
        self.provider = provider
        self.values = values
        let seconds = provider.durationFunction.map { function in values.withUnsafeBufferPointer { function($0.baseAddress) } }
        ownDuration = seconds
    }

    /// What the plugin says at t, unchecked (also at t = 1, for `choreo plugins check`).
    public func rawProgress(_ t: Double) -> Double {
        values.withUnsafeBufferPointer { provider.progressFunction($0.baseAddress, t) }
    }

    /// The plugin's velocity at t, unchecked; nil when it gives none.
    public func rawVelocity(_ t: Double) -> Double? {
        guard let velocity = provider.velocityFunction else { return nil }
        return values.withUnsafeBufferPointer { velocity($0.baseAddress, t) }
    }

    var rawDuration: Double { ownDuration ?? .nan }

    public func progress(within t: Double) -> Double {
        let value = rawProgress(t)
        return NumberLimits.isProgress(value) ? value : t
    }

    public func velocity(within t: Double) -> Double? {
        guard let value = rawVelocity(t), value.isFinite, abs(value) <= NumberLimits.magnitude else { return nil }
        return value
    }

    public var duration: Double? {
        guard let ownDuration, ownDuration.isFinite, ownDuration > 0 else { return nil }
        return ownDuration
    }
}
