import ChoreoCore
import ChoreoLua
import ChoreoPreviewWindow
import ChoreoRender
import ChoreoRuntime

/// The preview's playback state over a scene script: the playhead, speed, range, loop, pause,
/// and reload by replay. Moving forward steps the engine on its frame grid; moving backward (a
/// step back, Home, a scrub, a loop's wrap) or reloading loads the script again and replays it
/// headless to the playhead, so every frame shown is the one `choreo render` draws at that time.
///
/// Speed scales how far the playhead moves per vsync (scene time stays continuous when it
/// changes); `--slow-animations N` divides it by N.
final class ScenePreviewModel: PreviewModel {
    static let speeds = [0.1, 0.25, 0.5, 1, 2]

    private let script: ScriptOptions
    private let slowdown: Double
    private(set) var scene: Scene
    private var host: ScriptHost
    private var driver: FrameDriver
    private var playhead = 0.0
    private var speed = 1.0
    private var paused: Bool
    private var inPoint: Double?, outPoint: Double?
    private var looping = false
    private var lastVsync: Double?
    private var skipped = 0
    private var reloads = 0
    private var reloadStatus: String?
    private var error: String?
    /// The timeline's end: --duration, else when the scene first went idle (at most 10 s).
    private let end: Double

    init(script: ScriptOptions, paused: Bool, slowdown: Double) throws {
        self.script = script
        self.paused = paused
        self.slowdown = slowdown
        let (host, driver) = try Self.load(script, warns: true)
        self.host = host
        self.driver = driver
        scene = host.engine.scene
        end = try script.duration ?? Self.idleTime(script)
    }

    var period: Double { 1 / script.fps }

    var hudContent: PreviewHUD.Content {
        var content = PreviewHUD.Content(time: playhead, end: end)
        content.speed = speed
        content.inPoint = inPoint
        content.outPoint = outPoint
        content.isLooping = looping
        content.isPaused = paused
        content.skippedFrames = skipped
        content.reloadStatus = reloadStatus
        content.error = error
        return content
    }

    func tick(vsync time: Double) {
        defer { lastVsync = time }
        guard let last = lastVsync, !paused else { return }
        let elapsed = time - last
        let vsyncs = (elapsed / period).rounded()
        if vsyncs > 1 { skipped += Int(vsyncs) - 1 }
        var target = playhead + elapsed * speed / slowdown
        let (low, high) = (inPoint ?? 0, outPoint ?? end)
        if looping, high > low, target > high {
            target = low + (target - high).truncatingRemainder(dividingBy: high - low)
        } else if target > end {
            target = end
        }
        move(to: target)
    }

    func perform(_ action: PreviewAction) {
        switch action {
        case .togglePlay: setPaused(!paused)
        case .stepFrames(let n): paused = true; move(to: onGrid(playhead) + Double(n) * period)
        case .stepSeconds(let s): paused = true; move(to: onGrid(playhead + s))
        case .toStart: move(to: looping ? inPoint ?? 0 : 0)
        case .toEnd: move(to: looping ? outPoint ?? end : end)
        case .slower: speed = Self.speeds.last(where: { $0 < speed }) ?? speed
        case .faster: speed = Self.speeds.first(where: { $0 > speed }) ?? speed
        case .setIn: inPoint = playhead; if let out = outPoint, out <= playhead { outPoint = nil }
        case .setOut: outPoint = playhead; if let i = inPoint, i >= playhead { inPoint = nil }
        case .clearRange: inPoint = nil; outPoint = nil
        case .toggleLoop: looping.toggle()
        case .toggleHUD, .quit, .scrub, .endScrub: break
        }
    }

    func seek(to time: Double) { move(to: time) }

    /// The frame time nearest `time`, so that steps land on the frames `choreo render` draws.
    private func onGrid(_ time: Double) -> Double { (time * script.fps).rounded() / script.fps }

    func setPaused(_ paused: Bool) {
        self.paused = paused
        if !paused { lastVsync = nil }  // resume without a jump
    }

    func reload() {
        reloads += 1
        do {
            let (host, driver) = try Self.load(script, warns: false, to: playhead)
            (self.host, self.driver, scene) = (host, driver, host.engine.scene)
            error = nil
            reloadStatus = "reloaded (\(reloads))"
        } catch {
            self.error = "\(error)"
            reloadStatus = "reload failed (\(reloads))"
        }
    }

    /// Moves the playhead to `time` (clamped to 0...end), replaying from the start to go back.
    private func move(to time: Double) {
        let time = min(max(time, 0), end)
        if time < host.engine.now - 1e-9 {
            if let (host, driver) = try? Self.load(script, warns: false, to: time) {
                (self.host, self.driver, scene) = (host, driver, host.engine.scene)
            }
        } else {
            step(driver, to: time)
        }
        playhead = time
    }

    private func step(_ driver: FrameDriver, to time: Double) {
        // A nanosecond of slack: a time meant to be on a frame reaches it despite rounding.
        guard let step = try? driver.step(to: time + 1e-9) else { return }
        if let failure = step.report?.error { error = "\(failure.error)" }
    }

    /// Loads the script into a fresh host and runs it headless to `time`.
    private static func load(_ script: ScriptOptions, warns: Bool, to time: Double = 0) throws -> (ScriptHost, FrameDriver) {
        let host = try script.makeHost(warnsAboutPlugins: warns)
        if !warns { host.vm.printHandler = { _ in } }
        try script.runTopLevel(host)
        guard host.hasMadeScene else {
            throw ScriptFailure(message: "\(script.scene) made no Scene, so there is nothing to preview (a scene script calls Scene.new{ width =, height = } at its top level)")
        }
        let driver = try host.engine.start(until: .time(script.duration ?? ScriptOptions.maximumDuration), fps: script.fps)
        let step = try driver.step(to: time + 1e-9)
        if let failure = step.report?.error { throw ScriptFailure(message: "\(failure.error)") }
        return (host, driver)
    }

    /// When the scene has nothing left to do, run headless (at most 10 s, as render).
    private static func idleTime(_ script: ScriptOptions) throws -> Double {
        let probe = try script.makeHost(warnsAboutPlugins: false)
        probe.vm.printHandler = { _ in }
        try script.runTopLevel(probe)
        let report = try probe.engine.run(until: .time(RenderCommand.defaultLimit), fps: script.fps)
        return max(report.endTime, 1)
    }
}
