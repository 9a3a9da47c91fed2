import Testing
@testable import ChoreoCore

/// Stagger's delays, each worked out by hand from issue 20's rules: item k at
/// (k mod columns, ⌊k/columns⌋), D_k = |P_k − O|, u_k = (D_k − min D)/(max D − min D),
/// delay_k = base + spread × curve(u_k), spread = amount or each × (max D − min D).
@Suite("Stagger: delays over lists and grids")
struct StaggerTests {
    static func expectDelays(_ stagger: Stagger, _ count: Int, _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        let delays = stagger.delays(count: count)
        #expect(delays.count == expected.count, sourceLocation: sourceLocation)
        for (actual, wanted) in zip(delays, expected) {
            #expect(abs(actual - wanted) < 1e-12, "\(delays) vs \(expected)", sourceLocation: sourceLocation)
        }
    }

    @Test("each is seconds per item along a list, from the start")
    func eachFromStart() throws {
        // D = 0, 1, 2, 3; spread = 0.1 × 3; u = D / 3.
        Self.expectDelays(try Stagger(spread: .each(0.1)), 4, [0, 0.1, 0.2, 0.3])
    }

    @Test("amount is the whole spread, whatever the count")
    func amountFromStart() throws {
        Self.expectDelays(try Stagger(spread: .amount(1)), 5, [0, 0.25, 0.5, 0.75, 1])
    }

    @Test("The origins of a list: end, center, edges, an index, a unit point")
    func origins() throws {
        Self.expectDelays(try Stagger(spread: .amount(1), origin: .end), 3, [1, 0.5, 0])
        // Center of five: O = 2, D = 2, 1, 0, 1, 2.
        Self.expectDelays(try Stagger(spread: .each(0.1), origin: .center), 5, [0.2, 0.1, 0, 0.1, 0.2])
        // Center of four: O = 1.5, D = 1.5, 0.5, 0.5, 1.5; range 1.
        Self.expectDelays(try Stagger(spread: .each(1), origin: .center), 4, [1, 0, 0, 1])
        // Edges: max D − D = 0, 1, 2, 1, 0.
        Self.expectDelays(try Stagger(spread: .each(0.1), origin: .edges), 5, [0, 0.1, 0.2, 0.1, 0])
        // Index 2 (1-based): O = 1.
        Self.expectDelays(try Stagger(spread: .each(1), origin: .index(2)), 4, [1, 0, 1, 2])
        // Unit point (0.5, 0) on five: O = 2.
        Self.expectDelays(try Stagger(spread: .amount(1), origin: .point(x: 0.5, y: 0)), 5, [1, 0.5, 0, 0.5, 1])
    }

    @Test("A grid measures Euclidean distance; rows default to ⌈n / columns⌉")
    func grid() throws {
        let r = 2.0.squareRoot()
        Self.expectDelays(try Stagger(spread: .each(1), origin: .center, columns: 3, rows: 3), 9, [r, 1, r, 1, 0, 1, r, 1, r])
        // Seven items in columns of 3: rows = 3, centre (1, 1); item 6 at (0, 2).
        let seven = try Stagger(spread: .each(1), origin: .center, columns: 3)
        Self.expectDelays(seven, 7, [r, 1, r, 1, 0, 1, r])
        // From the start on a 2 × 2 grid: D = 0, 1, 1, √2; each × √2 spread.
        Self.expectDelays(try Stagger(spread: .each(1), columns: 2), 4, [0, 1, 1, r])
        // A unit point (1, 1) is the far corner (columns − 1, rows − 1).
        Self.expectDelays(try Stagger(spread: .amount(1), origin: .point(x: 1, y: 1), columns: 2, rows: 2), 4, [1, 1 / r, 1 / r, 0])
    }

