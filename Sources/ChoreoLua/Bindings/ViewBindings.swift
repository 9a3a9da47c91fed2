import Glibc
import CLua
import ChoreoCore

/// Scenes, views and layers for scripts (DESIGN §5, "scene and views").
///
///     local scene = Scene.new{ width = 375, height = 667, backgroundColor = "#1d7fc1" }
///     local box = View.new{ name = "box", frame = {20, 100, 80, 80}, backgroundColor = "orange" }
///     scene.view:addSubview(box)
///     Label.new{ text = "Bahama Air", fontSize = 28, textColor = "white" }
///     ImageView.new{ image = "assets/cloud.png" }         -- relative to the script
///     ShapeView.new{ path = Path.ellipse{0, 0, 40, 40}, strokeColor = "white", strokeEnd = 0 }
///     BlurView.new{ blurRadius = 0 }
///     Layer.new{ frame = {0, 0, 10, 10}, opacity = 0.5 }   -- animates its changes implicitly
///     ShapeLayer.new{ path = Path.ovalIn{0, 0, 40, 40}, fillColor = "clear", strokeColor = "white" }
///
/// Every view is one Lua class, `View`, whatever its content; a content property (`text`,
/// `path`, ...) works on the kind that has it. Constructors take the same keys as the properties
/// they set, applied in a fixed order (`frame` before `bounds` before `center`), and reject keys
/// they do not know, listing the ones they do.
extension ScriptHost {
    func installViews() {
        let state = ViewScriptState()
        let viewTable = viewProperties(state)
        let layerTable = layerProperties()
        let layerOwners = Self.otherClassOwners(of: layerTable)

        vm.register(LuaClass<View>(
            "View",
            methods: viewMethods(state),
            getProperty: { call, view, key in try viewTable.get(call, view, key) },
            setProperty: { call, view, key in
                try call.charging(view.layer) { try viewTable.set(view, key, call.value(at: 3)) }
            },
            describe: Self.describe,
            fields: viewTable.names,
            otherToolsNames: [
                "setNeedsLayout": "layoutIfNeeded", "setNeedsDisplay": "layoutIfNeeded", "removeFromParent": "removeFromSuperview",
                "addChild": "addSubview", "children": "subviews", "parent": "superview", "opacity": "alpha",
                "position": "center", "x": "frame.x or center.x", "y": "frame.y or center.y",
            ]))
        vm.register(LuaClass<Layer>(
            "Layer",
            methods: layerMethods(layerTable),
            getProperty: { call, layer, key in try Self.getLayerProperty(layerTable, layerOwners, call, layer, key) },
            setProperty: { call, layer, key in
                try call.charging(layer) {
                    try Self.runningActions(of: layer) { try Self.setLayerProperty(layerTable, layerOwners, layer, key, call.value(at: 3)) }
                }
            },
            describe: { layer in layer.name.map { "\(layer.layerClass.rawValue)(\($0))" } ?? layer.layerClass.rawValue }))
        installPresentation()
        installLayerConstructor(.replicator, layerTable)
        installLayerConstructor(.emitter, layerTable)
        installEmitterCells()
        installScenes()
        installPathHelpers()

        let contentKeys = Set(ContentKind.allCases.flatMap { $0.keys(.view) })
        let commonKeys = viewTable.settableNames.filter { !contentKeys.contains($0) }
        for kind in ContentKind.allCases {
            let name = kind.rawValue
            let keys = viewTable.constructorKeys(commonKeys + kind.keys(.view) + ["layerClass"])
            let layerClassPosition = keys.position(of: "layerClass")!
            let new: LuaHostFunction = { call in
                if let frame = Self.plainFrame(call) {
                    // `{ frame = {x, y, w, h} }` and nothing else: what the general reading
                    // below does with it, without its key scan and property loop (`prepare`
                    // reads keys this shape does not have).
                    let view = View(content: kind.emptyContent())
                    view.frame = frame
                    try call.chargeNew(view.layer)
                    call.push(object: view)
                    return 1
                }
                let options = try call.optionalTable(at: 1, name: "properties")
                let scan = options.map { options in
                    Result { () throws(UnknownKeyError) in try options.scanKeys(keys.names, of: "property") }
                }
                let view = View(content: kind.emptyContent())
                kind.prepare(view.layer, for: options)
                if let options, let scan {
                    switch scan {
                    case .success(let held):
                        if held.holds(position: layerClassPosition) { try Self.applyLayerClass(options, to: view) }
                        try viewTable.apply(options, to: view, keys: keys, scan: held)
                    case .failure(let unknownKey):
                        // Raised where it always was: after the layer class (an error in both names the class).
                        try Self.applyLayerClass(options, to: view)
                        throw unknownKey
                    }
                }
                try call.chargeNew(view.layer)
                call.push(object: view)
                return 1
            }
            // `View` also holds UIKit's class-level animation functions (ViewAnimationBindings.swift).
            let extra = kind == .view ? viewAnimationFunctions() : [:]
            vm.registerGlobal(name, functions: extra.merging(["new": new]) { $1 })
        }
        vm.registerGlobal("Layer", functions: layerClassActionFunctions().merging(["new": Self.newLayer(layerTable, kind: nil)]) { $1 })
        vm.registerGlobal("ShapeLayer", functions: ["new": Self.newLayer(layerTable, kind: .shapeView)])
        installGradientLayers(layerTable)
    }

