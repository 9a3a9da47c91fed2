import Testing
@testable import ChoreoCore

/// Expected values worked out by hand from GSAP's position-parameter documentation
/// (gsap.com/position-parameter, and the 3.7 notes for percents), in one timeline state:
/// the end is 5 s, the most recent child runs 2…4 s (span 2), label "intro" is at 1.5 s, and
/// the child being added spans 3 s.
@Suite("Timeline positions: GSAP's position parameter")
struct TimelinePositionTests {
    let context = TimelinePosition.Context(end: 5, recent: 2...4, labels: ["intro": 1.5, "7": 0.25], addedSpan: 3)

    func time(_ text: String) throws -> Double {
        try TimelinePosition.resolve(.text(text), in: context).time
    }

    @Test("nil is the end; a number is absolute, negative ones kept", arguments: [
        (TimelinePosition.Spec.end, 5.0), (.seconds(3), 3), (.seconds(0), 0), (.seconds(-0.5), -0.5), (.seconds(12), 12),
    ])
    func plainPositions(spec: TimelinePosition.Spec, expected: Double) throws {
        #expect(try TimelinePosition.resolve(spec, in: context) == .init(time: expected, createdLabel: nil))
    }

    @Test("Relative to the end: \"+=x\" and \"-=x\"; percents of the child being added", arguments: [
        ("+=1", 6.0), ("-=1", 4), ("+=0", 5), ("-=0.25", 4.75), ("+=.5", 5.5), ("-=6", -1),
        ("+=50%", 6.5), ("-=50%", 3.5), ("-=100%", 2), ("+=1e-1", 5.1),
    ])
    func relativeToTheEnd(text: String, expected: Double) throws {
        #expect(try time(text) == expected)
    }

    @Test("The most recent child: \"<\" its start, \">\" its end, with offsets", arguments: [
        ("<", 2.0), (">", 4), ("<1", 3), ("<-1", 1), (">1", 5), (">-0.5", 3.5),
        ("<+=1", 3), ("<-=1", 1), (">+=0.5", 4.5), (">-=0.5", 3.5), ("<+1", 3),
    ])
    func relativeToTheRecentChild(text: String, expected: Double) throws {
        #expect(try time(text) == expected)
    }

    @Test("In \"<x%\" the percent is of the recent child; with \"=\" of the child being added", arguments: [
        ("<50%", 3.0), ("<25%", 2.5), (">-25%", 3.5), ("<100%", 4),
        ("<+=50%", 3.5), ("<-=50%", 0.5), (">+=100%", 7), (">-=50%", 2.5),
    ])
    func percentsOfRecentAndAdded(text: String, expected: Double) throws {
        #expect(try time(text) == expected)
    }

    @Test("Labels, with offsets in seconds or in percents of the child being added", arguments: [
        ("intro", 1.5), ("intro+=1", 2.5), ("intro-=1", 0.5), ("intro+=50%", 3), ("intro-=0.5", 1),
    ])
    func labels(text: String, expected: Double) throws {
        #expect(try TimelinePosition.resolve(.text(text), in: context) == .init(time: expected, createdLabel: nil))
    }

    @Test("An unknown label is created at the end (and its offset applied to it)")
    func unknownLabels() throws {
        #expect(try TimelinePosition.resolve(.text("outro"), in: context) == .init(time: 5, createdLabel: "outro"))
        #expect(try TimelinePosition.resolve(.text("outro+=1"), in: context) == .init(time: 6, createdLabel: "outro"))
        #expect(try TimelinePosition.resolve(.text("outro-=2"), in: context) == .init(time: 3, createdLabel: "outro"))
    }

    @Test("A numeric string is a time unless a label has that name")
    func numericStrings() throws {
        #expect(try time("3") == 3)
        #expect(try time("-1.5") == -1.5)
        #expect(try time("7") == 0.25)
    }

    @Test("With nothing added yet, \"<\" and \">\" are 0 and their percents are of nothing")
    func emptyTimeline() throws {
        let empty = TimelinePosition.Context(end: 0, recent: nil, labels: [:], addedSpan: 2)
        for (text, expected) in [("<", 0.0), (">", 0), ("<1", 1), (">-=1", -1), ("<50%", 0), ("<+=50%", 1), ("+=1", 1), (nil, 0)] {
            let spec = text.map(TimelinePosition.Spec.text) ?? .end
            #expect(try TimelinePosition.resolve(spec, in: empty).time == expected)
        }
    }

    @Test("A percent of a child without duration (a label, a callback) is 0 s")
    func percentOfNothing() throws {
        let label = TimelinePosition.Context(end: 5, recent: 2...4, labels: [:], addedSpan: 0)
        #expect(try TimelinePosition.resolve(.text("+=50%"), in: label).time == 5)
        #expect(try TimelinePosition.resolve(.text("<+=50%"), in: label).time == 2)
        #expect(try TimelinePosition.resolve(.text("<50%"), in: label).time == 3)
    }

    @Test("Malformed positions are errors naming position and the forms", arguments: [
        "", "<abc", ">1x", "+=", "-=x", "*=1", "intro+=abc", "+=inf", "<nan", "=1", "+=50%%", "<0x10",
    ])
    func malformed(text: String) {
        #expect(throws: ArgumentError.self) { try time(text) }
        let error = try? #require(throws: ArgumentError.self) { try time(text) }
        #expect(error?.parameter == "position")
        #expect(error?.requirement.contains("\"<+=x\"") == true)
    }

    @Test("Numbers must be finite", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(value: Double) {
        #expect(throws: ArgumentError.self) { try TimelinePosition.resolve(.seconds(value), in: context) }
    }
}
