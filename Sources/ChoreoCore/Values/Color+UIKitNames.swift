/// UIKit's named colors, which scene scripts port as they are written in UIKit code
/// (`UIColor.green`, `.systemBlue`, `.secondaryLabel`), and which win over the CSS names of
/// `Color+CSSNames.swift` where the two differ: `"green"` is UIKit's (0, 1, 0), not CSS's
/// (0, 0.5, 0); `"orange"` is (1, 0.5, 0), not #ffa500. CSS's stay reachable through
/// `Color.css(named:)` (Lua: `Color.css("green")`).
///
/// The classic colors are UIColor's class properties (their values are in Apple's UIColor
/// documentation: `green` "whose RGB values are 0.0, 1.0, and 0.0"). The system and element
/// colors are the light appearance at default contrast, in sRGB, as UIKit resolves them on iOS
/// 13–18 (the Human Interface Guidelines' color table before its 2025 update).
///
///     Color.uikit(named: "systemBlue")   // (0, 122/255, 1, 1)
///
/// Contract: names are matched without regard to case (`"darkGray"`, `"darkgray"`), as CSS names are.
extension Color {
    /// One named color: its name and components in 0...1.
    public typealias NamedColor = (name: String, red: Double, green: Double, blue: Double, alpha: Double)

    /// UIColor's classic class properties, components in 0...1.
    private static let classicColors: [NamedColor] = [
        ("black", 0, 0, 0, 1), ("darkGray", 1.0 / 3, 1.0 / 3, 1.0 / 3, 1), ("lightGray", 2.0 / 3, 2.0 / 3, 2.0 / 3, 1),
        ("white", 1, 1, 1, 1), ("gray", 0.5, 0.5, 0.5, 1), ("red", 1, 0, 0, 1), ("green", 0, 1, 0, 1),
        ("blue", 0, 0, 1, 1), ("cyan", 0, 1, 1, 1), ("yellow", 1, 1, 0, 1), ("magenta", 1, 0, 1, 1),
        ("orange", 1, 0.5, 0, 1), ("purple", 0.5, 0, 0.5, 1), ("brown", 0.6, 0.4, 0.2, 1), ("clear", 0, 0, 0, 0),
    ]

    /// The system and element colors (light), components in 0...255 as Apple's tables give them.
    private static let systemColors255: [NamedColor] = [
        ("systemRed", 255, 59, 48, 255), ("systemOrange", 255, 149, 0, 255), ("systemYellow", 255, 204, 0, 255),
        ("systemGreen", 52, 199, 89, 255), ("systemMint", 0, 199, 190, 255), ("systemTeal", 48, 176, 199, 255),
        ("systemCyan", 50, 173, 230, 255), ("systemBlue", 0, 122, 255, 255), ("systemIndigo", 88, 86, 214, 255),
        ("systemPurple", 175, 82, 222, 255), ("systemPink", 255, 45, 85, 255), ("systemBrown", 162, 132, 94, 255),
        ("systemGray", 142, 142, 147, 255), ("systemGray2", 174, 174, 178, 255), ("systemGray3", 199, 199, 204, 255),
        ("systemGray4", 209, 209, 214, 255), ("systemGray5", 229, 229, 234, 255), ("systemGray6", 242, 242, 247, 255),
        ("label", 0, 0, 0, 255), ("secondaryLabel", 60, 60, 67, 153), ("tertiaryLabel", 60, 60, 67, 76.5),
        ("quaternaryLabel", 60, 60, 67, 45.9), ("placeholderText", 60, 60, 67, 76.5), ("link", 0, 122, 255, 255),
        ("separator", 60, 60, 67, 73.95), ("opaqueSeparator", 198, 198, 200, 255),
        ("systemBackground", 255, 255, 255, 255), ("secondarySystemBackground", 242, 242, 247, 255),
        ("tertiarySystemBackground", 255, 255, 255, 255), ("systemGroupedBackground", 242, 242, 247, 255),
        ("secondarySystemGroupedBackground", 255, 255, 255, 255), ("tertiarySystemGroupedBackground", 242, 242, 247, 255),
        ("systemFill", 120, 120, 128, 51), ("secondarySystemFill", 120, 120, 128, 40.8),
        ("tertiarySystemFill", 118, 118, 128, 30.6), ("quaternarySystemFill", 116, 116, 128, 20.4),
    ]

    /// UIKit's named colors, components in 0...1: the classic ones, then the system and element ones.
    public static let uikitNamedColors: [NamedColor] = classicColors + systemColors255.map { color in
        (color.name, color.red / 255, color.green / 255, color.blue / 255, color.alpha / 255)
    }

    /// The lookup table of `uikitNamedColors`, by lower-cased name.
    private static let uikitByName: [String: Color] = Dictionary(uniqueKeysWithValues: uikitNamedColors.map {
        ($0.name.lowercased(), Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: $0.alpha))
    })

    /// UIKit's color of that name (any case), or nil.
    public static func uikit(named name: String) -> Color? { uikitByName[name.lowercased()] }
}
