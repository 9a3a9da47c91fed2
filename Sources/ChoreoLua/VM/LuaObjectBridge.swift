import CLua
import CLuaShim
import ChoreoCore

/// How a Swift class appears in Lua: its name, methods and properties.
///
/// Objects become 8-byte userdata holding a retained pointer. The class's metatable has `__gc`
/// (releases the object; safe if run twice), `__metatable = "locked"` (scripts see a string, not
/// the metatable), `__name`, `__tostring`, and `__index` to a methods table, or to a host function
/// that looks up methods, then `getProperty`. `setProperty` becomes `__newindex`.
///
///     vm.register(LuaClass<Box>("Box",
///         methods: ["grow": { call in
///             let box = try call.object(at: 1, as: Box.self)   // self
///             box.size += try call.number(at: 2, name: "amount")
///             return 0
///         }],
///         getProperty: { call, box, key in
///             guard key == "size" else { return 0 }
///             call.push(box.size)
///             return 1
///         },
///         setProperty: { call, box, key in box.size = try call.number(at: 3) }))
///
/// A getter returns how many values it pushed (0 reads as nil). A setter finds the value at
/// argument 3; its errors read `bad value for 'Box.size' (number expected, got string)`.
public struct LuaClass<Object: AnyObject> {
    public var name: String
    public var methods: [String: LuaHostFunction]
    public var getProperty: ((LuaCallContext, Object, String) throws -> Int)?
    public var setProperty: ((LuaCallContext, Object, String) throws -> Void)?
    /// What `tostring` shows; defaults to the class name.
    public var describe: ((Object) -> String)?
    /// `__call`: what calling an object does (the object is argument 1), for spellings where
    /// Swift calls what Lua reads as a property (`layer:presentation()` beside `layer.presentation`).
    public var call: LuaHostFunction?
    /// The names `getProperty` answers, for a closed class: reading any name that is neither
    /// one of them nor a method is an error naming the class, the name, the nearest known name
    /// and every field and method (`tl:play()` reads `Timeline has no field or method 'play';
    /// did you mean startAnimation? (fields: …; methods: …)`). Nil: an open class, whose
    /// unknown names read as nil (a layer's custom properties). A listed field may read as nil.
    public var fields: [String]?
    /// Names other tools give what this class calls otherwise (GSAP's `play` for
    /// `startAnimation`), suggested for them before the nearest spelling.
    public var otherToolsNames: [String: String] = [:]

    public init(
        _ name: String,
        methods: [String: LuaHostFunction] = [:],
        getProperty: ((LuaCallContext, Object, String) throws -> Int)? = nil,
        setProperty: ((LuaCallContext, Object, String) throws -> Void)? = nil,
        describe: ((Object) -> String)? = nil,
        call: LuaHostFunction? = nil,
        fields: [String]? = nil,
        otherToolsNames: [String: String] = [:]
    ) {
        self.name = name
        self.methods = methods
        self.getProperty = getProperty
        self.setProperty = setProperty
        self.describe = describe
        self.call = call
        self.fields = fields
        self.otherToolsNames = otherToolsNames
    }

    /// The error for reading `key`, which is neither a field nor a method of a closed class.
    func unknownMember(_ key: String) -> LuaCallError {
        let fields = fields ?? []
        let methods = self.methods.keys.sorted()
        let suggestion = otherToolsNames[key] ?? NameSuggestion.closest(to: key, in: fields + methods)
        let lists = [("fields", fields), ("methods", methods)].filter { !$0.1.isEmpty }
            .map { "\($0.0): \($0.1.joined(separator: ", "))" }.joined(separator: "; ")
        return LuaCallError("\(name) has no field or method '\(key)'" + (suggestion.map { "; did you mean \($0)?" } ?? "")
            + (lists.isEmpty ? "" : " (\(lists))"))
    }
}

/// The metatables of the last types looked up, by a hash of the type's address: the hot
/// paths (pushing an object, checking an argument's class) find them without hashing into
/// `classes` or walking superclasses. Emptied whenever a class is registered.
///
/// A view of plain memory the VM owns (`allocate`, `deallocate` in its `deinit`): a copy (each
/// call context holds one) refers to the same slots, and a hit reads one with no reference
/// counted (every argument check asks).
struct ClassKeyCache {
    struct Slot {
        var type: ObjectIdentifier?
        /// The metatable address of the class registered for the type itself (`LuaClassInfo.metatable`).
        var exactMetatable: UnsafeRawPointer?
        /// The registry index of the metatable of the type's class or nearest registered
        /// superclass (`LuaClassInfo.metatableIndex`); `LUA_NOREF` when none is registered.
        var metatableIndex: Int32 = LUA_NOREF
    }

    private static let count = 64
    private let slots: UnsafeMutablePointer<Slot>

