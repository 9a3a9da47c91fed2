import Testing
@testable import ChoreoRuntime

@Suite("Plugin discovery")
struct PluginDiscoveryTests {
    @Test("The standard path is the built products, ./Plugins, CHOREO_PLUGIN_PATH in order, then --plugins in order")
    func standardOrder() {
        let path = PluginPath.standard(
            extra: ["/x", "/y"], environment: ["CHOREO_PLUGIN_PATH": "/env1:/env2"], builtProducts: "/build")
        #expect(path.entries.map(\.directory) == ["/build", "Plugins", "/env1", "/env2", "/x", "/y"])
        #expect(path.entries.map(\.isBuiltProducts) == [true, false, false, false, false, false])
    }

    @Test("Lua files, folders with plugin.lua and lib*.so are plugins; other files and folders are not")
    func kinds() throws {
        let dir = try makePluginDirectory()
        try writeFile("return {}", "alpha.lua", in: dir)
        try writeFile("return {}", "beta/plugin.lua", in: dir)
        try writeFile("int x;", "sources/penner.c", in: dir)
        try writeFile("not a library", "libgamma.so", in: dir)
        try writeFile("# notes", "README.md", in: dir)
        let found = PluginDiscovery(path: PluginPath([.init(directory: dir)]))
        #expect(found.plugins.map(\.name) == ["alpha", "beta", "libgamma".dropFirst(3).description])
        #expect(found.plugins.map(\.kind) == [.lua, .lua, .native])
        #expect(found.plugins[1].path == dir + "/beta/plugin.lua")
        #expect(found.failures.isEmpty)
    }

    @Test("A later directory shadows a plugin of the same name, and the listing says which")
    func laterWins() throws {
        let first = try makePluginDirectory("first"), second = try makePluginDirectory("second")
        try writeFile("return {}", "ease.lua", in: first)
        try writeFile("return {}", "only.lua", in: first)
        try writeFile("return {}", "ease/plugin.lua", in: second)
        let found = PluginDiscovery(path: PluginPath([.init(directory: first), .init(directory: second)]))
        #expect(found.plugins.map(\.path) == [second + "/ease/plugin.lua", first + "/only.lua"])
        #expect(found.shadowed.count == 1)
        #expect(found.shadowed.first?.plugin.path == first + "/ease.lua")
        #expect(found.shadowed.first?.by.path == second + "/ease/plugin.lua")
    }

    @Test("Directories that do not exist are skipped")
    func missingDirectories() throws {
        let dir = try makePluginDirectory()
        try writeFile("return {}", "ok.lua", in: dir)
        let found = PluginDiscovery(path: PluginPath([.init(directory: "/no/such/dir"), .init(directory: dir)]))
        #expect(found.plugins.map(\.name) == ["ok"])
    }

    @Test("A file whose name cannot name providers is refused with a message naming it")
    func badName() throws {
        let dir = try makePluginDirectory()
        try writeFile("return {}", "two words.lua", in: dir)
        let found = PluginDiscovery(path: PluginPath([.init(directory: dir)]))
        #expect(found.plugins.isEmpty)
        #expect(found.failures.first?.description.hasPrefix("plugin \(dir)/two words.lua refused: 'two words' is not a plugin name") == true)
    }

    @Test("The built-products directory offers only lib*.so files, and skips libraries that are not plugins")
    func builtProducts() throws {
        let dir = try makePluginDirectory()
        try writeFile("return {}", "stray.lua", in: dir)
        try compilePlugin("int not_a_plugin(void) { return 1; }", name: "helper", in: dir)
        try compilePlugin(cPlugin(name: "\"tiny\""), name: "tiny", in: dir)
        let catalog = PluginCatalog(path: PluginPath([.init(directory: dir, isBuiltProducts: true)]))
        #expect(catalog.luaSources.isEmpty)
        #expect(catalog.natives.map(\.name) == ["tiny"])
        #expect(catalog.failures.isEmpty)
    }

    @Test("A plugin path names a single plugin for checking: a .lua file, a folder with plugin.lua, or a library")
    func candidateAtPath() throws {
        let dir = try makePluginDirectory()
        let lua = try writeFile("return {}", "one.lua", in: dir)
        try writeFile("return {}", "two/plugin.lua", in: dir)
        #expect(PluginCandidate.at(path: lua) == PluginCandidate(name: "one", kind: .lua, path: lua))
        #expect(PluginCandidate.at(path: dir + "/two")?.path == dir + "/two/plugin.lua")
        #expect(PluginCandidate.at(path: dir + "/missing.lua") == nil)
        let library = try compilePlugin(cPlugin(), name: "tiny", in: dir)
        #expect(PluginCandidate.at(path: library)?.name == "tiny")
        #expect(PluginCandidate.at(path: library)?.kind == .native)
    }
}
