import Foundation
import Testing
@testable import ChoreoCore

/// CAGradientLayer: its properties, its color line and where each point of the bounds lies on it,
/// and its animations, against closed forms computed by hand.
@Suite("Gradient layers")
struct GradientLayerTests {
    let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
    let black = Color.black, white = Color.white

    func gradient(_ colors: [Color], _ locations: [Double] = [], _ type: GradientProperties.Kind = .axial,
                  start: Point = Point(x: 0.5, y: 0), end: Point = Point(x: 0.5, y: 1)) -> GradientProperties {
        var g = GradientProperties()
        (g.colors, g.locations, g.type, g.startPoint, g.endPoint) = (colors, locations, type, start, end)
        return g
    }

    func close(_ a: Color, _ b: Color, _ tolerance: Double = 1e-12) -> Bool {
        zip([a.red, a.green, a.blue, a.alpha], [b.red, b.green, b.blue, b.alpha]).allSatisfy { abs($0 - $1) <= tolerance }
    }

    // MARK: Properties

    @Test("A new gradient layer has Core Animation's defaults and plain layers hold no gradient")
    func defaults() throws {
        let layer = Layer.gradientLayer(name: "g")
        #expect(layer.isGradientLayer && layer.gradientType == .axial)
        #expect(try layer.value(forKeyPath: "colors") == .colors([]))
        #expect(try layer.value(forKeyPath: "locations") == .numbers([]))
        #expect(try layer.value(forKeyPath: "startPoint") == .point(Point(x: 0.5, y: 0)))
        #expect(try layer.value(forKeyPath: "endPoint.y") == .scalar(1))
        #expect(Layer().model.gradient == nil && !Layer().isGradientLayer)
        // Out of line: a plain layer pays one optional reference for all of it.
        #expect(MemoryLayout<GradientStorage?>.size == 8)
    }

    @Test("Gradient properties on a layer of another class are errors naming GradientLayer")
    func otherClasses() throws {
        let plain = Layer(name: "box")
        let expected = ArgumentError(parameter: "colors", requirement: "is a property of GradientLayer",
                                     value: "Layer \"box\"")
        #expect(throws: expected) { try plain.setValue(.colors([.black]), forKeyPath: "colors") }
        #expect(throws: ArgumentError.self) { try plain.value(forKeyPath: "startPoint.x") }
        let sweep = BasicAnimation(keyPath: "locations")
        sweep.toValue = .numbers([0, 1])
        #expect(throws: ArgumentError.self) { try plain.add(sweep, forKey: "sweep") }
        plain.gradientType = .conic  // nothing to set on a plain layer
        #expect(plain.gradientType == nil && plain.model.gradient == nil)
    }

    @Test("Values are checked on the way in: kinds, finiteness and the 256-element cap")
    func checks() throws {
        let layer = Layer.gradientLayer()
        #expect(throws: ArgumentError.self) { try layer.setValue(.color(.black), forKeyPath: "colors") }
        #expect(throws: ArgumentError.self) { try layer.setValue(.numbers([0, .infinity]), forKeyPath: "locations") }
        #expect(throws: ArgumentError.self) { try layer.setValue(.colors(Array(repeating: .black, count: 257)), forKeyPath: "colors") }
        try layer.setValue(.numbers([-0.4, 1.4]), forKeyPath: "locations")  // outside 0...1 is allowed
        #expect(layer.model.gradient?.locations == [-0.4, 1.4])
    }

    @Test("A gradient layer's colors and locations are charged to its memory estimate")
    func charges() throws {
        let layer = Layer.gradientLayer()
        let before = layer.estimatedHostBytes
        #expect(before == HostMemoryEstimate.layer + 56)  // docs/lua-api.md: 56 + 32 per color + 8 per location
        try layer.setValue(.colors([.black, .white, .black]), forKeyPath: "colors")
        try layer.setValue(.numbers([0, 0.5, 1]), forKeyPath: "locations")
        #expect(layer.estimatedHostBytes == before + 3 * 32 + 3 * 8)
    }

    // MARK: Color line

    @Test("Without locations the colors spread evenly; between stops the color is their straight blend")
    func evenStops() {
        let g = gradient([red, blue, white])
        #expect(g.stops.map(\.location) == [0, 0.5, 1])
        #expect(close(g.color(atLocation: 0.125), Color(red: 0.75, green: 0, blue: 0.25)))  // a quarter of red → blue
        #expect(close(g.color(atLocation: 0.75), Color(red: 0.5, green: 0.5, blue: 1)))      // halfway blue → white
        #expect(g.color(atLocation: -3) == red && g.color(atLocation: 7) == white)
        #expect(gradient([red]).color(atLocation: 0.3) == red)
        #expect(gradient([]).color(atLocation: 0.3) == .clear)
    }

