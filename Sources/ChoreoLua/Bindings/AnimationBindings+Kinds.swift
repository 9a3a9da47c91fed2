import ChoreoCore

/// The properties of each concrete animation kind (keyframes: AnimationBindings+Keyframe.swift).
extension ScriptHost {
    /// CABasicAnimation's from/to/by values, typed by the key path when assigned.
    func basicAnimationProperties() -> [AnimationProperty] {
        typealias B = BasicAnimation
        func value(_ name: String, _ keyPath: ReferenceWritableKeyPath<B, AnimationValue?>) -> AnimationProperty {
            .on(B.self, name, get: { $0[keyPath: keyPath].map(ScriptHost.luaValue) ?? .nil },
                set: { animation, lua in
                    animation[keyPath: keyPath] = lua.isNil ? nil : try ScriptHost.animationValue(lua, for: animation, name: name)
                })
        }
        return [value("fromValue", \.fromValue), value("toValue", \.toValue), value("byValue", \.byValue)]
    }

    /// CASpringAnimation's physics (seconds of local time); `settlingDuration`,
    /// `perceptualDuration` and `bounce` are read-only, derived from mass, stiffness and damping.
    func springAnimationProperties() -> [AnimationProperty] {
        typealias S = SpringAnimation
        func number(_ name: String, _ keyPath: ReferenceWritableKeyPath<S, Double>,
                    _ check: @escaping (Double, String) throws(ArgumentError) -> Double) -> AnimationProperty {
            .on(S.self, name, get: { .number($0[keyPath: keyPath]) },
                set: { $0[keyPath: keyPath] = try check(try BindingInput.number($1, name), name) })
        }
        func derived(_ name: String, _ read: @escaping (SpringParameters) -> Double) -> AnimationProperty {
            .on(S.self, name, get: { spring in
                guard let parameters = try? SpringParameters(
                    mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
                else { return .nil }
                return .number(read(parameters))
            })
        }
        return [
            number("mass", \.mass, SpringParameters.checkedMass),
            number("stiffness", \.stiffness, SpringParameters.checkedStiffness),
            number("damping", \.damping, SpringParameters.checkedDamping),
            number("initialVelocity", \.initialVelocity, requireFinite),
            .on(S.self, "allowsOverdamping", get: { .boolean($0.allowsOverdamping) },
                set: { $0.allowsOverdamping = try BindingInput.boolean($1, "allowsOverdamping") }),
            .on(S.self, "settlingDuration", get: { .number($0.settlingDuration) }),
            derived("perceptualDuration", \.perceptualDuration),
            derived("bounce", \.bounce),
        ]
    }

    /// `SpringAnimation.new{ perceptualDuration = 0.5, bounce = 0.3 }`: CASpringAnimation's
    /// `init(perceptualDuration:bounce:)`, which sets mass, stiffness and damping, allows
    /// overdamping (so a negative bounce is truly overdamped), and — unless the options give a
    /// duration — lasts its settling duration (the reference recommends it; Apple is silent).
    static func applyPerceptualSpring(_ options: LuaTableRef, to spring: SpringAnimation) throws {
        let duration = options["perceptualDuration"], bounce = options["bounce"]
        guard !duration.isNil || !bounce.isNil else { return }
        for physics in ["mass", "stiffness", "damping"] where !options[physics].isNil {
            throw ArgumentError(parameter: physics, requirement: "cannot be combined with perceptualDuration and bounce",
                                value: "both")
        }
        let parameters = try SpringParameters(
            duration: try BindingInput.number(duration, "perceptualDuration"),
            bounce: try BindingInput.optionalNumber(bounce, "bounce") ?? 0)
        spring.mass = parameters.mass
        spring.stiffness = parameters.stiffness
        spring.damping = parameters.damping
        spring.allowsOverdamping = true
        if options["duration"].isNil { spring.timing.duration = MediaDuration(spring.settlingDuration) }
    }

    /// CAAnimationGroup's children: the animation objects themselves (not copies; the group is
    /// copied, children and all, when it is added). A group may not contain itself.
    func animationGroupProperties() -> [AnimationProperty] {
        [.pushing(AnimationGroup.self, "animations",
            get: { call, group in
                call.pushNewTable(arrayCount: group.animations.count) { table in
                    for child in group.animations { table.append(.object(child)) }
                }
            },
            set: { group, lua in
                var children: [Animation] = []
                for (index, entry) in try BindingInput.array(lua, "animations", of: "animations").enumerated() {
                    let name = "animations[\(index + 1)]"
                    guard let child = entry.objectValue as? Animation else {
                        throw ScriptValues.mismatch(name, "an animation", entry)
                    }
                    // A child group's tree too large to search (nil) is refused, not taken as "no":
                    // it may hold this group, and a group holding itself is a cycle (a copy of it
                    // would recurse without end).
                    let contains: Bool? = if let childGroup = child as? AnimationGroup {
                        childGroup.treeContains(group)
                    } else {
                        child === group
                    }
                    switch contains {
                    case false?: break
                    case true?:
                        throw ArgumentError(parameter: name, requirement: "must not contain the group itself", value: "the group")
                    case nil:
                        throw ArgumentError(parameter: name, requirement:
                            "may hold at most \(AnimationGroup.maximumTreeSize) animations, nested ones included", value: "more")
                    }
                    children.append(child)
                }
                group.animations = children
            })]
    }

    /// CATransition's type, subtype and progress range. UIKit's spellings are accepted too
    /// (`"transitionFlipFromLeft"`, `"transitionCrossDissolve"`).
    func transitionProperties() -> [AnimationProperty] {
        typealias T = TransitionAnimation
        return [
            .on(T.self, "type", get: { .string($0.type.rawValue) },
                set: { $0.type = try ScriptHost.transitionType(BindingInput.string($1, "type")) }),
            .on(T.self, "subtype", get: { $0.subtype.map { .string($0.rawValue) } ?? .nil },
                set: { transition, lua in
                    transition.subtype = try BindingInput.optionalString(lua, "subtype").map { name in
                        try BindingInput.choice(name, "subtype", T.Subtype.allCases.map { ($0.rawValue, $0) })
                    }
                }),
            .on(T.self, "startProgress", get: { .number($0.startProgress) },
                set: { $0.startProgress = try ScriptHost.fraction($1, "startProgress") }),
            .on(T.self, "endProgress", get: { .number($0.endProgress) },
                set: { $0.endProgress = try ScriptHost.fraction($1, "endProgress") }),
        ]
    }

    private static func fraction(_ lua: LuaValue, _ name: String) throws(ArgumentError) -> Double {
        try requireInRange(try BindingInput.number(lua, name), 0...1, name)
    }

    static func transitionType(_ name: String) throws(ArgumentError) -> TransitionAnimation.Kind {
        let cases = TransitionAnimation.Kind.allCases.map { ($0.rawValue, $0) }
        if name.hasPrefix("transition") {
            let rest = name.dropFirst("transition".count)
            let stripped = rest.prefix(1).lowercased() + rest.dropFirst()
            if let kind = cases.first(where: { $0.0 == stripped })?.1 { return kind }
        }
        return try BindingInput.choice(name, "type", cases)
    }
}
