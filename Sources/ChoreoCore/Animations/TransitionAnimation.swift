/// A transition between two states of a layer's subtree (CATransition, and UIKit's transition
/// styles).
///
/// Core Animation draws transitions from snapshots: the layer's subtree as it was when the
/// transition was added (`before`) and as it is once the transaction commits (`after`). The
/// presentation of a layer with a running transition is the transition's type, subtype, progress
/// and both snapshots (`TransitionPresentation`), ready for a renderer. Add the transition, then
/// change the layer in the same transaction, as CATransition users do.
///
///     let push = TransitionAnimation(type: .push, subtype: .fromLeft)
///     try container.add(push, forKey: nil)     // the key defaults to "transition"
///     container.addSublayer(banner)
public final class TransitionAnimation: Animation {
    public enum Kind: String, CaseIterable, Sendable {
        case fade, moveIn, push, reveal
        case flipFromLeft, flipFromRight, flipFromTop, flipFromBottom, curlUp, curlDown, crossDissolve
    }

    public enum Subtype: String, CaseIterable, Sendable {
        case fromLeft, fromRight, fromTop, fromBottom
    }

    public var type: Kind
    public var subtype: Subtype?
    /// Where in the transition to start and end, fractions 0...1 with end ≥ start.
    public var startProgress = 0.0
    public var endProgress = 1.0

    /// The subtree before and after the change (taken when added, and at commit).
    var before: LayerSnapshot?
    var after: LayerSnapshot?

    public init(type: Kind = .fade, subtype: Subtype? = nil) {
        self.type = type
        self.subtype = subtype
    }

    override func makeEmptyCopy() -> Animation { TransitionAnimation(type: type, subtype: subtype) }

    override func copyProperties(from other: Animation) {
        super.copyProperties(from: other)
        guard let other = other as? TransitionAnimation else { return }
        type = other.type
        subtype = other.subtype
        startProgress = other.startProgress
        endProgress = other.endProgress
        before = other.before
        after = other.after
    }

    override func prepare(presentation: @autoclosure () -> LayerProperties, layer: Layer, defaultDuration: MediaDuration) throws(ArgumentError) {
        try super.prepare(presentation: presentation(), layer: layer, defaultDuration: defaultDuration)
        _ = try requireInRange(startProgress, 0...1, "startProgress")
        _ = try requireInRange(endProgress, 0...1, "endProgress")
        guard endProgress >= startProgress else {
            throw ArgumentError(
                parameter: "endProgress", requirement: "must be ≥ startProgress (\(formatNumber(startProgress)))",
                value: endProgress)
        }
        before = layer.snapshot()
    }

    override func lower(into effects: inout [Effect], stages: [GroupStage]) {
        effects.append(Effect(
            target: .transition(self), stages: stages,
            sampler: TransitionSampler(startProgress: startProgress, endProgress: endProgress, curve: timingFunction,
                                       duration: timing.duration.seconds)))
    }
}

/// A transition as a renderer sees it at one instant.
public struct TransitionPresentation: Sendable {
    public var type: TransitionAnimation.Kind
    public var subtype: TransitionAnimation.Subtype?
    /// 0 shows `before`, 1 shows `after`.
    public var progress: Double
    public var before: LayerSnapshot
    /// The state after the change; nil until the transaction that added the transition commits.
    public var after: LayerSnapshot?
}
