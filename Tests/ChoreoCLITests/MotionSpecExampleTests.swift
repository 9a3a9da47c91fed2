import Testing

@Suite("choreo: the motion-spec example")
struct MotionSpecExampleTests {
    @Test("motion-spec.lua runs to its end: expands, collapses, flings to 436 and pulses, in 4 s")
    func runs() throws {
        let result = try ChoreoCommand.run(["run", "Scripts/Examples/motion-spec.lua"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("expanded\ttrue"))
        #expect(result.output.contains("collapsed\ttrue"))
        #expect(result.output.contains("flung to 436 at 2.50 s"))
        #expect(result.output.contains(" 2.00 s  chip     SpringAnimation(position.y)"))
        #expect(result.errors.contains("to 4.000000 s; nothing left to do"))
    }
}