    @Test("An axis keeps only the x or the y part of the distance")
    func axis() throws {
        Self.expectDelays(try Stagger(spread: .each(1), columns: 3, rows: 2, axis: .x), 6, [0, 1, 2, 0, 1, 2])
        Self.expectDelays(try Stagger(spread: .each(1), columns: 3, rows: 2, axis: .y), 6, [0, 0, 0, 1, 1, 1])
        // From the centre on x: O.x = 1, u = |x − 1| / 1.
        Self.expectDelays(try Stagger(spread: .amount(2), origin: .center, columns: 3, rows: 2, axis: .x), 6, [2, 0, 2, 2, 0, 2])
    }

    @Test("A negative spread turns u into 1 − u and uses its size")
    func negativeSpread() throws {
        Self.expectDelays(try Stagger(spread: .amount(-1)), 3, [1, 0.5, 0])
        Self.expectDelays(try Stagger(spread: .each(-0.5), origin: .center), 5, [0, 0.5, 1, 0.5, 0])
    }

    @Test("The curve shapes u, and base is added to every delay")
    func curveAndBase() throws {
        // easeIn (0.42, 0, 1, 1) at u = 0, 1 is exactly 0, 1; in between it is below the diagonal.
        let eased = try Stagger(spread: .amount(1), curve: CubicBezierCurve.easeIn, base: 0.5).delays(count: 3)
        #expect(eased[0] == 0.5 && eased[2] == 1.5)
        #expect(abs(eased[1] - (0.5 + CubicBezierCurve.easeIn.progress(at: 0.5))) < 1e-12 && eased[1] < 1)
        let steps = try StepsCurve(2, .jumpEnd)
        Self.expectDelays(try Stagger(spread: .amount(1), curve: steps), 5, [0, 0, 0.5, 0.5, 1])
    }

    @Test("Equal distances give u = 0: one item, or none")
    func degenerate() throws {
        Self.expectDelays(try Stagger(spread: .each(1), base: 0.25), 1, [0.25])
        #expect(try Stagger(spread: .each(1)).delays(count: 0).isEmpty)
        #expect(try Stagger(spread: .each(1)).delay(index: 3, count: 2) == 0)
    }

    @Test("Random permutes the start delays the same way every time for a seed")
    func random() throws {
        let start = try Stagger(spread: .each(0.1)).delays(count: 10)
        let shuffled = try Stagger(spread: .each(0.1), origin: .random, seed: 42).delays(count: 10)
        #expect(shuffled.sorted() == start.sorted())
        #expect(shuffled != start)
        #expect(try Stagger(spread: .each(0.1), origin: .random, seed: 42).delays(count: 10) == shuffled)
        #expect(try Stagger(spread: .each(0.1), origin: .random, seed: 43).delays(count: 10) != shuffled)
        for index in 0..<10 {
            #expect(try Stagger(spread: .each(0.1), origin: .random, seed: 42).delay(index: index, count: 10) == shuffled[index])
        }
    }

    @Test("delay(index:count:) agrees with delays(count:)")
    func singleDelay() throws {
        let stagger = try Stagger(spread: .each(0.05), origin: .edges, columns: 4)
        let all = stagger.delays(count: 11)
        for index in 0..<11 { #expect(stagger.delay(index: index, count: 11) == all[index]) }
    }

    @Test("Bad parameters are errors naming them")
    func errors() {
        #expect(throws: ArgumentError.self) { try Stagger(spread: .each(.nan)) }
        #expect(throws: ArgumentError.self) { try Stagger(spread: .amount(.infinity)) }
        #expect(throws: ArgumentError.self) { try Stagger(origin: .index(0)) }
        #expect(throws: ArgumentError.self) { try Stagger(origin: .point(x: .nan, y: 0)) }
        #expect(throws: ArgumentError.self) { try Stagger(columns: 0) }
        #expect(throws: ArgumentError.self) { try Stagger(base: .nan) }
        do {
            _ = try Stagger(rows: -2)
        } catch {
            #expect(error.parameter == "grid.rows")
        }
    }
}
