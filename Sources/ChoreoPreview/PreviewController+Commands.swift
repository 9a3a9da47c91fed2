import ChoreoCore

/// The controls: play and pause, steps, seeks, speed, in and out points, loop.
extension PreviewController {
    /// Does what `command` says (the window maps keys to commands with `PreviewAction(key:shift:)`).
    /// - Throws: `ArgumentError` for a speed or a seek that is not a finite number (a speed must
    ///   also be within `speedRange`).
    public func perform(_ command: PreviewAction) throws(ArgumentError) {
        switch command {
        case .togglePlay: isPaused ? play() : pause()
        case .play: play()
        case .pause: pause()
        case .step(let frames): step(frames: frames)
        case .stepSeconds(let seconds): step(seconds: seconds)
        case .goToStart: goToStart()
        case .goToEnd: goToEnd()
        case .slower: try setSpeed(Self.speeds.last { $0 < speed } ?? Self.speeds[0])
        case .faster: try setSpeed(Self.speeds.first { $0 > speed } ?? Self.speeds[Self.speeds.count - 1])
        case .setSpeed(let speed): try setSpeed(speed)
        case .setInPoint: setInPoint()
        case .setOutPoint: setOutPoint()
        case .clearRange: clearRange()
        case .toggleLoop: isLooping.toggle()
        case .seek(to: let time): try seek(to: time)
        case .seekToFraction(let fraction): try seek(toFraction: fraction)
        case .reload: reload()
        }
    }

    /// Plays from the playhead; at or past the end of the range, from its start again.
    public func play() {
        guard isPaused else { return }
        let range = self.range
        if time >= range.upperBound || (isLooping && time < range.lowerBound) {
            move(to: range.lowerBound, exactly: true)
        }
        isPaused = false
    }

    public func pause() { isPaused = true }

    /// Pauses and moves `frames` frames on the grid (negative: back), within the timeline: from
    /// a playhead between frames, one forward is the next frame and one back the previous one.
    public func step(frames: Int) {
        pause()
        guard frames != 0 else { return }
        let base = frames > 0 ? grid.frame(atOrBefore: time) : grid.frame(atOrAfter: time)
        moveToFrame(base.addingReportingOverflow(frames).partialValue)
    }

    /// Pauses and moves `seconds` whole seconds (negative: back), to the nearest grid frame.
    public func step(seconds: Int) {
        pause()
        moveToFrame(grid.nearestFrame(to: time + Double(seconds)))
    }

    /// The playhead to 0 (playing goes on).
    public func goToStart() { moveToFrame(0) }

    /// The playhead to the timeline's last frame (playing goes on, and stops there unless looping).
    public func goToEnd() { moveToFrame(lastFrame) }

    /// Moves the playhead to `time` (scene seconds, clamped to the timeline), snapped to the
    /// nearest grid frame: what a click or a drag on the timeline bar does. Playing goes on from
    /// there. `snapsToFrame: false` moves to `time` itself, with the state a fresh headless run
    /// advanced straight there has (`--screenshot-at` a time between frames).
    public func seek(to time: Double, snapsToFrame: Bool = true) throws(ArgumentError) {
        let time = min(max(try requireFinite(time, "time"), 0), end)
        if snapsToFrame {
            moveToFrame(grid.nearestFrame(to: time))
        } else {
            move(to: time, exactly: true)
        }
    }

    /// `seek(to:)` a fraction (clamped to 0...1) of the timeline.
    public func seek(toFraction fraction: Double) throws(ArgumentError) {
        let fraction = try requireFinite(fraction, "fraction")
        try seek(to: min(max(fraction, 0), 1) * end)
    }

    /// Sets the speed (within `speedRange`). The root's timing is rebased at every tick, so
    /// scene time goes on from where it is, at the new rate.
    public func setSpeed(_ speed: Double) throws(ArgumentError) {
        let speed = try requireFinite(speed, "speed")
        guard Self.speedRange.contains(speed) else {
            throw ArgumentError(parameter: "speed", requirement: "must be within 0.01...100", value: speed)
        }
        self.speed = speed
    }

    /// The in point at the playhead; an out point at or before it is cleared.
    public func setInPoint() {
        inPoint = time
        if let outPoint, outPoint <= time { self.outPoint = nil }
    }

    /// The out point at the playhead; an in point at or after it is cleared.
    public func setOutPoint() {
        outPoint = time
        if let inPoint, inPoint >= time { self.inPoint = nil }
    }

    public func clearRange() {
        inPoint = nil
        outPoint = nil
    }

    /// The last grid frame of the timeline.
    var lastFrame: Int { max(0, grid.frame(atOrBefore: end)) }

    /// Moves frame-exactly to grid frame `frame`, clamped to the timeline's frames.
    private func moveToFrame(_ frame: Int) {
        move(to: grid.time(ofFrame: min(max(frame, 0), lastFrame)), exactly: true)
    }
}
