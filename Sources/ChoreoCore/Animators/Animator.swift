/// UIViewPropertyAnimator: view animations you start, pause, scrub, stop and finish.
///
///     let animator = try Animator(scene: scene, duration: 2, curve: CubicBezierCurve.linear) {
///         box.center.x = 300
///     }
///     animator.addCompletion { position in print(position) }   // .end
///     try animator.startAnimation()
///
/// The animation blocks run when the animator becomes active (`startAnimation`, `pauseAnimation`
/// or setting `fractionComplete`), inside a view animation block, so their model changes are
/// recorded like those of `View.animate`: the model takes the end values at once, and each changed
/// property animates from its old value (additively when the old model value is known, from the
/// old presentation otherwise). The animator then drives those animations itself: running, they
/// play at speed 1 from the current fraction; paused, they are frozen (speed 0, timeOffset =
/// fraction × duration); reversed, they play at speed −1. The natural end is noticed at the first frame at or after it.
///
/// Illegal calls throw `AnimatorError`; the legal calls per state are the table of
/// `Animator+StateMachine.swift`. Setters that can fail are methods (`setFractionComplete`,
/// `setInterruptible`), since Swift property setters cannot throw.
public final class Animator {
    /// The scene whose views the animation blocks change.
    public let scene: Scene
    /// The duration of the whole animation, in seconds (> 0). A staggered animator's spans its
    /// views: the duration of one view's motion plus the largest delay (`stagger`).
    public internal(set) var duration: Double
    /// The animator's timing curve (UIKit's timingParameters).
    public let timingParameters: any TimingCurve
    /// The delay of the last `startAnimation(afterDelay:)`, 0 otherwise.
    public internal(set) var delay: Double = 0
    /// Whether the animator stays active, paused at the end, instead of finishing there (and so
    /// does not call its completions). Default false.
    public var pausesOnCompletion = false
    /// Whether setting `fractionComplete` shows linear progress (true, the default) or progress
    /// along the timing curve (false).
    public var scrubsLinearly = true
    /// Whether the animation plays back toward the start values: while running, its current
    /// direction (changing it turns the animation around where it is); otherwise, the direction
    /// of the next start. A reversed animator that reaches fraction 0 finishes at `.start`, with
    /// the model set back to the start values. Changing it while stopped has no effect until the
    /// animator is reused. Default false.
    public var isReversed = false {
        didSet {
            guard isReversed != oldValue, phase == .running else { return }
            turnAround(wasReversed: oldValue)
        }
    }
    /// Whether the animator can be paused and stopped once active (default true). Change it with
    /// `setInterruptible(_:)` while inactive.
    public internal(set) var isInterruptible = true

    var phase: Phase = .inactive
    /// The blocks not applied yet, with their delay factors; they run when the animator becomes
    /// active.
    var pendingBlocks: [(body: () -> Void, delayFactor: Double)]
    var completions: [(AnimatorPosition) -> Void] = []
    /// What `--memory-limit` counts for the animator (`estimatedHostBytes`), when a script made it.
    public var memoryCharge: HostMemoryCharge?
    /// The recorded changes the animator drives.
    var tracks: [Track] = []
    /// Transitions (`View.transition`) made in the animator's blocks: their attached animations,
    /// whose timing the animator sets as it does its tracks' (Animator+Transitions.swift).
    var clockedTransitions: [ClockedTransition] = []
    /// Sequences awaiting the end of the current run (`Animator+Awaitable.swift`).
    var awaiters: [(AwaitResult) -> Void] = []
    /// The position the last run ended at, until the animator becomes active again.
    var lastPosition: AnimatorPosition?
    /// The staggered delay of a `runningPropertyAnimator`: each view its blocks change moves for
    /// `staggeredDuration` seconds after the delay of its index in the order of first change.
    var stagger: Stagger?
    /// One view's motion in a staggered animator (the duration it was made with).
    var staggeredDuration = 0.0
    /// The fraction at `runStart` (running), or the fraction shown (paused, stopped).
    var anchorFraction = 0.0
    /// The scene time at which running resumes from `anchorFraction` (after any delay).
    var runStart = MediaTime.zero
    /// Whether the paused animations show linear progress (scrubbed with `scrubsLinearly`).
    var showsLinearly = false
    /// Bumped whenever the running schedule changes, to retire scheduled frame checks.
    var generation = 0
    /// The seconds that the fraction 0…1 spans now: `duration`, until `continueAnimation`
    /// changes the remaining time; back to `duration` when the animator becomes inactive.
    var activeDuration: Double
    /// The curve the animations follow now: `timingParameters`, until `continueAnimation` gives
    /// another; back to `timingParameters` when the animator becomes inactive.
    var activeCurve: any TimingCurve

