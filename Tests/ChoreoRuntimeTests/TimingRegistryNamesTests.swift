import ChoreoCore
import Testing
@testable import ChoreoRuntime

@Suite("Names scripts may register curves under")
struct TimingRegistryNamesTests {
    @Test("A plain name is accepted; an empty one, one with spaces or parentheses, or a built-in's (alias included) is refused")
    func names() throws {
        try TimingRegistry.checkRegistrableName("smoothstep")
        try TimingRegistry.checkRegistrableName("penner-ish.easeOut2")
        for bad in ["", "my curve", "steps(4)", "a)", "\tx"] {
            #expect(throws: ArgumentError(
                parameter: "name", requirement: "must be a non-empty name without spaces or parentheses", value: "\"\(bad)\"")) {
                try TimingRegistry.checkRegistrableName(bad)
            }
        }
        for builtIn in ["linear", "easeIn", "easeOut", "easeInOut", "default", "easeInEaseOut"] {
            #expect(throws: ArgumentError(
                parameter: "name",
                requirement: "must not replace a built-in curve (linear, easeIn, easeOut, easeInOut, default, easeInEaseOut)",
                value: "\"\(builtIn)\"")) {
                try TimingRegistry.checkRegistrableName(builtIn)
            }
        }
    }
}
