/// Reduces a frame's colours to a palette of at most `maximumColors` for GIF: the exact colours
/// when there are few enough, else Heckbert's median cut over a 5-bit-per-channel histogram
/// (boxes split at the weighted median of their longest side; each colour is its box's
/// weighted mean). Pixels map to the nearest palette entry (squared RGB distance), without
/// dithering, so flat areas stay flat and equal frames give equal bytes.
struct ColorQuantizer {
    struct RGB: Hashable { var r: UInt8, g: UInt8, b: UInt8 }

    let maximumColors: Int

    /// The palette, and each pixel's index into it.
    func quantize(_ pixels: [RGB]) -> (palette: [RGB], indices: [UInt8]) {
        var exact: [RGB: UInt8] = [:]
        var palette: [RGB] = []
        for pixel in pixels where exact[pixel] == nil {
            guard palette.count < maximumColors else { break }
            exact[pixel] = UInt8(palette.count)
            palette.append(pixel)
        }
        if exact.count == palette.count, pixels.allSatisfy({ exact[$0] != nil }) {
            return (palette, pixels.map { exact[$0]! })
        }
        palette = medianCut(pixels)
        var nearest = [Int16](repeating: -1, count: 1 << 15)
        let indices = pixels.map { pixel -> UInt8 in
            let key = Self.key(pixel)
            if nearest[key] < 0 { nearest[key] = Int16(Self.nearest(to: pixel, in: palette)) }
            return UInt8(nearest[key])
        }
        return (palette, indices)
    }

    static func key(_ c: RGB) -> Int { Int(c.r >> 3) << 10 | Int(c.g >> 3) << 5 | Int(c.b >> 3) }

    static func nearest(to c: RGB, in palette: [RGB]) -> Int {
        var best = 0, bestDistance = Int.max
        for (i, p) in palette.enumerated() {
            let dr = Int(p.r) - Int(c.r), dg = Int(p.g) - Int(c.g), db = Int(p.b) - Int(c.b)
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance { (best, bestDistance) = (i, d) }
        }
        return best
    }

    /// A bucket of the histogram: a 5-bit colour (as 0...31 per channel), its count and the sums
    /// of the exact colours that fell in it.
    private struct Bucket { var c: (Int, Int, Int); var count: Int; var sum: (Int, Int, Int) }

    private func medianCut(_ pixels: [RGB]) -> [RGB] {
        var histogram = [Int](repeating: 0, count: 1 << 15)
        var sums = [(Int, Int, Int)](repeating: (0, 0, 0), count: 1 << 15)
        for p in pixels {
            let k = Self.key(p)
            histogram[k] += 1
            sums[k].0 += Int(p.r); sums[k].1 += Int(p.g); sums[k].2 += Int(p.b)
        }
        var buckets: [Bucket] = []
        for k in 0..<(1 << 15) where histogram[k] > 0 {
            buckets.append(Bucket(c: (k >> 10, (k >> 5) & 31, k & 31), count: histogram[k], sum: sums[k]))
        }
        var boxes: [[Bucket]] = [buckets]
        var pixelCounts = [pixels.count]
        while boxes.count < maximumColors {
            // Split the box with the most pixels among those with more than one bucket (the first
            // such box on ties, so the palette is deterministic).
            var index = -1
            for i in boxes.indices where boxes[i].count > 1 && (index < 0 || pixelCounts[i] > pixelCounts[index]) { index = i }
            guard index >= 0 else { break }
            let box = boxes[index]
            func range(_ f: (Bucket) -> Int) -> Int { box.map(f).max()! - box.map(f).min()! }
            let ranges = [range { $0.c.0 }, range { $0.c.1 }, range { $0.c.2 }]
            let axis = ranges.firstIndex(of: ranges.max()!)!
            let sorted = box.sorted {
                let a = axis == 0 ? $0.c.0 : axis == 1 ? $0.c.1 : $0.c.2
                let b = axis == 0 ? $1.c.0 : axis == 1 ? $1.c.1 : $1.c.2
                return a != b ? a < b : Self.order($0) < Self.order($1)
            }
            let total = sorted.reduce(0) { $0 + $1.count }
            var running = 0, cut = 1
            for (i, bucket) in sorted.enumerated() {
                running += bucket.count
                if running * 2 >= total { cut = min(max(i + 1, 1), sorted.count - 1); break }
            }
            boxes[index] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
            pixelCounts[index] = boxes[index].reduce(0) { $0 + $1.count }
            pixelCounts.append(total - pixelCounts[index])
        }
        return boxes.map { box in
            let n = box.reduce(0) { $0 + $1.count }
            let r = box.reduce(0) { $0 + $1.sum.0 }, g = box.reduce(0) { $0 + $1.sum.1 }, b = box.reduce(0) { $0 + $1.sum.2 }
            return RGB(r: UInt8((r + n / 2) / n), g: UInt8((g + n / 2) / n), b: UInt8((b + n / 2) / n))
        }
    }

    private static func order(_ b: Bucket) -> Int { b.c.0 << 10 | b.c.1 << 5 | b.c.2 }
}
