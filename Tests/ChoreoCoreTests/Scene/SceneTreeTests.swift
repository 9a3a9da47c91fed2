import Testing
import RealModule
@testable import ChoreoCore

@Suite("Scene tree, views and geometry")
struct SceneTreeTests {
    @Test("Subviews can be added, inserted at an index, reordered and removed")
    func subviewOperations() {
        let root = View(name: "root")
        let a = View(name: "a"), b = View(name: "b"), c = View(name: "c")
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, at: 1)
        #expect(root.subviews.map(\.name) == ["a", "c", "b"])
        root.bringSubviewToFront(a)
        #expect(root.subviews.map(\.name) == ["c", "b", "a"])
        root.sendSubviewToBack(a)
        #expect(root.subviews.map(\.name) == ["a", "c", "b"])
        root.exchangeSubview(at: 0, withSubviewAt: 2)
        #expect(root.subviews.map(\.name) == ["b", "c", "a"])
        root.insertSubview(a, belowSubview: b)
        #expect(root.subviews.map(\.name) == ["a", "b", "c"])
        root.insertSubview(a, aboveSubview: c)
        #expect(root.subviews.map(\.name) == ["b", "c", "a"])
        c.removeFromSuperview()
        #expect(root.subviews.map(\.name) == ["b", "a"])
        #expect(c.superview == nil)
        #expect(a.superview === root)
        #expect(a.isDescendant(of: root))
    }

    @Test("A view cannot become its own ancestor")
    func noCycles() {
        let parent = View(), child = View()
        parent.addSubview(child)
        child.addSubview(parent)
        #expect(parent.superview == nil)
        #expect(child.subviews.isEmpty)
    }

    @Test("The tree keeps its views alive, and a removed view is freed once dropped")
    func ownership() {
        let root = View()
        weak var weakChild: View?
        do {
            let child = View(name: "child")
            weakChild = child
            root.addSubview(child)
        }
        #expect(weakChild != nil)
        #expect(root.subviews.first?.name == "child")
        weakChild?.removeFromSuperview()
        #expect(weakChild == nil)
    }

    @Test("center and alpha are the layer's position and opacity")
    func aliases() {
        let view = View(frame: Rect(x: 20, y: 100, width: 80, height: 80))
        #expect(view.center == Point(x: 60, y: 140))
        #expect(view.layer.model.position == view.center)
        view.alpha = 0.3
        #expect(view.layer.model.opacity == 0.3)
        view.center.x += 100
        #expect(view.layer.model.position.x == 160)
        #expect(view.frame == Rect(x: 120, y: 100, width: 80, height: 80))
    }

    @Test("The frame follows the anchor point and bounds, and bounds a transformed layer")
    func frameDerivation() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        view.layer.set(.point(Point(x: 0, y: 0)), at: PropertyPath(.anchorPoint))
        #expect(view.frame == Rect(x: 50, y: 25, width: 100, height: 50))
        view.layer.set(.point(Point(x: 0.5, y: 0.5)), at: PropertyPath(.anchorPoint))
        view.transform = Transform2D(rotationAngle: .pi / 2)
        let frame = view.frame
        #expect(nearly(frame.origin.x, 25, 1e-12) && nearly(frame.origin.y, -25, 1e-12))
        #expect(nearly(frame.size.width, 50, 1e-12) && nearly(frame.size.height, 100, 1e-12))
        #expect(nearly(view.transform.b, 1, 1e-15))
    }

    @Test("Key paths read and write inside struct and transform properties")
    func keyPaths() throws {
        var p = LayerProperties()
        p.setValue(.scalar(7), at: try PropertyPath(parsing: "bounds.size.width"))
        p.setValue(.point(Point(x: 1, y: 2)), at: try PropertyPath(parsing: "bounds.origin"))
        #expect(p.bounds == Rect(x: 1, y: 2, width: 7, height: 0))
        p.setValue(.size(Size(width: 3, height: 4)), at: try PropertyPath(parsing: "transform.translation"))
        p.setValue(.scalar(2), at: try PropertyPath(parsing: "transform.scale.x"))
        #expect(p.transform.m41 == 3 && p.transform.m42 == 4 && nearly(p.transform.m11, 2, 1e-12))
        #expect(p.value(at: try PropertyPath(parsing: "transform.translation.y")) == .scalar(4))
        #expect(nearly(p.value(at: try PropertyPath(parsing: "transform.scale")).scalar, 4.0 / 3, 1e-12))
        #expect(try PropertyPath(parsing: "transform.rotation").description == "transform.rotation.z")
        #expect(try PropertyPath(parsing: "shadowOffset.height").valueKind == .scalar)
        #expect(try PropertyPath(parsing: "bounds.size").valueKind == .size)
        #expect(throws: ArgumentError(
            parameter: "keyPath", requirement: "must be \"opacity\" (it has no sub-paths)", value: "\"opacity.x\"")
        ) { try PropertyPath(parsing: "opacity.x") }
    }

    @Test("A transition presents its type, progress and the subtree before and after the change")
    func transition() throws {
        let (scene, box) = makeScene()
        let old = View(name: "old")
        box.addSubview(old)
        scene.commit()
        let push = TransitionAnimation(type: .push, subtype: .fromLeft)
        push.timing.duration = 1
        try box.layer.add(push, forKey: nil)
        old.removeFromSuperview()
        box.addSubview(View(name: "new"))
        scene.commit()
        #expect(box.layer.animationKeys() == ["transition"])
        scene.advance(to: 0.25)
        let presentation = try #require(box.layer.presentationTransition)
        #expect(presentation.type == .push && presentation.subtype == .fromLeft)
        #expect(presentation.progress == 0.25)
        #expect(presentation.before.sublayers.map(\.name) == ["old"])
        #expect(presentation.after?.sublayers.map(\.name) == ["new"])
        scene.advance(to: 1)
        #expect(box.layer.presentationTransition == nil)
    }

    @Test("A spring animation follows the closed-form spring in seconds; duration only cuts it off")
    func springAnimation() throws {
        let (scene, box) = makeScene()
        let drop = SpringAnimation(keyPath: "position.y")
        drop.fromValue = .scalar(0)
        drop.toValue = .scalar(100)
        drop.stiffness = 100
        drop.damping = 20  // critically damped: ω0 = 10
        drop.timing.duration = 0.5
        #expect(drop.settlingDuration > 0.5)
        try box.layer.add(drop, forKey: "drop")
        scene.commit()
        for t in [0.1, 0.2, 0.4] {
            scene.advance(to: MediaTime(t))
            let closedForm = 100 * (1 - (1 + 10 * t) * Double.exp(-10 * t))
            #expect(nearly(box.layer.presentation.position.y, closedForm, 1e-9))
        }
        scene.advance(to: 0.5)
        #expect(box.layer.presentation.position.y == 50)  // cut off: the model again
    }
}
