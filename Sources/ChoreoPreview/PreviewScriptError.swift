import ChoreoLua
import ChoreoRuntime

/// A script error the preview shows: the line to display (`scene.lua:12: attempt to index a nil
/// value`) and the whole report, traceback included.
public struct PreviewScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The first line of the report: what went wrong and where (`file:line: message`).
    public var message: String
    /// The whole report: the message, then Lua's traceback when there is one.
    public var detail: String

    public init(message: String, detail: String? = nil) {
        self.message = message
        self.detail = detail ?? message
    }

    /// The error a load, a replay or a run threw, in the preview's words: a Lua error keeps its
    /// `file:line` message and traceback; a callback's failure is the Lua error it carries.
    init(_ error: any Error) {
        switch error {
        case let error as PreviewScriptError: self = error
        case let lua as LuaError: self.init(message: lua.message, detail: lua.description)
        case let failure as CallbackFailure: self.init(failure.error)
        default:
            let text = "\(error)"
            self.init(message: text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? text, detail: text)
        }
    }

    public var description: String { detail }
}
