import Foundation
import ChoreoCore

/// The reference evaluator's values: plain numbers, written from the semantics, not from
/// Choreo's value types (which appear only at the boundary, in `choreo` and `init(_:)`).
///
/// Transforms are restricted to one family, so that their decomposition is obvious: a uniform
/// scale `s` in x and y (`sz` in z), then a rotation by `angle` about z, then a translation —
/// in Core Animation's row-vector convention (a point p maps to p·M), the matrix
///
///     ⎡  s·cos   s·sin   0   0 ⎤
///     ⎢ −s·sin   s·cos   0   0 ⎥
///     ⎢    0       0    sz   0 ⎥
///     ⎣   tx      ty    tz   1 ⎦
///
/// The family is closed under concatenation and under interpolation of its parts, and its CSS
/// "unmatrix" decomposition (which Choreo documents for transforms) has no skew or perspective:
/// scale (s, s, sz), rotation z = atan2(m12, m11), translation (m41, m42, m43).
struct RMatrix: Equatable, Sendable, CustomStringConvertible {
    var m: [Double]  // row-major m11 … m44

    static let identity = RMatrix(scale: 1, scaleZ: 1, angle: 0, tx: 0, ty: 0, tz: 0)

    init(m: [Double]) { self.m = m }

    init(scale s: Double, scaleZ sz: Double, angle: Double, tx: Double, ty: Double, tz: Double) {
        let c = cos(angle), n = sin(angle)
        m = [s * c, s * n, 0, 0, -s * n, s * c, 0, 0, 0, 0, sz, 0, tx, ty, tz, 1]
    }

    var scale: Double { (m[0] * m[0] + m[1] * m[1]).squareRoot() }
    var scaleZ: Double { m[10] }
    var angle: Double { atan2(m[1], m[0]) }
    var tx: Double { m[12] }
    var ty: Double { m[13] }
    var tz: Double { m[14] }

    /// `self` applied first, then `other`: the matrix product self·other (CATransform3DConcat).
    func concatenating(_ other: RMatrix) -> RMatrix {
        var r = [Double](repeating: 0, count: 16)
        for i in 0..<4 {
            for j in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += m[i * 4 + k] * other.m[k * 4 + j] }
                r[i * 4 + j] = sum
            }
        }
        return RMatrix(m: r)
    }

    /// The inverse, through the parts: scale 1/s and 1/sz, angle −angle, and the translation
    /// carried back through them, −t·(s·R)⁻¹.
    var inverted: RMatrix {
        let c = cos(-angle) / scale, n = sin(-angle) / scale
        return RMatrix(scale: 1 / scale, scaleZ: 1 / scaleZ, angle: -angle,
                       tx: -(tx * c - ty * n), ty: -(tx * n + ty * c), tz: -tz / scaleZ)
    }

    /// The same matrix with some parts replaced (what writing a component key path does).
    func with(scale: Double? = nil, scaleZ: Double? = nil, angle: Double? = nil,
              tx: Double? = nil, ty: Double? = nil) -> RMatrix {
        RMatrix(scale: scale ?? self.scale, scaleZ: scaleZ ?? self.scaleZ, angle: angle ?? self.angle,
                tx: tx ?? self.tx, ty: ty ?? self.ty, tz: tz)
    }

    /// Interpolation by decomposition (README: "transforms interpolated by decomposition"; the
    /// doc comment of Choreo's decomposition: parts linearly, the rotation by quaternion slerp
    /// along the shorter arc, extrapolating outside 0...1). For rotations about z alone, slerp
    /// along the shorter arc turns by the angle difference wrapped into (−π, π], linearly.
    func interpolated(to other: RMatrix, fraction f: Double) -> RMatrix {
        var turn = other.angle - angle
        if turn > .pi { turn -= 2 * .pi }
        if turn <= -.pi { turn += 2 * .pi }
        return RMatrix(
            scale: lerp(scale, other.scale, f), scaleZ: lerp(scaleZ, other.scaleZ, f), angle: angle + f * turn,
            tx: lerp(tx, other.tx, f), ty: lerp(ty, other.ty, f), tz: lerp(tz, other.tz, f))
    }

    var description: String {
        "T(s \(fmt(scale)), sz \(fmt(scaleZ)), angle \(fmt(angle)), t (\(fmt(tx)), \(fmt(ty)), \(fmt(tz))))"
    }
}

func lerp(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }

func fmt(_ x: Double) -> String { String(format: "%.6g", x) }

/// A value of one of the animatable kinds.
enum RValue: Equatable, Sendable, CustomStringConvertible {
    case number(Double)
    case point(Double, Double)
    case size(Double, Double)
    case rect(Double, Double, Double, Double)
    case color(Double, Double, Double, Double)
    case transform(RMatrix)

