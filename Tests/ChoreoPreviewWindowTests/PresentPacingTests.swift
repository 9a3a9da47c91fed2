import Foundation
import Testing
import ChoreoRuntime
@testable import ChoreoPreviewWindow

/// Where the preview's vsync grid comes from, read from `--frame-log`: the X server's vblanks
/// (Present) under Xvfb, Choreo's timer with SDL's dummy driver. The server's own grid is sampled
/// by the test on a connection of its own. Bounds are generous (a loaded 2-core machine, and
/// Xvfb's fake vblanks fire from a millisecond timer); no wall-clock duration is asserted.
@Suite("Preview pacing: the X Present extension's vblanks, else the timer")
struct PresentPacingTests {
    @Test("Under Xvfb the frame log says present, and the frames' vsyncs lie on the server's vblank grid",
          .enabled(if: VirtualDisplay.isAvailable, VirtualDisplay.skipReason))
    func pacesFromPresent() throws {
        let display = try VirtualDisplay()
        let preview = try PreviewProcess(scene: try sceneCopy(of: XvfbPreviewTests.flightInfo),
                                         arguments: ["--no-reload", "--frames", "240"], environment: ["DISPLAY": display.name])
        let server = try ServerVblanks(display: display.name, while: { preview.process.isRunning })
        #expect(preview.waitForExit() == 0)
        let frames = preview.frames()
        #expect(frames.count == 240)
        #expect(frames.allSatisfy { $0["pacing"] as? String == "present" && $0["pacingNote"] is NSNull })

        // Each frame's vsync (its targetTimestamp on CLOCK_MONOTONIC) against the server's grid:
        // within a quarter period for 95 % of frames, within 2 ms at the median.
        let grid = server.grid
        let offsets = frames.compactMap { $0["vsync"] as? Double }.map { abs(grid.offset(of: $0)) }
        #expect(offsets.count == frames.count)
        let within = offsets.filter { $0 <= grid.period / 4 }.count
        #expect(Double(within) >= 0.95 * Double(offsets.count), "\(offsets.count - within) of \(offsets.count) frames off the server's grid")
        #expect(offsets.sorted()[offsets.count / 2] <= 0.002)
        // Xvfb's fake CRTC: one vblank every 16.666 ms (1/60 s in whole µs), within the samples' jitter.
        #expect(abs(grid.period - 0.016666) < 0.0001, "the server's period: \(grid.period)")
    }

    @Test("With SDL's dummy driver the frame log says timer, and why")
    func dummyDriverUsesTheTimer() throws {
        let preview = try PreviewProcess(scene: try sceneCopy(of: XvfbPreviewTests.flightInfo),
                                         arguments: ["--no-reload", "--frames", "10"], environment: ["SDL_VIDEODRIVER": "dummy"])
        #expect(preview.waitForExit() == 0)
        let frames = preview.frames()
        #expect(frames.count == 10)
        #expect(frames.allSatisfy { $0["pacing"] as? String == "timer" && $0["pacingNote"] as? String == "SDL's video driver is dummy, not x11" })
    }
}

/// The X server's vblank grid as the test measures it: NotifyMSC samples on the root window every
/// 0.25 s while `condition` holds (at least 4); the period is the median slope between samples
/// 30 vblanks or more apart, the phase the median offset from it (a late sample moves neither).
struct ServerVblanks {
    let grid: VsyncGrid

    init(display: String, while condition: () -> Bool) throws {
        let vblanks = try PresentVblanks(display: display, window: nil)
        var samples: [VsyncGridEstimator.Sample] = []
        while samples.count < 4 || condition() {
            vblanks.requestNextVblank()
            let deadline = Date().addingTimeInterval(10)
            var received: [VsyncGridEstimator.Sample] = []
            while received.isEmpty, Date() < deadline {
                vblanks.waitForEvents(timeout: 0.1)
                received = vblanks.received()
            }
            guard !received.isEmpty else { throw VirtualDisplay.Failure("no vblank from the server's Present extension in 10 s") }
            samples += received
            Thread.sleep(forTimeInterval: 0.25)
        }
        var slopes: [Double] = []
        for (i, a) in samples.enumerated() {
            for b in samples[(i + 1)...] where b.count - a.count >= 30 { slopes.append((b.time - a.time) / Double(b.count - a.count)) }
        }
        let period = slopes.sorted()[slopes.count / 2]
        let offsets = samples.map { $0.time - Double($0.count) * period }.sorted()
        grid = VsyncGrid(origin: offsets[offsets.count / 2], period: period)
    }
}
