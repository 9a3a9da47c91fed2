/// A sequence of view animations, callbacks, animators and nested timelines placed in one time
/// space (GSAP's timeline, built as a Core Animation group is): the timeline's CAMediaTiming
/// (`speed`, `repeatCount`, `repeatDuration`, `autoreverses`) acts on the whole iteration, and
/// every child sees the timeline's local time.
///
///     let tl = try Timeline(scene: scene)
///     try tl.animate(duration: 0.5) { title.alpha = 1 }
///     try tl.addLabel("grid", at: .text("+=0.2"))
///     try tl.animate(duration: 0.4, at: .text("grid")) { grid.alpha = 1 }
///     try tl.call(at: .text("grid+=0.2")) { print(engine.now) }   // at exactly 0.9 s
///     try tl.startAnimation()
///
/// The time model, drawn for one timeline whose one iteration lasts `duration` (D):
///
///     scene time ──► playhead p = anchor ± speed × (t − runStart)   (0…activeDuration, local units)
///                       │   the timeline's MediaTiming folds p into iterations (repeats, autoreverse)
///                       ▼
///                    currentTime u = iteration time (0…D)  ──►  each child at u − its start
///
/// The playhead `p` is "the time over the whole active duration, repeats included" of `seek`;
/// `fractionComplete` is p / activeDuration. Each layer a timeline animates holds one
/// `AnimationGroup` (key `timeline#N`) whose timing is the timeline's, placed so that it shows
/// the playhead (Timeline+Install.swift); its children are the blocks' basic animations and the
/// nested timelines' groups. Callbacks run as the scene's timed work (`Scene.schedule(at:)`: an
/// engine's timers) at the exact time the playhead reaches them (Timeline+Callbacks.swift). The model holds the final values from the moment a
/// block is recorded; the groups fill backwards, so an inactive timeline shows its local time 0.
///
/// Illegal calls throw `TimelineError` (the call, the state, what to do).
public final class Timeline {
    /// The scene whose views the blocks change.
    public let scene: Scene
    /// The rate of local time (> 0): 2 plays every child twice as fast.
    public let speed: Double
    /// How many iterations play (fractional allowed; 0 means 1; ∞ forever).
    public let repeatCount: Double
    /// How long the iterations repeat (local seconds), instead of a count; 0 means unused.
    public let repeatDuration: Double
    /// Whether each iteration plays forwards, then backwards.
    public let autoreverses: Bool
    /// The duration of a block that gives none (default 0.5 s, GSAP's).
    public var defaultDuration = 0.5
    /// The curve of a block that gives none (default easeInOut, UIKit's).
    public var defaultCurve: any TimingCurve = CubicBezierCurve.easeInOut
    /// Called every time the timeline completes, with the position it ended at.
    public var completion: ((AnimatorPosition) throws -> Void)?
    /// The position of the last completion, nil until the timeline completes and again once it
    /// starts: `await` resumes at once on a timeline that has completed.
    public internal(set) var lastCompletion: AnimatorPosition?
    /// Called once, at the next completion (`addCompletion`).
    var completions: [(AnimatorPosition) throws -> Void] = []

    var children: [Child] = []
    /// What `--memory-limit` counts for the timeline (`estimatedHostBytes`), when a script made it.
    public var memoryCharge: HostMemoryCharge?
    /// Labels, name → local time.
    public internal(set) var labels: [String: Double] = [:]
    /// The bytes of the labels' names, counted as each is made (`estimatedHostBytes`: a name is
    /// a script's string of any length), and the names made last, newest at the end (a call
    /// makes at most two: its label and one its position names), for a refused change to take
    /// back (`estimateRestorer()`).
    var labelNameBytes = 0
    var recentLabels: [String] = []
    /// The value each recorded property ends at, for the next block on it to start from.
    var lastEnds: [TargetKey: AnimationValue] = [:]
    /// The timeline this one is nested in, if any.
    weak var parent: Timeline?
    /// The children of its tree, those of nested timelines included, and how many levels of
    /// timelines the tree has (1: none nested): `Timeline+Bounds.swift`.
    var treeSize = 0
    var nestingLevels = 1
    /// The key of this timeline's groups on its layers: `timeline#N`, N its place among the
    /// scene's timelines (`Scene.nextTimelineNumber()`: the same in every run, whatever else
    /// the process ran).
    let key: String

    var phase = Phase.inactive
    /// The playhead at `runStart` (running), or where it rests (paused, inactive).
    var anchor = 0.0
    /// The scene time the playhead moves from `anchor` (after any start delay).
    var runStart = MediaTime.zero
    /// Where a running timeline's schedule looks for the next callback from: the anchor, then each
    /// callback position reached (times stay runStart + |p − anchor| / speed, without drift).
    var cursor = 0.0
    /// The playhead position whose callbacks last ran (nil: none where it rests).
    var lastRunPosition: Double?
    /// The timeline's place among scheduled work, taken when it starts or resumes (nil until
    /// its first call after that is scheduled).
    var order: Int?
    /// Bumped whenever the schedule changes, to retire scheduled calls.
    var generation = 0
    /// The call scheduled now. Held weakly: the scene's timed work (an engine's timers) holds it,
    /// and it holds the running timeline, which a script may have dropped.
    weak var pendingCall: (any ScheduledWork)?
    /// The layers holding this timeline's groups now.
    var installedLayers: [Layer] = []
    /// Whether an inactive timeline shows its start (true until it first completes or stops).
    var showsWhileInactive = true

