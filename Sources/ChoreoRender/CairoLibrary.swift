import CCairo

/// Facts about the cairo library Choreo renders with.
public enum CairoLibrary {
    /// The linked cairo's version ("1.16.0").
    public static var version: String { String(cString: cairo_version_string()) }
}
