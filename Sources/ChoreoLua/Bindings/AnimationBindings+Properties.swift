import ChoreoCore

/// One property of an animation class as scripts see it: a getter that pushes one value and,
/// unless the property is read-only, a setter that takes the assigned Lua value.
///
/// Setters take a `LuaValue` rather than reading the stack, so that `anim.duration = 2` and
/// `BasicAnimation.new{ keyPath = "opacity", duration = 2 }` run the same check and say the same
/// thing when it fails (`duration must be a number (got the string "long")`).
struct AnimationProperty {
    let name: String
    let get: (LuaCallContext, Animation) -> Void
    let set: ((Animation, LuaValue) throws -> Void)?

    /// A property of animations of type `T`; a class's table only holds properties of its type
    /// and superclasses, so the casts always succeed.
    static func on<T: Animation>(
        _ type: T.Type, _ name: String, get: @escaping (T) -> LuaValue, set: ((T, LuaValue) throws -> Void)? = nil
    ) -> AnimationProperty {
        pushing(type, name, get: { call, animation in call.push(get(animation)) }, set: set)
    }

    /// A property whose getter pushes by itself (arrays and nested tables).
    static func pushing<T: Animation>(
        _ type: T.Type, _ name: String, get: @escaping (LuaCallContext, T) -> Void,
        set: ((T, LuaValue) throws -> Void)? = nil
    ) -> AnimationProperty {
        AnimationProperty(
            name: name,
            get: { call, animation in
                if let animation = animation as? T { get(call, animation) } else { call.pushNil() }
            },
            set: set.map { set in
                { animation, value in if let animation = animation as? T { try set(animation, value) } }
            })
    }
}

