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
        try box.layer.add(linear("opacity", 0, 1, duration: 1), forKey: "fade")
        scene.commit()
        return (scene, box)
    }

    /// A basic animation of a number, paced linearly.
    private func linear(_ keyPath: String, _ from: Double, _ to: Double, duration: Double) -> BasicAnimation {
        let animation = BasicAnimation(keyPath: keyPath)
        animation.fromValue = .scalar(from)
        animation.toValue = .scalar(to)
        animation.timing.duration = MediaDuration(duration)
        return animation
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

    @Test("An emitter's factors are key paths of --props: recorded for emitters, skipped on other layers")
    func emitterFactors() throws {
        let (scene, _) = try scene()
        let emitter = Layer(name: "sparks", class: .emitter)
        try emitter.setValue(.scalar(0.5), forKeyPath: "birthRate")
        scene.rootLayer.addSublayer(emitter)
        var lines: [String] = []
        let recorder = TraceRecorder(selection: try TraceSelection(parsing: "birthRate,lifetime"), write: { lines.append($0) })
        try recorder.record(frame: 0, scene: scene)
        #expect(lines == [#"{"frame":0,"time":0,"views":{"sparks":{"birthRate":0.5,"lifetime":1}}}"#])
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

    @Test("With velocity, a velocity object after the views holds each value's rate in units per second")
    func velocityJSONL() throws {
        let (scene, _) = try scene()
        var lines: [String] = []
        let recorder = TraceRecorder(
            selection: try TraceSelection(parsing: "box.opacity,position"), recordsVelocity: true, write: { lines.append($0) })
        scene.advance(to: 0.25)
        try recorder.record(frame: 15, scene: scene)
        scene.advance(to: 1)
        try recorder.record(frame: 60, scene: scene)
        // The fade runs 0 → 1 in 1 s: 1 per second, and 0 once it has ended.
        #expect(lines == [
            #"{"frame":15,"time":0.25,"views":{"box":{"opacity":0.25,"position":{"x":60,"y":140}}},"#
                + #""velocity":{"box":{"opacity":1,"position":{"x":0,"y":0}}}}"#,
            #"{"frame":60,"time":1,"views":{"box":{"opacity":1,"position":{"x":60,"y":140}}},"#
                + #""velocity":{"box":{"opacity":0,"position":{"x":0,"y":0}}}}"#,
        ])
    }

    @Test("With velocity, CSV adds a .velocity column per value column after the values; transforms as their values")
    func velocityCSV() throws {
        let (scene, box) = try scene()
        try box.layer.add(linear("transform.translation.x", 0, 100, duration: 2), forKey: "shift")
        scene.commit()
        var lines: [String] = []
        let recorder = TraceRecorder(
            format: .csv, selection: try TraceSelection(parsing: "box.opacity,box.transform"), recordsVelocity: true,
            write: { lines.append($0) })
        scene.advance(to: 0.5)
        try recorder.record(frame: 30, scene: scene)
        // CSV lays a transform out by its kind: all 16 entries, affine or not.
        let names = (1...4).flatMap { row in (1...4).map { "box.transform.m\(row)\($0)" } }
        #expect(lines == [
            (["frame", "time", "box.opacity"] + names + ["box.opacity.velocity"] + names.map { $0 + ".velocity" })
                .joined(separator: ","),
            // tx moves 50 per second: m41.
            "30,0.5,0.5,1,0,0,0,0,1,0,0,0,0,1,0,25,0,0,1,1,0,0,0,0,0,0,0,0,0,0,0,0,50,0,0,0",
        ])
    }

    @Test("A transform's velocity is written in its value's layout: six entries when affine, else 16")
    func transformVelocityLayout() {
        let rate = Transform3D(m11: 1, m12: 2, m13: 3, m14: 4, m21: 5, m22: 6, m23: 7, m24: 8,
                               m31: 9, m32: 10, m33: 11, m34: 12, m41: 13, m42: 14, m43: 15, m44: 16)
        #expect(TraceRecorder.velocityComponents(.transform(rate), laidOutAs: .transform(.identity)) == [1, 2, 5, 6, 13, 14])
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        #expect(TraceRecorder.velocityComponents(.transform(rate), laidOutAs: .transform(perspective)) == Array(1...16).map(Double.init))
        #expect(TraceRecorder.velocityComponents(.point(Point(x: 3, y: 4)), laidOutAs: .point(.zero)) == [3, 4])
    }

    @Test("Named stand-alone layers are traced like views, depth first and back to front; unnamed ones are not")
    func standAloneLayers() throws {
        let (scene, box) = try scene()
        let dot = Layer(name: "dot")
        try dot.setValue(.point(Point(x: 3, y: 4)), forKeyPath: "position")
        box.layer.addSublayer(dot)
        box.layer.addSublayer(Layer())
        let badge = Layer(name: "badge")
        scene.rootLayer.addSublayer(badge)
        var lines: [String] = []
        try TraceRecorder(selection: try TraceSelection(parsing: "position"), write: { lines.append($0) }).record(frame: 0, scene: scene)
        #expect(lines == [#"{"frame":0,"time":0,"views":{"box":{"position":{"x":60,"y":140}},"dot":{"position":{"x":3,"y":4}},"#
            + #""badge":{"position":{"x":0,"y":0}}}}"#])
    }

    @Test("CSV: an item whose layer comes later has its columns from the start; columns the header lacks are listed")
    func csvColumnsFixedAtFirstFrame() throws {
        let (scene, _) = try scene()
        var lines: [String] = []
        let recorder = TraceRecorder(format: .csv, selection: try TraceSelection(parsing: "late.position,opacity"),
                                     write: { lines.append($0) })
        try recorder.record(frame: 0, scene: scene)
        scene.rootView.addSubview(View(name: "late", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        scene.advance(to: 0.5)
        try recorder.record(frame: 30, scene: scene)
        #expect(lines == ["frame,time,box.opacity,late.position.x,late.position.y", "0,0,0,,", "30,0.5,0.5,5,5"])
        // late.opacity (the bare item) is not in the header: left out, and listed.
        #expect(recorder.csvColumnsLeftOut == ["late.opacity"])
        #expect(recorder.unmatchedItems.isEmpty)
    }

    @Test("Items that record nothing in any frame are listed, with what would have matched")
    func unmatched() throws {
        let (scene, _) = try scene()
        let recorder = TraceRecorder(selection: try TraceSelection(parsing: "bx.opacity,box.alpha,box.opacity,position"), write: { _ in })
        try recorder.record(frame: 0, scene: scene)
        #expect(recorder.unmatchedItems.map(\.text) == ["bx.opacity", "box.alpha"])
        #expect(recorder.explainUnmatched(recorder.unmatchedItems[0])
            == #"--props bx.opacity matched nothing: no layer or view is named "bx" in any frame (named: box)"#)
        #expect(recorder.explainUnmatched(recorder.unmatchedItems[1]).hasSuffix("a view's alpha is the layer's opacity)"))
    }

    @Test("Bad --props items are rejected with the item named")
    func badSelection() {
        #expect(throws: ArgumentError(
            parameter: "--props", requirement: "takes keyPath items (" + TraceSelection.knownKeyPaths.joined(separator: ", ")
                + ") or name.keyPath items such as box.opacity", value: "\"box\"")) {
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
