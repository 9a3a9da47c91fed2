import ChoreoCore

/// The view hierarchy for scripts: UIKit's methods, with Lua's 1-based positions.
///
///     container:addSubview(box)
///     container:insertSubview(badge, 1)                      -- at the back
///     container:insertSubview(badge, { aboveSubview = box })
///     container:exchangeSubview(1, 2)
///     container.layoutSubviews = function(self) ... end
///     container:layoutIfNeeded()
extension ScriptHost {
    func viewMethods(_ state: ViewScriptState) -> [String: LuaHostFunction] {
        [
            "addSubview": Self.addChild(View.self),
            "insertSubview": Self.insertChild(View.self),
            "insertSubviewBelow": Self.insertChild(View.self, above: false),
            "insertSubviewAbove": Self.insertChild(View.self, above: true),
            "removeFromSuperview": { call in
                try call.object(at: 1, as: View.self).removeFromSuperview()
                return 0
            },
            "bringSubviewToFront": { call in
                let parent = try call.object(at: 1, as: View.self)
                parent.bringSubviewToFront(try Self.subview(call, of: parent))
                return 0
            },
            "sendSubviewToBack": { call in
                let parent = try call.object(at: 1, as: View.self)
                parent.sendSubviewToBack(try Self.subview(call, of: parent))
                return 0
            },
            "exchangeSubview": { call in
                let parent = try call.object(at: 1, as: View.self)
                let count = parent.subviews.count
                let i = try Checked.position(call.value(at: 2), "index1", count: count)
                let j = try Checked.position(call.value(at: 3), "index2", count: count)
                parent.exchangeSubview(at: i, withSubviewAt: j)
                return 0
            },
            "isDescendantOf": { call in
                let view = try call.object(at: 1, as: View.self)
                call.push(view.isDescendant(of: try call.object(at: 2, as: View.self, name: "view")))
                return 1
            },
            "viewWithTag": { call in
                let view = try call.object(at: 1, as: View.self)
                let tag = try call.integer(at: 2, name: "tag")
                if let found = Self.firstView(in: view, where: { state.tag(of: $0) == tag }) {
                    call.push(object: found)
                } else {
                    call.pushNil()
                }
                return 1
            },
            "viewNamed": { call in
                let view = try call.object(at: 1, as: View.self)
                if let found = view.view(named: try call.string(at: 2, name: "name")) { call.push(object: found) } else { call.pushNil() }
                return 1
            },
            "layoutIfNeeded": { [unowned self] call in
                try layout(try call.object(at: 1, as: View.self), state)
                return 0
            },
        ]
    }

    /// Runs `layoutSubviews` on a view and then on its subviews, parents first
    /// (`View.layoutIfNeeded`, which calls the script's functions set as `layoutSubviews`).
    private func layout(_ view: View, _ state: ViewScriptState) throws {
        try view.layoutIfNeeded()
    }

    /// The view itself or the first descendant, depth first, that matches (UIKit's viewWithTag).
    static func firstView(in view: View, where matches: (View) -> Bool) -> View? {
        if matches(view) { return view }
        for subview in view.subviews {
            if let found = firstView(in: subview, where: matches) { return found }
        }
        return nil
    }

    /// Argument 2, which must be a subview of `parent`.
    private static func subview(_ call: LuaCallContext, of parent: View) throws -> View {
        let view = try call.object(at: 2, as: View.self, name: "view")
        guard view.superview === parent else { throw BindingError("the view must be a subview of the receiver") }
        return view
    }
}
