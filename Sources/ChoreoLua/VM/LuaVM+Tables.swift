import CLua
import CLuaShim

extension LuaVM {
    /// A new table holding `fields`, kept alive by the host (raw sets, host mode: never raises).
    ///
    ///     let params = vm.newTable(["overshoot": .number(2)])   -- { overshoot = 2 } in Lua
    public func newTable(_ fields: [(String, LuaValue)]) -> LuaTableRef {
        let state = liveState("newTable(_:)")
        precondition(lua_checkstack(state, 4) != 0, "LuaVM.newTable(_:): no stack space")
        lua_createtable(state, 0, Int32(fields.count))
        for (key, value) in fields {
            LuaVM.push(key, on: state)
            push(value, on: state)
            lua_rawset(state, -3)
        }
        defer { lsx_pop(state, 1) }
        return LuaTableRef(vm: self, reference: reference(to: -1, on: state))
    }
}
