import Testing
@testable import ChoreoCore

@Suite("Named curves and their aliases")
struct NamedCurveTests {
    @Test("easeInEaseOut, Core Animation's spelling, is the one alias: it names easeInOut")
    func alias() throws {
        #expect(NamedCurve(name: "easeInEaseOut") == .easeInOut)
        #expect(NamedCurve(name: "easeInOut") == .easeInOut)
        #expect(NamedCurve(name: "linear") == .linear)
        #expect(NamedCurve(name: "bouncy") == nil)
        #expect(NamedCurve(rawValue: "easeInEaseOut") == nil, "an alias is not a case")
        #expect(NamedCurve.allNames == ["linear", "easeIn", "easeOut", "easeInOut", "default", "easeInEaseOut"])
        #expect(try NamedCurve(parsing: "easeInEaseOut").curve == CubicBezierCurve(0.42, 0, 0.58, 1))
    }
}
