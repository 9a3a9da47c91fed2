import CLua
import CLuaShim

/// What a host function sees of one call from Lua: its arguments and a place for its results.
///
/// The readers are named after what they check and never raise: a wrong value throws a
/// ``LuaCallError`` in Lua's words, naming the call (`bad argument #2 to 'after' (function
/// expected, got nil)`; for methods, `calling 'View:addSubview' on bad self (...)` and arguments
/// counted after `self`). Strict types: numbers are not strings, strings are not numbers, and a
/// boolean is `true` or `false`. `optional…` readers take nil or a missing argument as nil.
///
/// Valid only during the call: do not store it. Indices are 1-based argument positions.
public struct LuaCallContext {
    let state: OpaquePointer
    /// The VM running the call (for ``LuaVM/call(_:_:)`` from inside a host function). Held
    /// unretained: the VM runs the call, so it outlives the context, and a copy of a context
    /// (every table argument holds one) retains nothing for it.
    public unowned(unsafe) let vm: LuaVM
    /// The VM's cache of class keys (its slots are the VM's).
    let classKeys: ClassKeyCache
    /// The name errors give the call: `after`, `View.animate`, `View:addSubview`, `View.alpha`.
    public let functionName: String
    let role: LuaHostFunctionBox.Role
    /// How many arguments Lua passed (including `self` for methods).
    public let argumentCount: Int

    /// Where a checked value came from, for messages.
    enum Place {
        case argument(Int, name: String?)
        /// A field `key` of the table at `parent` (its path of fields): the path is spelled
        /// (`options.duration`) only for a message or a nested table, not for every read.
        case field(argument: Int, parent: String, key: LuaKey)
    }

    /// The same call, reported as the property `name` (`View.alpha`) with its value at index 3.
    func forProperty(_ name: String) -> LuaCallContext {
        LuaCallContext(
            state: state, vm: vm, classKeys: classKeys, functionName: name, role: .property, argumentCount: argumentCount)
    }

    // MARK: - Arguments

    public func number(at index: Int, name: String? = nil) throws(LuaCallError) -> Double {
        try checkNumber(Int32(index), .argument(index, name: name))
    }
    public func optionalNumber(at index: Int, name: String? = nil) throws(LuaCallError) -> Double? {
        try isNil(at: index) ? nil : number(at: index, name: name)
    }
    public func integer(at index: Int, name: String? = nil) throws(LuaCallError) -> Int {
        try checkInteger(Int32(index), .argument(index, name: name))
    }
    public func optionalInteger(at index: Int, name: String? = nil) throws(LuaCallError) -> Int? {
        try isNil(at: index) ? nil : integer(at: index, name: name)
    }
    public func string(at index: Int, name: String? = nil) throws(LuaCallError) -> String {
        try checkString(Int32(index), .argument(index, name: name))
    }
    /// The string argument at `index` with what `memo` remembers of it (`make(text)` the first
    /// time a string is seen): the check and error of `string(at:name:)`, and no `String` made
    /// or hashed for a string seen before.
    func string<Value>(
        at index: Int, name: String? = nil, memo: LuaStringMemo<Value>, _ make: (String) -> Value
    ) throws(LuaCallError) -> LuaStringMemo<Value>.Entry {
        guard lua_type(state, Int32(index)) == LUA_TSTRING else { throw mismatch(Int32(index), .argument(index, name: name), "string") }
        return memo.value(at: Int32(index), on: state, make)
    }
    public func optionalString(at index: Int, name: String? = nil) throws(LuaCallError) -> String? {
        try isNil(at: index) ? nil : string(at: index, name: name)
    }
    public func boolean(at index: Int, name: String? = nil) throws(LuaCallError) -> Bool {
        try checkBoolean(Int32(index), .argument(index, name: name))
    }
    public func optionalBoolean(at index: Int, name: String? = nil) throws(LuaCallError) -> Bool? {
        try isNil(at: index) ? nil : boolean(at: index, name: name)
    }
    /// A Lua function, kept alive by the returned reference.
    public func function(at index: Int, name: String? = nil) throws(LuaCallError) -> LuaFunctionRef {
        try checkFunction(Int32(index), .argument(index, name: name))
    }
    public func optionalFunction(at index: Int, name: String? = nil) throws(LuaCallError) -> LuaFunctionRef? {
        try isNil(at: index) ? nil : function(at: index, name: name)
    }
    /// A table argument, read in place with raw gets (valid during the call).
    public func table(at index: Int, name: String? = nil) throws(LuaCallError) -> LuaTableArgument {
        try checkTable(Int32(index), .argument(index, name: name))
    }
    public func optionalTable(at index: Int, name: String? = nil) throws(LuaCallError) -> LuaTableArgument? {
        try isNil(at: index) ? nil : table(at: index, name: name)
    }
    /// A bridged Swift object of class `Object` (or a subclass), checked by metatable identity.
    public func object<Object: AnyObject>(at index: Int, as type: Object.Type, name: String? = nil) throws(LuaCallError) -> Object {
        try checkObject(Int32(index), type, .argument(index, name: name))
    }
    public func optionalObject<Object: AnyObject>(at index: Int, as type: Object.Type, name: String? = nil) throws(LuaCallError) -> Object? {
        try isNil(at: index) ? nil : object(at: index, as: type, name: name)
    }
    /// Any value, copied (tables and functions by reference).
    public func value(at index: Int) -> LuaValue { vm.value(at: Int32(index), on: state) }
    /// Whether the argument is nil or missing.
    public func isNil(at index: Int) -> Bool { lua_type(state, Int32(index)) <= LUA_TNIL }
    /// The argument's type as Lua's messages name it (`number`, `nil`, `View`, `no value`).
    public func typeName(at index: Int) -> String { LuaVM.typeName(at: Int32(index), on: state) }

