/// How a keyframe animation computes the values between its keyframes (CAAnimationCalculationMode).
///
/// - `linear`: straight interpolation between neighbouring values, each segment in its own time
///   span (`keyTimes`), shaped by its own timing function. The default.
/// - `discrete`: no interpolation; each value holds until the next key time.
/// - `paced`: straight interpolation at constant speed over the whole animation; `keyTimes` and
///   `timingFunctions` are ignored.
/// - `cubic`: a smooth Kochanek–Bartels spline through the values (Catmull–Rom by default), shaped
///   by `tensionValues`, `continuityValues` and `biasValues`.
/// - `cubicPaced`: the `cubic` spline traversed at constant speed; `keyTimes` and
///   `timingFunctions` are ignored.
///
/// (A/quartzcore/caanimationcalculationmode; reference §4.5. UIKit's keyframe options
/// `calculationModeLinear` … `calculationModeCubicPaced` name the same five, §3.4.)
public enum CalculationMode: String, CaseIterable, Sendable {
    case linear, discrete, paced, cubic, cubicPaced

    /// Parses a calculation mode name; an unknown name lists the valid ones.
    ///
    ///     try CalculationMode(parsing: "cubic")   // .cubic
    ///     try CalculationMode(parsing: "spline")  // throws: calculationMode must be one of "linear", … (got "spline")
    public init(parsing name: String) throws(ArgumentError) {
        try self.init(parsing: name, parameter: "calculationMode")
    }

    /// Whether the mode ignores `keyTimes` and `timingFunctions` and moves at constant speed.
    public var isPaced: Bool { self == .paced || self == .cubicPaced }

    /// Whether the mode draws a spline through the values (and reads tension, continuity, bias).
    public var isCubic: Bool { self == .cubic || self == .cubicPaced }
}

/// Whether a keyframe animation along a path turns the layer to follow it (CAAnimationRotationMode).
///
/// - `rotateAuto`: the layer's rotation is the angle of the path's tangent (direction of motion).
/// - `rotateAutoReverse`: that angle plus π, for a layer drawn facing backwards.
///
/// Without a rotation mode (`nil`) the layer does not turn; without a path it has no meaning
/// (reference §4.5). Core Animation's string constants are `"auto"` and `"autoReverse"`; Choreo
/// names them as the Swift cases are spelled.
public enum RotationMode: String, CaseIterable, Sendable {
    case rotateAuto, rotateAutoReverse

    /// Parses a rotation mode name; an unknown name lists the valid ones.
    public init(parsing name: String) throws(ArgumentError) {
        try self.init(parsing: name, parameter: "rotationMode")
    }
}
