import ChoreoRender
#if canImport(Glibc)
import Glibc
#endif

/// Golden images: `Tests/ChoreoRenderTests/__goldens__/NAME.png`, compared within a small
/// per-pixel tolerance. Re-record them all with one switch:
///
///     CHOREO_RECORD_GOLDENS=1 swift test --filter ChoreoRenderTests
///
/// then look at the new PNG files and commit them with the change that made them.
enum Goldens {
    static let directory: String = {
        let file = "\(#filePath)"
        let support = file[..<file.lastIndex(of: "/")!]
        return support[..<support.lastIndex(of: "/")!] + "/__goldens__"
    }()

    static var isRecording: Bool { getenv("CHOREO_RECORD_GOLDENS").map { String(cString: $0) == "1" } ?? false }

    static let comparison = ImageComparison(tolerance: 3)

    static func path(_ name: String) -> String { "\(directory)/\(name).png" }

    /// Nil when `canvas` matches the golden `name` (or was just recorded), else why not.
    static func check(_ canvas: Canvas, _ name: String) throws -> String? {
        if isRecording {
            mkdir(directory, 0o755)
            try canvas.writePNG(to: path(name))
            return nil
        }
        guard access(path(name), R_OK) == 0 else {
            return "no golden image \(path(name)); record it with CHOREO_RECORD_GOLDENS=1"
        }
        let golden = try Canvas.load(png: path(name))
        guard let difference = comparison.difference(golden, canvas) else { return nil }
        try? canvas.writePNG(to: "/tmp/choreo-golden-\(name).png")
        return "\(name): \(difference) (the rendered image is in /tmp/choreo-golden-\(name).png)"
    }

    /// The names of the PNG files in the goldens folder.
    static func filesOnDisk() -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name.hasSuffix(".png") { names.append(String(name.dropLast(4))) }
        }
        return names.sorted()
    }
}
