import Foundation
import Testing

@Suite("Security: the harness itself")
struct HarnessTests {
    @Test("A clean scene run through the hostile-run harness exits 0 and is neither hung nor crashed")
    func cleanRun() throws {
        let path = try HostileRun.scene("after(0.25, function() print('done', CACurrentMediaTime()) end)")
        let run = try HostileRun.choreo(["run", path])
        #expect(run.status == 0)
        #expect(!run.hung && !run.crashed)
        #expect(run.output == "done\t0.25\n")
    }
}
