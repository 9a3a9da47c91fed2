/// Fits a display's vsync grid to the vblank samples it reports, (time, count) pairs such as the
/// X Present extension's (ust, msc), and says when to ask for the next sample: the window-free
/// half of pacing the preview on the display's own vblanks (ChoreoPreviewWindow's
/// `PresentPacing` holds the X half).
///
///     var estimator = VsyncGridEstimator(nominalPeriod: 1.0 / 60)
///     if estimator.wantsSample(at: now) { vblanks.requestNextVblank(); estimator.didRequestSample(at: now) }
///     for sample in vblanks.received() where estimator.add(sample, receivedAt: now) {
///         timer.align(to: estimator.grid!)
///     }
///
/// Why medians: a real display's timestamps are exact, but Xvfb's fake CRTC fires from a
/// millisecond timer (its samples run up to 1 ms early) and, on a loaded machine, late by several
/// ms. So the period is the median of the slopes between samples at least `minimumSpan` vblanks
/// apart (Theil–Sen), and the phase is the median of the samples' offsets from that period's grid:
/// one late sample moves neither. Until two samples are that far apart the period is the nominal
/// one (the display mode's rate).
///
/// A sample further than `tolerance` periods from the grid is set aside. `confirmations` such
/// samples in a row mean the grid itself moved (another mode, another monitor): the fit starts
/// again from them, keeping the period if they lie on a grid of it (their offsets from it within
/// `tolerance` periods of each other), else measuring it from them
/// (the median slope of all their pairs) until they span `minimumSpan`. A count that goes
/// backwards starts the fit again too.
///
/// Sampling: at every vblank (one request outstanding at a time) until there are `acquisition`
/// samples since the start or the last restart, and while set-aside samples wait for
/// confirmation; then one every `resyncInterval`, so the grid follows drift between the display's
/// clock and ours without costing a frame. The latest `capacity` samples are kept.
///
/// Contract: sample times and `now` are seconds of one monotonic clock; counts increase by one
/// per vblank. A sample from the future or more than `maximumAge` before it was received is not
/// of this clock (a remote X server's) and is ignored. All operations are O(`capacity`²) at most.
public struct VsyncGridEstimator: Sendable {
    /// One vblank the display reported: when (seconds) and its number.
    public struct Sample: Hashable, Sendable {
        public var time: Double
        public var count: Int

        public init(time: Double, count: Int) {
            self.time = time
            self.count = count
        }
    }

    /// The policy's numbers (the defaults suit 24–240 Hz displays and Xvfb).
    public struct Policy: Sendable {
        /// Samples kept (the oldest dropped first).
        public var capacity = 16
        /// Vblanks between two samples whose slope measures the period.
        public var minimumSpan = 30
        /// How far off the grid, in periods, a sample may lie and still be on it.
        public var tolerance = 0.25
        /// Off-grid samples in a row that move the grid.
        public var confirmations = 3
        /// Samples taken at every vblank after the start or a restart.
        public var acquisition = 8
        /// Seconds between samples once acquired.
        public var resyncInterval = 1.0
        /// Seconds after which an unanswered request is given up and another sent.
        public var requestTimeout = 1.0
        /// The oldest a sample may be when received, in seconds.
        public var maximumAge = 1.0

        public init() {}
    }

    public let policy: Policy
    /// The grid fitted to the samples; nil before the first.
    public private(set) var grid: VsyncGrid?
    /// The samples the grid is fitted to, oldest first.
    public private(set) var samples: [Sample] = []
    /// Samples off the grid, waiting for confirmation that it moved.
    public private(set) var offGridSamples: [Sample] = []
    /// The period in use: the nominal one, then measured.
    public private(set) var period: Double
    /// Whether `period` is known to fit the samples (the nominal one at the start; after a
    /// restart, whether the new samples lie on a grid of the old period).
    private var periodFits = true
    /// When the outstanding request was sent, if one is.
    private var requestedAt: Double?
    /// When the last request was sent.
    private var lastRequestAt = -Double.infinity

    /// - Parameter nominalPeriod: the display's period until samples measure it, in seconds (> 0).
    public init(nominalPeriod: Double, policy: Policy = Policy()) {
        precondition(nominalPeriod > 0 && nominalPeriod.isFinite, "VsyncGridEstimator(nominalPeriod: \(nominalPeriod)): the period must be positive")
        self.policy = policy
        period = nominalPeriod
    }

    /// Whether to ask the display for a sample now.
    public func wantsSample(at now: Double) -> Bool {
        if let requestedAt, now - requestedAt < policy.requestTimeout { return false }
        if samples.count < policy.acquisition || !offGridSamples.isEmpty { return true }
        return now - lastRequestAt >= policy.resyncInterval
    }

    /// A request for a sample was sent at `now`.
    public mutating func didRequestSample(at now: Double) {
        requestedAt = now
        lastRequestAt = now
    }

    /// Adds a sample received at `now`; whether the grid changed.
    @discardableResult
    public mutating func add(_ sample: Sample, receivedAt now: Double) -> Bool {
        requestedAt = nil
        guard sample.time <= now, now - sample.time <= policy.maximumAge else { return false }
        let latest = max(samples.last?.count ?? .min, offGridSamples.last?.count ?? .min)
        if sample.count < latest {
            restart(from: [sample])
        } else if sample.count == latest {
            return false
        } else if let grid, abs(grid.offset(of: sample.time, count: sample.count)) > policy.tolerance * grid.period {
            offGridSamples.append(sample)
            guard offGridSamples.count >= policy.confirmations else { return false }
            restart(from: offGridSamples)
        } else {
            offGridSamples.removeAll()
            samples.append(sample)
            if samples.count > policy.capacity { samples.removeFirst(samples.count - policy.capacity) }
        }
        let previous = grid
        fit()
        return grid != previous
    }

    /// Starts the fit again from `newSamples` (the grid moved).
    private mutating func restart(from newSamples: [Sample]) {
        let offsets = newSamples.map { $0.time - Double($0.count) * period }
        periodFits = (offsets.max()! - offsets.min()!) <= policy.tolerance * period
        samples = newSamples
        offGridSamples = []
    }

    /// The period and the phase from the samples (see the type's comment).
    private mutating func fit() {
        var longSlopes: [Double] = [], allSlopes: [Double] = []
        for (i, a) in samples.enumerated() {
            for b in samples[(i + 1)...] {
                let slope = (b.time - a.time) / Double(b.count - a.count)
                guard slope > 0 else { continue }
                allSlopes.append(slope)
                if b.count - a.count >= policy.minimumSpan { longSlopes.append(slope) }
            }
        }
        if !longSlopes.isEmpty {
            period = Self.median(longSlopes)
            periodFits = true
        } else if !periodFits, !allSlopes.isEmpty {
            period = Self.median(allSlopes)
        }
        let origin = Self.median(samples.map { $0.time - Double($0.count) * period })
        grid = VsyncGrid(origin: origin, period: period)
    }

    /// The middle value (the mean of the two middle ones for an even count); `values` not empty.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

extension VsyncGrid {
    /// How far a sample's time is from its own vblank's time on this grid.
    fileprivate func offset(of time: Double, count: Int) -> Double { time - self.time(of: count) }
}
