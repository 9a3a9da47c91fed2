import Synchronization

/// The root of a layer tree and its clock: where presentation values and animation events are
/// computed (DESIGN §2, steps 2 and 3).
///
///     let scene = Scene()
///     scene.rootView.addSubview(box)
///     try box.add(fade, forKey: "fade")
///     scene.commit()                 // the end of the script's turn: beginTimes resolve
///     scene.advance(to: 0.5)         // a frame: values at 0.5 s, events delivered
///     box.presentation.opacity
///
/// The scene knows nothing of clocks or display links: whoever drives it (the engine, a test)
/// calls `advance(to:)` with each frame's time and `commit()` after each turn of script code.
/// Only layers with animations are visited per frame.
public final class Scene {
    /// The root view (`scene.view` in scripts); its layer is the root of the layer tree.
    public let rootView: View
    /// What the scene is charged against a script's memory limit, if a script made it.
    public var memoryCharge: HostMemoryCharge?
    /// What to reference weakly instead of the scene: it lives exactly as long as the scene.
    /// A weak reference gives its target a side table, after which every retain and release of
    /// it takes the runtime's slow path, and a scene is retained on every change of its layers.
    public private(set) lazy var lifetime = Lifetime(self)

    /// See `lifetime`.
    public final class Lifetime {
        public unowned(unsafe) let scene: Scene
        init(_ scene: Scene) { self.scene = scene }
    }

    deinit {
        // Layers hold their scene unretained (`Layer.scene`, `Layer.listedIn`): none may outlive
        // it naming it, in its tree or still listed after leaving it.
        rootView.layer.detachFromEndingScene()
        for layer in animatedLayers where layer.listedIn === self { layer.listedIn = nil }
        for case let layer? in stack.layers where layer.listedIn === self {
            layer.listedIn = nil
            layer.row = -1
        }
    }
    public var rootLayer: Layer { rootView.layer }

    /// The screen the scene is shown on, in points: `Scene.new`'s width and height (each within
    /// 1...``maximumSide`` points). Renders are this size whatever the root view's bounds become
    /// later, as a device's screen stays put while its root view is resized or animated; nil for
    /// a scene made in Swift without one (a render then takes the root view's bounds at its
    /// first frame).
    public var screenSize: Size?
    /// The time of the last frame, in the root's (global) time. Never decreases.
    public internal(set) var currentTime: MediaTime = .zero
    /// Called for every animation event after the animation's delegate (tracing, tests).
    public var eventObserver: ((AnimationEvent) -> Void)?

    /// Bumped when time moves, invalidating every layer's presentation cache.
    var stamp = 0
    /// The one evaluator: a row per animated layer, computed once per frame.
    let stack = EffectStack()
    /// How many times the scene has committed; a layer attached before the latest commit is committed.
    var commitCount = 0
    /// What committed layers showed before their model changed in the open transaction, per
    /// layer and whole property (the first change's): Core Animation's presentation layer still
    /// shows it until the commit, and an animation added with neither `fromValue` nor `toValue`
    /// runs from it to the new value. Cleared by `commit()`.
    var previousValues: [PreviousValueKey: AnimationValue] = [:]
    /// Layers with attached animations waiting for a row in `stack` (laid out at the next frame),
    /// in the order they got their first one or changed (a layer listed here or there has
    /// `listedIn` set to this scene).
    var animatedLayers: [Layer] = []
    /// Animations added since the last commit.
    var uncommitted: [(layer: Layer, entry: AttachedAnimation)] = []
    /// Events waiting to be delivered, in the order they happened.
    var pendingEvents: [AnimationEvent] = []
    /// The boxes of the last few cubic curves view animation blocks used (`sharedCurveBox(for:)`).
    var recentCurveBoxes: [(controlPoints: (Double, Double, Double, Double), box: TimingCurveBox)] = []
    /// Runs work due at an exact time (`schedule(at:_:)`): the engine's timers, when an engine
    /// drives the scene.
    public var timedWorkHost: TimedWorkHost?
    /// Timed work of a scene without a host, run by `advance(to:)`.
    var localTimedWork: [LocalScheduledWork] = []
    /// Events and completions an advance that did not deliver found due (`advance(to:deliveringEvents:)`).
    var heldEvents: [AnimationEvent] = []
    var heldCompletions: [TransactionCompletion] = []
    /// Explicit transactions (innermost last) and the implicit one.
    var transactionStack: [Transaction] = []
    var implicitTransaction: Transaction?
    /// Completion blocks ready to run once their events are out.
    var readyCompletions: [TransactionCompletion] = []
    /// Whether `deliverEvents` is running (a delegate or completion is on the stack).
    var isDeliveringEvents = false
    /// The view animation blocks open on this scene, innermost last (see `ViewAnimationContext`).
    var viewAnimationBlocks: [ViewAnimationBlock] = []
    /// Work for the next frame, after its events: completions of view animations that had nothing
    /// to animate (UIKit runs them on the next turn of the run loop).
    /// Each with the stamp it was registered at: it runs once time has moved past that.
    var nextFrameActions: [(stamp: Int, action: () -> Void)] = []
    /// The first error a layer action raised, until `takeActionFailure()` (Scene+Transactions.swift).
    @usableFromInline var actionFailure: (any Error)?
    /// The emitter layers that joined the scene (`Scene+Emitters.swift`), weakly.
    var emitterLayers: [WeakEmitterLayer] = []