    @Test("Locations place the stops; the end colors extend beyond them")
    func locatedStops() {
        let g = gradient([black, white], [0.2, 0.8])
        #expect(g.color(atLocation: 0.1) == black && g.color(atLocation: 0.9) == white)
        #expect(close(g.color(atLocation: 0.35), Color(red: 0.25, green: 0.25, blue: 0.25)))  // (0.35 − 0.2) / 0.6
        // The shimmer's band, slid left of the layer: the layer is all its last color.
        let shimmer = gradient([black, white, black], [-0.4, -0.2, 0])
        #expect(shimmer.color(atLocation: 0.5) == black)
        #expect(close(shimmer.color(atLocation: -0.3), Color(red: 0.5, green: 0.5, blue: 0.5)))
    }

    @Test("A location below an earlier one is moved up to it (a hard edge); extra colors or locations are left out")
    func unorderedAndMismatched() {
        let g = gradient([black, red, blue, white], [0, 0.6, 0.4, 1])
        #expect(g.stops.map(\.location) == [0, 0.6, 0.6, 1])
        #expect(close(g.color(atLocation: 0.3), Color(red: 0.5, green: 0, blue: 0)))  // black → red, half way to 0.6
        #expect(g.color(atLocation: 0.6) == blue)                                      // the later stop wins at the edge
        #expect(gradient([black, white, red], [0, 1]).stops.map(\.color) == [black, white])
        #expect(gradient([black, white], [0, 0.5, 1]).stops.map(\.location) == [0, 0.5])
    }

    // MARK: Geometry

