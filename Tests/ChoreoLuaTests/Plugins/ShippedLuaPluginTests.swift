import ChoreoCore
import Foundation
import Testing
@testable import ChoreoLua

/// Material 3's emphasized path, solved independently: the y of the two-segment cubic path where
/// its x is t (bisection on the segment's parameter, to 1e-15).
private func emphasized(_ t: Double) -> Double {
    let segments: [[Double]] = [
        [0, 0.05, 0.133333, 0.166666, 0, 0, 0.06, 0.4],
        [0.166666, 0.208333, 0.25, 1, 0.4, 0.82, 1, 1],
    ]
    func cubic(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ s: Double) -> Double {
        let u = 1 - s
        return u * u * u * a + 3 * u * u * s * b + 3 * u * s * s * c + s * s * s * d
    }
    let g = t < segments[1][0] ? segments[0] : segments[1]
    var lo = 0.0, hi = 1.0
    while hi - lo > 1e-15 {
        let mid = (lo + hi) / 2
        if cubic(g[0], g[1], g[2], g[3], mid) < t { lo = mid } else { hi = mid }
    }
    return cubic(g[4], g[5], g[6], g[7], (lo + hi) / 2)
}

@Suite("Shipped Lua plugins")
struct ShippedLuaPluginTests {
    static let times = [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95]

    @Test("The shipped plugins load from Plugins/ and the built products, with nothing refused")
    func shipped() throws {
        let host = try shippedPluginHost()
        #expect(host.pluginFailures.isEmpty)
        #expect(Set(host.loadedPlugins.map(\.name)) == ["penner", "physics", "material", "springs"])
        for plugin in host.loadedPlugins {
            for provider in plugin.providers {
                #expect(host.checkProvider(provider).isEmpty, "\(provider.name): \(host.checkProvider(provider))")
            }
        }
    }

    @Test("material's cubic curves are Material 3's control points")
    func materialCubics() throws {
        let host = try shippedPluginHost()
        let expected: [(String, CubicBezierCurve)] = [
            ("material.standard", try CubicBezierCurve(0.2, 0, 0, 1)),
            ("material.emphasizedDecelerate", try CubicBezierCurve(0.05, 0.7, 0.1, 1)),
            ("material.emphasizedAccelerate", try CubicBezierCurve(0.3, 0, 0.8, 0.15)),
        ]
        for (name, cubic) in expected {
            let curve = try host.registry.curve(named: name)
            for t in Self.times { #expect(curve.progress(at: t) == cubic.progress(at: t), "\(name) at \(t)") }
        }
    }

    @Test("material.emphasized follows Material 3's two-segment path within 1e-4")
    func materialEmphasized() throws {
        let host = try shippedPluginHost()
        let curve = try host.registry.curve(named: "material.emphasized")
        var worst = 0.0
        for i in 0...2000 {
            let t = Double(i) / 2000
            worst = max(worst, abs(curve.progress(at: t) - emphasized(t)))
        }
        #expect(worst < 1e-4)
        // The path's joint: x = 0.166666 is y = 0.4.
        #expect(abs(curve.progress(at: 0.166666) - 0.4) < 1e-4)
    }

    @Test("springs are SwiftUI's smooth, snappy and bouncy: Spring(duration:bounce:), parameters per use")
    func springs() throws {
        let host = try shippedPluginHost()
        for (name, duration, bounce) in [("smooth", 0.5, 0.0), ("snappy", 0.5, 0.15), ("bouncy", 0.5, 0.3)] {
            let curve = try host.registry.curve(named: "springs." + name)
            let spring = try SpringCurve(duration: duration, bounce: bounce)
            #expect(curve.duration == spring.duration)
            for t in Self.times { #expect(curve.progress(at: t) == spring.progress(at: t), "springs.\(name) at \(t)") }
        }
        let custom = try host.registry.curve(named: "springs.bouncy", parameters: ["bounce": 0.5, "duration": 0.8])
        let spring = try SpringCurve(duration: 0.8, bounce: 0.5)
        #expect(custom.progress(at: 0.3) == spring.progress(at: 0.3))
        #expect(custom.duration == spring.duration)
    }

    @Test("Native providers take parameters from Lua too, in every form")
    func nativeFromLua() throws {
        let host = try shippedPluginHost()
        let s = 2.0, t = 0.6
        let u = t - 1
        let expected = u * u * ((s + 1) * u + s) + 1
        #expect(try numbers("""
            local a = Timing.get("penner.easeOutBack", { overshoot = 2 }):progress(0.6)
            local fade = BasicAnimation.new("opacity")
            fade.timingFunction = {"penner.easeOutBack", overshoot = 2}
            return a, fade.timingFunction:progress(0.6)
            """, in: host) == [expected, expected])
        let refused = failure(of: "Timing.get('penner.easeOutElastic', { period = -1 })", in: host.vm)?.message
        #expect(refused?.contains("penner.easeOutElastic refuses these parameters: period must be > 0") == true)
    }
}
