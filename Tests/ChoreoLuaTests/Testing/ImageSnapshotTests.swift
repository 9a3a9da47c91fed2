import ChoreoCore
import Testing
@testable import ChoreoLua

@Suite("Scene tests: golden images")
struct ImageSnapshotTests {
    private static let source = """
        it("draws", function()
          local scene = Scene.new{ width = 10, height = 10 }
          View.animate{ duration = 1, animations = function() scene.view.backgroundColor = "red" end }
          expectImage("half", 0.5)
          expect(CACurrentMediaTime()).toBe(0.5)
        end)
        """

    /// A matcher that records what it was asked and answers `result`.
    final class Log: @unchecked Sendable { var calls: [(time: Double, path: String, record: Bool)] = [] }

    @Test("expectImage advances to its time, asks the runner's matcher about the golden PNG, and reports a difference")
    func asksTheMatcher() throws {
        let folder = try SceneTestFolder(["image_test.lua": Self.source])
        let log = Log()
        func matcher(_ result: SceneImageMatcher.Result) -> SceneImageMatcher {
            SceneImageMatcher { scene, path, record in
                log.calls.append((scene.currentTime.seconds, path, record))
                return result
            }
        }
        let golden = "\(folder.path)/__snapshots__/image_test.lua/half.png"
        #expect(try folder.run { $0.imageMatcher = matcher(.matched) }.summary == "1 passed, 0 failed")
        #expect(log.calls.count == 1 && log.calls[0].time == 0.5 && log.calls[0].path == golden && !log.calls[0].record)

        let different = try folder.run { $0.imageMatcher = matcher(.different("3 pixels differ")) }
        #expect(different.test("draws")?.failure?.message
            == "\(folder.path)/image_test.lua:4: expectImage(\"half\") differs from \(golden): 3 pixels differ")
        let missing = try folder.run { $0.imageMatcher = matcher(.missing) }
        #expect(missing.test("draws")?.failure?.message.hasSuffix("(run choreo test --update-snapshots to record it)") == true)
        _ = try folder.run { $0.imageMatcher = matcher(.written); $0.updateSnapshots = true }
        #expect(log.calls.last?.record == true)
    }

    @Test("Without a renderer, expectImage fails and says to run choreo test")
    func noMatcher() throws {
        let folder = try SceneTestFolder(["image_test.lua": Self.source])
        #expect(try folder.run().test("draws")?.failure?.message.contains(
            "expectImage: this test runner cannot render images (run the tests with choreo test)") == true)
    }
}

@Suite("Scene tests: orphaned golden images")
struct OrphanedImageTests {
    @Test("A golden PNG no expectImage uses fails the file; updating deletes it")
    func orphans() throws {
        let folder = try SceneTestFolder([
            "image_test.lua": """
                it("draws", function()
                  Scene.new{ width = 10, height = 10 }
                  expectImage("used")
                end)
                """,
            "__snapshots__/image_test.lua/used.png": "x",
            "__snapshots__/image_test.lua/stale.png": "x",
        ])
        let matcher = SceneImageMatcher { _, _, _ in .matched }
        let report = try folder.run { $0.imageMatcher = matcher }
        #expect(report.summary == "1 passed, 1 failed")
        #expect(report.test("golden images")?.failure?.message
            == "orphaned golden images in \(folder.path)/__snapshots__/image_test.lua: stale.png "
            + "(no expectImage uses them; delete them, or run choreo test --update-snapshots)")
        #expect(try folder.run { $0.imageMatcher = matcher; $0.updateSnapshots = true }.summary == "1 passed, 0 failed")
        #expect(folder.read("__snapshots__/image_test.lua/stale.png") == nil)
        #expect(folder.read("__snapshots__/image_test.lua/used.png") == "x")
    }
}
