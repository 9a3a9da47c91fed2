import Testing
import ChoreoCore

/// Fixed scenes where Choreo's presentations must equal the reference evaluator's, on grids of
/// times that cross begins, ends, repeats and changes. They carry the intent of the tests that
/// held Choreo's evaluation paths equal to each other (`PresentationPathsTests`,
/// `FrameBatchTests`): with one evaluator left, each path is held to the reference instead.
@Suite("Evaluation: Choreo's presentations equal the reference evaluator's on fixed scenes")
struct ReferenceComparisonTests {
    /// A basic animation for the reference and Choreo alike.
    static func basic(_ keyPath: String, _ from: RValue?, _ to: RValue?, duration: Double = 1, curve: RCurve = .linear,
                      _ adjust: (inout RAnimation) -> Void = { _ in }) -> RAnimation {
        var animation = RAnimation(keyPath: keyPath, kind: .basic(curve))
        (animation.from, animation.to) = (from, to)
        animation.timing.duration = duration
        adjust(&animation)
        return animation
    }

    static let easeInOut = RCurve.bezier(0.42, 0, 0.58, 1)
    static let easeOut = RCurve.bezier(0, 0, 0.58, 1)
    static let overshoot = RCurve.bezier(0.57, -0.4, 0.96, 0.87)

    /// One layer (bounds 40×30 at (10, 20)) with `configure`'s animations, compared at 131 times
    /// 1/40 s apart, with a model change (an implicit animation) at the 70th.
    private func compare(_ configure: (ReferenceTwin) throws -> Void) throws {
        let twin = ReferenceTwin()
        twin.addLayer("layer")
        try twin.setModel(0, "bounds", .rect(0, 0, 40, 30))
        try twin.setModel(0, "position", .point(10, 20))
        try configure(twin)
        twin.commit()
        for step in 0...130 {
            twin.advance(to: Double(step) / 40)
            if step == 70 { try twin.setModel(0, "opacity", .number(0.4)) }
            let problem = twin.mismatch()
            #expect(problem == nil, "\(problem ?? "")\n\(twin.log.joined(separator: "\n"))")
            if problem != nil { return }
        }
    }

    @Test("Numbers along cubic curves, one after another on the same property")
    func sequentialNumbers() throws {
        try compare { twin in
            try twin.add(Self.basic("position.x", .number(0), .number(300), curve: Self.easeInOut), to: 0, forKey: "x")
            try twin.add(Self.basic("opacity", .number(0), .number(1), duration: 2, curve: Self.overshoot), to: 0, forKey: "o")
            try twin.add(Self.basic("opacity", .number(1), .number(0.5), duration: 0.5) { $0.timing.begin = 1 }, to: 0, forKey: "o2")
        }
    }

    @Test("Additive and cumulative numbers with repeats, autoreverse and fill")
    func additiveCumulative() throws {
        try compare { twin in
            try twin.add(Self.basic("position.y", .number(0), .number(50)) { $0.additive = true; $0.timing.repeatCount = 2.5 }, to: 0, forKey: "y")
            try twin.add(Self.basic("bounds.size.width", .number(10), .number(20)) {
                $0.cumulative = true; $0.timing.repeatCount = 3; $0.timing.autoreverses = true
            }, to: 0, forKey: "w")
            try twin.add(Self.basic("cornerRadius", .number(0), .number(8)) {
                $0.timing.begin = 0.5; $0.timing.fill = "both"; $0.removedOnCompletion = false
            }, to: 0, forKey: "r")
        }
    }

    @Test("One transform component with numbers, as the frame benchmark animates")
    func transformComponent() throws {
        try compare { twin in
            try twin.setModel(0, "transform", .transform(RMatrix(scale: 1, scaleZ: 1, angle: 0.3, tx: 0, ty: 0, tz: 0)))
            try twin.add(Self.basic("transform.scale", .number(0.5), .number(1.5), duration: 2, curve: Self.easeInOut), to: 0, forKey: "s")
            try twin.add(Self.basic("position.x", .number(0), .number(300), curve: Self.easeOut), to: 0, forKey: "x")
        }
    }

    @Test("A whole transform, additive as View.animate makes it or not")
    func wholeTransform() throws {
        for additive in [true, false] {
            try compare { twin in
                try twin.setModel(0, "transform", .transform(RMatrix(scale: 1, scaleZ: 1, angle: 0.3, tx: 0, ty: 0, tz: 0)))
                let from = RMatrix(scale: 0.5, scaleZ: 1, angle: -1.2, tx: 0, ty: 0, tz: 0)
                let to = additive ? RMatrix.identity : RMatrix(scale: 1, scaleZ: 1, angle: 0, tx: 10, ty: 0, tz: 0)
                try twin.add(Self.basic("transform", .transform(from), .transform(to), duration: 1.5, curve: Self.easeInOut) {
                    $0.additive = additive; $0.timing.repeatCount = 1.5
                }, to: 0, forKey: "turn")
                try twin.add(Self.basic("opacity", .number(1), .number(0), curve: Self.easeOut), to: 0, forKey: "fade")
            }
        }
    }

