import Testing
@testable import ChoreoRender

/// The frames a contact sheet picks: evenly spaced in time, first and last included.
@Suite("Contact sheet frame times")
struct ContactSheetTests {
    /// A sheet of `shown` frames fed `count` frames at 10 fps (frame i at i / 10 s).
    private func sheet(count: Int, shown: Int, planned: Int?) throws -> ContactSheet {
        let sheet = ContactSheet(columns: 4, maximumFrames: shown, cellWidth: 16, plannedFrameCount: planned)
        let frame = try Canvas(width: 32, height: 16)
        for i in 0..<count { try sheet.add(frame, time: Double(i) / 10) }
        return sheet
    }

    @Test("Given the frame count, 12 of 100 frames are every 9th: 0, 0.9, …, 9.9 s, equally far apart")
    func plannedEvenSpacing() throws {
        // (n − 1) / (m − 1) = 99 / 11 = 9 frames between neighbours.
        let sheet = try sheet(count: 100, shown: 12, planned: 100)
        #expect(sheet.shownIndices == Array(stride(from: 0, through: 99, by: 9)))
        #expect(sheet.shown.map(\.time) == (0..<12).map { Double(9 * $0) / 10 })
    }

    @Test("When the frames do not divide evenly, neighbours are 5 or 6 frames apart (60 / 11 = 5.45), each the nearest frame")
    func plannedNearestFrames() throws {
        // round(i × 60 / 11) for i = 0 … 11.
        let expected = [0, 5, 11, 16, 22, 27, 33, 38, 44, 49, 55, 60]
        #expect(ContactSheet.evenlySpacedIndices(count: 61, shown: 12) == expected)
        let sheet = try sheet(count: 61, shown: 12, planned: 61)
        #expect(sheet.shown.map(\.time) == expected.map { Double($0) / 10 })
    }

    @Test("Without the count, the sheet shows the kept frame nearest each evenly spaced one, the last frame included")
    func unplannedNearestKept() throws {
        // 100 frames with at most 4 × 12 kept: every 4th (0, 4, …, 96) and the last, 99. The
        // evenly spaced targets are every 9th; each pick is the nearest kept one, within 2 frames.
        let sheet = try sheet(count: 100, shown: 12, planned: nil)
        #expect(sheet.shownIndices == [0, 8, 16, 28, 36, 44, 52, 64, 72, 80, 88, 99])
        for (pick, target) in zip(sheet.shownIndices, stride(from: 0, through: 99, by: 9)) { #expect(abs(pick - target) <= 2) }
    }

    @Test("A count that differs from the planned one falls back to the nearest kept frames")
    func plannedButShorter() throws {
        let sheet = try sheet(count: 40, shown: 4, planned: 100)
        // Kept: the planned 0 and 33, every 4th frame (at most 4 × 4 besides the planned ones),
        // and the last, 39. Targets round(i × 39 / 3) = 0, 13, 26, 39: 13 → 12, 26 → 24 (of 24
        // and 28, as near, the earlier).
        #expect(sheet.shownIndices == [0, 12, 24, 39])
    }

    @Test("Fewer frames than cells show them all; one cell shows the first frame")
    func edges() {
        #expect(ContactSheet.evenlySpacedIndices(count: 3, shown: 12) == [0, 1, 2])
        #expect(ContactSheet.evenlySpacedIndices(count: 0, shown: 12) == [])
        #expect(ContactSheet.evenlySpacedIndices(count: 50, shown: 1) == [0])
        #expect(ContactSheet.evenlySpacedIndices(count: 5, shown: 2) == [0, 4])
    }
}