    /// The widest and tallest a scene may be made, in points: the largest image side a renderer
    /// draws at scale 1 (a scene of 5e9 points could be traced but never rendered or previewed).
    public static let maximumSide = 16_384.0

    /// `value` if it is a usable scene width or height: within 1...``maximumSide`` points (a
    /// screen narrower than a point would render as no pixel at all).
    public static func checkedSide(_ value: Double, _ name: String) throws(ArgumentError) -> Double {
        guard value.isFinite, value >= 1, value <= maximumSide else {
            throw ArgumentError(parameter: name, requirement: "must be within 1...\(formatNumber(maximumSide)) points", value: value)
        }
        return value
    }

    public init(rootView: View = View(name: "root")) {
        self.rootView = rootView
        rootView.layer.attach(to: self)
    }

    private static let sequence = Atomic<Int>(0)

    /// How many timelines the scene has made: the number of the next one's key (`timeline#1`).
    private var timelineCount = 0

    /// The number the next timeline of the scene takes for its key: 1, 2, ...
    func nextTimelineNumber() -> Int {
        timelineCount += 1
        return timelineCount
    }

    /// A number that orders additions across the whole process.
    static func nextSequence() -> Int {
        sequence.add(1, ordering: .relaxed).newValue
    }

    /// Lists a layer as animated (idempotent, also when it left and rejoined between frames).
    func listAnimated(_ layer: Layer) {
        guard layer.listedIn !== self else { return }
        layer.listedIn = self
        animatedLayers.append(layer)
    }

    /// Takes a layer's row out of the stack, back to `animatedLayers` to be laid out anew (or out
    /// of the scene's lists, when it has no animation left).
    func forgetRow(of layer: Layer) {
        stack.kill(layer.row)
        layer.row = -1
        if layer.attached.isEmpty {
            layer.listedIn = nil
        } else {
            animatedLayers.append(layer)
        }
    }

    /// Records a new attachment: it belongs to the open transaction until that commits.
    func didAdd(_ entry: AttachedAnimation, to layer: Layer) {
        listAnimated(layer)
        let animation = entry.animation
        // Noted now, while the animation is in cache: the commit need not read it again (the
        // attached copy is the layer's own, and nothing changes its timing before the commit).
        entry.beginsAtCommit = animation.timing.beginTime == .zero
        entry.isTransition = animation is TransitionAnimation
        uncommitted.append((layer, entry))
        entry.completions = currentTransaction?.activeCompletions ?? []
        for completion in entry.completions { completion.retain() }
    }
}

/// A start or stop of an attached animation.
public struct AnimationEvent {
    public enum Kind: Equatable, Sendable {
        case didStart
        case didStop(finished: Bool)
    }

    public let kind: Kind
    /// The attachment the event is about (40 bytes an event: ten thousand views stopping in one
    /// frame queue ten thousand of them).
    let entry: AttachedAnimation
    public let layer: Layer
    /// When it happened, in global time (for ordering; the frame may come later).
    public let time: MediaTime
    /// Its place among events of the same time: the entry's order of addition, or a later one
    /// for the stop that stands for a block's earlier ones (`ViewAnimationCompletion.stopToQueue`).
    let sequence: Int

    init(kind: Kind, entry: AttachedAnimation, layer: Layer, time: MediaTime, sequence: Int? = nil) {
        (self.kind, self.entry, self.layer, self.time) = (kind, entry, layer, time)
        self.sequence = sequence ?? entry.sequence
    }

    /// The animation as attached (the layer's copy).
    public var animation: Animation { entry.animation }
    public var key: String? { entry.key }
}

/// A layer and one of its whole properties, for `Scene.previousValues`.
struct PreviousValueKey: Hashable {
    let layer: ObjectIdentifier
    let property: PropertyPath.Property
}
