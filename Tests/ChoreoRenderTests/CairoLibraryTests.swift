import Testing
@testable import ChoreoRender

@Test("The linked cairo library reports a 1.x version")
func linkedCairoVersion() {
    #expect(CairoLibrary.version.hasPrefix("1."))
}
