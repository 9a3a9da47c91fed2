import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Orphaned golden images: PNG files in a test file's snapshot folder that no `expectImage` of
/// the file used. When every test of the file ran and passed, they fail the file as one extra
/// result ("golden images"), so renamed or deleted expectations do not leave stale goldens
/// behind; `--update-snapshots` deletes them instead (as Jest's `-u` removes obsolete snapshots).
extension SnapshotBook {
    /// The failing result to report, or nil when there is no orphan (or they were deleted).
    func checkOrphanedImages() -> TestCaseResult? {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        let orphans = files.filter { $0.hasSuffix(".png") && !usedImages.contains(String($0.dropLast(4))) }.sorted()
        guard !orphans.isEmpty else { return nil }
        if isUpdating {
            for file in orphans { try? FileManager.default.removeItem(atPath: "\(directory)/\(file)") }
            return nil
        }
        let message = "orphaned golden images in \(directory): \(orphans.joined(separator: ", ")) "
            + "(no expectImage uses them; delete them, or run choreo test --update-snapshots)"
        return TestCaseResult(path: ["golden images"], failure: TestFailure(kind: .expectation, message: message))
    }
}
