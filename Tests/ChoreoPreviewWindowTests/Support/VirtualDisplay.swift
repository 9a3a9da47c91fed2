import ChoreoTestSupport
import Foundation
import ChoreoRender
import Testing

/// An Xvfb server of the test's own on a free display number (`-displayfd`: the server picks the
/// number and says which, so parallel runs never collide), with the X tools the tests drive it by.
final class VirtualDisplay {
    /// Whether Xvfb, xdotool and xwd are installed (Scripts/setup.sh installs them; CI has them).
    static let missingTools: [String] = ["Xvfb", "xdotool", "xwd"].filter { find($0) == nil }
    static var isAvailable: Bool { missingTools.isEmpty }
    static var skipReason: Comment {
        "needs \(missingTools.joined(separator: ", ")) (Scripts/setup.sh installs xvfb, xdotool and x11-apps)"
    }

    let name: String
    private let server: Process

    init() throws {
        server = Process()
        server.executableURL = Self.find("Xvfb")!
        server.arguments = ["-displayfd", "1", "-screen", "0", "1024x900x24", "-nolisten", "tcp"]
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        var text = ""
        while !text.hasSuffix("\n") {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { throw Failure("Xvfb exited before saying its display") }
            text += String(decoding: byte, as: UTF8.self)
        }
        name = ":" + text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// SIGKILL: children of the test runner inherit its blocked signals, so SIGTERM may not reach them.
    deinit {
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Runs an X tool on this display; its standard output.
    @discardableResult
    func tool(_ name: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = Self.find(name)!
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": self.name]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The id of the first window whose name contains `title`, waiting for it up to `timeout`.
    func window(named title: String, timeout: Double = 60) throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let id = try tool("xdotool", ["search", "--name", title]).split(separator: "\n").first { return String(id) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    /// The window's pixels (`xwd -id`), as straight RGB per pixel, row by row.
    func screenshot(window id: String) throws -> XWDImage {
        let process = Process()
        process.executableURL = Self.find("xwd")!
        process.arguments = ["-id", id, "-silent"]
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": name]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readAllRetryingInterrupts()
        process.waitUntilExit()
        return try XWDImage(data: [UInt8](data))
    }

    static func find(_ tool: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }
}

/// An X window dump (XWD, ZPixmap, 24 or 32 bits a pixel, as Xvfb's 24-bit screen gives).
struct XWDImage {
    let width: Int
    let height: Int
    /// (r, g, b) per pixel, row by row.
    let pixels: [(r: Int, g: Int, b: Int)]

    init(data: [UInt8]) throws {
        func field(_ i: Int) -> Int {
            Int(data[i * 4]) << 24 | Int(data[i * 4 + 1]) << 16 | Int(data[i * 4 + 2]) << 8 | Int(data[i * 4 + 3])
        }
        guard data.count >= 100 else { throw VirtualDisplay.Failure("xwd gave \(data.count) bytes") }
        let headerSize = field(0), width = field(4), height = field(5)
        let byteOrder = field(7), bitsPerPixel = field(11), bytesPerLine = field(12), colors = field(19)
        let bytesPerPixel = bitsPerPixel / 8
        let start = headerSize + colors * 12
        guard bytesPerPixel >= 3, data.count >= start + bytesPerLine * height else {
            throw VirtualDisplay.Failure("an XWD image this test does not read (\(bitsPerPixel) bits a pixel)")
        }
        var pixels: [(r: Int, g: Int, b: Int)] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = start + y * bytesPerLine + x * bytesPerPixel
                // LSBFirst (0): blue, green, red in memory order.
                let (b, g, r) = byteOrder == 0 ? (data[p], data[p + 1], data[p + 2]) : (data[p + bytesPerPixel - 1], data[p + bytesPerPixel - 2], data[p + bytesPerPixel - 3])
                pixels.append((Int(r), Int(g), Int(b)))
            }
        }
        (self.width, self.height, self.pixels) = (width, height, pixels)
    }

    /// How many pixels differ from the canvas (compared as opaque RGB).
    func differences(from canvas: Canvas) -> Int {
        guard canvas.width == width, canvas.height == height else { return width * height }
        var count = 0
        for y in 0..<height {
            for x in 0..<width {
                let c = canvas.color(x: x, y: y), p = pixels[y * width + x]
                if c.r != p.r || c.g != p.g || c.b != p.b { count += 1 }
            }
        }
        return count
    }
}
