/// Where the jumps of a `steps()` curve fall (CSS Easing Level 1, `<step-position>`).
public enum StepPosition: String, CaseIterable, Hashable, Sendable {
    /// The first jump happens at the start: steps(4, jump-start) is 0.25 at t = 0. CSS `start`.
    case jumpStart = "jump-start"
    /// The last jump happens at the end: steps(4, jump-end) is 0.75 just before t = 1. CSS `end`,
    /// and the default.
    case jumpEnd = "jump-end"
    /// No jump at either end: steps(5, jump-none) holds 0 and 1 each for a fifth of the time.
    case jumpNone = "jump-none"
    /// Jumps at both ends: steps(3, jump-both) goes 0.25, 0.5, 0.75, then 1 at the end.
    case jumpBoth = "jump-both"

    /// The spellings `init(parsing:)` accepts, in the order its error message lists them.
    public static let validNames = ["jump-start", "start", "jump-end", "end", "jump-none", "jump-both"]

    /// Parses a CSS step position; `start` and `end` are CSS's synonyms for `jump-start` and
    /// `jump-end`. An unknown name throws an error listing the valid ones.
    public init(parsing name: String) throws(ArgumentError) {
        switch name {
        case "start": self = .jumpStart
        case "end": self = .jumpEnd
        default:
            guard let position = StepPosition(rawValue: name) else {
                throw ArgumentError.unknownName(name, parameter: "position", valid: Self.validNames)
            }
            self = position
        }
    }
}

/// A staircase: CSS's `steps(n, position)`, for frame-by-frame and ticking animations.
///
/// Progress holds still and jumps `n` times (n − 1 for jump-none, n + 1 for jump-both) between
/// equal levels, by CSS Easing Level 1's algorithm for the output of a step easing function:
///
///     step  = ⌊t·n⌋, plus 1 for jump-start and jump-both
///     jumps = n − 1 (jump-none), n + 1 (jump-both), else n
///     progress = min(step, jumps) / jumps
///
///     let ticks = try StepsCurve(4)          // steps(4, jump-end)
///     ticks.progress(at: 0.24)               // 0
///     ticks.progress(at: 0.25)               // 0.25
///
/// CSS's "before flag" (the step a jump-start curve shows in an animation's before phase) belongs
/// to the timing model, not the curve: here t ≤ 0 gives the curve's start value, as for every curve.
/// Velocity is 0 everywhere (the jumps have none). Evaluation is O(1) and does not allocate.
public struct StepsCurve: TimingCurve, Hashable {
    /// The number of intervals n (≥ 1; ≥ 2 for jump-none).
    public let steps: Int
    /// Where the jumps fall.
    public let position: StepPosition
    /// The number of jumps, the denominator of every level.
    private let jumps: Double

    /// Creates `steps(steps, position)`; throws when `steps` < 1, or < 2 for jump-none, or more
    /// than 1,000,000 (`NumberLimits.count`: `steps + 1` of `math.maxinteger` overflows).
    public init(_ steps: Int, _ position: StepPosition = .jumpEnd) throws(ArgumentError) {
        guard steps <= NumberLimits.count.upperBound else {
            throw ArgumentError(
                parameter: "steps", requirement: "must be an integer ≤ \(NumberLimits.count.upperBound)", value: String(steps))
        }
        if position == .jumpNone {
            guard steps >= 2 else {
                throw ArgumentError(parameter: "steps", requirement: "must be an integer ≥ 2 for jump-none", value: String(steps))
            }
        } else {
            guard steps >= 1 else {
                throw ArgumentError(parameter: "steps", requirement: "must be an integer ≥ 1", value: String(steps))
            }
        }
        self.steps = steps
        self.position = position
        switch position {
        case .jumpNone: jumps = Double(steps - 1)
        case .jumpBoth: jumps = Double(steps + 1)
        case .jumpStart, .jumpEnd: jumps = Double(steps)
        }
    }

    /// Creates `steps(steps, position)` from a CSS position name ("jump-end", "start", …).
    public init(_ steps: Int, position name: String) throws(ArgumentError) {
        try self.init(steps, StepPosition(parsing: name))
    }

    public func progress(within t: Double) -> Double {
        var step = (t * Double(steps)).rounded(.down)
        if position == .jumpStart || position == .jumpBoth { step += 1 }
        return min(max(step, 0), jumps) / jumps
    }

    public func velocity(within t: Double) -> Double? { 0 }
}
