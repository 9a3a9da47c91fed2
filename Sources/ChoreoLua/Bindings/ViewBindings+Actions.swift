import ChoreoCore

/// A Lua table as a layer's action delegate (CALayerDelegate's `action(for:forKey:)`):
///
///     layer.delegate = {
///         actionForLayer = function(layer, key)
///             if key == "position" then return spring end   -- an animation: run it
///             if key == "opacity" then return false end      -- NSNull: no action, stop searching
///             return nil                                     -- search on: actions, style, default
///         end,
///     }
///
/// The function is looked up when a property changes and called at once (the change is being
/// made by script code, which sees an error it raises at the line that made the change).
final class LuaLayerActionDelegate: LayerActionDelegate {
    let table: LuaTableRef
    private weak var host: ScriptHost?

    init(table: LuaTableRef, host: ScriptHost) {
        self.table = table
        self.host = host
    }

    func action(for layer: Layer, forKey key: String) throws -> LayerAction? {
        guard let host, !host.vm.isClosed, let function = table["actionForLayer"].functionValue else { return nil }
        let result = try host.callbackReturning(function, [.object(layer), .string(key)], as: .layerDelegate).first ?? .nil
        return try ScriptHost.layerAction(result, name: "actionForLayer's result for \"\(key)\"", allowsNil: true)
    }
}

/// `layer.actions`, `layer.style`, `layer.delegate`, `layer:actionForKey(key)` and
/// `Layer.defaultAction(key)`: Core Animation's action search for scripts (ChoreoCore's
/// `LayerActionLookup` does the searching).
///
///     layer.actions = { opacity = BasicAnimation.new{ keyPath = "opacity", duration = 1 },
///                       position = false }                       -- false stands for NSNull
///     layer.style = { actions = { bounds = false }, style = { actions = { ... } } }
///
/// `actions` and `style` are values, as in Swift: reading gives a new table, so change a copy
/// and assign it back.
extension ScriptHost {
    /// A Lua value as an action: an animation, or false (NSNull); nil only where `allowsNil`.
    static func layerAction(_ lua: LuaValue, name: String, allowsNil: Bool = false) throws(ArgumentError) -> LayerAction? {
        if allowsNil, lua.isNil { return nil }
        if case .boolean(false) = lua { return LayerAction.none }
        if let animation = lua.objectValue as? Animation { return .animation(animation) }
        throw ScriptValues.mismatch(name, "an animation or false (NSNull)" + (allowsNil ? " or nil" : ""), lua)
    }

    /// A Lua table of actions by key.
    static func layerActions(_ lua: LuaValue, name: String) throws(ArgumentError) -> [String: LayerAction] {
        guard !lua.isNil else { return [:] }
        guard let table = lua.tableValue else { throw ScriptValues.mismatch(name, "a table of actions by key", lua) }
        var actions: [String: LayerAction] = [:]
        for key in table.keys {
            guard case let .name(keyName) = key else {
                throw ArgumentError(parameter: name, requirement: "must have property names as keys", value: "the key \(key)")
            }
            actions[keyName] = try layerAction(table[keyName], name: "\(name).\(keyName)")
        }
        return actions
    }

    /// A Lua table as a style: `{ actions = {...}, style = {...} }`, nested at most
    /// `LayerStyle.maximumDepth` deep.
    static func layerStyle(_ lua: LuaValue, name: String, depth: Int = 1) throws(ArgumentError) -> LayerStyle? {
        guard !lua.isNil else { return nil }
        guard let table = lua.tableValue else { throw ScriptValues.mismatch(name, "a table with 'actions' and/or 'style'", lua) }
        for key in table.keys where key != .name("actions") && key != .name("style") {
            throw ArgumentError(parameter: name, requirement: "takes the keys 'actions' and 'style'", value: "the key \(key)")
        }
        guard depth <= LayerStyle.maximumDepth else {
            throw ArgumentError(parameter: "style", requirement: "may nest at most \(LayerStyle.maximumDepth) styles deep "
                                + "(does a style contain itself?)", value: "more")
        }
        return LayerStyle(actions: try layerActions(table["actions"], name: "\(name).actions"),
                          style: try layerStyle(table["style"], name: "\(name).style", depth: depth + 1))
    }

