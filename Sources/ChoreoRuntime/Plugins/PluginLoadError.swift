/// Why a plugin was refused: the file and the reason, in words a plugin author can act on.
///
///     plugin Plugins/broken.lua refused: Plugins/broken.lua:3: unexpected symbol near 'end'
///     plugin /tmp/libold.so refused: built for plugin ABI version 2; this choreo loads version 1
///
/// A refused plugin provides nothing; every other plugin still loads (DESIGN §6).
public struct PluginLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The plugin's file (`Plugins/material.lua`, `.build/debug/libpenner.so`).
    public var path: String
    /// The plugin's name as its file gives it (`material`, `penner`).
    public var name: String
    /// Why it was refused, without the path.
    public var reason: String

    public init(path: String, name: String, reason: String) {
        self.path = path
        self.name = name
        self.reason = reason
    }

    public var description: String { "plugin \(path) refused: \(reason)" }
}
