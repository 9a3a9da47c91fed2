import Testing
@testable import ChoreoLua

@Suite("Scene tests: discovery and shards")
struct ShardAndDiscoveryTests {
    /// 40 test files in nested folders, plus files discovery must skip.
    private func suite() throws -> SceneTestFolder {
        let folder = try SceneTestFolder()
        for index in 0..<40 {
            try folder.write("group\(index % 4)/scene\(index)_test.lua", "it('t', function() end)\n")
        }
        try folder.write("helpers.lua", "return {}\n")
        try folder.write("notes_test.txt", "")
        try folder.write(".hidden/x_test.lua", "")
        try folder.write("__snapshots__/a_test.lua/trace.jsonl", "")
        return folder
    }

    @Test("Discovery finds *_test.lua files recursively, sorted, skipping hidden and __snapshots__ folders")
    func discovery() throws {
        let folder = try SceneTestFolder(["b_test.lua": "", "a/z_test.lua": "", "a_test.lua": "", "a/b/c_test.lua": "",
                                          ".git/x_test.lua": "", "__snapshots__/a_test.lua/t.jsonl": "", "util.lua": ""])
        let files = try SceneTestDiscovery.files(in: [folder.path + "/"])
        #expect(files.map(\.relativePath) == ["a/b/c_test.lua", "a/z_test.lua", "a_test.lua", "b_test.lua"])
        #expect(files.map(\.path) == files.map { "\(folder.path)/\($0.relativePath)" })
        // A file given by path is taken as it is, once, whatever its name.
        let named = try SceneTestDiscovery.files(in: ["\(folder.path)/util.lua", folder.path + "/a/b", "\(folder.path)/a/b/c_test.lua"])
        #expect(named.map(\.path) == ["\(folder.path)/a/b/c_test.lua", "\(folder.path)/util.lua"])
        #expect(throws: SceneTestUsageError("no such file or directory: \(folder.path)/missing")) {
            try SceneTestDiscovery.files(in: ["\(folder.path)/missing"])
        }
    }

    @Test("Shards partition the files: each file is in exactly one shard")
    func partition() throws {
        let folder = try suite()
        let all = try SceneTestRunner(configuration: folder.configuration()).files()
        #expect(all.count == 40)
        for count in 1...6 {
            let shards = try (1...count).map { index in
                try SceneTestRunner(configuration: folder.configuration { $0.shard = try? TestShard(index: index, count: count) }).files()
            }
            #expect(shards.map(\.count).reduce(0, +) == all.count)
            #expect(Set(shards.flatMap { $0 }) == Set(all))
            if count == 4 { #expect(shards.allSatisfy { !$0.isEmpty }) }
        }
    }

    @Test("Adding a file moves no other file to another shard")
    func stability() throws {
        let folder = try suite()
        func assignment() throws -> [String: Int] {
            var result: [String: Int] = [:]
            for index in 1...3 {
                let shard = try TestShard(index: index, count: 3)
                for file in try SceneTestRunner(configuration: folder.configuration { $0.shard = shard }).files() {
                    result[file.relativePath] = index
                }
            }
            return result
        }
        let before = try assignment()
        try folder.write("group1/new_test.lua", "it('t', function() end)\n")
        try folder.write("aaa_test.lua", "it('t', function() end)\n")
        let after = try assignment()
        #expect(after.count == before.count + 2)
        for (path, shard) in before { #expect(after[path] == shard, "\(path) moved") }
    }

    @Test("A file's shard depends only on its path below the root")
    func shardKey() throws {
        let shard = try TestShard(index: 2, count: 5)
        let file = SceneTestFile(path: "Tests/Scenes/ca/basic_test.lua", relativePath: "ca/basic_test.lua")
        let elsewhere = SceneTestFile(path: "/checkout/Tests/Scenes/ca/basic_test.lua", relativePath: "ca/basic_test.lua")
        #expect(shard.contains(file) == shard.contains(elsewhere))
        // FNV-1a + fmix64 of the UTF-8 path: fixed forever, so CI matrices stay put.
        #expect(TestShard.hash("timers_test.lua") == 0x2995_bcf3_f2b8_ded6)
        #expect(TestShard.hash("ca/basic_test.lua") == 0x9abf_4a8a_a3c1_a1d4)
    }

    @Test("A bad --shard is a usage error that says what is expected")
    func badShards() {
        #expect(throws: SceneTestUsageError("--shard must be I/N, such as 1/4 (got \"2\")")) { try TestShard(parsing: "2") }
        #expect(throws: SceneTestUsageError("--shard must be I/N, such as 1/4 (got \"a/b\")")) { try TestShard(parsing: "a/b") }
        #expect(throws: SceneTestUsageError("--shard must be I/N with 1 ≤ I ≤ N (got 0/3)")) { try TestShard(parsing: "0/3") }
        #expect(throws: SceneTestUsageError("--shard must be I/N with 1 ≤ I ≤ N (got 4/3)")) { try TestShard(parsing: "4/3") }
        #expect(throws: SceneTestUsageError("--shard must be I/N with 1 ≤ I ≤ N (got 1/0)")) { try TestShard(parsing: "1/0") }
        #expect((try? TestShard(parsing: "3/3"))?.description == "3/3")
    }
}
