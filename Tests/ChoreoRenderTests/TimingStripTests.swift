import Testing
@testable import ChoreoCore
@testable import ChoreoRender

@Suite("TimingStrip")
struct TimingStripTests {
    @Test("A bar per keyed animation, sampled each frame: delay is a gap, repeats reset the colour, fill is pale")
    func records() throws {
        let scene = Scene()
        scene.rootView.frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let box = View(name: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scene.rootView.addSubview(box)
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = .scalar(0)
        fade.toValue = .scalar(1)
        fade.timing.duration = 1
        fade.timing.beginTime = 0.5
        fade.timing.repeatCount = 2
        fade.timing.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        try box.layer.add(fade, forKey: "fade")
        scene.commit()
        let timeline = TimingStrip()
        for i in 0...30 {
            scene.advance(to: MediaTime(Double(i) / 10))
            timeline.record(scene)
        }
        let image = try timeline.render(width: 560)
        // One bar, labelled by view and key path; time 0...3.1 s maps onto x 230...544.
        func x(_ t: Double) -> Int { Int(230 + t / 3.1 * (544 - 230)) }
        let barY = 44 + 4
        #expect(image.color(x: x(0.2), y: barY) == image.color(x: 540, y: 5))        // the delay: nothing drawn
        let start = image.color(x: x(0.55), y: barY), end = image.color(x: x(1.45), y: barY)
        #expect(start.r > end.r + 80)                                               // light at 0, dark near 1
        let repeatStart = image.color(x: x(1.55), y: barY)
        #expect(abs(repeatStart.r - start.r) < 12)                                  // the repetition starts light again
        let fill = image.color(x: x(2.9), y: barY)
        #expect(fill.a == 255 && fill.r > end.r + 60)                               // after the end: the pale fill
        #expect(TimingStrip.label(box.layer, "fade", fade) == "box.opacity")
    }
}
