import Testing
@testable import ChoreoCore

@Suite("Rect")
struct RectTests {
    @Test("Edges, centre and size follow CGRect, including negative sizes")
    func geometry() {
        let r = Rect(x: 20, y: 100, width: 80, height: 60)
        #expect(r.origin == Point(x: 20, y: 100))
        #expect(r.size == Size(width: 80, height: 60))
        #expect((r.minX, r.midX, r.maxX) == (20, 60, 100))
        #expect((r.minY, r.midY, r.maxY) == (100, 130, 160))
        #expect(r.center == Point(x: 60, y: 130))
        let flipped = Rect(x: 100, y: 160, width: -80, height: -60)
        #expect((flipped.minX, flipped.maxX, flipped.width) == (20, 100, 80))
        #expect((flipped.minY, flipped.maxY, flipped.height) == (100, 160, 60))
        #expect(flipped.center == r.center)
        #expect(flipped.standardized == r)
    }

    @Test("Arithmetic is component-wise over origin and size")
    func arithmetic() {
        let old = Rect(x: 0, y: 0, width: 100, height: 50)
        let new = Rect(x: 10, y: -5, width: 180, height: 50)
        #expect(old - new == Rect(x: -10, y: 5, width: -80, height: 0))
        #expect((old - new) + new == old)
        #expect(new * 0.5 == Rect(x: 5, y: -2.5, width: 90, height: 25))
        #expect(new + .zero == new)
    }

    @Test("Interpolation is component-wise and exact at the ends")
    func interpolation() {
        let a = Rect(x: 0, y: 0, width: 100, height: 100), b = Rect(x: 50, y: 20, width: 0, height: 200)
        #expect(a.interpolated(to: b, fraction: 0.5) == Rect(x: 25, y: 10, width: 50, height: 150))
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(a.interpolated(to: b, fraction: 1) == b)
    }

    @Test("Distance is Euclidean over the four components")
    func distance() {
        let a = Rect(x: 0, y: 0, width: 0, height: 0), b = Rect(x: 1, y: 2, width: 2, height: 4)
        #expect(a.animationDistance(to: b) == 5)
        #expect(b.animationDistance(to: a) == 5)
        #expect(b.animationDistance(to: b) == 0)
    }

    @Test("validated accepts negative sizes and rejects non-finite components by name")
    func validation() throws {
        #expect(try Rect.validated(x: 1, y: 2, width: -3, height: 4) == Rect(x: 1, y: 2, width: -3, height: 4))
        #expect(throws: ArgumentError(parameter: "frame.width", requirement: "must be a finite number", value: "nan")) {
            try Rect.validated(x: 1, y: 2, width: .nan, height: 4, parameter: "frame")
        }
    }
}
