/// One of N parts of a test suite, for spreading it over CI machines: `--shard 2/3`.
///
///     let shard = try TestShard(parsing: "2/3")
///     files.filter(shard.contains)
///
/// A file belongs to shard `hash(relativePath) mod N + 1`, where the hash is 64-bit FNV-1a of the
/// path below the root it was found under (UTF-8), finished with the MurmurHash3 `fmix64` mixer.
/// So the split depends on nothing but the file's own path: the shards partition the files, the
/// same on every machine and from any working directory, and adding or removing a file never
/// moves another one. The price is balance: shards hold about, not exactly, 1/N of the files.
public struct TestShard: Equatable, Sendable, CustomStringConvertible {
    /// 1-based, at most `count`.
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws(SceneTestUsageError) {
        guard count >= 1, (1...count).contains(index) else {
            throw SceneTestUsageError("--shard must be I/N with 1 ≤ I ≤ N (got \(index)/\(count))")
        }
        self.index = index
        self.count = count
    }

    /// `I/N`, such as `1/4`.
    public init(parsing text: String) throws(SceneTestUsageError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw SceneTestUsageError("--shard must be I/N, such as 1/4 (got \"\(text)\")")
        }
        try self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    public func contains(_ file: SceneTestFile) -> Bool {
        Int(Self.hash(file.relativePath) % UInt64(count)) + 1 == index
    }

    /// FNV-1a (64-bit) of the UTF-8 bytes, then `fmix64` so that the low bits mix well.
    public static func hash(_ path: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }
}
