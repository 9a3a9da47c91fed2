import CCairo
import Testing
@testable import ChoreoCore
@testable import ChoreoRender

/// Exact pixel facts, independent of the goldens.
@Suite("Renderer pixels")
struct PixelTests {
    func scene(_ build: (Scene) -> Void) -> Scene {
        let scene = Scene()
        scene.rootView.frame = Rect(x: 0, y: 0, width: 20, height: 10)
        build(scene)
        scene.commit()
        return scene
    }

    @Test("A view's background fills its frame exactly, at the scale")
    func backgroundFillsFrame() throws {
        let s = scene { scene in
            let box = View(name: "box", frame: Rect(x: 5, y: 2, width: 10, height: 6))
            box.backgroundColor = Color(red: 1, green: 0, blue: 0)
            scene.rootView.addSubview(box)
        }
        let canvas = try SceneRenderer(scale: 2).render(s)
        #expect(canvas.width == 40 && canvas.height == 20)
        #expect(canvas.color(x: 10, y: 4) == (255, 0, 0, 255))
        #expect(canvas.color(x: 29, y: 15) == (255, 0, 0, 255))
        #expect(canvas.color(x: 9, y: 4).a == 0)
        #expect(canvas.color(x: 30, y: 15).a == 0)
    }

    @Test("Opacity applies to the group: overlapping children do not show through each other")
    func groupOpacity() throws {
        let s = scene { scene in
            let group = View(name: "g", frame: Rect(x: 0, y: 0, width: 20, height: 10))
            group.alpha = 0.5
            for x in [0.0, 5] {
                let child = View(name: nil, frame: Rect(x: x, y: 0, width: 10, height: 10))
                child.backgroundColor = Color(red: 0, green: 0, blue: 1)
                group.addSubview(child)
            }
            scene.rootView.addSubview(group)
        }
        let canvas = try SceneRenderer().render(s)
        #expect(canvas.color(x: 7, y: 5).a == canvas.color(x: 2, y: 5).a)
        #expect(abs(canvas.color(x: 7, y: 5).a - 128) <= 1)
    }

    @Test("A translucent layer that only fills its background composites as its group would: color × opacity over what is below")
    func oneFillOpacity() throws {
        let s = scene { scene in
            scene.rootView.backgroundColor = .white
            for (x, bordered) in [(0.0, false), (10.0, true)] {
                let box = View(name: nil, frame: Rect(x: x, y: 0, width: 10, height: 10))
                box.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 0.8)
                box.alpha = 0.5
                if bordered { box.layer.model.borderWidth = 1; box.layer.model.borderColor = Color(red: 1, green: 0, blue: 0, alpha: 0.8) }
                scene.rootView.addSubview(box)
            }
        }
        let canvas = try SceneRenderer().render(s)
        // Red at alpha 0.8 × 0.5 = 0.4 over white: (255, 255 × 0.6, 255 × 0.6) = (255, 153, 153),
        // drawn directly (no border) and as a group (a border: inside, the same fill).
        for x in [5, 15] {
            let c = canvas.color(x: x, y: 5)
            #expect(c.r == 255 && abs(Int(c.g) - 153) <= 1 && abs(Int(c.b) - 153) <= 1 && c.a == 255, "x \(x): \(c)")
        }
    }

    @Test("A box blur of an impulse spreads it with the variance of the asked Gaussian")
    func blurVariance() {
        for sigma in [2.0, 5, 9] {
            let n = 101
            var weights = [Double](repeating: 0, count: n)
            // Three rows of the same impulse: the column pass sees constant columns and leaves them.
            var image = [UInt8](repeating: 0, count: n * 3)
            for y in 0..<3 { image[y * n + 50] = 255 }
            image.withUnsafeMutableBufferPointer { BoxBlur(sigma: sigma, edges: .extend).apply(to: $0.baseAddress!, width: n, height: 3, stride: n, channels: 1) }
            for x in 0..<n { weights[x] = Double(image[n + x]) }
            let total = weights.reduce(0, +)
            let variance = weights.enumerated().reduce(0) { $0 + $1.element * Double(($1.offset - 50) * ($1.offset - 50)) } / total
            #expect(abs(variance.squareRoot() - sigma) < 0.6, "sigma \(sigma): got \(variance.squareRoot())")
        }
    }

    @Test("A homography and its inverse undo each other")
    func homographyInverse() throws {
        var t = Transform3D(rotationAngle: 0.7, x: 0, y: 1, z: 0)
        t = t.concatenating(Transform3D(perspectiveEyeDistance: 300))
        let h = Homography(t) * Homography.translation(-20, -10)
        let inverse = try #require(h.inverse)
        let q = h.apply(13, 7)
        let back = inverse.apply(q.x, q.y)
        #expect(abs(back.x - 13) < 1e-9 && abs(back.y - 7) < 1e-9)
    }

    @Test("Contact sheet times read with two decimals, or three when needed")
    func timeLabels() {
        #expect(ContactSheet.timeLabel(0) == "0.00 s")
        #expect(ContactSheet.timeLabel(1.25) == "1.25 s")
        #expect(ContactSheet.timeLabel(1.0 / 60) == "0.017 s")
    }

    @Test("A contact sheet shows at most its frame count, first and last included")
    func sheetPicksFrames() throws {
        let sheet = ContactSheet(columns: 3, maximumFrames: 5, cellWidth: 20)
        let frame = try Canvas(width: 40, height: 20)
        for i in 0..<100 { try sheet.add(frame, time: Double(i) / 10) }
        let times = sheet.shown.map(\.time)
        #expect(times.count == 5)
        #expect(times.first == 0 && times.last == 9.9)
        let image = try sheet.render()
        #expect(image.width == 12 + 3 * 32 && image.height == 12 + 2 * (10 + 22 + 12))
    }
}

