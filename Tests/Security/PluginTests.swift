import Foundation
import Testing

/// Hostile plugins on the plugin path: each is refused with a warning naming its file and the
/// reason, the good plugin beside them still loads, and the scene runs (exit 0), within a time
/// bound. Lua plugins loop at load or in a provider, or return bad tables (wrong types, cycles,
/// huge ones, metatables that throw); native ones are ELF files without the entry point, built
/// for another ABI, or return NULL or garbage descriptors.
@Suite("Security: hostile plugins are refused while the others load")
struct PluginTests {
    static let luaPlugins: [String: String] = [
        "fine.lua": "return { name = 'fine', version = '1', providers = { id = function(t) return t end } }",
        "looptop.lua": "while true do end",
        "loopprovider.lua": "return { name = 'loopprovider', version = '1', providers = { a = function(t) while true do end end } }",
        "loopcurve.lua": "return { name = 'loopcurve', version = '1', providers = { a = { curve = function(p) while true do end end } } }",
        "loopescape.lua": """
            local ok = pcall(function() while true do end end)
            return { name = 'loopescape', version = '1', providers = { a = function(t) return t end } }
            """,
        "wrongtypes.lua": "return { name = 42, version = {}, providers = { function(t) return t end } }",
        "cyclic.lua": """
            local t = { name = 'cyclic', version = '1' }
            t.providers = { a = { progress = function(t) return t end } }
            t.providers.a.params = t.providers
            return t
            """,
        "huge.lua": """
            local p = {}
            for i = 1, 200000 do p['p' .. i] = function(t) return t end end
            return { name = 'huge', version = '1', providers = p }
            """,
        "hugeparams.lua": """
            local params = {}
            for i = 1, 200000 do params['k' .. i] = i end
            return { name = 'hugeparams', version = '1', providers = { a = { progress = function(t) return t end, params = params } } }
            """,
        "hugename.lua": "return { name = ('x'):rep(1e7), version = '1', providers = { a = function(t) return t end } }",
        "metathrow.lua": """
            local mt = { __index = function() error('index boom') end, __pairs = function() error('pairs boom') end,
                         __len = function() error('len boom') end, __tostring = function() error('tostring boom') end }
            return setmetatable({ name = setmetatable({}, mt), version = '1',
                                  providers = setmetatable({ a = setmetatable({}, mt) }, mt) }, mt)
            """,
    ]

    static let expectedLuaRefusals: [String: String] = [
        "looptop": "plugins/looptop.lua:1: instruction limit exceeded",
        "loopprovider": "plugins/loopprovider.lua:1: instruction limit exceeded",
        "loopcurve": "plugins/loopcurve.lua:1: instruction limit exceeded",
        "loopescape": "plugins/loopescape.lua:1: instruction limit exceeded",
        "wrongtypes": "must return a table { name = \"wrongtypes\", version = \"1.0.0\", providers = { ... } } (name must be a string, got a number)",
        "cyclic": "cyclic.a.params.a must be a number (got a table)",
        "huge": "too many providers: 200000 (at most 10000)",
        "hugeparams": "hugeparams.a.params must hold at most 64 parameters (got 200000)",
        "hugename": "the plugin is named '\(String(repeating: "x", count: 64))... (9999936 more characters)' but its file is named for 'hugename'",
        "metathrow": "must return a table { name = \"metathrow\", version = \"1.0.0\", providers = { ... } } (name must be a string, got a table)",
    ]

    /// A C plugin with one provider; the descriptor's fields as C text.
    static func cPlugin(abi: String = "CHOREO_PLUGIN_ABI_VERSION", name: String, count: String = "1",
                        entry: String = "choreo_plugin_entry", returns: String = "&descriptor") -> String {
        """
        #include <stddef.h>
        #include "choreo_plugin.h"
        static double linear(const double *p, double t) { (void)p; return t; }
        static const choreo_provider providers[] = { { "linear", 0, NULL, NULL, linear, NULL, NULL, NULL, 0 } };
        static const choreo_plugin_descriptor descriptor = { \(abi), \(name), "1", \(count), providers };
        const choreo_plugin_descriptor *\(entry)(void) { return \(returns); }
        """
    }

    static let nativePlugins: [String: String] = [
        "nosymbol": cPlugin(name: "\"nosymbol\"", entry: "something_else"),
        "oldabi": cPlugin(abi: "7", name: "\"oldabi\""),
        "null": cPlugin(name: "\"null\"", returns: "NULL"),
        "garbagecount": cPlugin(name: "\"garbagecount\"", count: "123456789"),
        "negativecount": cPlugin(name: "\"negativecount\"", count: "-5"),
        "longname": cPlugin(name: "\"\(String(repeating: "n", count: 5000))\""),
    ]

