import Foundation
import Testing
import ChoreoCore

@Suite("docs/lua-api.md's property table is the catalogue's")
struct PropertyTableDocumentationTests {
    static let docs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/lua-api.md")

    /// Regenerates the table after a catalogue change:
    /// `CHOREO_UPDATE_DOCS=1 swift test --filter PropertyTableDocumentationTests`.
    @Test("The table between the property-catalogue markers is PropertyCatalogue.documentationTable")
    func tableIsCurrent() throws {
        var text = try String(contentsOf: Self.docs, encoding: .utf8)
        let begin = "<!-- property-catalogue: begin -->\n", end = "<!-- property-catalogue: end -->"
        let start = try #require(text.range(of: begin)), stop = try #require(text.range(of: end))
        let table = String(text[start.upperBound..<stop.lowerBound])
        if table != PropertyCatalogue.documentationTable, ProcessInfo.processInfo.environment["CHOREO_UPDATE_DOCS"] != nil {
            text.replaceSubrange(start.upperBound..<stop.lowerBound, with: PropertyCatalogue.documentationTable)
            try text.write(to: Self.docs, atomically: true, encoding: .utf8)
            return
        }
        #expect(table == PropertyCatalogue.documentationTable, "run CHOREO_UPDATE_DOCS=1 swift test --filter PropertyTableDocumentationTests")
    }
}
