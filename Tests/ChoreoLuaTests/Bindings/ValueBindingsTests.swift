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
