import Testing
@testable import ChoreoCore
@testable import ChoreoRender

/// Exact pixel facts of the layer features: a mask's alpha, back faces, the sublayer transform,
/// contents gravity and shadow paths.
@Suite("Renderer pixels: masks, back faces, sublayer transforms, gravity, shadow paths")
struct LayerFeaturePixelTests {
    let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    func scene(_ build: (Scene) throws -> Void) rethrows -> Scene {
        let scene = Scene()
        scene.rootView.frame = Rect(x: 0, y: 0, width: 20, height: 10)
        try build(scene)
        scene.commit()
        return scene
    }

    func box(_ frame: Rect, _ color: Color, in parent: View) -> View {
        let view = View(name: nil, frame: frame)
        view.backgroundColor = color
        parent.addSubview(view)
        return view
    }

    @Test("A mask shows the layer where it is opaque, hides it where clear, and scales it by its alpha")
    func maskAlpha() throws {
        let s = try scene { scene in
            let panel = box(Rect(x: 0, y: 0, width: 20, height: 10), red, in: scene.rootView)
            let mask = Layer()
            mask.setFrame(Rect(x: 0, y: 0, width: 10, height: 10))   // the left half, in the panel's coordinates
            try mask.setValue(.color(Color(red: 0, green: 0, blue: 0, alpha: 1)), forKeyPath: "backgroundColor")
            let half = Layer()
            half.setFrame(Rect(x: 5, y: 0, width: 5, height: 10))   // the mask's right half: alpha 0.5
            try half.setValue(.color(Color(red: 1, green: 1, blue: 1, alpha: 0.5)), forKeyPath: "backgroundColor")
            let maskWithHalf = Layer()
            maskWithHalf.setFrame(Rect(x: 0, y: 0, width: 20, height: 10))
            maskWithHalf.addSublayer(mask)
            maskWithHalf.addSublayer(half)
            try panel.layer.setMask(maskWithHalf)
        }
        let canvas = try SceneRenderer().render(s)
        #expect(canvas.color(x: 2, y: 5) == (255, 0, 0, 255))       // under the opaque part: the panel
        #expect(canvas.color(x: 15, y: 5).a == 0)                    // under nothing: hidden
        // Over the opaque left half the half-white adds nothing (the union of alphas is 1) …
        #expect(canvas.color(x: 7, y: 5) == (255, 0, 0, 255))
        let mask = s.rootView.subviews[0].layer.mask!
        mask.sublayers[0].removeFromSuperlayer()                      // … alone it lets half through
        let again = try SceneRenderer().render(s)
        #expect(abs(again.color(x: 7, y: 5).a - 128) <= 1)
        #expect(again.color(x: 2, y: 5).a == 0)
    }

