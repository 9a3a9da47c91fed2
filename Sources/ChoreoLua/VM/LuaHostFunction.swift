import CLua
import CLuaShim

/// A Swift function callable from Lua: reads its arguments from the context, pushes its results
/// and returns how many it pushed. Throwing is how it raises a Lua error.
///
///     vm.registerGlobal("after") { call in
///         let delay = try call.number(at: 1, name: "delay")
///         let action = try call.function(at: 2, name: "action")
///         call.push(object: engine.after(delay, action))
///         return 1
///     }
///
/// Errors: ``LuaCallError`` is raised as it is (with `file:line:` in front); a ``LuaError`` from a
/// nested call is raised unchanged; anything else (an `ArgumentError` from ChoreoCore, a host
/// error) is raised as `Name.call: <description>`. Nothing is ever raised while Swift frames are
/// on the C stack: the dispatcher returns first and the C trampoline raises (lua-embedding.md §2).
public typealias LuaHostFunction = (LuaCallContext) throws -> Int

/// The box behind one host function: retained by the Lua userdata the trampoline closes over.
final class LuaHostFunctionBox {
    enum Role { case function, method, property }

    let name: String
    let role: Role
    let body: LuaHostFunction

    init(name: String, role: Role, body: @escaping LuaHostFunction) {
        self.name = name
        self.role = role
        self.body = body
    }

    /// A +1 pointer for a Lua slot; `luaRelease` balances it when the slot is collected.
    func retainedPointer() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    /// Runs the body. This is the one place where errors cross from Swift to Lua: they become a
    /// message on top of the stack and a negative return for the C trampoline to raise.
    func invoke(on state: OpaquePointer, vm: LuaVM) -> Int32 {
        let base = lua_gettop(state)
        let savedState = vm.activeState, savedExhausted = vm.stackExhausted
        vm.activeState = state
        vm.stackExhausted = false
        defer {
            vm.activeState = savedState
            vm.stackExhausted = savedExhausted
        }
        do {
            let context = LuaCallContext(
                state: state, vm: vm, classKeys: vm.classKeys, functionName: name, role: role, argumentCount: Int(base))
            let results = try body(context)
            if vm.stackExhausted { throw LuaCallError("\(name): stack overflow (no room for the results)") }
            guard results >= 0, results <= Int(lua_gettop(state)) else {
                throw LuaCallError("\(name): returned \(results) results but pushed fewer")
            }
            return Int32(results)
        } catch {
            lua_settop(state, base)  // frees what the body pushed; the C function's 20 slots remain
            switch error {
            case let error as LuaError:
                LuaVM.push(error.message, on: state)
                return -2  // already positioned: raise unchanged
            case let error as LuaCallError:
                LuaVM.push(error.message, on: state)
            default:
                LuaVM.push("\(name): \(error)", on: state)
            }
            return -1  // the trampoline prefixes the caller's file:line
        }
    }
}

/// The dispatcher the shim calls for every host function (`lsx_dispatch_fn`).
func luaDispatch(_ state: OpaquePointer?, _ box: UnsafeMutableRawPointer?) -> Int32 {
    guard let state, let box, let host = lsx_host(state) else { return 0 }
    // Neither is retained for the call: the VM runs the state that calls (its run is on the
    // stack below), and the box is an upvalue of the closure being called. A retain and a
    // release are two atomic operations a call, and scripts make calls by the ten thousand.
    return Unmanaged<LuaVM>.fromOpaque(host)._withUnsafeGuaranteedRef { vm in
        let status = Unmanaged<LuaHostFunctionBox>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.invoke(on: state, vm: vm) }
        // References dropped during the call (a `View.animate`'s options table and block, once the
        // block has run) are released on the way back to Lua, not only when the outermost call
        // returns: a scene's top level is one call, and ten thousand blocks kept their closures,
        // tables and upvalues alive to its end (2.8 MB of 10,000 animated views' Lua heap).
        vm.releasePendingReferences(state)
        return status
    }
}

/// Balances the +1 of a host function box or a bridged object when its userdata is collected
/// (`lsx_release_fn`). Runs inside the collector: it must not touch the Lua state.
func luaRelease(_ box: UnsafeMutableRawPointer?) {
    guard let box else { return }
    Unmanaged<AnyObject>.fromOpaque(box).release()
}
