import ChoreoCore
import Foundation
@testable import ChoreoLua
import ChoreoTestSupport

/// Runs `source` as scene.lua in a fresh host and returns the host and what the chunk returned.
func runScript(_ source: String, host: ScriptHost? = nil) throws -> (ScriptHost, [LuaValue]) {
    let host = try host ?? ScriptHost()
    var results: [LuaValue] = []
    host.vm.registerGlobal("capture") { call in
        results = (1...max(call.argumentCount, 1)).map { call.value(at: $0) }
        return 0
    }
    try host.run(source: source, chunkName: "scene.lua")
    return (host, results)
}

/// The message of the error `body` throws, or nil.
func errorMessage(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as LuaError {
        return error.message
    } catch {
        return "\(error)"
    }
}

/// A fresh temporary folder holding `files` (path → text, subfolders made as needed); the caller
/// removes it.
func temporaryFolder(_ files: [String: String], prefix: String = "choreo-lua") throws -> String {
    let root = try ScratchDirectory.make(prefix)
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
    return root.path
}
