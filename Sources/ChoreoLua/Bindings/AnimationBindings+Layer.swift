import ChoreoCore

/// CALayer's animation API for scripts, as methods of the `Layer` class (which the view bindings
/// register; they merge these in). Each takes the layer as argument 1.
///
///     box.layer:addAnimation(fade, "fade")   -- a copy is attached; the key may be nil
///     box.layer:removeAnimation("fade"); box.layer:removeAllAnimations()
///     box.layer:animationKeys()              --> { "fade", "move" }, in the order they apply
///     box.layer:animation("move")            --> a copy of the attached animation, or nil
extension ScriptHost {
    func layerAnimationMethods() -> [String: LuaHostFunction] {
        [
            "addAnimation": { call in
                let layer = try call.object(at: 1, as: Layer.self)
                let animation = try call.object(at: 2, as: Animation.self, name: "animation")
                let key = try call.optionalString(at: 3, name: "key")
                try (animation as? AnimationGroup)?.checkTreeBounds()  // before any walk of the tree
                try call.vm.reserveHostMemory(animation.estimatedHostBytes + (key?.utf8.count ?? 0))  // the layer's copy and its key
                try layer.add(animation, forKey: key)
                return 0
            },
            "removeAnimation": { call in
                try call.object(at: 1, as: Layer.self).removeAnimation(forKey: try call.string(at: 2, name: "key"))
                return 0
            },
            "removeAllAnimations": { call in
                try call.object(at: 1, as: Layer.self).removeAllAnimations()
                return 0
            },
            "animationKeys": { call in
                let keys = try call.object(at: 1, as: Layer.self).animationKeys()
                call.pushNewTable(arrayCount: keys.count) { table in
                    for key in keys { table.append(.string(key)) }
                }
                return 1
            },
            "animation": { call in
                let layer = try call.object(at: 1, as: Layer.self)
                let animation = layer.animation(forKey: try call.string(at: 2, name: "key"))
                call.push(animation.map { .object($0) } ?? .nil)
                return 1
            },
        ]
    }
}