    /// The numbers of a component-wise kind, in order (a transform gives its 16 entries).
    var numbers: [Double] {
        switch self {
        case let .number(a): [a]
        case let .point(a, b), let .size(a, b): [a, b]
        case let .rect(a, b, c, d), let .color(a, b, c, d): [a, b, c, d]
        case let .transform(t): t.m
        }
    }

    /// The same kind with other numbers.
    func with(_ n: [Double]) -> RValue {
        switch self {
        case .number: .number(n[0])
        case .point: .point(n[0], n[1])
        case .size: .size(n[0], n[1])
        case .rect: .rect(n[0], n[1], n[2], n[3])
        case .color: .color(n[0], n[1], n[2], n[3])
        case .transform: .transform(RMatrix(m: n))
        }
    }

    /// Straight interpolation, component by component (colors in non-premultiplied RGBA, as
    /// Choreo's Color documents), transforms by decomposition; extrapolates outside 0...1.
    func interpolated(to other: RValue, fraction f: Double) -> RValue {
        if case let (.transform(a), .transform(b)) = (self, other) { return .transform(a.interpolated(to: b, fraction: f)) }
        return with(zip(numbers, other.numbers).map { lerp($0, $1, f) })
    }

    /// Additive composition: component-wise sums; for transforms `self` first, then `other`
    /// (Core Animation's concatenation, §4.3 "transforms are concatenated").
    func plus(_ other: RValue) -> RValue {
        if case let (.transform(a), .transform(b)) = (self, other) { return .transform(a.concatenating(b)) }
        return with(zip(numbers, other.numbers).map { $0 + $1 })
    }

    /// Component-wise difference (never asked of transforms: the generator avoids it).
    func minus(_ other: RValue) -> RValue { with(zip(numbers, other.numbers).map { $0 - $1 }) }

    /// Component-wise multiple (cumulative repeats; never asked of transforms).
    func times(_ k: Double) -> RValue { with(numbers.map { $0 * k }) }

    /// The distance paced keyframes travel at constant speed: Euclidean over the components.
    func distance(to other: RValue) -> Double {
        zip(numbers, other.numbers).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }

    var isTransform: Bool { if case .transform = self { true } else { false } }

    var description: String {
        switch self {
        case let .transform(t): t.description
        default: "(" + numbers.map(fmt).joined(separator: ", ") + ")"
        }
    }

    /// The value as Choreo's API takes it.
    var choreo: AnimationValue {
        switch self {
        case let .number(a): .scalar(a)
        case let .point(x, y): .point(Point(x: x, y: y))
        case let .size(w, h): .size(Size(width: w, height: h))
        case let .rect(x, y, w, h): .rect(Rect(x: x, y: y, width: w, height: h))
        case let .color(r, g, b, a): .color(Color(red: r, green: g, blue: b, alpha: a))
        case let .transform(t):
            .transform(Transform3D(
                m11: t.m[0], m12: t.m[1], m13: t.m[2], m14: t.m[3], m21: t.m[4], m22: t.m[5], m23: t.m[6], m24: t.m[7],
                m31: t.m[8], m32: t.m[9], m33: t.m[10], m34: t.m[11], m41: t.m[12], m42: t.m[13], m43: t.m[14], m44: t.m[15]))
        }
    }
}

/// A key path taken apart: the whole property and the component inside it (nil for the whole).
struct RKeyPath: Equatable, CustomStringConvertible {
    let property: String
    let component: String?

    init(_ keyPath: String) {
        if let dot = keyPath.firstIndex(of: ".") {
            property = String(keyPath[..<dot])
            component = String(keyPath[keyPath.index(after: dot)...])
        } else {
            property = keyPath
            component = nil
        }
    }

    var description: String { component.map { "\(property).\($0)" } ?? property }

    /// The component's value inside a whole value. Transform components read the decomposition:
    /// `transform.scale` is the average of the three scale factors (README choices table).
    func read(_ whole: RValue) -> RValue {
        guard let component else { return whole }
        switch (whole, component) {
        case let (.point(x, _), "x"), let (.size(x, _), "width"): return .number(x)
        case let (.point(_, y), "y"), let (.size(_, y), "height"): return .number(y)
        case let (.rect(x, y, _, _), "origin"): return .point(x, y)
        case let (.rect(_, _, w, h), "size"): return .size(w, h)
        case let (.rect(x, _, _, _), "origin.x"): return .number(x)
        case let (.rect(_, y, _, _), "origin.y"): return .number(y)
        case let (.rect(_, _, w, _), "size.width"): return .number(w)
        case let (.rect(_, _, _, h), "size.height"): return .number(h)
        case let (.transform(t), "rotation.z"), let (.transform(t), "rotation"): return .number(t.angle)
        case let (.transform(t), "scale"): return .number((t.scale + t.scale + t.scaleZ) / 3)
        case let (.transform(t), "translation"): return .size(t.tx, t.ty)
        case let (.transform(t), "translation.x"): return .number(t.tx)
        case let (.transform(t), "translation.y"): return .number(t.ty)
        default: fatalError("reference: no component \(component) in \(whole)")
        }
    }

