import RealModule
import Testing
@testable import ChoreoCore

@Suite("Closed-form spring motion")
struct SpringSolutionTests {
    static func spring(_ m: Double, _ k: Double, _ c: Double) -> SpringParameters {
        try! SpringParameters(mass: m, stiffness: k, damping: c)
    }

    static let times = [0, 0.01, 0.05, 0.1, 0.2, 0.35, 0.5, 0.8, 1.3, 2.1]

    @Test("A critically damped spring from rest follows −(1 + ω₀t)·e^(−ω₀t)")
    func criticalFromRest() {
        let motion = SpringSolution(parameters: Self.spring(1, 100, 20), initialDisplacement: -1, initialVelocity: 0)
        #expect(motion.dampingCase == .criticallyDamped)
        for t in Self.times {
            #expect(nearly(motion.position(at: t), -(1 + 10 * t) * Double.exp(-10 * t), 1e-14), "t = \(t)")
            #expect(nearly(motion.velocity(at: t), 100 * t * Double.exp(-10 * t), 1e-13), "t = \(t)")
        }
    }

    @Test("A critically damped spring launched at ω₀ toward the target decays as a pure exponential")
    func criticalLaunched() {
        // v₀ = ω₀·|x₀| cancels the linear term: x = −e^(−ω₀t).
        let motion = SpringSolution(parameters: Self.spring(2, 50, 20), initialDisplacement: -1, initialVelocity: 5)
        for t in Self.times {
            #expect(nearly(motion.position(at: t), -Double.exp(-5 * t), 1e-14), "t = \(t)")
        }
    }

    @Test("An underdamped spring follows e^(−αt)·(x₀·cos ω_d t + (v₀ + αx₀)/ω_d·sin ω_d t)")
    func underdamped() {
        // m 1, k 100, c 10: α = 5, ω_d = √75. Launched away from the target at 3 units/s.
        let motion = SpringSolution(parameters: Self.spring(1, 100, 10), initialDisplacement: -1, initialVelocity: -3)
        #expect(motion.dampingCase == .underdamped)
        let wd = 75.0.squareRoot()
        for t in Self.times {
            let x = Double.exp(-5 * t) * (-Double.cos(wd * t) + (-3 - 5) / wd * Double.sin(wd * t))
            #expect(nearly(motion.position(at: t), x, 1e-14), "t = \(t)")
        }
        // x′ by the product rule, written out independently of the solver's coefficients.
        for t in Self.times {
            let e = Double.exp(-5 * t), c = Double.cos(wd * t), s = Double.sin(wd * t)
            let b = (-3.0 - 5) / wd
            let v = -5 * e * (-c + b * s) + e * (wd * s + b * wd * c)
            #expect(nearly(motion.velocity(at: t), v, 1e-12), "t = \(t)")
        }
    }

