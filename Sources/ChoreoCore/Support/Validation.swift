import RealModule

/// Argument checks, named after what they check. Each returns the value when it passes, so a
/// check reads as an assignment: `self.mass = try requirePositive(mass, "mass")`.
///
/// "Finite" means within ``NumberLimits/magnitude`` (±1e15) here: a finite value beyond it is
/// refused as out of range (`fromValue must be within ±1e15 (got 1.7e+308)`), so that arithmetic
/// on accepted values cannot overflow. NaN and infinities keep their own message.

/// The value must be a finite number (not NaN, not ±infinity) within ±1e15.
@inline(__always)
public func requireFinite(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
    guard value.isFinite else {
        throw ArgumentError(parameter: parameter, requirement: "must be a finite number", value: value)
    }
    return try requireMagnitude(value, parameter)
}

/// The value must be finite and ≥ 0 (and ≤ 1e15).
@inline(__always)
public func requireNonNegative(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
    guard value.isFinite, value >= 0 else {
        throw ArgumentError(parameter: parameter, requirement: "must be a finite number ≥ 0", value: value)
    }
    return try requireMagnitude(value, parameter)
}

/// The value must be finite and > 0 (and ≤ 1e15).
@inline(__always)
public func requirePositive(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
    guard value.isFinite, value > 0 else {
        throw ArgumentError(parameter: parameter, requirement: "must be a finite number > 0", value: value)
    }
    return try requireMagnitude(value, parameter)
}

/// A finite value must be within ±`limit` (±1e15 unless a parameter has a smaller range).
@inline(__always)
public func requireMagnitude(
    _ value: Double, _ parameter: String, limit: Double = NumberLimits.magnitude
) throws(ArgumentError) -> Double {
    guard abs(value) <= limit else {
        throw ArgumentError(parameter: parameter, requirement: "must be within ±\(formatLimit(limit))", value: value)
    }
    return value
}

/// A curve's progress (or a cubic Bézier's control y): finite and within ±1e6
/// (``NumberLimits/progress``), so that `from + (to − from) · progress` stays finite.
@inline(__always)
public func requireProgress(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
    guard value.isFinite else {
        throw ArgumentError(parameter: parameter, requirement: "must be a finite number", value: value)
    }
    return try requireMagnitude(value, parameter, limit: NumberLimits.progress)
}

extension NumberLimits {
    /// Whether `value` is a progress Choreo accepts (finite, within ±1e6).
    @inlinable
    public static func isProgress(_ value: Double) -> Bool { value.isFinite && abs(value) <= progress }
}

/// Every component of `value` must be finite and within ±1e15; `parameter` names the value
/// (`opacity must be finite (got nan)`, `position.x must be within ±1e15 (got 1e+300)`); a list
/// (a gradient's `colors`) holds at most `AnimationValue.maximumListCount` elements.
@discardableResult
public func requireFinite(_ value: AnimationValue, _ parameter: String) throws(ArgumentError) -> AnimationValue {
    guard value.listCount <= AnimationValue.maximumListCount else {
        throw ArgumentError(parameter: parameter, requirement: "must hold at most \(AnimationValue.maximumListCount) elements",
                            value: "\(value.listCount)")
    }
    guard value.isFinite else {
        let shown = value.scalar.map(formatNumber) ?? "a \(value.kind.rawValue) with a non-finite component"
        throw ArgumentError(parameter: parameter, requirement: "must be finite", value: shown)
    }
    // The names are made only to word an error (a value every script sets made them all).
    if value.isWithinMagnitude { return value }
    for (name, component) in value.namedComponents {
        _ = try requireMagnitude(component, name.isEmpty ? parameter : "\(parameter).\(name)")
    }
    return value
}

/// The integer must be within `range` (a count a script asks for).
@inline(__always)
public func requireInRange(_ value: Int, _ range: ClosedRange<Int>, _ parameter: String) throws(ArgumentError) -> Int {
    guard range.contains(value) else {
        throw ArgumentError(
            parameter: parameter, requirement: "must be within \(range.lowerBound)...\(range.upperBound)",
            value: String(value))
    }
    return value
}

/// The value must be finite and within the closed range.
@inline(__always)
public func requireInRange(
    _ value: Double, _ range: ClosedRange<Double>, _ parameter: String
) throws(ArgumentError) -> Double {
    guard value.isFinite, range.contains(value) else {
        throw ArgumentError(
            parameter: parameter,
            requirement: "must be within \(formatLimit(range.lowerBound))...\(formatLimit(range.upperBound))",
            value: value)
    }
    return value
}

/// A range's bound as messages and docs write it: powers of ten from 1e6 up and 1e-6 down as
/// `1e9`, `1e-6`; anything else as `formatNumber` does.
public func formatLimit(_ value: Double) -> String {
    guard value.isFinite, value != 0 else { return formatNumber(value) }
    let exponent = Double.log10(value.magnitude).rounded()
    if abs(exponent) >= 6, value.magnitude == Double.pow(10, Int(exponent)) {
        return (value < 0 ? "-" : "") + "1e\(Int(exponent))"
    }
    return formatNumber(value)
}

/// The value must be ≥ 0 and not NaN; +infinity is allowed (a repeat count that never ends).
@inline(__always)
public func requireNonNegativeOrInfinite(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
    guard !value.isNaN, value >= 0 else {
        throw ArgumentError(parameter: parameter, requirement: "must be a number ≥ 0 (or infinity)", value: value)
    }
    return value
}
