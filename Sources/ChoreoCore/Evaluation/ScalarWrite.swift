/// An effect the stack's number kernel evaluates: a basic animation of one number between two
/// numbers — a number a key path reaches directly (`ScalarSlot`), or a numeric transform
/// component (`transform.scale`, `transform.rotation.z`) — or of a point, size, rect or color as
/// two or four such numbers (`position`, `bounds.size`, `bounds`, `backgroundColor`: the rest of
/// them in `rest`; these values interpolate, add and accumulate component by component), or a
/// whole transform between two transforms sampled at the curve's fraction (what `View.animate`
/// makes of a transform change).
///
/// The arithmetic is `InterpolationSampler`'s, number by number, so a layer gives the same bits
/// whichever kernel composes it.
struct ScalarWrite {
    enum Target {
        case slot(ScalarSlot)
        case transform(PropertyPath.Component)
        /// The whole transform between two transforms (the written number is the curve's
        /// fraction, from 0 to 1). The ends only: rows that share a write share its
        /// decomposition, made once by `TransformWrite`.
        indirect case wholeTransform(from: Transform3D, to: Transform3D)
    }

    let target: Target
    let from: Double, to: Double
    /// The other numbers of a point, size, rect or color.
    let rest: [(slot: ScalarSlot, from: Double, to: Double)]
    let isAdditive: Bool, isCumulative: Bool
    let curve: (any TimingCurve)?

    /// The number form of `effect`, or nil when it needs the general kernel (springs, keyframes,
    /// group children, cumulative transforms, custom keys, transitions).
    init?(_ effect: Effect) {
        guard effect.stages.isEmpty, case let .property(path) = effect.target,
              let sampler = effect.sampler.interpolation else { return nil }
        var rest: [(slot: ScalarSlot, from: Double, to: Double)] = []
        switch (sampler.from, sampler.to) {
        case let (.scalar(a), .scalar(b)):
            (from, to) = (a, b)
            if let slot = ScalarSlot(path) {
                target = .slot(slot)
            } else if path.property == .transform {
                target = .transform(path.component)
            } else {
                return nil
            }
        case let (.point(a), .point(b)):
            guard let (x, y) = ScalarSlot.pair(path) else { return nil }
            (from, to, target, rest) = (a.x, b.x, .slot(x), [(y, a.y, b.y)])
        case let (.size(a), .size(b)):
            guard let (width, height) = ScalarSlot.pair(path) else { return nil }
            (from, to, target, rest) = (a.width, b.width, .slot(width), [(height, a.height, b.height)])
        case let (.rect(a), .rect(b)):
            guard let (x, y, width, height) = ScalarSlot.quad(path) else { return nil }
            (from, to, target) = (a.origin.x, b.origin.x, .slot(x))
            rest = [(y, a.origin.y, b.origin.y), (width, a.size.width, b.size.width), (height, a.size.height, b.size.height)]
        case let (.color(a), .color(b)):
            guard let (red, green, blue, alpha) = ScalarSlot.quad(path) else { return nil }
            (from, to, target) = (a.red, b.red, .slot(red))
            rest = [(green, a.green, b.green), (blue, a.blue, b.blue), (alpha, a.alpha, b.alpha)]
        case let (.transform(a), .transform(b)):
            guard path.property == .transform, path.component == .whole, !sampler.isCumulative else { return nil }
            (from, to, target) = (0, 1, .wholeTransform(from: a, to: b))
        default:
            return nil
        }
        self.rest = rest
        isAdditive = effect.isAdditive
        isCumulative = sampler.isCumulative
        curve = sampler.curve
    }

    /// The number between `from` and `to` at the curve's `fraction` (and `iteration`, when
    /// cumulative): `interpolated(to:fraction:)`'s arithmetic (`lerp`), whole cycles added.
    @inline(__always)
    static func value(_ from: Double, _ to: Double, fraction: Double, iteration: Int, isCumulative: Bool) -> Double {
        var value = lerp(from, to, fraction)
        if isCumulative && iteration > 0 { value = value + (to - from) * Double(iteration) }
        return value
    }
}

/// How a row's one transform effect writes the transform, from the number the kernel computed:
/// a component into the parts of the model's transform (with the rows of their rotation, when the
/// component leaves it alone), or the whole transform interpolated, then added to the model's
/// when additive.
///
/// Rows that write the same transform the same way share one (`EffectStack.transformWrite`), and
/// it remembers its last result: ten thousand views scaled alike by one `View.animate`, on two
/// curves, recompose two transforms a frame, as their numbers share two curve solves. A class,
/// so a read computes through it in place instead of copying its half-kilobyte of parts.
final class TransformWrite {
    typealias Rotation = (Transform3D.Vector3, Transform3D.Vector3, Transform3D.Vector3)