    @Test("Animations added one at a time and model changes, each read before the next (a layer's row grows and takes its model in place)")
    func readsBetweenAddsAndChanges() throws {
        let twin = ReferenceTwin()
        twin.addLayer("layer")
        try twin.setModel(0, "bounds", .rect(0, 0, 40, 30))
        try twin.setModel(0, "position", .point(10, 20))
        try twin.add(Self.basic("position.x", .number(0), .number(300), duration: 4, curve: Self.easeInOut) { $0.additive = true },
                     to: 0, forKey: "first")
        twin.commit()
        // Six steps at each instant (time moves every sixth), a read after each; keyframes (the
        // general kernel) from step 40 on.
        for step in 0..<72 {
            twin.advance(to: Double(step / 6) / 8)
            let n = Double(step)
            switch step % 5 {
            case 0:
                try twin.add(Self.basic("position.x", .number(n), .number(-n), duration: 3, curve: Self.overshoot) { $0.additive = true },
                             to: 0, forKey: "x\(step)")
            case 1: try twin.add(Self.basic("opacity", .number(0.2), .number(0.9), duration: 2), to: 0, forKey: "o\(step)")
            case 2: try twin.setModel(0, "position.x", .number(n), actions: false)
            case 3 where step >= 40:
                try twin.add(RAnimation(keyPath: "cornerRadius", kind: .keyframes(
                    values: [.number(n), .number(8), .number(2)], keyTimes: nil, mode: .linear, segmentCurves: nil,
                    curve: .linear)).adjusted { $0.timing.duration = 2 }, to: 0, forKey: "k\(step)")
            case 3: try twin.add(Self.basic("position", .point(n, 1), .point(0, n), duration: 1.5), to: 0, forKey: "p\(step)")
            default: try twin.setModel(0, "opacity", .number(n / 100), actions: false)
            }
            let problem = twin.mismatch()
            #expect(problem == nil, "step \(step): \(problem ?? "")\n\(twin.log.joined(separator: "\n"))")
            if problem != nil { return }
            if step % 11 == 10 { twin.commit() }
        }
    }

    @Test("Two transform components, one additive")
    func severalTransformComponents() throws {
        try compare { twin in
            try twin.add(Self.basic("transform.rotation.z", .number(0), .number(3)), to: 0, forKey: "r")
            try twin.add(Self.basic("transform.scale", .number(1), .number(2)) { $0.additive = true }, to: 0, forKey: "s")
        }
    }

    @Test("Points and sizes, additive and cumulative, as View.animate's center and bounds make them")
    func pointsAndSizes() throws {
        try compare { twin in
            try twin.add(Self.basic("position", .point(-100, 40), .point(0, 0), duration: 1.5, curve: Self.easeInOut) { $0.additive = true },
                         to: 0, forKey: "move")
            try twin.add(Self.basic("bounds.size", .size(40, 30), .size(60, 20), duration: 0.75) {
                $0.cumulative = true; $0.timing.repeatCount = 2
            }, to: 0, forKey: "grow")
            try twin.add(Self.basic("opacity", .number(1), .number(0), curve: Self.easeOut), to: 0, forKey: "fade")
        }
    }

    @Test("Keyframes, a spring and a group with its children clipped, side by side")
    func otherKinds() throws {
        try compare { twin in
            try twin.add(RAnimation(keyPath: "position.y", kind: .keyframes(
                values: [.number(0), .number(100), .number(60), .number(100)], keyTimes: [0, 0.5, 0.75, 1], mode: .linear,
                segmentCurves: [Self.easeOut, .linear, Self.easeInOut], curve: .linear)).adjusted { $0.timing.duration = 2 }, to: 0, forKey: "k")
            try twin.add(RAnimation(keyPath: "backgroundColor", kind: .keyframes(
                values: [.color(1, 0, 0, 1), .color(0, 1, 0, 1), .color(0, 0, 1, 0.5)], keyTimes: [0, 0.2, 0.7, 1], mode: .discrete,
                segmentCurves: nil, curve: .linear)).adjusted { $0.timing.duration = 1.5; $0.timing.repeatCount = 2 }, to: 0, forKey: "d")
            var spring = Self.basic("cornerRadius", .number(0), .number(20), duration: 2.5)
            spring.kind = .spring(RSpring(mass: 1, stiffness: 100, damping: 5, velocity: 0))
            try twin.add(spring, to: 0, forKey: "spring")
            var group = RAnimation(keyPath: "", kind: .group([
                Self.basic("borderWidth", .number(0), .number(10), duration: 10),
                Self.basic("shadowOpacity", .number(0), .number(1), duration: 0) { $0.timing.begin = 0.25 },
            ]))
            group.timing.duration = 1
            group.timing.autoreverses = true
            group.timing.fill = "forwards"
            group.removedOnCompletion = false
            try twin.add(group, to: 0, forKey: "group")
        }
    }

    @Test("Curves that are objects (a formula, CSS steps) shape the values as their formulas say")
    func curveObjects() throws {
        let smoothstep = RCurve(name: "smoothstep", choreo: Smoothstep()) { t in t * t * (3 - 2 * t) }
        // CSS steps(4, jump-end) (W3C CSS Easing): floor(4t) / 4, and 1 at the end.
        let steps = RCurve(name: "steps(4)", choreo: try StepsCurve(4)) { t in t >= 1 ? 1 : (4 * t).rounded(.down) / 4 }
        try compare { twin in
            try twin.add(Self.basic("opacity", .number(0), .number(1), duration: 2, curve: smoothstep), to: 0, forKey: "o")
            try twin.add(Self.basic("position.x", .number(0), .number(80), duration: 2, curve: steps), to: 0, forKey: "x")
        }
    }

    /// smoothstep as a curve object, as a Lua function or a plugin's provider is.
    private struct Smoothstep: TimingCurve {
        func progress(within t: Double) -> Double { t * t * (3 - 2 * t) }
    }
}
