import CGif
#if canImport(Glibc)
import Glibc
#endif

/// Writes an animated GIF with giflib, frame by frame, looping forever.
///
///     let gif = try GIFWriter(path: "out/scene.gif", width: 375, height: 667)
///     for (i, frame) in frames.enumerated() { try gif.add(frame, delay: GIFWriter.delay(ofFrame: i, fps: 30)) }
///     try gif.finish()
///
/// Each frame gets its own palette (`ColorQuantizer`, ≤ 256 colours) and only the rectangle that
/// changed since the previous frame is stored (the previous frame stays underneath: disposal
/// "do not dispose"), which keeps scenes with small moving parts small. Transparent pixels are
/// composited onto `background` (GIF has no partial transparency). Delays are in centiseconds,
/// GIF's unit: `delay(ofFrame:fps:)` spreads the rounding so the total time stays right.
public final class GIFWriter {
    public let path: String
    public let width: Int
    public let height: Int
    public var background = (r: UInt8(255), g: UInt8(255), b: UInt8(255))
    private var file: UnsafeMutablePointer<GifFileType>?
    private var previous: [ColorQuantizer.RGB]?
    /// A delay waiting for the next frame, when a frame changed nothing and was merged.
    private var pendingDelay = 0
    private var pendingFrame: (x: Int, y: Int, w: Int, h: Int, pixels: [ColorQuantizer.RGB])?
    public private(set) var frameCount = 0

    public init(path: String, width: Int, height: Int) throws(RenderError) {
        guard width > 0, height > 0, width <= 65535, height <= 65535 else {
            throw .invalidSize("a GIF must be 1...65535 pixels a side (got \(width)×\(height))")
        }
        self.path = path
        self.width = width
        self.height = height
        // Opened here rather than by EGifOpenFileName, which creates files readable by their owner only.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw .unwritableFile(path: path, reason: String(cString: strerror(errno))) }
        var error: Int32 = 0
        guard let file = EGifOpenFileHandle(descriptor, &error) else {
            close(descriptor)
            throw .unwritableFile(path: path, reason: Self.message(error))
        }
        self.file = file
        EGifSetGifVersion(file, true)
        try check(EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, nil))
        // The NETSCAPE2.0 application extension: loop forever (count 0).
        try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE))
        var netscape = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(file, 11, &netscape))
        var loop: [UInt8] = [1, 0, 0]
        try check(EGifPutExtensionBlock(file, 3, &loop))
        try check(EGifPutExtensionTrailer(file))
    }

    deinit {
        if let file {
            var error: Int32 = 0
            EGifCloseFile(file, &error)
        }
    }

    /// The delay of frame `index` (from 0) of a `fps` animation, in centiseconds: the difference of
    /// the rounded frame start times, so that n frames last round(100 n / fps) in all.
    public static func delay(ofFrame index: Int, fps: Double) -> Int {
        Int(saturating: (Double(index + 1) * 100 / fps).rounded()) - Int(saturating: (Double(index) * 100 / fps).rounded())
    }

    /// Adds a frame shown for `delay` centiseconds (0...65535). A frame equal to the previous
    /// one lengthens the previous one instead.
    public func add(_ canvas: Canvas, delay: Int) throws(RenderError) {
        guard canvas.width == width, canvas.height == height else {
            throw .invalidSize("GIF frames must all be \(width)×\(height) (got \(canvas.width)×\(canvas.height))")
        }
        let pixels = canvas.premultipliedPixels.map { p -> ColorQuantizer.RGB in
            let a = Int(p >> 24), inverse = 255 - a
            func mix(_ shift: UInt32, _ b: UInt8) -> UInt8 { UInt8((Int((p >> shift) & 0xFF) * 255 + Int(b) * inverse + 127) / 255) }
            return ColorQuantizer.RGB(r: mix(16, background.r), g: mix(8, background.g), b: mix(0, background.b))
        }
        var rect = (x: 0, y: 0, w: width, h: height)
        if let previous {
            guard let changed = changedRect(previous, pixels) else {
                pendingDelay += delay
                return
            }
            rect = changed
        }
        try flush()
        var cropped: [ColorQuantizer.RGB] = []
        cropped.reserveCapacity(rect.w * rect.h)
        for y in rect.y..<(rect.y + rect.h) { cropped.append(contentsOf: pixels[(y * width + rect.x)..<(y * width + rect.x + rect.w)]) }
        pendingFrame = (rect.x, rect.y, rect.w, rect.h, cropped)
        pendingDelay = delay
        previous = pixels
    }

    /// Writes the last frame and closes the file.
    public func finish() throws(RenderError) {
        try flush()
        guard let file else { return }
        self.file = nil
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else { throw .unwritableFile(path: path, reason: Self.message(error)) }
    }

    private func flush() throws(RenderError) {
        guard let frame = pendingFrame, let file else { return }
        pendingFrame = nil
        var delay = pendingDelay
        // Delays longer than GIF's field split into repeated frames would be unusual; clamp.
        delay = min(max(delay, 0), 65535)
        var control: [UInt8] = [1 << 2, UInt8(delay & 0xFF), UInt8(delay >> 8), 0]   // disposal: do not dispose
        try check(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, 4, &control))
        let (palette, indices) = ColorQuantizer(maximumColors: 256).quantize(frame.pixels)
        var size = 2
        while size < palette.count { size *= 2 }
        var colors = (0..<size).map { i -> GifColorType in
            let c = i < palette.count ? palette[i] : ColorQuantizer.RGB(r: 0, g: 0, b: 0)
            return GifColorType(Red: c.r, Green: c.g, Blue: c.b)
        }
        guard let map = GifMakeMapObject(Int32(size), &colors) else { throw .cairo("out of memory (GIF palette)") }
        defer { GifFreeMapObject(map) }
        try check(EGifPutImageDesc(file, Int32(frame.x), Int32(frame.y), Int32(frame.w), Int32(frame.h), false, map))
        var line = [GifPixelType](repeating: 0, count: frame.w)
        for row in 0..<frame.h {
            for x in 0..<frame.w { line[x] = indices[row * frame.w + x] }
            try check(EGifPutLine(file, &line, Int32(frame.w)))
        }
        frameCount += 1
    }

    /// The smallest rectangle holding every pixel that differs, or nil when none does.
    private func changedRect(_ a: [ColorQuantizer.RGB], _ b: [ColorQuantizer.RGB]) -> (x: Int, y: Int, w: Int, h: Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where a[y * width + x] != b[y * width + x] {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    private func check(_ result: Int32) throws(RenderError) {
        guard result == GIF_OK else {
            throw .unwritableFile(path: path, reason: Self.message(file?.pointee.Error ?? 0))
        }
    }

    private static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}
