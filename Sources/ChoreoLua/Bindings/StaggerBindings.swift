import ChoreoCore

/// A `Stagger` as scripts hold it: immutable, made by `Stagger{...}`.
public final class ScriptStagger {
    public let stagger: Stagger
    init(_ stagger: Stagger) { self.stagger = stagger }

    /// The delays of the last count asked for: `for i = 1, n do s(i, n) end` measures the items
    /// once, not n times (one delay needs the extremes of every item's distance).
    private var cached: (count: Int, delays: [Double])?

    /// The delays of `count` items, and whether they had to be computed (O(count) work).
    func delays(count: Int) -> (delays: [Double], computed: Bool) {
        if let cached, cached.count == count { return (cached.delays, false) }
        let delays = stagger.delays(count: count)
        cached = (count, delays)
        return (delays, true)
    }
}

/// `Stagger{ each= | amount=, from=, grid = {rows=, columns=}, axis=, curve=, base=, seed= }`:
/// delays that fan out over views (Core's `Stagger` has the rules).
///
///     local s = Stagger{ each = 0.05, from = "center", grid = {rows = 3, columns = 4} }
///     s(1, 12)          -- the delay of item 1 of 12, in seconds
///     s:delays(12)      -- all twelve, a list
///     View.animate{ duration = 0.4, delay = s, animations = function() ... end }
///
/// Items are 1-based in Lua (`s(i, n)`, `from = 3`), as everywhere in Lua; a stagger is usable
/// as the `delay` of `View.animate`, `Animator.runningPropertyAnimator` and `AnimationTraits.new`.
extension ScriptHost {
    static let staggerFields = ["each", "amount", "from", "grid", "axis", "curve", "base", "seed"]
    static let staggerOrigins = ["start", "end", "center", "edges", "random"]

    func installStagger() {
        vm.registerGlobal("Stagger", function: { [unowned self] call in
            guard let options = call.value(at: 1).tableValue else {
                throw call.badArgument(1, "table of options expected (Stagger{ each = 0.1 }), got \(call.typeName(at: 1))")
            }
            call.push(object: ScriptStagger(try stagger(from: options)))
            return 1
        })
        vm.register(LuaClass<ScriptStagger>(
            "Stagger",
            methods: ["delays": { [unowned self] call in
                let stagger = try call.object(at: 1, as: ScriptStagger.self).stagger
                let count = try Self.staggerCount(call, at: 2)
                vm.charge(instructions: count)  // O(count) host work the count hook cannot see
                let delays = stagger.delays(count: count)
                call.pushNewTable(arrayCount: delays.count) { table in
                    for delay in delays { table.append(.number(delay)) }
                }
                return 1
            }],
            setProperty: { _, _, key in
                throw LuaCallError("Stagger.\(key) cannot be set: staggers are immutable (make another with Stagger{...})")
            },
            describe: { object in "Stagger(\(Self.describe(object.stagger.spread)))" },
            call: { [unowned self] call in
                let stagger = try call.object(at: 1, as: ScriptStagger.self)
                let index = try call.integer(at: 2, name: "index")
                let count = try Self.staggerCount(call, at: 3)
                guard index >= 1, index <= count else {
                    throw call.badArgument(2, "index must be within 1...\(count) (got \(index))")
                }
                // One delay measures every item (the extremes of D; `random` shuffles them all):
                // computed once per count and charged, so a loop over s(i, n) stays linear.
                let (delays, computed) = stagger.delays(count: count)
                if computed { vm.charge(instructions: count) }
                call.push(delays[index - 1])
                return 1
            },
            fields: []))
    }

    /// A count of items: a whole number within 0...Stagger.maximumCount.
    private static func staggerCount(_ call: LuaCallContext, at index: Int) throws -> Int {
        let count = try call.integer(at: index, name: "count")
        guard count >= 0, count <= Stagger.maximumCount else {
            throw call.badArgument(index, "count must be within 0...\(Stagger.maximumCount) (got \(count))")
        }
        return count
    }

    private static func describe(_ spread: Stagger.Spread) -> String {
        switch spread {
        case .each(let each): "each: \(formatNumber(each))"
        case .amount(let amount): "amount: \(formatNumber(amount))"
        }
    }

    /// Reads the options of `Stagger{...}`.
    func stagger(from options: LuaTableRef) throws -> Stagger {
        try options.checkKeys(allowed: Self.staggerFields, of: "option")
        let spread: Stagger.Spread
        switch (options["each"].isNil, options["amount"].isNil) {
        case (false, false):
            throw ArgumentError(parameter: "each, amount", requirement: "give the spread one way: each or amount", value: "both")
        case (false, true): spread = .each(try BindingInput.number(options["each"], "each"))
        case (true, false): spread = .amount(try BindingInput.number(options["amount"], "amount"))
        case (true, true): spread = .each(0)
        }
        var columns: Int?
        var rows: Int?
        if let grid = options["grid"].tableValue {
            try grid.checkKeys(allowed: ["rows", "columns"], of: "grid field")
            rows = grid["rows"].isNil ? nil : try Checked.integer(grid["rows"], "grid.rows")
            columns = grid["columns"].isNil ? nil : try Checked.integer(grid["columns"], "grid.columns")
            guard rows != nil || columns != nil else {
                throw ArgumentError(parameter: "grid", requirement: "must give rows or columns", value: "neither")
            }
        } else if !options["grid"].isNil {
            throw ScriptValues.mismatch("grid", "a table {rows=, columns=}", options["grid"])
        }
        let axis = try BindingInput.optionalString(options["axis"], "axis").map { name throws(ArgumentError) in
            try Stagger.Axis(parsing: name, parameter: "axis")
        }
        return try Stagger(
            spread: spread, origin: try Self.staggerOrigin(options["from"]), columns: columns, rows: rows, axis: axis,
            curve: options["curve"].isNil ? CubicBezierCurve.linear : try curve(from: options["curve"], name: "curve"),
            base: try BindingInput.optionalNumber(options["base"], "base") ?? 0,
            seed: options["seed"].isNil ? 1 : try Checked.integer(options["seed"], "seed"))
    }

    /// `from`: a name, a 1-based index, or a unit point `{x, y}`; "start" when nil.
    private static func staggerOrigin(_ lua: LuaValue) throws -> Stagger.Origin {
        switch lua {
        case .nil: return .start
        case .string(let name):
            switch name {
            case "start": return .start
            case "end": return .end
            case "center": return .center
            case "edges": return .edges
            case "random": return .random
            default: throw ArgumentError.unknownName(name, parameter: "from", valid: staggerOrigins)
            }
        case .table:
            let point = try ScriptValues.point(lua, name: "from")
            return .point(x: point.x, y: point.y)
        default:
            guard lua.doubleValue != nil else {
                throw ScriptValues.mismatch("from", "a name, an item index or a unit point {x, y}", lua)
            }
            return .index(try Checked.integer(lua, "from"))
        }
    }

    /// A `delay` option: seconds, or a `Stagger` (then the seconds are 0).
    static func delay(from lua: LuaValue, name: String = "delay") throws -> (seconds: Double, stagger: Stagger?) {
        if let staggered = lua.objectValue as? ScriptStagger { return (0, staggered.stagger) }
        guard !lua.isNil else { return (0, nil) }
        guard let seconds = lua.doubleValue else { throw ScriptValues.mismatch(name, "a number of seconds or a Stagger", lua) }
        return (seconds, nil)
    }
}
