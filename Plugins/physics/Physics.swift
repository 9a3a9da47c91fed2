// physics — a native Choreo plugin written in Swift: POP's decay as a timing curve.
//
// The whole ABI is one C function, exported with @_cdecl; everything it returns is static
// (allocated once, never freed), and the providers are plain C function pointers: closures
// that capture nothing, as choreo_plugin.h requires.
#if canImport(Glibc)
import Glibc
#endif
import ChoreoPluginABI

/// `physics.decay`: a body thrown with an initial velocity, slowed by friction until it rests —
/// Facebook POP's `POPDecayAnimation` (and UIScrollView's deceleration), normalised to progress.
///
/// Units and model: velocity `v0` in points per second (its sign is ignored: the animation's
/// from and to values give the direction); `deceleration` d is the fraction of the
/// velocity kept each millisecond (POP's and UIScrollView's normal rate: 0.998); so
/// v(s) = v0 · d^(1000 s) after s seconds, and the body travels v0 / (1000 (1 − d)) points in all
/// (500 pt at the defaults). The curve ends, and defines its own **duration**, when the speed
/// falls below `threshold` (points per second, default 1): T = ln(threshold / v0) / (1000 ln d)
/// (3.45 s at the defaults). Progress is the distance so far over the distance at T:
///
///     progress(t) = (1 − d^(1000 T t)) / (1 − d^(1000 T)),   t = s / T in 0...1
///
/// so an animation from A to B with this curve moves like a decay that comes to rest at B; to
/// throw a view, animate it by the decay's distance, v0 / (1000 (1 − d)) (times the direction).
enum Decay {
    /// 1000 T ln d: the exponent at t = 1 (negative).
    static func exponent(_ p: UnsafePointer<Double>) -> Double {
        1000 * duration(p) * log(p[1])
    }

    /// The speed |v0| matters, not the sign: the animation's from and to give the direction.
    static func duration(_ p: UnsafePointer<Double>) -> Double {
        log(p[2] / abs(p[0])) / (1000 * log(p[1]))
    }

    static let progress: @convention(c) (UnsafePointer<Double>?, Double) -> Double = { p, t in
        guard let p else { return t }
        let k = Decay.exponent(p)
        return (1 - exp(k * t)) / (1 - exp(k))
    }

    static let velocity: @convention(c) (UnsafePointer<Double>?, Double) -> Double = { p, t in
        guard let p else { return 1 }
        let k = Decay.exponent(p)
        return -k * exp(k * t) / (1 - exp(k))
    }

    static let seconds: @convention(c) (UnsafePointer<Double>?) -> Double = { p in
        guard let p else { return .nan }
        return Decay.duration(p)
    }

    static let check: @convention(c) (UnsafePointer<Double>?) -> UnsafePointer<CChar>? = { p in
        guard let p else { return nil }
        if !(p[1] > 0 && p[1] < 1) { return cString("deceleration must be within (0, 1): the fraction of velocity kept each millisecond") }
        if !(p[2] > 0) { return cString("threshold must be > 0 (points per second)") }
        if !(abs(p[0]) > p[2]) { return cString("the speed |velocity| must be above threshold (points per second)") }
        return nil
    }
}

/// A C string that lives forever (a static string literal is NUL-terminated).
func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// The descriptor, built once. `nonisolated(unsafe)`: written once by Swift's thread-safe lazy
/// global initialisation, read-only afterwards.
nonisolated(unsafe) let descriptor: UnsafePointer<choreo_plugin_descriptor> = {
    let names = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: 3)
    names[0] = cString("velocity")
    names[1] = cString("deceleration")
    names[2] = cString("threshold")
    let defaults = UnsafeMutablePointer<Double>.allocate(capacity: 3)
    defaults[0] = 1000
    defaults[1] = 0.998
    defaults[2] = 1
    let providers = UnsafeMutablePointer<choreo_provider>.allocate(capacity: 1)
    providers[0] = choreo_provider(
        name: cString("decay"), param_count: 3, param_names: UnsafePointer(names), param_defaults: UnsafePointer(defaults),
        progress: Decay.progress, velocity: Decay.velocity, duration: Decay.seconds, check: Decay.check, flags: 0)
    let result = UnsafeMutablePointer<choreo_plugin_descriptor>.allocate(capacity: 1)
    result.initialize(to: choreo_plugin_descriptor(
        abi_version: CHOREO_PLUGIN_ABI_VERSION, name: cString("physics"), version: cString("1.0.0"),
        provider_count: 1, providers: UnsafePointer(providers)))
    return UnsafePointer(result)
}()

/// The plugin's one export (choreo_plugin.h).
@_cdecl("choreo_plugin_entry")
public func choreoPluginEntry() -> UnsafePointer<choreo_plugin_descriptor> {
    descriptor
}
