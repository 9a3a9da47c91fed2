import CLua
import CLuaShim

// Moving values between Swift and the Lua stack, with raw (non-raising) calls only. Callers
// reserve stack space first; none of these can raise (allocations happen in host mode, where the
// memory cap is off).
extension LuaVM {
    /// Pushes a value. Tables and functions must belong to this VM; objects must be registered.
    func push(_ value: LuaValue, on state: OpaquePointer) {
        switch value {
        case .nil, .unsupported: lua_pushnil(state)
        case .boolean(let flag): lua_pushboolean(state, flag ? 1 : 0)
        case .integer(let integer): lua_pushinteger(state, lua_Integer(integer))
        case .number(let number): lua_pushnumber(state, number)
        case .string(let string): LuaVM.push(string, on: state)
        case .table(let table):
            precondition(table.vm === self, "LuaVM: cannot push a table that belongs to another LuaVM")
            lua_rawgeti(state, lsx_registryindex(), lua_Integer(table.reference))
        case .function(let function):
            precondition(function.vm === self, "LuaVM: cannot push a function that belongs to another LuaVM")
            lua_rawgeti(state, lsx_registryindex(), lua_Integer(function.reference))
        case .object(let object): pushObject(object, staticType: nil, on: state)
        }
    }

    static func push(_ string: String, on state: OpaquePointer) {
        var string = string
        string.withUTF8 { _ = lua_pushlstring(state, $0.baseAddress, $0.count) }
    }

