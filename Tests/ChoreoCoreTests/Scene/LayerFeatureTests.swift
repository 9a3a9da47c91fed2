import Foundation
import Testing
@testable import ChoreoCore

/// CALayer's mask, sublayerTransform, isDoubleSided, contentsGravity, shadowPath,
/// `transform.scale.xy` and affineTransform, checked against Core Animation's documented
/// behaviour and closed forms.
@Suite("Layer features: mask, sublayerTransform, gravity, scale.xy, affine transform")
struct LayerFeatureTests {
    @Test("A plain layer pays one reference for the features, and defaults drop the box")
    func memory() {
        #expect(MemoryLayout<LayerFeatureBox?>.size == 8)
        #expect(MemoryLayout<LayerExtras?>.size == 8)
        var properties = LayerProperties()
        #expect(properties.featureStorage == nil)
        properties.features.isDoubleSided = false
        #expect(properties.featureStorage != nil)
        properties.features.isDoubleSided = true
        #expect(properties.featureStorage == nil)
        #expect(Layer().extras == nil)
    }

    @Test("Defaults are Core Animation's: identity sublayerTransform, double-sided, resize, no shadow path")
    func defaults() {
        let layer = Layer()
        #expect(layer.model.sublayerTransform == .identity)
        #expect(layer.isDoubleSided)
        #expect(layer.contentsGravity == .resize)
        #expect(layer.shadowPath == nil)
        #expect(layer.mask == nil)
    }

    @Test("transform.scale.xy writes x and y, keeps z, and reads the mean of x and y")
    func scaleXY() throws {
        let layer = Layer()
        try layer.setValue(.transform(Transform3D(scaleX: 2, y: 4, z: 5)), forKeyPath: "transform")
        #expect(try layer.value(forKeyPath: "transform.scale.xy") == .scalar(3))
        try layer.setValue(.scalar(0.5), forKeyPath: "transform.scale.xy")
        #expect(try layer.value(forKeyPath: "transform.scale.x") == .scalar(0.5))
        #expect(try layer.value(forKeyPath: "transform.scale.y") == .scalar(0.5))
        #expect(try layer.value(forKeyPath: "transform.scale.z") == .scalar(5))
    }

    @Test("transform.scale.xy animates: halfway from 1 to 3 is a scale of 2 on both axes")
    func scaleXYAnimates() throws {
        let (scene, box) = makeScene()
        try box.layer.add(scalarAnimation("transform.scale.xy", 1, 3), forKey: "grow")
        scene.commit()
        scene.advance(to: 0.5)
        let t = box.layer.presentation.transform
        #expect(abs(t.m11 - 2) < 1e-9 && abs(t.m22 - 2) < 1e-9 && t.m33 == 1)
    }

