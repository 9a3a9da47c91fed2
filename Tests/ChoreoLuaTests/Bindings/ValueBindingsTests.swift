import ChoreoCore
import Testing
@testable import ChoreoLua

@Suite("Lua: points, sizes, rects, colors and transforms")
struct ValueBindingsTests {
    @Test("Values round-trip through Lua with their fields")
    func roundTrip() throws {
        let (_, results) = try runScript("""
            local p = Point.new(1, 2); p.x = 5
            local r = Rect.new(0, 0, 10, 20); r.size.width = 4; r.origin.y = 3
            local c = Color.new("rebeccapurple")
            local t = Transform.translation(3, 4):scaledBy(2)
            capture(p.x, p.y, r.width, r.y, r.maxY, c.hex, t.tx, t.a, tostring(p))
            """)
        #expect(results.map(normalize) == [
            .integer(5), .integer(2), .integer(4), .integer(3), .integer(23), .string("#663399ff"), .integer(3),
            .integer(2), .string("Point(x: 5, y: 2)"),
        ].map(normalize))
    }

    @Test("Tables convert wherever a value is taken, and bad shapes are rejected with the parameter")
    func conversions() throws {
        #expect(try ScriptValues.point(.object(ScriptValue(.point(Point(x: 1, y: 2)))), name: "p") == Point(x: 1, y: 2))
        #expect(errorMessage { _ = try runScript("Color.new('#12345g')") }
            == "scene.lua:1: Color.new: color must be #rgb, #rrggbb, #rrggbbaa, a UIKit or a CSS color name (got \"#12345g\")")
        #expect(errorMessage { _ = try runScript("Point.new(0/0, 1)") }
            == "scene.lua:1: Point.new: x must be a finite number (got nan)")
        #expect(errorMessage { _ = try runScript("Transform.new({1, 2, 3})") }
            == "scene.lua:1: Transform.new: transform must be a transform (a Transform, or 6 or 16 numbers) (got a table)")
        #expect(errorMessage { _ = try runScript("local p = Point.new(1, 2); p.z = 3") }
            == "scene.lua:1: Value.z: z is not a field of a point (fields: x, y) (got a number)")
    }

    @Test("A rect, point or color table is read by name, then alias, then position, whatever its other keys")
    func numberTables() throws {
        let vm = LuaVM()
        func rect(_ source: String) throws -> Rect { try ScriptValues.rect(try vm.run(chunk: "return " + source, name: "t.lua")[0], name: "frame") }
        func message(_ source: String) -> String? {
            do { _ = try rect(source); return nil } catch { return "\(error)" }
        }
        // Tables of only a rect's fields (one traversal) and tables with other keys (field by
        // field) give the same numbers, by the same precedence.
        #expect(try rect("{1, 2, 3, 4}") == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(try rect("{x = 1, y = 2, w = 3, h = 4}") == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(try rect("{x = 1, y = 2, width = 3, height = 4, w = 9, h = 9}") == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(try rect("{10, 20, 30, 40, x = 1, h = 4}") == Rect(x: 1, y: 20, width: 30, height: 4))
        #expect(try rect("{10, 20, 30, 40, 50, name = 'extra'}") == Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(try rect("{origin = {1, 2}, size = {w = 3, h = 4}}") == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(try rect("{[1] = 1.5, [2] = 2, [3] = 2^40, [4] = -0.0}") == Rect(x: 1.5, y: 2, width: 0x1p40, height: -0.0))
        // The errors are the field-by-field reading's.
        #expect(message("{1, 2, 3}") == "frame must be a rect ({x=, y=, width=, height=} or {x, y, w, h}) (got a table)")
        #expect(message("{1, 2, '3', 4}") == "frame must be a rect ({x=, y=, width=, height=} or {x, y, w, h}) (got a table)")
        #expect(message("{1, 0/0, 3, 4}") == "frame.y must be a finite number (got nan)")
        #expect(message("{x = 1, y = 2, w = 3, h = math.huge}") == "frame.height must be a finite number (got inf)")
        #expect(message("{0, 0, 2^53, 1}") == "frame.width must be within ±1e15 (got 9007199254740992.0)")
        #expect(try ScriptValues.point(try vm.run(chunk: "return {y = 2, 1}", name: "t.lua")[0], name: "p") == Point(x: 1, y: 2))
        #expect(try ScriptValues.color(try vm.run(chunk: "return {r = 1, 0.9, 0.5, 0.25, alpha = 0.5}", name: "t.lua")[0], name: "c")
            == Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.5))
    }

    @Test("A constructor's frame gives what assigning the same table gives, whatever its shape")
    func constructorFrames() throws {
        // Four plain numbers are read where they lie on the stack; other shapes as any value.
        let shapes = [
            "{1, 2, 3, 4}", "{x = 1, y = 2, w = 3, h = 4}", "{x = 1, y = 2, width = 3, height = 4, w = 9, h = 9}",
            "{0, 2, 3, 9, x = 1, h = 4}", "{1, 2, 3, 4, 5, name = 'extra'}", "{origin = {1, 2}, size = {w = 3, h = 4}}",
            "Rect.new(1, 2, 3, 4)", "{9, 2, 3, 4, x = 1}", "{1, 2, 3, 4, [4.5] = 0}",
            "(function() local t = {} for i = 4, 1, -1 do t[i] = i end return t end)()",
        ]
        for shape in shapes {
            let (_, results) = try runScript("""
                local function edges(f) return f.x .. "," .. f.y .. "," .. f.width .. "," .. f.height end
                local made, set = View.new{ frame = \(shape) }, View.new{}
                set.frame = \(shape)
                local layer, setLayer = Layer.new{ frame = \(shape) }, Layer.new{}
                setLayer.frame = \(shape)
                capture(edges(made.frame), edges(set.frame), edges(layer.frame), edges(setLayer.frame))
                """)
            #expect(results.compactMap(\.stringValue) == Array(repeating: "1.0,2.0,3.0,4.0", count: 4), "\(shape)")
        }
        #expect(errorMessage { _ = try runScript("View.new{ frame = {1, 0/0, 3, 4} }") }
            == "scene.lua:1: View.new: frame.y must be a finite number (got nan)")
        #expect(errorMessage { _ = try runScript("Layer.new{ frame = {1, 2, 3} }") }
            == "scene.lua:1: Layer.new: frame must be a rect ({x=, y=, width=, height=} or {x, y, w, h}) (got a table)")
    }

    @Test("A rotation by a quarter turn has the expected matrix entries")
    func rotation() throws {
        let (_, results) = try runScript("local t = Transform.rotation(math.pi / 2); capture(t.b, t.c)")
        #expect(results.map(normalize) == [.number(1), .number(-1)].map(normalize))
    }
}

/// Lua gives integers for integral floats in some places; compare numbers by value.
private func normalize(_ value: LuaValue) -> LuaValue {
    if let number = value.doubleValue { return .number(number) }
    return value
}
