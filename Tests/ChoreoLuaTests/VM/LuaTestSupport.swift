@testable import ChoreoLua

/// Runs a chunk that must fail and returns the error (nil if it succeeded).
func failure(of chunk: String, name: String = "scene.lua", in vm: LuaVM) -> LuaError? {
    do {
        try vm.run(chunk: chunk, name: name)
        return nil
    } catch {
        return error
    }
}

/// Counts live instances, to show that objects handed across the boundary are all released.
final class LiveCounter {
    var live = 0
}

/// A Swift object scripts can hold.
final class Tracked {
    let counter: LiveCounter
    var size = 1.0
    init(_ counter: LiveCounter) {
        self.counter = counter
        counter.live += 1
    }
    deinit { counter.live -= 1 }
}

final class TrackedChild {}

/// A VM with `Tracked` registered as `Box`: method `grow(amount)`, property `size`.
func vmWithBoxes(memoryLimit: Int = 32 << 20) -> LuaVM {
    let vm = LuaVM(memoryLimit: memoryLimit, instructionLimit: 5_000_000)
    vm.register(LuaClass<Tracked>("Box",
        methods: [
            "grow": { call in
                let box = try call.object(at: 1, as: Tracked.self)
                box.size += try call.number(at: 2, name: "amount")
                return 0
            },
        ],
        getProperty: { call, box, key in
            guard key == "size" else { return 0 }
            call.push(box.size)
            return 1
        },
        setProperty: { call, box, key in
            guard key == "size" else { throw LuaCallError("Box has no property '\(key)'") }
            box.size = try call.number(at: 3)
        },
        describe: { box in "Box(\(box.size))" }))
    return vm
}
