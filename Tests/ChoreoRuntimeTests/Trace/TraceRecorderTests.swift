import ChoreoCore
import Testing
@testable import ChoreoRuntime

@Suite("Trace recording")
struct TraceRecorderTests {
    private func scene() throws -> (Scene, View) {
        let scene = Scene()
        let box = View(name: "box", frame: Rect(x: 20, y: 100, width: 80, height: 80))
        scene.rootView.addSubview(box)
        scene.rootView.addSubview(View())  // unnamed: not traced
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = .scalar(0)
        fade.toValue = .scalar(1)
        fade.timing.duration = 1
        try box.layer.add(fade, forKey: "fade")
        scene.commit()
        return (scene, box)
    }

    @Test("JSONL lines hold the frame, the time and each named view's chosen values")
    func jsonl() throws {
        let (scene, _) = try scene()
        var lines: [String] = []
        let recorder = TraceRecorder(selection: try TraceSelection(parsing: "box.opacity,position"), write: { lines.append($0) })
        scene.advance(to: 0.25)
        try recorder.record(frame: 15, scene: scene)
        #expect(lines == [#"{"frame":15,"time":0.25,"views":{"box":{"opacity":0.25,"position":{"x":60,"y":140}}}}"#])
    }

    @Test("The default selection records position, size, opacity, transform and color")
    func defaults() throws {
        let (scene, _) = try scene()
        var lines: [String] = []
        try TraceRecorder(write: { lines.append($0) }).record(frame: 0, scene: scene)
        #expect(lines == [
            #"{"frame":0,"time":0,"views":{"box":{"position":{"x":60,"y":140},"bounds.size":{"width":80,"height":80},"#
                + #""opacity":0,"transform":[1,0,0,1,0,0],"backgroundColor":{"r":0,"g":0,"b":0,"a":0}}}}"#,
        ])
    }

    @Test("CSV flattens compound values into named columns under one header")
    func csv() throws {
        let (scene, _) = try scene()
        var lines: [String] = []
        let recorder = TraceRecorder(format: .csv, selection: try TraceSelection(parsing: "box.opacity,box.position"),
                                     write: { lines.append($0) })
        try recorder.record(frame: 0, scene: scene)
        scene.advance(to: 0.5)
        try recorder.record(frame: 30, scene: scene)
        #expect(lines == ["frame,time,box.opacity,box.position.x,box.position.y", "0,0,0,60,140", "30,0.5,0.5,60,140"])
    }

    @Test("Bad --props items are rejected with the item named")
    func badSelection() {
        #expect(throws: ArgumentError(parameter: "--props", requirement: "takes view.keyPath items such as box.opacity", value: "\"box\"")) {
            try TraceSelection(parsing: "box")
        }
        #expect(throws: ArgumentError.self) { try TraceSelection(parsing: "box.position.z") }
    }

    @Test("Numbers are written in their shortest round-trip form, non-finite ones as null")
    func numbers() {
        #expect(formatTraceNumber(0.1) == "0.1")
        #expect(formatTraceNumber(1) == "1")
        #expect(formatTraceNumber(-0.0) == "0")
        #expect(formatTraceNumber(1e-7) == "1e-07")
        #expect(formatTraceNumber(.nan) == "null")
        #expect(jsonString("a\"b\n") == #""a\"b\n""#)
    }
}
