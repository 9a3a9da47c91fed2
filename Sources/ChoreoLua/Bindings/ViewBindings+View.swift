import ChoreoCore

/// What scripts attach to views beyond ChoreoCore's model: `tag` and the `layoutSubviews`
/// function. Views are held weakly, so a view Lua drops (and no tree holds) is still freed.
///
/// A `layoutSubviews` function that refers to its own view (as an upvalue, not through `self`)
/// keeps that view alive until the VM closes, like any Lua function a host object holds.
final class ViewScriptState {
    private struct Entry {
        weak var view: View?
        var tag = 0
        var layoutSubviews: LuaFunctionRef?
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The entry count at which freed views' entries are next dropped: twice the count left by
    /// the last pruning, so pruning costs O(1) per update amortized (pruning on every update made
    /// tagging n views O(n²)).
    private var pruneThreshold = 64

    private func entry(_ view: View) -> Entry? {
        guard let entry = entries[ObjectIdentifier(view)], entry.view === view else { return nil }
        return entry
    }

    private func update(_ view: View, _ edit: (inout Entry) -> Void) {
        if entries.count >= pruneThreshold {
            entries = entries.filter { $0.value.view != nil }
            pruneThreshold = Swift.max(64, entries.count * 2)
        }
        var entry = entry(view) ?? Entry(view: view)
        edit(&entry)
        entries[ObjectIdentifier(view)] = entry
    }

    func tag(of view: View) -> Int { entry(view)?.tag ?? 0 }
    func setTag(_ tag: Int, of view: View) { update(view) { $0.tag = tag } }
    func layoutSubviews(of view: View) -> LuaFunctionRef? { entry(view)?.layoutSubviews }
    func setLayoutSubviews(_ function: LuaFunctionRef?, of view: View) { update(view) { $0.layoutSubviews = function } }
}

/// `View`: UIKit's names for a scene node, its subviews and its content.
///
///     local box = View.new{ name = "box", frame = {20, 100, 80, 80}, backgroundColor = "orange" }
///     box.center.x = box.center.x + 100    -- compound values write back
///     box.alpha = 0.5                      -- box.layer.opacity is the same value
///     scene.view:insertSubview(box, 1)     -- Lua positions: 1 is the back
extension ScriptHost {
    func viewProperties(_ state: ViewScriptState) -> ScriptPropertyTable<View> {
        var table = ScriptPropertyTable<View>("View")
        /// A layer property under the same name on the view (cornerRadius, borders, shadows: the
        /// catalogue's `.sameName` ones); UIKit's own names (`center`, `alpha`, ...) are below.
        func layerProperty(_ name: String) {
            let path = try! PropertyPath(parsing: name)
            table.add(name, get: { call, view in
                call.push(view.layer.modelValue(at: path)) { new in view.layer.set(new, at: path) }
            }, set: { view, value in
                view.layer.set(try ScriptValues.animationValue(value, kind: path.valueKind, name: name), at: path)
            })
        }
        table.add("name", get: { call, view in call.push(optionalString: view.name) },
                  set: { view, value in view.name = try Checked.optionalString(value, "name") })
        table.add("frame", get: { call, view in
            call.push(.rect(view.frame)) { new in if case let .rect(r) = new { view.frame = r } }
        }, set: { view, value in view.frame = try ScriptValues.rect(value, name: "frame") },
        setInPlace: ScriptProperty.plainRect { view, frame in view.frame = frame })
        table.add("bounds", get: { call, view in
            call.push(.rect(view.bounds)) { new in if case let .rect(r) = new { view.bounds = r } }
        }, set: { view, value in view.bounds = try ScriptValues.rect(value, name: "bounds") })
        table.add("center", get: { call, view in
            call.push(.point(view.center)) { new in if case let .point(p) = new { view.center = p } }
        }, set: { view, value in view.center = try ScriptValues.point(value, name: "center") })
        table.add("transform", get: { call, view in
            call.push(.transform(Transform3D(view.transform))) { new in
                if case let .transform(t) = new { view.transform = try Self.affine(t) }
            }
        }, set: { view, value in view.transform = try Self.affine(try ScriptValues.transform(value, name: "transform")) })
        table.add("alpha", get: { call, view in call.push(view.alpha) },
                  set: { view, value in view.alpha = try Checked.number(value, "alpha") })
        table.add("backgroundColor", get: { call, view in
            call.push(.color(view.backgroundColor)) { new in if case let .color(c) = new { view.backgroundColor = c } }
        }, set: { view, value in view.backgroundColor = try ScriptValues.color(value, name: "backgroundColor") })
        table.add("isHidden", get: { call, view in call.push(view.isHidden) },
                  set: { view, value in view.isHidden = try Checked.boolean(value, "isHidden") })
        table.add("clipsToBounds", get: { call, view in call.push(view.clipsToBounds) },
                  set: { view, value in view.clipsToBounds = try Checked.boolean(value, "clipsToBounds") })
        for property in PropertyCatalogue.inApplyOrder where property.view == .sameName {
            layerProperty(property.name)
        }
        table.add("tag", get: { call, view in call.push(state.tag(of: view)) },
                  set: { view, value in state.setTag(try Checked.integer(value, "tag"), of: view) })
        table.add("layoutSubviews", get: { call, view in
            if let function = state.layoutSubviews(of: view) { call.push(function) } else { call.pushNil() }
        }, set: { [unowned self] view, value in
            guard value.isNil || value.functionValue != nil else {
                throw ScriptValues.mismatch("layoutSubviews", "a function or nil", value)
            }
            state.setLayoutSubviews(value.functionValue, of: view)
            view.layoutSubviews = value.functionValue.map { function in
                { [unowned self] view in try callback(function, [.object(view)], as: .layout) }
            }
        })
        addContentProperties(to: &table, face: .view) { $0.layer }
        addFeatureProperties(to: &table)
        table.add("layer", get: { call, view in call.push(object: view.layer) })
        table.add("superview", get: { call, view in
            if let superview = view.superview { call.push(object: superview) } else { call.pushNil() }
        })
        table.add("subviews", get: { call, view in
            let subviews = view.subviews
            call.pushNewTable(arrayCount: subviews.count) { array in
                for (index, subview) in subviews.enumerated() { array.set(.index(index + 1), object: subview) }
            }
        })
        return table
    }

    /// The 2D transform a view takes (UIKit's `transform` is a CGAffineTransform).
    private static func affine(_ transform: Transform3D) throws(ArgumentError) -> Transform2D {
        guard let affine = transform.affine else {
            throw ArgumentError(parameter: "transform", requirement: "must be a 2D (affine) transform; set layer.transform for 3D",
                                value: "a 3D transform")
        }
        return affine
    }

    /// How `tostring` shows a view: its kind and name, `Label(title)`.
    static func describe(_ view: View) -> String {
        let kind = ContentKind(view.layer.content).rawValue
        return view.name.map { "\(kind)(\($0))" } ?? kind
    }
}
