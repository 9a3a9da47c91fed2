import ChoreoCore
import ChoreoRuntime
import Testing
@testable import ChoreoLua

/// A scene script driven by `FrameDriver` steps instead of a blocking run: what it prints, what
/// its trace holds and how its errors are reported must not depend on who drives the frames.
@Suite("Lua: a scene stepped frame by frame behaves as when run")
struct FrameDriverLuaTests {
    /// The script's log and trace lines, and the report, with the engine `drive`n.
    private func record(_ source: String, instructionLimit: Int = LuaVM.defaultInstructionLimit,
                        drive: (Engine) throws -> RunReport) throws -> (lines: [String], report: RunReport)
    {
        let host = try ScriptHost(instructionLimit: instructionLimit)
        var lines: [String] = []
        host.vm.printHandler = { lines.append("print " + $0) }
        try host.run(source: source, chunkName: "scene.lua")
        let recorder = TraceRecorder { lines.append($0) }
        host.engine.addFrameSink { try recorder.record(frame: $0.number, scene: $0.scene) }
        let report = try drive(host.engine)
        return (lines, report)
    }

    private func stepped(_ engine: Engine, until limit: RunLimit) throws -> RunReport {
        let driver = try engine.start(until: limit, fps: 60)
        while !driver.isFinished { try driver.step() }
        return driver.report
    }

    @Test("View animations, timers and a display link give the same prints and trace when stepped")
    func sameTrace() throws {
        let source = """
            local scene = Scene.new{ width = 200, height = 200 }
            local box = View.new{ name = "box", frame = {0, 0, 50, 50} }
            scene.view:addSubview(box)
            View.animate{ duration = 0.4, curve = "easeInOut", animations = function() box.center = Point.new(150, 120) end,
                          completion = function(done) print("moved", CACurrentMediaTime()) end }
            after(0.25, function()
              View.animate{ duration = 0.3, animations = function() box.alpha = 0.2 end }
            end)
            local link = DisplayLink.new(function(link)
              if link.timestamp >= 0.1 then print("link", link.timestamp); link:invalidate() end
            end)
            """
        let run = try record(source) { try $0.run(until: .time(1), fps: 60) }
        let step = try record(source) { try stepped($0, until: .time(1)) }
        #expect(run.lines.contains("print moved\t0.4"))
        #expect(run.lines.count > 30)
        #expect(step.lines == run.lines)
        #expect(step.report.frames == run.report.frames)
        #expect(step.report.reason == run.report.reason)
        #expect(step.report.endTime == run.report.endTime)
    }

    @Test("A Lua error in a timer ends a stepped run with the error a run reports")
    func luaErrorInAStep() throws {
        let source = "after(0.5, function()\n  local x = nil + 1\nend)\nevery(0.1, function() end)"
        let run = try record(source) { try $0.run(until: .time(2)) }
        let step = try record(source) { try stepped($0, until: .time(2)) }
        #expect(run.report.reason == .error)
        #expect("\(run.report.error!.error)".hasPrefix("scene.lua:2: attempt to perform arithmetic on a nil value"))
        #expect(step.report.reason == .error)
        #expect("\(step.report.error?.error as Any)" == "\(run.report.error?.error as Any)")
        #expect(step.report.error?.time == 0.5)
        #expect(step.report.error?.callback == .timer)
        #expect(step.report.frames == run.report.frames)
    }

    @Test("A runaway callback hits the same turn budget when stepped")
    func runawayInAStep() throws {
        let source = "after(0.2, function() while true do end end)"
        let run = try record(source, instructionLimit: 200_000) { try $0.run(until: .time(1)) }
        let step = try record(source, instructionLimit: 200_000) { try stepped($0, until: .time(1)) }
        #expect(run.report.reason == .error)
        #expect("\(run.report.error!.error)".contains("scene.lua:1"))
        #expect("\(step.report.error?.error as Any)" == "\(run.report.error?.error as Any)")
        #expect(step.report.error?.time == 0.2)
    }
}