    @Test("A layer turned away (a y rotation of π, or a mirror) is not drawn when isDoubleSided is false")
    func backFaces() throws {
        for turned in [Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0), Transform3D(scaleX: -1, y: 1, z: 1)] {
            var card: View!
            let s = scene { scene in
                card = box(Rect(x: 5, y: 0, width: 10, height: 10), red, in: scene.rootView)
                card.layer.isDoubleSided = false
            }
            #expect(try SceneRenderer().render(s).color(x: 10, y: 5) == (255, 0, 0, 255))  // facing: drawn
            try card.layer.setValue(.transform(turned), forKeyPath: "transform")
            s.commit()
            #expect(try SceneRenderer().render(s).color(x: 10, y: 5).a == 0)               // turned away
            card.layer.isDoubleSided = true
            #expect(try SceneRenderer().render(s).color(x: 10, y: 5) == (255, 0, 0, 255))  // its back
        }
    }

    @Test("A parent turned away turns its sublayers' backs too; turning twice faces front again")
    func nestedBackFaces() throws {
        var child: View!, parent: View!
        let s = scene { scene in
            parent = box(Rect(x: 0, y: 0, width: 20, height: 10), .clear, in: scene.rootView)
            child = box(Rect(x: 5, y: 0, width: 10, height: 10), blue, in: parent)
            child.layer.isDoubleSided = false
        }
        try parent.layer.setValue(.transform(Transform3D(scaleX: -1, y: 1, z: 1)), forKeyPath: "transform")
        s.commit()
        #expect(try SceneRenderer().render(s).color(x: 10, y: 5).a == 0)
        try child.layer.setValue(.transform(Transform3D(scaleX: -1, y: 1, z: 1)), forKeyPath: "transform")
        s.commit()
        #expect(try SceneRenderer().render(s).color(x: 10, y: 5) == (0, 0, 255, 255))
    }

    @Test("sublayerTransform moves the sublayers, about the anchor point, and not the layer itself")
    func sublayerTransform() throws {
        var parent: View!
        let s = scene { scene in
            parent = box(Rect(x: 0, y: 0, width: 20, height: 10), .clear, in: scene.rootView)
            _ = box(Rect(x: 0, y: 0, width: 4, height: 4), blue, in: parent)
        }
        try parent.layer.setValue(.transform(Transform3D(translationX: 10, y: 3, z: 0)), forKeyPath: "sublayerTransform")
        s.commit()
        var canvas = try SceneRenderer().render(s)
        #expect(canvas.color(x: 1, y: 1).a == 0)
        #expect(canvas.color(x: 11, y: 4) == (0, 0, 255, 255))   // (0…4, 0…4) moved by (10, 3)
        #expect(canvas.color(x: 14, y: 7).a == 0)
        // A half turn about the anchor (10, 5): (x, y) → (20 − x, 10 − y), so the square is at 16…20, 6…10.
        try parent.layer.setValue(.transform(Transform3D(rotationAngle: .pi, x: 0, y: 0, z: 1)), forKeyPath: "sublayerTransform")
        s.commit()
        canvas = try SceneRenderer().render(s)
        #expect(canvas.color(x: 18, y: 8) == (0, 0, 255, 255))
        #expect(canvas.color(x: 1, y: 1).a == 0)
    }

    @Test("A shadow path casts the shadow from the path, not the layer's own shape")
    func shadowPath() throws {
        var card: View!
        let s = try scene { scene in
            card = box(Rect(x: 0, y: 0, width: 4, height: 4), .clear, in: scene.rootView)
            try card.layer.setValue(.scalar(1), forKeyPath: "shadowOpacity")
            try card.layer.setValue(.scalar(0), forKeyPath: "shadowRadius")
            try card.layer.setValue(.size(Size(width: 0, height: 0)), forKeyPath: "shadowOffset")
        }
        #expect(try SceneRenderer().render(s).color(x: 12, y: 5).a == 0)   // a clear layer casts nothing
        card.layer.shadowPath = BezierPath(rect: Rect(x: 10, y: 3, width: 6, height: 4))
        #expect(try SceneRenderer().render(s).color(x: 12, y: 5) == (0, 0, 0, 255))
        #expect(try SceneRenderer().render(s).color(x: 17, y: 5).a == 0)
    }

    @Test("A replicator draws its copies in copy order, or back to front by depth with preservesDepth")
    func preservesDepth() throws {
        for preserves in [false, true] {
            let s = try scene { scene in
                let replicator = Layer(class: .replicator)
                replicator.setFrame(Rect(x: 0, y: 0, width: 10, height: 10))
                try replicator.setInstanceCount(2)
                // Copy 1: 5 pt right and 1 pt further from the viewer, blue (red − 1, blue + 1).
                try replicator.setValue(.transform(Transform3D(translationX: 5, y: 0, z: -1)), forKeyPath: "instanceTransform")
                try replicator.setValue(.scalar(-1), forKeyPath: "instanceRedOffset")
                try replicator.setValue(.scalar(1), forKeyPath: "instanceBlueOffset")
                try replicator.setValue(.color(Color(red: 1, green: 0, blue: 0)), forKeyPath: "instanceColor")
                try replicator.setPreservesDepth(preserves)
                let square = Layer()
                square.setFrame(Rect(x: 0, y: 0, width: 10, height: 10))
                try square.setValue(.color(.white), forKeyPath: "backgroundColor")
                replicator.addSublayer(square)
                scene.rootLayer.addSublayer(replicator)
            }
            let canvas = try SceneRenderer().render(s)
            // Where the copies overlap (x 5...10): copy 1 drawn last, on top; or, keeping depth,
            // copy 0 in front of copy 1, which is further back.
            #expect(canvas.color(x: 7, y: 5) == (preserves ? (255, 0, 0, 255) : (0, 0, 255, 255)), "preservesDepth \(preserves)")
            #expect(canvas.color(x: 2, y: 5) == (255, 0, 0, 255) && canvas.color(x: 12, y: 5) == (0, 0, 255, 255))
        }
    }
}
