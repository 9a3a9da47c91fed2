import CLua
import CLuaShim
import ChoreoCore

/// A timing curve written in Lua: a function of t (`Timing.register("smoothstep", function(t)
/// return t * t * (3 - 2 * t) end)`), or a provider table `{ progress = fn, velocity = fn,
/// duration = seconds }` (DESIGN §6).
///
/// Progress calls the function through `ScriptHost.deferredCall`, because curves are evaluated
/// where nothing can throw (a frame computing presentation values). A call that raises, or that
/// returns anything but a finite number, is kept as the host's `deferredError`, naming the curve
/// and where its function is defined (`scene.lua:3: timing curve 'smoothstep' must return a
/// finite number (got the string "fast" at t = 0.5)`); the curve then answers t (linear) until
/// the error has been reported, so one bad curve gives one error, not one per frame.
///
/// `@unchecked Sendable`: `TimingCurve` is `Sendable` so that built-in curves can be shared
/// freely, but this one calls into the script's Lua state, which is single-threaded. It is
/// engine-confined: made by script code and evaluated only on the engine's turns (frames,
/// callbacks, script calls), which never run concurrently (DESIGN §4). Evaluating it from another
/// thread (a renderer plotting curves in parallel) is a programmer error.
final class LuaFunctionCurve: TimingCurve, @unchecked Sendable {
    /// The name errors give the curve: its registered name, or the parameter it was given for.
    let name: String
    let progressFunction: LuaFunctionRef
    let velocityFunction: LuaFunctionRef?
    /// The provider's own duration in seconds, if it declares one.
    let ownDuration: Double?
    /// Where the progress function is defined (`scene.lua:3`), for messages.
    let site: String?
    /// Passed after t on every call: a plugin provider's parameter table (`progress(t, params)`).
    let extraArguments: [LuaValue]
    /// The Lua state that runs the functions (the host's). A curve outliving its script (in an
    /// animation Swift still holds) finds it closed and answers linearly instead of touching it.
    private let vm: LuaVM
    /// The host's deferred error: the curve records its failure there, and stays linear while
    /// one is waiting. Held instead of the host itself, whose weak load costs more per sample
    /// than the Lua call.
    private let errors: DeferredErrorSlot

    init(
        name: String, progress: LuaFunctionRef, velocity: LuaFunctionRef? = nil, duration: Double? = nil,
        extraArguments: [LuaValue] = [], host: ScriptHost
    ) {
        self.name = name
        self.extraArguments = extraArguments
        progressFunction = progress
        velocityFunction = velocity
        ownDuration = duration
        site = progress.definitionSite
        vm = host.vm
        errors = host.deferredErrorSlot
    }

    func progress(within t: Double) -> Double {
        evaluate(progressFunction, at: t, what: "progress") ?? t
    }

    func velocity(within t: Double) -> Double? {
        velocityFunction.flatMap { evaluate($0, at: t, what: "velocity") }
    }

    var duration: Double? { ownDuration }

    /// The function's finite result, or nil after recording why there is none. The hot path (a
    /// frame sampling the curve) allocates nothing: one `LuaVM.callForNumber`, and messages are
    /// only built on failure.
    /// Progress must stay within ±1e6 and velocity within ±1e15 (`NumberLimits`), so that the
    /// values the curve paces stay finite.
    private func evaluate(_ function: LuaFunctionRef, at t: Double, what: String) -> Double? {
        guard !vm.isClosed, errors.error == nil else { return nil }
        let limit = what == "progress" ? NumberLimits.progress : NumberLimits.magnitude
        let result: LuaNumberResult
        do {
            // On the engine turn's budget, like every callback: a frame's samples share one.
            result = try vm.sharingBudget { () throws(LuaError) in try vm.callForNumber(function, t, extraArguments) }
        } catch {
            if case let .runtime(message, traceback) = error {
                // Said once: a curve that samples itself fails through every level of the
                // recursion with the same place.
                let place = " (in \(subject(what)) at t = \(formatNumber(t)))"
                errors.error = .runtime(message: message.hasSuffix(place) ? message : message + place, traceback: traceback)
            } else {
                errors.error = error
            }
            return nil
        }
        let got: String
        switch result {
        case .number(let value) where value.isFinite && abs(value) <= limit: return value
        case .number(let value) where value.isFinite:
            errors.error = .runtime(
                message: "\(site.map { $0 + ": " } ?? "")\(subject(what)) must return a number within ±\(formatLimit(limit)) "
                    + "(got \(formatNumber(value)) at t = \(formatNumber(t)))",
                traceback: "")
            return nil
        case .number(let value): got = formatNumber(value)
        case .other(let value): got = value.map { $0.doubleValue.map(formatNumber) ?? ScriptValues.luaTypeName($0) } ?? "nothing"
        }
        let position = site.map { $0 + ": " } ?? ""
        errors.error = .runtime(
            message: "\(position)\(subject(what)) must return a finite number (got \(got) at t = \(formatNumber(t)))",
            traceback: "")
        return nil
    }

    /// What messages call the function: "timing curve 'name'" or "the velocity of ...".
    private func subject(_ what: String) -> String {
        what == "progress" ? "timing curve '\(name)'" : "the velocity of timing curve '\(name)'"
    }
}

extension ScriptHost {
    /// A curve from a Lua function of t, named for messages.
    func functionCurve(_ function: LuaFunctionRef, name: String) -> LuaFunctionCurve {
        LuaFunctionCurve(name: name, progress: function, host: self)
    }

    /// A curve from a provider table: `progress` (a function of t, required), `velocity` (a
    /// function of t) and `duration` (seconds > 0); other fields (`params`, `name`) are ignored.
    func providerCurve(_ table: LuaTableRef, name: String) throws(ArgumentError) -> LuaFunctionCurve {
        guard let progress = table["progress"].functionValue else {
            throw ScriptValues.mismatch("\(name).progress", "a function of t", table["progress"])
        }
        let velocity = table["velocity"]
        guard velocity.isNil || velocity.functionValue != nil else {
            throw ScriptValues.mismatch("\(name).velocity", "a function of t", velocity)
        }
        var duration: Double?
        let given = table["duration"]
        if !given.isNil {
            guard let seconds = given.doubleValue else { throw ScriptValues.mismatch("\(name).duration", "a number", given) }
            duration = try requirePositive(seconds, "\(name).duration")
        }
        return LuaFunctionCurve(name: name, progress: progress, velocity: velocity.functionValue, duration: duration, host: self)
    }
}
