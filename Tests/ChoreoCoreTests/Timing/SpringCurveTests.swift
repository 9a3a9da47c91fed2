import RealModule
import Testing
@testable import ChoreoCore

@Suite("Spring timing curves")
struct SpringCurveTests {
    static func physics(_ m: Double, _ k: Double, _ c: Double, velocity: Double = 0) -> SpringCurve {
        try! SpringCurve(parameters: SpringParameters(mass: m, stiffness: k, damping: c), initialVelocity: velocity)
    }

    static let lawCases: [TimingCurveLaws] = [
        TimingCurveLaws("CASpringAnimation default (1, 100, 10)", physics(1, 100, 10)),
        TimingCurveLaws("bouncy (1, 100, 5)", physics(1, 100, 5)),
        TimingCurveLaws("critically damped (1, 100, 20)", physics(1, 100, 20), bounds: 0...1),
        TimingCurveLaws("overdamped (1, 100, 60)", physics(1, 100, 60), bounds: 0...1),
        TimingCurveLaws("launched toward the target", physics(1, 100, 10, velocity: 8)),
        TimingCurveLaws("launched away from the target", physics(1, 100, 10, velocity: -8)),
        TimingCurveLaws("overdamped, launched away", physics(2, 100, 80, velocity: -4)),
        TimingCurveLaws("undamped (snaps at its horizon)", physics(1, 100, 0), velocityTolerance: 1e-4),
        TimingCurveLaws("UIKit ζ 0.5 over 1 s", try! SpringCurve(dampingRatio: 0.5, duration: 1)),
        TimingCurveLaws("UIKit ζ 0.2 over 0.5 s, velocity 2", try! SpringCurve(dampingRatio: 0.2, duration: 0.5, initialVelocity: 2)),
        TimingCurveLaws("UIKit ζ 1 over 0.3 s", try! SpringCurve(dampingRatio: 1, duration: 0.3), bounds: 0...1),
        TimingCurveLaws("UIKit ζ 0 over 1 s", try! SpringCurve(dampingRatio: 0, duration: 1), velocityTolerance: 1e-4),
        TimingCurveLaws("SwiftUI duration 0.5 bounce 0.3", try! SpringCurve(duration: 0.5, bounce: 0.3)),
        TimingCurveLaws("SwiftUI duration 0.5 bounce −0.5", try! SpringCurve(duration: 0.5, bounce: -0.5), bounds: 0...1),
        TimingCurveLaws("SwiftUI response 0.55 ζ 0.825", try! SpringCurve(response: 0.55, dampingRatio: 0.825)),
    ]

    @Test("Spring curves keep the timing-curve laws", arguments: lawCases)
    func laws(_ law: TimingCurveLaws) { law.check() }

    @Test("A physics spring lasts its settling duration and ends within the settling tolerance")
    func physicsDuration() throws {
        for curve in [Self.physics(1, 100, 10), Self.physics(1, 100, 20), Self.physics(3, 40, 100, velocity: -2)] {
            #expect(curve.duration == curve.settlingDuration)
            #expect(curve.settlingDuration == curve.parameters.settlingDuration(initialVelocity: curve.initialVelocity))
            // From rest the envelope is |x| itself, so the spring reaches ε exactly at D.
            #expect(abs(curve.progress(within: 1 - 1e-12) - 1) <= SpringParameters.settlingEpsilon * (1 + 1e-8))
        }
        // CASpringAnimation's default spring: T = ln(2/(√3·ε))/5.
        #expect(nearly(Self.physics(1, 100, 10).duration!, Double.log(2 / 3.0.squareRoot() / 8.25e-4) / 5, 1e-12))
    }

    @Test("A critically damped curve from rest is 1 − (1 + ω₀tD)·e^(−ω₀tD)")
    func criticalTable() throws {
        let curve = Self.physics(1, 100, 20)
        let D = curve.duration!
        for t in stride(from: 0.0, to: 1, by: 0.05) {
            let s = t * D
            #expect(nearly(curve.progress(at: t), 1 - (1 + 10 * s) * Double.exp(-10 * s), 1e-14), "t = \(t)")
            #expect(nearly(curve.velocity(at: t), D * 100 * s * Double.exp(-10 * s), 1e-12), "t = \(t)")
        }
    }

    @Test("An underdamped curve is 1 − e^(−αs)·(cos ω_d s + (α − v₀)/ω_d·sin ω_d s) at s = t·D")
    func underdampedTable() throws {
        let curve = Self.physics(1, 100, 10, velocity: 3)
        let D = curve.duration!, wd = 75.0.squareRoot()
        for t in stride(from: 0.0, to: 1, by: 0.05) {
            let s = t * D
            let expected = 1 - Double.exp(-5 * s) * (Double.cos(wd * s) + (5 - 3) / wd * Double.sin(wd * s))
            #expect(nearly(curve.progress(at: t), expected, 1e-14), "t = \(t)")
        }
    }

