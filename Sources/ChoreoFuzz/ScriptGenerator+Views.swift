/// Statements over views, layers and the hierarchy.
extension ScriptGenerator {
    static let viewProperties = [
        "frame", "bounds", "center", "alpha", "backgroundColor", "cornerRadius", "borderWidth", "borderColor",
        "shadowColor", "shadowOffset", "shadowOpacity", "shadowRadius", "transform", "isHidden", "clipsToBounds",
        "tag", "name",
    ]
    static let layerProperties = [
        "position", "bounds", "anchorPoint", "opacity", "backgroundColor", "borderWidth", "borderColor",
        "cornerRadius", "transform", "zPosition", "shadowColor", "shadowOffset", "shadowOpacity", "shadowRadius",
        "strokeStart", "strokeEnd", "blurRadius", "isHidden", "masksToBounds", "name", "frame", "speed",
        "timeOffset", "beginTime", "progress", "nope",
    ]

    /// A value for a view or layer property by name (sometimes of the wrong type).
    mutating func propertyValue(_ name: String) -> String {
        if rng.chance(0.07) { return value() }
        switch name {
        case "frame", "bounds": return rect()
        case "center", "position", "anchorPoint", "shadowOffset": return point()
        case "alpha", "opacity", "shadowOpacity", "strokeStart", "strokeEnd": return fraction()
        case "backgroundColor", "borderColor", "shadowColor", "textColor", "strokeColor", "fillColor": return color()
        case "transform": return transform()
        case "isHidden", "clipsToBounds", "masksToBounds": return rng.pick(["true", "false", "1", "nil"])
        case "tag": return rng.pick(["1", "2", "3", "0", "-1", "math.maxinteger", "1.5", "0/0", "\"7\""])
        case "name", "text": return string()
        case "speed": return rng.pick(["0", "1", "2", "-1", "0.5", "1e308", "0/0", "5e-324", "math.huge"])
        case "timeOffset", "beginTime": return number(-5...5)
        case "cornerRadius", "borderWidth", "shadowRadius", "blurRadius", "lineWidth", "fontSize":
            return rng.chance(0.1) ? rng.pick(["1e10", "1e300", "-5", "0/0"]) : number(0...40)
        default: return number()
        }
    }

