import Foundation
import Testing
@testable import ChoreoCore

/// UIKit's damping-ratio spring, checked against the closed form of a damped spring.
///
/// Expectations are computed here from the physics, not from the code: a spring of mass 1 with
/// damping ratio ζ < 1 and undamped angular frequency ω₀, released at displacement −1 with velocity
/// v₀, moves as x(s) = e^(−αs)·(−cos ω_d·s + (v₀ − α)/ω_d · sin ω_d·s), α = ζω₀, ω_d = ω₀√(1 − ζ²).
/// Its amplitude envelope from rest is e^(−αs)/√(1 − ζ²), so the ω₀ = 1 spring settles within
/// ε = 8.25e-4 at T₁ = ln(1/(ε√(1 − ζ²)))/ζ, and the spring fitted to d seconds has ω₀ = T₁/d.
@Suite("UIKit's damping-ratio spring fitted to a duration")
struct FittedSpringCurveTests {
    static let epsilon = 8.25e-4

    /// T₁ for ζ (underdamped).
    static func unitSettlingTime(_ zeta: Double) -> Double {
        log(1 / (epsilon * (1 - zeta * zeta).squareRoot())) / zeta
    }

    /// Progress 1 + x(s) of the fitted spring at `seconds`.
    static func progress(zeta: Double, duration: Double, velocity v0: Double = 0, seconds s: Double) -> Double {
        let omega0 = unitSettlingTime(zeta) / duration
        let alpha = zeta * omega0, omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        return 1 + exp(-alpha * s) * (-cos(omegaD * s) + (v0 - alpha) / omegaD * sin(omegaD * s))
    }

    static func relativelyNear(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(a - b) <= tolerance * max(abs(b), 1)
    }

    static let lawCases: [TimingCurveLaws] = [
        TimingCurveLaws("unfitted ζ 0.5", try! FittedSpringCurve(dampingRatio: 0.5)),
        TimingCurveLaws("unfitted ζ 0.3, velocity 3", try! FittedSpringCurve(dampingRatio: 0.3, initialVelocity: 3)),
        TimingCurveLaws("unfitted ζ 1", try! FittedSpringCurve(dampingRatio: 1), bounds: 0...1),
    ]

    @Test("Damping-ratio springs keep the timing-curve laws, fitted or not", arguments: lawCases)
    func laws(_ law: TimingCurveLaws) { law.check() }

    @Test("Fitted to d seconds, the spring has mass 1, ω₀ = T₁/d and c = 2ζω₀; its response is 2π·d/T₁",
          arguments: [(0.5, 2.0), (0.3, 0.5), (0.8, 1.0)])
    func fitParameters(zeta: Double, duration: Double) throws {
        let spring = try FittedSpringCurve(dampingRatio: zeta).fitted(toDuration: duration)
        let omega0 = Self.unitSettlingTime(zeta) / duration
        #expect(spring.mass == 1)
        #expect(Self.relativelyNear(spring.stiffness, omega0 * omega0))
        #expect(Self.relativelyNear(spring.damping, 2 * zeta * omega0))
        #expect(Self.relativelyNear(spring.dampingRatio, zeta, 1e-12))
        #expect(Self.relativelyNear(spring.parameters.perceptualDuration, 2 * Double.pi * duration / Self.unitSettlingTime(zeta)))
        #expect(spring.duration == duration)
    }

    @Test("From rest, progress follows the closed form in real seconds and is within ε of 1 when the duration ends")
    func closedFormFromRest() throws {
        let spring = try FittedSpringCurve(dampingRatio: 0.5).fitted(toDuration: 2)
        for t in [0.05, 0.1, 0.25, 0.5, 0.75, 0.9] {
            #expect(abs(spring.progress(at: t) - Self.progress(zeta: 0.5, duration: 2, seconds: 2 * t)) < 1e-9)
        }
        #expect(spring.progress(at: 0) == 0)
        #expect(abs(spring.progress(at: 1 - 1e-12) - 1) <= Self.epsilon * (1 + 1e-6))
        #expect(spring.progress(at: 1) == 1)
    }