    /// The frame of a constructor's options of the commonest shape, `{ frame = {x, y, w, h} }`
    /// (a table of one key, whose value is a rect `ScriptValues.plainRect` reads), or nil for
    /// anything else, which the general reading then reads, with its errors. Found with two
    /// steps of a traversal instead of the scan of every key a view takes and the property
    /// loop: 0.2–0.35 µs of the 1.4 a `View.new` took in `lua-setup-10k`.
    static func plainFrame(_ call: LuaCallContext) -> Rect? {
        let state = call.state
        guard lua_gettop(state) == 1, lua_type(state, 1) == LUA_TTABLE, call.reserve(3) else { return nil }
        lua_pushnil(state)
        guard lua_next(state, 1) != 0 else { return nil }  // an empty table
        // Key at -2, value at -1. One key, named `frame` (a string key, so no conversion).
        var length = 0
        let top = lua_gettop(state)
        defer { lua_settop(state, top - 2) }
        guard lua_type(state, -2) == LUA_TSTRING, let key = lua_tolstring(state, -2, &length), length == 5,
              memcmp(key, "frame", 5) == 0, let frame = ScriptValues.plainRect(at: top, on: state)
        else { return nil }
        lua_pushvalue(state, -2)
        return lua_next(state, 1) == 0 ? frame : nil  // no second key (lua_next popped the key it was given)
    }

    /// `Layer.new{...}` (`kind` nil: the content its keys imply) and `ShapeLayer.new{...}`
    /// (CAShapeLayer, whatever the keys): a stand-alone layer with the table's properties.
    private static func newLayer(_ layerTable: ScriptPropertyTable<Layer>, kind fixed: ContentKind?) -> LuaHostFunction {
        // Each content kind's keys, made once.
        let plainKeys = Self.layerKeys(layerTable, of: .layer)
        let keysByKind = Dictionary(uniqueKeysWithValues: ContentKind.allCases.map { kind in
            (kind, layerTable.constructorKeys(plainKeys + kind.keys(.layer)))
        })
        return { call in
            let options = try call.optionalTable(at: 1, name: "properties")
            let layer = Layer()
            let kind = try fixed ?? Self.layerContentKind(options)
            layer.content = kind.emptyContent()
            kind.prepare(layer, for: options)
            try layerTable.apply(options, to: layer, keys: keysByKind[kind]!)
            try call.chargeNew(layer)
            call.push(object: layer)
            return 1
        }
    }

