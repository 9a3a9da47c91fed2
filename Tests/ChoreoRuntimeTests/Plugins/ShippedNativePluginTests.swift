import ChoreoCore
import Foundation
import Testing
@testable import ChoreoRuntime

/// Robert Penner's easing equations as he published them (ActionScript, 2001), with b = 0, c = 1,
/// d = 1 — written out independently of Plugins/penner/penner.c, which derives most of them.
private enum Penner {
    static func inQuad(_ t: Double) -> Double { t * t }
    static func outQuad(_ t: Double) -> Double { -t * (t - 2) }
    static func inOutQuad(_ t: Double) -> Double {
        var t = t * 2
        if t < 1 { return 0.5 * t * t }
        t -= 1
        return -0.5 * (t * (t - 2) - 1)
    }
    static func inCubic(_ t: Double) -> Double { t * t * t }
    static func outCubic(_ t: Double) -> Double { let t = t - 1; return t * t * t + 1 }
    static func inOutCubic(_ t: Double) -> Double {
        var t = t * 2
        if t < 1 { return 0.5 * t * t * t }
        t -= 2
        return 0.5 * (t * t * t + 2)
    }
    static func inQuart(_ t: Double) -> Double { t * t * t * t }
    static func outQuart(_ t: Double) -> Double { let t = t - 1; return -(t * t * t * t - 1) }
    static func inOutQuart(_ t: Double) -> Double {
        var t = t * 2
        if t < 1 { return 0.5 * t * t * t * t }
        t -= 2
        return -0.5 * (t * t * t * t - 2)
    }
    static func inQuint(_ t: Double) -> Double { t * t * t * t * t }
    static func outQuint(_ t: Double) -> Double { let t = t - 1; return t * t * t * t * t + 1 }
    static func inOutQuint(_ t: Double) -> Double {
        var t = t * 2
        if t < 1 { return 0.5 * t * t * t * t * t }
        t -= 2
        return 0.5 * (t * t * t * t * t + 2)
    }
    static func inSine(_ t: Double) -> Double { -cos(t * .pi / 2) + 1 }
    static func outSine(_ t: Double) -> Double { sin(t * .pi / 2) }
    static func inOutSine(_ t: Double) -> Double { -0.5 * (cos(.pi * t) - 1) }
    static func inExpo(_ t: Double) -> Double { t == 0 ? 0 : pow(2, 10 * (t - 1)) }
    static func outExpo(_ t: Double) -> Double { t == 1 ? 1 : -pow(2, -10 * t) + 1 }
    static func inOutExpo(_ t: Double) -> Double {
        if t == 0 { return 0 }
        if t == 1 { return 1 }
        let t = t * 2
        if t < 1 { return 0.5 * pow(2, 10 * (t - 1)) }
        return 0.5 * (-pow(2, -10 * (t - 1)) + 2)
    }
    static func inCirc(_ t: Double) -> Double { -(sqrt(1 - t * t) - 1) }
    static func outCirc(_ t: Double) -> Double { let t = t - 1; return sqrt(1 - t * t) }
    static func inOutCirc(_ t: Double) -> Double {
        var t = t * 2
        if t < 1 { return -0.5 * (sqrt(1 - t * t) - 1) }
        t -= 2
        return 0.5 * (sqrt(1 - t * t) + 1)
    }
    static func inBack(_ t: Double, _ s: Double = 1.70158) -> Double { t * t * ((s + 1) * t - s) }
    static func outBack(_ t: Double, _ s: Double = 1.70158) -> Double { let t = t - 1; return t * t * ((s + 1) * t + s) + 1 }
    static func inOutBack(_ t: Double, _ s: Double = 1.70158) -> Double {
        let s = s * 1.525
        var t = t * 2
        if t < 1 { return 0.5 * (t * t * ((s + 1) * t - s)) }
        t -= 2
        return 0.5 * (t * t * ((s + 1) * t + s) + 2)
    }
    static func outBounce(_ t: Double) -> Double {
        if t < 1 / 2.75 { return 7.5625 * t * t }
        if t < 2 / 2.75 { let t = t - 1.5 / 2.75; return 7.5625 * t * t + 0.75 }
        if t < 2.5 / 2.75 { let t = t - 2.25 / 2.75; return 7.5625 * t * t + 0.9375 }
        let t = t - 2.625 / 2.75
        return 7.5625 * t * t + 0.984375
    }
    static func inBounce(_ t: Double) -> Double { 1 - outBounce(1 - t) }
    static func inOutBounce(_ t: Double) -> Double { t < 0.5 ? inBounce(t * 2) * 0.5 : outBounce(t * 2 - 1) * 0.5 + 0.5 }
    static func inElastic(_ t: Double, a: Double = 1, p: Double = 0.3) -> Double {
        if t == 0 { return 0 }
        if t == 1 { return 1 }
        var a = a, s: Double
        if a < 1 { a = 1; s = p / 4 } else { s = p / (2 * .pi) * asin(1 / a) }
        let t = t - 1
        return -(a * pow(2, 10 * t) * sin((t - s) * (2 * .pi) / p))
    }
    static func outElastic(_ t: Double, a: Double = 1, p: Double = 0.3) -> Double {
        if t == 0 { return 0 }
        if t == 1 { return 1 }
        var a = a, s: Double
        if a < 1 { a = 1; s = p / 4 } else { s = p / (2 * .pi) * asin(1 / a) }
        return a * pow(2, -10 * t) * sin((t - s) * (2 * .pi) / p) + 1
    }
    static func inOutElastic(_ t: Double, a: Double = 1, p: Double = 0.45) -> Double {
        if t == 0 { return 0 }
        var t = t * 2
        if t == 2 { return 1 }
        var a = a, s: Double
        if a < 1 { a = 1; s = p / 4 } else { s = p / (2 * .pi) * asin(1 / a) }
        t -= 1
        if t < 0 { return -0.5 * (a * pow(2, 10 * t) * sin((t - s) * (2 * .pi) / p)) }
        return a * pow(2, -10 * t) * sin((t - s) * (2 * .pi) / p) * 0.5 + 1
    }
    /// easeOutIn (Tweener's, not Penner's): easeOut over the first half, easeIn over the second.
    static func outIn(_ out: @escaping @Sendable (Double) -> Double, _ in: @escaping @Sendable (Double) -> Double) -> @Sendable (Double) -> Double {
        { t in t < 0.5 ? out(2 * t) / 2 : `in`(2 * t - 1) / 2 + 0.5 }
    }

