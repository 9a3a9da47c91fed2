import Foundation
import Testing
@testable import ChoreoCore
@testable import ChoreoRender

/// Gradient layers' pixels against the color each pixel's centre should have, worked out by hand:
/// its location on the color line (a projection, an ellipse's radius or an angle), then the blend
/// of the two stops around it. Each is within one 8-bit level.
@Suite("Gradient layer pixels")
struct GradientPixelTests {
    /// A scene of `size` with one gradient layer filling it, configured by `configure`, drawn at `scale`.
    func render(_ size: Size, scale: Double = 1, _ configure: (Layer) throws -> Void) throws -> Canvas {
        let scene = Scene()
        scene.rootView.frame = Rect(origin: .zero, size: size)
        let layer = Layer.gradientLayer(name: "g")
        layer.setFrame(Rect(origin: .zero, size: size))
        try configure(layer)
        scene.rootLayer.addSublayer(layer)
        scene.commit()
        return try SceneRenderer(scale: scale).render(scene)
    }

    /// A gradient layer's values, set on `layer`.
    func setGradient(_ layer: Layer, _ colors: [Color], _ locations: [Double] = [], _ type: GradientProperties.Kind = .axial,
                     start: Point, end: Point) throws {
        try layer.setValue(.colors(colors), forKeyPath: "colors")
        try layer.setValue(.numbers(locations), forKeyPath: "locations")
        try layer.setValue(.point(start), forKeyPath: "startPoint")
        try layer.setValue(.point(end), forKeyPath: "endPoint")
        layer.gradientType = type
    }

    let left = Point(x: 0, y: 0.5), right = Point(x: 1, y: 0.5), middle = Point(x: 0.5, y: 0.5)

    /// Whether the pixel is `expected` (r, g, b as 0...255 levels, opaque) within one level.
    func near(_ pixel: (r: Int, g: Int, b: Int, a: Int), _ expected: (Double, Double, Double)) -> Bool {
        pixel.a == 255 && abs(Double(pixel.r) - expected.0) <= 1 && abs(Double(pixel.g) - expected.1) <= 1
            && abs(Double(pixel.b) - expected.2) <= 1
    }

    let black = Color.black, white = Color.white
    let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    @Test("Axial, left to right: pixel x has the blend at (x + 0.5) / width")
    func axial() throws {
        let canvas = try render(Size(width: 100, height: 10)) { try setGradient($0, [black, white], start: left, end: right) }
        // x = 24: t = 0.245, 0.245 × 255 = 62.475; x = 80: t = 0.805 → 205.275
        #expect(near(canvas.color(x: 24, y: 5), (62.475, 62.475, 62.475)))
        #expect(near(canvas.color(x: 80, y: 2), (205.275, 205.275, 205.275)))
    }

    @Test("Axial with locations: the end colors outside the stops, the blend between them, stops outside 0...1 too")
    func axialLocations() throws {
        let located = try render(Size(width: 100, height: 10)) { try setGradient($0, [red, blue], [0.25, 0.75], start: left, end: right) }
        #expect(near(located.color(x: 10, y: 5), (255, 0, 0)))
        #expect(near(located.color(x: 90, y: 5), (0, 0, 255)))
        // x = 49: t = 0.495, f = (0.495 − 0.25) / 0.5 = 0.49: red 0.51 × 255, blue 0.49 × 255
        #expect(near(located.color(x: 49, y: 5), (130.05, 0, 124.95)))
        let wide = try render(Size(width: 100, height: 10)) { try setGradient($0, [black, white], [-1, 2], start: left, end: right) }
        // x = 49: t = 0.495, f = (0.495 + 1) / 3 = 0.49833 → 127.075
        #expect(near(wide.color(x: 49, y: 5), (127.075, 127.075, 127.075)))
    }

    @Test("Radial: the blend at the pixel centre's distance over the ellipse's radii")
    func radial() throws {
        let corner = Point(x: 1, y: 1)
        let circle = try render(Size(width: 100, height: 100)) { try setGradient($0, [white, black], [], .radial, start: middle, end: corner) }
        // (74.5, 49.5) from (50, 50): hypot(24.5, 0.5) / 50 = 0.490102 → 255 × (1 − 0.490102) = 130.024
        #expect(near(circle.color(x: 74, y: 49), (130.024, 130.024, 130.024)))
        #expect(near(circle.color(x: 0, y: 0), (0, 0, 0)))                 // beyond the circle
        // (49.5, 49.5): hypot(0.5, 0.5) / 50 = 0.0141421 → 251.394
        #expect(near(circle.color(x: 49, y: 49), (251.394, 251.394, 251.394)))
        let ellipse = try render(Size(width: 200, height: 100)) { try setGradient($0, [white, black], [], .radial, start: middle, end: corner) }
        // rx = 100, ry = 50: (149.5, 49.5) → hypot(0.495, 0.01) = 0.495101 → 128.749;
        // (99.5, 74.5) → hypot(0.005, 0.49) = 0.490026 → 130.043
        #expect(near(ellipse.color(x: 149, y: 49), (128.749, 128.749, 128.749)))
        #expect(near(ellipse.color(x: 99, y: 74), (130.043, 130.043, 130.043)))
    }