@Suite("Renderer groups")
struct GroupPixelTests {
    @Test("Shadows, blurs and perspective layers land in the same place inside a translucent group", arguments: ["shadow", "blur", "perspective", "perspective-overflow", "clip"])
    func effectsInsideGroups(_ name: String) throws {
        let golden = try #require(GoldenScene.all.first { $0.name == name })
        func render(groupOpacity: Double) throws -> Canvas {
            let scene = try golden.makeScene()
            // Move every view of the scene into a wrapper at the same place, drawn as a group.
            let wrapper = View(name: "wrapper", frame: Rect(x: 0, y: 0, width: 80, height: 60))
            for child in scene.rootView.subviews { wrapper.addSubview(child) }
            wrapper.alpha = groupOpacity
            scene.rootView.addSubview(wrapper)
            scene.commit()
            scene.advance(to: 0.6)
            return try SceneRenderer().render(scene)
        }
        let plain = try render(groupOpacity: 1), grouped = try render(groupOpacity: 0.999)
        #expect(ImageComparison(tolerance: 2).difference(plain, grouped) == nil)
    }
}

@Suite("Renderer shadows")
struct ShadowPixelTests {
    func scene(masks: Bool) -> Scene {
        let scene = Scene()
        scene.rootView.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        let card = View(name: "card", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        card.backgroundColor = .white
        try! card.layer.setValue(.scalar(1), forKeyPath: "shadowOpacity")
        try! card.layer.setValue(.size(Size(width: 0, height: 6)), forKeyPath: "shadowOffset")
        try! card.layer.setValue(.scalar(0.01), forKeyPath: "shadowRadius")
        card.layer.masksToBounds = masks
        scene.rootView.addSubview(card)
        scene.commit()
        return scene
    }

    @Test("A sharp shadow sits at the offset, in the shadow colour; masksToBounds clips it away")
    func offsetAndMask() throws {
        let canvas = try SceneRenderer().render(scene(masks: false))
        #expect(canvas.color(x: 20, y: 33) == (0, 0, 0, 255))       // below the card, within the offset
        #expect(canvas.color(x: 20, y: 37).a == 0)                  // beyond it
        #expect(canvas.color(x: 20, y: 20) == (255, 255, 255, 255)) // the card covers its own shadow
        #expect(try SceneRenderer().render(scene(masks: true)).color(x: 20, y: 33).a == 0)
    }
}

@Suite("Renderer labels")
struct LabelPixelTests {
    @Test("Text too wide for its label ends in an ellipsis and stays inside the bounds")
    func truncates() throws {
        let scene = Scene()
        scene.rootView.frame = Rect(x: 0, y: 0, width: 100, height: 20)
        let label = View(name: "label", frame: Rect(x: 0, y: 0, width: 60, height: 20),
                         content: .text(TextContent(text: "A very long departure board line", fontSize: 14)))
        scene.rootView.addSubview(label)
        scene.commit()
        let canvas = try SceneRenderer().render(scene)
        for x in 61..<100 { for y in 0..<20 { #expect(canvas.color(x: x, y: y).a == 0, "(\(x), \(y))") } }
        #expect((0..<60).contains { x in (0..<20).contains { canvas.color(x: x, y: $0).a > 0 } })
        let renderer = try SceneRenderer()
        let surfaceCanvas = try Canvas(width: 10, height: 10)
        let cr = surfaceCanvas.makeContext()
        defer { cairo_destroy(cr) }
        cairo_select_font_face(cr, SceneRenderer.fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 14)
        #expect(renderer.truncated("Short", toWidth: 200, cr) == "Short")
        let cut = renderer.truncated("A very long departure board line", toWidth: 60, cr)
        #expect(cut.hasSuffix("…") && cut.count < 12)
    }
}
