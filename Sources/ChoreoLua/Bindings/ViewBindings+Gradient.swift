import ChoreoCore

/// `GradientLayer` (CAGradientLayer): a layer that draws a gradient over its background color.
///
///     local sky = GradientLayer.new{ frame = {0, 0, 200, 100}, colors = {"#1d7fc1", "white"},
///                                    locations = {0, 1}, startPoint = {0, 0.5}, endPoint = {1, 0.5},
///                                    type = "axial" }           -- or "radial", "conic"
///     scene.view.layer:addSublayer(sky)
///     local sweep = BasicAnimation.new("locations")
///     sweep.fromValue, sweep.toValue = {-0.4, -0.2, 0}, {1, 1.2, 1.4}
///
/// A gradient layer is a `Layer` object: every layer property and method works on it. Its
/// `colors`, `locations`, `startPoint` and `endPoint` are catalogue properties (animatable, by
/// key path too); `type` is a string and changes at once. On a layer that is no gradient layer
/// these properties are errors naming `GradientLayer`.
extension ScriptHost {
    /// The layer rows only gradient layers have that are not animatable: `type`.
    static func addGradientProperties(to table: inout ScriptPropertyTable<Layer>) {
        table.add("type", get: { call, layer in
            try layer.requireLayerClass(.gradient, property: "type")
            call.push(layer.gradientType?.rawValue ?? "")
        }, set: { layer, value in
            try layer.requireLayerClass(.gradient, property: "type")
            layer.gradientType = try Checked.option(value, "type", GradientProperties.Kind.self)
        })
    }

    /// `GradientLayer.new{...}`: a gradient layer with the keys of `Layer.new` (no content keys)
    /// and `type`.
    func installGradientLayers(_ layerTable: ScriptPropertyTable<Layer>) {
        let contentKeys = Set(ContentKind.allCases.flatMap { $0.keys(.layer) })
        let keys = layerTable.constructorKeys(layerTable.settableNames.filter { !contentKeys.contains($0) })
        vm.registerGlobal("GradientLayer", functions: ["new": { call in
            let options = try call.optionalTable(at: 1, name: "properties")
            let layer = Layer.gradientLayer()
            try layerTable.apply(options, to: layer, keys: keys)
            try call.chargeNew(layer)
            call.push(object: layer)
            return 1
        }])
    }

}
