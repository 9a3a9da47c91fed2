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
/// | – | – | – | presentation → model (the implicit-animation case) |
///
/// All three set is an error (Apple: "no more than two"; its behaviour is unconfirmed).
public class BasicAnimation: PropertyAnimation {
    public var fromValue: AnimationValue?
    public var toValue: AnimationValue?
    public var byValue: AnimationValue?

    /// The resolved ends (set when the animation is added).
    var start = AnimationValue.scalar(0)
    var end = AnimationValue.scalar(0)

    override func makeEmptyCopy() -> Animation { BasicAnimation(keyPath: keyPath) }

    override func copyProperties(from other: Animation) {
        super.copyProperties(from: other)
        guard let other = other as? BasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
        start = other.start
        end = other.end
    }

    override func prepare(presentation: @autoclosure () -> LayerProperties, layer: Layer, defaultDuration: MediaDuration) throws(ArgumentError) {
        try super.prepare(presentation: presentation(), layer: layer, defaultDuration: defaultDuration)
        try checkKind(fromValue, "fromValue")
        try checkKind(toValue, "toValue")
        try checkKind(byValue, "byValue")
        // Read only when an end is missing: a presentation composes every attached animation, so
        // reading it for each added one made adding n animations to a layer O(n²).
        func current() -> AnimationValue { presentation().value(at: propertyPath) }
        switch (fromValue, toValue, byValue) {
        case (.some, .some, .some):
            throw ArgumentError(
                parameter: "fromValue, toValue, byValue", requirement: "may not all be set (at most two)",
                value: "all three")
        case let (from?, to?, nil): (start, end) = (from, to)
        case let (from?, nil, by?): (start, end) = (from, from + by)
        case let (nil, to?, by?): (start, end) = (to - by, to)
        case let (from?, nil, nil): (start, end) = (from, current())
        case let (nil, to?, nil): (start, end) = (current(), to)
        case let (nil, nil, by?):
            let now = current()
            (start, end) = (now, now + by)
        case (nil, nil, nil): (start, end) = (current(), layer.model.value(at: propertyPath))
        }
    }

    override func lower(into effects: inout [Effect], stages: [GroupStage]) {
        effects.append(Effect(
            target: .property(propertyPath), isAdditive: isAdditive, stages: stages,
            sampler: InterpolationSampler(from: start, to: end, curve: timingFunction, isCumulative: isCumulative,
                                          duration: timing.duration.seconds)))
    }
}
