import Testing
@testable import ChoreoRuntime

@Suite("Provider checks")
struct ProviderCheckTests {
    @Test("An honest easing passes: exact ends, a velocity matching its slope, a positive duration")
    func passes() {
        #expect(ProviderCheck.problems(progress: { $0 * $0 }, velocity: { 2 * $0 }, exactEndpoints: true,
                                       duration: .some(0.5)).isEmpty)
    }

    @Test("A corner passes when the velocity matches the slope on one side (a bounce)")
    func corners() {
        // Slope 0.5, then 1.5 from t = 0.5 on: at the corner either one-sided velocity is honest.
        let progress = { (t: Double) in t < 0.5 ? 0.5 * t : 0.25 + 1.5 * (t - 0.5) }
        #expect(ProviderCheck.problems(progress: progress, velocity: { $0 < 0.5 ? 0.5 : 1.5 }, exactEndpoints: true).isEmpty)
        #expect(ProviderCheck.problems(progress: progress, velocity: { $0 <= 0.5 ? 0.5 : 1.5 }, exactEndpoints: true).isEmpty)
    }

    @Test("Each failure is named: a NaN, wrong ends, a velocity off its slope, a bad duration")
    func failures() {
        #expect(ProviderCheck.problems(progress: { $0 > 0.3 ? .nan : $0 }, velocity: nil, exactEndpoints: true)
            == ["progress(0.31) = nan, not a finite number"])
        #expect(ProviderCheck.problems(progress: { 0.1 + $0 }, velocity: nil, exactEndpoints: true) == [
            "progress(0) = 0.1 (expected 0; declare free endpoints if meant)",
            "progress(1) = 1.1 (expected 1; declare free endpoints if meant)",
        ])
        #expect(ProviderCheck.problems(progress: { 0.1 + $0 }, velocity: nil, exactEndpoints: false).isEmpty)
        #expect(ProviderCheck.problems(progress: { $0 }, velocity: { _ in 2 }, exactEndpoints: true)
            == ["velocity(0.01) = 2 but the slope of progress there is 1"])
        #expect(ProviderCheck.problems(progress: { $0 }, velocity: nil, exactEndpoints: true, duration: .some(-1))
            == ["duration = -1, not a finite number of seconds > 0"])
        #expect(ProviderCheck.problems(progress: { $0 }, velocity: nil, exactEndpoints: true, duration: .some(nil))
            == ["declares a duration but gives none"])
    }
}
