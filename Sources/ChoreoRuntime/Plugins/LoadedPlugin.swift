/// A plugin a script host loaded, for listings (`choreo plugins list`) and checks.
public struct LoadedPlugin: Sendable {
    public enum Kind: String, Sendable {
        case lua, native
    }

    public var name: String
    public var version: String
    public var kind: Kind
    /// The file it was loaded from.
    public var path: String
    /// Its providers, in the order the plugin gives them.
    public var providers: [any TimingProvider]

    public init(name: String, version: String, kind: Kind, path: String, providers: [any TimingProvider]) {
        self.name = name
        self.version = version
        self.kind = kind
        self.path = path
        self.providers = providers
    }
}
