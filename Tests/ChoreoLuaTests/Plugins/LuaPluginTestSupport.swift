import ChoreoRuntime
import Foundation
@testable import ChoreoLua
import ChoreoTestSupport

/// A temporary plugin directory holding `files` (name → Lua source).
func luaPluginDirectory(_ files: [String: String]) throws -> String {
    let dir = try ScratchDirectory.make("choreo-lua-plugins").path
    for (name, source) in files {
        let path = dir + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try source.write(toFile: path, atomically: true, encoding: .utf8)
    }
    return dir
}

/// A host with the plugins of `directories` (and nothing else).
func pluginHost(
    _ directories: [String], memoryLimit: Int = LuaVM.defaultMemoryLimit, instructionLimit: Int = LuaVM.defaultInstructionLimit
) throws -> ScriptHost {
    let catalog = PluginCatalog(path: PluginPath(directories.map { PluginPath.Entry(directory: $0) }))
    return try ScriptHost(memoryLimit: memoryLimit, instructionLimit: instructionLimit, plugins: catalog)
}

/// The package's root folder.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

/// A host with the shipped plugins: the built native ones and Plugins/*.lua.
func shippedPluginHost() throws -> ScriptHost {
    var entries: [PluginPath.Entry] = []
    if let built = PluginPath.executableDirectory() { entries.append(.init(directory: built, isBuiltProducts: true)) }
    entries.append(.init(directory: packageRoot + "/Plugins"))
    return try ScriptHost(plugins: PluginCatalog(path: PluginPath(entries)))
}

/// The numbers a chunk returns in `host`.
func numbers(_ source: String, in host: ScriptHost) throws -> [Double] {
    try host.vm.run(chunk: source, name: "scene.lua").map { $0.doubleValue ?? .nan }
}
