import Testing
@testable import ChoreoLua

@Suite("Scene tests: expect and its matchers")
struct ExpectationTests {
    @Test("A failing expect reports the expectation, both values and the file:line of the expect call")
    func failingExpectReportsItsLine() throws {
        let folder = try SceneTestFolder(["lines_test.lua": """
            it("adds", function()
              local sum = 1 + 1

              expect(sum).toBe(3)
            end)
            it("fails inside a timer", function()
              after(0.5, function()
                expect(CACurrentMediaTime()).toBe(1)
              end)
              advance(1)
            end)
            """])
        let report = try folder.run()
        let path = "\(folder.path)/lines_test.lua"
        #expect(report.test("adds")?.failure == TestFailure(
            kind: .expectation, message: "\(path):4: expect(received).toBe(expected)\n  Expected: 3\n  Received: 2"))
        #expect(report.test("fails inside a timer")?.failure == TestFailure(
            kind: .expectation, message: "\(path):8: expect(received).toBe(expected)\n  Expected: 1\n  Received: 0.5"))
        #expect(report.summary == "0 passed, 2 failed")
    }

    @Test("toEqual compares tables deeply, script values exactly, and names the first difference")
    func toEqual() throws {
        let folder = try SceneTestFolder(["equal_test.lua": """
            it("tables", function()
              expect({1, 2, {x = 3, list = {"a"}}}).toEqual({1, 2, {x = 3, list = {"a"}}})
              expect({}).never.toEqual({false})
              expect(0 / 0).toEqual(0 / 0)
              local a = {}; a.self = a
              local b = {}; b.self = b
              expect(a).toEqual(b)
            end)
            it("values", function()
              expect(Point.new(1, 2)).toEqual(Point.new(1, 2))
              expect(Point.new(1, 2)).toEqual({x = 1, y = 2})
              expect({1, 2}).toEqual(Point.new(1, 2))
              expect(Color.rgb(1, 0.5, 0)).never.toEqual("#ff8000")   -- 0.5 is not 128/255
              expect(Rect.new(0, 0, 10, 20)).never.toEqual(Rect.new(0, 0, 10, 20.000000001))
              expect(Transform.scale(2)).toEqual(Transform.scale(2, 2))
            end)
            it("differs deep inside", function()
              expect({views = {box = {alpha = 1, center = Point.new(0, 0)}}})
                .toEqual({views = {box = {alpha = 1, center = {x = 0, y = 1}}}})
            end)
            it("has an extra key", function()
              expect({a = 1, ["b c"] = 2}).toEqual({a = 1})
            end)
            """])
        let report = try folder.run()
        #expect(report.test("tables")?.failure == nil)
        #expect(report.test("values")?.failure == nil)
        let path = "\(folder.path)/equal_test.lua"
        #expect(report.test("differs deep inside")?.failure?.message == """
            \(path):18: expect(received).toEqual(expected)
              Expected: {views = {box = {alpha = 1, center = {x = 0, y = 1}}}}
              Received: {views = {box = {alpha = 1, center = Point(x: 0, y: 0)}}}
              Difference at .views.box.center: expected {x = 0, y = 1}, received Point(x: 0, y: 0)
            """)
        #expect(report.test("has an extra key")?.failure?.message.hasSuffix(
            "Difference at [\"b c\"]: expected nil, received 2") == true)
    }

    @Test("toBeCloseTo compares numbers, and values component by component, within the tolerance")
    func toBeCloseTo() throws {
        let folder = try SceneTestFolder(["close_test.lua": """
            it("passes", function()
              expect(0.1 + 0.2).toBeCloseTo(0.3)
              expect(0.1 + 0.2).never.toBe(0.3)
              expect(1.05).toBeCloseTo(1, 0.1)
              expect(Point.new(1, 2)).toBeCloseTo({x = 1.004, y = 1.996}, 0.005)
              expect(Color.rgb(1, 0.5, 0)):toBeCloseTo("#ff8000", 0.01)
              expect(Rect.new(0, 0, 10, 10)).never.toBeCloseTo(Rect.new(0, 0, 10, 11), 0.5)
              expect(1 / 0).toBeCloseTo(1 / 0, 0)
            end)
            it("fails", function()
              expect(Point.new(1, 2)).toBeCloseTo(Point.new(1, 2.5), 0.1)
            end)
            it("cannot compare strings", function()
              expect("1").never.toBeCloseTo(1)
            end)
            """])
        let report = try folder.run()
        #expect(report.test("passes")?.failure == nil)
        #expect(report.test("fails")?.failure?.message.hasSuffix("""
            expect(received).toBeCloseTo(expected, tolerance)
              Expected: Point(x: 1, y: 2.5) ± 0.1
              Received: Point(x: 1, y: 2)
              Largest difference: 0.5 (in .y)
            """) == true)
        // A matcher that cannot judge its values fails under never too.
        #expect(report.test("cannot compare strings")?.failure?.message.contains(
            "Matcher error: toBeCloseTo compares numbers, or points") == true)
    }

    @Test("toThrow matches a Lua pattern or plain text; never expects no error")
    func toThrow() throws {
        let folder = try SceneTestFolder(["throw_test.lua": """
            it("passes", function()
              expect(function() error("bad value (got 3)") end).toThrow("bad value (got 3)")
              expect(function() error("code 42") end).toThrow("code %d+")
              expect(function() error("boom") end).toThrow()
              expect(function() after(-1, function() end) end).toThrow("seconds must be")
              expect(function() end).never.toThrow()
              expect(function() error("boom") end).never.toThrow("bang")
              expect(function() expect(1).toBe(2) end).toThrow("Expected: 2")
            end)
            it("wrong message", function()
              expect(function() error("boom") end).toThrow("bang")
            end)
            it("no error", function()
              expect(function() end).toThrow()
            end)
            it("not a function", function()
              expect(42).toThrow()
            end)
            """])
        let report = try folder.run()
        #expect(report.test("passes")?.failure == nil)
        let path = "\(folder.path)/throw_test.lua"
        #expect(report.test("wrong message")?.failure?.message == """
            \(path):11: expect(received).toThrow(pattern)
              Expected: an error matching "bang"
              Received: error "\(path):11: boom"
            """)
        #expect(report.test("no error")?.failure?.message.hasSuffix("Received: no error") == true)
        #expect(report.test("not a function")?.failure?.message.contains("Matcher error: received value must be a function") == true)
        #expect(report.test("no error")?.failure?.kind == .expectation)
    }

    @Test("never negates every matcher and the message says so")
    func never() throws {
        let folder = try SceneTestFolder(["never_test.lua": """
            it("passes", function()
              expect(nil).toBeNil(); expect(false).never.toBeNil()
              expect(0).toBeTruthy(); expect(false).toBeFalsy(); expect(nil).never.toBeTruthy()
              expect(2).toBeGreaterThan(1); expect(2).toBeGreaterThanOrEqual(2)
              expect(1).toBeLessThan(2); expect(2).never.toBeLessThanOrEqual(1)
              expect("fade out").toMatch("^fade"); expect("fade").never.toMatch("in")
              local t = {}; expect(t).toBe(t); expect(t).never.toBe({})
            end)
            it("fails", function()
              expect({1}).never.toEqual({1})
            end)
            """])
        let report = try folder.run()
        #expect(report.test("passes")?.failure == nil)
        #expect(report.test("fails")?.failure?.message.hasSuffix("""
            expect(received).never.toEqual(expected)
              Expected: not {1}
              Received: {1}
            """) == true)
    }

    @Test("An unknown matcher is an error that lists the matchers")
    func unknownMatcher() throws {
        let folder = try SceneTestFolder(["unknown_test.lua": "it('typo', function() expect(1).toBee(1) end)\n"])
        let failure = try #require(try folder.run().test("typo")?.failure)
        #expect(failure.kind == .error)
        #expect(failure.message == "\(folder.path)/unknown_test.lua:1: expect(...).toBee is not a matcher (matchers: "
            + "toBe, toEqual, toBeCloseTo, toThrow, toMatch, toBeNil, toBeTruthy, toBeFalsy, toBeGreaterThan, "
            + "toBeGreaterThanOrEqual, toBeLessThan, toBeLessThanOrEqual; never before one negates it)")
    }
}
