import CLuaShim
import ChoreoCore
import ChoreoRuntime

/// How tests reach scenes they did not build (issue 18): `Scene.current`, `loadScene(path)`,
/// `require` of a scene file, and `viewNamed` on scenes and views.
///
///     local scene = loadScene("flight-info.lua")      -- runs the file as `choreo run` would
///     local summary = scene:viewNamed("summary")      -- depth first by name, nil when absent
///     assert(Scene.current == scene)
///
/// A scene file ends with nothing to return (or `return scene`): both `loadScene` and `require`
/// give the first scene the file made with `Scene.new` when it returns no value.
extension ScriptHost {
    func installSceneAccess() {
        vm.registerGlobal("loadScene") { [unowned self] call in try loadScene(call) }
        // `Scene.current` reads the engine's scene when asked, so it is a field computed by the
        // Scene table's __index rather than a value stored once; the getter is reachable only there.
        vm.registerGlobal("__choreoSceneCurrent") { [unowned self] call in
            if hasMadeScene { call.push(object: engine.scene) } else { call.pushNil() }
            return 1
        }
        _ = try? vm.run(chunk: """
            local current = __choreoSceneCurrent; __choreoSceneCurrent = nil
            setmetatable(Scene, {
              __index = function(_, key) if key == "current" then return current() end end,
              __newindex = function(table, key, value)
                if key == "current" then error("Scene.current is read-only (loadScene makes a scene current)", 2) end
                rawset(table, key, value)
              end })
            """, name: "=(Scene.current)")
        let hook = LuaHostFunctionBox(name: "require", role: .function) { [unowned self] call in
            guard call.argumentCount >= 2 else {
                call.push(scenesMade)
                return 1
            }
            if let scene = firstScene(madeSince: try call.integer(at: 2, name: "mark")) {
                call.push(object: scene)
            } else {
                call.pushNil()
            }
            return 1
        }
        lsx_set_module_hook(vm.liveState("installSceneAccess"), hook.retainedPointer())
    }

    /// `scene:viewNamed(name)` and `scene:layerNamed(name)`: the first view (layer) of the scene,
    /// depth first from its root.
    func sceneMethods() -> [String: LuaHostFunction] {
        ["viewNamed": { call in
            let scene = try call.object(at: 1, as: Scene.self)
            if let view = scene.view(named: try call.string(at: 2, name: "name")) { call.push(object: view) } else { call.pushNil() }
            return 1
        }, "layerNamed": { call in
            let scene = try call.object(at: 1, as: Scene.self)
            if let layer = scene.layer(named: try call.string(at: 2, name: "name")) { call.push(object: layer) } else { call.pushNil() }
            return 1
        }]
    }

    /// The first scene still alive that `Scene.new` made once `scenesMade` was `mark`.
    func firstScene(madeSince mark: Int) -> Scene? {
        sceneRecords.first { $0.serial >= mark && $0.scene != nil }?.scene
    }

    /// `loadScene(path)`: runs a scene file's top level as `choreo run` does and returns its
    /// scene (the one it returns, else the first it made), which the engine then drives.
    ///
    /// The path is searched like a module's (`FileSandbox.search`: the script's folder, then the
    /// allowed roots); while the file runs, its own relative paths (images, specs, modules)
    /// start at its folder. Each call runs the file again (no cache, unlike `require`). Not from
    /// inside a callback or an animations block.
    private func loadScene(_ call: LuaCallContext) throws -> Int {
        let path = try call.string(at: 1, name: "path")
        // Switching the engine's scene while the engine runs a frame (or a block records changes)
        // would pull the scene from under it.
        if let callback = runningCallback {
            throw BindingError("cannot load a scene from inside \(callback.rawValue) (call it at a script's top level or from a test)")
        }
        let source: String, canonical: String
        do {
            canonical = try files.search(path)
            source = String(decoding: try files.read(canonical), as: UTF8.self)
        } catch {
            throw BindingError("cannot read \(path): \(error.reason)")
        }
        let mark = scenesMade
        let saved = vm.files
        vm.files = saved.startingAt(String(canonical[..<(canonical.lastIndex(of: "/") ?? canonical.startIndex)]))
        defer { vm.files = saved }
        let results = try vm.run(chunk: source, name: path)
        guard let scene = results.first?.objectValue as? Scene ?? firstScene(madeSince: mark) else {
            throw BindingError("\(path) made no Scene (a scene script calls Scene.new{ ... } at its top level)")
        }
        engine.scene = scene
        call.push(object: scene)
        return 1
    }
}
