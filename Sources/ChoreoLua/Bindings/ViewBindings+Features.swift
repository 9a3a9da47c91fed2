import ChoreoCore

/// Layer features ported code uses: `mask`, `isDoubleSided`, `contentsGravity`, `shadowPath`,
/// `layer:affineTransform()` / `layer:setAffineTransform(t)`, and on views `contentMode` and
/// `mask` (UIView.mask: a view whose layer masks the view's).
///
///     local reveal = Layer.new{ frame = {0, 0, 40, 80}, backgroundColor = "black" }
///     card.layer.mask = reveal                     -- opaque where the card shows
///     card.layer.isDoubleSided = false             -- hidden while turned away
///     photo.contentMode = "scaleAspectFill"        -- = photo.layer.contentsGravity = "resizeAspectFill"
///     box.layer.shadowPath = Path.rect{0, 0, 80, 80}
///     box.layer:setAffineTransform(Transform.rotation(0.3))
///
/// The sublayerTransform is an animatable property (`PropertyCatalogue`), so it is bound with
/// the others.
extension ScriptHost {
    func addFeatureProperties(to table: inout ScriptPropertyTable<Layer>) {
        table.add("mask", get: { call, layer in
            if let mask = layer.mask { call.push(object: mask) } else { call.pushNil() }
        }, set: { layer, value in
            try layer.setMask(value.isNil ? nil : try Self.layerArgument(value, "mask"))
        })
        table.add("isDoubleSided", get: { call, layer in call.push(layer.isDoubleSided) },
                  set: { layer, value in layer.isDoubleSided = try Checked.boolean(value, "isDoubleSided") })
        table.add("contentsGravity", get: { call, layer in call.push(layer.contentsGravity.rawValue) },
                  set: { layer, value in layer.contentsGravity = try Checked.option(value, "contentsGravity", ContentsGravity.self) })
    }

    /// `layer.shadowPath`: a catalogue property (so it animates), bound by hand because nil (the
    /// layer's own shape) is a value of its own, which the generic binding would read as the
    /// empty path. Called in the catalogue's order (ViewBindings+Layer.swift).
    static func addShadowPath(to table: inout ScriptPropertyTable<Layer>) {
        table.add("shadowPath", get: { call, layer in
            if let path = layer.shadowPath { ScriptPaths.push(path, call) } else { call.pushNil() }
        }, set: { layer, value in
            layer.shadowPath = value.isNil ? nil : try ScriptPaths.bezierPath(value, name: "shadowPath")
        })
    }

    func addFeatureProperties(to table: inout ScriptPropertyTable<View>) {
        table.add("contentMode", get: { call, view in call.push(view.layer.contentsGravity.contentMode) },
                  set: { view, value in
                      view.layer.contentsGravity = try ContentsGravity(contentMode: try Checked.string(value, "contentMode"))
                  })
        table.add("mask", get: { call, view in
            if let mask = view.layer.mask?.view { call.push(object: mask) } else { call.pushNil() }
        }, set: { view, value in
            guard !value.isNil else { return try view.layer.setMask(nil) }
            guard let mask = value.objectValue as? View else { throw ScriptValues.mismatch("mask", "a view or nil", value) }
            try view.layer.setMask(mask.layer)
        })
    }

    func featureMethods() -> [String: LuaHostFunction] {
        [
            "affineTransform": { call in
                let layer = try call.object(at: 1, as: Layer.self)
                call.push(object: ScriptValue(.transform(Transform3D(layer.affineTransform())), writeBack: nil))
                return 1
            },
            "setAffineTransform": { call in
                let layer = try call.object(at: 1, as: Layer.self)
                let transform = try ScriptValues.transform(call.value(at: 2), name: "transform")
                let affine = Transform2D(a: transform.m11, b: transform.m12, c: transform.m21, d: transform.m22,
                                         tx: transform.m41, ty: transform.m42)
                guard transform.isAffine else {
                    throw ArgumentError(parameter: "transform", requirement: "must be a 2D (affine) transform", value: "a 3D transform")
                }
                try Self.runningActions(of: layer) { try layer.setAffineTransform(affine) }
                return 0
            },
        ]
    }

    /// A layer from a Lua value (a view stands for its layer), the error naming `name`.
    static func layerArgument(_ value: LuaValue, _ name: String) throws(ArgumentError) -> Layer {
        if let view = value.objectValue as? View { return view.layer }
        guard let layer = value.objectValue as? Layer else { throw ScriptValues.mismatch(name, "a layer or nil", value) }
        return layer
    }
}