    /// The whole value with the component replaced. A transform component replaces that part of
    /// the decomposition and recomposes; `transform.scale` sets all three scale factors (README).
    func write(_ value: RValue, into whole: RValue) -> RValue {
        guard let component else { return value }
        let v = value.numbers
        switch (whole, component) {
        case let (.point(_, y), "x"): return .point(v[0], y)
        case let (.point(x, _), "y"): return .point(x, v[0])
        case let (.size(_, h), "width"): return .size(v[0], h)
        case let (.size(w, _), "height"): return .size(w, v[0])
        case let (.rect(_, _, w, h), "origin"): return .rect(v[0], v[1], w, h)
        case let (.rect(x, y, _, _), "size"): return .rect(x, y, v[0], v[1])
        case let (.rect(_, y, w, h), "origin.x"): return .rect(v[0], y, w, h)
        case let (.rect(x, _, w, h), "origin.y"): return .rect(x, v[0], w, h)
        case let (.rect(x, y, _, h), "size.width"): return .rect(x, y, v[0], h)
        case let (.rect(x, y, w, _), "size.height"): return .rect(x, y, w, v[0])
        case let (.transform(t), "rotation.z"), let (.transform(t), "rotation"): return .transform(t.with(angle: v[0]))
        case let (.transform(t), "scale"): return .transform(t.with(scale: v[0], scaleZ: v[0]))
        case let (.transform(t), "translation"): return .transform(t.with(tx: v[0], ty: v[1]))
        case let (.transform(t), "translation.x"): return .transform(t.with(tx: v[0]))
        case let (.transform(t), "translation.y"): return .transform(t.with(ty: v[0]))
        default: fatalError("reference: no component \(component) in \(whole)")
        }
    }
}

/// The animatable layer properties with CALayer's documented defaults (A/quartzcore/calayer:
/// anchorPoint (0.5, 0.5), opacity 1, opaque black border and shadow colors, shadowOffset
/// (0, −3), shadowRadius 3, strokeEnd 1; the rest zero, clear or identity), and how to read each
/// from a Choreo presentation. "progress" is a custom numeric property the scenes set.
enum RProperties {
    static let all: [(name: String, initial: RValue, read: @Sendable (LayerProperties) -> RValue)] = [
        ("position", .point(0, 0), { .point($0.position.x, $0.position.y) }),
        ("bounds", .rect(0, 0, 0, 0), { .rect($0.bounds.origin.x, $0.bounds.origin.y, $0.bounds.size.width, $0.bounds.size.height) }),
        ("anchorPoint", .point(0.5, 0.5), { .point($0.anchorPoint.x, $0.anchorPoint.y) }),
        ("opacity", .number(1), { .number($0.opacity) }),
        ("backgroundColor", .color(0, 0, 0, 0), { color($0.backgroundColor) }),
        ("borderWidth", .number(0), { .number($0.borderWidth) }),
        ("borderColor", .color(0, 0, 0, 1), { color($0.borderColor) }),
        ("cornerRadius", .number(0), { .number($0.cornerRadius) }),
        ("transform", .transform(.identity), { p in
            let t = p.transform
            return .transform(RMatrix(m: [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                                          t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]))
        }),
        ("zPosition", .number(0), { .number($0.zPosition) }),
        ("shadowColor", .color(0, 0, 0, 1), { color($0.shadowColor) }),
        ("shadowOffset", .size(0, -3), { .size($0.shadowOffset.width, $0.shadowOffset.height) }),
        ("shadowOpacity", .number(0), { .number($0.shadowOpacity) }),
        ("shadowRadius", .number(3), { .number($0.shadowRadius) }),
        ("strokeStart", .number(0), { .number($0.strokeStart) }),
        ("strokeEnd", .number(1), { .number($0.strokeEnd) }),
        ("blurRadius", .number(0), { .number($0.blurRadius) }),
        ("progress", .number(0), { .number($0.custom["progress"] ?? .nan) }),
    ]

    private static func color(_ c: Color) -> RValue { .color(c.red, c.green, c.blue, c.alpha) }

    /// A new layer's model: every property but the custom one, which a layer has once set.
    static func initialModel() -> [String: RValue] {
        Dictionary(uniqueKeysWithValues: all.filter { $0.name != "progress" }.map { ($0.name, $0.initial) })
    }
}