    /// What makes two writes the same write.
    struct Key: Hashable {
        var component: PropertyPath.Component
        var from: Transform3D, to: Transform3D
        var isAdditive: Bool
        var model: Transform3D

        /// The key of `target` over `model`; nil for a target that is not the transform.
        init?(_ target: ScalarWrite.Target, isAdditive: Bool, model: Transform3D) {
            switch target {
            case .slot: return nil
            case .transform(let component): (self.component, from, to) = (component, .identity, .identity)
            case let .wholeTransform(a, b): (component, from, to) = (.whole, a, b)
            }
            self.isAdditive = isAdditive
            self.model = model
        }
    }

    /// The component written, or `.whole`.
    private let component: PropertyPath.Component
    private let parts: Transform3D.Decomposed
    private let rotation: Rotation?
    private let interpolation: Transform3D.Interpolation?
    private let isAdditive: Bool
    /// The model's transform the write is over (a change of the model lays the row out anew).
    let model: Transform3D
    /// The last few numbers written (a frame's rows sharing this write may sit on a few curves),
    /// each with its transform and the transform as a value (whose box a read by key path then
    /// shares instead of allocating one); replaced round robin, compared bit for bit.
    ///
    /// The numbers and the values are in memory the write owns, `memoSize` of each, so that the
    /// stack's inline read finds a memoised value through two pointers (`EffectStack.TransformRef`)
    /// without reaching the write itself (a closure call, or a retain and a release, a read).
    let recentValues: UnsafeMutablePointer<Double>
    let recentAnimationValues: UnsafeMutablePointer<AnimationValue>
    private var recentTransforms = [TransformBox](repeating: .identity, count: TransformWrite.memoSize)
    private var nextSlot = 0
    static var memoSize: Int { 4 }

    /// The write of `target` over `model`'s transform.
    init?(_ target: ScalarWrite.Target, isAdditive: Bool, model: Transform3D) {
        switch target {
        case .slot: return nil
        case .transform(let component):
            let parts = LayerProperties.writableParts(of: model)
            let keepsRotation = [.scale, .scaleX, .scaleY, .scaleZ, .scaleXY, .translationX, .translationY, .translationZ]
                .contains(component)
            self.component = component
            self.parts = parts
            rotation = keepsRotation ? parts.quaternion.normalized.rows : nil
            interpolation = nil
        case let .wholeTransform(from, to):
            component = .whole
            parts = Transform3D.Decomposed()
            rotation = nil
            interpolation = Transform3D.Interpolation(from: from, to: to)
        }
        self.isAdditive = isAdditive
        self.model = model
        recentValues = .allocate(capacity: Self.memoSize)
        recentValues.initialize(repeating: .nan, count: Self.memoSize)
        recentAnimationValues = .allocate(capacity: Self.memoSize)
        recentAnimationValues.initialize(repeating: .transform(.identity), count: Self.memoSize)
    }

    deinit {
        recentValues.deinitialize(count: Self.memoSize)
        recentValues.deallocate()
        recentAnimationValues.deinitialize(count: Self.memoSize)
        recentAnimationValues.deallocate()
    }

    /// The presentation's transform, in its box, given this frame's number (the component's
    /// value, or the curve's fraction for a whole transform); nil for NaN: not in effect, the
    /// model's box stands. Rows that read the same number share the box.
    @inline(__always)
    func transformBox(_ value: Double) -> TransformBox? {
        value.isNaN ? nil : recentTransforms[slot(for: value)]
    }

    /// `transformBox(_:model:)`'s transform as an animation value.
    @inline(__always)
    func animationValue(_ value: Double) -> AnimationValue {
        guard !value.isNaN else { return .transform(model) }
        return recentAnimationValues[slot(for: value)]
    }

    /// The memo slot holding `value`'s transform, computed into the next slot if none does.
    @inline(__always)
    private func slot(for value: Double) -> Int {
        for index in 0..<Self.memoSize where recentValues[index].bitPattern == value.bitPattern { return index }
        return memoise(value)
    }

    /// Computes `value`'s transform into the next memo slot (out of line: a read that finds its
    /// number memoised stays small).
    @inline(never)
    private func memoise(_ value: Double) -> Int {
        let index = nextSlot
        nextSlot = (nextSlot + 1) % Self.memoSize
        let transform = compute(value)
        (recentValues[index], recentTransforms[index], recentAnimationValues[index]) =
            (value, TransformBox.holding(transform), .transform(transform))
        return index
    }

    private func compute(_ value: Double) -> Transform3D {
        if component == .whole {
            guard let transform = interpolation?.value(at: value) else { return model }
            return isAdditive ? model + transform : transform
        }
        var parts = parts
        guard LayerProperties.setScalarComponent(component, of: &parts, to: value) else { return model }
        return rotation.map { Transform3D(parts, rotation: $0) } ?? Transform3D(parts)
    }
}