    @Test("Axial: a point's location is its projection on the line from startPoint to endPoint")
    func axialLocation() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        let across = gradient([black, white], start: Point(x: 0, y: 0.5), end: Point(x: 1, y: 0.5))
        #expect(across.location(of: Point(x: 25, y: 10), in: bounds) == 0.25)
        let diagonal = gradient([black, white], start: .zero, end: Point(x: 1, y: 1))
        // (50, 0)·(100, 50) / |(100, 50)|² = 5000 / 12500
        #expect(diagonal.location(of: Point(x: 50, y: 0), in: bounds) == 0.4)
        #expect(gradient([black], start: .zero, end: .zero).location(of: .zero, in: bounds) == .infinity)
    }

    @Test("Radial: ellipses about startPoint with radii reaching endPoint horizontally and vertically")
    func radialLocation() {
        let bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        let g = gradient([black, white], [], .radial, start: Point(x: 0.5, y: 0.5), end: Point(x: 1, y: 1))
        // rx = 100, ry = 50 about (100, 50)
        #expect(g.location(of: Point(x: 150, y: 50), in: bounds) == 0.5)
        #expect(g.location(of: Point(x: 100, y: 75), in: bounds) == 0.5)
        #expect(abs(g.location(of: Point(x: 160, y: 90), in: bounds) - 1) < 1e-12)  // hypot(0.6, 0.8)
        let flat = gradient([black, white], [], .radial, start: Point(x: 0.5, y: 0.5), end: Point(x: 1, y: 0.5))
        #expect(flat.location(of: Point(x: 100, y: 50), in: bounds) == .infinity)
    }

    @Test("Conic: the clockwise turn on screen from the direction of endPoint, about startPoint")
    func conicLocation() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let east = gradient([black, white], [], .conic, start: Point(x: 0.5, y: 0.5), end: Point(x: 1, y: 0.5))
        #expect(east.location(of: Point(x: 90, y: 50), in: bounds) == 0)
        #expect(east.location(of: Point(x: 50, y: 90), in: bounds) == 0.25)   // below: a quarter turn clockwise
        #expect(east.location(of: Point(x: 10, y: 50), in: bounds) == 0.5)
        #expect(east.location(of: Point(x: 50, y: 10), in: bounds) == 0.75)
        let north = gradient([black, white], [], .conic, start: Point(x: 0.5, y: 0.5), end: Point(x: 0.5, y: 0))
        #expect(north.location(of: Point(x: 90, y: 50), in: bounds) == 0.25)
        #expect(abs(north.location(of: Point(x: 90, y: 10), in: bounds) - 0.125) < 1e-12)
    }

    // MARK: Animations

    /// A committed scene holding one gradient layer, 100×100, with `configure` applied first.
    func scene(_ configure: (Layer) throws -> Void) rethrows -> (Scene, Layer) {
        let scene = Scene()
        let layer = Layer.gradientLayer(name: "g")
        layer.setFrame(Rect(x: 0, y: 0, width: 100, height: 100))
        try configure(layer)
        scene.rootLayer.addSublayer(layer)
        scene.commit()
        scene.advance(to: 0)
        return (scene, layer)
    }

    @Test("A basic animation of locations moves every stop along a straight line")
    func basicLocations() throws {
        let (scene, layer) = try scene { try $0.setValue(.colors([black, white, black]), forKeyPath: "colors") }
        let sweep = BasicAnimation(keyPath: "locations")
        (sweep.fromValue, sweep.toValue, sweep.timing.duration) = (.numbers([-0.4, -0.2, 0]), .numbers([1, 1.2, 1.4]), 2)
        try layer.add(sweep, forKey: "sweep")
        scene.advance(to: 0.5)  // a quarter of the way: each stop moved 1.4 × 0.25 = 0.35
        let stops = try #require(layer.presentation.gradient?.locations)
        for (got, want) in zip(stops, [-0.05, 0.15, 0.35]) { #expect(abs(got - want) < 1e-12) }
        #expect(layer.model.gradient?.locations == [])  // the model is unchanged
    }

    @Test("A keyframe animation of colors blends the neighbouring keyframes' lists")
    func keyframeColors() throws {
        let (scene, layer) = try scene { _ in }
        let tint = KeyframeAnimation(keyPath: "colors")
        tint.values = [.colors([red, blue]), .colors([blue, red]), .colors([red, red])]
        tint.timing.duration = 1
        try layer.add(tint, forKey: "tint")
        scene.advance(to: 0.25)  // halfway through the first segment
        let colors = try #require(layer.presentation.gradient?.colors)
        #expect(colors.count == 2 && close(colors[0], Color(red: 0.5, green: 0, blue: 0.5)) && close(colors[1], colors[0]))
    }

    @Test("A spring animation of startPoint.x follows the critically damped closed form")
    func springStartPoint() throws {
        let (scene, layer) = try scene { _ in }
        let spring = SpringAnimation(keyPath: "startPoint.x")
        (spring.mass, spring.stiffness, spring.damping) = (1, 100, 20)  // ω = 10, ζ = 1
        (spring.fromValue, spring.toValue) = (.scalar(0), .scalar(1))
        try layer.add(spring, forKey: "spring")
        scene.advance(to: 0.1)
        let expected = 1 - (1 + 10 * 0.1) * exp(-10 * 0.1)  // 1 − (1 + ωt)e^(−ωt)
        #expect(abs((layer.presentation.gradient?.startPoint.x ?? 0) - expected) < 1e-9)
        #expect(layer.presentation.gradient?.startPoint.y == 0)
    }

    @Test("The velocity of locations is each stop's rate, in locations per second")
    func velocity() throws {
        let (scene, layer) = try scene { _ in }
        let sweep = BasicAnimation(keyPath: "locations")
        (sweep.fromValue, sweep.toValue, sweep.timing.duration) = (.numbers([0, 1]), .numbers([1, 3]), 2)
        try layer.add(sweep, forKey: "sweep")
        scene.advance(to: 0.5)
        // Linear over 2 s: the stops move 1 and 2 in 2 s.
        #expect(try layer.presentationVelocity(forKeyPath: "locations") == .numbers([0.5, 1]))
        #expect(try layer.presentationVelocity(forKeyPath: "colors") == .colors([]))
    }

    @Test("Colors of a different count jump at the halfway point of the animation")
    func mismatchedCounts() throws {
        let (scene, layer) = try scene { try $0.setValue(.colors([red, blue]), forKeyPath: "colors") }
        let grow = BasicAnimation(keyPath: "colors")
        (grow.fromValue, grow.toValue, grow.timing.duration) = (.colors([red, blue]), .colors([red, white, blue]), 1)
        try layer.add(grow, forKey: "grow")
        scene.advance(to: 0.4)
        #expect(layer.presentation.gradient?.colors == [red, blue])
        scene.advance(to: 0.5)
        #expect(layer.presentation.gradient?.colors == [red, white, blue])
    }

    @Test("The layer's type changes at once and is kept by its presentation")
    func typeChanges() throws {
        let (_, layer) = try scene { _ in }
        layer.gradientType = .radial
        #expect(layer.presentation.gradient?.type == .radial)
    }
}
