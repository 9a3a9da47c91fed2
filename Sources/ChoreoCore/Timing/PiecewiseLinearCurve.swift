/// Straight lines through control points: CSS's `linear()` easing function (CSS Easing Level 2).
///
/// Enough points approximate any curve — a bounce, a spring baked to a table — and equal inputs
/// make a jump. Inputs may be left out and are filled in by the spec's canonicalization:
/// 1. a first point without an input gets 0; a last point without one gets 1;
/// 2. an input below an earlier one is raised to the largest earlier input (inputs never decrease);
/// 3. each run of points still without inputs is spread evenly between its neighbours.
///
///     let curve = try PiecewiseLinearCurve(outputs: [0, 0.25, 1])   // linear(0, 0.25, 1)
///     curve.progress(at: 0.25)   // 0.125
///     curve.progress(at: 0.75)   // 0.625
///
/// Evaluation follows the spec's "linear easing output progress": at an input that some points
/// share, the last of them wins (so a jump takes its new value at the jump); between points,
/// linear interpolation; before the first or after the last input, extrapolation along the first
/// or last two points. Where those two share an input the line is vertical, and Choreo (the spec
/// is silent) holds the nearest point's output. The CSS before flag is the timing model's
/// business, not the curve's. Outputs may leave 0...1.
///
/// Velocity is the slope of the segment being evaluated: the right-hand slope at a point, 0 on a
/// vertical segment's far side. Evaluation is a binary search, O(log n), and does not allocate.
public struct PiecewiseLinearCurve: TimingCurve, Hashable {
    /// A `linear()` stop: an output progress at an optional input progress.
    public struct ControlPoint: Hashable, Sendable {
        public var output: Double
        /// The time fraction of the point; `nil` to let canonicalization place it.
        public var input: Double?

        public init(_ output: Double, at input: Double? = nil) {
            self.output = output
            self.input = input
        }
    }

    /// The canonical inputs: non-decreasing time fractions, as many as `outputs`.
    public let inputs: [Double]
    /// The output progress at each input.
    public let outputs: [Double]

    /// Creates the curve from CSS-style stops, canonicalizing missing and decreasing inputs.
    ///
    /// Throws when there are fewer than 2 points or a value is NaN or infinite; the error names
    /// the point by its 1-based position, as a user counts it (and as Lua indexes):
    /// `points[3].output must be a finite number (got nan)`.
    public init(controlPoints: [ControlPoint]) throws(ArgumentError) {
        guard controlPoints.count >= 2 else {
            throw ArgumentError(parameter: "points", requirement: "must hold at least 2 points", value: String(controlPoints.count))
        }
        var outputs: [Double] = []
        var given: [Double?] = []
        outputs.reserveCapacity(controlPoints.count)
        given.reserveCapacity(controlPoints.count)
        for (index, point) in controlPoints.enumerated() {
            outputs.append(try requireProgress(point.output, "points[\(index + 1)].output"))
            if let input = point.input {
                given.append(try requireFinite(input, "points[\(index + 1)].input"))
            } else {
                given.append(nil)
            }
        }
        self.init(unchecked: outputs, inputs: given)
    }

    /// Creates the curve from (input, output) pairs: `linear(o₁ i₁, o₂ i₂, …)` with every input given.
    public init(_ points: [(input: Double, output: Double)]) throws(ArgumentError) {
        try self.init(controlPoints: points.map { ControlPoint($0.output, at: $0.input) })
    }

    /// Creates the curve from outputs alone, evenly spaced from t = 0 to t = 1: `linear(o₁, o₂, …)`.
    public init(outputs: [Double]) throws(ArgumentError) {
        try self.init(controlPoints: outputs.map { ControlPoint($0) })
    }

    private init(unchecked outputs: [Double], inputs given: [Double?]) {
        var inputs = given
        let last = inputs.count - 1
        if inputs[0] == nil { inputs[0] = 0 }
        if inputs[last] == nil { inputs[last] = 1 }
        var largest = -Double.infinity
        for i in inputs.indices {
            guard let input = inputs[i] else { continue }
            if input < largest { inputs[i] = largest } else { largest = input }
        }
        // Runs of missing inputs: spread evenly between the known neighbours (both exist, since
        // the first and last inputs are set).
        var i = 1
        while i < last {
            guard inputs[i] == nil else { i += 1; continue }
            var end = i
            while inputs[end] == nil { end += 1 }
            let from = inputs[i - 1]!, to = inputs[end]!
            let gaps = Double(end - i + 1)
            for j in i..<end { inputs[j] = from + (to - from) * Double(j - i + 1) / gaps }
            i = end
        }
        self.inputs = inputs.map { $0! }
        self.outputs = outputs
    }

    public func progress(within t: Double) -> Double {
        let (a, b) = segment(at: t)
        if b < 0 { return outputs[a] }
        // On a point, its output exactly (the last of several sharing the input, by `segment`).
        if inputs[b] == t { return outputs[b] }
        if inputs[a] == t { return outputs[a] }
        return outputs[a] + (outputs[b] - outputs[a]) * (t - inputs[a]) / (inputs[b] - inputs[a])
    }

    /// The slope of the segment evaluated at `t`, in progress per time fraction.
    public func velocity(within t: Double) -> Double? {
        let (a, b) = segment(at: t)
        guard b >= 0 else { return 0 }
        return (outputs[b] - outputs[a]) / (inputs[b] - inputs[a])
    }

    /// The point whose output holds at `t` or that starts the line through `t` (a), and the other
    /// end of that line (b), or b = −1 when the line would be vertical.
    ///
    /// Per the spec: a is the last point with input ≤ t and b the next one; before the first
    /// input, the first two points; at or after the last input, the last two.
    private func segment(at t: Double) -> (a: Int, b: Int) {
        let n = inputs.count
        if t < inputs[0] {
            return inputs[1] > inputs[0] ? (0, 1) : (0, -1)
        }
        // The last index with inputs[index] ≤ t.
        var low = 0, high = n - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if inputs[mid] <= t { low = mid } else { high = mid - 1 }
        }
        if low < n - 1 { return (low, low + 1) }
        // At or past the last input: extrapolate along the last two points.
        return inputs[n - 1] > inputs[n - 2] ? (n - 2, n - 1) : (n - 1, -1)
    }
}
