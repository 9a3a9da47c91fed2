import CLua
import CLuaShim

/// A Lua function kept alive by the host, for callbacks (completions, curves, layout).
///
/// It is a registry reference, released when this object goes away. It holds its VM strongly:
/// release builds end a lifetime at its last use, and an unowned VM was measured to crash when
/// the handle outlived it (lua-embedding.md §3.5). Call it with ``LuaVM/call(_:_:)`` or directly:
///
///     let ease = try vm.run(chunk: "return function(t) return t * t end", name: "ease.lua")[0]
///     try ease.functionValue!(0.5)   // [.number(0.25)]
///
/// A Swift object stored in Lua that holds a reference to a Lua function forms a cycle through
/// the state; ``LuaVM/close()`` breaks it.
public final class LuaFunctionRef {
    public let vm: LuaVM
    let reference: Int32

    init(vm: LuaVM, reference: Int32) {
        self.vm = vm
        self.reference = reference
    }

    deinit { vm.releaseReference(reference) }

    @discardableResult
    public func callAsFunction(_ arguments: LuaValue...) throws(LuaError) -> [LuaValue] {
        try vm.call(self, arguments)
    }
    /// Where the function is defined, `scene.lua:3`; nil for a host function or a closed VM.
    /// Raw, non-raising calls only (`lua_getinfo` with ">S" pops the function and never raises).
    var definitionSite: String? {
        guard !vm.isClosed else { return nil }
        let state = vm.liveState("definitionSite")
        guard lua_checkstack(state, 1) != 0 else { return nil }
        guard lua_rawgeti(state, lsx_registryindex(), lua_Integer(reference)) == LUA_TFUNCTION else {
            lua_settop(state, -2)
            return nil
        }
        return LuaVM.definitionSite(ofFunctionOnTopOf: state)
    }
}

extension LuaVM {
    /// `LuaFunctionRef.definitionSite` of the function at stack slot `index` of the running host
    /// function.
    func definitionSite(ofFunctionAt index: Int32) -> String? {
        let state = liveState("definitionSite(ofFunctionAt:)")
        guard lua_checkstack(state, 1) != 0 else { return nil }
        lua_pushvalue(state, index)
        return LuaVM.definitionSite(ofFunctionOnTopOf: state)
    }

    /// `file:line` where the function on top of the stack (which it pops) was defined; nil for a
    /// C function.
    static func definitionSite(ofFunctionOnTopOf state: OpaquePointer) -> String? {
        var info = lua_Debug()
        guard lua_getinfo(state, ">S", &info) != 0, info.linedefined > 0 else { return nil }
        let source = withUnsafeBytes(of: info.short_src) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return "\(source):\(info.linedefined)"
    }
}

/// A Lua table kept alive by the host, read with raw gets (metamethods never run).
///
///     let plugin = try vm.run(chunk: "return { name = 'material' }", name: "plugin.lua")[0]
///     plugin.tableValue!["name"]   // .string("material")
public final class LuaTableRef {
    public let vm: LuaVM
    let reference: Int32

    init(vm: LuaVM, reference: Int32) {
        self.vm = vm
        self.reference = reference
    }

    deinit { vm.releaseReference(reference) }

    public subscript(key: String) -> LuaValue { vm.rawGet(self, .name(key)) }
    public subscript(index: Int) -> LuaValue { vm.rawGet(self, .index(index)) }

    /// Whether `self[key]` is not nil, read without copying the value out.
    public func hasField(named key: String) -> Bool {
        vm.withTable(self) { state, index in
            LuaVM.push(key, on: state)
            defer { lsx_pop(state, 1) }
            return lua_rawget(state, index) != LUA_TNIL
        } ?? false
    }

    /// The raw length (`rawlen`): the border of the array part.
    public var count: Int { vm.withTable(self) { state, index in Int(lua_rawlen(state, index)) } ?? 0 }

    /// The keys that are names or integers, in Lua's traversal order; other keys are skipped.
    public var keys: [LuaKey] { vm.withTable(self) { state, index in LuaVM.keys(ofTableAt: index, on: state) } ?? [] }
}
