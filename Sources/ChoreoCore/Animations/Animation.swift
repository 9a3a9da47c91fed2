/// The base of every animation (CAAnimation): timing, a timing curve, removal on completion and a
/// delegate. Concrete kinds: `BasicAnimation`, `SpringAnimation`, `KeyframeAnimation`,
/// `AnimationGroup`, `TransitionAnimation`.
///
///     let fade = BasicAnimation(keyPath: "opacity")
///     fade.fromValue = .scalar(0); fade.toValue = .scalar(1)
///     fade.timing.duration = 1
///     try layer.add(fade, forKey: "fade")
///
/// `Layer.add(_:forKey:)` attaches a **copy**: later changes to this object do not reach the
/// running animation (as in Core Animation), and the delegate receives the copy.
///
/// Lifecycle (CONVENTIONS §11): an attached animation gets `animationDidStart` once, when its
/// parent time reaches its `beginTime`, and `animationDidStop(finished:)` exactly once: with
/// `true` when its active duration completes (whether or not it is then removed), or with `false`
/// when it is removed or replaced before that. Events are delivered after the frame's values are
/// computed, ordered by the instant they happened, then by the order the animations were added;
/// an animation's start precedes its stop.
public class Animation {
    /// The CAMediaTiming properties. A duration of 0 becomes the transaction's animation duration
    /// (0.25 s by default) when the animation is added; a `beginTime` of 0 becomes "now" in the
    /// layer's time when the transaction commits.
    public var timing = MediaTiming()
    /// The pacing of the animation; nil means linear.
    public var timingFunction: (any TimingCurve)? {
        get { curveBox?.curve }
        set { curveBox = newValue.map(TimingCurveBox.init) }
    }
    /// `timingFunction`, boxed: an animation keeps one reference instead of a 40-byte existential,
    /// and the animations of view animation blocks on the same cubic share one box
    /// (`Scene.sharedCurveBox(for:)`); ten thousand animated views have twenty thousand animations.
    var curveBox: TimingCurveBox?
    /// Whether the animation is removed from its layer once its active duration completes.
    public var isRemovedOnCompletion = true
    /// Receives start and stop; retained strongly, as Core Animation does.
    public var delegate: (any AnimationDelegate)?
    /// A name for traces and error messages.
    public var name: String?
    /// What the animation is charged against a script's memory limit, if a script made it
    /// (`HostMemoryAccount`); a copy gets a charge of its own.
    public var memoryCharge: HostMemoryCharge?

    // MARK: Attachment (a layer's copy is its own attachment: `AttachedAnimation`)

    /// The key it is attached under, if any.
    var key: String?
    /// Global order of addition, for composition order ties and event order.
    var sequence = 0
    /// Whether `beginTime` has been resolved (at the commit of the transaction that added it).
    var isCommitted = false
    /// Noted when added, for its commit: its `beginTime` is 0 (the commit sets it to the
    /// layer's local time), and it is a transition (which takes the layer's final state then).
    var beginsAtCommit = false, isTransition = false
    /// Whether the animation adds to what is below it, noted when attached (the attached copy
    /// is the layer's own): `Layer.nonAdditiveCount` counts the others.
    var isAdditiveAttachment = false
    var didStart = false
    /// Whether the stop event has been emitted (after which it is never emitted again).
    var didStop = false
    /// The bytes this animation added to its layer's memory charge (a copy the runtime made
    /// for a script's layer), given back when it is detached.
    var chargedToLayer = 0
    /// The transaction completions this animation holds open.
    var completions: [TransactionCompletion] = []

    public init() {}

    /// A copy with every property; subclasses copy their own.
    public func copy() -> Animation {
        let copy = makeEmptyCopy()
        copy.copyProperties(from: self)
        copy.memoryCharge = memoryCharge?.duplicate()
        return copy
    }

    /// A fresh instance of the dynamic type (subclasses override).
    func makeEmptyCopy() -> Animation { Animation() }

    /// Copies the base properties (subclasses override, calling super).
    func copyProperties(from other: Animation) {
        timing = other.timing
        curveBox = other.curveBox
        isRemovedOnCompletion = other.isRemovedOnCompletion
        delegate = other.delegate
        name = other.name
    }

    // MARK: Hooks for the layer

    /// Checks the animation against `layer` and resolves what depends on it (key paths, missing
    /// from/to values from `presentation`). Called on the copy, once, when it is added.
    func prepare(presentation: @autoclosure () -> LayerProperties, layer: Layer, defaultDuration: MediaDuration) throws(ArgumentError) {
        timing = timing.resolvingDefaultDuration(defaultDuration)
        try timing.validate()
        try resolveDurationDependentCurves()  // damping-ratio springs fitted to the duration (Timing/FittedSpringCurve)
    }

    /// Lowers the prepared animation into what it contributes (`Effect`s with their samplers),
    /// appended to `effects` in composition order; `stages` are the groups it sits in. The scene's
    /// `EffectStack` evaluates the effects; a new animation kind is a subclass with this override.
    func lower(into effects: inout [Effect], stages: [GroupStage]) {}

    /// The key paths this animation writes (for `animationKeys` of views and for tracing).
    var animatedPaths: [PropertyPath] { [] }

    /// Whether the animation adds its value to what is below it (an additive property
    /// animation); a group, a transition or any replacing animation does not.
    var addsToWhatIsBelow: Bool { false }
}

/// Receives the start and stop of an animation (CAAnimationDelegate).
public protocol AnimationDelegate: AnyObject {
    func animationDidStart(_ animation: Animation)
    func animationDidStop(_ animation: Animation, finished: Bool)
    /// Whether `animationDidStart` does anything: a delegate that ignores starts (a view
    /// animation block's completion, which waits for stops) spares the scene queueing ten
    /// thousand start events when ten thousand views start at once. True unless said otherwise.
    var receivesStartEvents: Bool { get }
}

extension AnimationDelegate {
    public var receivesStartEvents: Bool { true }
    public func animationDidStart(_ animation: Animation) {}
    public func animationDidStop(_ animation: Animation, finished: Bool) {}
}

/// A timing curve in a box of its own (immutable: animations and their copies share it).
final class TimingCurveBox {
    let curve: any TimingCurve
    /// Whether the curve's shape depends on the duration it is given (`resolved(forDuration:)`
    /// answers or throws: a damping-ratio spring), asked once here rather than by every
    /// animation added with the box (`resolveDurationDependentCurves`): other curves answer nil
    /// for every duration.
    let dependsOnDuration: Bool

    init(_ curve: any TimingCurve) {
        self.curve = curve
        do { dependsOnDuration = try curve.resolved(forDuration: 1) != nil } catch { dependsOnDuration = true }
    }
}

/// What a layer shows at one instant: its properties, and the transition running on it.
///
/// The transition (two subtree snapshots, over a kilobyte) is held in a box: most frames have
/// none, and a frame is copied on every read.
public struct PresentationFrame {
    public var properties: LayerProperties
    public var transition: TransitionPresentation? {
        get { transitionBox?.value }
        set { transitionBox = newValue.map(TransitionBox.init) }
    }
    private var transitionBox: TransitionBox?

    public init(properties: LayerProperties, transition: TransitionPresentation?) {
        self.properties = properties
        transitionBox = transition.map(TransitionBox.init)
    }
}

/// `PresentationFrame.transition`'s box (immutable: a change makes a new one).
private final class TransitionBox: Sendable {
    let value: TransitionPresentation
    init(_ value: TransitionPresentation) { self.value = value }
}
