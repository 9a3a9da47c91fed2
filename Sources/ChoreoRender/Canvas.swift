import CCairo

/// A bitmap that frames are drawn into: a cairo ARGB32 image surface (premultiplied alpha,
/// native-endian 32-bit pixels), owned by this object.
///
///     let canvas = try Canvas(width: 375, height: 667)
///     try canvas.writePNG(to: "out/frame-0000.png")
///     canvas.color(x: 10, y: 10)            // (r, g, b, a) in 0...255, not premultiplied
///
/// Contract: width and height are within 1...Canvas.maximumSide.
public final class Canvas {
    /// The largest width or height (cairo's own limit is 32767).
    public static let maximumSide = 16384

    let surface: OpaquePointer
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) throws(RenderError) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw .invalidSize("the image size must be within 1...\(Self.maximumSide) pixels a side (got \(width)×\(height))")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .cairo("cannot create a \(width)×\(height) image")
        }
        self.surface = surface
        self.width = width
        self.height = height
    }

    /// Takes ownership of an image surface (ARGB32 or RGB24).
    init(adopting surface: OpaquePointer) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    /// Reads a PNG file.
    public static func load(png path: String) throws(RenderError) -> Canvas {
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw .unreadableImage(path: path, reason: "out of memory")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            let reason = status == CAIRO_STATUS_FILE_NOT_FOUND ? "no such file"
                : status == CAIRO_STATUS_READ_ERROR ? "not a readable PNG file" : String(cString: cairo_status_to_string(status))
            throw .unreadableImage(path: path, reason: reason)
        }
        return Canvas(adopting: surface)
    }

    deinit { cairo_surface_destroy(surface) }

    /// Writes the canvas as a PNG file.
    public func writePNG(to path: String) throws(RenderError) {
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            let reason = status == CAIRO_STATUS_WRITE_ERROR ? "write error (is the folder there and writable?)"
                : String(cString: cairo_status_to_string(status))
            throw .unwritableFile(path: path, reason: reason)
        }
    }

    /// Bytes per row of the pixel data.
    var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Reads the premultiplied pixels, row by row (`width` per row, stride removed).
    public var premultipliedPixels: [UInt32] {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        var result = [UInt32](repeating: 0, count: width * height)
        let stride = self.stride
        let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { result[y * width + x] = opaque ? row[x] | 0xFF00_0000 : row[x] }
        }
        return result
    }

    /// The colour of one pixel, un-premultiplied, components in 0...255.
    public func color(x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let pixel = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)[x]
        return Self.unpremultiply(pixel)
    }

    /// A premultiplied ARGB pixel as straight (r, g, b, a).
    static func unpremultiply(_ pixel: UInt32) -> (r: Int, g: Int, b: Int, a: Int) {
        let a = Int(pixel >> 24)
        guard a > 0 else { return (0, 0, 0, 0) }
        func channel(_ shift: UInt32) -> Int { min(255, (Int((pixel >> shift) & 0xFF) * 255 + a / 2) / a) }
        return (channel(16), channel(8), channel(0), a)
    }

    /// Lends the raw ARGB32 pixels (premultiplied, native-endian, `bytesPerRow` apart) to `body`,
    /// e.g. to copy them into a window's texture without a conversion (SDL's ARGB8888 is the same
    /// layout). The pointer is valid only inside `body`.
    public func withPixels<R>(_ body: (_ pixels: UnsafeRawPointer, _ bytesPerRow: Int) throws -> R) rethrows -> R {
        cairo_surface_flush(surface)
        return try body(UnsafeRawPointer(cairo_image_surface_get_data(surface)!), stride)
    }

    /// A new cairo context drawing into the canvas (the caller destroys it).
    func makeContext() -> OpaquePointer { cairo_create(surface) }
}
