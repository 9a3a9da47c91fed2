import Foundation
import Testing

/// What the `choreo` binary makes the loader map: every shared library it names is paged in at
/// start, so it costs resident memory in every run, an empty scene's included.
@Suite("The choreo binary's footprint")
struct BinaryFootprintTests {
    @Test("choreo names neither Foundation nor its internationalization and ICU libraries, only FoundationEssentials")
    func noFoundation() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("choreo")
        let bytes = try Data(contentsOf: binary)
        #expect(bytes.range(of: Data("libFoundationEssentials.so\0".utf8)) != nil)
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            #expect(bytes.range(of: Data((library + "\0").utf8)) == nil, "\(library)")
        }
    }
}
