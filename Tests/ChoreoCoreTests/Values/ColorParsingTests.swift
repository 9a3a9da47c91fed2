import Testing
@testable import ChoreoCore

@Suite("Color parsing")
struct ColorParsingTests {
    private func bytes(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) -> Color {
        Color(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: Double(a) / 255)
    }

    @Test("CSS named colors have the CSS values")
    func namedColors() throws {
        #expect(try Color(parsing: "rebeccapurple") == bytes(0x66, 0x33, 0x99))
        #expect(try Color(parsing: "cornflowerblue") == bytes(0x64, 0x95, 0xED))
        #expect(Color.css(named: "orange") == bytes(0xFF, 0xA5, 0x00))
        #expect(Color.css(named: "green") == bytes(0, 0x80, 0))
        #expect(try Color(parsing: "grey") == bytes(0x80, 0x80, 0x80))
        #expect(try Color(parsing: "white") == .white)
        #expect(try Color(parsing: "black") == .black)
        let transparent = try Color(parsing: "transparent")
        #expect(transparent.alpha == 0)
        #expect(transparent == .clear)
    }

    @Test("Names are case-insensitive and surrounding whitespace is ignored")
    func caseAndWhitespace() throws {
        #expect(try Color(parsing: "RebeccaPurple") == Color(parsing: "rebeccapurple"))
        #expect(try Color(parsing: "  red\n") == bytes(255, 0, 0))
        #expect(try Color(parsing: "#ABCDEF") == Color(parsing: "#abcdef"))
    }

    @Test("UIKit's names win where CSS's differ: green is UIColor.green (0, 1, 0), orange (1, 0.5, 0), darkGray 1/3")
    func uikitNames() throws {
        // UIColor's documented components (Apple's UIColor class properties).
        #expect(try Color(parsing: "green") == Color(red: 0, green: 1, blue: 0, alpha: 1))
        #expect(try Color(parsing: "orange") == Color(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(try Color(parsing: "gray") == Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        #expect(try Color(parsing: "purple") == Color(red: 0.5, green: 0, blue: 0.5, alpha: 1))
        #expect(try Color(parsing: "brown") == Color(red: 0.6, green: 0.4, blue: 0.2, alpha: 1))
        #expect(try Color(parsing: "darkGray") == Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3, alpha: 1))
        #expect(try Color(parsing: "lightgray") == Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3, alpha: 1))
        #expect(try Color(parsing: "clear") == .clear)
        // Where the two agree, so do the values.
        for name in ["red", "yellow", "blue", "white", "black", "cyan", "magenta"] {
            #expect(try Color(parsing: name) == Color.css(named: name), "\(name)")
        }
    }

    @Test("UIKit's system and element colors take their light-appearance sRGB values")
    func systemColors() throws {
        #expect(try Color(parsing: "systemBlue") == bytes(0, 122, 255))
        #expect(try Color(parsing: "systemRed") == bytes(255, 59, 48))
        #expect(try Color(parsing: "systemGreen") == bytes(52, 199, 89))
        #expect(try Color(parsing: "systemGray6") == bytes(242, 242, 247))
        #expect(try Color(parsing: "label") == .black)
        #expect(try Color(parsing: "systemBackground") == .white)
        let secondary = try Color(parsing: "secondaryLabel")  // (60, 60, 67) at 60% opacity
        #expect(secondary == Color(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6))
    }

    @Test("Hex notations: #rgb, #rgba, #rrggbb, #rrggbbaa")
    func hex() throws {
        #expect(try Color(parsing: "#abc") == Color(parsing: "#aabbcc"))
        #expect(try Color(parsing: "#aabbcc") == bytes(0xAA, 0xBB, 0xCC))
        #expect(try Color(parsing: "#abcd") == bytes(0xAA, 0xBB, 0xCC, 0xDD))
        #expect(try Color(parsing: "#1d7fc1") == bytes(0x1D, 0x7F, 0xC1))
        #expect(try Color(parsing: "#11223344") == bytes(0x11, 0x22, 0x33, 0x44))
        #expect(try Color(parsing: "#000") == .black)
        #expect(try Color(parsing: "#ffffff00") == Color(red: 1, green: 1, blue: 1, alpha: 0))
    }

    @Test("Anything else is rejected with one message that lists the accepted forms")
    func rejection() {
        for text in ["#abcd5", "nope", "#12345g", "", "#", "abc", "#abcdef0", "red green", "#ａｂｃ", "rgb(1,2,3)"] {
            do {
                _ = try Color(parsing: text)
                Issue.record("\(text) should not parse")
            } catch {
                #expect(error == ArgumentError(
                    parameter: "color", requirement: "must be #rgb, #rrggbb, #rrggbbaa, a UIKit or a CSS color name",
                    value: "\"\(text)\""))
            }
        }
        #expect(throws: ArgumentError.self) { try Color(parsing: "#abcd5") }
        do {
            _ = try Color(parsing: "#12345g")
        } catch {
            #expect(error.description
                == "color must be #rgb, #rrggbb, #rrggbbaa, a UIKit or a CSS color name (got \"#12345g\")")
        }
    }

    @Test("The named-color table is CSS Level 4's 148 names plus transparent, sorted and unique")
    func table() {
        let names = Color.cssNamedColors.map(\.name)
        #expect(names.count == 149)
        #expect(names == names.sorted())
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0 == $0.lowercased() })
        #expect(Color.cssNamedColors.filter { $0.rgba & 0xFF != 0xFF }.map(\.name) == ["transparent"])
        // Every name is found by the binary search.
        for (name, rgba) in Color.cssNamedColors {
            #expect(Color.cssRGBA(named: name) == rgba)
        }
        #expect(Color.cssRGBA(named: "aaa") == nil)
        #expect(Color.cssRGBA(named: "zzz") == nil)
    }

    @Test("Where CSS and X11 disagree, the table has the CSS values")
    func cssNotX11() {
        #expect(Color.cssRGBA(named: "gray") == 0x808080FF)
        #expect(Color.cssRGBA(named: "green") == 0x008000FF)
        #expect(Color.cssRGBA(named: "maroon") == 0x800000FF)
        #expect(Color.cssRGBA(named: "purple") == 0x800080FF)
        #expect(Color.cssRGBA(named: "lime") == 0x00FF00FF)
    }
}
