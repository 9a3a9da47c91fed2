import Testing
@testable import ChoreoCore

@Suite("Color")
struct ColorTests {
    @Test("rgb validates each component and names it")
    func rgbValidation() throws {
        #expect(try Color.rgb(0.2, 0.4, 0.6) == Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1))
        #expect(try Color.rgb(0, 0, 0, 0) == .clear)
        let cases: [(Double, Double, Double, Double, String)] = [
            (1.2, 0, 0, 1, "red must be within 0...1 (got 1.2)"),
            (0, -0.5, 0, 1, "green must be within 0...1 (got -0.5)"),
            (0, 0, .nan, 1, "blue must be within 0...1 (got nan)"),
            (0, 0, 0, .infinity, "alpha must be within 0...1 (got inf)"),
        ]
        for (r, g, b, a, message) in cases {
            do {
                _ = try Color.rgb(r, g, b, a)
                Issue.record("expected \(message)")
            } catch {
                #expect(error.description == message)
            }
        }
    }

    @Test("Arithmetic is component-wise and never clamps")
    func arithmetic() {
        let old = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
        let new = Color(red: 0.25, green: 0.75, blue: 1, alpha: 0.5)
        let delta = old - new
        #expect(delta == Color(red: 0.75, green: -0.25, blue: -1, alpha: 0.5))
        #expect(delta + new == old)
        #expect(new * 2 == Color(red: 0.5, green: 1.5, blue: 2, alpha: 1))
        #expect(new + .zero == new)
    }

    @Test("(a − b) + b stays within a rounding of a for every 8-bit gray pair")
    func additiveRoundTripOfEightBitColors() {
        for i in stride(from: 0, through: 255, by: 5) {
            for j in stride(from: 0, through: 255, by: 3) {
                let a = Color(red: Double(i) / 255, green: Double(j) / 255, blue: 0.5, alpha: 1)
                let b = Color(red: Double(j) / 255, green: Double(i) / 255, blue: 0.25, alpha: 0.5)
                let back = (a - b) + b
                #expect(withinOneRounding(back.red, a.red, magnitude: 1))
                #expect(withinOneRounding(back.green, a.green, magnitude: 1))
                #expect(back.blue == a.blue && back.alpha == a.alpha)
                #expect(back.hexString == a.hexString)
            }
        }
    }

    @Test("Interpolation is component-wise in non-premultiplied sRGB")
    func interpolation() {
        let red = Color(red: 1, green: 0, blue: 0, alpha: 1), clearBlue = Color(red: 0, green: 0, blue: 1, alpha: 0)
        #expect(red.interpolated(to: clearBlue, fraction: 0.5) == Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.5))
        #expect(red.interpolated(to: clearBlue, fraction: 1) == clearBlue)
        #expect(red.interpolated(to: clearBlue, fraction: 0) == red)
        // Overshoot leaves 0...1; renderers clamp.
        let overshoot = red.interpolated(to: clearBlue, fraction: 1.25)
        #expect(overshoot == Color(red: -0.25, green: 0, blue: 1.25, alpha: -0.25))
        #expect(overshoot.clamped == Color(red: 0, green: 0, blue: 1, alpha: 0))
    }

    @Test("Distance is Euclidean over the four components")
    func distance() {
        let black = Color.black, white = Color.white
        #expect(black.animationDistance(to: white) == 3.0.squareRoot())
        #expect(black.animationDistance(to: .clear) == 1)
        #expect(white.animationDistance(to: white) == 0)
    }

    @Test("clamped maps NaN to 0 and hexString rounds the clamped components")
    func clampedAndHex() throws {
        #expect(Color(red: .nan, green: 2, blue: -1, alpha: 0.5).clamped == Color(red: 0, green: 1, blue: 0, alpha: 0.5))
        #expect(try Color(parsing: "#6495ED").hexString == "#6495edff")
        #expect(Color(red: 0.5, green: 1.7, blue: -3, alpha: 0).hexString == "#80ff0000")
        #expect(Color.white.description == "#ffffffff")
        #expect(Color(red: 0.1, green: 0, blue: 0, alpha: 1).description
            == "(red: 0.1, green: 0, blue: 0, alpha: 1)")
    }

    @Test("withAlpha replaces only the alpha")
    func withAlpha() {
        #expect(Color.white.withAlpha(0.25) == Color(red: 1, green: 1, blue: 1, alpha: 0.25))
    }
}
