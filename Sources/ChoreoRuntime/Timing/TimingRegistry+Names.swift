import ChoreoCore

extension TimingRegistry {
    /// Checks a name a script registers a curve under (`Timing.register(name, curve)`): not empty,
    /// without spaces or parentheses (it would read as a spec such as `steps(4)`), and not one of
    /// the built-in curves or their aliases (`NamedCurve.allNames`), which scripts may not replace.
    ///
    ///     try TimingRegistry.checkRegistrableName("smoothstep")   // fine
    ///     try TimingRegistry.checkRegistrableName("easeIn")       // error: a built-in curve
    ///
    /// `register(_:_:)` itself does not check: Swift hosts may replace any curve.
    ///
    /// - Throws: `ArgumentError` naming `name`, with the rule broken.
    public static func checkRegistrableName(_ name: String) throws(ArgumentError) {
        guard name.utf8.count <= 256 else {
            throw ArgumentError(parameter: "name", requirement: "must be at most 256 bytes long", value: "\(name.utf8.count) bytes")
        }
        guard !name.isEmpty, !name.contains("("), !name.contains(")"), !name.contains(where: \.isWhitespace) else {
            throw ArgumentError(parameter: "name", requirement: "must be a non-empty name without spaces or parentheses",
                                value: "\"\(name)\"")
        }
        let builtIn = NamedCurve.allNames
        guard !builtIn.contains(name) else {
            throw ArgumentError(
                parameter: "name", requirement: "must not replace a built-in curve (" + builtIn.joined(separator: ", ") + ")",
                value: "\"\(name)\"")
        }
    }
}
