import Testing
@testable import ChoreoLua

@Suite("Swift objects and functions in Lua")
struct LuaObjectBridgeTests {
    @Test("A Swift object handed to Lua and dropped is freed after a full GC")
    func droppedObjectIsFreed() throws {
        let vm = vmWithBoxes()
        let counter = LiveCounter()
        weak var weakBox: Tracked?
        do {
            let box = Tracked(counter)
            weakBox = box
            vm.setGlobal("box", .object(box))
        }
        try vm.run(chunk: "box:grow(2)", name: "use.lua")
        #expect(weakBox?.size == 3)
        vm.collectGarbage()
        #expect(weakBox != nil)  // the global still holds it
        try vm.run(chunk: "box = nil", name: "drop.lua")
        vm.collectGarbage()
        #expect(weakBox == nil)
        #expect(counter.live == 0)
    }

    @Test("The same object is the same userdata while Lua holds it")
    func identityIsPreserved() throws {
        let vm = vmWithBoxes()
        let box = Tracked(LiveCounter())
        vm.registerGlobal("get") { call in call.push(object: box); return 1 }
        #expect(try vm.run(chunk: "return get() == get(), rawequal(get(), get())", name: "eq.lua") == [true, true])
        #expect(try vm.run(chunk: "return get()", name: "back.lua") == [.object(box)])
    }

    @Test("Methods check self; properties read and write; the metatable is locked")
    func methodsAndProperties() throws {
        let vm = vmWithBoxes()
        let box = Tracked(LiveCounter())
        vm.setGlobal("box", .object(box))
        #expect(try vm.run(chunk: "box.size = 5 box:grow(1) return box.size, box.missing, getmetatable(box)", name: "p.lua")
            == [6.0, nil, "locked"])
        #expect(failure(of: "box.grow({}, 1)", in: vm)?.message
            == "scene.lua:1: calling 'Box:grow' on bad self (Box expected, got table)")
        #expect(failure(of: "box:grow('big')", in: vm)?.message
            == "scene.lua:1: bad argument #1 to 'Box:grow' (amount: number expected, got string)")
        #expect(failure(of: "box.size = 'huge'", in: vm)?.message
            == "scene.lua:1: bad value for 'Box.size' (number expected, got string)")
        #expect(failure(of: "box.colour = 1", in: vm)?.message == "scene.lua:1: Box has no property 'colour'")
        #expect(failure(of: "local gc = box.__gc", in: vm) == nil)
        #expect(try vm.run(chunk: "return box.__gc, tostring(box)", name: "gc.lua") == [nil, "Box(6.0)"])
    }

    @Test("Methods are found before properties (those added later too), keys that are not strings read nil, and an object of another class is a bad self")
    func methodLookupAndSelfCheck() throws {
        final class Other {}
        let vm = vmWithBoxes()
        vm.register(LuaClass<Other>("Other", methods: [:], getProperty: { _, _, _ in 0 }))
        vm.addMethods(["size": { call in call.push("the method"); return 1 }], to: Tracked.self)
        vm.setGlobal("box", .object(Tracked(LiveCounter())))
        vm.setGlobal("other", .object(Other()))
        // `size` is both a method (added after the class) and a property: the method wins, as a
        // method of the class's table always has; a number key reads nil without an error.
        #expect(try vm.run(chunk: "return box:size(), box[1], box.grow == box.grow", name: "m.lua") == ["the method", nil, true])
        #expect(failure(of: "box.grow(other, 1)", in: vm)?.message
            == "scene.lua:1: calling 'Box:grow' on bad self (Box expected, got Other)")
        #expect(failure(of: "local g = other.grow", in: vm) == nil)  // Other has no grow: nil, not Box's
        #expect(try vm.run(chunk: "return other.grow", name: "o.lua") == [nil])
    }

    @Test("Objects of unregistered subclasses use their superclass's Lua class")
    func subclassesUseTheirSuperclass() throws {
        final class Base {}
        let vm = LuaVM()
        vm.register(LuaClass<Base>("Base", methods: ["kind": { call in
            _ = try call.object(at: 1, as: Base.self)
            call.push("base")
            return 1
        }]))
        vm.setGlobal("b", .object(Base()))
        #expect(try vm.run(chunk: "return b:kind(), tostring(b)", name: "k.lua") == ["base", "Base"])
    }

    @Test("Lua functions held by Swift can be called later and are released when dropped")
    func functionReferences() throws {
        let vm = LuaVM()
        let square = try #require(try vm.run(chunk: "return function(t) return t * t end", name: "ease.lua")[0].functionValue)
        #expect(try square(0.5) == [0.25])
        #expect(try vm.call(square, [3]) == [9])
        let table = try #require(try vm.run(chunk: "return { name = 'material', 10, 20 }", name: "t.lua")[0].tableValue)
        #expect(table["name"] == "material")
        #expect(table[2] == 20)
        #expect(table.count == 2)
        #expect(Set(table.keys) == [.name("name"), .index(1), .index(2)])
        let failing = try #require(try vm.run(chunk: "return function() error('late') end", name: "cb.lua")[0].functionValue)
        do {
            try failing()
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "cb.lua:1: late")
        }
    }

    @Test("A reference Swift drops inside a long call is released when the host function returns, not when the call ends")
    func referencesReleasedPerHostCall() throws {
        let vm = LuaVM()
        // `hold(f)` keeps a Lua function only for the length of the host call, as a view
        // animation block keeps its `animations` function; `heap()` collects and measures.
        vm.registerGlobal("hold") { call in
            _ = try call.function(at: 1, name: "f")
            return 0
        }
        vm.registerGlobal("heap") { call in
            vm.collectGarbage()
            call.push(vm.memoryInUse)
            return 1
        }
        // Each closure captures a 1 KB string of its own: 2,000 of them held to the end of the
        // chunk would keep 2 MB alive.
        let grown = try vm.run(chunk: """
            local before = heap()
            for i = 1, 2000 do
              local payload = string.rep("x", 1000) .. i
              hold(function() return payload end)
            end
            return heap() - before
            """, name: "blocks.lua")
        let bytes = try #require(grown.first?.doubleValue)
        #expect(bytes < 100_000)
    }

    @Test("Closing the VM releases every object Lua held")
    func closeReleasesObjects() throws {
        let counter = LiveCounter()
        let vm = vmWithBoxes()
        vm.registerGlobal("make") { call in call.push(object: Tracked(counter)); return 1 }
        try vm.run(chunk: "keep = {} for i = 1, 100 do keep[i] = make() end", name: "keep.lua")
        #expect(counter.live == 100)
        vm.close()
        #expect(counter.live == 0)
        #expect(vm.isClosed)
    }
}