    static func luaAction(_ action: LayerAction) -> LuaValue {
        if case let .animation(animation) = action { return .object(animation) }
        return .boolean(false)
    }

    static func pushActions(_ actions: [String: LayerAction], _ call: LuaCallContext) {
        call.pushNewTable(fieldCount: actions.count) { table in
            for key in actions.keys.sorted() { table.set(.name(key), luaAction(actions[key]!)) }
        }
    }

    /// Runs `change` (a model change of `layer`) and rethrows the first error its action raised.
    static func runningActions(of layer: Layer, _ change: () throws -> Void) throws {
        _ = layer.takeSceneActionFailure()  // an earlier failure no script call took
        try change()
        if let failure = layer.takeSceneActionFailure() { throw failure }
    }

    func addActionProperties(to table: inout ScriptPropertyTable<Layer>) {
        table.add("actions", get: { call, layer in Self.pushActions(layer.actions, call) },
                  set: { layer, value in layer.actions = try Self.layerActions(value, name: "actions") })
        table.add("style", get: { call, layer in
            guard let style = layer.style else { return call.pushNil() }
            /// Fills one level's table: its actions, and its style's table in turn.
            func fill(_ table: LuaTableBuilder, _ style: LayerStyle, depth: Int) {
                table.setTable("actions", fieldCount: style.actions.count) { actions in
                    for key in style.actions.keys.sorted() { actions.set(.name(key), Self.luaAction(style.actions[key]!)) }
                }
                if let inner = style.style, depth < LayerStyle.maximumDepth {
                    table.setTable("style", fieldCount: 2) { fill($0, inner, depth: depth + 1) }
                }
            }
            call.pushNewTable(fieldCount: 2) { fill($0, style, depth: 1) }
        }, set: { layer, value in layer.style = try Self.layerStyle(value, name: "style") })
        table.add("delegate", get: { call, layer in
            if let view = layer.view { return call.push(object: view) }
            guard let delegate = layer.delegate as? LuaLayerActionDelegate else { return call.pushNil() }
            call.push(.table(delegate.table))
        }, set: { [unowned self] layer, value in
            guard layer.view == nil else {
                throw BindingError("a view's layer has its view as delegate (UIKit's rule); use a stand-alone Layer.new layer")
            }
            guard !value.isNil else { return layer.delegate = nil }
            guard let delegateTable = value.tableValue else {
                throw ScriptValues.mismatch("delegate", "a table with an actionForLayer function", value)
            }
            let function = delegateTable["actionForLayer"]
            guard function.isNil || function.functionValue != nil else {
                throw ScriptValues.mismatch("delegate.actionForLayer", "a function", function)
            }
            layer.delegate = LuaLayerActionDelegate(table: delegateTable, host: self)
        })
    }

    func actionMethods() -> [String: LuaHostFunction] {
        ["actionForKey": { call in
            let layer = try call.object(at: 1, as: Layer.self)
            let key = try call.string(at: 2, name: "key")
            let action = try layer.action(forKey: key)
            call.push(action.map(Self.luaAction) ?? .nil)
            return 1
        }]
    }

    /// `Layer.defaultAction(key)`: the class's implicit animation for a property, or nil.
    func layerClassActionFunctions() -> [String: LuaHostFunction] {
        ["defaultAction": { call in
            let key = try call.string(at: 1, name: "key")
            guard let action = Layer.defaultAction(forKey: key) else {
                call.pushNil()
                return 1
            }
            if case let .animation(animation) = action { try call.chargeNew(animation) }
            call.push(Self.luaAction(action))
            return 1
        }]
    }
}