    /// A table of view properties for View.new and friends.
    mutating func viewTable(_ extra: [(String, (inout ScriptGenerator) -> String)] = []) -> String {
        var fields = ["name = \(string())", "frame = \(rect())"]
        for _ in 0..<rng.int(0...4) {
            let name = rng.pick(Self.viewProperties)
            fields.append("\(name) = \(propertyValue(name))")
        }
        for (name, make) in extra where rng.chance(0.7) { fields.append("\(name) = \(make(&self))") }
        if rng.chance(0.04) { fields.append("\(rng.pick(["nope", "frames", "colour"])) = 1") }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    mutating func newView() -> String {
        let parent = view()
        let slot = newSlot("V")
        if rng.chance(0.05) { return "\(slot) = View.new(\(rng.pick(["5", "nil", "\"box\"", "DEEP(100)", "THROWING()"])))" }
        return "\(slot) = View.new\(viewTable())\n\(parent):addSubview(\(slot))"
    }

    mutating func newContentView() -> String {
        let parent = view()
        let slot = newSlot("V")
        let made: String
        switch rng.below(4) {
        case 0:
            made = "Label.new" + viewTable([
                ("text", { $0.string() }), ("fontSize", { $0.propertyValue("fontSize") }),
                ("fontWeight", { $0.rng.pick(["\"bold\"", "\"ultraLight\"", "\"black\"", "\"heavyish\"", "5"]) }),
                ("textColor", { $0.color() }),
                ("textAlignment", { $0.rng.pick(["\"center\"", "\"left\"", "\"justified\"", "\"middle\""]) }),
            ])
        case 1:
            made = "ShapeView.new" + viewTable([
                ("path", { $0.path() }), ("strokeColor", { $0.color() }), ("fillColor", { $0.color() }),
                ("lineWidth", { $0.propertyValue("lineWidth") }), ("strokeStart", { $0.fraction() }),
                ("strokeEnd", { $0.fraction() }),
            ])
        case 2: made = "BlurView.new" + viewTable([("blurRadius", { $0.propertyValue("blurRadius") })])
        default:
            made = "ImageView.new{ image = \(rng.pick(["\"missing.png\"", "\"\"", "5", "\"../nope.png\"", "\"dir/\""])), frame = \(rect()) }"
        }
        return "\(slot) = \(made)\n\(parent):addSubview(\(slot))"
    }

    /// Path commands: shapes, a list of commands, or bad ones.
    mutating func path() -> String {
        switch rng.below(6) {
        case 0: return "Path.rect(\(rect()))"
        case 1: return "Path.roundedRect(\(rect()), \(number(0...40)))"
        case 2: return "Path.ellipse(\(rect()))"
        case 3: return rng.pick(["{}", "{{}}", "{{\"spiral\", 1, 2}}", "{{\"move\"}}", "\"path\"", "DEEP(200)", "{THROWING()}"])
        default:
            var commands = ["{\"move\", \(number()), \(number())}"]
            for _ in 0..<rng.int(0...6) {
                switch rng.below(4) {
                case 0: commands.append("{\"line\", \(number()), \(number())}")
                case 1: commands.append("{\"quad\", \(number()), \(number()), \(number()), \(number())}")
                case 2: commands.append("{\"curve\", \(number()), \(number()), \(number()), \(number()), \(number()), \(number())}")
                default: commands.append("{\"close\"}")
                }
            }
            return "{" + commands.joined(separator: ", ") + "}"
        }
    }

    mutating func newLayer() -> String {
        let slot = newSlot("L")
        var fields: [String] = []
        for _ in 0..<rng.int(0...4) {
            let name = rng.pick(Self.layerProperties)
            fields.append("\(name) = \(propertyValue(name))")
        }
        return "\(slot) = Layer.new{ \(fields.joined(separator: ", ")) }\n\(layer()):addSublayer(\(slot))"
    }

    mutating func setViewProperty() -> String {
        let target = view()
        if rng.chance(0.15) {
            let name = rng.pick(["text", "fontSize", "textColor", "path", "strokeColor", "fillColor", "lineWidth", "image"])
            return "\(target).\(name) = \(name == "path" ? path() : propertyValue(name))"
        }
        if rng.chance(0.15) {
            return "\(target).\(rng.pick(["center.x", "center.y", "frame.size.width", "bounds.origin.x", "frame.origin.y"])) = \(number(-400...400))"
        }
        let name = rng.pick(Self.viewProperties)
        return "\(target).\(name) = \(propertyValue(name))"
    }

    mutating func setLayerProperty() -> String {
        let name = rng.pick(Self.layerProperties)
        return "\(layer()).\(name) = \(propertyValue(name))"
    }

    mutating func readProperty() -> String {
        let target = rng.chance(0.5) ? "\(layer()).presentation" : view()
        let name = rng.pick(Self.layerProperties + Self.viewProperties + ["superview", "subviews", "transition", "model", "sublayers", "superlayer"])
        return rng.chance(0.3) ? "print(\(target).\(name))" : "local _ = \(target).\(name)"
    }

    mutating func hierarchy() -> String {
        let a = view(), b = view()
        switch rng.below(15) {
        case 0: return "\(a):addSubview(\(b))"
        case 1: return "\(a):insertSubview(\(b), \(rng.pick(["1", "0", "-1", "100", "math.maxinteger", "0/0", "1.5"])))"
        case 2: return "\(a):insertSubview(\(b), {belowSubview = \(view())})"
        case 3: return "\(a):insertSubviewBelow(\(b), \(view()))"
        case 4: return "\(a):insertSubviewAbove(\(b), \(view()))"
        case 5: return "\(a):removeFromSuperview()"
        case 6: return "\(a):bringSubviewToFront(\(b))"
        case 7: return "\(a):sendSubviewToBack(\(b))"
        case 8: return "\(a):exchangeSubview(\(rng.int(0...4)), \(rng.pick(["1", "2", "-1", "1e308", "0/0"])))"
        case 9: return "local _ = \(a):isDescendantOf(\(b))"
        case 10: return "local _ = \(a):viewWithTag(\(rng.pick(["1", "2", "0", "nil", "0/0", "\"1\""])))"
        case 11: return "local _ = \(rng.pick([a, "Scene.current"])):viewNamed(\(rng.pick(["\"box\"", "\"\"", "nil", "1", "{}"])))"
        case 12: return rng.pick(["local _ = Scene.current", "Scene.current = nil", "local _ = tostring(Scene.current)"])
        case 13: return "local _ = loadScene(\(rng.pick(["\"scene.lua\"", "\"../x.lua\"", "\"/etc/passwd\"", "nil", "\"\"", "1"])))"
        default:
            // A chain: each new view inside the last (deep hierarchies).
            let count = rng.pick(["10", "100", "1000"])
            return "local p = \(a)\nfor i = 1, \(count) do local c = View.new{ frame = {1, 1, 10, 10} }\np:addSubview(c)\np = c end\nV[#V + 1] = p"
        }
    }

    mutating func layerTree() -> String {
        let a = layer(), b = layer()
        switch rng.below(5) {
        case 0: return "\(a):addSublayer(\(b))"
        case 1: return "\(a):insertSublayer(\(b), \(rng.pick(["1", "0", "5", "-1", "0/0"])))"
        case 2: return "\(a):insertSublayerBelow(\(b), \(layer()))"
        case 3: return "\(a):insertSublayerAbove(\(b), \(layer()))"
        default: return "\(a):removeFromSuperlayer()"
        }
    }

    mutating func layout() -> String {
        let target = view()
        switch rng.below(3) {
        case 0: return "\(target).layoutSubviews = \(callback(parameters: "self"))"
        case 1: return "\(target):layoutIfNeeded()"
        default: return "\(target).layoutSubviews = \(callback(parameters: "self"))\n\(view()):layoutIfNeeded()"
        }
    }

    mutating func keyValue() -> String {
        let target = layer()
        switch rng.below(4) {
        case 0:
            let path = keyPath()
            return "\(target):setValue(\(value(for: path)), \(path))"
        case 1: return "print(\(target):valueForKeyPath(\(keyPath())))"
        case 2: return "local _ = \(target):convertTime(\(number(-5...5)), \(rng.chance(0.5) ? "nil" : layer()))"
        default: return "local _ = \(target):convertTimeTo(\(number(-5...5)), \(rng.chance(0.5) ? "nil" : layer()))"
        }
    }
}