extension ScriptHost {
    /// Registers a Lua class for an animation type: its properties, `anim:copy()`, and errors for
    /// unknown or read-only properties that list the valid ones.
    func registerAnimationClass<T: Animation>(
        _ type: T.Type, _ name: String, _ properties: [AnimationProperty], describe: @escaping (T) -> String
    ) {
        let table = Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0) })
        let names = properties.map(\.name)
        func lookup(_ key: String) throws -> AnimationProperty {
            guard let property = table[key] else {
                throw LuaCallError("\(name) has no property '\(key)' (properties: \(names.joined(separator: ", ")))")
            }
            return property
        }
        vm.register(LuaClass<T>(
            name,
            methods: ["copy": { call in
                let original = try call.object(at: 1, as: T.self)
                // A group is copied child by child: its tree is measured first, without recursion
                // (`group.animations =` bounds each child's tree, not the sum of them).
                try (original as? AnimationGroup)?.checkTreeBounds()
                let copy = original.copy()
                copy.memoryCharge = nil  // charged anew, checked against the limit
                try call.chargeNew(copy)
                call.push(.object(copy))
                return 1
            }],
            getProperty: { call, animation, key in
                try lookup(key).get(call, animation)
                return 1
            },
            setProperty: { call, animation, key in
                guard let set = try lookup(key).set else { throw LuaCallError("\(name).\(key) is read-only") }
                try call.charging(animation) { try set(animation, call.value(at: 3)) }
            },
            describe: describe))
    }

    /// Sets the fields of a constructor's options table through the properties' setters, in the
    /// properties' order (so `keyPath` is set before the values it types). `handled` fields were
    /// used by the constructor itself; any other field is an error listing the valid ones.
    func apply(
        _ options: LuaTableRef, to animation: Animation, _ properties: [AnimationProperty], handled: [String] = []
    ) throws {
        let settable = properties.filter { $0.set != nil }
        try options.checkKeys(allowed: handled + settable.map(\.name), of: "property")
        for property in settable where !handled.contains(property.name) {
            let value = options[property.name]
            if !value.isNil { try property.set!(animation, value) }
        }
    }

    // MARK: Properties every animation has

    /// The CAMediaTiming properties, checked as they are assigned (and again when added).
    func mediaTimingProperties() -> [AnimationProperty] {
        typealias A = Animation
        func seconds(
            _ value: LuaValue, _ name: String, _ check: (Double, String) throws(ArgumentError) -> Double
        ) throws -> Double {
            try check(try BindingInput.number(value, name), name)
        }
        return [
            .on(A.self, "beginTime", get: { .number($0.timing.beginTime.seconds) },
                set: { $0.timing.beginTime = MediaTime(try seconds($1, "beginTime", requireFinite)) }),
            .on(A.self, "duration", get: { .number($0.timing.duration.seconds) },
                set: { $0.timing.duration = MediaDuration(try seconds($1, "duration", requireNonNegative)) }),
            .on(A.self, "speed", get: { .number($0.timing.speed) },
                set: { $0.timing.speed = try seconds($1, "speed", MediaTiming.checkedSpeed) }),
            .on(A.self, "timeOffset", get: { .number($0.timing.timeOffset.seconds) },
                set: { $0.timing.timeOffset = MediaDuration(try seconds($1, "timeOffset", requireFinite)) }),
            .on(A.self, "repeatCount", get: { .number($0.timing.repeatCount) },
                set: { $0.timing.repeatCount = try seconds($1, "repeatCount", requireNonNegativeOrInfinite) }),
            .on(A.self, "repeatDuration", get: { .number($0.timing.repeatDuration.seconds) },
                set: {
                    $0.timing.repeatDuration = MediaDuration(try seconds($1, "repeatDuration", requireNonNegativeOrInfinite))
                }),
            .on(A.self, "autoreverses", get: { .boolean($0.timing.autoreverses) },
                set: { $0.timing.autoreverses = try BindingInput.boolean($1, "autoreverses") }),
            .on(A.self, "fillMode", get: { .string($0.timing.fillMode.rawValue) },
                set: { $0.timing.fillMode = try FillMode(parsing: BindingInput.string($1, "fillMode")) }),
        ]
    }

    /// CAAnimation's own properties: timing function, removal, delegate, name.
    func animationProperties() -> [AnimationProperty] {
        typealias A = Animation
        return [
            .on(A.self, "timingFunction", get: { $0.timingFunction.map { .object(ScriptCurve.wrapping($0)) } ?? .nil },
                set: { [unowned self] in $0.timingFunction = $1.isNil ? nil : try curve(from: $1, name: "timingFunction") }),
            .on(A.self, "isRemovedOnCompletion", get: { .boolean($0.isRemovedOnCompletion) },
                set: { $0.isRemovedOnCompletion = try BindingInput.boolean($1, "isRemovedOnCompletion") }),
            .on(A.self, "delegate", get: { ($0.delegate as? LuaAnimationDelegate).map { .table($0.table) } ?? .nil },
                set: { [unowned self] in $0.delegate = try animationDelegate(from: $1) }),
            .on(A.self, "name", get: { $0.name.map { .string($0) } ?? .nil },
                set: { $0.name = try BindingInput.optionalString($1, "name") }),
        ]
    }

    /// CAPropertyAnimation's: the key path and how the value composes.
    func propertyAnimationProperties() -> [AnimationProperty] {
        typealias P = PropertyAnimation
        return [
            .on(P.self, "keyPath", get: { .string($0.keyPath) },
                set: { animation, value in
                    let keyPath = try BindingInput.string(value, "keyPath")
                    _ = try PropertyPath(parsing: keyPath)
                    animation.keyPath = keyPath
                }),
            .on(P.self, "isAdditive", get: { .boolean($0.isAdditive) },
                set: { $0.isAdditive = try BindingInput.boolean($1, "isAdditive") }),
            .on(P.self, "isCumulative", get: { .boolean($0.isCumulative) },
                set: { $0.isCumulative = try BindingInput.boolean($1, "isCumulative") }),
        ]
    }

    // MARK: Values by key path

    /// The kind of value the animation's key path holds (a custom property holds numbers).
    static func valueKind(of animation: PropertyAnimation) -> ValueKind {
        (try? PropertyPath(parsing: animation.keyPath))?.valueKind ?? .scalar
    }

    /// A Lua value as a value for the animation's key path, the error naming both.
    static func animationValue(
        _ lua: LuaValue, for animation: PropertyAnimation, name: String
    ) throws(ArgumentError) -> AnimationValue {
        do {
            return try ScriptValues.animationValue(lua, kind: valueKind(of: animation), name: name)
        } catch let error where error.parameter == name {
            throw ArgumentError(
                parameter: name, requirement: error.requirement + " for key path \"\(animation.keyPath)\"", value: error.value)
        }
    }

    /// A value as scripts read it back: a number, or a (new, unbound) value object.
    static func luaValue(_ value: AnimationValue) -> LuaValue {
        if case .scalar(let number) = value { return .number(number) }
        return .object(ScriptValue(value))
    }
}
