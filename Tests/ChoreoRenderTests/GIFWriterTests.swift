import CCairo
import CGif
import Testing
@testable import ChoreoRender
#if canImport(Glibc)
import Glibc
#endif

/// What giflib reads back from a GIF file.
struct DecodedGIF {
    var width: Int
    var height: Int
    var delays: [Int]
    var loops: Bool
    var frameRects: [(Int, Int, Int, Int)]

    init(path: String) throws {
        var error: Int32 = 0
        guard let file = DGifOpenFileName(path, &error) else { throw RenderError.unreadableImage(path: path, reason: "giflib \(error)") }
        defer { DGifCloseFile(file, &error) }
        guard DGifSlurp(file) == GIF_OK else { throw RenderError.unreadableImage(path: path, reason: "DGifSlurp failed") }
        width = Int(file.pointee.SWidth)
        height = Int(file.pointee.SHeight)
        delays = []
        frameRects = []
        loops = false
        for i in 0..<Int(file.pointee.ImageCount) {
            var gcb = GraphicsControlBlock()
            DGifSavedExtensionToGCB(file, Int32(i), &gcb)
            delays.append(Int(gcb.DelayTime))
            let d = file.pointee.SavedImages[i].ImageDesc
            frameRects.append((Int(d.Left), Int(d.Top), Int(d.Width), Int(d.Height)))
            let image = file.pointee.SavedImages[i]
            for e in 0..<Int(image.ExtensionBlockCount) where image.ExtensionBlocks[e].Function == APPLICATION_EXT_FUNC_CODE {
                let block = image.ExtensionBlocks[e]
                let bytes = (0..<Int(block.ByteCount)).map { UInt8(bitPattern: Int8(block.Bytes[$0])) }
                if String(decoding: bytes, as: UTF8.self) == "NETSCAPE2.0" { loops = true }
            }
        }
    }
}

@Suite("GIF writer")
struct GIFWriterTests {
    func frame(_ i: Int) throws -> Canvas {
        let canvas = try Canvas(width: 40, height: 30)
        let cr = canvas.makeContext()
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 0.9, 0.2, 0.1)
        cairo_rectangle(cr, Double(i * 3), 10, 8, 8)
        cairo_fill(cr)
        return canvas
    }

    @Test("Delays in centiseconds add up to the right total, however the rate rounds")
    func delaysAccumulate() {
        for fps in [10.0, 15, 24, 30, 50, 60] {
            let delays = (0..<Int(fps * 3)).map { GIFWriter.delay(ofFrame: $0, fps: fps) }
            #expect(delays.reduce(0, +) == 300, "fps \(fps)")
            #expect(delays.allSatisfy { abs(Double($0) - 100 / fps) < 1 }, "fps \(fps)")
        }
        #expect((0..<6).map { GIFWriter.delay(ofFrame: $0, fps: 30) } == [3, 4, 3, 3, 4, 3])
    }

    @Test("A written GIF decodes with giflib to its frames, delays, size and an endless loop")
    func decodes() throws {
        let path = "/tmp/choreo-gif-test-\(getpid()).gif"
        defer { unlink(path) }
        let gif = try GIFWriter(path: path, width: 40, height: 30)
        for i in 0..<8 { try gif.add(try frame(i), delay: GIFWriter.delay(ofFrame: i, fps: 30)) }
        try gif.finish()
        let decoded = try DecodedGIF(path: path)
        #expect(decoded.width == 40 && decoded.height == 30)
        #expect(decoded.delays == [3, 4, 3, 3, 4, 3, 3, 4])
        #expect(decoded.loops)
        // The first frame is whole; later ones store only the rectangle that changed.
        #expect(decoded.frameRects[0] == (0, 0, 40, 30))
        #expect(decoded.frameRects[1] == (0, 10, 11, 8))
    }

    @Test("A frame equal to the one before lengthens it instead of adding a frame")
    func mergesStillFrames() throws {
        let path = "/tmp/choreo-gif-still-\(getpid()).gif"
        defer { unlink(path) }
        let gif = try GIFWriter(path: path, width: 40, height: 30)
        try gif.add(try frame(0), delay: 10)
        try gif.add(try frame(0), delay: 10)
        try gif.add(try frame(1), delay: 5)
        try gif.finish()
        #expect(try DecodedGIF(path: path).delays == [20, 5])
    }

    @Test("Colours beyond 256 are reduced by median cut; 256 or fewer are kept exactly")
    func quantizes() {
        let few = (0..<200).map { ColorQuantizer.RGB(r: UInt8($0), g: 7, b: UInt8(255 - $0)) }
        let exact = ColorQuantizer(maximumColors: 256).quantize(few)
        #expect(exact.indices.map { exact.palette[Int($0)] } == few)
        let many = (0..<4096).map { ColorQuantizer.RGB(r: UInt8($0 & 15) * 16, g: UInt8(($0 >> 4) & 15) * 16, b: UInt8($0 >> 8) * 16) }
        let reduced = ColorQuantizer(maximumColors: 256).quantize(many)
        #expect(reduced.palette.count == 256)
        let worst = zip(many, reduced.indices).map { c, i in
            let p = reduced.palette[Int(i)]
            return max(abs(Int(p.r) - Int(c.r)), abs(Int(p.g) - Int(c.g)), abs(Int(p.b) - Int(c.b)))
        }.max()!
        #expect(worst <= 40)
    }

    @Test("An unwritable GIF path is a clear error")
    func unwritable() {
        #expect(throws: RenderError.unwritableFile(path: "/nonexistent-dir/x.gif", reason: "No such file or directory")) {
            _ = try GIFWriter(path: "/nonexistent-dir/x.gif", width: 4, height: 4)
        }
        #expect(throws: RenderError.self) { _ = try GIFWriter(path: "/tmp/x.gif", width: 0, height: 4) }
    }
}
