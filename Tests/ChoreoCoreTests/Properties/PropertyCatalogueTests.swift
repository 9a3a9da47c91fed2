import Foundation
import Testing
@testable import ChoreoCore

@Suite("The property catalogue: one declaration per animatable layer property")
struct PropertyCatalogueTests {
    /// A value of `kind` unlike any default, to write and read back.
    static func probe(_ kind: ValueKind) -> AnimationValue {
        switch kind {
        case .scalar: .scalar(0.375)
        case .point: .point(Point(x: 12.5, y: -4))
        case .size: .size(Size(width: 30, height: 7.25))
        case .rect: .rect(Rect(x: 1, y: 2, width: 40, height: 25))
        case .color: .color(Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5))
        case .transform: .transform(Transform3D(translationX: 5, y: -6, z: 2))
        case .path: .path(BezierPath(elements: [.move(to: Point(x: 1, y: 2)), .line(to: Point(x: 3, y: 4))]))
        case .colors: .colors([Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5), .white])
        case .numbers: .numbers([0.125, 0.5, 2])
        }
    }

    static func close(_ a: AnimationValue, _ b: AnimationValue) -> Bool {
        guard case let .scalar(x) = a, case let .scalar(y) = b else { return a == b }
        return abs(x - y) <= 1e-9
    }

    /// The properties of a new layer of `layerClass` (a plain layer's for `.layer`).
    static func properties(of layerClass: LayerClass) -> LayerProperties {
        Layer(class: layerClass).model
    }

    @Test("Every key path of every entry reads back what was written, and nothing else changes")
    func roundTrips() throws {
        for property in PropertyCatalogue.all {
            for keyPath in property.keyPaths {
                let path = Layer(class: property.layerClass).resolvingClassNames(try PropertyPath(parsing: keyPath))
                #expect(path.catalogueEntry?.name == property.name)
                var properties = Self.properties(of: property.layerClass)
                let value = Self.probe(path.valueKind)
                properties.setValue(value, at: path)
                #expect(Self.close(properties.value(at: path), value), "\(keyPath)")
                for other in PropertyCatalogue.all where other.name != property.name {
                    #expect(properties.value(at: PropertyPath(other.property)) == other.defaultValue, "\(keyPath) changed \(other.name)")
                }
            }
        }
    }

    @Test("A struct component is that field of the whole value, as Core Animation's key paths are")
    func structComponents() throws {
        var properties = LayerProperties()
        properties.setValue(.scalar(7), at: try PropertyPath(parsing: "position.y"))
        properties.setValue(.scalar(90), at: try PropertyPath(parsing: "bounds.size.width"))
        properties.setValue(.point(Point(x: 3, y: 4)), at: try PropertyPath(parsing: "bounds.origin"))
        properties.setValue(.scalar(-1), at: try PropertyPath(parsing: "shadowOffset.width"))
        #expect(properties.position == Point(x: 0, y: 7))
        #expect(properties.bounds == Rect(x: 3, y: 4, width: 90, height: 0))
        #expect(properties.shadowOffset == Size(width: -1, height: -3))
        #expect(properties.value(at: try PropertyPath(parsing: "bounds.size")) == .size(Size(width: 90, height: 0)))
    }

    @Test("A value of another kind than the path holds is ignored")
    func mismatchedKinds() throws {
        for property in PropertyCatalogue.all {
            for keyPath in property.keyPaths {
                let path = try PropertyPath(parsing: keyPath)
                let wrong: AnimationValue = path.valueKind == .color ? .scalar(1) : .color(.black)
                var properties = LayerProperties()
                properties.setValue(wrong, at: path)
                #expect(properties == LayerProperties(), "\(keyPath)")
            }
        }
    }

    @Test("Defaults are Core Animation's (CALayer's documented initial values)")
    func defaults() {
        let expected: [String: AnimationValue] = [
            "position": .point(.zero), "bounds": .rect(.zero), "anchorPoint": .point(Point(x: 0.5, y: 0.5)),
            "opacity": .scalar(1), "backgroundColor": .color(.clear), "borderWidth": .scalar(0),
            "borderColor": .color(.black), "cornerRadius": .scalar(0), "transform": .transform(.identity),
            "zPosition": .scalar(0), "shadowColor": .color(.black), "shadowOffset": .size(Size(width: 0, height: -3)),
            "shadowOpacity": .scalar(0), "shadowRadius": .scalar(3), "strokeStart": .scalar(0), "strokeEnd": .scalar(1),
            "blurRadius": .scalar(0),
            "sublayerTransform": .transform(.identity),
            "shadowPath": .path(BezierPath()),  // nil: the layer's own shape, the empty path to animations
            // CAShapeLayer's: no path, filled opaque black, strokeColor nil (read as transparent black).
            "path": .path(BezierPath()), "fillColor": .color(.black), "strokeColor": .color(.clear),
            "lineWidth": .scalar(1), "miterLimit": .scalar(10), "lineDashPhase": .scalar(0),
            // CAGradientLayer's: colors and locations nil, startPoint (0.5, 0), endPoint (0.5, 1).
            "colors": .colors([]), "locations": .numbers([]), "startPoint": .point(Point(x: 0.5, y: 0)),
            "endPoint": .point(Point(x: 0.5, y: 1)),
            // CAReplicatorLayer's documented defaults
            "instanceDelay": .scalar(0), "instanceTransform": .transform(.identity), "instanceColor": .color(.white),
            "instanceRedOffset": .scalar(0), "instanceGreenOffset": .scalar(0), "instanceBlueOffset": .scalar(0),
            "instanceAlphaOffset": .scalar(0),
            // CAEmitterLayer's
            "emitterPosition": .point(.zero), "emitterSize": .size(Size(width: 0, height: 0)),
            "birthRate": .scalar(1), "lifetime": .scalar(1), "velocity": .scalar(1), "scale": .scalar(1), "spin": .scalar(1),
        ]
        #expect(Set(PropertyCatalogue.all.map(\.name)) == Set(expected.keys))
        for property in PropertyCatalogue.all {
            #expect(property.defaultValue == expected[property.name], "\(property.name)")
            #expect(property.value(in: Self.properties(of: property.layerClass), at: .whole) == expected[property.name],
                    "\(property.name) of a new \(property.layerClass.rawValue)")
        }
    }

    @Test("Names, Property cases and view names are each declared once")
    func uniqueness() {
        let all = PropertyCatalogue.all
        #expect(Set(all.map(\.name)).count == all.count)
        #expect(Set(all.map(\.property)).count == all.count)
        #expect(Set(all.map(\.applyOrder)).count == all.count)
        let viewNames = all.compactMap(\.viewName)
        #expect(Set(viewNames).count == viewNames.count)
        for property in all {
            // A class-scoped name's case carries its class (`emitterBirthRate` for an emitter's `birthRate`).
            let caseName = property.isClassScoped ? "emitter" + property.name.prefix(1).uppercased() + property.name.dropFirst() : property.name
            #expect(String(describing: property.property) == caseName)
            #expect(PropertyPath(property.property).catalogueEntry?.name == property.name)
        }
        #expect(PropertyPath(.custom("progress")).catalogueEntry == nil)
        #expect(all.compactMap { if case let .uikit(name) = $0.view { name } else { nil } }
            == ["center", "bounds", "alpha", "backgroundColor", "transform"])
    }

    @Test("PropertyPath(parsing:) accepts exactly the catalogue's key paths among dotted paths")
    func parsingIsTheCatalogue() {
        let keyPaths = Set(PropertyCatalogue.keyPaths)
        let allSubPaths = Set([ValueKind.scalar, .point, .size, .rect, .color, .transform, .colors, .numbers].flatMap { $0.subPaths.map(\.name) })
        for property in PropertyCatalogue.all {
            if property.isClassScoped {
                // A custom name, except on a layer of its class.
                #expect((try? PropertyPath(parsing: property.name)) == PropertyPath(.custom(property.name)))
                #expect(Layer(class: property.layerClass).resolvingClassNames(PropertyPath(.custom(property.name))) == PropertyPath(property.property))
                #expect(Layer().resolvingClassNames(PropertyPath(.custom(property.name))) == PropertyPath(.custom(property.name)))
                continue
            }
            #expect((try? PropertyPath(parsing: property.name)) == PropertyPath(property.property))
            for sub in allSubPaths.union(["z", "size.depth", "rotation.w", ""]) {
                let candidate = "\(property.name).\(sub)"
                #expect(((try? PropertyPath(parsing: candidate)) != nil) == keyPaths.contains(candidate), "\(candidate)")
            }
        }
        #expect((try? PropertyPath(parsing: "progress")) == PropertyPath(.custom("progress")))
        #expect((try? PropertyPath(parsing: "progress.x")) == nil)
    }

    @Test("A parsed path prints as its canonical key path and parses back to itself")
    func descriptions() throws {
        for keyPath in PropertyCatalogue.keyPaths {
            let path = try PropertyPath(parsing: keyPath)
            #expect(try PropertyPath(parsing: path.description) == path)
        }
        #expect(try PropertyPath(parsing: "transform.rotation").description == "transform.rotation.z")
        #expect(try PropertyPath(parsing: "bounds.size.width").description == "bounds.size.width")
    }

    @Test("Key-path errors list the catalogue's names in its order, as before")
    func errorMessages() {
        #expect(throws: ArgumentError(
            parameter: "keyPath",
            requirement: "must be a layer property (position, bounds, anchorPoint, opacity, backgroundColor, borderWidth, "
                + "borderColor, cornerRadius, transform, zPosition, shadowColor, shadowOffset, shadowOpacity, shadowRadius, "
                + "strokeStart, strokeEnd, blurRadius, sublayerTransform, shadowPath, path, fillColor, strokeColor, lineWidth, miterLimit, "
                + "lineDashPhase, colors, locations, startPoint, endPoint, instanceDelay, instanceTransform, instanceColor, "
                + "instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset, emitterPosition, emitterSize), "
                + "one of their sub-paths, or a custom property name",
            value: "\"nope.x\"")) { try PropertyPath(parsing: "nope.x") }
        #expect(throws: ArgumentError(
            parameter: "keyPath",
            requirement: "must be \"shadowOffset\" or one of \"shadowOffset.height\", \"shadowOffset.width\"",
            value: "\"shadowOffset.x\"")) { try PropertyPath(parsing: "shadowOffset.x") }
    }

    @Test("namedValues lists every property in catalogue order")
    func namedValues() {
        var properties = LayerProperties()
        properties.custom["progress"] = 2
        let names = properties.namedValues.map(\.0)
        #expect(names == PropertyCatalogue.all.map(\.name) + ["progress"])
    }

    /// A value of `kind` with one NaN in its last number.
    static func poisoned(_ kind: ValueKind) -> AnimationValue {
        switch kind {
        case .scalar: .scalar(.nan)
        case .point: .point(Point(x: 1, y: .nan))
        case .size: .size(Size(width: 1, height: .nan))
        case .rect: .rect(Rect(x: 1, y: 2, width: 3, height: .nan))
        case .color: .color(Color(red: 0, green: 0, blue: 0, alpha: .nan))
        case .transform: .transform(Transform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                                m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: .nan))
        case .path: .path(BezierPath(elements: [.move(to: Point(x: 1, y: .nan))]))
        case .colors: .colors([.white, Color(red: .nan, green: 0, blue: 0, alpha: 1)])
        case .numbers: .numbers([0.5, .nan])
        }
    }

    @Test("A NaN anywhere in any catalogue property fails requireFinite, which names the property; defaults pass")
    func finiteness() throws {
        for property in PropertyCatalogue.all {
            var properties = Self.properties(of: property.layerClass)
            #expect(throws: Never.self) { try properties.requireFinite(layer: "box", time: 1) }
            property.setValue(Self.poisoned(property.valueKind), in: &properties, at: .whole)
            // A writer may clamp a NaN away (an emitter's lifetime: max(0, NaN) is 0): then nothing is left to find.
            guard !property.value(in: properties, at: .whole).isFinite else { #expect(property.name == "lifetime"); continue }
            let error = #expect(throws: NonFiniteValueError.self) { try properties.requireFinite(layer: "box", time: 1) }
            #expect(error?.property.hasPrefix(property.name) == true, "\(property.name): \(String(describing: error))")
        }
    }
}