    /// An error in the same words as the readers', for checks of your own:
    /// `badArgument(1, "unknown curve 'bounce' (valid: linear, easeIn)")`.
    public func badArgument(_ index: Int, _ problem: String) -> LuaCallError {
        error(.argument(index, name: nil), problem)
    }

    // MARK: - Results

    public func push(_ value: Double) { if reserve(1) { lua_pushnumber(state, value) } }
    public func push(_ value: Int) { if reserve(1) { lua_pushinteger(state, lua_Integer(value)) } }
    public func push(_ value: Bool) { if reserve(1) { lua_pushboolean(state, value ? 1 : 0) } }
    public func push(_ value: String) { if reserve(1) { LuaVM.push(value, on: state) } }
    public func pushNil() { if reserve(1) { lua_pushnil(state) } }
    public func push(_ function: LuaFunctionRef) { push(.function(function)) }
    public func push(_ value: LuaValue) { if reserve(1) { vm.push(value, on: state) } }
    /// Pushes a bridged Swift object: the same userdata each time while Lua still holds it.
    public func push<Object: AnyObject>(object: Object) {
        if reserve(4) { vm.pushObject(object, staticType: Object.self, on: state) }
    }
    /// Pushes a Swift object made for this call and handed to Lua this once (a block's token):
    /// a new userdata, not looked up in or added to the identity cache, which only matters for an
    /// object pushed again. Pushing `object` any other way later would make a second userdata.
    public func push<Object: AnyObject>(newObject object: Object) {
        if reserve(4) { vm.pushObject(object, staticType: Object.self, on: state, cached: false) }
    }
    /// Pushes a new table filled by `fill` with raw sets.
    public func pushNewTable(arrayCount: Int = 0, fieldCount: Int = 0, _ fill: (LuaTableBuilder) -> Void = { _ in }) {
        guard reserve(1) else { return }
        lua_createtable(state, Int32(clamping: arrayCount), Int32(clamping: fieldCount))
        fill(LuaTableBuilder(context: self, index: lua_gettop(state)))
    }

    /// Values on the stack now (tests check that reading leaves it where it was).
    var stackTop: Int { Int(lua_gettop(state)) }

    /// Makes room for `slots` pushes; on failure marks the call so the dispatcher reports it.
    func reserve(_ slots: Int32) -> Bool {
        if lua_checkstack(state, slots) != 0 { return true }
        vm.stackExhausted = true
        return false
    }
}