    @Test("An overdamped spring is the sum of its two exponential modes")
    func overdamped() {
        // m 1, k 100, c 50: r² + 50r + 100 = 0.
        let motion = SpringSolution(parameters: Self.spring(1, 100, 50), initialDisplacement: -1, initialVelocity: 0)
        #expect(motion.dampingCase == .overdamped)
        let root = (2500.0 - 400).squareRoot()
        let r1 = (-50 + root) / 2, r2 = (-50 - root) / 2
        let x0 = -1.0
        let c1 = x0 * r2 / (r2 - r1), c2 = -x0 * r1 / (r2 - r1)
        for t in Self.times {
            #expect(nearly(motion.position(at: t), c1 * Double.exp(r1 * t) + c2 * Double.exp(r2 * t), 1e-13), "t = \(t)")
            #expect(nearly(motion.velocity(at: t), c1 * r1 * Double.exp(r1 * t) + c2 * r2 * Double.exp(r2 * t), 1e-11),
                    "t = \(t)")
        }
    }

    @Test("An undamped spring oscillates forever at ω₀")
    func undamped() {
        let motion = SpringSolution(parameters: Self.spring(1, 100, 0), initialDisplacement: -1, initialVelocity: 4)
        #expect(motion.dampingCase == .underdamped)
        for t in Self.times + [100, 1000.5] {
            #expect(nearly(motion.position(at: t), -Double.cos(10 * t) + 0.4 * Double.sin(10 * t), 1e-12), "t = \(t)")
        }
        #expect(motion.settlingTime(epsilon: SpringParameters.settlingEpsilon) == .infinity)
    }

    @Test("Every case starts at the given displacement and velocity")
    func initialConditions() {
        for c in [0, 1, 10, 19.99999, 20, 20.00001, 40, 2000, 2e6] {
            for (x0, v0) in [(-1.0, 0.0), (-1, 7), (-1, -7), (0, 3), (2.5, -1)] {
                let motion = SpringSolution(parameters: Self.spring(1, 100, c), initialDisplacement: x0, initialVelocity: v0)
                #expect(nearly(motion.position(at: 0), x0, 1e-12), "c = \(c), x₀ = \(x0)")
                #expect(nearly(motion.velocity(at: 0), v0, 1e-9 * max(1, abs(v0))), "c = \(c), v₀ = \(v0)")
            }
        }
    }

    @Test("Every case satisfies m·x″ + c·x′ + k·x = 0")
    func equationOfMotion() {
        for (m, k, c) in [(1.0, 100.0, 0.0), (1, 100, 5), (2, 300, 49), (1, 100, 20), (0.5, 80, 60), (1, 100, 400)] {
            let motion = SpringSolution(parameters: Self.spring(m, k, c), initialDisplacement: -1, initialVelocity: 2)
            for t in [0.05, 0.3, 0.7] {
                let h = 1e-6
                let acceleration = (motion.velocity(at: t + h) - motion.velocity(at: t - h)) / (2 * h)
                let residual = m * acceleration + c * motion.velocity(at: t) + k * motion.position(at: t)
                #expect(abs(residual) < 1e-5 * k, "m \(m) k \(k) c \(c) t \(t): residual \(residual)")
            }
        }
    }

    @Test("Damping ratios within 1e-6 of 1 are solved as critical, and motion is continuous across ζ = 1")
    func nearCritical() {
        #expect(SpringSolution(parameters: Self.spring(1, 100, 20 * (1 + 5e-7)), initialDisplacement: -1, initialVelocity: 0)
            .dampingCase == .criticallyDamped)
        #expect(SpringSolution(parameters: Self.spring(1, 100, 20 * (1 - 5e-7)), initialDisplacement: -1, initialVelocity: 0)
            .dampingCase == .criticallyDamped)
        let critical = SpringSolution(parameters: Self.spring(1, 100, 20), initialDisplacement: -1, initialVelocity: 3)
        for zeta in [1 - 1e-5, 1 - 2e-6, 1 + 2e-6, 1 + 1e-5] {
            let motion = SpringSolution(parameters: Self.spring(1, 100, 20 * zeta), initialDisplacement: -1, initialVelocity: 3)
            #expect(motion.dampingCase != .criticallyDamped)
            for t in Self.times {
                #expect(nearly(motion.position(at: t), critical.position(at: t), 1e-4), "ζ = \(zeta), t = \(t)")
            }
        }
    }

    @Test("A heavily overdamped spring keeps its slow mode accurate (no cancellation)")
    func heavilyOverdamped() {
        // ζ = 1e6: the slow root is −ω₀/(ζ + √(ζ² − 1)) ≈ −ω₀/(2ζ); ζ − √(ζ² − 1) would lose
        // four of its digits to cancellation, an error of 4e-4 in x at t = 4e6.
        let motion = SpringSolution(parameters: Self.spring(1, 1, 2e6), initialDisplacement: -1, initialVelocity: 0)
        let slow = -1 / (1e6 + (1e12 - 1).squareRoot())
        for t in [1e5, 1e6, 4e6] {
            #expect(nearly(motion.position(at: t) / Double.exp(slow * t), -1, 1e-7), "t = \(t)")
        }
    }
}

@Suite("Spring settling time")
struct SpringSettlingTests {
    static let epsilon = SpringParameters.settlingEpsilon

    @Test("The underdamped settling time is ln(A/ε)/α in closed form")
    func underdampedClosedForm() {
        // m 1, k 100, c 10: α = 5, A = √(1 + (5/√75)²) = 2/√3.
        let motion = SpringSolution(
            parameters: try! SpringParameters(mass: 1, stiffness: 100, damping: 10), initialDisplacement: -1, initialVelocity: 0)
        let expected = Double.log(2 / 3.0.squareRoot() / Self.epsilon) / 5
        #expect(nearly(motion.settlingTime(epsilon: Self.epsilon), expected, 1e-12))
    }