    @Test("From rest the shape does not depend on the duration: the fit only scales time")
    func shapeFromRestIsDurationFree() throws {
        let unfitted = try FittedSpringCurve(dampingRatio: 0.35)
        let short = try unfitted.fitted(toDuration: 0.3), long = try unfitted.fitted(toDuration: 7)
        for t in stride(from: 0.0, to: 1, by: 0.125) {  // at t = 1 progress is exactly 1
            let expected = Self.progress(zeta: 0.35, duration: 1, seconds: t)
            #expect(abs(short.progress(at: t) - expected) < 1e-9)
            #expect(abs(long.progress(at: t) - expected) < 1e-9)
            #expect(abs(unfitted.progress(at: t) - expected) < 1e-9, "unfitted, it is the spring fitted to 1 s")
        }
        #expect(unfitted.duration == nil)
        #expect(unfitted.mass == 1 && short.mass == 1 && long.mass == 1)
    }

    @Test("With an initial velocity (progress per second) the shape depends on the duration, as the closed form says")
    func initialVelocity() throws {
        let unfitted = try FittedSpringCurve(dampingRatio: 0.4, initialVelocity: 2)
        let one = try unfitted.fitted(toDuration: 1), two = try unfitted.fitted(toDuration: 2)
        for t in [0.1, 0.3, 0.6] {
            #expect(abs(one.progress(at: t) - Self.progress(zeta: 0.4, duration: 1, velocity: 2, seconds: t)) < 1e-9)
            #expect(abs(two.progress(at: t) - Self.progress(zeta: 0.4, duration: 2, velocity: 2, seconds: 2 * t)) < 1e-9)
        }
        #expect(abs(one.progress(at: 0.1) - two.progress(at: 0.1)) > 1e-3)
        #expect(abs(two.velocity(at: 0) - 2 * 2) < 1e-9, "curve velocity at the start is D × v₀")
    }

    @Test("resolved(forDuration:) fits a damping-ratio spring, through AnyTimingCurve, and leaves other curves alone")
    func resolution() throws {
        let spring = try FittedSpringCurve(dampingRatio: 0.5)
        let resolved = try #require(try spring.resolved(forDuration: 3) as? SpringCurve)
        #expect(resolved.duration == 3 && abs(resolved.dampingRatio - 0.5) < 1e-12)
        let wrapped = try #require(try AnyTimingCurve(spring).resolved(forDuration: 3) as? SpringCurve)
        #expect(wrapped == resolved)
        #expect(try CubicBezierCurve.easeIn.resolved(forDuration: 3) == nil)
        #expect(try SpringCurve(dampingRatio: 0.5, duration: 1).resolved(forDuration: 3) == nil, "already fitted")
        #expect(try StepsCurve(4).resolved(forDuration: 3) == nil)
        #expect(try spring.reversed.resolved(forDuration: 3) == nil, "a reversed spring keeps its 1 s shape")
    }

    @Test("A duration a spring cannot be fitted to is an error naming the duration")
    func badDurations() throws {
        let spring = try FittedSpringCurve(dampingRatio: 0.5)
        for bad in [0, -1, .nan, .infinity, 2e6] {
            #expect(throws: ArgumentError.self) { try spring.resolved(forDuration: bad) }
            do {
                _ = try spring.fitted(toDuration: bad)
            } catch {
                #expect(error.parameter == "duration")
            }
        }
        #expect(throws: ArgumentError.self) { try FittedSpringCurve(dampingRatio: -0.1) }
        #expect(throws: ArgumentError.self) { try FittedSpringCurve(dampingRatio: 0.5, initialVelocity: .nan) }
    }

    @Test("Bounce is 1 − ζ up to critical damping and 1/ζ − 1 beyond, for damping-ratio and physics springs alike")
    func bounce() throws {
        for (zeta, expected) in [(0.0, 1.0), (0.25, 0.75), (1, 0), (2, -0.5), (4, -0.75)] {
            #expect(SpringParameters.bounce(dampingRatio: zeta) == expected)
            #expect(try FittedSpringCurve(dampingRatio: zeta).bounce == expected)
        }
        // SwiftUI documents Spring(mass: 1, stiffness: 100, damping: 10) as bounce 0.5.
        #expect(try SpringCurve(parameters: SpringParameters(mass: 1, stiffness: 100, damping: 10)).bounce == 0.5)
        let swiftUI = try SpringCurve(duration: 0.5, bounce: 0.3)
        #expect(abs(swiftUI.bounce - 0.3) < 1e-12)
    }
}
