import ChoreoCore
import ChoreoRuntime
import Testing
@testable import ChoreoLua

@Suite("Lua: DisplayLink's CADisplayLink fields")
struct DisplayLinkBindingsTests {
    @Test("preferredFrameRateRange reads and writes CAFrameRateRange's fields; 30 preferred fires every second frame")
    func frameRateRange() throws {
        let (host, results) = try runScript("""
            log = {}
            local link = DisplayLink.new(function(l)
              table.insert(log, string.format("%g-%g/%d", l.timestamp * 60, l.targetTimestamp * 60, l.skippedFrames))
            end)
            local before = link.preferredFrameRateRange
            link.preferredFrameRateRange = { minimum = 15, maximum = 60, preferred = 30 }
            local range = link.preferredFrameRateRange
            capture(before.minimum, before.maximum, before.preferred, range.minimum, range.maximum, range.preferred,
                    link.preferredFramesPerSecond, link.skippedFrames)
            """)
        #expect(results == [0, 0, 0, 15, 60, 30, 30].map { .number($0) } + [.integer(0)])
        try host.engine.run(until: .time(0.1), fps: 60)
        let log = try host.vm.run(chunk: "return table.concat(log, ' ')", name: "check.lua")
        #expect(log == [.string("0-2/0 2-4/0 4-6/0 6-8/0")])
    }

    @Test("Setting preferredFramesPerSecond sets the range's preferred rate alone")
    func preferredFramesPerSecond() throws {
        let (_, results) = try runScript("""
            local link = DisplayLink.new(function() end)
            link.preferredFramesPerSecond = 20
            local range = link.preferredFrameRateRange
            capture(range.minimum, range.maximum, range.preferred)
            link:invalidate()
            """)
        #expect(results == [.number(0), .number(0), .number(20)])
    }

    @Test("A skipped engine frame shows in skippedFrames, and the timestamps span it")
    func skippedFrames() throws {
        let (host, _) = try runScript("""
            log = {}
            DisplayLink.new(function(l)
              table.insert(log, string.format("%g-%g/%d", l.timestamp * 60, l.targetTimestamp * 60, l.skippedFrames))
            end)
            """)
        let driver = try host.engine.start(until: .time(1), fps: 60)
        try driver.step()                // frame 0
        try driver.step(to: 3.0 / 60)    // a late tick: frames 1 and 2 skipped
        try driver.stop()
        let log = try host.vm.run(chunk: "return table.concat(log, ' ')", name: "check.lua")
        #expect(log == [.string("0-1/0 1-4/2")])
    }

    @Test("A bad frame rate range is refused, naming the call and the field")
    func badRange() {
        #expect(errorMessage { _ = try runScript("""
            local link = DisplayLink.new(function() end)
            link.preferredFrameRateRange = { minimum = 40, maximum = 30 }
            """) } == "scene.lua:2: DisplayLink.preferredFrameRateRange: preferredFrameRateRange.minimum must be at most the maximum (30) (got 40)")
        #expect(errorMessage { _ = try runScript("""
            local link = DisplayLink.new(function() end)
            link.preferredFrameRateRange = 30
            """) } == "scene.lua:2: bad value for 'DisplayLink.preferredFrameRateRange' (preferredFrameRateRange: table expected, got number)")
        #expect(errorMessage { _ = try runScript("""
            local link = DisplayLink.new(function() end)
            link.skippedFrames = 1
            """) }?.contains("settable: isPaused, preferredFramesPerSecond, preferredFrameRateRange") == true)
    }
}
