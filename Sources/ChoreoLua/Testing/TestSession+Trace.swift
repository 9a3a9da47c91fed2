import ChoreoCore
import ChoreoRuntime

/// `expectTrace(name, {duration = 1, fps = 30, props = "box.opacity,box.position", velocity = true})`: records
/// the scene's trace from now over `duration` seconds at `fps` (default: the engine's rate) and
/// compares it with the golden `__snapshots__/<test file name>/<name>.jsonl` (`SnapshotBook`).
///
/// Frame k (0, 1, …, duration × fps) is sampled at now + k / fps, after the engine has advanced
/// there (everything due on the way runs, as with `advance`), so the test ends `duration` later.
/// Lines are `TraceRecorder` JSONL: `{"frame":k,"time":t,"views":{...}}` with absolute engine
/// times. `props` takes what `choreo trace --props` takes, as a string or a list of strings;
/// without it every named view records the default properties.
extension TestSession {
    /// The most frames one trace may have.
    static let maximumTraceFrames = 100_000

    func installTraceSnapshots() {
        host.vm.registerGlobal("expectTrace") { [unowned self] call in
            let name = try call.string(at: 1, name: "name")
            let options = try call.table(at: 2, name: "options")
            let duration = try options.number("duration")
            let fps = try options.optionalNumber("fps") ?? host.engine.framesPerSecond
            let props = options.value("props")
            let velocity = try options.optionalBoolean("velocity") ?? false
            try requireTest("expectTrace", to: "record a trace")
            let position = call.callerPosition
            guard duration.isFinite, duration >= 0 else {
                throw LuaCallError("expectTrace: duration must be a finite number ≥ 0 (got \(formatNumber(duration)))")
            }
            guard fps.isFinite, fps > 0, fps <= 1000 else {
                throw LuaCallError("expectTrace: fps must be within (0, 1000] (got \(formatNumber(fps)))")
            }
            let exact = duration * fps
            let frames = abs(exact - exact.rounded()) < 1e-9 ? exact.rounded() : exact.rounded(.down)
            guard frames <= Double(Self.maximumTraceFrames) else {
                throw LuaCallError("expectTrace: at most \(Self.maximumTraceFrames) frames (duration × fps is \(formatNumber(exact)))")
            }
            var lines: [String] = []
            let recorder = TraceRecorder(format: .jsonl, selection: try selection(props), recordsVelocity: velocity) {
                lines.append($0)
            }
            try record(frames: Int(frames), fps: fps, with: recorder)
            if let item = recorder.unmatchedItems.first { throw LuaCallError("expectTrace: " + recorder.explainUnmatched(item)) }
            if let failure = try snapshots.check(name, lines: lines, test: currentTest ?? "") {
                throw failExpectation(failure, at: position)
            }
            return 0
        }
    }

    /// Steps the engine over `frames` + 1 frames at `fps` from now, recording each.
    private func record(frames: Int, fps: Double, with recorder: TraceRecorder) throws {
        let engine = host.engine
        let start = engine.now
        for frame in 0...frames {
            let time = start + Double(frame) / fps
            try advanceEngine { () throws in try engine.advance(to: time) }
            try recorder.record(frame: frame, scene: engine.scene)
        }
    }

    private func selection(_ props: LuaValue) throws -> TraceSelection {
        switch props {
        case .nil: return .all
        case let .string(text): return try TraceSelection(parsing: text)
        case let .table(table):
            var items: [String] = []
            for index in stride(from: 1, through: table.count, by: 1) {
                guard let item = table[index].stringValue else {
                    throw LuaCallError("expectTrace: props[\(index)] must be a string such as \"box.opacity\"")
                }
                items.append(item)
            }
            return try TraceSelection(parsing: items.joined(separator: ","))
        default:
            throw LuaCallError("expectTrace: props must be a string (\"box.opacity,box.position\") or a list of strings")
        }
    }
}
