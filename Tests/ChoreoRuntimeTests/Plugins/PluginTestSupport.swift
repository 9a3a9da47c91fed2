import Foundation
@testable import ChoreoRuntime
import ChoreoTestSupport

/// A fresh temporary directory for plugin files.
func makePluginDirectory(_ label: String = "plugins") throws -> String {
    try ScratchDirectory.make("choreo-\(label)").path
}

/// Writes `text` to `directory/name` (creating folders on the way) and returns the path.
@discardableResult
func writeFile(_ text: String, _ name: String, in directory: String) throws -> String {
    let path = directory + "/" + name
    let folder = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// The folder of choreo_plugin.h, from this file's place in the package.
let pluginHeaderDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/ChoreoPluginABI/include").path

/// Compiles C source into `directory/libNAME.so` with the system C compiler (`cc -shared`).
@discardableResult
func compilePlugin(_ source: String, name: String, in directory: String) throws -> String {
    let file = try writeFile(source, "\(name).c", in: directory)
    let library = directory + "/lib\(name).so"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["cc", "-shared", "-fPIC", "-I", pluginHeaderDirectory, "-o", library, file, "-lm"]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CompileError(name: name) }
    return library
}

struct CompileError: Error { var name: String }

/// The package's built native plugin `name` (beside the test runner, where SwiftPM puts it).
func builtPlugin(_ name: String) throws -> NativePlugin {
    guard let directory = PluginPath.executableDirectory() else { throw CompileError(name: name) }
    return try NativePlugin.load(path: directory + "/lib\(name).so", name: name)
}

/// A minimal C plugin: `descriptor` fields given as C text, one provider `linear`.
func cPlugin(abi: String = "CHOREO_PLUGIN_ABI_VERSION", name: String = "\"tiny\"", version: String = "\"1.0.0\"",
             providers: String = "{ \"linear\", 0, NULL, NULL, linear, NULL, NULL, NULL, 0 }", count: Int = 1,
             entry: String = "choreo_plugin_entry", extra: String = "") -> String {
    """
    #include <stddef.h>
    #include <math.h>
    #include "choreo_plugin.h"
    static double linear(const double *p, double t) { (void)p; return t; }
    static double square(const double *p, double t) { return pow(t, p[0]); }
    \(extra)
    static const choreo_provider providers[] = { \(providers) };
    static const choreo_plugin_descriptor descriptor = { \(abi), \(name), \(version), \(count), providers };
    const choreo_plugin_descriptor *\(entry)(void) { return &descriptor; }
    """
}
