import Testing
@testable import ChoreoCore

/// List values (a gradient's `colors` and `locations`): element-wise arithmetic for lists of one
/// length, Web Animations' discrete switch for lists of different lengths.
@Suite("List values: colors and numbers")
struct ListValueTests {
    let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    @Test("Lists keep an animation value at 40 bytes: an array is one reference")
    func layout() {
        #expect(MemoryLayout<AnimationValue>.stride == 40)
        #expect(MemoryLayout<AnimationValue?>.stride == 40)
    }

    @Test("Lists of one length interpolate element by element, extrapolating outside 0...1")
    func elementWise() {
        let a = AnimationValue.numbers([-0.4, -0.2, 0]), b = AnimationValue.numbers([1, 1.2, 1.4])
        // -0.4 + (1 - -0.4) * 0.25 = -0.05; -0.2 + 1.4 * 0.25 = 0.15; 0 + 1.4 * 0.25 = 0.35
        let quarter = a.interpolated(to: b, fraction: 0.25).listEntries!
        for (got, want) in zip(quarter, [-0.05, 0.15, 0.35]) { #expect(abs(got - want) < 1e-12) }
        // Each moves 1.4; at 1.5 a spring's overshoot puts it 2.1 past its start.
        let overshoot = a.interpolated(to: b, fraction: 1.5).listEntries!
        for (got, want) in zip(overshoot, [1.7, 1.9, 2.1]) { #expect(abs(got - want) < 1e-12) }
        let colors = AnimationValue.colors([red, blue]).interpolated(to: .colors([blue, red]), fraction: 0.25)
        #expect(colors == .colors([Color(red: 0.75, green: 0, blue: 0.25), Color(red: 0.25, green: 0, blue: 0.75)]))
    }

    @Test("Lists of different lengths switch at the halfway point and are exact at both ends")
    func discrete() {
        let two = AnimationValue.colors([red, blue]), three = AnimationValue.colors([red, blue, red])
        #expect(two.interpolated(to: three, fraction: 0) == two)
        #expect(two.interpolated(to: three, fraction: 0.49) == two)
        #expect(two.interpolated(to: three, fraction: 0.5) == three)
        #expect(two.interpolated(to: three, fraction: 1) == three)
        #expect(two.interpolated(to: three, fraction: -0.2) == two)
        #expect(two.rate(to: three, over: 1) == .colors([.zero, .zero]))
        #expect(two + three == two)
        #expect(two - three == two)
    }

    @Test("An empty list is the identity of every length: additive composition works on lists")
    func emptyIsZero() {
        let model = AnimationValue.numbers([0, 0.5, 1]), old = AnimationValue.numbers([0.2, 0.4, 0.6])
        let offset = old - model  // [0.2, -0.1, -0.4]
        #expect(offset + model == .numbers([0.2, 0.4, 0.6]))
        #expect(model + .zero(.numbers) == model)
        #expect(AnimationValue.zero(.numbers) + model == model)
        // An additive animation from the offset to zero passes half of it at the middle.
        let half = offset.interpolated(to: .zero(.numbers), fraction: 0.5).listEntries!
        for (got, want) in zip(half, [0.1, -0.05, -0.2]) { #expect(abs(got - want) < 1e-12) }
        #expect(AnimationValue.zero(.colors) - .colors([red]) == .colors([Color(red: -1, green: 0, blue: 0, alpha: -1)]))
    }

    @Test("Scaling, distance and velocity of lists are those of their numbers")
    func metric() {
        let a = AnimationValue.numbers([0, 0]), b = AnimationValue.numbers([3, 4])
        #expect(a.animationDistance(to: b) == 5)
        #expect(b * 2 == .numbers([6, 8]))
        #expect(a.rate(to: b, over: 2) == .numbers([1.5, 2]))
        // Different lengths: the shorter is padded with zeros.
        #expect(AnimationValue.numbers([3]).animationDistance(to: .numbers([0, 4])) == 5)
        #expect(AnimationValue.colors([red]).animationDistance(to: .colors([blue])) == 2.0.squareRoot())
    }

    @Test("Lists are never invertible: view animations animate them from the old presentation value")
    func notInvertible() {
        #expect(!AnimationValue.numbers([0, 1]).isInvertible)
        #expect(!AnimationValue.colors([red]).isInvertible)
    }

    @Test("Components name each element: [2].r for colors, [1] for numbers")
    func components() {
        let names = AnimationValue.colors([red, blue]).namedComponents.map(\.0)
        #expect(names == ["[1].r", "[1].g", "[1].b", "[1].a", "[2].r", "[2].g", "[2].b", "[2].a"])
        #expect(AnimationValue.colors([red, blue]).components == [1, 0, 0, 1, 0, 0, 1, 1])
        #expect(AnimationValue.numbers([0.5, 2]).namedComponents.map(\.0) == ["[1]", "[2]"])
        #expect(!AnimationValue.numbers([1, .nan]).isFinite)
        #expect(AnimationValue.colors([red, blue]).kind == .colors && AnimationValue.numbers([]).kind == .numbers)
    }

    @Test("A list longer than 256 elements, or with a number that is not finite, is refused where values enter")
    func limits() throws {
        let long = AnimationValue.numbers(Array(repeating: 0.5, count: 257))
        #expect(throws: ArgumentError(parameter: "locations", requirement: "must hold at most 256 elements", value: "257")) {
            try requireFinite(long, "locations")
        }
        #expect(throws: ArgumentError.self) { try requireFinite(.numbers([0, .nan]), "locations") }
        #expect(throws: ArgumentError.self) { try requireFinite(.numbers([0, 1e300]), "locations") }
        #expect(try requireFinite(.numbers(Array(repeating: 0.5, count: 256)), "locations").listCount == 256)
    }

    @Test("Animations holding lists are charged for their elements")
    func charges() {
        let sweep = BasicAnimation(keyPath: "locations")
        sweep.fromValue = .numbers([0, 0.5, 1])
        sweep.toValue = .numbers([1, 1.5, 2])
        #expect(sweep.estimatedHostBytes == 512 + 6 * 8)
        let tint = KeyframeAnimation(keyPath: "colors")
        tint.values = [.colors([red, blue]), .colors([blue, red])]
        #expect(tint.estimatedHostBytes == 512 + 2 * 40 + 4 * 32)
    }
}
