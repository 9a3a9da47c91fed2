/// How much one plugin may declare, native or Lua: more is garbage (a native descriptor's
/// uninitialised count) or an attack (a Lua plugin with 200,000 providers took minutes to check),
/// never a real plugin. Refusals quote what a plugin gave in a bounded length.
public enum PluginLimits {
    /// Providers in one plugin.
    public static let providers = 10_000
    /// Parameters of one provider.
    public static let parameters = 64
    /// Characters of a name or version quoted in a refusal.
    public static let quotedLength = 64

    /// `text` for a refusal: whole when short, else its start and how much was cut.
    ///
    ///     PluginLimits.quoted(String(repeating: "x", count: 1000))  // "xxx…xxx... (936 more characters)"
    public static func quoted(_ text: String) -> String {
        guard text.count > quotedLength else { return text }
        return String(text.prefix(quotedLength)) + "... (\(text.count - quotedLength) more characters)"
    }
}