    typealias Ease = @Sendable (Double) -> Double

    static func family(_ name: String, _ easeIn: @escaping Ease, _ easeOut: @escaping Ease, _ easeInOut: @escaping Ease) -> [(String, Ease)] {
        [("easeIn" + name, easeIn), ("easeOut" + name, easeOut), ("easeInOut" + name, easeInOut),
         ("easeOutIn" + name, outIn(easeOut, easeIn))]
    }

    static let all: [(String, Ease)] = {
        var all = family("Quad", inQuad, outQuad, inOutQuad)
        all += family("Cubic", inCubic, outCubic, inOutCubic)
        all += family("Quart", inQuart, outQuart, inOutQuart)
        all += family("Quint", inQuint, outQuint, inOutQuint)
        all += family("Sine", inSine, outSine, inOutSine)
        all += family("Expo", inExpo, outExpo, inOutExpo)
        all += family("Circ", inCirc, outCirc, inOutCirc)
        all += family("Back", { inBack($0) }, { outBack($0) }, { inOutBack($0) })
        all += family("Elastic", { inElastic($0) }, { outElastic($0) }, { inOutElastic($0) })
        all += family("Bounce", inBounce, outBounce, inOutBounce)
        return all
    }()
}

@Suite("Shipped native plugins")
struct ShippedNativePluginTests {
    static let times = [0.05, 0.1, 0.2, 0.25, 0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7, 0.75, 0.8, 0.9, 0.95]

    @Test("penner has the forty providers: ten families, each easeIn, easeOut, easeInOut and easeOutIn")
    func pennerNames() throws {
        let penner = try builtPlugin("penner")
        #expect(penner.version == "1.0.0")
        #expect(penner.providers.map(\.name).sorted() == Penner.all.map { "penner." + $0.0 }.sorted())
    }

    @Test("Every penner provider matches Penner's equations at the defaults", arguments: Penner.all.map(\.0))
    func pennerClosedForms(name: String) throws {
        let provider = try #require(try builtPlugin("penner").providers.first { $0.name == "penner." + name })
        let expected = try #require(Penner.all.first { $0.0 == name }?.1)
        let curve = try provider.curve()
        for t in Self.times {
            #expect(abs(curve.progress(at: t) - expected(t)) <= 1e-12, "\(name) at t = \(t)")
        }
        #expect(curve.progress(at: 0) == 0)
        #expect(curve.progress(at: 1) == 1)
    }

