/// Options that scripts name with strings: fill modes, calculation modes, curve names, ...
///
///     try FillMode(parsing: "both", parameter: "fillMode")     // .both
///     try FillMode(parsing: "sideways", parameter: "fillMode")
///     // fillMode must be one of "removed", "forwards", "backwards", "both" (got "sideways")
extension RawRepresentable where Self: CaseIterable, RawValue == String {
    /// The case named `name`, or an error listing every valid name.
    public init(parsing name: String, parameter: String) throws(ArgumentError) {
        guard let value = Self(rawValue: name) else {
            throw ArgumentError.unknownName(name, parameter: parameter, valid: Self.allCases.map(\.rawValue))
        }
        self = value
    }
}

extension ArgumentError {
    /// The error for a name that is not one of `valid`, which it lists in order.
    public static func unknownName(_ name: String, parameter: String, valid: [String]) -> ArgumentError {
        ArgumentError(
            parameter: parameter,
            requirement: "must be one of " + valid.map { "\"\($0)\"" }.joined(separator: ", "),
            value: "\"\(name)\"")
    }
}
