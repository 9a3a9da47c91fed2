import ChoreoCore
import Testing
@testable import ChoreoLua

/// Runs `source`, collecting the arguments of every `capture(...)` call in order.
private func runCollecting(_ source: String) throws -> (ScriptHost, [LuaValue]) {
    let host = try ScriptHost()
    var results: [LuaValue] = []
    host.vm.registerGlobal("capture") { call in
        results += (1...max(call.argumentCount, 1)).map { call.value(at: $0) }
        return 0
    }
    try host.run(source: source, chunkName: "scene.lua")
    return (host, results)
}

@Suite("Lua: Path builders and ShapeLayer")
struct ShapeBindingsTests {
    @Test("Path.new() chains CGPath's builders, each appending commands to the same table")
    func builders() throws {
        let (_, results) = try runScript("""
            local p = Path.new()
            local same = p:move{0, 0}:addLine{10, 0}:addQuadCurve{to = {20, 10}, control = {20, 0}}
                          :addCurve{to = {0, 10}, control1 = {15, 20}, control2 = {5, 20}}:closeSubpath()
            p:addRect{0, 0, 4, 2}:addLines{{1, 1}, {2, 2}, {3, 1}}
            capture(same == p, #p, p[1][1], p[3][1], p[4][1], p[5][1], p[6][2], p[6][3], p[11][1], p[12][2], p[12][3])
            """)
        #expect(plain(results) == plain([true, 13, "move", "quad", "curve", "close", 0.0, 0.0, "move", 2.0, 2.0]))
    }

    @Test("addArc by angles gives the cubics BezierPath computes, starting with a line from the current point")
    func arcs() throws {
        let (_, results) = try runScript("""
            local p = Path.new():move{0, 50}
            p:addArc{center = {50, 50}, radius = 40, startAngle = math.pi, endAngle = 0, clockwise = true}
            local q = Path.arc{center = {0, 0}, radius = 10, startAngle = 0, endAngle = math.pi / 2, clockwise = false}
            capture(#p, p[2][1], p[2][2], p[2][3], p[#p][6], p[#p][7], #q, q[1][2], q[1][3], q[#q][6], q[#q][7])
            """)
        // A line to (10, 50), then four 45° cubics through the top to (90, 50). Counterclockwise
        // from 0 to π/2 is three quarters: six cubics ending at (0, 10).
        #expect(Array(plain(results).prefix(4)) == plain([6, "line", 10.0, 50.0]))
        let n = results.map { $0.doubleValue ?? .nan }
        #expect(abs(n[4] - 90) < 1e-9 && abs(n[5] - 50) < 1e-9)   // p's last end point
        #expect(n[6] == 7 && n[7] == 10 && n[8] == 0)
        #expect(abs(n[9]) < 1e-9 && abs(n[10] - 10) < 1e-9)
    }

    @Test("Arcs by tangents, relative arcs, ellipses and rounded rects append what BezierPath does")
    func otherBuilders() throws {
        let (_, results) = try runScript("""
            local p = Path.new():move{0, 0}:addArc{tangent1End = {100, 0}, tangent2End = {100, 100}, radius = 20}
            local r = Path.new():addRelativeArc{center = {0, 0}, radius = 5, startAngle = 0, delta = -math.pi / 4}
            local e = Path.new():addEllipse{0, 0, 10, 10}
            local rr = Path.new():addRoundedRect{rect = {0, 0, 40, 20}, cornerWidth = 10, cornerHeight = 5}
            capture(p[2][2], p[2][3], p[#p][6], p[#p][7], #r, r[2][6], #e, #Path.ovalIn{0, 0, 10, 10}, rr[1][2], rr[3][7])
            """)
        let n = results.map { $0.doubleValue ?? .nan }
        #expect(n[0] == 80 && n[1] == 0)
        #expect(abs(n[2] - 100) < 1e-9 && abs(n[3] - 20) < 1e-9)
        #expect(n[4] == 2 && abs(n[5] - 5 * 0.5.squareRoot()) < 1e-12)
        #expect(n[6] == 6 && n[7] == 6 && n[8] == 10 && n[9] == 5)
    }

