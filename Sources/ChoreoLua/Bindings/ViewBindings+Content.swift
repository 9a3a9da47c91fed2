#if canImport(Glibc)
import ChoreoRuntime
import Glibc
#endif
import ChoreoCore

/// The content kinds as scripts name them: the constructor that makes each (`Label.new`), and
/// the properties that only it has.
enum ContentKind: String, CaseIterable {
    case view = "View", label = "Label", imageView = "ImageView", shapeView = "ShapeView", blurView = "BlurView"

    init(_ content: LayerContent) {
        switch content {
        case .none: self = .view
        case .text: self = .label
        case .image: self = .imageView
        case .shape: self = .shapeView
        case .blur: self = .blurView
        }
    }

    /// What a new object of this kind draws, before the constructor's table applies.
    func emptyContent() -> LayerContent {
        switch self {
        case .view: .none
        case .label: .text(TextContent())
        case .imageView: .image(ImageContent(path: ""))
        case .shapeView: .shape(ShapeContent())
        case .blurView: .blur
        }
    }

    /// Gives a new layer of this kind the model its constructor's table starts from. A shape is
    /// CAShapeLayer's, filled black with no stroke — except that a table giving a `strokeColor`
    /// and no `fillColor` makes an unfilled outline: Lua cannot write `fillColor = nil` in a
    /// table, and an outline is what such a table means.
    func prepare(_ layer: Layer, for options: LuaTableArgument?) {
        guard self == .shapeView, let options, !options.value("strokeColor").isNil, options.value("fillColor").isNil
        else { return }
        layer.setShapeColor(nil, for: .fillColor)
    }

    /// The content properties of this kind; on views also the layer properties that only it
    /// uses (a shape's stroke ends, a blur's radius), which every layer has under CA's names.
    func keys(_ face: ContentFace) -> [String] {
        switch self {
        case .view: []
        case .label: ["text", "fontSize", "fontWeight", "textColor", "textAlignment", "alignment"]
        case .imageView: ["image"]
        case .shapeView: ScriptHost.shapeKeys + (face == .view ? layerPropertyKeys : [])
        case .blurView: face == .view ? layerPropertyKeys : []
        }
    }

    /// The layer properties only views of this kind use, as the catalogue declares them, except
    /// the shape layer's own (ViewBindings+Shape.swift binds those, nil colors and all).
    var layerPropertyKeys: [String] {
        PropertyCatalogue.inApplyOrder
            .filter { $0.view == .contentView(rawValue) && !PropertyCatalogue.isShapeProperty($0.property) }.map(\.name)
    }

    /// How messages name an object of this kind.
    func noun(_ face: ContentFace) -> String {
        guard face == .layer else { return rawValue }
        switch self {
        case .view: return "plain layer"
        case .label: return "text layer"
        case .imageView: return "image layer"
        case .shapeView: return "shape layer"
        case .blurView: return "blur layer"
        }
    }
}

/// Whether a property is reached through a view (`label.text`) or its layer (`label.layer.text`).
enum ContentFace { case view, layer }

extension ScriptHost {
    /// Adds the content properties of every kind to a view's or a layer's table. Each works only
    /// on an object of its kind; on another it is an error naming both kinds.
    func addContentProperties<Object>(
        to table: inout ScriptPropertyTable<Object>, face: ContentFace, layer: @escaping (Object) -> Layer
    ) {
        func kindError(_ key: String, _ kind: ContentKind, _ layer: Layer) -> BindingError {
            let article = kind == .imageView ? "an" : "a"
            return BindingError("only \(article) \(kind.noun(face)) has \(key) (this is a \(ContentKind(layer.content).noun(face)))")
        }
        func text(_ key: String, _ object: Object) throws -> TextContent {
            guard case let .text(content) = layer(object).content else { throw kindError(key, .label, layer(object)) }
            return content
        }
        func editText(_ key: String, _ object: Object, _ edit: (inout TextContent) throws -> Void) throws {
            var content = try text(key, object)
            try edit(&content)
            layer(object).content = .text(content)
        }
        table.add("text", get: { call, o in call.push(try text("text", o).text) },
                  set: { o, v in try editText("text", o) { $0.text = try Checked.string(v, "text") } })
        table.add("fontSize", get: { call, o in call.push(try text("fontSize", o).fontSize) },
                  set: { o, v in try editText("fontSize", o) { $0.fontSize = try TextContent.checkedFontSize(try Checked.number(v, "fontSize")) } })
        table.add("fontWeight", get: { call, o in call.push(try text("fontWeight", o).fontWeight.rawValue) },
                  set: { o, v in try editText("fontWeight", o) { $0.fontWeight = try Checked.option(v, "fontWeight", TextContent.Weight.self) } })
        table.add("textColor", get: { call, o in
            call.push(.color(try text("textColor", o).textColor)) { new in
                if case let .color(c) = new { try editText("textColor", o) { $0.textColor = c } }
            }
        }, set: { o, v in try editText("textColor", o) { $0.textColor = try ScriptValues.color(v, name: "textColor") } })
        for key in ["textAlignment", "alignment"] {
            table.add(key, get: { call, o in call.push(try text(key, o).alignment.rawValue) },
                      set: { o, v in try editText(key, o) { $0.alignment = try Checked.option(v, key, TextContent.Alignment.self) } })
        }

        table.add("image", get: { call, o in
            guard case let .image(content) = layer(o).content else { throw kindError("image", .imageView, layer(o)) }
            call.push(optionalString: content.path.isEmpty ? nil : content.path)
        }, set: { [unowned self] o, v in
            guard case .image = layer(o).content else { throw kindError("image", .imageView, layer(o)) }
            let path = try Checked.optionalString(v, "image").map { try resolveImage($0) } ?? ""
            layer(o).content = .image(ImageContent(path: path))
        })

        addShapeProperties(to: &table, layer: layer) { key, object in kindError(key, .shapeView, layer(object)) }

        guard face == .view else { return }
        // Layer properties that only one kind of view uses: every layer has them under CA's names.
        for kind in ContentKind.allCases {
            for key in kind.layerPropertyKeys {
                let path = try! PropertyPath(parsing: key)
                func checked(_ o: Object) throws -> Layer {
                    guard ContentKind(layer(o).content) == kind else { throw kindError(key, kind, layer(o)) }
                    return layer(o)
                }
                table.add(key, get: { call, o in call.push(try checked(o).modelValue(at: path), writeBack: nil) }, set: { o, v in
                    try checked(o).set(try ScriptValues.animationValue(v, kind: path.valueKind, name: key), at: path)
                })
            }
        }
    }

    /// The path an image property names: relative to the script's folder, inside the sandbox
    /// (`FileSandbox`), and a PNG file (by its signature) of at most `PNGHeader.maximumSide`
    /// pixels a side. Returns the canonical path, which the renderer reads later.
    func resolveImage(_ path: String) throws(ArgumentError) -> String {
        guard !path.isEmpty else {
            throw ArgumentError(parameter: "image", requirement: "must be the path of a PNG file", value: "an empty string")
        }
        let resolved: String, bytes: [UInt8]
        do {
            resolved = try files.resolve(path)
            bytes = try ScriptFile.bytes(of: resolved, prefix: PNGHeader.count)
        } catch {
            throw ArgumentError(parameter: "image", requirement: "must name a readable PNG file", value: "\"\(path)\": \(error.reason)")
        }
        do { try PNGHeader.check(bytes) } catch {
            throw ArgumentError(parameter: "image", requirement: "must be a PNG file", value: "\"\(path)\", \(error.description)")
        }
        return resolved
    }
}
