import Testing
@testable import ChoreoCore

@Suite("Scalar slots: the numbers the frame loop reaches directly, named by the catalogue")
struct ScalarSlotTests {
    /// Every (key path, slot) pair the catalogue declares.
    static var declared: [(PropertyPath, ScalarSlot)] {
        PropertyCatalogue.all.flatMap { property in
            property.scalarSlots.map { (PropertyPath(property.property, $0.key), $0.value) }
        }
    }

    /// The slots of the colors' components, which no key path names alone.
    static var colorSlots: [ScalarSlot] {
        PropertyCatalogue.all.filter { $0.valueKind == .color }.flatMap { property -> [ScalarSlot] in
            guard let (r, g, b, a) = ScalarSlot.quad(PropertyPath(property.property)) else { return [] }
            return [r, g, b, a]
        }
    }

    @Test("Every slot but a color component's is the number of exactly one key path, read and written alike")
    func slotsMatchKeyPaths() {
        for slot in ScalarSlot.allCases where !Self.colorSlots.contains(slot) {
            let paths = Self.declared.filter { $0.1 == slot }.map(\.0)
            #expect(paths.count == 1, "\(slot)")
            guard let path = paths.first else { continue }
            #expect(ScalarSlot(path) == slot)
            var properties = LayerProperties()
            #expect(.scalar(properties[slot]) == properties.value(at: path), "\(slot)")
            properties[slot] = 41.5
            #expect(properties.value(at: path) == .scalar(41.5), "\(slot)")
            properties.setValue(.scalar(-2), at: path)
            #expect(properties[slot] == -2, "\(slot)")
        }
    }

    @Test("Every number of a number, point, size or rect property of every layer has a slot; transforms and colors have none")
    func coverage() throws {
        // The properties of one layer class (a shape's, a gradient's, a replicator's) go without:
        // slots are for speed, and they take the general kernel.
        for property in PropertyCatalogue.all where property.layerClass == .layer {
            for keyPath in property.keyPaths {
                let path = try PropertyPath(parsing: keyPath)
                let direct = [ValueKind.scalar, .point, .size, .rect].contains(property.valueKind)
                #expect((ScalarSlot(path) != nil) == (direct && path.valueKind == .scalar), "\(keyPath)")
            }
        }
    }

    @Test("A number or point written by key path in place gives what the catalogue's writer gives")
    func inPlaceWrites() throws {
        var start = LayerProperties()
        start.position = Point(x: 1, y: 2)
        start.bounds = Rect(x: 5, y: 6, width: 7, height: 8)
        start.opacity = 0.25
        start.transform = Transform3D(scaleX: 2, y: 3, z: 1)
        var checked = 0
        for property in PropertyCatalogue.all {
            for keyPath in property.keyPaths {
                let path = try PropertyPath(parsing: keyPath)
                let value: AnimationValue
                switch (path.slots, path.valueKind) {
                case (.single, _): value = .scalar(-3.5)
                case (.pair, .point): value = .point(Point(x: -4, y: 9.5))
                default: continue
                }
                var inPlace = start, byWriter = start
                inPlace.setValue(value, at: path)
                PropertyCatalogue.writers[Int(path.catalogueIndex)](&byWriter, value, path.component)
                #expect(inPlace == byWriter, "\(keyPath)")
                #expect(inPlace.value(at: path) == value, "\(keyPath)")
                checked += 1
            }
        }
        #expect(checked >= 15, "the numbers and points of the catalogue")
    }

    @Test("A point or size reached as a whole has the slots of its two numbers")
    func pairs() throws {
        var properties = LayerProperties()
        properties.position = Point(x: 1, y: 2)
        properties.anchorPoint = Point(x: 3, y: 4)
        properties.bounds = Rect(x: 5, y: 6, width: 7, height: 8)
        properties.shadowOffset = Size(width: 9, height: 10)
        let expected: [(String, Double, Double)] = [
            ("position", 1, 2), ("anchorPoint", 3, 4), ("bounds.origin", 5, 6), ("bounds.size", 7, 8), ("shadowOffset", 9, 10),
        ]
        for (keyPath, first, second) in expected {
            let (a, b) = try #require(ScalarSlot.pair(try PropertyPath(parsing: keyPath)))
            #expect(properties[a] == first && properties[b] == second, "\(keyPath)")
        }
        for keyPath in ["bounds", "transform", "transform.translation", "opacity", "position.x", "backgroundColor"] {
            #expect(ScalarSlot.pair(try PropertyPath(parsing: keyPath)) == nil, "\(keyPath)")
        }
    }