    @Test("Builders after a closed subpath go on from its start, as BezierPath's builders on the whole path do")
    func buildersAfterClose() throws {
        let (host, _) = try runScript("""
            p = Path.new():move{0, 0}:addLine{10, 0}:addLine{10, 10}:closeSubpath()
            p:addArc{center = {20, 0}, radius = 5, startAngle = math.pi, endAngle = 0, clockwise = true}
            p:move{30, 30}:addLine{40, 30}:closeSubpath():addQuadCurve{to = {35, 40}, control = {30, 40}}
            """)
        var expected = BezierPath()
        expected.move(to: Point(x: 0, y: 0))
        expected.addLine(to: Point(x: 10, y: 0))
        expected.addLine(to: Point(x: 10, y: 10))
        expected.closeSubpath()
        expected.addArc(center: Point(x: 20, y: 0), radius: 5, startAngle: .pi, endAngle: 0, clockwise: true)
        expected.move(to: Point(x: 30, y: 30))
        expected.addLine(to: Point(x: 40, y: 30))
        expected.closeSubpath()
        expected.addQuadCurve(to: Point(x: 35, y: 40), control: Point(x: 30, y: 40))
        let built = try ScriptPaths.bezierPath(try #require(try host.vm.run(chunk: "return p", name: "p.lua").first), name: "p")
        #expect(built == expected)
        // The arc starts with a line from the closed subpath's start, (0, 0), to (15, 0).
        #expect(built.elements[4] == .line(to: Point(x: 15, y: 0)))
    }

    @Test("The longest path allowed is built element by element, and one more line is refused naming the limit")
    func longestPathByElements() throws {
        // Each builder call read the whole path: 100,000 calls did not finish within a turn.
        let (_, results) = try runScript("""
            local p = Path.new():move{0, 0}
            for i = 1, 99999 do p:addLine{i % 100, i % 7} end
            capture(#p, p[100000][2], p[100000][3], pcall(function() p:addLine{1, 1} end))
            """)
        #expect(plain(Array(results.prefix(3))) == plain([100000, 99.0, 4.0]))
        #expect(results[3].boolValue == false)
        #expect(results[4].stringValue == "scene.lua:3: Path.addLine: path must hold at most 100000 elements (got more)")
    }

    @Test("Bad builder arguments are errors naming the call and the field")
    func badArguments() throws {
        func message(_ source: String) -> String? { errorMessage { _ = try runScript(source) } }
        #expect(message("Path.arc{center = {0, 0}, radius = 0/0, startAngle = 0, endAngle = 1, clockwise = true}")
            == "scene.lua:1: Path.arc: radius must be a finite number (got nan)")
        #expect(message("Path.arc{center = {0, 0}, radius = -1, startAngle = 0, endAngle = 1, clockwise = true}")
            == "scene.lua:1: Path.arc: radius must be a finite number ≥ 0 (got -1)")
        #expect(message("Path.arc{center = {0, 0}, radius = 1, startAngle = 0, endAngle = 1}")
            == "scene.lua:1: Path.arc: clockwise must be a boolean (got nil)")
        #expect(message("Path.arc{center = 'x', radius = 1, startAngle = 0, endAngle = 1, clockwise = true}")
            == "scene.lua:1: Path.arc: center must be a point ({x=, y=} or {x, y}) (got the string \"x\")")
        #expect(message("Path.arc{centre = {0, 0}}")?.hasPrefix("scene.lua:1: Path.arc: unknown field 'centre'") == true)
        #expect(message("Path.new():addLine{1, 2}")
            == "scene.lua:1: Path.addLine: path needs a current point (start it with a move) (got an empty path)")
        #expect(message("Path.new():addArc{tangent1End = {1, 0}, tangent2End = {1, 1}, radius = 1}")
            == "scene.lua:1: Path.addArc: path needs a current point for an arc by tangents (start it with a move) (got an empty path)")
        #expect(message("Path.arc{center = {0, 0}, radius = 1e308, startAngle = 0, endAngle = 1, clockwise = true}")
            == "scene.lua:1: Path.arc: radius must be within ±1e15 (got 1e+308)")
        #expect(message("Path.new():move{0, 0}:addArc{center = {9e14, 0}, radius = 9e14, startAngle = 0, endAngle = 1, clockwise = true}")
            == "scene.lua:1: Path.addArc: path[2].to.x must be within ±1e15 (got 1800000000000000.0)")
        #expect(message("Path.new(5)") == "scene.lua:1: Path.new: path must be an array of commands such as {\"move\", x, y} (got a number)")
    }

    @Test("ShapeLayer.new has CAShapeLayer's defaults, and every property round-trips")
    func shapeLayer() throws {
        let (_, results) = try runCollecting("""
            local s = ShapeLayer.new{ name = "ring" }
            capture(s.fillColor.hex, s.strokeColor, s.lineWidth, s.miterLimit, s.lineCap, s.lineJoin, s.fillRule,
                    s.lineDashPattern, s.lineDashPhase, #s.path, s.strokeStart, s.strokeEnd)
            s.path = Path.ovalIn{0, 0, 10, 10}; s.fillColor = nil; s.strokeColor = "red"; s.lineWidth = 3
            s.miterLimit = 2; s.lineCap = "round"; s.lineJoin = "bevel"; s.fillRule = "evenOdd"
            s.lineDashPattern = {4, 2}; s.lineDashPhase = 1
            capture(s.fillColor, s.strokeColor.hex, s.lineWidth, s.miterLimit, s.lineCap, s.lineJoin, s.fillRule,
                    s.lineDashPattern[1], #s.lineDashPattern, s.lineDashPhase, #s.path, s:valueForKeyPath("lineWidth"))
            s.lineDashPattern = nil
            capture(s.lineDashPattern)
            """)
        #expect(plain(results) == plain([
            "#000000ff", nil, 1.0, 10.0, "butt", "miter", "nonZero", nil, 0.0, 0, 0.0, 1.0,
            nil, "#ff0000ff", 3.0, 2.0, "round", "bevel", "evenOdd", 4.0, 2, 1.0, 6, 3.0,
            nil,
        ]))
    }

    @Test("A stroked shape without a fillColor is an outline; ShapeView's layer is the same shape layer")
    func outlinesAndViews() throws {
        let (host, results) = try runScript("""
            local a = ShapeLayer.new{ strokeColor = "white" }
            local v = ShapeView.new{ name = "v", strokeColor = "white", lineCap = "square", fillColor = "blue" }
            Scene.new{}.view:addSubview(v)
            capture(a.fillColor, v.fillColor.hex, v.layer.lineCap, v.lineCap, Layer.new{ path = {} }.fillColor.hex)
            """)
        #expect(plain(results) == plain([nil, "#0000ffff", "square", "square", "#000000ff"]))
        let v = try #require(findView("v", in: host))
        #expect(v.layer.content == .shape(ShapeContent(lineCap: .square)))
    }

    @Test("Bad shape values are errors: wrong types, negative widths, unknown names, bad dashes, other layers")
    func badValues() throws {
        func message(_ source: String) -> String? { errorMessage { _ = try runScript(source) } }
        #expect(message("ShapeLayer.new{ lineWidth = -1 }") == "scene.lua:1: ShapeLayer.new: lineWidth must be a finite number ≥ 0 (got -1)")
        #expect(message("ShapeLayer.new{ lineWidth = 'wide' }") == "scene.lua:1: ShapeLayer.new: lineWidth must be a number (got the string \"wide\")")
        #expect(message("ShapeLayer.new{ miterLimit = 0/0 }") == "scene.lua:1: ShapeLayer.new: miterLimit must be a finite number (got nan)")
        #expect(message("ShapeLayer.new{ lineCap = 'flat' }")
            == "scene.lua:1: ShapeLayer.new: lineCap must be one of \"butt\", \"round\", \"square\" (got \"flat\")")
        #expect(message("ShapeLayer.new{ lineJoin = 3 }")
            == "scene.lua:1: ShapeLayer.new: lineJoin must be one of \"miter\", \"round\", \"bevel\" (got a number)")
        #expect(message("ShapeLayer.new{ fillRule = 'evenodd' }")
            == "scene.lua:1: ShapeLayer.new: fillRule must be one of \"nonZero\", \"evenOdd\" (got \"evenodd\")")
        #expect(message("ShapeLayer.new{ lineDashPattern = {0, 0} }")
            == "scene.lua:1: ShapeLayer.new: lineDashPattern must hold a length > 0 (got only zeros)")
        #expect(message("ShapeLayer.new{ lineDashPattern = {2, -1} }")
            == "scene.lua:1: ShapeLayer.new: lineDashPattern[2] must be a finite number ≥ 0 (got -1)")
        #expect(message("ShapeLayer.new{ lineDashPattern = 4 }")
            == "scene.lua:1: ShapeLayer.new: lineDashPattern must be nil or an array of lengths such as {4, 2} (got a number)")
        #expect(message("ShapeLayer.new{ strokeColor = 7 }")?.hasPrefix("scene.lua:1: ShapeLayer.new: strokeColor must be") == true)
        #expect(message("Layer.new{}.fillColor = 'red'") == "scene.lua:1: Layer.fillColor: only a shape layer has fillColor (this is a plain layer)")
        #expect(message("local w = View.new{}.lineWidth") == "scene.lua:1: View.lineWidth: only a ShapeView has lineWidth (this is a View)")
        #expect(message("Layer.new{}:setValue(2, 'lineWidth')")
            == "scene.lua:1: Layer:setValue: lineWidth is a property of ShapeLayer (got a Layer)")
        #expect(message("local a = BasicAnimation.new('path'); a.toValue = {}; Layer.new{}:addAnimation(a, 'p')")?
            .contains("path is a property of ShapeLayer (got a Layer)") == true)
    }

    @Test("Path and shape animations run from Lua: a morph point by point and a stroke color from nil")
    func animations() throws {
        let (host, _) = try runScript("""
            s = ShapeView.new{ name = "s", frame = {0, 0, 50, 50}, path = {{"move", 0, 0}, {"line", 10, 0}} }
            Scene.new{}.view:addSubview(s)
            local morph = BasicAnimation.new("path")
            morph.toValue = {{"move", 0, 10}, {"line", 20, 30}}; morph.duration = 1
            s.layer:addAnimation(morph, "morph")
            local stroke = BasicAnimation.new("strokeColor")
            stroke.toValue = "#ff0000"; stroke.duration = 1
            s.layer:addAnimation(stroke, "stroke")
            """)
        try host.engine.advance(to: 0.5)
        let (_, results) = try runScript("""
            local p = s.layer.presentation
            capture(p.path[1][3], p.path[2][2], p.path[2][3], p.strokeColor.r, p.strokeColor.a, s.strokeColor)
            """, host: host)
        #expect(plain(results) == plain([5.0, 15.0, 15.0, 0.5, 0.5, nil]))
    }
}
