/// A bad input to Choreo, reported in the words a user can act on.
///
/// Every check on a value that comes from outside (a script, a plugin, a motion spec) throws this
/// error. It names the parameter, says what was required, and shows the value that was given, so
/// the Lua layer only has to prefix the call's name and `file:line`:
///
///     duration must be a finite number ≥ 0 (got nan)
///     controlPoint1.x must be within 0...1 (got 1.2)
///
/// The message never ends with a period, so callers can add context before or after it.
public struct ArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The parameter's name as the user wrote it (`duration`, `controlPoint1.x`, `color`).
    public var parameter: String
    /// What the parameter must be, as a predicate phrase (`must be a finite number ≥ 0`).
    public var requirement: String
    /// The value given, formatted for the message.
    public var value: String

    public init(parameter: String, requirement: String, value: String) {
        self.parameter = parameter
        self.requirement = requirement
        self.value = value
    }

    public init(parameter: String, requirement: String, value: Double) {
        self.init(parameter: parameter, requirement: requirement, value: formatNumber(value))
    }

    public var description: String { "\(parameter) \(requirement) (got \(value))" }
}

/// Formats a number the way messages and traces show it: integers without a fraction, other
/// values in Swift's shortest round-trip form, and `nan`, `inf`, `-inf` for the rest.
public func formatNumber(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