    @Test("affineTransform is the transform's m11 m12 m21 m22 m41 m42; setAffineTransform embeds a 2D one")
    func affine() throws {
        let layer = Layer()
        var t = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
        t.m34 = -0.002
        t.m41 = 7
        try layer.setValue(.transform(t), forKeyPath: "transform")
        let a = layer.affineTransform()
        let expectedAffine = [cos(0.3), sin(0.3), -sin(0.3), cos(0.3), 7, 0]
        for (value, expected) in zip([a.a, a.b, a.c, a.d, a.tx, a.ty], expectedAffine) { #expect(abs(value - expected) < 1e-12) }
        try layer.setAffineTransform(Transform2D(a: 2, b: 0, c: 0, d: 3, tx: 4, ty: 5))
        var expected = Transform3D.identity
        (expected.m11, expected.m22, expected.m41, expected.m42) = (2, 3, 4, 5)
        #expect(layer.model.transform == expected)
        #expect(throws: ArgumentError.self) { try layer.setAffineTransform(Transform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)) }
    }

    @Test("sublayerTransform is animatable by its key paths like transform")
    func sublayerTransformAnimates() throws {
        let (scene, box) = makeScene()
        try box.layer.add(scalarAnimation("sublayerTransform.rotation.z", 0, .pi / 2), forKey: "turn")
        scene.commit()
        scene.advance(to: 0.5)
        let t = box.layer.presentation.sublayerTransform
        #expect(abs(t.m11 - cos(.pi / 4)) < 1e-9 && abs(t.m12 - sin(.pi / 4)) < 1e-9)
        let angle = box.layer.presentationValue(at: try PropertyPath(parsing: "sublayerTransform.rotation.z"))
        guard case let .scalar(z) = angle else { Issue.record("not a number: \(angle)"); return }
        #expect(abs(z - .pi / 4) < 1e-12)
        #expect(box.layer.model.sublayerTransform == .identity)
    }

    @Test("shadowPath animates point by point between paths of the same elements; nil is the layer's own shape")
    func shadowPathAnimates() throws {
        let (scene, box) = makeScene()
        let small = BezierPath(elements: [.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 10, y: 20))])
        let large = BezierPath(elements: [.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 30, y: 0)), .line(to: Point(x: 30, y: 60))])
        box.layer.shadowPath = large
        let grow = BasicAnimation(keyPath: "shadowPath")
        (grow.fromValue, grow.toValue, grow.timing.duration) = (.path(small), .path(large), 1)
        try box.layer.add(grow, forKey: "grow")
        scene.commit()
        scene.advance(to: 0.25)
        // A quarter of the way from each point to its partner: (10 → 30) is 15, (20 → 60) is 30.
        let halfway = BezierPath(elements: [.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 15, y: 0)), .line(to: Point(x: 15, y: 30))])
        #expect(box.layer.presentation.features.shadowPath == halfway)
        scene.advance(to: 2)
        #expect(box.layer.presentation.features.shadowPath == large)
        box.layer.shadowPath = nil
        #expect(box.layer.presentation.features.shadowPath == nil)
        #expect(box.layer.model.value(at: PropertyPath(.shadowPath)) == .path(BezierPath()))
    }

    @Test("sublayerTransform animates under keyframes, springs and view animation blocks too")
    func sublayerTransformAnimationKinds() throws {
        let (scene, box) = makeScene()
        let path = try PropertyPath(parsing: "sublayerTransform.translation.x")
        let keyframes = KeyframeAnimation(keyPath: "sublayerTransform.translation.x")
        keyframes.values = [.scalar(0), .scalar(10), .scalar(0)]
        keyframes.timing.duration = 1
        try box.layer.add(keyframes, forKey: "keyframes")
        scene.commit()
        scene.advance(to: 0.25)  // halfway through the first of two linear segments
        #expect(box.layer.presentationValue(at: path) == .scalar(5))
        box.layer.removeAllAnimations()

        let spring = SpringAnimation(keyPath: "sublayerTransform.translation.x")
        (spring.fromValue, spring.toValue, spring.damping) = (.scalar(0), .scalar(10), 20)  // critically damped
        try box.layer.add(spring, forKey: "spring")
        scene.commit()
        scene.advance(to: 0.35)
        // x(t) = 10 − 10(1 + ω t) e^(−ω t), ω = √(stiffness / mass) = 10, t = 0.1 s after it started
        guard case let .scalar(x) = box.layer.presentationValue(at: path) else { Issue.record("not a number"); return }
        #expect(abs(x - (10 - 10 * (1 + 1) * exp(-1))) < 1e-9)
        box.layer.removeAllAnimations()

        let target = Transform3D(translationX: 8, y: 0, z: 0)
        try View.animate(in: scene, withDuration: 1, options: [.curveLinear], animations: {
            try box.layer.setValue(.transform(target), forKeyPath: "sublayerTransform")
        })
        scene.commit()
        scene.advance(to: 0.85)
        guard case let .scalar(y) = box.layer.presentationValue(at: path) else { Issue.record("not a number"); return }
        #expect(abs(y - 4) < 1e-9)
    }

    @Test("Contents gravity places content as Core Animation's constants describe")
    func gravity() {
        let size = Size(width: 16, height: 12), bounds = Rect(x: 0, y: 0, width: 40, height: 24)
        #expect(ContentsGravity.resize.contentRect(for: size, in: bounds) == bounds)
        #expect(ContentsGravity.center.contentRect(for: size, in: bounds) == Rect(x: 12, y: 6, width: 16, height: 12))
        #expect(ContentsGravity.topLeft.contentRect(for: size, in: bounds) == Rect(x: 0, y: 0, width: 16, height: 12))
        #expect(ContentsGravity.bottomRight.contentRect(for: size, in: bounds) == Rect(x: 24, y: 12, width: 16, height: 12))
        #expect(ContentsGravity.top.contentRect(for: size, in: bounds) == Rect(x: 12, y: 0, width: 16, height: 12))
        #expect(ContentsGravity.left.contentRect(for: size, in: bounds) == Rect(x: 0, y: 6, width: 16, height: 12))
        // fit: the smaller scale, 24/12 = 2, centred; fill: the larger, 40/16 = 2.5, centred
        #expect(ContentsGravity.resizeAspect.contentRect(for: size, in: bounds) == Rect(x: 4, y: 0, width: 32, height: 24))
        #expect(ContentsGravity.resizeAspectFill.contentRect(for: size, in: bounds) == Rect(x: 0, y: -3, width: 40, height: 30))
    }

    @Test("UIKit content modes name the gravities; unknown names list the valid ones")
    func contentModes() throws {
        #expect(try ContentsGravity(contentMode: "scaleToFill") == .resize)
        #expect(try ContentsGravity(contentMode: "scaleAspectFit") == .resizeAspect)
        #expect(try ContentsGravity(contentMode: "scaleAspectFill") == .resizeAspectFill)
        #expect(try ContentsGravity(contentMode: "bottomLeft") == .bottomLeft)
        #expect(ContentsGravity.resizeAspect.contentMode == "scaleAspectFit")
        #expect(throws: ArgumentError.self) { try ContentsGravity(contentMode: "middle") }
    }

    @Test("A mask is a layer in no tree: itself, a sublayer, an ancestor or another's mask is refused")
    func maskRules() throws {
        let (_, box) = makeScene()
        let layer = Layer(name: "layer"), mask = Layer(name: "mask")
        box.layer.addSublayer(layer)
        #expect(throws: ArgumentError.self) { try layer.setMask(layer) }
        #expect(throws: ArgumentError.self) { try layer.setMask(box.layer) }          // in a tree (and an ancestor)
        let sibling = Layer()
        box.layer.addSublayer(sibling)
        #expect(throws: ArgumentError.self) { try layer.setMask(sibling) }            // in a tree
        try layer.setMask(mask)
        #expect(layer.mask === mask && mask.maskOwner === layer && mask.superlayer == nil)
        #expect(throws: ArgumentError.self) { try sibling.setMask(mask) }             // already a mask
        #expect(box.layer.insertionProblem(for: mask) == .isMask)
        box.layer.addSublayer(mask)
        #expect(mask.superlayer == nil)                                               // refused
        let root = Layer()
        try mask.setMask(nil)
        let chain = Layer()
        try root.setMask(chain)
        #expect(chain.insertionProblem(for: root) == .cycle)                          // a mask's ancestors are its owner's
        try layer.setMask(nil)
        #expect(layer.mask == nil && mask.maskOwner == nil)
        box.layer.addSublayer(mask)
        #expect(mask.superlayer === box.layer)
    }

    @Test("A mask joins its layer's scene, so its own animations run")
    func maskAnimates() throws {
        let (scene, box) = makeScene()
        let mask = Layer(name: "mask")
        try box.layer.setMask(mask)
        #expect(mask.scene === scene)
        try mask.add(scalarAnimation("opacity", 0, 1), forKey: "fade")
        scene.commit()
        scene.advance(to: 0.25)
        #expect(mask.presentation.opacity == 0.25)
        #expect(box.layer.snapshot().mask.first?.properties.opacity == 0.25)
        box.layer.timing = MediaTiming(speed: 0, timeOffset: 0.5)   // pausing the layer pauses its mask
        scene.advance(to: 0.75)
        #expect(mask.presentation.opacity == 0.5)
        box.removeFromSuperview()
        #expect(mask.scene == nil)
    }
}