    @Test("The critically damped settling time solves (1 + ω₀T)·e^(−ω₀T) = ε")
    func criticalFromRest() {
        let motion = SpringSolution(
            parameters: try! SpringParameters(mass: 1, stiffness: 100, damping: 20), initialDisplacement: -1, initialVelocity: 0)
        let T = motion.settlingTime(epsilon: Self.epsilon)
        #expect(nearly((1 + 10 * T) * Double.exp(-10 * T) / Self.epsilon, 1, 1e-9))
        // Launched at ω₀ toward the target, x = −e^(−ω₀t): T = ln(1/ε)/ω₀.
        let launched = SpringSolution(
            parameters: try! SpringParameters(mass: 1, stiffness: 100, damping: 20), initialDisplacement: -1, initialVelocity: 10)
        #expect(nearly(launched.settlingTime(epsilon: Self.epsilon), Double.log(1 / Self.epsilon) / 10, 1e-12))
    }

    @Test("From rest, an overdamped spring settles exactly when |x| reaches ε")
    func overdampedExact() {
        let motion = SpringSolution(
            parameters: try! SpringParameters(mass: 1, stiffness: 100, damping: 50), initialDisplacement: -1, initialVelocity: 0)
        let T = motion.settlingTime(epsilon: Self.epsilon)
        #expect(nearly(abs(motion.position(at: T)) / Self.epsilon, 1, 1e-9))
    }

    @Test("After the settling time the spring stays within ε, for every case and launch")
    func staysSettled() {
        for c in [0.5, 3, 10, 19.9, 20, 20.1, 35, 300] {
            for (x0, v0) in [(-1.0, 0.0), (-1, 25), (-1, -25), (0, 4), (0.0005, 0.2), (3, 0)] {
                let motion = SpringSolution(
                    parameters: try! SpringParameters(mass: 1, stiffness: 100, damping: c), initialDisplacement: x0, initialVelocity: v0)
                let T = motion.settlingTime(epsilon: Self.epsilon)
                #expect(T.isFinite && T >= 0)
                var worst = 0.0
                for i in 0...2000 {
                    let step = Double(i)
                    let t: Double = T * (1 + step / 500) + step * 1e-3
                    worst = max(worst, abs(motion.position(at: t)))
                }
                #expect(worst <= Self.epsilon * (1 + 1e-9), "c \(c) x₀ \(x0) v₀ \(v0): |x| reaches \(worst) after T = \(T)")
            }
        }
    }

    @Test("The settling time is continuous across critical damping")
    func continuousAcrossCritical() {
        func settling(_ zeta: Double, _ v0: Double) -> Double {
            SpringSolution(
                parameters: try! SpringParameters(mass: 1, stiffness: 1, damping: 2 * zeta), initialDisplacement: -1, initialVelocity: v0)
                .settlingTime(epsilon: Self.epsilon)
        }
        for v0 in [0.0, 2, -2] {
            let critical = settling(1, v0)
            for zeta in [1 - 1e-3, 1 - 1e-5, 1 + 1e-5, 1 + 1e-3] {
                #expect(abs(settling(zeta, v0) / critical - 1) < 0.01, "ζ \(zeta) v₀ \(v0)")
            }
        }
    }

    @Test("Edge cases: at rest on the target, a kick from the target, a non-positive tolerance")
    func edges() {
        let spring = try! SpringParameters()
        #expect(SpringSolution(parameters: spring, initialDisplacement: 0, initialVelocity: 0).settlingTime(epsilon: 1e-3) == 0)
        let kicked = SpringSolution(parameters: spring, initialDisplacement: 0, initialVelocity: 1)
        #expect(kicked.settlingTime(epsilon: 1e-3) > 0)
        // A kick too small to ever leave the tolerance settles at once.
        #expect(SpringSolution(parameters: spring, initialDisplacement: 0, initialVelocity: 1e-4).settlingTime(epsilon: 1e-3) == 0)
        #expect(SpringSolution(parameters: spring, initialDisplacement: -1, initialVelocity: 0).settlingTime(epsilon: 0) == .infinity)
        #expect(SpringSolution(parameters: spring, initialDisplacement: -1, initialVelocity: 0).settlingTime(epsilon: .nan) == .infinity)
    }
}
