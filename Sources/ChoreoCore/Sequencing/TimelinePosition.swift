/// Where a child goes in a `Timeline`: GSAP's position parameter, resolved to a local time.
///
///     nil          the end of the timeline
///     2            2 s from the timeline's start (negative kept: the child is partway at 0)
///     "+=1" "-=1"  1 s after / before the end
///     "+=50%"      past the end by 50 % of the child being added ("-=50%": overlapping it)
///     "<" ">"      the start / end of the child added most recently (0 when there is none)
///     "<0.5" ">-1" "<+=0.5" ">-=1"   offsets from those
///     "<50%" ">-25%"                 percents of the most recent child
///     "<+=50%" ">-=25%"              percents of the child being added
///     "intro"      a label (created at the end when unknown, and kept there)
///     "intro+=1" "intro-=1" "intro+=50%"   offsets from a label (percent: of the child added)
///     "3"          a numeric string that is not a label: 3 s
///
/// This is GSAP 3's `_parsePosition`, rule for rule (the percent forms since GSAP 3.7): an `=`
/// in a `<`/`>` form switches its percent from the recent child to the one being added. Where
/// Choreo differs: a malformed offset (`"<abc"`, `"x+=y"`, `""`) is an error where GSAP reads 0
/// or NaN, and a percent of a child without duration (a label, a callback) is 0 where GSAP reads
/// the number as seconds.
public enum TimelinePosition {
    /// What a position is written as: nothing (the end), a number, or a string of the grammar.
    public enum Spec: Equatable, Sendable {
        case end
        case seconds(Double)
        case text(String)
    }

    /// What a position resolves against: the timeline as it is before the child is added.
    public struct Context: Equatable, Sendable {
        /// The timeline's end: the latest end of any child (a child repeating forever counts the
        /// end of its first iteration); 0 when empty.
        public var end: Double
        /// The start and end of the child added most recently (callbacks count, labels do not).
        public var recent: ClosedRange<Double>?
        /// The labels, name → local time.
        public var labels: [String: Double]
        /// The span (end − start) of the child being added; 0 for a label or a callback.
        public var addedSpan: Double

        public init(end: Double, recent: ClosedRange<Double>? = nil, labels: [String: Double] = [:], addedSpan: Double = 0) {
            self.end = end
            self.recent = recent
            self.labels = labels
            self.addedSpan = addedSpan
        }
    }

    /// A resolved position: the local time, and the label it created, if it named an unknown one.
    public struct Resolution: Equatable, Sendable {
        public var time: Double
        public var createdLabel: String?
    }

    /// Resolves `spec` in `context`: the one parser of the position grammar.
    ///
    /// - Throws: `ArgumentError` (parameter `position`) for a string outside the grammar, or a
    ///   number that is not finite.
    public static func resolve(_ spec: Spec, in context: Context) throws(ArgumentError) -> Resolution {
        switch spec {
        case .end:
            return Resolution(time: context.end)
        case .seconds(let value):
            return Resolution(time: try requireFinite(value, "position"))
        case .text(let text):
            return try resolve(text, in: context)
        }
    }

    private static func resolve(_ text: String, in context: Context) throws(ArgumentError) -> Resolution {
        func bad() -> ArgumentError {
            ArgumentError(
                parameter: "position",
                requirement: "must be a number, \"+=x\", \"-=x\", \"<\", \">\", \"<x\", \">x\", \"<+=x\", \"<x%\", \"+=x%\", a label, or \"label+=x\"",
                value: "\"\(text)\"")
        }
        guard !text.isEmpty else { throw bad() }
        // A label wins over every other reading (GSAP: `position in labels`).
        if let time = context.labels[text] { return Resolution(time: time) }
        let isPercent = text.hasSuffix("%")
        let equals = text.firstIndex(of: "=")
        if let first = text.first, first == "<" || first == ">" {
            let recent = context.recent ?? 0...0
            let anchor = first == "<" ? recent.lowerBound : recent.upperBound
            var rest = String(text.dropFirst())
            if let index = rest.firstIndex(of: "=") { rest.remove(at: index) }
            guard !rest.isEmpty else { return Resolution(time: anchor) }
            guard let amount = number(isPercent ? String(rest.dropLast()) : rest) else { throw bad() }
            // Without "=", a percent of the recent child; with it, of the child being added.
            let base = equals == nil ? recent.upperBound - recent.lowerBound : context.addedSpan
            return Resolution(time: anchor + (isPercent ? amount / 100 * base : amount))
        }
        guard let equals else {
            if let seconds = number(text) { return Resolution(time: seconds) }
            // An unknown label is created at the end.
            return Resolution(time: context.end, createdLabel: text)
        }
        // "+=x", "-=x", "label+=x", "label-=x": the sign is the character before "=".
        guard equals > text.startIndex else { throw bad() }
        let signIndex = text.index(before: equals)
        let sign = text[signIndex]
        guard sign == "+" || sign == "-" else { throw bad() }
        let digits = String(text[text.index(after: equals)...])
        guard let magnitude = number(isPercent ? String(digits.dropLast()) : digits) else { throw bad() }
        let amount = (sign == "-" ? -magnitude : magnitude) * (isPercent ? context.addedSpan / 100 : 1)
        guard signIndex > text.startIndex else { return Resolution(time: context.end + amount) }
        let label = String(text[..<signIndex])
        guard !label.contains("="), label.first != "<", label.first != ">" else { throw bad() }
        if let time = context.labels[label] { return Resolution(time: time + amount) }
        return Resolution(time: context.end + amount, createdLabel: label)
    }

    /// A finite decimal number ("1", "-0.5", ".25", "1e-3"), without the spellings Swift also
    /// accepts (`inf`, `nan`, hex).
    private static func number(_ text: String) -> Double? {
        let allowed = Set("0123456789.+-eE")
        guard !text.isEmpty, text.allSatisfy({ allowed.contains($0) }), let value = Double(text), value.isFinite else {
            return nil
        }
        return value
    }
}
