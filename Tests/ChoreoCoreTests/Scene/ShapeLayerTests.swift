import Testing
@testable import ChoreoCore

@Suite("Shape layers (CAShapeLayer)")
struct ShapeLayerTests {
    /// A scene with a shape view "shape" (50×50) and a plain view "box", committed at time 0.
    func makeShapeScene() -> (Scene, View, View) {
        let (scene, box) = makeScene()
        let shape = View(name: "shape", frame: Rect(x: 0, y: 0, width: 50, height: 50), content: .shape(ShapeContent()))
        scene.rootView.addSubview(shape)
        scene.commit()
        return (scene, shape, box)
    }

    static let line = BezierPath(elements: [.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 10, y: 0))])
    static let slant = BezierPath(elements: [.move(to: Point(x: 0, y: 10)), .line(to: Point(x: 20, y: 30))])

    @Test("Defaults are CAShapeLayer's: filled opaque black, no stroke, width 1, miter limit 10, butt caps, miter joins, non-zero")
    func defaults() {
        let shape = ShapeProperties()
        #expect(shape.path.isEmpty && shape.fillColor == Color(red: 0, green: 0, blue: 0, alpha: 1) && shape.strokeColor == nil)
        #expect(shape.lineWidth == 1 && shape.miterLimit == 10 && shape.lineDashPhase == 0)
        let style = ShapeContent()
        #expect(style.lineCap == .butt && style.lineJoin == .miter && style.lineDashPattern == nil && style.fillRule == .nonZero)
        #expect(LayerProperties().shape == shape && !LayerProperties().hasShapeProperties)
    }

    @Test("A plain layer pays one 8-byte reference for the shape properties, copied on write")
    func storage() {
        #expect(MemoryLayout<ShapeStorage?>.size == 8)
        var a = LayerProperties()
        a.shape.lineWidth = 3
        var b = a
        b.shape.lineWidth = 5
        #expect(a.shape.lineWidth == 3 && b.shape.lineWidth == 5)
        #expect(a != b)
        b.shape.lineWidth = 3
        #expect(a == b && a.hashValue == b.hashValue)
    }

    @Test("Every shape property animates through the catalogue under a basic animation")
    func basicAnimations() throws {
        let (scene, shape, _) = makeShapeScene()
        try shape.layer.add(basic("path", from: .path(Self.line), to: .path(Self.slant)), forKey: "path")
        try shape.layer.add(basic("fillColor", from: .color(Color(red: 1, green: 0, blue: 0)), to: .color(Color(red: 0, green: 0, blue: 1))), forKey: "fill")
        try shape.layer.add(basic("lineWidth", from: .scalar(2), to: .scalar(6)), forKey: "width")
        try shape.layer.add(basic("miterLimit", from: .scalar(10), to: .scalar(2)), forKey: "miter")
        try shape.layer.add(basic("lineDashPhase", from: .scalar(0), to: .scalar(8)), forKey: "phase")
        scene.commit()
        scene.advance(to: 0.25)
        let p = shape.layer.presentation.shape
        #expect(p.path.elements == [.move(to: Point(x: 0, y: 2.5)), .line(to: Point(x: 12.5, y: 7.5))])
        #expect(p.fillColor == Color(red: 0.75, green: 0, blue: 0.25))
        #expect(p.lineWidth == 3 && p.miterLimit == 8 && p.lineDashPhase == 2)
        #expect(shape.layer.model.shape.lineWidth == 1)  // the model is untouched
        scene.advance(to: 1)
        #expect(shape.layer.presentation.shape == ShapeProperties())
    }

    @Test("A nil color animates as transparent black, and the model stays nil")
    func nilColors() throws {
        let (scene, shape, _) = makeShapeScene()
        #expect(shape.layer.model.shape.strokeColor == nil)
        try shape.layer.add(basic("strokeColor", to: .color(Color(red: 1, green: 0, blue: 0))), forKey: "stroke")
        scene.commit()
        scene.advance(to: 0.5)
        #expect(shape.layer.presentation.shape.strokeColor == Color(red: 0.5, green: 0, blue: 0, alpha: 0.5))
        scene.advance(to: 1)
        #expect(shape.layer.presentation.shape.strokeColor == nil)
        // Setting nil in an animation block animates from the color to transparent black.
        shape.layer.setShapeColor(Color(red: 0, green: 1, blue: 0), for: .fillColor)
        try View.animate(in: scene, withDuration: 1, options: [.curveLinear], animations: { shape.layer.setShapeColor(nil, for: .fillColor) })
        scene.commit()
        scene.advance(to: 1.5)
        let fill = try #require(shape.layer.presentation.shape.fillColor)
        #expect(nearly(fill.green, 0.5, 1e-12) && nearly(fill.alpha, 0.5, 1e-12))
        #expect(shape.layer.model.shape.fillColor == nil)
    }

    @Test("A keyframe animation runs a path through its values, switching halfway where the elements differ")
    func keyframePaths() throws {
        let (scene, shape, _) = makeShapeScene()
        let triangle = BezierPath(rect: Rect(x: 0, y: 0, width: 4, height: 4))
        let keyframes = KeyframeAnimation(keyPath: "path")
        keyframes.values = [.path(Self.line), .path(Self.slant), .path(triangle)]
        keyframes.timing.duration = 2
        try shape.layer.add(keyframes, forKey: "morph")
        scene.commit()
        scene.advance(to: 0.5)
        #expect(shape.layer.presentation.shape.path == Self.line.interpolated(to: Self.slant, fraction: 0.5))
        scene.advance(to: 1.4)
        #expect(shape.layer.presentation.shape.path == Self.slant)
        scene.advance(to: 1.6)
        #expect(shape.layer.presentation.shape.path == triangle)
    }

    @Test("A spring animates the line width, and a view animation block the path (absolutely) and fill")
    func springAndBlocks() throws {
        let (scene, shape, _) = makeShapeScene()
        try shape.layer.setValue(.path(Self.line), forKeyPath: "path")
        let spring = SpringAnimation(keyPath: "lineWidth")
        spring.fromValue = .scalar(1)
        spring.toValue = .scalar(11)
        spring.timing.duration = 5
        try shape.layer.add(spring, forKey: "spring")
        try View.animate(in: scene, withDuration: 1, options: [.curveLinear], animations: {
            shape.layer.set(.path(Self.slant), at: PropertyPath(.path))
            shape.layer.set(.color(Color(red: 1, green: 1, blue: 1)), at: PropertyPath(.fillColor))
        })
        scene.commit()
        scene.advance(to: 0.5)
        let p = shape.layer.presentation.shape
        #expect(p.path == Self.line.interpolated(to: Self.slant, fraction: 0.5))
        #expect(p.fillColor == Color(red: 0.5, green: 0.5, blue: 0.5))
        #expect(p.lineWidth > 1 && p.lineWidth != 11)
        #expect(shape.layer.animationKeys().contains("spring"))
    }

    @Test("A shape property on another kind of layer is an error naming the property and the layer")
    func classErrors() throws {
        let (_, _, box) = makeShapeScene()
        #expect(throws: ArgumentError(parameter: "fillColor", requirement: "is a property of ShapeLayer", value: "Layer \"box\"")) {
            try box.layer.setValue(.color(.black), forKeyPath: "fillColor")
        }
        #expect(throws: ArgumentError(parameter: "path", requirement: "is a property of ShapeLayer", value: "Layer \"box\"")) {
            try box.layer.add(basic("path", to: .path(Self.line)), forKey: nil)
        }
        #expect(throws: ArgumentError.self) { _ = try box.layer.value(forKeyPath: "lineWidth") }
        // strokeStart and strokeEnd stay layer properties, as they were.
        try box.layer.setValue(.scalar(0.5), forKeyPath: "strokeEnd")
    }

    @Test("Dash patterns must be lengths ≥ 0, not all zero, at most 1,000")
    func dashPatterns() throws {
        #expect(try ShapeContent.checkedDashPattern([4, 0, 2]) == [4, 0, 2])
        #expect(try ShapeContent.checkedDashPattern([]) == [])
        #expect(throws: ArgumentError(parameter: "lineDashPattern[2]", requirement: "must be a finite number ≥ 0", value: "-1")) {
            try ShapeContent.checkedDashPattern([3, -1])
        }
        #expect(throws: ArgumentError(parameter: "lineDashPattern", requirement: "must hold a length > 0", value: "only zeros")) {
            try ShapeContent.checkedDashPattern([0, 0])
        }
        #expect(throws: ArgumentError.self) { try ShapeContent.checkedDashPattern(Array(repeating: 1, count: 1_001)) }
    }

    @Test("A shape's path and dash pattern count towards the layer's host memory")
    func memory() throws {
        let (_, shape, _) = makeShapeScene()
        let before = shape.layer.estimatedHostBytes
        try shape.layer.setValue(.path(Self.line), forKeyPath: "path")
        #expect(shape.layer.estimatedHostBytes == before + 2 * HostMemoryEstimate.pathElement)
    }
}
