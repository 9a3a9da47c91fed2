import ChoreoRuntime

/// Which clock paces the preview's frames: the X server's vblanks (Present) or Choreo's timer
/// alone, and why not Present. The frame log's `pacing` and `pacingNote`.
public enum PacingSource: Equatable, Sendable {
    /// `VsyncTimer`'s grid is the X server's vblank grid (`PresentPacing`).
    case present
    /// `VsyncTimer`'s own grid, at the display's nominal rate from when the window opened.
    case timer(note: String)

    /// "present" or "timer".
    public var name: String {
        switch self {
        case .present: "present"
        case .timer: "timer"
        }
    }

    /// Why the timer paces, if it does.
    public var note: String? {
        switch self {
        case .present: nil
        case .timer(let note): note
        }
    }
}

/// Keeps `VsyncTimer`'s grid on the X server's vblanks: asks Present for them
/// (`PresentVblanks`), fits the grid (`VsyncGridEstimator`) and aligns the timer to it.
///
///     let present = try? PresentPacing.start(window: window, clock: clock, nominalPeriod: 1.0 / 60).get()
///     var vsync = VsyncTimer(rate: 60, clock: clock)
///     present?.align(&vsync)                         // onto the first vblank's grid
///     while running {
///         present?.update(&vsync)                    // reads what came, asks for more, re-aligns
///         let tick = vsync.waitForNextTick()
///         ...
///     }
///
/// Why the timer still sleeps: waiting on Present's events would tie every frame to a round
/// trip to the server. The server's samples only set the grid's phase and period: one at each of
/// the first vblanks (and after the grid moves), then one a second, read without blocking at the
/// top of each frame.
///
/// `start` waits up to one second for the first vblank, so the first frame is on the server's
/// grid. Where Present cannot be used (another video driver than x11, no extension, no vblank on
/// this machine's clock within that second: a remote server, any error) the timer paces alone,
/// and the reason is the frame log's `pacingNote`.
final class PresentPacing {
    private let vblanks: PresentVblanks
    private var estimator: VsyncGridEstimator
    private let clock: MonotonicClock
    private var failure: String?

    private init(vblanks: PresentVblanks, nominalPeriod: Double, clock: MonotonicClock) {
        self.vblanks = vblanks
        self.clock = clock
        estimator = VsyncGridEstimator(nominalPeriod: nominalPeriod)
    }

    /// Present pacing for the window, with the grid of its first vblank; or why the timer paces.
    static func start(window: PreviewWindow, clock: MonotonicClock, nominalPeriod: Double) -> Result<PresentPacing, PresentVblanks.Unavailable> {
        guard window.videoDriver == "x11" else {
            return .failure(.init(description: "SDL's video driver is \(window.videoDriver), not x11"))
        }
        let vblanks: PresentVblanks
        do { vblanks = try PresentVblanks(window: window.x11WindowID) } catch { return .failure(error) }
        let pacing = PresentPacing(vblanks: vblanks, nominalPeriod: nominalPeriod, clock: clock)
        let deadline = clock.now + 1
        while pacing.estimator.grid == nil, pacing.failure == nil, clock.now < deadline {
            pacing.readVblanks()
            if pacing.estimator.grid == nil { vblanks.waitForEvents(timeout: min(0.05, deadline - clock.now)) }
        }
        if let failure = pacing.failure { return .failure(.init(description: failure)) }
        // None in a second: a server that does not answer, or whose clock is not ours (remote).
        guard pacing.estimator.grid != nil else {
            return .failure(.init(description: "no vblank on this machine's clock from the X Present extension within 1 s"))
        }
        return .success(pacing)
    }

    /// Present, or the timer once the connection failed (the grid stays where it was).
    var source: PacingSource { failure.map { .timer(note: $0) } ?? .present }

    /// Moves the timer's grid onto the server's (from its next vsync on).
    func align(_ timer: inout VsyncTimer) {
        if let grid = estimator.grid { timer.align(to: grid) }
    }

    /// Reads the vblanks notified since the last frame, re-aligns the timer when the grid
    /// moved, and asks for the next vblank when the estimator wants one. Never blocks.
    func update(_ timer: inout VsyncTimer) {
        if readVblanks() { align(&timer) }
    }

    /// Feeds the vblanks received to the estimator and asks for the next one when it wants one;
    /// whether the grid moved.
    @discardableResult
    private func readVblanks() -> Bool {
        guard failure == nil else { return false }
        guard !vblanks.hasFailed else {
            failure = "the X connection for Present failed"
            return false
        }
        let now = clock.now
        var moved = false
        for sample in vblanks.received() {
            // The server's CLOCK_MONOTONIC seconds, as the preview clock's.
            let local = VsyncGridEstimator.Sample(time: sample.time - clock.systemOrigin, count: sample.count)
            if estimator.add(local, receivedAt: now) { moved = true }
        }
        if estimator.wantsSample(at: now) {
            vblanks.requestNextVblank()
            estimator.didRequestSample(at: now)
        }
        return moved
    }
}
