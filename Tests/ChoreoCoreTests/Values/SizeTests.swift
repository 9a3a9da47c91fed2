import Testing
@testable import ChoreoCore

@Suite("Size")
struct SizeTests {
    @Test("Arithmetic is component-wise and allows negative sizes")
    func arithmetic() {
        let a = Size(width: 80, height: 40), b = Size(width: 100, height: 10)
        #expect(a + b == Size(width: 180, height: 50))
        #expect(a - b == Size(width: -20, height: 30))
        #expect(a * 0.5 == Size(width: 40, height: 20))
        #expect((a - b) + b == a)
    }

    @Test("Interpolation is linear, exact at the ends, and extrapolates")
    func interpolation() {
        let a = Size(width: 0.7, height: 10), b = Size(width: 0.1, height: 30)
        #expect(a.interpolated(to: b, fraction: 1) == b)
        #expect(a.interpolated(to: b, fraction: 0) == a)
        #expect(Size(width: 0, height: 10).interpolated(to: Size(width: 100, height: 30), fraction: 0.5)
            == Size(width: 50, height: 20))
        #expect(Size(width: 0, height: 10).interpolated(to: Size(width: 100, height: 30), fraction: 1.25)
            == Size(width: 125, height: 35))
    }

    @Test("Distance is Euclidean over width and height")
    func distance() {
        #expect(Size(width: 3, height: 0).animationDistance(to: Size(width: 0, height: 4)) == 5)
        #expect(Size(width: 3, height: 0).animationDistance(to: Size(width: 3, height: 0)) == 0)
    }

    @Test("validated names the bad component")
    func validation() {
        #expect(throws: ArgumentError(parameter: "bounds.size.height", requirement: "must be a finite number",
                                      value: "nan")) {
            try Size.validated(width: 1, height: .nan, parameter: "bounds.size")
        }
    }
}
