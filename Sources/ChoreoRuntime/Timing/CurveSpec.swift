import ChoreoCore

/// CSS-style curve descriptions, so any place that takes a curve name takes a one-off curve too:
///
///     cubic-bezier(0.57, -0.4, 0.96, 0.87)     a cubic Bézier (CSS)
///     steps(4, jump-start)                     CSS steps; the position defaults to jump-end
///     linear(0, 0.25 75%, 1)                   CSS linear(): outputs, each with an optional input %
///     spring(1, 100, 10)                       mass, stiffness, damping[, initial velocity]:
///                                              a physics spring lasting until it settles
enum CurveSpec {
    /// The curve a spec describes; nil when `text` is not a spec at all (just an unknown name);
    /// an error when it is a spec with bad arguments.
    static func parse(_ text: String) throws(ArgumentError) -> (any TimingCurve)? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let function = text[..<open].trimmingSpaces()
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let arguments = inner.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        switch function {
        case "cubic-bezier":
            let p = try numbers(arguments, count: 4...4, spec: text, usage: "takes four numbers x1, y1, x2, y2")
            return try CubicBezierCurve(p[0], p[1], p[2], p[3])
        case "steps":
            guard (1...2).contains(arguments.count), let count = Int(arguments[0]) else {
                throw ArgumentError(
                    parameter: "steps", requirement: "takes an integer count and an optional position", value: "\"\(text)\"")
            }
            return try StepsCurve(count, position: arguments.count == 2 ? arguments[1] : "jump-end")
        case "linear":
            return try PiecewiseLinearCurve(controlPoints: arguments.map { argument throws(ArgumentError) in
                try linearStop(argument, spec: text)
            })
        case "spring":
            let p = try numbers(arguments, count: 3...4, spec: text, usage: "takes mass, stiffness, damping and an optional initial velocity")
            let parameters = try SpringParameters(mass: p[0], stiffness: p[1], damping: p[2])
            return try SpringCurve(parameters: parameters, initialVelocity: p.count == 4 ? p[3] : 0)
        default:
            return nil
        }
    }

    private static func numbers(
        _ arguments: [String], count: ClosedRange<Int>, spec: String, usage: String
    ) throws(ArgumentError) -> [Double] {
        let values = arguments.compactMap(Double.init)
        guard count.contains(arguments.count), values.count == arguments.count else {
            let name = String(spec.prefix { $0 != "(" })
            throw ArgumentError(parameter: name, requirement: usage, value: "\"\(spec)\"")
        }
        return values
    }

    /// One stop of CSS `linear()`: `output` or `output input%`.
    private static func linearStop(_ argument: String, spec: String) throws(ArgumentError) -> PiecewiseLinearCurve.ControlPoint {
        let parts = argument.split(separator: " ").map(String.init)
        let bad = ArgumentError(
            parameter: "linear", requirement: "takes stops written as a number and an optional percentage",
            value: "\"\(spec)\"")
        guard let output = parts.first.flatMap(Double.init), parts.count <= 2 else { throw bad }
        guard parts.count == 2 else { return .init(output) }
        guard parts[1].hasSuffix("%"), let percent = Double(parts[1].dropLast()) else { throw bad }
        return .init(output, at: percent / 100)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
