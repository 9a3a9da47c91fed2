import Testing
@testable import ChoreoCore
@testable import ChoreoRender

/// The preview's HUD: drawn over the scene's pixels, never in place of them when hidden.
@Suite("PreviewHUD")
struct PreviewHUDTests {
    /// A 200×120 canvas painted one colour (a stand-in for a rendered scene).
    func plainCanvas() throws -> Canvas {
        let scene = Scene()
        scene.screenSize = Size(width: 200, height: 120)
        scene.rootView.frame = Rect(x: 0, y: 0, width: 200, height: 120)
        scene.rootView.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.8)
        scene.commit()
        return try SceneRenderer().render(scene)
    }

    @Test("The status line gives the time to the millisecond, the speed, paused, the range and skipped frames")
    func statusLine() {
        var content = PreviewHUD.Content(time: 1.25, end: 4)
        #expect(PreviewHUD.statusLine(content) == "1.250 s / 4.000 s · ×1 · playing")
        content.speed = 0.25
        content.isPaused = true
        content.inPoint = 1
        content.outPoint = 2
        content.isLooping = true
        content.skippedFrames = 3
        #expect(PreviewHUD.statusLine(content) == "1.250 s / 4.000 s · ×0.25 · paused · in 1.000 out 2.000 loop · skipped 3")
        content.slowAnimations = 10
        #expect(PreviewHUD.statusLine(content).hasPrefix("1.250 s / 4.000 s · ×0.25 · slow ×10 · paused"))
        content.slowAnimations = 1
        content.outPoint = nil
        content.isLooping = false
        #expect(PreviewHUD.statusLine(content) == "1.250 s / 4.000 s · ×0.25 · paused · in 1.000 out end · skipped 3")
    }

    @Test("The timeline bar spans the width less its insets, at the bottom, and takes clicks a little above and below")
    func timelineBar() {
        // 200 px wide at scale 1: the bar runs from x 12 to 188 (176 px), 22...12 px above the bottom.
        let bar = PreviewHUD.timelineBar(width: 200, height: 120, scale: 1)
        #expect(bar == Rect(x: 12, y: 98, width: 176, height: 10))
        // At scale 2 every size doubles.
        #expect(PreviewHUD.timelineBar(width: 400, height: 240, scale: 2) == Rect(x: 24, y: 196, width: 352, height: 20))
        #expect(PreviewHUD.isOnTimelineBar(x: 100, y: 103, width: 200, height: 120, scale: 1))
        #expect(!PreviewHUD.isOnTimelineBar(x: 100, y: 40, width: 200, height: 120, scale: 1))
    }

    @Test("Hidden, with no error, the HUD leaves every pixel of the frame as rendered")
    func hiddenLeavesPixels() throws {
        let canvas = try plainCanvas(), reference = try plainCanvas()
        PreviewHUD.draw(PreviewHUD.Content(time: 1, end: 2), on: canvas, scale: 1, showsPanel: false)
        #expect(canvas.premultipliedPixels == reference.premultipliedPixels)
    }

    @Test("Shown, the panel darkens the bottom and leaves the top as rendered")
    func panelAtBottom() throws {
        let canvas = try plainCanvas(), reference = try plainCanvas()
        PreviewHUD.draw(PreviewHUD.Content(time: 1, end: 2), on: canvas, scale: 1)
        #expect(canvas.color(x: 5, y: 5) == reference.color(x: 5, y: 5))
        #expect(canvas.color(x: 5, y: 70) == reference.color(x: 5, y: 70))   // above the 46-pt panel (from y 74)
        #expect(canvas.color(x: 5, y: 118).b < reference.color(x: 5, y: 118).b - 100)
        // The playhead at 1 s of 2: a red mark at the middle of the bar.
        let mark = canvas.color(x: 100, y: 103)
        #expect(mark.r > 200 && mark.g < 110)
    }

    @Test("A script error is drawn at the top even with the panel hidden")
    func errorShownWhenHidden() throws {
        let canvas = try plainCanvas(), reference = try plainCanvas()
        var content = PreviewHUD.Content(time: 1, end: 2)
        content.error = "scene.lua:3: attempt to call a nil value (global 'Viw')"
        PreviewHUD.draw(content, on: canvas, scale: 1, showsPanel: false)
        let panel = canvas.color(x: 12, y: 12)
        #expect(panel.r > 120 && panel.b < 60)                               // red
        #expect(canvas.color(x: 5, y: 100) == reference.color(x: 5, y: 100))  // the rest untouched
    }

    @Test("Error messages wrap at spaces to the width, and hard where a word is longer")
    func wrapping() {
        #expect(PreviewHUD.wrap("scene.lua:3: bad argument", columns: 12) == ["scene.lua:3:", "bad argument"])
        #expect(PreviewHUD.wrap("abcdefghij", columns: 4) == ["abcd", "efgh", "ij"])
        #expect(PreviewHUD.wrap("one\ntwo", columns: 10) == ["one", "two"])
    }
}
