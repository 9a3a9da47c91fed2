import Testing
@testable import ChoreoCore
@testable import ChoreoLua

@Suite("Lua: the layer, view and presentation properties come from the property catalogue")
struct PropertyCatalogueBindingsTests {
    @Test("A layer has every catalogue property, in the catalogue's apply order, and no other animatable one")
    func layerNames() throws {
        let host = try ScriptHost()
        let names = host.layerProperties().names
        let animatable = names.filter { PropertyCatalogue.named($0) != nil }
        #expect(animatable == PropertyCatalogue.inApplyOrder.filter { !$0.isClassScoped }.map(\.name))
        // An emitter's factors are its own properties (their names are custom keys elsewhere).
        for scoped in PropertyCatalogue.all where scoped.isClassScoped { #expect(names.contains(scoped.name), "\(scoped.name)") }
        #expect(ScriptHost.animatableLayerProperties == PropertyCatalogue.all.map(\.name))
        // `frame` comes right after the anchor point it is placed by, before position and bounds.
        #expect(Array(names.drop { $0 != "anchorPoint" }.prefix(3)) == ["anchorPoint", "frame", "bounds"])
    }

    @Test("A view has exactly the catalogue's view names, and none of the layer-only ones")
    func viewNames() throws {
        let host = try ScriptHost()
        let names = host.viewProperties(ViewScriptState()).names
        for property in PropertyCatalogue.all {
            if let viewName = property.viewName {
                #expect(names.contains(viewName), "\(viewName)")
            } else {
                #expect(!names.contains(property.name), "\(property.name)")
            }
        }
        let sameName = PropertyCatalogue.inApplyOrder.filter { $0.view == .sameName }.map(\.name)
        #expect(names.filter(sameName.contains) == sameName)
        #expect(ContentKind.shapeView.layerPropertyKeys == ["strokeStart", "strokeEnd"])
        #expect(ContentKind.blurView.layerPropertyKeys == ["blurRadius"])
    }

    @Test("Each view name sets the layer property it stands for")
    func viewNamesReachTheLayer() throws {
        for property in PropertyCatalogue.all {
            guard let viewName = property.viewName else { continue }
            let value: AnimationValue = switch property.valueKind {
            case .scalar: .scalar(0.375)
            case .point: .point(Point(x: 12.5, y: -4))
            case .size: .size(Size(width: 30, height: 7.25))
            case .rect: .rect(Rect(x: 1, y: 2, width: 40, height: 25))
            case .color: .color(Color(red: 1, green: 0, blue: 0, alpha: 1))
            case .transform: .transform(Transform3D(translationX: 5, y: -6, z: 0))
            case .path: .path(BezierPath(elements: [.move(to: Point(x: 1, y: 2)), .line(to: Point(x: 3, y: 4))]))
            case .colors, .numbers: .colors([])  // no view exposes a list property
            }
            let literal = property.valueKind == .transform
                ? "Transform.translation(5, -6)" : PropertyCatalogue.luaLiteral(value)
            let constructor = if case let .contentView(kind) = property.view { "\(kind).new" } else { "View.new" }
            let (_, results) = try runScript("local v = \(constructor){}; v.\(viewName) = \(literal); capture(v)")
            let view = try #require(results.first?.objectValue as? View)
            #expect(view.layer.model.value(at: PropertyPath(property.property)) == value, "\(viewName)")
        }
    }
}
