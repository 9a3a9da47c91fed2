/// Compares two images pixel by pixel, for golden-image tests: a pixel matches when each of its
/// four channels (premultiplied, 0...255) differs by at most `tolerance`. Anti-aliasing and
/// compositing may move a channel by a step or two between cairo builds; shapes that moved do not
/// pass.
///
///     if let difference = ImageComparison(tolerance: 2).difference(golden, rendered) { print(difference) }
public struct ImageComparison: Sendable {
    public var tolerance: Int
    /// How many pixels may exceed the tolerance and still match (0: none).
    public var allowedMismatches: Int

    public init(tolerance: Int = 2, allowedMismatches: Int = 0) {
        self.tolerance = tolerance
        self.allowedMismatches = allowedMismatches
    }

    /// Why `received` does not match `expected`, or nil when it does.
    public func difference(_ expected: Canvas, _ received: Canvas) -> String? {
        guard expected.width == received.width, expected.height == received.height else {
            return "the size differs: expected \(expected.width)×\(expected.height), got \(received.width)×\(received.height)"
        }
        let a = expected.premultipliedPixels, b = received.premultipliedPixels
        var mismatches = 0, worst = 0, first: (Int, Int)?
        for i in a.indices where a[i] != b[i] {
            var largest = 0
            for shift in stride(from: UInt32(0), through: 24, by: 8) {
                largest = max(largest, abs(Int((a[i] >> shift) & 0xFF) - Int((b[i] >> shift) & 0xFF)))
            }
            guard largest > tolerance else { continue }
            mismatches += 1
            worst = max(worst, largest)
            if first == nil { first = (i % expected.width, i / expected.width) }
        }
        guard mismatches > allowedMismatches, let first else { return nil }
        return "\(mismatches) pixels differ by more than \(tolerance) (by up to \(worst)); the first at (\(first.0), \(first.1))"
    }
}