    /// One animated property: where it starts and ends, and the key of its animation.
    struct Track {
        let layer: Layer
        let path: PropertyPath
        /// The value before the animations (the old model, or the old presentation).
        let start: AnimationValue
        /// The value the block set (the model).
        let end: AnimationValue
        /// The animation is additive, offsets from the model `end`; otherwise absolute values.
        let isAdditive: Bool
        /// The animator's fraction at which this property starts to move.
        var beginFraction: Double
        /// The fraction at which it arrives: 1, or its view's end in a staggered animator.
        var endFraction = 1.0
        let key: String
        /// How the property moves now, as the fraction changes.
        var segment: Segment
        /// The track's own curve (a spring continued with this property's velocity); nil follows
        /// the animator's `activeCurve`.
        var curve: (any TimingCurve)?
        /// For a property keyframed inside a block (`View.animateKeyframes`): its keyframe path
        /// from `start` to `end` over the block's segment, installed instead of a basic animation
        /// while the segment is the block's own (the animator's curve paces it, as a keyframe
        /// animation's timing function does).
        var keyframes: KeyframeAnimation?

        /// Whether the keyframe path is what moves the property now (not a retargeted segment).
        var followsKeyframes: Bool {
            keyframes != nil && !segment.isDescending && segment.lower == beginFraction && segment.upper == endFraction
                && segment.from == start && segment.to == end
        }
    }

    /// The stretch of the fraction over which a property moves from one value to another.
    /// An ascending segment plays as the fraction grows (`from` at `lower`, `to` at `upper`); a
    /// descending one as it shrinks (`from` at `upper`, `to` at `lower`). Outside it the property
    /// holds the nearer value. A block's track starts as [beginFraction, 1], start → end;
    /// `continueAnimation` and turning around replace it from where the property is.
    struct Segment {
        var lower: Double
        var upper: Double
        var from: AnimationValue
        var to: AnimationValue
        var isDescending = false

        /// The segment's own time fraction at the animator's `fraction` (outside 0…1 beyond it).
        func progress(atFraction fraction: Double) -> Double {
            let span = upper - lower
            guard span > 0 else { return fraction >= upper ? 1 : 0 }
            return isDescending ? (upper - fraction) / span : (fraction - lower) / span
        }

        /// The value at `fraction` along `curve` (or linearly).
        func value(atFraction fraction: Double, curve: any TimingCurve, linearly: Bool) -> AnimationValue {
            let u = min(1, max(0, progress(atFraction: fraction)))
            return from.interpolated(to: to, fraction: linearly ? u : curve.progress(at: u))
        }
    }

    /// An animator with any timing curve (UIKit's `init(duration:timingParameters:)` and
    /// `init(duration:curve:animations:)`). A curve that defines its own duration (a spring made
    /// from mass, stiffness and damping, which lasts until it settles) sets the animator's
    /// duration, as UIKit computes it "from the spring"; `duration` is then not used. A curve
    /// whose shape depends on the duration (a damping-ratio spring, `FittedSpringCurve`) is
    /// fitted to it: `timingParameters` is then the fitted `SpringCurve`.
    ///
    /// - Throws: `ArgumentError` when `duration` is not a finite number > 0, or cannot be fitted.
    public init(scene: Scene, duration: Double, curve: any TimingCurve, animations: (() -> Void)? = nil) throws(ArgumentError) {
        self.scene = scene
        // A curve with a duration of its own (a physics spring) sets the animator's duration.
        if let own = curve.duration, own.isFinite, own > 0 {
            self.duration = own
        } else {
            self.duration = try requirePositive(duration, "duration")
        }
        let curve = try curve.resolved(forDuration: self.duration) ?? curve
        self.timingParameters = curve
        self.activeDuration = self.duration
        self.activeCurve = curve
        self.pendingBlocks = animations.map { [($0, 0)] } ?? []
    }

