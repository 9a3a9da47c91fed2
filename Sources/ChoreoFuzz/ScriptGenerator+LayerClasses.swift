/// Statements over Core Animation's layer classes (issue 17) and UIKit's spellings (issue 18):
/// shape, gradient, replicator and emitter layers, their properties on layers of every class
/// (often the wrong one), paths built by arcs, layer features and actions, UIKit colors.
extension ScriptGenerator {
    static let classNames = ["\"Layer\"", "\"ShapeLayer\"", "\"GradientLayer\"", "\"ReplicatorLayer\"", "\"EmitterLayer\"",
                             "\"TextLayer\"", "nil", "5"]
    static let classProperties = [
        "path", "fillColor", "strokeColor", "lineWidth", "miterLimit", "lineCap", "lineJoin", "lineDashPattern",
        "lineDashPhase", "fillRule", "colors", "locations", "startPoint", "endPoint", "type", "instanceCount",
        "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceAlphaOffset",
        "preservesDepth", "emitterPosition", "emitterSize", "emitterShape", "emitterMode", "birthRate", "lifetime",
        "seed", "emitterCells", "mask", "sublayerTransform", "isDoubleSided", "contentsGravity", "shadowPath",
        "actions", "style", "delegate",
    ]

    /// A value for a class property by name (sometimes of the wrong type or out of range).
    mutating func classValue(_ name: String) -> String {
        if rng.chance(0.08) { return value() }
        switch name {
        case "path", "shadowPath": return rng.chance(0.5) ? arcPath() : path()
        case "fillColor", "strokeColor", "instanceColor": return rng.chance(0.2) ? "nil" : anyColor()
        case "lineWidth", "miterLimit", "lineDashPhase", "instanceDelay", "instanceRedOffset", "instanceAlphaOffset",
             "lifetime":
            return number(-5...50)
        case "lineCap": return rng.pick(["\"butt\"", "\"round\"", "\"square\"", "\"wide\"", "1"])
        case "lineJoin": return rng.pick(["\"miter\"", "\"round\"", "\"bevel\"", "\"sharp\""])
        case "fillRule": return rng.pick(["\"nonZero\"", "\"evenOdd\"", "\"odd\""])
        case "lineDashPattern": return rng.pick(["{4, 2}", "{0, 0}", "{-1}", "{}", "nil", "{1e308, 1}", "{0/0}"])
        case "colors": return rng.pick(["{\"red\", \"blue\"}", "{}", "{UIColor.systemBlue, \"#0000\", Color.css(\"green\")}",
                                        "{1, 2}", "nil", "DEEP(300)"])
        case "locations": return rng.pick(["{0, 0.5, 1}", "{-1, 2}", "{0/0}", "{}", "{1, 0}", "nil"])
        case "startPoint", "endPoint", "emitterPosition": return point()
        case "emitterSize": return rng.pick(["{10, 10}", "{0, 0}", "{-5, 1e300}", "{width = 40, height = 2}"])
        case "type": return rng.pick(["\"axial\"", "\"radial\"", "\"conic\"", "\"spiral\""])
        case "instanceCount": return rng.pick(["0", "1", "4", "1000", "1001", "-1", "2.5", "0/0", "1e9"])
        case "instanceTransform", "sublayerTransform": return transform()
        case "preservesDepth", "isDoubleSided": return rng.pick(["true", "false", "1"])
        case "emitterShape": return rng.pick(["\"point\"", "\"line\"", "\"rectangle\"", "\"circle\"", "\"cuboid\"", "\"blob\""])
        case "emitterMode": return rng.pick(["\"points\"", "\"outline\"", "\"surface\"", "\"volume\"", "\"inside\""])
        case "birthRate": return rng.pick(["0", "1", "10", "1e6", "1e7", "-1", "0/0"])
        case "seed": return rng.pick(["0", "1", "4294967295", "-1", "1.5"])
        case "emitterCells": return "{ \(emitterCell()) }"
        case "mask": return rng.pick([layer(), "nil", view(), "5"])
        case "contentsGravity": return rng.pick(["\"resize\"", "\"center\"", "\"resizeAspectFill\"", "\"middle\""])
        case "actions": return rng.pick(["{ opacity = false }", "{ position = BasicAnimation.new(\"position\") }",
                                         "{ opacity = 5 }", "{}"])
        case "style": return rng.pick(["{ actions = { bounds = false } }", "{ style = { actions = {} } }", "{ animations = {} }"])
        case "delegate": return "{ actionForLayer = \(callback(parameters: "layer, key")) }"
        default: return value()
        }
    }