    /// The content a standalone layer gets from its keys: `path` makes a shape layer, `text` a
    /// text layer, `image` an image layer; keys of two kinds are an error.
    private static func layerContentKind(_ options: LuaTableArgument?) throws -> ContentKind {
        let keys = Set((options?.keys ?? []).compactMap { key -> String? in
            if case let .name(name) = key { name } else { nil }
        })
        let kinds = ContentKind.allCases.filter { !keys.isDisjoint(with: $0.keys(.layer)) }
        guard kinds.count <= 1 else {
            let named = kinds.map { $0.noun(.layer) }.joined(separator: " and ")
            throw BindingError("keys of a \(named) are mixed (a layer draws one kind of content)")
        }
        return kinds.first ?? .view
    }

    /// `Scene.new{ width =, height =, backgroundColor = }` and the `Scene` class.
    ///
    /// The first call sets up the engine's scene and returns it; later calls make new scenes
    /// (a script may return the one it wants driven). Scenes made go to `createdScenes` weakly: the
    /// engine holds its own, Lua the others while it refers to them.
    private func installScenes() {
        vm.register(LuaClass<Scene>(
            "Scene",
            methods: sceneMethods(),
            getProperty: { call, scene, key in
                switch key {
                case "view": call.push(object: scene.rootView)
                case "width": call.push(scene.rootView.bounds.size.width)
                case "height": call.push(scene.rootView.bounds.size.height)
                case "backgroundColor":
                    call.push(.color(scene.rootView.backgroundColor)) { new in
                        if case let .color(c) = new { scene.rootView.backgroundColor = c }
                    }
                default: return 0
                }
                return 1
            },
            setProperty: { call, scene, key in
                guard key == "backgroundColor" else {
                    throw BindingError(["view", "width", "height"].contains(key)
                        ? "cannot be set (it is read-only)" : "not a property of Scene (settable: backgroundColor)")
                }
                scene.rootView.backgroundColor = try ScriptValues.color(call.value(at: 3), name: "backgroundColor")
            },
            describe: { scene in
                let size = scene.rootView.bounds.size
                return "Scene(\(formatNumber(size.width))×\(formatNumber(size.height)))"
            },
            fields: ["view", "width", "height", "backgroundColor"],
            otherToolsNames: ["rootView": "view", "root": "view", "size": "width and height"]))
        vm.registerGlobal("Scene", functions: ["new": { [unowned self] call in
            let options = try call.optionalTable(at: 1, name: "properties")
            try options?.checkKeys(allowed: ["width", "height", "backgroundColor"], of: "property")
            let width = try Scene.checkedSide(try options?.optionalNumber("width") ?? 375, "width")
            let height = try Scene.checkedSide(try options?.optionalNumber("height") ?? 667, "height")
            let background = try options.flatMap { options in
                let value = options.value("backgroundColor")
                return value.isNil ? nil : try ScriptValues.color(value, name: "backgroundColor")
            }
            let charge = try call.charge(bytes: HostMemoryEstimate.scene)
            let scene = hasMadeScene ? Scene() : engine.scene
            hasMadeScene = true
            scene.memoryCharge = charge
            // The root view's layer holds its share of the scene's estimate in a charge of its
            // own, which what is attached to it (copies of animations, their keys) then grows, as
            // any view's layer's charge does.
            if scene.rootLayer.memoryCharge == nil {
                let rootBytes = min(scene.rootLayer.estimatedHostBytes, HostMemoryEstimate.scene)
                charge.resize(to: HostMemoryEstimate.scene - rootBytes)
                scene.rootLayer.memoryCharge = try call.vm.charge(nil, bytes: rootBytes)
            }
            scene.screenSize = Size(width: width, height: height)
            scene.rootView.frame = Rect(x: 0, y: 0, width: width, height: height)
            scene.rootView.bounds = Rect(x: 0, y: 0, width: width, height: height)
            if let background { scene.rootView.backgroundColor = background }
            if sceneRecords.count >= 64, sceneRecords.count.nonzeroBitCount == 1 {
                sceneRecords.removeAll { $0.scene == nil }  // at powers of two: O(1) amortized
            }
            sceneRecords.append(WeakScene(scene: scene, serial: scenesMade))
            scenesMade += 1
            call.push(object: scene)
            return 1
        }])
    }
}