    static func allocate() -> ClassKeyCache {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: count)
        slots.initialize(repeating: Slot(), count: count)
        return ClassKeyCache(slots: slots)
    }

    private init(slots: UnsafeMutablePointer<Slot>) { self.slots = slots }

    func deallocate() { slots.deallocate() }  // plain values: nothing to deinitialize

    /// Forgets every type.
    func removeAll() { slots.update(repeating: Slot(), count: Self.count) }

    /// The first of the two slots `id` may sit in: the cache is two-way, so two hot types whose
    /// hashes meet (a view and the completion token `View.animate` returns) do not evict each
    /// other on every push.
    private static func index(of id: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: Int(bitPattern: id)) &* 0x9E37_79B9_7F4A_7C15) >> 59) &* 2
    }

    /// The keys of `type` if it was looked up lately.
    func cached(_ type: AnyClass) -> Slot? {
        let id = ObjectIdentifier(type), index = Self.index(of: id)
        if slots[index].type == id { return slots[index] }
        if slots[index + 1].type == id { return slots[index + 1] }
        return nil
    }

    /// The keys of `type`, worked out from `vm.classes` on a miss (the keys' objects live in
    /// `classes` for the VM's life). The newest type takes the first slot of its pair and the
    /// one it displaces the second.
    func slot(for type: AnyClass, in vm: LuaVM) -> Slot {
        if let hit = cached(type) { return hit }
        let id = ObjectIdentifier(type), index = Self.index(of: id)
        let slot = Slot(type: id, exactMetatable: vm.classes[id]?.metatable,
                        metatableIndex: vm.classInfo(for: type)?.metatableIndex ?? LUA_NOREF)
        slots[index + 1] = slots[index]
        slots[index] = slot
        return slot
    }
}

/// A registered class. Its address is the registry key of the class's metatable.
final class LuaClassInfo {
    let name: String
    /// The metatable's address (`lua_topointer`): objects of exactly this class have it.
    var metatable: UnsafeRawPointer?
    /// The metatable's integer index in the registry, for pushing objects (found with no hashing;
    /// `key` stays its key for the checks that start from an object's metatable).
    var metatableIndex: Int32 = LUA_NOREF
    init(name: String) { self.name = name }
    var key: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

extension LuaVM {
    /// Makes objects of `Object` (and its subclasses, unless registered themselves) pushable.
    public func register<Object: AnyObject>(_ luaClass: LuaClass<Object>) {
        let state = liveState("register(_:)")
        let identifier = ObjectIdentifier(Object.self)
        precondition(classes[identifier] == nil, "LuaVM.register(_:): \(Object.self) is already registered")
        precondition(lua_checkstack(state, 8) != 0, "LuaVM.register(_:): no stack space")
        let info = LuaClassInfo(name: luaClass.name)
        classes[identifier] = info
        let name = luaClass.name

        lua_createtable(state, 0, 8)
        setField("__name", on: state) { LuaVM.push(name, on: state) }
        setField("__metatable", on: state) { LuaVM.push("locked", on: state) }
        setField("__gc", on: state) { lua_pushcclosure(state, lsx_box_gc, 0) }
        lua_pushlightuserdata(state, hostKey)  // marks the metatable as one of this VM's classes
        lua_pushlightuserdata(state, info.key)
        lua_rawset(state, -3)

        lua_createtable(state, 0, Int32(luaClass.methods.count))
        for (method, body) in luaClass.methods.sorted(by: { $0.key < $1.key }) {
            LuaVM.push(method, on: state)
            pushHostFunction(LuaHostFunctionBox(name: "\(name):\(method)", role: .method, body: body), on: state)
            lua_rawset(state, -3)
        }
        if luaClass.getProperty != nil || luaClass.fields != nil {
            let getProperty = luaClass.getProperty ?? { _, _, _ in 0 }
            let unknown = luaClass.fields.map { fields in
                (known: Set(fields), error: luaClass.unknownMember)
            }
            // __index: methods found in C (`lsx_pushindexfunction`), the getter for the rest.
            LuaVM.push("__index", on: state)
            lua_pushvalue(state, -2)
            lsx_pushindexfunction(state, LuaVM.indexFunction(name, getProperty, closed: unknown).retainedPointer())
            lua_rawset(state, -4)
            LuaVM.push("__methods", on: state)  // kept in the (locked) metatable, where addMethods adds
            lua_rotate(state, -2, 1)
            lua_rawset(state, -3)
        } else {
            LuaVM.push("__index", on: state)
            lua_rotate(state, -2, 1)
            lua_rawset(state, -3)
        }
        if let setProperty = luaClass.setProperty {
            setField("__newindex", on: state) { pushHostFunction(LuaVM.newIndexFunction(name, setProperty), on: state) }
        }
        if let call = luaClass.call {
            setField("__call", on: state) {
                pushHostFunction(LuaHostFunctionBox(name: "\(name).__call", role: .method, body: call), on: state)
            }
        }
        let describe = luaClass.describe
        setField("__tostring", on: state) {
            pushHostFunction(LuaHostFunctionBox(name: "\(name).__tostring", role: .method) { call in
                let object = try call.object(at: 1, as: Object.self)
                call.push(describe?(object) ?? name)
                return 1
            }, on: state)
        }
        info.metatable = lua_topointer(state, -1)
        lua_pushvalue(state, -1)
        info.metatableIndex = luaL_ref(state, lsx_registryindex())
        lua_rawsetp(state, lsx_registryindex(), info.key)
    }