    @Test("Radial stops inside the centre give way to the color at 0; inside the first stop is its color")
    func radialStops() throws {
        let corner = Point(x: 1, y: 1)
        let below = try render(Size(width: 100, height: 100)) { try setGradient($0, [black, white], [-1, 1], .radial, start: middle, end: corner) }
        // (49.5, 49.5): d = 0.0141421, f = (d + 1) / 2 = 0.507071 → 129.303; (74.5, 49.5): d = 0.490102 → 189.988
        #expect(near(below.color(x: 49, y: 49), (129.303, 129.303, 129.303)))
        #expect(near(below.color(x: 74, y: 49), (189.988, 189.988, 189.988)))
        let ring = try render(Size(width: 100, height: 100)) { try setGradient($0, [red, blue], [0.5, 1], .radial, start: middle, end: corner) }
        #expect(near(ring.color(x: 55, y: 49), (255, 0, 0)))  // d ≈ 0.11, inside the first stop
        // (89.5, 49.5): d = hypot(39.5, 0.5) / 50 = 0.790063, f = (d − 0.5) / 0.5 = 0.580127
        #expect(near(ring.color(x: 89, y: 49), (107.068, 0, 147.932)))
    }

    @Test("Conic: the blend at the clockwise angle from endPoint's direction, as a fraction of a turn")
    func conic() throws {
        let wheel = try render(Size(width: 100, height: 100)) { try setGradient($0, [black, white], [], .conic, start: middle, end: right) }
        // (49.5, 89.5) from (50, 50): atan2(39.5, −0.5) = π/2 + atan(0.5/39.5) = 1.583455 → 0.252014 → 64.264
        #expect(near(wheel.color(x: 49, y: 89), (64.264, 64.264, 64.264)))
        // (89.5, 49.5): atan2(−0.5, 39.5) = −0.012658 → 1 − 0.0020146 = 0.997985 → 254.486
        #expect(near(wheel.color(x: 89, y: 49), (254.486, 254.486, 254.486)))
        // (10.5, 49.5): atan2(−0.5, −39.5) = −π + 0.012658 → 0.5 + 0.0020146 → 128.014
        #expect(near(wheel.color(x: 10, y: 49), (128.014, 128.014, 128.014)))
        // At scale 2 a device pixel's centre is a quarter point from the corner: (179.5, 99.5) / 2 =
        // (89.75, 49.75): atan2(−0.25, 39.75) = −0.0062892 → 0.998999 → 254.745
        let fine = try render(Size(width: 100, height: 100), scale: 2) {
            try setGradient($0, [black, white], [], .conic, start: middle, end: right)
        }
        #expect(near(fine.color(x: 179, y: 99), (254.745, 254.745, 254.745)))
    }

    @Test("A conic gradient fills the rounded shape only, and a rotated layer turns its gradient")
    func conicShapeAndTransform() throws {
        let canvas = try render(Size(width: 100, height: 100)) { layer in
            try setGradient(layer, [black, white], [], .conic, start: middle, end: right)
            try layer.setValue(.scalar(50), forKeyPath: "cornerRadius")
            try layer.setValue(.transform(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)), forKeyPath: "transform")
        }
        #expect(canvas.color(x: 1, y: 1).a == 0)  // outside the circle
        // Turned a quarter clockwise (x' = −y, y' = x about the centre), the layer's south points
        // west: screen (10.5, 49.5), (−39.5, −0.5) from the centre, is layer (−0.5, 39.5) from it,
        // the layer's point (49.5, 89.5): atan2(39.5, −0.5) = 1.583455 → 0.252014 → 64.264
        #expect(near(canvas.color(x: 10, y: 49), (64.264, 64.264, 64.264)))
    }

    @Test("Without colors a gradient layer draws only its background")
    func noColors() throws {
        let canvas = try render(Size(width: 10, height: 10)) { layer in
            try layer.setValue(.color(red), forKeyPath: "backgroundColor")
        }
        #expect(canvas.color(x: 5, y: 5) == (255, 0, 0, 255))
    }
}
