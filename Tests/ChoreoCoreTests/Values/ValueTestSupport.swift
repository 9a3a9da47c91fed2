@testable import ChoreoCore

/// The largest absolute difference between corresponding entries of two 2D transforms.
func largestEntryDifference(_ a: Transform2D, _ b: Transform2D) -> Double {
    [a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d, a.tx - b.tx, a.ty - b.ty].map(abs).max()!
}

/// The largest absolute difference between corresponding entries of two 3D transforms.
func largestEntryDifference(_ a: Transform3D, _ b: Transform3D) -> Double {
    zip(a.entries, b.entries).map { abs($0 - $1) }.max()!
}

/// Whether `a` and `b` differ by at most one rounding of a value of `magnitude` (half an ulp is
/// the rounding error; an ulp leaves room for the second operation).
func withinOneRounding(_ a: Double, _ b: Double, magnitude: Double) -> Bool {
    abs(a - b) <= magnitude.ulp
}

/// The protocol's operations seen through a generic function, as the engine sees them.
func genericDistance<Value: AnimatableValue>(_ a: Value, _ b: Value) -> Double {
    a.animationDistance(to: b)
}

func genericInterpolation<Value: AnimatableValue>(_ a: Value, _ b: Value, _ fraction: Double) -> Value {
    a.interpolated(to: b, fraction: fraction)
}

/// The additive round trip `(a - b) + b`, generically.
func additiveRoundTrip<Value: AnimatableValue>(_ a: Value, _ b: Value) -> Value {
    (a - b) + b
}
