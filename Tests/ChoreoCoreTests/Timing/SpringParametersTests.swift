import RealModule
import Testing
@testable import ChoreoCore

@Suite("Spring parameters and their conversions")
struct SpringParametersTests {
    @Test("The defaults are CASpringAnimation's, and ζ and ω₀ follow from them")
    func defaults() throws {
        let spring = try SpringParameters()
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10)
        #expect(spring.dampingRatio == 0.5)
        #expect(spring.undampedAngularFrequency == 10)
        #expect(nearly(try SpringParameters(mass: 2, stiffness: 50, damping: 3).dampingRatio, 3 / (2 * 10), 1e-15))
    }

    @Test("Bad mass, stiffness or damping names the parameter and the value")
    func badPhysics() {
        #expect(throws: ArgumentError(parameter: "mass", requirement: "must be a finite number > 0", value: "0")) {
            try SpringParameters(mass: 0)
        }
        #expect(throws: ArgumentError(parameter: "stiffness", requirement: "must be a finite number > 0", value: "nan")) {
            try SpringParameters(stiffness: .nan)
        }
        let error = #expect(throws: ArgumentError.self) { try SpringParameters(damping: -1) }
        #expect(error?.description == "damping must be a finite number ≥ 0 (got -1)")
        // Zero damping is legal: an undamped spring.
        #expect((try? SpringParameters(damping: 0)) != nil)
    }

    @Test("SwiftUI's documented Spring(duration: 0.5, bounce: 0.3) is mass 1, stiffness 157.9, damping 17.6")
    func swiftUIDurationBounce() throws {
        let spring = try SpringParameters(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(nearly(spring.stiffness, 157.9, 0.05))
        #expect(nearly(spring.damping, 17.6, 0.05))
        // And exactly: k = (2π/d)², c = 4π·(1 − b)/d.
        #expect(nearly(spring.stiffness, (4 * Double.pi) * (4 * Double.pi), 1e-11))
        #expect(nearly(spring.damping, 4 * Double.pi * 0.7 / 0.5, 1e-12))
    }

    @Test("SwiftUI's documented Spring(mass: 1, stiffness: 100, damping: 10) is duration 0.63, bounce 0.5")
    func swiftUIInverse() throws {
        let spring = try SpringParameters(mass: 1, stiffness: 100, damping: 10)
        #expect(nearly(spring.perceptualDuration, 0.63, 0.005))
        #expect(nearly(spring.bounce, 0.5, 1e-15))
    }

    @Test("Duration and bounce round-trip, and negative bounce is overdamped with ζ = 1/(1 + b)")
    func bounceRoundTrip() throws {
        for bounce in [-0.9, -0.5, -0.1, 0, 0.15, 0.3, 0.99, 1] {
            for mass in [0.5, 1, 3] {
                let spring = try SpringParameters(duration: 0.4, bounce: bounce, mass: mass)
                #expect(nearly(spring.bounce, bounce, 1e-12), "bounce \(bounce) mass \(mass)")
                #expect(nearly(spring.perceptualDuration, 0.4, 1e-12), "bounce \(bounce) mass \(mass)")
                #expect(spring.mass == mass)
            }
        }
        #expect(nearly(try SpringParameters(duration: 1, bounce: -0.5).dampingRatio, 2, 1e-12))
        #expect(try SpringParameters(duration: 1, bounce: 1).damping == 0)
    }

    @Test("A bounce outside −1 < b ≤ 1 is refused with the range in the message")
    func badBounce() {
        for bounce in [-1, 1.5, .nan, -.infinity] {
            let error = #expect(throws: ArgumentError.self) { try SpringParameters(duration: 0.5, bounce: bounce) }
            #expect(error?.description == "bounce must be a finite number > -1 and ≤ 1 (got \(formatNumber(bounce)))")
        }
        #expect(throws: ArgumentError(parameter: "duration", requirement: "must be a finite number > 0", value: "0")) {
            try SpringParameters(duration: 0, bounce: 0)
        }
    }

    @Test("SwiftUI's Spring(response:dampingRatio:) is k = m(2π/response)², c = 4π·m·ζ/response")
    func response() throws {
        let spring = try SpringParameters(response: 0.4, dampingRatio: 0.8)
        #expect(nearly(spring.stiffness, (2 * Double.pi / 0.4) * (2 * Double.pi / 0.4), 1e-10))
        #expect(nearly(spring.damping, 4 * Double.pi * 0.8 / 0.4, 1e-12))
        #expect(nearly(spring.dampingRatio, 0.8, 1e-14))
        #expect(nearly(spring.perceptualDuration, 0.4, 1e-14))
        let heavy = try SpringParameters(response: 0.4, dampingRatio: 0.8, mass: 2)
        #expect(nearly(heavy.dampingRatio, 0.8, 1e-14) && nearly(heavy.perceptualDuration, 0.4, 1e-14))
        #expect(throws: ArgumentError(parameter: "dampingRatio", requirement: "must be a finite number ≥ 0", value: "-0.5")) {
            try SpringParameters(response: 0.4, dampingRatio: -0.5)
        }
    }

    @Test("CASpringAnimation's documented settling: damping 5 ≈ 2.85 s, damping 15 just over 1 s")
    func coreAnimationSettling() throws {
        let bouncy = try SpringParameters(mass: 1, stiffness: 100, damping: 5).settlingDuration()
        #expect(abs(bouncy - 2.85) <= 0.03, "damping 5 settles in \(bouncy)")
        let firm = try SpringParameters(mass: 1, stiffness: 100, damping: 15).settlingDuration()
        #expect(firm > 1 && firm < 1.1, "damping 15 settles in \(firm)")
        // The constant itself, and the closed forms it gives: T = ln(A/ε)/α.
        #expect(SpringParameters.settlingEpsilon == 8.25e-4)
        let amplitude = (1 + 2.5 * 2.5 / 93.75).squareRoot()
        #expect(nearly(bouncy, Double.log(amplitude / 8.25e-4) / 2.5, 1e-12))
    }

    @Test("SwiftUI's own tolerance of 0.001 misses CASpringAnimation's damping-15 example")
    func swiftUITolerance() throws {
        let firm = try SpringParameters(mass: 1, stiffness: 100, damping: 15)
        #expect(firm.settlingDuration(epsilon: 0.001) < 1)
    }

    @Test("Settling depends on the initial velocity; an undamped spring never settles")
    func settlingVelocity() throws {
        let spring = try SpringParameters(mass: 1, stiffness: 100, damping: 20)
        let rest = spring.settlingDuration()
        #expect(spring.settlingDuration(initialVelocity: -5) > rest)
        #expect(nearly(spring.settlingDuration(initialVelocity: 10), Double.log(1 / 8.25e-4) / 10, 1e-12))
        #expect(try SpringParameters(damping: 0).settlingDuration() == .infinity)
        #expect(spring.settlingDuration(initialVelocity: .nan) == .infinity)
    }

    @Test("UIKit's damping-ratio spring has mass 1 and settles exactly at the requested duration")
    func fitted() throws {
        for zeta in [0.01, 0.1, 0.35, 0.5, 0.8, 0.999, 1, 1.5, 4.56] {
            for duration in [0.25, 1, 2.5] {
                let spring = try SpringParameters(dampingRatio: zeta, duration: duration)
                #expect(spring.mass == 1)
                #expect(nearly(spring.dampingRatio, zeta, 1e-12), "ζ \(zeta)")
                #expect(nearly(spring.settlingDuration() / duration, 1, 1e-9), "ζ \(zeta) duration \(duration)")
            }
        }
    }

    @Test("A fitted damping ratio below 0.01 is built as 0.01, so the spring still settles")
    func fittedUndamped() throws {
        let spring = try SpringParameters(dampingRatio: 0, duration: 1)
        #expect(nearly(spring.dampingRatio, SpringParameters.minimumFittedDampingRatio, 1e-15))
        #expect(nearly(spring.settlingDuration(), 1, 1e-9))
        #expect(throws: ArgumentError(parameter: "dampingRatio", requirement: "must be a finite number ≥ 0", value: "-0.1")) {
            try SpringParameters(dampingRatio: -0.1, duration: 1)
        }
        #expect(throws: ArgumentError(parameter: "duration", requirement: "must be a finite number > 0", value: "inf")) {
            try SpringParameters(dampingRatio: 0.5, duration: .infinity)
        }
    }

    @Test("Clamping to critical removes overdamping and leaves other springs alone")
    func clampedToCritical() throws {
        let over = try SpringParameters(mass: 2, stiffness: 50, damping: 100)
        #expect(over.clampedToCritical.damping == 20)
        #expect(over.clampedToCritical.dampingRatio == 1)
        #expect(over.clampedToCritical.mass == 2 && over.clampedToCritical.stiffness == 50)
        let under = try SpringParameters()
        #expect(under.clampedToCritical == under)
    }
}