    @Test("Initial velocity is in progress per second: the curve's velocity at 0 is D × v₀")
    func initialVelocityUnits() throws {
        for v0 in [-6.0, 0, 0.5, 12] {
            let curve = Self.physics(1, 100, 10, velocity: v0)
            #expect(nearly(curve.velocity(at: 0), curve.duration! * v0, 1e-12))
            #expect(curve.velocity(atSeconds: 0) == v0)
        }
        // Toward the target it gets ahead of the spring from rest; away, it first goes negative.
        let rest = Self.physics(1, 100, 20), toward = Self.physics(1, 100, 20, velocity: 5)
        let away = Self.physics(1, 100, 20, velocity: -5)
        #expect(toward.value(atSeconds: 0.05) > rest.value(atSeconds: 0.05))
        #expect(away.value(atSeconds: 0.05) < 0)
    }

    @Test("In seconds, the curve follows the physics with no end, as CASpringAnimation samples it")
    func seconds() throws {
        let curve = Self.physics(1, 100, 10)
        let motion = SpringSolution(parameters: curve.parameters, initialDisplacement: -1, initialVelocity: 0)
        for s in [0.01, 0.3, 1, 2.5, 10] {
            #expect(curve.value(atSeconds: s) == 1 + motion.position(at: s))
            #expect(curve.velocity(atSeconds: s) == motion.velocity(at: s))
        }
        #expect(curve.value(atSeconds: -1) == 0 && curve.value(atSeconds: .nan) == 0)
        // progress(at:) is the same motion with time scaled by D.
        #expect(nearly(curve.progress(at: 0.3), curve.value(atSeconds: 0.3 * curve.duration!), 1e-15))
    }

    @Test("UIKit's fitted spring lasts the requested duration, overshoots as ζ says, and settles at the end")
    func fittedCurve() throws {
        let curve = try SpringCurve(dampingRatio: 0.5, duration: 1)
        #expect(curve.duration == 1)
        #expect(curve.mass == 1 && nearly(curve.dampingRatio, 0.5, 1e-12))
        #expect(nearly(curve.settlingDuration, 1, 1e-9))
        let peak = stride(from: 0.0, to: 1, by: 1e-4).map { curve.progress(at: $0) }.max()!
        #expect(nearly(peak, 1 + Double.exp(-Double.pi * 0.5 / 0.75.squareRoot()), 1e-6))
        #expect(abs(curve.progress(within: 1 - 1e-12) - 1) <= SpringParameters.settlingEpsilon)
    }

    @Test("An undamped spring never settles but the curve still ends, at the ζ = 0.01 horizon")
    func undamped() throws {
        let curve = Self.physics(1, 100, 0)
        #expect(curve.settlingDuration == .infinity)
        let horizon = try SpringParameters(mass: 1, stiffness: 100, damping: 0.2).settlingDuration()
        #expect(curve.duration == horizon)
        #expect(nearly(curve.value(atSeconds: Double.pi / 10), 2, 1e-12))   // x = −cos 10s: a full swing past the target
    }

    @Test("The SwiftUI forms build the SwiftUI springs and last until settled")
    func swiftUIForms() throws {
        let bouncy = try SpringCurve(duration: 0.5, bounce: 0.3, initialVelocity: 1)
        #expect(bouncy.parameters == (try SpringParameters(duration: 0.5, bounce: 0.3)))
        #expect(bouncy.initialVelocity == 1 && bouncy.duration == bouncy.settlingDuration)
        let response = try SpringCurve(response: 0.3, dampingRatio: 0.7)
        #expect(response.parameters == (try SpringParameters(response: 0.3, dampingRatio: 0.7)))
        #expect(nearly(response.stiffness, (2 * Double.pi / 0.3) * (2 * Double.pi / 0.3), 1e-10))
        #expect(nearly(response.damping, 4 * Double.pi * 0.7 / 0.3, 1e-12))
    }

    @Test("A non-finite initial velocity is refused by every constructor")
    func badVelocity() throws {
        let expected = ArgumentError(parameter: "initialVelocity", requirement: "must be a finite number", value: "nan")
        #expect(throws: expected) { try SpringCurve(parameters: SpringParameters(), initialVelocity: .nan) }
        #expect(throws: expected) { try SpringCurve(dampingRatio: 0.5, duration: 1, initialVelocity: .nan) }
        #expect(throws: expected) { try SpringCurve(duration: 0.5, bounce: 0, initialVelocity: .nan) }
        #expect(throws: expected) { try SpringCurve(response: 0.5, dampingRatio: 1, initialVelocity: .nan) }
    }

    @Test("allowsOverdamping = false turns an overdamped spring into a critically damped one")
    func overdampingClamp() throws {
        let over = try SpringParameters(mass: 1, stiffness: 100, damping: 60)
        let clamped = try SpringCurve(parameters: over.clampedToCritical)
        let critical = Self.physics(1, 100, 20)
        #expect(clamped == critical)
        #expect(clamped.settlingDuration < (try SpringCurve(parameters: over)).settlingDuration)
    }
}
