/// A node of the scene (CALayer): model properties, content, children, its own timing, and the
/// animations attached to it by key.
///
/// The model is the truth a script sets; the presentation is computed from the model and the
/// animations at the scene's current time, never stored as truth (DESIGN §2).
///
///     let box = Layer()
///     try box.setValue(.scalar(0.5), forKeyPath: "opacity")
///     let fade = BasicAnimation(keyPath: "opacity")
///     fade.fromValue = .scalar(0); fade.timing.duration = 1
///     try box.add(fade, forKey: "fade")
///     box.presentation.opacity        // 0 at the start, 0.5 once it ends
///
/// A layer that is not owned by a view animates its property changes implicitly when it is part
/// of a committed scene (Core Animation's default actions); a view's layer does not, except
/// inside view animation blocks.
public final class Layer {
    // What a presentation read touches first comes first: `scene` and `row` share the object's
    // first cache line with its reference count, which the read's retain has just fetched.

    /// The scene the layer belongs to, if it is in one. Neither retained nor weak, so the frame
    /// loop reads it without reference counting. Safe because every layer that names a scene is
    /// in that scene's tree, which the scene owns: a layer leaving the tree is detached
    /// (`attach(to: nil)`), and a scene that goes away detaches its whole tree first
    /// (`Scene.deinit`).
    public internal(set) var scene: Scene? {
        get { sceneHandle?.takeUnretainedValue() }
        set { sceneHandle = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// `scene`'s storage: reached through it without a retain (`_withUnsafeGuaranteedRef`), where
    /// a read of `scene` retains the scene for as long as it is used.
    @usableFromInline var sceneHandle: Unmanaged<Scene>?

    /// `scene?.takeActionFailure()`, with the scene reached unretained (a binding asks twice for
    /// every property a script sets).
    @inlinable
    public func takeSceneActionFailure() -> (any Error)? {
        guard let sceneHandle else { return nil }
        return sceneHandle._withUnsafeGuaranteedRef { $0.takeActionFailure() }
    }

    /// The layer's row in its scene's `EffectStack`, or −1 until the next frame or read lays it out.
    @usableFromInline var row = -1
    /// The scene's `EffectStack` (`scene.stack`), held as `scene` is: reads go to it without
    /// touching the scene, whose retains take the slow path (scripts hold scenes weakly), and
    /// without retaining it (`Unmanaged`: valid for as long as `scene` is).
    @usableFromInline var stackHandle: Unmanaged<EffectStack>?
    var stack: EffectStack? { stackHandle?.takeUnretainedValue() }
    /// A name for traces, tests and error messages.
    public var name: String?
    /// The model values.
    public internal(set) var model = LayerProperties()
    /// The layer's own timing space: `beginTime`, `speed`, `timeOffset` (the rest is unused;
    /// layers are unbounded). Speed 0 freezes the layer and its subtree.
    public var timing: MediaTiming {
        get { timingStorage?.value ?? MediaTiming() }
        set {
            timingStorage = newValue == MediaTiming() ? nil : TimingStorage(newValue)
            invalidatePresentation(subtree: true)
        }
    }
    /// `timing`, out of line: most layers keep the default, and 56 bytes inline in each of them
    /// was a tenth of a layer.
    private var timingStorage: TimingStorage?
    private final class TimingStorage {
        let value: MediaTiming
        init(_ value: MediaTiming) { self.value = value }
    }
    public var isHidden = false
    /// Whether sublayers are clipped to the bounds (UIView's clipsToBounds).
    public var masksToBounds = false
    /// How many keys of its own the runtime has given animations on this layer: a view
    /// animation block's (`position#1`), an animator's (`position#animator2`), a motion
    /// animator's (`cornerRadius#motion3`). Counted per layer, so that a layer's keys do not
    /// depend on what else the process ran (scene tests run side by side in one process, and
    /// the process-wide sequence gave each run other numbers). 32 bits, beside the two flags:
    /// in their padding, the layer stays 504 bytes (an `Int` made it 520, past malloc's 512).
    private var runtimeKeyCount: UInt32 = 0
    public var content = LayerContent.none
    /// What the layer (and its view) is charged against a script's memory limit, if a script
    /// made it (`HostMemoryAccount`).
    public var memoryCharge: HostMemoryCharge?
    /// The attached animations' share of `memoryCharge` (`AttachedAnimation.chargedToLayer`):
    /// the copies `add(_:forKey:)` makes are counted in their layer's charge rather than each
    /// keeping a charge object of its own.
    var attachedChargeBytes = 0
    /// Actions, style, action delegate and mask, for the few layers that have any (one
    /// reference, made on first use: `LayerExtras`).
    var extras: LayerExtras?

    /// The layer this one is a sublayer of. Not weak, for the reason `view` is not (a weak
    /// reference gives every parent a side table, and each retain of it the slow path): the
    /// parent holds this layer, and clears this when it lets it go or goes itself (`deinit`).
    public internal(set) unowned(unsafe) var superlayer: Layer?
    public internal(set) var sublayers: [Layer] = []
    /// The view that owns this layer, if any. Not weak: a weak reference gives every view a
    /// side table, which makes each retain of a view take the slow path; the view clears it when
    /// it goes (`View.deinit`), and while the layer is in a tree it holds the view.
    public internal(set) var view: View? {
        get { viewHandle?.takeUnretainedValue() }
        set { viewHandle = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// `view`'s storage: whether there is one is asked without retaining it (`hasView`).
    private var viewHandle: Unmanaged<View>?
    /// Whether a view owns the layer (`view != nil`, with no retain of the view).
    var hasView: Bool { viewHandle != nil }
    /// The view, held strongly while the layer is in a tree, so that the tree keeps its views
    /// alive without a permanent view ⇄ layer cycle.
    var viewRetainedByTree: View?
    /// Attached animations in the order they were added (the order they compose in). Changed
    /// only through `appendAttached` and `removeAttached(at:)`, which keep `attachedKeyCounts`.
    var attached: [AttachedAnimation] = []
    /// How many attached animations hold each key, once there are more than
    /// `keyIndexThreshold` of them, so that adding under a new key need not scan `attached`
    /// (which made adding n keyed animations O(n²)); nil below, where the scan is cheaper than a
    /// dictionary's memory (most layers hold a few animations).
    var attachedKeyCounts: [String: Int]?
    /// How many attached animations do not add to what is below them (`Animation.isAdditiveAttachment`):
    /// with none, a view animation block's change starts from the model value at once.
    var nonAdditiveCount = 0
    static var keyIndexThreshold: Int { 16 }

    /// The number the next key the runtime gives an animation on this layer ends with: 1, 2, ...
    /// (`runtimeKeyCount`; after 2³² keys it starts again at 0, long after the first are gone).
    func nextRuntimeKeyNumber() -> Int {
        runtimeKeyCount &+= 1
        return Int(runtimeKeyCount)
    }
    /// The scene whose list of animated layers (or effect stack) holds this layer, if any. Not weak, for
    /// the reason `scene` is not: a weak reference gives the scene a side table, and every retain
    /// of the scene (once per presentation read) the slow path. The scene clears it when it goes.
    unowned(unsafe) var listedIn: Scene?
    /// The scene commit after which this layer counts as committed (implicit actions need that).
    var attachedAtCommit = Int.max
    /// `timeMapping`, until timing or the tree changes.
    var cachedTimeMapping: TimeMapping?
    /// The global time before which no attached animation starts or stops, so the frame loop
    /// need not look (−∞: look at the next frame).
    var nextEventCheck = MediaTime(-Double.infinity)

    /// How many animations one layer may hold: 10,000. Each frame and each addition composes the
    /// attached animations, so an unbounded pile makes every frame (and a view animation block's
    /// additive bookkeeping, O(n) per change) unboundedly slow.
    public static let maximumAnimationCount = 10_000

    public init(name: String? = nil) {
        self.name = name
    }

    deinit {
        // The sublayers that outlive this layer lose it as an ancestor, and are no longer in a
        // tree that holds their views: without this a view and its layer kept each other alive
        // (`viewRetainedByTree`) once the tree above them went, and every view of a dropped
        // scene leaked.
        for child in sublayers {
            child.superlayer = nil
            child.invalidatePresentation(subtree: true)
            child.viewRetainedByTree = nil
        }
        extras?.mask?.extras?.maskOwner = nil
    }
}

/// An animation attached to a layer: the layer's own copy, which is its own attachment. Its
/// state as an attachment (key, order, lifecycle, charge) lives in the animation object
/// (`Animation`'s attachment fields): one object an attached animation, not two (an attachment
/// object apiece was an allocation, a reference to follow and a retain for every animation a
/// view block adds).
typealias AttachedAnimation = Animation

extension Animation {
    /// The attached animation itself (what an attachment's `animation` was).
    var animation: Animation {
        @inline(__always) get { self }
    }

    /// Makes this copy an attachment under `key`, `sequence`-th in the order of addition.
    func attachment(key: String?, sequence: Int) -> AttachedAnimation {
        self.key = key
        self.sequence = sequence
        isAdditiveAttachment = addsToWhatIsBelow
        return self
    }
}
