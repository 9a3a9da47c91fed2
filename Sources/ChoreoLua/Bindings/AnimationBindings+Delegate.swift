import ChoreoCore

/// A Lua table as an animation's delegate (CAAnimationDelegate):
///
///     fade.delegate = {
///         animationDidStart = function(anim) end,
///         animationDidStop = function(anim, finished) end,
///     }
///
/// The functions are looked up in the table when each event happens (so a delegate may gain
/// them later, as an object would), and called through `ScriptHost.deferredCall` — the scene
/// delivers events where nothing can throw — with the animation the layer runs (the copy
/// `addAnimation` attached, as Core Animation passes) as its Lua object. An error is kept as the
/// host's `deferredError`. The table is held by a registry reference for as long as an animation
/// (or a copy of one) holds the delegate; Core Animation retains delegates strongly too.
final class LuaAnimationDelegate: AnimationDelegate {
    let table: LuaTableRef
    private weak var host: ScriptHost?

    init(table: LuaTableRef, host: ScriptHost) {
        self.table = table
        self.host = host
    }

    func animationDidStart(_ animation: Animation) {
        call("animationDidStart", [.object(animation)])
    }

    func animationDidStop(_ animation: Animation, finished: Bool) {
        call("animationDidStop", [.object(animation), .boolean(finished)])
    }

    private func call(_ method: String, _ arguments: [LuaValue]) {
        guard let host, !host.vm.isClosed, let function = table[method].functionValue else { return }
        // The animation handed over is the attached copy, which the layer's charge counted only
        // while attached: the script may keep it, so it is charged now (not checked against the
        // limit: a callback cannot fail here; the next allocation is).
        if case .object(let animation as Animation) = arguments.first, animation.memoryCharge == nil {
            animation.memoryCharge = host.vm.hostMemory.charge(animation.estimatedHostBytes)
        }
        host.deferredCall(function, arguments, as: .delegate)
    }
}

extension ScriptHost {
    static let delegateMethods = ["animationDidStart", "animationDidStop"]

    /// The delegate a script assigns: nil, or a table whose `animationDidStart` and
    /// `animationDidStop` fields are functions when present.
    func animationDelegate(from lua: LuaValue) throws(ArgumentError) -> LuaAnimationDelegate? {
        guard !lua.isNil else { return nil }
        guard let table = lua.tableValue else {
            throw ScriptValues.mismatch("delegate", "a table with animationDidStart and/or animationDidStop functions", lua)
        }
        for method in Self.delegateMethods {
            let value = table[method]
            guard value.isNil || value.functionValue != nil else {
                throw ScriptValues.mismatch("delegate.\(method)", "a function", value)
            }
        }
        return LuaAnimationDelegate(table: table, host: self)
    }
}
