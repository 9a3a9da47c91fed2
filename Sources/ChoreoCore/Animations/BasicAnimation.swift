/// An animation between two values of one property (CABasicAnimation).
///
/// At most two of `fromValue`, `toValue` and `byValue` are set; the pair interpolated is the
/// reference's table (§4.4), a missing end taken from the layer's presentation value when the
/// animation is added:
///
/// | from | to | by | interpolates |
/// |---|---|---|---|
/// | ● | ● | – | from → to |
/// | ● | – | ● | from → from + by |
/// | – | ● | ● | to − by → to |
/// | ● | – | – | from → presentation |
/// | – | ● | – | presentation → to |
/// | – | – | ● | presentation → presentation + by |
/// | – | – | – | the presentation before this transaction's model change → model (the set-then-add idiom; the implicit-animation case) |
///
/// All three set is an error (Apple: "no more than two"; its behaviour is unconfirmed).
public class BasicAnimation: PropertyAnimation {
    public var fromValue: AnimationValue?
    public var toValue: AnimationValue?
    /// Kept in `rare` with the resolved ends: few animations give a `byValue`.
    public var byValue: AnimationValue? {
        get { rare?.by }
        set { rare = Rare.make(by: newValue, ends: rare?.ends) }
    }

    /// The resolved ends (set when the animation is added).
    var start: AnimationValue {
        get { rare?.ends?.start ?? fromValue ?? .scalar(0) }
        set { setEnds(newValue, end) }
    }
    var end: AnimationValue {
        get { rare?.ends?.end ?? toValue ?? .scalar(0) }
        set { setEnds(start, newValue) }
    }

    /// `byValue`, and the resolved ends when they are not `fromValue` and `toValue` themselves:
    /// most animations give both ends (every `View.animate` change does) and no `byValue`, and
    /// then keep neither (an animation is 40 bytes smaller than with `byValue` inline; ten
    /// thousand animated views have twenty thousand of them). Immutable: copies share it.
    private var rare: Rare?

    private final class Rare {
        let by: AnimationValue?
        let ends: (start: AnimationValue, end: AnimationValue)?

        /// nil when there is nothing to keep.
        static func make(by: AnimationValue?, ends: (start: AnimationValue, end: AnimationValue)?) -> Rare? {
            by == nil && ends == nil ? nil : Rare(by: by, ends: ends)
        }

        private init(by: AnimationValue?, ends: (start: AnimationValue, end: AnimationValue)?) {
            (self.by, self.ends) = (by, ends)
        }
    }

    private func setEnds(_ start: AnimationValue, _ end: AnimationValue) {
        rare = Rare.make(by: byValue, ends: start == fromValue && end == toValue ? nil : (start, end))
    }

    override func makeEmptyCopy() -> Animation { BasicAnimation(keyPath: keyPath) }

    override func copyProperties(from other: Animation) {
        super.copyProperties(from: other)
        guard let other = other as? BasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        rare = other.rare
    }

    override func prepare(presentation: @autoclosure () -> LayerProperties, layer: Layer, defaultDuration: MediaDuration) throws(ArgumentError) {
        try super.prepare(presentation: presentation(), layer: layer, defaultDuration: defaultDuration)
        // The kinds are read in place: no end is copied out until one is missing.
        let (fromKind, toKind) = (fromValue?.kind, toValue?.kind)
        try checkKind(fromKind, "fromValue")
        try checkKind(toKind, "toValue")
        // Read only when an end is missing: a presentation composes every attached animation, so
        // reading it for each added one made adding n animations to a layer O(n²).
        func current() -> AnimationValue { presentation().value(at: propertyPath) }
        if fromKind != nil, toKind != nil {
            // The common case (every view animation block's change): both ends given, so nothing
            // is resolved and nothing kept.
            if let kind = rare?.by?.kind {
                try checkKind(kind, "byValue")  // a wrong kind is named first, as for any end
                throw ArgumentError(
                    parameter: "fromValue, toValue, byValue", requirement: "may not all be set (at most two)",
                    value: "all three")
            }
            rare = nil
            return
        }
        try checkKind(byValue?.kind, "byValue")
        let (from, to) = (fromValue, toValue)  // each end read once (a read copies it out)
        switch (from, to, byValue) {
        case (.some, .some, _): return  // decided above
        case let (from?, nil, by?): setEnds(from, from + by)
        case let (nil, to?, by?): setEnds(to - by, to)
        case let (from?, nil, nil): setEnds(from, current())
        case let (nil, to?, nil): setEnds(current(), to)
        case let (nil, nil, by?):
            let now = current()
            setEnds(now, now + by)
        case (nil, nil, nil):
            // "The previous value of keyPath in the presentation layer and the current value": a
            // model set in this transaction (the set-then-add idiom) animates from what was shown.
            setEnds(layer.previousPresentationValue(at: propertyPath) ?? current(), layer.modelValue(at: propertyPath))
        }
    }

    override func lower(into effects: inout [Effect], stages: [GroupStage]) {
        effects.append(Effect(
            target: .property(propertyPath), isAdditive: isAdditive, stages: stages,
            sampler: InterpolationSampler(from: start, to: end, curve: timingFunction, isCumulative: isCumulative,
                                          duration: timing.duration.seconds)))
    }
}