    @Test("A whole rect or color has the slots of its four numbers, and every color component has one")
    func quads() throws {
        var properties = LayerProperties()
        properties.bounds = Rect(x: 5, y: 6, width: 7, height: 8)
        properties.backgroundColor = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        properties.borderColor = Color(red: 0.5, green: 0.6, blue: 0.7, alpha: 0.8)
        properties.shadowColor = Color(red: 0.9, green: 0.25, blue: 0.35, alpha: 0.45)
        let expected: [(String, [Double])] = [
            ("bounds", [5, 6, 7, 8]), ("backgroundColor", [0.1, 0.2, 0.3, 0.4]), ("borderColor", [0.5, 0.6, 0.7, 0.8]),
            ("shadowColor", [0.9, 0.25, 0.35, 0.45]),
        ]
        for (keyPath, numbers) in expected {
            let (a, b, c, d) = try #require(ScalarSlot.quad(try PropertyPath(parsing: keyPath)))
            #expect([properties[a], properties[b], properties[c], properties[d]] == numbers, "\(keyPath)")
            properties[d] = 0.75
            #expect(properties.value(at: try PropertyPath(parsing: keyPath)).components.last == 0.75, "\(keyPath)")
        }
        #expect(Self.colorSlots.count == 12)
        for keyPath in ["position", "bounds.size", "opacity", "transform"] {
            #expect(ScalarSlot.quad(try PropertyPath(parsing: keyPath)) == nil, "\(keyPath)")
        }
    }

    @Test("A layer's model read by key path in place gives the values set, and what the catalogue reads for every key path")
    func modelReadsInPlace() throws {
        let layer = Layer()
        // Every number distinct and nothing at its default, so a wrong field cannot pass.
        layer.set(.point(Point(x: 11, y: 12)), at: PropertyPath(.position))
        layer.set(.rect(Rect(x: 13, y: 14, width: 15, height: 16)), at: PropertyPath(.bounds))
        layer.set(.point(Point(x: 0.17, y: 0.18)), at: PropertyPath(.anchorPoint))
        layer.set(.scalar(0.19), at: PropertyPath(.opacity))
        layer.set(.color(Color(red: 0.2, green: 0.21, blue: 0.22, alpha: 0.23)), at: PropertyPath(.backgroundColor))
        layer.set(.color(Color(red: 0.24, green: 0.25, blue: 0.26, alpha: 0.27)), at: PropertyPath(.borderColor))
        layer.set(.color(Color(red: 0.28, green: 0.29, blue: 0.3, alpha: 0.31)), at: PropertyPath(.shadowColor))
        layer.set(.size(Size(width: 32, height: 33)), at: PropertyPath(.shadowOffset))
        let scalars: [(String, Double)] = [
            ("borderWidth", 0.40), ("cornerRadius", 0.41), ("zPosition", 0.42), ("shadowOpacity", 0.43),
            ("shadowRadius", 0.44), ("strokeStart", 0.45), ("strokeEnd", 0.46), ("blurRadius", 0.47),
        ]
        for (name, value) in scalars { layer.set(.scalar(value), at: try PropertyPath(parsing: name)) }
        // The values set, read back by key path: whole values and their components.
        let expected: [(String, AnimationValue)] = [
            ("position", .point(Point(x: 11, y: 12))), ("position.x", .scalar(11)), ("position.y", .scalar(12)),
            ("bounds", .rect(Rect(x: 13, y: 14, width: 15, height: 16))), ("bounds.origin.y", .scalar(14)),
            ("bounds.size", .size(Size(width: 15, height: 16))), ("bounds.size.height", .scalar(16)),
            ("anchorPoint.y", .scalar(0.18)), ("opacity", .scalar(0.19)),
            ("backgroundColor", .color(Color(red: 0.2, green: 0.21, blue: 0.22, alpha: 0.23))),
            ("shadowColor", .color(Color(red: 0.28, green: 0.29, blue: 0.3, alpha: 0.31))),
            ("shadowOffset", .size(Size(width: 32, height: 33))), ("shadowOffset.width", .scalar(32)),
            ("cornerRadius", .scalar(0.41)), ("blurRadius", .scalar(0.47)),
            ("transform", .transform(.identity)), ("transform.scale.x", .scalar(1)),
        ]
        for (keyPath, value) in expected {
            #expect(layer.modelValue(at: try PropertyPath(parsing: keyPath)) == value, "\(keyPath)")
        }
        let turned = Transform3D.identity.rotated(by: 0.5, x: 0, y: 0, z: 1).scaledBy(x: 2, y: 3, z: 1)
        layer.set(.transform(turned), at: PropertyPath(.transform))
        #expect(layer.modelValue(at: PropertyPath(.transform)) == .transform(turned))
        #expect(layer.modelValue(at: try PropertyPath(parsing: "transform.translation.x")) == .scalar(0))
        // And the in-place reads agree with the catalogue's readers on every key path of a plain layer.
        for property in PropertyCatalogue.all where property.layerClass == .layer {
            for keyPath in property.keyPaths {
                let path = try PropertyPath(parsing: keyPath)
                #expect(layer.modelValue(at: path) == layer.model.value(at: path), "\(keyPath)")
            }
        }
    }
}
