/// An animation through a sequence of values, or along a path (CAKeyframeAnimation).
///
/// `values` (or `path`, which overrides them for point properties), `keyTimes` as fractions of
/// the duration, one timing function per segment, and a calculation mode (linear, discrete,
/// paced, cubic, cubicPaced, with tension/continuity/bias for the cubic modes). The
/// animation-level `timingFunction` applies first, then the segment's (Apple's order). With a
/// path, `rotationMode` turns the layer along the path's tangent. The rules for each are in
/// `KeyframeSampler`; invalid arrays are errors when the animation is added.
///
///     let bounce = KeyframeAnimation(keyPath: "position.y")
///     bounce.values = [.scalar(0), .scalar(100), .scalar(60), .scalar(100)]
///     bounce.keyTimes = [0, 0.5, 0.75, 1]
///     bounce.calculationMode = .cubic
public final class KeyframeAnimation: PropertyAnimation {
    public var values: [AnimationValue] = []
    public var path: BezierPath?
    public var keyTimes: [Double]?
    public var timingFunctions: [any TimingCurve]?
    public var calculationMode = CalculationMode.linear
    public var tensionValues: [Double]?
    public var continuityValues: [Double]?
    public var biasValues: [Double]?
    public var rotationMode: RotationMode?

    /// The sampler built when the animation is added.
    private var sampler: KeyframeSampler?

    override func makeEmptyCopy() -> Animation { KeyframeAnimation(keyPath: keyPath) }

    override func copyProperties(from other: Animation) {
        super.copyProperties(from: other)
        guard let other = other as? KeyframeAnimation else { return }
        values = other.values
        path = other.path
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        tensionValues = other.tensionValues
        continuityValues = other.continuityValues
        biasValues = other.biasValues
        rotationMode = other.rotationMode
        sampler = other.sampler
    }

    override func prepare(presentation: @autoclosure () -> LayerProperties, layer: Layer, defaultDuration: MediaDuration) throws(ArgumentError) {
        try super.prepare(presentation: presentation(), layer: layer, defaultDuration: defaultDuration)
        let curves = timingFunctions?.map { AnyTimingCurve($0) }
        if let path {
            guard propertyPath.valueKind == .point else {
                throw ArgumentError(
                    parameter: "path", requirement: "animates points only, not key path \"\(keyPath)\"",
                    value: "a \(propertyPath.valueKind.rawValue) property")
            }
            sampler = try KeyframeSampler(
                path: path, keyTimes: keyTimes, timingFunctions: curves, calculationMode: calculationMode,
                rotationMode: rotationMode)
        } else {
            guard !values.isEmpty else {
                throw ArgumentError(parameter: "values", requirement: "must hold at least one value (or give a path)", value: "none")
            }
            for (index, value) in values.enumerated() { try checkKind(value.kind, "values[\(index + 1)]") }
            sampler = try KeyframeSampler(
                values: values, keyTimes: keyTimes, timingFunctions: curves, calculationMode: calculationMode,
                tensionValues: tensionValues, continuityValues: continuityValues, biasValues: biasValues)
        }
    }

    /// The values (or path), then, with a `rotationMode`, the turn along the path's tangent.
    override func lower(into effects: inout [Effect], stages: [GroupStage]) {
        guard let sampler else { return }
        let duration = timing.duration.seconds
        effects.append(Effect(
            target: .property(propertyPath), isAdditive: isAdditive, stages: stages,
            sampler: KeyframeTableSampler(table: sampler, curve: timingFunction, isCumulative: isCumulative, duration: duration)))
        if sampler.rotationMode != nil {
            effects.append(Effect(
                target: .rotationAlongPath, stages: stages,
                sampler: PathRotationSampler(table: sampler, curve: timingFunction, duration: duration)))
        }
    }
}
