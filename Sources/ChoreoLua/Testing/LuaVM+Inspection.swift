import CLua
import CLuaShim

// The raw reads the test matchers need: equality and identity as Lua defines them, a table's
// entries with keys of any type, and the script position of a call. Raw (non-raising) C calls
// only, like the rest of the VM's Swift side.
extension LuaVM {
    /// Lua's raw equality (`rawequal(a, b)`): numbers by value (1 == 1.0), strings by content,
    /// tables, functions and objects by identity.
    func rawEqual(_ a: LuaValue, _ b: LuaValue) -> Bool {
        let state = liveState("rawEqual(_:_:)")
        guard lua_checkstack(state, 2) != 0 else { return false }
        push(a, on: state)
        push(b, on: state)
        defer { lsx_pop(state, 2) }
        return lua_rawequal(state, -1, -2) != 0
    }

    /// The address of a table, which identifies it while it lives (for cycle checks).
    func identity(of table: LuaTableRef) -> UInt {
        withTable(table) { state, index in UInt(bitPattern: lua_topointer(state, index)) } ?? 0
    }

    /// Every entry of a table (raw traversal; keys of any type), in no particular order.
    func entries(of table: LuaTableRef) -> [(key: LuaValue, value: LuaValue)] {
        withTable(table) { state, index -> [(key: LuaValue, value: LuaValue)] in
            guard lua_checkstack(state, 4) != 0 else { return [] }
            var result: [(key: LuaValue, value: LuaValue)] = []
            lua_pushnil(state)
            while lua_next(state, index) != 0 {
                result.append((value(at: -2, on: state), value(at: -1, on: state)))
                lsx_pop(state, 1)  // keep the key for lua_next
            }
            return result
        } ?? []
    }

    /// `rawget(table, key)` for a key of any type.
    func rawGet(_ table: LuaTableRef, key: LuaValue) -> LuaValue {
        withTable(table) { state, index -> LuaValue in
            guard lua_checkstack(state, 3) != 0 else { return .nil }
            push(key, on: state)
            lua_rawget(state, index)
            defer { lsx_pop(state, 1) }
            return value(at: -1, on: state)
        } ?? .nil
    }
}

extension LuaCallContext {
    /// `file:line:` of the Lua code that made this call, or "" when Lua gives none (a call
    /// from C). Reads the call-info chain only: nothing is allocated or raised.
    var callerPosition: String {
        var record = lua_Debug()
        guard lua_getstack(state, 1, &record) != 0, lua_getinfo(state, "Sl", &record) != 0,
              record.currentline > 0
        else { return "" }
        let source = withUnsafeBytes(of: record.short_src) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return "\(source):\(record.currentline):"
    }

    /// `file:line:` of the innermost Lua code outside the chunk named `skipped` (the sequence
    /// driver's `wait` calling its host): what a script reads as the line of its own call, also
    /// through a tail call or a `pcall`. "" when no Lua frame has a line.
    func scriptPosition(skipping skipped: String) -> String {
        var record = lua_Debug()
        var level: Int32 = 1
        while level < 64, lua_getstack(state, level, &record) != 0 {
            level += 1
            guard lua_getinfo(state, "Sl", &record) != 0, record.currentline > 0 else { continue }
            let source = withUnsafeBytes(of: record.short_src) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if source != skipped { return "\(source):\(record.currentline):" }
        }
        return ""
    }

    /// `file:line` of the Lua code that made this call (its `callerPosition` without the colon),
    /// or nil: where a timer or display link was created, for the engine's runaway errors.
    var callerSite: String? {
        let position = callerPosition
        return position.isEmpty ? nil : String(position.dropLast())
    }

    /// Pushes a new host function (a matcher bound to its expectation, say) as a result.
    func push(function name: String, _ body: @escaping LuaHostFunction) {
        guard reserve(2) else { return }
        vm.pushHostFunction(LuaHostFunctionBox(name: name, role: .function, body: body), on: state)
    }
}
