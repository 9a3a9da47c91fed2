import CLua
import CLuaShim
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

// The host halves of the sandbox's `print` and `require` (the C halves are in CLuaShim's
// sandbox.c): print's joined line goes to `printHandler`; require's loader finds, checks and
// compiles a module from the scene's folder (`files`, a `FileSandbox`), and the C side runs and caches it.
extension LuaVM {
    /// Receives print's line (already converted with `tostring` and joined by tabs in C) and
    /// hands it on, within the print limits: a line that would pass either is not printed, and
    /// raises instead (a loop printing in one turn would otherwise write gigabytes).
    static func printFunction(_ call: LuaCallContext) throws -> Int {
        let line = try call.string(at: 1)
        let vm = call.vm
        let bytes = line.utf8.count + 1  // and its newline
        if vm.printedThisTurn + bytes > LuaVM.printLimitPerTurn {
            throw LuaCallError("print: output limit exceeded (more than \(LuaVM.printLimitPerTurn >> 20) MiB printed in one turn)")
        }
        if vm.printedInAll + bytes > LuaVM.printLimit {
            throw LuaCallError("print: output limit exceeded (more than \(LuaVM.printLimit >> 20) MiB printed in all)")
        }
        vm.printedThisTurn += bytes
        vm.printedInAll += bytes
        vm.printHandler(line)
        return 0
    }

    /// require's loader: returns the compiled module chunk and its canonical name (`lib.easing`),
    /// or nil and a message that names the module (require raises it with the caller's `file:line:`).
    static func moduleLoader(_ call: LuaCallContext) throws -> Int {
        let name = try call.string(at: 1)
        do {
            let canonical = try call.vm.loadModule(name, on: call.state)
            call.push(canonical)
            return 2
        } catch {
            call.pushNil()
            call.push("require: \(error)")
            return 2
        }
    }

    /// Why a module could not be loaded; the description completes "require: ".
    struct ModuleError: Error, CustomStringConvertible {
        var description: String
    }

    /// The file for a module name: `lib.easing` or `lib/easing` is `lib/easing.lua`. Letters,
    /// digits, `_` and `-` in segments separated by `.` or `/`: no `..`, no absolute paths, no
    /// other extension.
    static func modulePath(for name: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")
        let segments = name.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "/" })
        guard name.utf8.count <= 256,
            segments.allSatisfy({ !$0.isEmpty && $0.allSatisfy(allowed.contains) })
        else { return nil }
        return segments.joined(separator: "/") + ".lua"
    }

    /// Finds, checks and compiles a module; pushes the chunk and returns the canonical name.
    func loadModule(_ name: String, on state: OpaquePointer) throws(ModuleError) -> String {
        guard let relative = LuaVM.modulePath(for: name) else {
            throw ModuleError(description: "bad module name '\(name)' (use names like 'lib.easing': "
                + "letters, digits, '_' and '-', separated by '.' or '/')")
        }
        let data: [UInt8]
        do {
            data = try files.read(try files.search(relative))
        } catch where error.isMissing || error.reason == FileSandbox.notFoundAnywhere {
            throw ModuleError(description: "module '\(name)' not found (no \(relative) in the scene's folder or the allowed roots)")
        } catch {
            throw ModuleError(description: "cannot load module '\(name)': \(error)")
        }
        guard lua_checkstack(state, 2) != 0 else { throw ModuleError(description: "stack overflow loading '\(name)'") }
        let status = data.withUnsafeBytes { bytes in
            lsx_load(state, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, "@" + relative)
        }
        guard status == Int32(LSX_OK.rawValue) else {
            let message = lua_type(state, -1) == LUA_TSTRING ? LuaVM.string(at: -1, on: state) : "out of memory"
            lsx_pop(state, 1)
            if message.contains("C stack overflow") {
                // Loading nests one C call a level: a module that requires itself, directly or
                // through others, runs out of them while it is compiled anew.
                throw ModuleError(description: "module '\(name)' is required again while it loads (a require cycle?): "
                    + "too many modules loading at once")
            }
            throw ModuleError(description: "module '\(name)' did not compile: \(message)")
        }
        return String(relative.dropLast(4)).replacing("/", with: ".")
    }
}
