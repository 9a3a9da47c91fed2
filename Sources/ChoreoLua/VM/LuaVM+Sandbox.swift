import CLua
import CLuaShim
import Foundation

// The host halves of the sandbox's `print` and `require` (the C halves are in CLuaShim's
// sandbox.c): print's joined line goes to `printHandler`; require's loader finds, checks and
// compiles a module from `moduleDirectory`, and the C side runs and caches it.
extension LuaVM {
    /// Receives print's line (already converted with `tostring` and joined by tabs in C).
    static func printFunction(_ call: LuaCallContext) throws -> Int {
        call.vm.printHandler(try call.string(at: 1))
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
        guard let directory = moduleDirectory else {
            throw ModuleError(description: "cannot load module '\(name)': no module folder is set")
        }
        guard let folder = LuaVM.realPath(directory) else {
            throw ModuleError(description: "cannot load module '\(name)': the module folder \(directory) does not exist")
        }
        guard let file = LuaVM.realPath(folder + "/" + relative) else {
            throw ModuleError(description: "module '\(name)' not found (no \(relative) in \(directory))")
        }
        guard file.hasPrefix(folder + "/") else {
            throw ModuleError(description: "module '\(name)' resolves outside the module folder \(directory)")
        }
        var info = stat()
        guard stat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw ModuleError(description: "module '\(name)' is not a regular file (\(relative))")
        }
        guard Int(info.st_size) <= memoryLimit, let data = FileManager.default.contents(atPath: file) else {
            throw ModuleError(description: "module '\(name)' cannot be read (\(relative))")
        }
        guard lua_checkstack(state, 2) != 0 else { throw ModuleError(description: "stack overflow loading '\(name)'") }
        let status = data.withUnsafeBytes { bytes in
            lsx_load(state, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, "@" + relative)
        }
        guard status == Int32(LSX_OK.rawValue) else {
            let message = lua_type(state, -1) == LUA_TSTRING ? LuaVM.string(at: -1, on: state) : "out of memory"
            lsx_pop(state, 1)
            throw ModuleError(description: "module '\(name)' did not compile: \(message)")
        }
        return String(relative.dropLast(4)).replacingOccurrences(of: "/", with: ".")
    }

    /// The canonical path (symlinks resolved), or nil if it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
