/// Colors from text: CSS hex notations and CSS named colors.
///
/// Scenes write colors the way web and design tools do, so a script can say `"#1d7fc1"`,
/// `"#fff8"` or `"cornflowerblue"`. The grammar is CSS Color Level 4's hex color and named color,
/// case-insensitive, with surrounding whitespace ignored:
///
///     try Color(parsing: "#abc")         // = #aabbcc, opaque
///     try Color(parsing: "#6495ED80")    // cornflowerblue at alpha 128/255
///     try Color(parsing: "Transparent")  // (0, 0, 0, 0)
///     try Color(parsing: "nope")         // throws
///
/// A name is first UIKit's (`Color+UIKitNames.swift`: `"green"` is UIColor.green, (0, 1, 0);
/// `"systemBlue"`, `"secondaryLabel"`), then CSS's (`"cornflowerblue"`); where the two differ
/// (`green`, `gray`, `orange`, `purple`, `brown`, `darkGray`, `lightGray`) UIKit's wins, since
/// scenes port UIKit code. `Color.css(named:)` gives the CSS value.
extension Color {
    /// Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, a UIKit color name or a CSS named color.
    ///
    /// Throws `color must be #rgb, #rrggbb, #rrggbbaa, a UIKit or a CSS color name (got "…")` for
    /// anything else. Complexity: O(log n) in the number of named colors.
    public init(parsing text: String) throws(ArgumentError) {
        var bytes = Array(text.utf8)[...]
        while let first = bytes.first, isWhitespace(first) { bytes.removeFirst() }
        while let last = bytes.last, isWhitespace(last) { bytes.removeLast() }
        let parsed: Color?
        if bytes.first == UInt8(ascii: "#") {
            parsed = Color(hexDigits: bytes.dropFirst())
        } else {
            parsed = Color.uikit(named: String(decoding: bytes, as: UTF8.self)) ?? Color(cssName: bytes)
        }
        guard let parsed else {
            throw ArgumentError(
                parameter: "color",
                requirement: "must be #rgb, #rrggbb, #rrggbbaa, a UIKit or a CSS color name",
                value: "\"\(text)\"")
        }
        self = parsed
    }

    /// A color from 3, 4, 6 or 8 hex digits (without the `#`); nil for any other input.
    private init?(hexDigits digits: ArraySlice<UInt8>) {
        var nibbles: [UInt8] = []
        nibbles.reserveCapacity(8)
        for byte in digits {
            guard let value = hexValue(byte) else { return nil }
            nibbles.append(value)
        }
        let bytes: [UInt8]
        switch nibbles.count {
        case 3, 4: bytes = nibbles.map { $0 << 4 | $0 }  // #abc is #aabbcc
        case 6, 8: bytes = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
        default: return nil
        }
        self.init(red: Double(bytes[0]) / 255, green: Double(bytes[1]) / 255, blue: Double(bytes[2]) / 255,
                  alpha: bytes.count == 4 ? Double(bytes[3]) / 255 : 1)
    }

    /// A color from its CSS name, compared case-insensitively; nil when the name is unknown.
    private init?(cssName bytes: ArraySlice<UInt8>) {
        let name = String(decoding: bytes.map(lowercasedASCII), as: UTF8.self)
        guard let rgba = Color.cssRGBA(named: name) else { return nil }
        self.init(rgba: rgba)
    }

    /// A color from a packed 0xRRGGBBAA value.
    init(rgba: UInt32) {
        self.init(red: Double(rgba >> 24 & 0xFF) / 255, green: Double(rgba >> 16 & 0xFF) / 255,
                  blue: Double(rgba >> 8 & 0xFF) / 255, alpha: Double(rgba & 0xFF) / 255)
    }
}

private func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

private func lowercasedASCII(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
}