    @Test("penner's back takes an overshoot and elastic an amplitude and a period")
    func pennerParameters() throws {
        let penner = try builtPlugin("penner")
        func provider(_ name: String) throws -> any TimingProvider { try #require(penner.providers.first { $0.name == name }) }
        #expect(try provider("penner.easeOutBack").parameters == [ProviderParameter(name: "overshoot", defaultValue: 1.70158)])
        #expect(try provider("penner.easeInOutElastic").parameters
            == [ProviderParameter(name: "amplitude", defaultValue: 1), ProviderParameter(name: "period", defaultValue: 0.45)])
        let back = try provider("penner.easeOutBack").curve(parameters: ["overshoot": 3])
        let inOutBack = try provider("penner.easeInOutBack").curve(parameters: ["overshoot": 0.5])
        let elastic = try provider("penner.easeOutElastic").curve(parameters: ["amplitude": 1.4, "period": 0.5])
        for t in Self.times {
            #expect(abs(back.progress(at: t) - Penner.outBack(t, 3)) <= 1e-12)
            #expect(abs(inOutBack.progress(at: t) - Penner.inOutBack(t, 0.5)) <= 1e-12)
            #expect(abs(elastic.progress(at: t) - Penner.outElastic(t, a: 1.4, p: 0.5)) <= 1e-12)
        }
        // Overshoot 3 peaks higher than the default's 10%.
        #expect(back.progress(at: 0.7) > 1.15)
    }

    @Test("penner's power and sine curves give their velocity in closed form")
    func pennerVelocity() throws {
        let penner = try builtPlugin("penner")
        let quad = try #require(penner.providers.first { $0.name == "penner.easeInOutQuad" })
        #expect(quad.hasVelocity)
        let curve = try quad.curve()
        #expect(curve.velocity(within: 0.25) == 1)   // d/dt 2t² = 4t
        #expect(curve.velocity(within: 0.75) == 1)
        let sine = try #require(penner.providers.first { $0.name == "penner.easeOutSine" }).curve()
        #expect(abs(sine.velocity(at: 0) - .pi / 2) <= 1e-12)
    }

    @Test("physics.decay is POP's decay normalised: its own duration and the closed form of its distance")
    func physicsDecay() throws {
        let physics = try builtPlugin("physics")
        let decay = try #require(physics.providers.first)
        #expect(decay.name == "physics.decay")
        #expect(decay.parameters.map(\.description) == ["velocity = 1000", "deceleration = 0.998", "threshold = 1"])
        for (v0, d) in [(1000.0, 0.998), (2500.0, 0.99)] {
            let curve = try decay.curve(parameters: ["velocity": v0, "deceleration": d])
            // Speed v0 · d^(1000 s) reaches the threshold (1 pt/s) at T = ln(1 / v0) / (1000 ln d).
            let T = log(1 / v0) / (1000 * log(d))
            #expect(abs(try #require(curve.duration) - T) <= 1e-12)
            let total = v0 * (1 - pow(d, 1000 * T)) / (1000 * (1 - d) )
            for t in Self.times {
                let seconds = t * T
                let travelled = v0 * (1 - pow(d, 1000 * seconds)) / (1000 * (1 - d))
                #expect(abs(curve.progress(at: t) - travelled / total) <= 1e-12)
                // Velocity in fractions per fraction: (speed at s) · T / total distance.
                let speed = v0 * pow(d, 1000 * seconds) * -log(d) / (1 - d)
                #expect(abs(try #require(curve.velocity(within: t)) - speed * T / total) <= 1e-9 * max(1, speed * T / total))
            }
        }
        #expect(abs(try #require(try decay.curve().duration) - 3.4504226094) <= 1e-9)
        // Thrown the other way: the same curve (the animation gives the direction).
        let back = try decay.curve(parameters: ["velocity": -1000]), forth = try decay.curve()
        #expect(back.duration == forth.duration)
        #expect(back.progress(at: 0.3) == forth.progress(at: 0.3))
    }

    @Test("physics.decay refuses a deceleration outside (0, 1) and a speed below the threshold")
    func physicsChecks() throws {
        let decay = try #require(try builtPlugin("physics").providers.first)
        #expect(throws: ArgumentError.self) { try decay.curve(parameters: ["deceleration": 1]) }
        #expect(throws: ArgumentError.self) { try decay.curve(parameters: ["velocity": 0.5]) }
    }

    @Test("Every shipped native provider passes the plugin check")
    func checks() throws {
        for plugin in [try builtPlugin("penner"), try builtPlugin("physics")] {
            for case let provider as NativeTimingProvider in plugin.providers {
                let curve = try #require(try provider.curve() as? NativeProviderCurve)
                let problems = ProviderCheck.problems(
                    progress: curve.rawProgress, velocity: provider.hasVelocity ? { curve.rawVelocity($0) ?? .nan } : nil,
                    exactEndpoints: provider.hasExactEndpoints, duration: provider.hasDuration ? .some(curve.duration) : .none)
                #expect(problems.isEmpty, "\(provider.name): \(problems)")
            }
        }
    }
}