    /// A UIKit, CSS or other color.
    mutating func anyColor() -> String {
        switch rng.below(4) {
        case 0: return rng.pick(["UIColor.systemBlue", "UIColor.green", "UIColor.secondaryLabel", "UIColor.nope"])
        case 1: return rng.pick(["Color.css(\"green\")", "Color.css(\"systemBlue\")", "Color.css(5)"])
        case 2: return rng.pick(["\"systemRed\"", "\"label\"", "\"darkGray\"", "\"clear\""])
        default: return color()
        }
    }

    /// A path built by CGPath/UIBezierPath calls, arguments sometimes hostile.
    mutating func arcPath() -> String {
        switch rng.below(5) {
        case 0:
            return "Path.arc{ center = \(point()), radius = \(number(-10...100)), startAngle = \(number(-7...7)), "
                + "endAngle = \(number(-20...20)), clockwise = \(rng.pick(["true", "false", "nil"])) }"
        case 1: return "Path.ovalIn(\(rect()))"
        case 2: return "Path.roundedRect(\(rect()), \(number(-5...60)))"
        case 3:
            return "Path.new():move{\(number()), \(number())}:addArc{ tangent1End = \(point()), tangent2End = \(point()), "
                + "radius = \(number(-5...50)) }:addRelativeArc{ center = \(point()), radius = \(number()), "
                + "startAngle = 0, delta = \(number(-20...20)) }"
        default: return "Path.new():addLines{\(point()), \(point()), \(point())}:addRect(\(rect())):addEllipse(\(rect()))"
        }
    }

    /// An emitter cell table.
    mutating func emitterCell() -> String {
        var fields = ["name = \(string())"]
        for (key, make) in [("birthRate", "birthRate"), ("lifetime", "lifetime"), ("velocity", "lineWidth"),
                            ("scale", "lineWidth"), ("spin", "lineWidth"), ("color", "fillColor"), ("contents", "path")]
        where rng.chance(0.6) {
            fields.append("\(key) = \(classValue(make))")
        }
        return "EmitterCell.new{ \(fields.joined(separator: ", ")) }"
    }

    /// A new layer of one of the classes (or a view backed by one), added to the tree.
    mutating func newClassLayer() -> String {
        if rng.chance(0.25) {
            let slot = newSlot("V")
            return "\(slot) = View.new{ frame = \(rect()), layerClass = \(rng.pick(Self.classNames)) }\n\(view()):addSubview(\(slot))"
        }
        let slot = newSlot("L")
        let kind = rng.pick(["ShapeLayer", "GradientLayer", "ReplicatorLayer", "EmitterLayer", "Layer"])
        var fields = ["frame = \(rect())"]
        for _ in 0..<rng.int(0...4) {
            let name = rng.pick(Self.classProperties)
            fields.append("\(name) = \(classValue(name))")
        }
        return "\(slot) = \(kind).new{ \(fields.joined(separator: ", ")) }\n\(layer()):addSublayer(\(slot))"
    }

    /// A class property set, read or animated on some layer (of any class).
    mutating func classProperty() -> String {
        let target = layer()
        let name = rng.pick(Self.classProperties)
        switch rng.below(6) {
        case 0: return "local _ = \(target).\(name)"
        case 1: return "local _ = \(target).presentation.\(name)"
        case 2:
            let animation = newSlot("A")
            return "\(animation) = BasicAnimation.new(\"\(name)\")\n\(animation).toValue = \(classValue(name))\n"
                + "\(target):addAnimation(\(animation), \"c\")"
        case 3: return "local _ = \(target):instancePresentation(\(rng.pick(["0", "1", "-1", "9"])), \(layer()))"
        case 4: return rng.pick(["local _ = \(target):particles()", "local _ = \(target):affineTransform()",
                                 "\(target):setAffineTransform(\(transform()))", "local _ = \(target):actionForKey(\"opacity\")",
                                 "local _ = Scene.current:layerNamed(\(string()))", "local _ = \(target):presentation()"])
        default: return "\(target).\(name) = \(classValue(name))"
        }
    }
}
