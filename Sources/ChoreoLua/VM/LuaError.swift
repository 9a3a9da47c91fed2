/// Why a chunk or a Lua function failed, as the host sees it.
///
/// Every message carries the script position Lua gave it (`scene.lua:12: ...`); runtime failures
/// and killed loops also carry a traceback. Memory failures have no traceback: Lua raises them
/// without calling a message handler, so the position is taken from the line that was running.
///
///     do { try vm.run(chunk: "error('boom')", name: "scene.lua") }
///     catch { print(error) }  // scene.lua:1: boom
///                             // stack traceback: ...
public enum LuaError: Error, Equatable, CustomStringConvertible {
    /// The chunk did not compile (or was a binary chunk): `scene.lua:3: unexpected symbol near 'x'`.
    case syntax(message: String)
    /// An error raised while running: by the script, by the Lua library, or by a host function.
    case runtime(message: String, traceback: String)
    /// The state reached its memory limit while Lua code was running.
    case memoryLimit(message: String)
    /// The run used up its instruction budget (`scene.lua:2: instruction limit exceeded`).
    case instructionLimit(message: String, traceback: String)

    /// The first line of the report: what went wrong, where.
    public var message: String {
        switch self {
        case .syntax(let message), .memoryLimit(let message): message
        case .runtime(let message, _), .instructionLimit(let message, _): message
        }
    }

    /// `stack traceback:` and its lines, or "" when Lua gives none.
    public var traceback: String {
        switch self {
        case .syntax, .memoryLimit: ""
        case .runtime(_, let traceback), .instructionLimit(_, let traceback): traceback
        }
    }

    public var description: String { traceback.isEmpty ? message : message + "\n" + traceback }
}

/// An error a host function throws when its message is complete: Lua only adds `file:line:`.
///
/// The argument readers of ``LuaCallContext`` throw it with Lua-style messages such as
/// `bad argument #2 to 'after' (function expected, got nil)`. Any other error a host function
/// throws is reported as `Name.call: <description>`.
public struct LuaCallError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
