import ChoreoCore
import ChoreoRuntime

extension ScriptHost {
    /// `choreo plugins check`: the problems of one provider at its defaults (`ProviderCheck`),
    /// each a sentence; empty when it passes.
    ///
    /// A provider's own functions are sampled, at t = 1 too: native ones raw (a NaN is seen, not
    /// replaced), Lua functions through their curve (an error or a non-number they return is
    /// reported). A curve a provider builds (`curve = function(p) ... end`) is checked as the
    /// curve it is, which ends on 1 by contract.
    public func checkProvider(_ provider: any TimingProvider) -> [String] {
        let curve: any TimingCurve
        do { curve = try provider.curve() } catch { return ["cannot make its curve at the defaults: \(Self.reason(error))"] }
        let progress: (Double) -> Double
        var velocity: ((Double) -> Double)?
        switch Self.innermost(curve) {
        case let native as NativeProviderCurve:
            progress = native.rawProgress
            if provider.hasVelocity { velocity = { native.rawVelocity($0) ?? .nan } }
        case let lua as LuaFunctionCurve:
            progress = lua.progress(within:)
            if lua.velocityFunction != nil { velocity = { lua.velocity(within: $0) ?? .nan } }
        case let other:
            progress = { other.progress(at: $0) }
            if other.velocity(within: 0.5) != nil { velocity = { other.velocity(at: $0) } }
        }
        let hadError = deferredError != nil
        var problems = ProviderCheck.problems(
            progress: progress, velocity: velocity, exactEndpoints: provider.hasExactEndpoints,
            duration: provider.hasDuration ? .some(curve.duration) : .none)
        if !hadError, let error = deferredError {
            deferredError = nil
            problems.insert(error.message, at: 0)
        }
        return problems
    }

    /// The curve inside curve objects.
    private static func innermost(_ curve: any TimingCurve) -> any TimingCurve {
        if let script = curve as? ScriptCurve { return innermost(script.unwrapped) }
        return curve
    }
}