    /// An animator along the cubic Bézier curve with these control points (y may overshoot).
    ///
    /// - Throws: `ArgumentError` for a bad duration or control point.
    public convenience init(
        scene: Scene, duration: Double, controlPoint1: Point, controlPoint2: Point, animations: (() -> Void)? = nil
    ) throws(ArgumentError) {
        let curve = try CubicBezierCurve(controlPoint1.x, controlPoint1.y, controlPoint2.x, controlPoint2.y)
        try self.init(scene: scene, duration: duration, curve: curve, animations: animations)
    }

    /// An animator along a spring with this damping ratio, fitted to `duration`
    /// (`SpringCurve(dampingRatio:duration:)`).
    ///
    /// - Throws: `ArgumentError` for a bad duration or damping ratio.
    public convenience init(
        scene: Scene, duration: Double, dampingRatio: Double, animations: (() -> Void)? = nil
    ) throws(ArgumentError) {
        let curve = try SpringCurve(dampingRatio: dampingRatio, duration: try requirePositive(duration, "duration"))
        try self.init(scene: scene, duration: duration, curve: curve, animations: animations)
    }

    /// UIKit's `runningPropertyAnimator(withDuration:delay:options:animations:completion:)`: an
    /// animator along the options' curve (easeInOut when none is given), with the completion
    /// added, started after `delay`.
    ///
    /// With a `stagger` (which replaces `delay`), each view the animations change moves for
    /// `duration` seconds after the stagger's delay of its index, in the order of its first
    /// change (a delay below 0 is 0): the animator's `duration` is then `duration` + the largest
    /// delay, each view moving over its own part of the fraction, and its one completion runs
    /// after the last view arrives.
    ///
    /// Transition options and the repeat and autoreverse options are ignored, as UIKit ignores
    /// them. Created inside another animation block (a `View.animate` or an animator's block), it
    /// is not interruptible, as UIKit's header says; it keeps its own duration and curve.
    ///
    /// - Throws: `ArgumentError` for a bad duration or a negative delay.
    public static func runningPropertyAnimator(
        scene: Scene, duration: Double, delay: Double = 0, stagger: Stagger? = nil, options: ViewAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((AnimatorPosition) -> Void)? = nil
    ) throws(ArgumentError) -> Animator {
        let wait = try requireNonNegative(stagger == nil ? delay : 0, "delay")
        let animator = try Animator(scene: scene, duration: duration, curve: options.timingCurve, animations: animations)
        animator.stagger = stagger
        animator.staggeredDuration = animator.duration
        if let completion { animator.addCompletion(completion) }
        if ViewAnimationContext.innermostBlock(of: scene) != nil { animator.isInterruptible = false }
        // An inactive animator can always start.
        try? animator.startAnimation(afterDelay: wait)
        return animator
    }

    /// The animator's state: inactive, active (running or paused) or stopped.
    public var state: AnimatorState { phase.state }

    /// True while the animator runs (also during a start delay); false when paused or not active.
    public var isRunning: Bool { phase == .running }

    /// How far the animation has got, 0 at the start and 1 at the end; 0 while inactive.
    public var fractionComplete: Double {
        switch phase {
        case .inactive: return 0
        case .paused, .stopped: return anchorFraction
        case .running: return runningFraction(reversed: isReversed)
        }
    }

    /// The fraction of a running animator that plays forwards, or backwards when `reversed`.
    func runningFraction(reversed: Bool) -> Double {
        let progress = max(0, (scene.currentTime - runStart).seconds) / activeDuration
        return min(1, max(0, reversed ? anchorFraction - progress : anchorFraction + progress))
    }

    /// Adds a completion, called with the final position when the animator finishes (naturally,
    /// or by `finishAnimation(at:)`); several run in the order they were added. Legal in every
    /// state. Not called after `stopAnimation(true)`, nor at the end with `pausesOnCompletion`.
    public func addCompletion(_ completion: @escaping (AnimatorPosition) -> Void) {
        completions.append(completion)
    }
}
