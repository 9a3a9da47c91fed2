/// The first 24 bytes of a PNG file: its signature and the size its IHDR chunk declares, checked
/// before the image is decoded, so a small file that declares a huge image cannot make the
/// renderer allocate gigabytes.
///
///     try PNGHeader.check(bytes)     // throws for a non-PNG or an image over 8192 pixels a side
public enum PNGHeader {
    /// The widest and tallest image a scene may show, in pixels (8192: 256 MiB decoded).
    public static let maximumSide = 8192

    /// Why the bytes are not an acceptable PNG; the description completes "image must be a PNG
    /// file (got "path", …)" and never quotes the file's bytes.
    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    /// How many bytes the checks read: the signature and the IHDR chunk up to the height.
    public static let count = 24

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The declared width and height.
    public static func size(of bytes: [UInt8]) throws(Problem) -> (width: Int, height: Int) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw Problem(description: "which does not start with the PNG signature")
        }
        // Signature, then the IHDR chunk: length (4 bytes, 13), type "IHDR", width, height (big-endian).
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
            throw Problem(description: "which has no IHDR header after the signature")
        }
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// Checks the signature and that the image is 1...`maximumSide` pixels a side.
    public static func check(_ bytes: [UInt8]) throws(Problem) {
        let (width, height) = try size(of: bytes)
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw Problem(description: "which is \(width)×\(height) pixels; the most is \(maximumSide) a side")
        }
    }
}
