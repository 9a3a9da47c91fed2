import Foundation
import Testing
@testable import ChoreoCore

/// View blocks over repeated and combined changes, and the events they send.
extension ViewAnimateTests {
    @Test("Toggling again and again mid-flight never jumps, and every completion runs finished")
    func repeatedToggles() throws {
        let (scene, box) = makeScene()
        let log = CompletionLog()
        var target = 250.0
        var time = 0.0
        for toggle in 0..<4 {
            try View.animate(in: scene, withDuration: 0.6, animations: { box.center.x = target }, completion: log.completion("\(toggle)"))
            target = target == 250 ? 50 : 250
            var previous = box.layer.presentation.position.x
            for _ in 0..<15 {
                time += 0.01
                let x = presentedX(scene, box, at: time)
                #expect(abs(x - previous) < 8, "toggle \(toggle) at \(time)")
                previous = x
            }
        }
        #expect(presentedX(scene, box, at: time + 1) == 50)
        #expect(log.entries == ["0 true", "1 true", "2 true", "3 true"])
    }

    @Test("Two changes of one property in a block make one animation from the first old value")
    func changedTwice() throws {
        let (scene, box) = makeScene()
        try View.animate(in: scene, withDuration: 1) {
            box.center.x = 100
            box.center.y = 80
            box.center.x = 200
        }
        let moves = attachedAnimations(box.layer).compactMap { $0 as? BasicAnimation }
        #expect(moves.count == 1)
        #expect(moves.first?.fromValue == .point(Point(x: -150, y: -30)))
    }

    @Test("A singular new transform animates non-additively from the old one")
    func singularTransform() throws {
        let (scene, box) = makeScene()
        try View.animate(in: scene, withDuration: 1, options: .curveLinear) {
            box.transform = Transform2D(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
        }
        let shrink = try #require(attachedAnimations(box.layer).first as? BasicAnimation)
        #expect(!shrink.isAdditive)
        #expect(shrink.fromValue == .transform(.identity))
        #expect(box.layer.presentation.transform == .identity)
        scene.advance(to: 1)
        #expect(box.layer.presentation.transform.m11 == 0)
    }

    @Test("A block's starts go to an event observer when there is one, and its stops always reach the completion")
    func startsReachObservers() throws {
        for observing in [false, true] {
            let (scene, box) = makeScene()
            var seen: [String] = []
            if observing {
                scene.eventObserver = { event in
                    switch event.kind {
                    case .didStart: seen.append("start \(event.key ?? "")")
                    case .didStop(let finished): seen.append("stop \(event.key ?? "") \(finished)")
                    }
                }
            }
            var finished: Bool?
            try View.animate(in: scene, withDuration: 1, animations: { box.center.x = 150 }, completion: { finished = $0 })
            let key = try #require(box.layer.animationKeys().first)
            scene.advance(to: 0.5)
            scene.advance(to: 1)
            #expect(finished == true)
            #expect(seen == (observing ? ["start \(key)", "stop \(key) true"] : []))
        }
    }

    @Test("Blocks on the same cubic share one curve box, and a curve wrapping that cubic keeps a box of its own")
    func sharedCurveBoxes() throws {
        let (scene, box) = makeScene()
        try View.animate(in: scene, withDuration: 1, curve: CubicBezierCurve.easeIn) { box.center.x = 100 }
        try View.animate(in: scene, withDuration: 1, curve: CubicBezierCurve.easeIn) { box.alpha = 0.5 }
        try View.animate(in: scene, withDuration: 1, curve: AnyTimingCurve(CubicBezierCurve.easeIn)) { box.center.y = 90 }
        let boxes = attachedAnimations(box.layer).map(\.curveBox)
        #expect(boxes.count == 3)
        guard boxes.count == 3, let first = boxes[0], let second = boxes[1], let third = boxes[2] else { return }
        #expect(first === second)
        #expect(first !== third)
        #expect(first.curve is CubicBezierCurve)
        #expect(third.curve is AnyTimingCurve)
    }
}
