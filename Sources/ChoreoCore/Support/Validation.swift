/// Argument checks, named after what they check. Each returns the value when it passes, so a
/// check reads as an assignment: `self.mass = try requirePositive(mass, "mass")`.

/// The value must be a finite number (not NaN, not ±infinity).
@inline(__always)
public func requireFinite(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
    guard value.isFinite else {
        throw ArgumentError(parameter: parameter, requirement: "must be a finite number", value: value)
    }
    return value
}

/// The value must be finite and ≥ 0.
@inline(__always)
public func requireNonNegative(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
    guard value.isFinite, value >= 0 else {
        throw ArgumentError(parameter: parameter, requirement: "must be a finite number ≥ 0", value: value)
    }
    return value
}

/// The value must be finite and > 0.
@inline(__always)
public func requirePositive(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
    guard value.isFinite, value > 0 else {
        throw ArgumentError(parameter: parameter, requirement: "must be a finite number > 0", value: value)
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
            requirement: "must be within \(formatNumber(range.lowerBound))...\(formatNumber(range.upperBound))",
            value: value)
    }
    return value
}

/// The value must be ≥ 0 and not NaN; +infinity is allowed (a repeat count that never ends).
@inline(__always)
public func requireNonNegativeOrInfinite(_ value: Double, _ parameter: String) throws(ArgumentError) -> Double {
    guard !value.isNaN, value >= 0 else {
        throw ArgumentError(parameter: parameter, requirement: "must be a number ≥ 0 (or infinity)", value: value)
    }
    return value
}
