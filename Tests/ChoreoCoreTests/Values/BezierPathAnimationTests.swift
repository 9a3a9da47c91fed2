import Testing
@testable import ChoreoCore

@Suite("Bézier paths as animation values")
struct BezierPathAnimationTests {
    static let bar = BezierPath(elements: [.move(to: Point(x: 0, y: 10)), .line(to: Point(x: 30, y: 10)),
                                           .curve(to: Point(x: 40, y: 0), control1: Point(x: 32, y: 10), control2: Point(x: 38, y: 2))])
    static let arrow = BezierPath(elements: [.move(to: Point(x: 4, y: 2)), .line(to: Point(x: 20, y: 30)),
                                             .curve(to: Point(x: 0, y: 0), control1: Point(x: 0, y: 4), control2: Point(x: 8, y: 0))])
    static let triangle = BezierPath(elements: [.move(to: .zero), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 5, y: 8)), .close])

    @Test("Paths of the same elements interpolate point by point, extrapolating beyond 0...1")
    func pointByPoint() {
        let quarter = Self.bar.interpolated(to: Self.arrow, fraction: 0.25)
        #expect(quarter.elements == [
            .move(to: Point(x: 1, y: 8)), .line(to: Point(x: 27.5, y: 15)),
            .curve(to: Point(x: 30, y: 0), control1: Point(x: 24, y: 8.5), control2: Point(x: 30.5, y: 1.5)),
        ])
        let over = Self.bar.interpolated(to: Self.arrow, fraction: 1.5)
        #expect(over.elements[0] == .move(to: Point(x: 6, y: -2)))
        #expect(Self.bar.interpolated(to: Self.arrow, fraction: 0) == Self.bar)
        #expect(Self.bar.interpolated(to: Self.arrow, fraction: 1) == Self.arrow)
    }

    @Test("Paths of different elements switch from one to the other halfway")
    func halfwaySwitch() {
        #expect(!Self.bar.hasSameStructure(as: Self.triangle))
        #expect(Self.bar.interpolated(to: Self.triangle, fraction: 0.4999) == Self.bar)
        #expect(Self.bar.interpolated(to: Self.triangle, fraction: 0.5) == Self.triangle)
        #expect(Self.bar.interpolated(to: Self.triangle, fraction: 1) == Self.triangle)
        #expect(Self.bar.animationDistance(to: Self.triangle) > 0)
    }

    @Test("Sum, difference and scaling work point by point, with the empty path as zero")
    func vectorSpace() {
        let difference = Self.bar - Self.arrow
        #expect(difference.elements[0] == .move(to: Point(x: -4, y: 8)))
        #expect(difference + Self.arrow == Self.bar)
        #expect(Self.bar + .zero == Self.bar && BezierPath.zero + Self.bar == Self.bar)
        #expect((Self.triangle * 2).elements[2] == .line(to: Point(x: 10, y: 16)))
        #expect(Self.bar.animationDistance(to: Self.bar) == 0)
        // Distance: the norm of all coordinate differences (here 3-4-5 in one point).
        let moved = BezierPath(elements: [.move(to: Point(x: 3, y: 4))])
        #expect(BezierPath(elements: [.move(to: .zero)]).animationDistance(to: moved) == 5)
    }

    @Test("As an animation value a path is never invertible, so view animations animate it absolutely")
    func animationValue() {
        let value = AnimationValue.path(Self.bar)
        #expect(value.kind == .path)
        #expect(!value.isInvertible)
        #expect(value.interpolated(to: .path(Self.arrow), fraction: 0.25) == .path(Self.bar.interpolated(to: Self.arrow, fraction: 0.25)))
        #expect(AnimationValue.zero(.path) == .path(BezierPath()))
        #expect(value.components == [0, 10, 30, 10, 32, 10, 38, 2, 40, 0])
        #expect(value.isFinite && !AnimationValue.path(BezierPath(elements: [.move(to: Point(x: .nan, y: 0))])).isFinite)
    }
}