    /// The getter half of `__index` with properties (methods are found before it, in C: see
    /// `lsx_pushindexfunction`); for a closed class (`closed`), a name the getter does not answer
    /// and the class does not list is `closed.error`. A key's text and the property's name for
    /// messages (`View.layer`) are made once per key, not per read (`LuaStringMemo`).
    private static func indexFunction<Object: AnyObject>(
        _ name: String, _ getProperty: @escaping (LuaCallContext, Object, String) throws -> Int,
        closed: (known: Set<String>, error: (String) -> LuaCallError)?
    ) -> LuaHostFunctionBox {
        let propertyNames = LuaStringMemo<String>()
        return LuaHostFunctionBox(name: "\(name).__index", role: .method) { call in
            let object = try call.object(at: 1, as: Object.self)
            guard lua_type(call.state, 2) == LUA_TSTRING, call.reserve(3) else { call.pushNil(); return 1 }
            let entry = propertyNames.value(at: 2, on: call.state) { key in "\(name).\(key)" }
            let (key, propertyName) = (entry.text, entry.value)
            let results = try property(name, key) { try getProperty(call.forProperty(propertyName), object, key) }
            if results == 0 {
                if let closed, !closed.known.contains(key) { throw closed.error(key) }
                call.pushNil()
                return 1
            }
            return results
        }
    }

    private static func newIndexFunction<Object: AnyObject>(
        _ name: String, _ setProperty: @escaping (LuaCallContext, Object, String) throws -> Void
    ) -> LuaHostFunctionBox {
        LuaHostFunctionBox(name: "\(name).__newindex", role: .method) { call in
            let object = try call.object(at: 1, as: Object.self)
            let key = try call.string(at: 2, name: "property name")
            try property(name, key) { try setProperty(call.forProperty("\(name).\(key)"), object, key) }
            return 0
        }
    }

    /// Runs a property accessor; other errors are reported as `Name.key: <description>`.
    private static func property<R>(_ name: String, _ key: String, _ body: () throws -> R) throws -> R {
        do { return try body() } catch let error as LuaCallError { throw error } catch let error as LuaError {
            throw error
        } catch { throw LuaCallError("\(name).\(key): \(error)") }
    }

    /// metatable[key] = (what `push` pushes), for the metatable on top.
    private func setField(_ key: String, on state: OpaquePointer, _ push: () -> Void) {
        LuaVM.push(key, on: state)
        push()
        lua_rawset(state, -3)
    }

    var hostKey: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The registered class of `type` or its nearest registered superclass.
    func classInfo(for type: AnyClass) -> LuaClassInfo? {
        var current: AnyClass? = type
        while let candidate = current {
            if let info = classes[ObjectIdentifier(candidate)] { return info }
            current = _getSuperclass(candidate)
        }
        return nil
    }

    func className(of type: AnyClass) -> String { classInfo(for: type)?.name ?? "\(type)" }

    /// Pushes the object's userdata: the cached one while Lua holds it, else a new one (counted
    /// for the collector's pace: `stepCollector(forHostBytes:on:)`).
    func pushObject(_ object: AnyObject, staticType: AnyClass?, on state: OpaquePointer, cached: Bool = true) {
        var metatableIndex = classKeys.slot(for: type(of: object), in: self).metatableIndex
        if metatableIndex == LUA_NOREF, let staticType { metatableIndex = classKeys.slot(for: staticType, in: self).metatableIndex }
        guard metatableIndex != LUA_NOREF else {
            preconditionFailure("LuaVM: cannot push a \(type(of: object)): register a LuaClass for it first")
        }
        let identity = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        guard !cached || lsx_pushcached(state, identity) == 0 else { return }
        stepCollector(forHostBytes: LuaVM.hostBytesPerBox, on: state)  // before the new box exists
        lsx_pushobject(state, cached ? identity : nil, Unmanaged.passRetained(object).toOpaque(), metatableIndex)
    }

    /// The Swift object at `index` if it is a live userdata of one of this VM's classes. Raw
    /// calls only: the metatable's marker, then the registry's metatable for that class, compared.
    func bridgedObject(at index: Int32, on state: OpaquePointer) -> AnyObject? {
        guard lua_type(state, index) == LUA_TUSERDATA, lua_checkstack(state, 3) != 0 else { return nil }
        let index = lua_absindex(state, index), top = lua_gettop(state)
        defer { lua_settop(state, top) }
        guard lua_getmetatable(state, index) != 0,
            lua_rawgetp(state, -1, hostKey) == LUA_TLIGHTUSERDATA,
            let classKey = lua_touserdata(state, -1)
        else { return nil }
        lua_rawgetp(state, lsx_registryindex(), classKey)
        guard lua_rawequal(state, -1, -3) != 0, let box = lsx_toboxed(state, index) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(box).takeUnretainedValue()
    }
}
