/// A curve played backwards in time, turned so that it still runs from 0 to 1:
/// progress(t) = 1 − base(1 − t).
///
/// This is the shape an autoreversing animation traces on its way back, read as a forward curve
/// (the value on the way back is to − (to − from)·reversed(t)). An ease-in reversed is an ease-out,
/// and reversing twice gives the base back:
///
///     let easeOut = CubicBezierCurve.easeIn.reversed   // the same shape as (0, 0, 0.58, 1)
///     easeOut.progress(at: 0.3) == 1 - CubicBezierCurve.easeIn.progress(at: 0.7)
///
/// Velocity: d/dt [1 − base(1 − t)] = base′(1 − t). The curve keeps its base's own `duration`.
/// Its start is 1 minus the base's end approached from below — 0 for a continuous base; a base
/// with a jump at its start (steps jump-start) gives one at the end instead.
public struct ReversedCurve<Base: TimingCurve>: TimingCurve {
    public let base: Base

    public init(_ base: Base) { self.base = base }

    public func progress(within t: Double) -> Double { 1 - base.progress(at: 1 - t) }

    public func velocity(within t: Double) -> Double? { base.velocity(within: 1 - t) }

    public var duration: Double? { base.duration }
}

extension ReversedCurve: Equatable where Base: Equatable {}
extension ReversedCurve: Hashable where Base: Hashable {}

/// A curve and its reversal back to back, each in half the time: the in-out of an ease-in.
///
///     progress(t) = base(2t) / 2             for t < 1/2
///                 = 1 − base(2 − 2t) / 2     for t ≥ 1/2
///
/// The first half is the base compressed to half the time and height, the second half is its
/// `reversed` form: Penner's `easeInOut` built from an `easeIn` (and his `easeOutIn` from an
/// `easeOut`). Reversed keeps the direction of the motion and flips it in time; mirrored keeps the
/// base and appends its reflection through (1/2, 1/2):
///
///     let inOut = CubicBezierCurve.easeIn.mirrored   // slow, fast through the middle, slow
///     inOut.progress(at: 0.25) == CubicBezierCurve.easeIn.progress(at: 0.5) / 2
///     inOut.progress(at: 0.5)                        // 0.5 exactly
///
/// Velocity: base′(2t) in the first half, base′(2 − 2t) in the second (continuous at 1/2 when the
/// base's end velocity is defined). The curve keeps its base's own `duration`.
public struct MirroredCurve<Base: TimingCurve>: TimingCurve {
    public let base: Base

    public init(_ base: Base) { self.base = base }

    public func progress(within t: Double) -> Double {
        t < 0.5 ? base.progress(at: 2 * t) / 2 : 1 - base.progress(at: 2 - 2 * t) / 2
    }

    public func velocity(within t: Double) -> Double? {
        t < 0.5 ? base.velocity(within: 2 * t) : base.velocity(within: 2 - 2 * t)
    }

    public var duration: Double? { base.duration }
}

extension MirroredCurve: Equatable where Base: Equatable {}
extension MirroredCurve: Hashable where Base: Hashable {}

extension TimingCurve {
    /// This curve played backwards in time, still running 0 → 1: 1 − self(1 − t). See `ReversedCurve`.
    public var reversed: ReversedCurve<Self> { ReversedCurve(self) }

    /// This curve then its reversal, each in half the time (an ease-in becomes an ease-in-out).
    /// See `MirroredCurve`.
    public var mirrored: MirroredCurve<Self> { MirroredCurve(self) }
}

/// Any timing curve, behind one concrete type: for collections of mixed curves (a registry, a
/// keyframe animation's per-segment functions) and for values that cross into Lua.
///
///     let curves: [AnyTimingCurve] = [AnyTimingCurve(CubicBezierCurve.easeIn), AnyTimingCurve(try StepsCurve(4))]
///
/// Wrapping an `AnyTimingCurve` again does not nest.
public struct AnyTimingCurve: TimingCurve {
    /// The wrapped curve.
    public let base: any TimingCurve

    public var cubicBezier: CubicBezierCurve? { base.cubicBezier }

    /// The base resolved (a damping-ratio spring fitted), unwrapped; nil when the base is used as it is.
    public func resolved(forDuration duration: Double) throws(ArgumentError) -> (any TimingCurve)? {
        try base.resolved(forDuration: duration)
    }

    public init(_ base: any TimingCurve) {
        if let erased = base as? AnyTimingCurve {
            self = erased
        } else {
            self.base = base
        }
    }

    public func progress(within t: Double) -> Double { base.progress(within: t) }

    public func velocity(within t: Double) -> Double? { base.velocity(within: t) }

    public var duration: Double? { base.duration }
}
