import ChoreoCore
import CLua
import CLuaShim

// The checks behind every reader, for arguments and table fields alike. Each looks at the type
// with `lua_type` first and converts with non-raising calls only.
extension LuaCallContext {
    /// A number within Choreo's finite range (±1e15, ``NumberLimits``): NaN, infinities and
    /// values that would overflow the arithmetic done on them are refused here, at the boundary,
    /// in the words of ChoreoCore's checks: `Point.new: x must be within ±1e15 (got 1e+300)`.
    func checkNumber(_ index: Int32, _ place: Place) throws(LuaCallError) -> Double {
        guard lua_type(state, index) == LUA_TNUMBER else { throw mismatch(index, place, "number") }
        let value = lua_tonumberx(state, index, nil)
        if abs(value) <= NumberLimits.magnitude { return value }  // what requireFinite passes: no name spelled
        do { return try requireFinite(value, parameterName(place)) } catch {
            throw LuaCallError("\(functionName): \(error)")
        }
    }

    /// How messages name the value at `place`: its name, its field path, or `argument #n`.
    private func parameterName(_ place: Place) -> String {
        switch place {
        case .argument(_, let name?): name
        case .argument(let position, nil): "argument #\(role == .method ? position - 1 : position)"
        case .field(_, let parent, let key): key.appended(to: parent)
        }
    }

    func checkInteger(_ index: Int32, _ place: Place) throws(LuaCallError) -> Int {
        guard lua_type(state, index) == LUA_TNUMBER else { throw mismatch(index, place, "integer") }
        var exact: Int32 = 0
        let value = lua_tointegerx(state, index, &exact)
        guard exact != 0 else { throw error(place, "number has no integer representation") }
        return Int(value)
    }

    func checkString(_ index: Int32, _ place: Place) throws(LuaCallError) -> String {
        guard lua_type(state, index) == LUA_TSTRING else { throw mismatch(index, place, "string") }
        return LuaVM.string(at: index, on: state)
    }

    func checkBoolean(_ index: Int32, _ place: Place) throws(LuaCallError) -> Bool {
        guard lua_type(state, index) == LUA_TBOOLEAN else { throw mismatch(index, place, "boolean") }
        return lua_toboolean(state, index) != 0
    }

    func checkFunction(_ index: Int32, _ place: Place) throws(LuaCallError) -> LuaFunctionRef {
        guard lua_type(state, index) == LUA_TFUNCTION else { throw mismatch(index, place, "function") }
        guard reserve(2) else { throw error(place, "stack overflow") }
        return LuaFunctionRef(vm: vm, reference: vm.reference(to: index, on: state))
    }

    func checkTable(_ index: Int32, _ place: Place) throws(LuaCallError) -> LuaTableArgument {
        guard lua_type(state, index) == LUA_TTABLE else { throw mismatch(index, place, "table") }
        let argument: Int, path: String
        switch place {
        case .argument(let position, let name): (argument, path) = (position, name ?? "")
        case .field(let position, let parent, let key): (argument, path) = (position, key.appended(to: parent))
        }
        return LuaTableArgument(context: self, index: lua_absindex(state, index), argument: argument, path: path)
    }

    func checkObject<Object: AnyObject>(_ index: Int32, _ type: Object.Type, _ place: Place) throws(LuaCallError) -> Object {
        // An object of exactly the class registered for `Object` (its metatable is that class's):
        // one comparison, no dynamic cast. Subclasses registered apart, and mismatches, go the
        // general way.
        // The cache is read through the context's copy: a hit touches no reference count.
        if let metatable = (classKeys.cached(Object.self) ?? classKeys.slot(for: Object.self, in: vm)).exactMetatable,
            let box = lsx_toobject(state, index, metatable) {
            return Unmanaged<Object>.fromOpaque(box).takeUnretainedValue()
        }
        if let object = vm.bridgedObject(at: index, on: state) as? Object { return object }
        throw mismatch(index, place, vm.className(of: type))
    }

    func mismatch(_ index: Int32, _ place: Place, _ expected: String) -> LuaCallError {
        error(place, "\(expected) expected, got \(LuaVM.typeName(at: index, on: state))")
    }

    /// `bad argument #n to 'call' (detail)`, `calling 'call' on bad self (detail)` for a method's
    /// receiver, `bad value for 'View.alpha' (detail)` for a property.
    func error(_ place: Place, _ problem: String) -> LuaCallError {
        let argument: Int, detail: String
        switch place {
        case .argument(let position, let name?): (argument, detail) = (position, "\(name): \(problem)")
        case .argument(let position, nil): (argument, detail) = (position, problem)
        case .field(let position, let parent, let key): (argument, detail) = (position, "field '\(key.appended(to: parent))': \(problem)")
        }
        switch role {
        case .property:
            return LuaCallError("bad value for '\(functionName)' (\(detail))")
        case .method where argument == 1:
            return LuaCallError("calling '\(functionName)' on bad self (\(detail))")
        case .method:
            return LuaCallError("bad argument #\(argument - 1) to '\(functionName)' (\(detail))")
        case .function:
            return LuaCallError("bad argument #\(argument) to '\(functionName)' (\(detail))")
        }
    }
}