    /// Whether the playhead plays towards 0: while running, its direction now (changing it turns
    /// the playhead around where it is); otherwise the direction of the next start. A reversed
    /// timeline completes at "start". An inactive reversed timeline starts from its end.
    public var isReversed = false {
        didSet {
            guard isReversed != oldValue, phase == .running else { return }
            turnAround()
        }
    }

    enum Phase { case inactive, running, paused }

    /// One child: where it starts in local time, and what it is.
    struct Child {
        enum Content {
            /// A `tl:animate` block (all members of a staggered block), or an animator's blocks.
            case tracks([Track])
            case callback(() throws -> Void)
            case timeline(Timeline)
        }
        var content: Content
        var start: Double
        /// The span from `start` to the child's end (a child repeating forever: its first cycle).
        var span: Double
        /// Creation order: ties between callbacks at one time run in it.
        let order: Int
        /// Runs when the playhead crosses the child's end forwards (a block's or animator's completion).
        var completion: (() throws -> Void)?
        /// Whether it repeats forever: positions relative to the end then use the most recent
        /// child's first iteration (GSAP's `clippedDuration`).
        var repeatsForever = false
        /// The end of its first iteration (cycle): `end`, unless it repeats.
        var firstIterationEnd: Double?
        var end: Double { start + span }
    }

    /// One recorded property change, played in the timeline's time.
    struct Track {
        let layer: Layer
        let path: PropertyPath
        let from: AnimationValue
        let to: AnimationValue
        let curve: any TimingCurve
        /// Local start (the child's position plus its delay) and simple duration.
        let begin: Double
        let duration: Double
        let repeatCount: Double
        let autoreverses: Bool
        /// The first track of its property in the timeline shows its from-value before it starts.
        let fillsBackwards: Bool
    }

    struct TargetKey: Hashable {
        let layer: ObjectIdentifier
        let path: PropertyPath
    }

    /// An inactive, empty timeline.
    ///
    /// - Throws: `ArgumentError` for a speed that is not a finite number > 0, or a negative or
    ///   NaN repeatCount or repeatDuration.
    public init(
        scene: Scene, speed: Double = 1, repeatCount: Double = 0,
        repeatDuration: Double = 0, autoreverses: Bool = false
    ) throws(ArgumentError) {
        self.scene = scene
        key = "timeline#\(scene.nextTimelineNumber())"
        self.speed = try requirePositive(try MediaTiming.checkedSpeed(speed, "speed"), "speed")
        self.repeatCount = try requireNonNegativeOrInfinite(repeatCount, "repeatCount")
        self.repeatDuration = try requireNonNegativeOrInfinite(repeatDuration, "repeatDuration")
        self.autoreverses = autoreverses
    }

    /// One iteration: max(0, the latest end of any child), in local seconds.
    public var duration: Double { children.reduce(0) { max($0, $1.end) } }

    /// The timeline's timing: `duration` and the repeat properties (speed is applied separately).
    var iterationTiming: MediaTiming {
        MediaTiming(
            duration: MediaDuration(duration), speed: 1, repeatCount: repeatCount,
            repeatDuration: MediaDuration(repeatDuration), autoreverses: autoreverses, fillMode: .both)
    }

    /// The whole active duration in local seconds, repeats included (∞ when it repeats forever).
    public var activeDuration: Double { iterationTiming.activeDuration.seconds }

    /// The timeline's state: "inactive" or "active" (running or paused).
    public var state: AnimatorState { phase == .inactive ? .inactive : .active }

    /// True while the timeline runs (also during a start delay).
    public var isRunning: Bool { phase == .running }

    /// The playhead: local time over the whole active duration, repeats included.
    public var playhead: Double {
        phase == .running ? playhead(reversed: isReversed) : anchor
    }

    /// How far the playhead is through the whole active duration (0…1; 0 when it is infinite).
    public var fractionComplete: Double {
        let active = activeDuration
        guard active.isFinite, active > 0 else { return 0 }
        return playhead / active
    }

    /// The playhead's time inside the current iteration, as the children see it (mirrored while
    /// autoreversing): CA's iteration time, the end of the last iteration at the very end.
    public var currentTime: Double { iterationTime(at: playhead) }

    /// The iteration time at playhead position `p`.
    func iterationTime(at p: Double) -> Double {
        guard duration > 0 else { return 0 }
        return iterationTiming.state(at: MediaTime(p)).iterationTime?.seconds ?? 0
    }

    /// Adds a completion, called once, at the next completion, with its position ("end", or
    /// "start" for a timeline that ended reversed). Legal in every state.
    public func addCompletion(_ handler: @escaping (AnimatorPosition) throws -> Void) {
        completions.append(handler)
    }
}