    static let expectedNativeRefusals: [String: String] = [
        "nosymbol": "does not export choreo_plugin_entry (not a Choreo plugin? see choreo_plugin.h)",
        "oldabi": "built for plugin ABI version 7; this choreo loads version 1",
        "null": "choreo_plugin_entry() returned NULL",
        "garbagecount": "invalid descriptor: plugin 'garbagecount' claims 123456789 providers (at most 10000)",
        "negativecount": "invalid descriptor: plugin 'negativecount' has no providers",
        "longname": "invalid descriptor: the plugin is named '\(String(repeating: "n", count: 64))... (4936 more characters)' but its file is named for 'longname'",
    ]

    /// Compiles `source` into `directory/libNAME.so` with the system C compiler.
    static func compile(_ source: String, name: String, in directory: URL) throws {
        let file = directory.appendingPathComponent("\(name).c")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let header = HostileRun.packageRoot.appendingPathComponent("Sources/ChoreoPluginABI/include").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cc", "-shared", "-fPIC", "-I", header, "-o", directory.appendingPathComponent("lib\(name).so").path, file.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "cc failed for \(name)")
        try FileManager.default.removeItem(at: file)
    }

    @Test("Every hostile Lua and native plugin is refused with its reason; the good one works and the scene exits 0")
    func hostilePluginPath() throws {
        let scene = URL(fileURLWithPath: try HostileRun.scene("print(Timing.get('fine.id'):progress(0.25))"))
        let folder = scene.deletingLastPathComponent()
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        for (file, source) in Self.luaPlugins {
            try source.write(to: plugins.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        for (name, source) in Self.nativePlugins { try Self.compile(source, name: name, in: plugins) }
        // not libraries at all: an executable ELF file, a truncated one, text
        let executable = URL(fileURLWithPath: "/bin/true")
        try FileManager.default.copyItem(at: executable, to: plugins.appendingPathComponent("libexecutable.so"))
        let elf = try Data(contentsOf: executable).prefix(200)
        try elf.write(to: plugins.appendingPathComponent("libtruncated.so"))
        try "not a library".write(to: plugins.appendingPathComponent("libtext.so"), atomically: true, encoding: .utf8)

        let run = try HostileRun.choreo(["run", "scene.lua", "--plugins", "plugins", "--instruction-limit", "10"], in: folder)
        #expect(!run.hung && !run.crashed && run.seconds < 30)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("0.25\n"))
        let warnings = run.errors.split(separator: "\n").map(String.init).filter { $0.hasPrefix("choreo: warning: ") }
        for (name, reason) in Self.expectedLuaRefusals {
            #expect(warnings.contains("choreo: warning: plugin plugins/\(name).lua refused: \(reason)"), "\(name): \(run.errors)")
        }
        for (name, reason) in Self.expectedNativeRefusals {
            #expect(warnings.contains("choreo: warning: plugin plugins/lib\(name).so refused: \(reason)"), "\(name): \(run.errors)")
        }
        for name in ["executable", "truncated", "text"] {
            #expect(warnings.contains { $0.hasPrefix("choreo: warning: plugin plugins/lib\(name).so refused: cannot be opened: ") },
                    "\(name): \(run.errors)")
        }
        #expect(warnings.count == Self.expectedLuaRefusals.count + Self.expectedNativeRefusals.count + 3, "\(run.errors)")
    }

    @Test("A FIFO or a device named as a plugin on the plugin path is refused at once, never read; the good plugin works")
    func specialFilesOnThePluginPath() throws {
        let scene = URL(fileURLWithPath: try HostileRun.scene("print(Timing.get('fine.id'):progress(0.25))"))
        let folder = scene.deletingLastPathComponent()
        let plugins = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try "return { name = 'fine', version = '1.0.0', providers = { id = function(t) return t end } }"
            .write(to: plugins.appendingPathComponent("fine.lua"), atomically: true, encoding: .utf8)
        // nobody ever writes to these FIFOs: reading either would block for ever
        #expect(mkfifo(plugins.appendingPathComponent("pipe.lua").path, 0o600) == 0)
        #expect(mkfifo(plugins.appendingPathComponent("libpipe.so").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: plugins.appendingPathComponent("zero.lua").path, withDestinationPath: "/dev/zero")

        let run = try HostileRun.choreo(["run", "scene.lua", "--plugins", "plugins"], in: folder, timeout: 30)
        #expect(!run.hung && !run.crashed)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("0.25\n"))
        let warnings = run.errors.split(separator: "\n").map(String.init).filter { $0.hasPrefix("choreo: warning: ") }
        #expect(warnings.contains("choreo: warning: plugin plugins/pipe.lua refused: cannot be read: it is a FIFO, not a regular file"), "\(run.errors)")
        #expect(warnings.contains("choreo: warning: plugin plugins/zero.lua refused: cannot be read: it is a device, not a regular file"), "\(run.errors)")
        // libpipe.so: discovery takes only regular files as libraries, and dlopen checks again
        #expect(warnings.count == 2, "\(run.errors)")
    }
}
