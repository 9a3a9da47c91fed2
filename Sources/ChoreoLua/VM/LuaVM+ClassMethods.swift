import CLua
import CLuaShim

extension LuaVM {
    /// Adds methods to a class registered earlier, so that several binding files can give one
    /// Lua class its methods (the layer's animation methods live with the animation bindings).
    ///
    ///     vm.addMethods(["addAnimation": { call in ... }], to: Layer.self)
    ///
    /// Methods are reported as `Name:method`, like those given to `register(_:)`; a method of the
    /// same name is replaced.
    public func addMethods<Object: AnyObject>(_ methods: [String: LuaHostFunction], to type: Object.Type) {
        let state = liveState("addMethods(_:to:)")
        guard let info = classes[ObjectIdentifier(type)] else {
            preconditionFailure("LuaVM.addMethods(_:to:): register a LuaClass for \(type) first")
        }
        precondition(lua_checkstack(state, 5) != 0, "LuaVM.addMethods(_:to:): no stack space")
        lua_rawgetp(state, lsx_registryindex(), info.key)
        LuaVM.push("__methods", on: state)
        if lua_rawget(state, -2) != LUA_TTABLE {  // a class without properties: __index is the table
            lsx_pop(state, 1)
            LuaVM.push("__index", on: state)
            lua_rawget(state, -2)
        }
        for (method, body) in methods.sorted(by: { $0.key < $1.key }) {
            LuaVM.push(method, on: state)
            pushHostFunction(LuaHostFunctionBox(name: "\(info.name):\(method)", role: .method, body: body), on: state)
            lua_rawset(state, -3)
        }
        lsx_pop(state, 2)
    }
}
