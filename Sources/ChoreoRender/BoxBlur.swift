/// A Gaussian blur approximated by three box blurs (the central limit theorem at work), on
/// 8-bit channels in place: premultiplied ARGB (4 interleaved channels) or an alpha mask (1).
///
///     BoxBlur(sigma: 6).apply(to: &bytes, width: w, height: h, stride: s, channels: 4)
///
/// Box widths follow Kutskir's "fastest Gaussian blur": three boxes whose combined variance is
/// σ² within rounding. Pixels outside the image count as transparent (`.transparent`, right for
/// shadows) or as copies of the nearest edge pixel (`.extend`, right for blurring a backdrop).
/// Cost: O(width × height × channels), independent of σ.
struct BoxBlur {
    enum Edges { case transparent, extend }

    /// Half-widths of the three boxes (a box of half-width r spans 2r + 1 pixels).
    let radii: [Int]
    let edges: Edges

    /// The widest blur, in pixels: beyond a canvas's largest side a wider Gaussian looks the same
    /// (an even wash), and box widths stay far from overflowing `Int` (a radius of 1e10 would).
    static let maximumSigma = Double(Canvas.maximumSide)

    init(sigma requested: Double, edges: Edges = .transparent) {
        self.edges = edges
        guard requested.isFinite, requested > 0.2 else {
            radii = []
            return
        }
        let sigma = min(requested, Self.maximumSigma)
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let mIdeal = (12 * sigma * sigma - n * Double(lower * lower) - 4 * n * Double(lower) - 3 * n) / Double(-4 * lower - 4)
        let m = Int(mIdeal.rounded())
        radii = (0..<3).map { ($0 < m ? lower : upper) / 2 }
    }

    /// How far (in pixels) the blur spreads a pixel.
    var reach: Int { radii.reduce(0, +) }

    func apply(to data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, channels: Int) {
        guard !radii.isEmpty, width > 0, height > 0 else { return }
        var line = [Int](repeating: 0, count: max(width, height) * channels)
        var output = [Int](repeating: 0, count: max(width, height) * channels)
        for radius in radii where radius > 0 {
            for y in 0..<height {   // rows
                let row = data + y * stride
                pass(count: width, radius: radius, channels: channels, line: &line, output: &output,
                     read: { i, c in Int(row[i * channels + c]) }, write: { i, c, v in row[i * channels + c] = UInt8(v) })
            }
            for x in 0..<width {    // columns
                let column = data + x * channels
                pass(count: height, radius: radius, channels: channels, line: &line, output: &output,
                     read: { i, c in Int(column[i * stride + c]) }, write: { i, c, v in column[i * stride + c] = UInt8(v) })
            }
        }
    }

    /// One box pass along a line of `count` pixels, with a running sum.
    private func pass(count: Int, radius: Int, channels: Int, line: inout [Int], output: inout [Int],
                      read: (Int, Int) -> Int, write: (Int, Int, Int) -> Void) {
        for i in 0..<count { for c in 0..<channels { line[i * channels + c] = read(i, c) } }
        let window = 2 * radius + 1
        for c in 0..<channels {
            func sample(_ i: Int) -> Int {
                if i >= 0 && i < count { return line[i * channels + c] }
                switch edges {
                case .transparent: return 0
                case .extend: return line[(i < 0 ? 0 : count - 1) * channels + c]
                }
            }
            var sum = 0
            for i in -radius...radius { sum += sample(i) }
            for i in 0..<count {
                output[i * channels + c] = (sum + window / 2) / window
                sum += sample(i + radius + 1) - sample(i - radius)
            }
        }
        for i in 0..<count { for c in 0..<channels { write(i, c, output[i * channels + c]) } }
    }
}