    /// Copies the value at `index`; tables and functions become registry references.
    func value(at index: Int32, on state: OpaquePointer) -> LuaValue {
        switch lua_type(state, index) {
        case LUA_TNONE, LUA_TNIL: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(state, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(state, index) != 0 { return .integer(Int(lua_tointegerx(state, index, nil))) }
            return .number(lua_tonumberx(state, index, nil))
        case LUA_TSTRING: return .string(LuaVM.string(at: index, on: state))
        case LUA_TTABLE: return .table(LuaTableRef(vm: self, reference: reference(to: index, on: state)))
        case LUA_TFUNCTION: return .function(LuaFunctionRef(vm: self, reference: reference(to: index, on: state)))
        case LUA_TUSERDATA:
            if let object = bridgedObject(at: index, on: state) { return .object(object) }
            return .unsupported(typeName: LuaVM.typeName(at: index, on: state))
        default: return .unsupported(typeName: LuaVM.typeName(at: index, on: state))
        }
    }

    /// A registry reference to the value at `index` (LUA_REFNIL, which reads as nil, if the stack
    /// has no room).
    func reference(to index: Int32, on state: OpaquePointer) -> Int32 {
        guard lua_checkstack(state, 2) != 0 else { return LUA_REFNIL }
        lua_pushvalue(state, index)  // luaL_ref pops it
        return luaL_ref(state, lsx_registryindex())
    }

    /// The bytes of the string at `index` (the caller checked it is a string, so nothing converts).
    static func string(at index: Int32, on state: OpaquePointer) -> String {
        var length = 0
        guard let bytes = lua_tolstring(state, index, &length) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// The type name Lua's own messages use: `__name` from a metatable (raw), else the basic type.
    static func typeName(at index: Int32, on state: OpaquePointer) -> String {
        let type = lua_type(state, index)
        if type == LUA_TLIGHTUSERDATA { return "light userdata" }
        if type == LUA_TTABLE || type == LUA_TUSERDATA, lua_checkstack(state, 2) != 0, lua_getmetatable(state, index) != 0 {
            push("__name", on: state)
            let name = lua_rawget(state, -2) == LUA_TSTRING ? string(at: -1, on: state) : nil
            lsx_pop(state, 2)
            if let name { return name }
        }
        return String(cString: lua_typename(state, type))
    }

    /// Calls `body` with each name and integer key of the table at `index` (absolute), by raw
    /// traversal, with no list of them made. `body` must leave the stack as it found it and not
    /// change the table.
    static func forEachKey(ofTableAt index: Int32, on state: OpaquePointer, _ body: (LuaKey) throws -> Void) rethrows {
        guard lua_checkstack(state, 2) != 0 else { return }
        let top = lua_gettop(state)
        defer { lua_settop(state, top) }
        lua_pushnil(state)
        while lua_next(state, index) != 0 {
            if lua_type(state, -2) == LUA_TSTRING {
                try body(.name(string(at: -2, on: state)))
            } else if lua_isinteger(state, -2) != 0 {
                try body(.index(Int(lua_tointegerx(state, -2, nil))))
            }
            lsx_pop(state, 1)  // keep the key for lua_next
        }
    }

    /// The name and integer keys of the table at `index` (absolute), by raw traversal, in the
    /// fixed order `pairs` visits them (integers in increasing order, then names in byte order),
    /// not Lua's, which follows each state's hash seed: an error names the same key on every run.
    static func keys(ofTableAt index: Int32, on state: OpaquePointer) -> [LuaKey] {
        guard lua_checkstack(state, 2) != 0 else { return [] }
        var keys: [LuaKey] = []
        lua_pushnil(state)
        while lua_next(state, index) != 0 {
            if lua_type(state, -2) == LUA_TSTRING {
                keys.append(.name(string(at: -2, on: state)))
            } else if lua_isinteger(state, -2) != 0 {
                keys.append(.index(Int(lua_tointegerx(state, -2, nil))))
            }
            lsx_pop(state, 1)  // keep the key for lua_next
        }
        keys.sort(by: LuaKey.precedesInPairsOrder)
        return keys
    }

    /// The number (an integer or a float) at `table[key]`, else at `table[alias]`, else at
    /// `table[position]`, for the table at the absolute `index`: the first of them that is not
    /// nil, which must be a number (nil otherwise). Raw gets; the stack is left as it was.
    static func number(in index: Int32, named key: String, alias: String?, at position: Int, on state: OpaquePointer) -> Double? {
        guard lua_checkstack(state, 1) != 0 else { return nil }
        push(key, on: state)
        var type = lua_rawget(state, index)
        if type == LUA_TNIL, let alias {
            lsx_pop(state, 1)
            push(alias, on: state)
            type = lua_rawget(state, index)
        }
        if type == LUA_TNIL {
            lsx_pop(state, 1)
            type = lua_rawgeti(state, index, lua_Integer(position))
        }
        defer { lsx_pop(state, 1) }
        guard type == LUA_TNUMBER else { return nil }
        if lua_isinteger(state, -1) != 0 { return Double(Int(lua_tointegerx(state, -1, nil))) }
        return lua_tonumberx(state, -1, nil)
    }

    /// Runs `body` with a referenced table pushed (absolute index); nil if the VM is closed.
    func withTable<R>(_ table: LuaTableRef, _ body: (OpaquePointer, Int32) -> R) -> R? {
        guard let state = activeState ?? state, lua_checkstack(state, 3) != 0 else { return nil }
        lua_rawgeti(state, lsx_registryindex(), lua_Integer(table.reference))
        defer { lsx_pop(state, 1) }
        return body(state, lua_gettop(state))
    }

    func rawGet(_ table: LuaTableRef, _ key: LuaKey) -> LuaValue {
        withTable(table) { state, index in
            switch key {
            case .name(let name):
                LuaVM.push(name, on: state)
                lua_rawget(state, index)
            case .index(let position):
                lua_rawgeti(state, index, lua_Integer(position))
            }
            defer { lsx_pop(state, 1) }
            return value(at: -1, on: state)
        } ?? .nil
    }

    // MARK: - Globals

    /// Defines (or extends) a global table of host functions, such as `View`.
    ///
    /// Each function is reported as `Name.function` in errors. Globals are written with raw sets,
    /// so a script's metatable on `_G` is never consulted.
    ///
    ///     vm.registerGlobal("View", functions: ["animate": { call in ... }])
    public func registerGlobal(_ name: String, functions: [String: LuaHostFunction]) {
        let state = liveState("registerGlobal(_:functions:)")
        precondition(lua_checkstack(state, 5) != 0, "LuaVM.registerGlobal(_:functions:): no stack space")
        lua_rawgeti(state, lsx_registryindex(), lua_Integer(lsx_ridx_globals()))
        LuaVM.push(name, on: state)
        if lua_rawget(state, -2) != LUA_TTABLE {
            lsx_pop(state, 1)
            lua_createtable(state, 0, Int32(functions.count))
            LuaVM.push(name, on: state)
            lua_pushvalue(state, -2)
            lua_rawset(state, -4)
        }
        for (key, body) in functions.sorted(by: { $0.key < $1.key }) {
            LuaVM.push(key, on: state)
            pushHostFunction(LuaHostFunctionBox(name: "\(name).\(key)", role: .function, body: body), on: state)
            lua_rawset(state, -3)
        }
        lsx_pop(state, 2)
    }

    /// Gives the global table `name` (made by `registerGlobal(_:functions:)`) constants: fields
    /// no table holds, made afresh by `constant` on each read, so that a script changing the value
    /// it read (`local t = Transform.identity; t.m41 = 5`) changes its own copy. The table's
    /// metatable is locked, as a class's is.
    ///
    ///     vm.registerGlobalConstants("Point") { key in key == "zero" ? .object(ScriptValue(.point(.zero))) : nil }
    public func registerGlobalConstants(_ name: String, _ constant: @escaping (String) -> LuaValue?) {
        let state = liveState("registerGlobalConstants(_:_:)")
        precondition(lua_checkstack(state, 5) != 0, "LuaVM.registerGlobalConstants(_:_:): no stack space")
        lua_rawgeti(state, lsx_registryindex(), lua_Integer(lsx_ridx_globals()))
        LuaVM.push(name, on: state)
        precondition(lua_rawget(state, -2) == LUA_TTABLE, "LuaVM.registerGlobalConstants(_:_:): no global table \(name)")
        lua_createtable(state, 0, 2)
        LuaVM.push("__metatable", on: state)
        LuaVM.push("locked", on: state)
        lua_rawset(state, -3)
        LuaVM.push("__index", on: state)
        pushHostFunction(LuaHostFunctionBox(name: "\(name).__index", role: .function) { call in
            guard let key = call.value(at: 2).stringValue, let value = constant(key) else { return 0 }
            call.push(value)
            return 1
        }, on: state)
        lua_rawset(state, -3)
        _ = lua_setmetatable(state, -2)
        lsx_pop(state, 2)
    }

    /// Defines a global host function, such as `after`.
    public func registerGlobal(_ name: String, function: @escaping LuaHostFunction) {
        let state = liveState("registerGlobal(_:function:)")
        precondition(lua_checkstack(state, 3) != 0, "LuaVM.registerGlobal(_:function:): no stack space")
        lua_rawgeti(state, lsx_registryindex(), lua_Integer(lsx_ridx_globals()))
        LuaVM.push(name, on: state)
        pushHostFunction(LuaHostFunctionBox(name: name, role: .function, body: function), on: state)
        lua_rawset(state, -3)
        lsx_pop(state, 1)
    }

    /// Whether the global `name` is (raw) a host or C function: a binding's own, not one the
    /// script defined in Lua.
    func globalIsHostFunction(_ name: String) -> Bool {
        let state = liveState("globalIsHostFunction(_:)")
        guard lua_checkstack(state, 3) != 0 else { return false }
        lua_rawgeti(state, lsx_registryindex(), lua_Integer(lsx_ridx_globals()))
        LuaVM.push(name, on: state)
        lua_rawget(state, -2)
        defer { lsx_pop(state, 2) }
        return lua_iscfunction(state, -1) != 0
    }

    /// Sets a global with a raw set.
    public func setGlobal(_ name: String, _ value: LuaValue) {
        let state = liveState("setGlobal(_:_:)")
        precondition(lua_checkstack(state, 3) != 0, "LuaVM.setGlobal(_:_:): no stack space")
        lua_rawgeti(state, lsx_registryindex(), lua_Integer(lsx_ridx_globals()))
        LuaVM.push(name, on: state)
        push(value, on: state)
        lua_rawset(state, -3)
        lsx_pop(state, 1)
    }

    func pushHostFunction(_ box: LuaHostFunctionBox, on state: OpaquePointer) {
        lsx_pushfunction(state, box.retainedPointer())  // the userdata's __gc releases it
    }

    /// The number of values on the current thread's stack (tests check it is balanced).
    var stackTop: Int { Int(lua_gettop(liveState("stackTop"))) }
}
