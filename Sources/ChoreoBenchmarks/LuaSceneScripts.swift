extension Scenario {
    /// The scene of `lua-scene-10k`: each view changes position.x, position.y, opacity and
    /// transform.scale in one 10 s `View.animate` block, even views along easeInOut, odd ones
    /// along (0.57, −0.4, 0.96, 0.87), between the values of `animatedScene(views:)`. As in
    /// UIKit, the block records animations per animatable property: `position` (x and y in one
    /// point animation), `opacity` and `transform`, so the four animated values ride on three
    /// additive animations where frame-10k has four basic ones; the unit still counts four.
    ///
    /// `through` cuts the loop's body short for the set-up breakdown: `.views` makes and adds
    /// the views only, `.values` sets their four values as well, `.animations` is the scene
    /// (`LuaSceneStage` names the finer cuts `lua-setup-10k` measures).
    static func luaSceneScript(views: Int, through stage: LuaSceneStage = .animations) -> String {
        let add = """

              scene.view:addSubview(view)
            """
        let layer = """

              local layer = view.layer
            """
        let values = """

              layer:setValue(0, "position.x"); layer:setValue(0, "position.y")
              layer:setValue(0, "opacity"); layer:setValue(0.5, "transform.scale")
            """
        let block = """

                layer:setValue(300, "position.x"); layer:setValue(500, "position.y")
                layer:setValue(1, "opacity"); layer:setValue(1.5, "transform.scale")
            """
        let animation = """

              View.animate{ duration = 10, curve = i % 2 == 0 and "easeInOut" or overshoot, animations = function()\(
                stage >= .animations ? block : "")
              end }
            """
        return """
            local scene = Scene.new{ width = 375, height = 667 }
            local overshoot = "cubic-bezier(0.57,-0.4,0.96,0.87)"
            for i = 0, \(views - 1) do
              local view = View.new{ frame = { i % 100, i // 100, 10, 10 } }\(stage >= .views ? add : "")\(
                stage >= .layers ? layer : "")\(stage >= .values ? values : "")\(stage >= .emptyBlocks ? animation : "")
            end
            """
    }

    /// How much of `luaSceneScript`'s loop body runs: `View.new` alone, then `addSubview`,
    /// `view.layer`, the four values, a `View.animate` with an empty block, and the scene.
    enum LuaSceneStage: Int, Comparable, CaseIterable {
        case made, views, layers, values, emptyBlocks, animations
        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// `luaSceneScript` with plain Lua tables for the scene, its views and their layers: the same
    /// loop and values; `setValue` stores into the layer's table, and `animate` runs the block
    /// and keeps a tween record of what it changed (key, from, to), with the duration and the
    /// curve's name, as a Lua tween library's set-up does. The baseline of `setup_ratio`.
    static func luaTablesScript(objects: Int) -> String {
        """
        local scene = { view = { subviews = {} } }
        local overshoot = "cubic-bezier(0.57,-0.4,0.96,0.87)"
        local tweens, recording = {}, nil
        local function setValue(layer, value, key)
          if recording then recording[#recording + 1] = { layer = layer, key = key, from = layer[key], to = value } end
          layer[key] = value
        end
        local function animate(spec)
          recording = {}
          spec.animations()
          tweens[#tweens + 1] = { duration = spec.duration, curve = spec.curve, changes = recording }
          recording = nil
        end
        for i = 0, \(objects - 1) do
          local view = { frame = { i % 100, i // 100, 10, 10 }, layer = {} }
          local subviews = scene.view.subviews
          subviews[#subviews + 1] = view
          local layer = view.layer
          setValue(layer, 0, "position.x"); setValue(layer, 0, "position.y")
          setValue(layer, 0, "opacity"); setValue(layer, 0.5, "transform.scale")
          animate{ duration = 10, curve = i % 2 == 0 and "easeInOut" or overshoot, animations = function()
            setValue(layer, 300, "position.x"); setValue(layer, 500, "position.y")
            setValue(layer, 1, "opacity"); setValue(layer, 1.5, "transform.scale")
          end }
        end
        """
    }

    /// The baseline of `lua-scene-10k`: the same scene as a hand-written pure-Lua tweener. One
    /// record per object with its start, duration, curve and the four values' ends; a display
    /// link computes each record's values every frame from its own progress, its cubic Bézier
    /// solved in Lua for that object (Newton's method from x, 8 steps at most, then bisection;
    /// 1e-7 in x, as Lua and JavaScript easing libraries do), and reads the four values back
    /// (into a sum). `tweenerCheck(even, odd)` counts the records whose values are those of the
    /// two curves' progress `even` and `odd` (computed by the caller) after the run.
    static func luaTweenerScript(objects: Int) -> String {
        """
        local abs = math.abs
        local function bezier(x1, y1, x2, y2)
          local cx = 3 * x1; local bx = 3 * (x2 - x1) - cx; local ax = 1 - cx - bx
          local cy = 3 * y1; local by = 3 * (y2 - y1) - cy; local ay = 1 - cy - by
          return function(x)
            if x <= 0 then return 0 elseif x >= 1 then return 1 end
            local s = x
            for _ = 1, 8 do
              local e = ((ax * s + bx) * s + cx) * s - x
              if abs(e) < 1e-7 then return ((ay * s + by) * s + cy) * s end
              local d = (3 * ax * s + 2 * bx) * s + cx
              if abs(d) < 1e-6 then break end
              s = s - e / d
            end
            local lo, hi = 0, 1
            s = x
            for _ = 1, 60 do
              local v = ((ax * s + bx) * s + cx) * s
              if abs(v - x) < 1e-7 then break end
              if v < x then lo = s else hi = s end
              s = (lo + hi) * 0.5
            end
            return ((ay * s + by) * s + cy) * s
          end
        end
        local easeInOut, overshoot = bezier(0.42, 0, 0.58, 1), bezier(0.57, -0.4, 0.96, 0.87)

        local tweens = {}
        for i = 0, \(objects - 1) do
          tweens[i + 1] = {
            start = 0, duration = 10, ease = i % 2 == 0 and easeInOut or overshoot,
            x = 0, y = 0, alpha = 0, scale = 0.5,
            x0 = 0, x1 = 300, y0 = 0, y1 = 500, alpha0 = 0, alpha1 = 1, scale0 = 0.5, scale1 = 1.5,
          }
        end

        local sink = 0
        tweenerLink = DisplayLink.new(function(link)
          local now = link.timestamp
          for i = 1, #tweens do
            local t = tweens[i]
            local p = (now - t.start) / t.duration
            if p > 1 then p = 1 end
            local e = t.ease(p)
            t.x = t.x0 + (t.x1 - t.x0) * e
            t.y = t.y0 + (t.y1 - t.y0) * e
            t.alpha = t.alpha0 + (t.alpha1 - t.alpha0) * e
            t.scale = t.scale0 + (t.scale1 - t.scale0) * e
            sink = sink + t.x + t.y + t.alpha + t.scale
          end
        end)

        function tweenerCheck(even, odd)
          local done = 0
          for i, t in ipairs(tweens) do
            local e = i % 2 == 1 and even or odd
            if abs(t.x - 300 * e) < 1e-4 and abs(t.y - 500 * e) < 1e-4 and abs(t.alpha - e) < 1e-6
              and abs(t.scale - 0.5 - e) < 1e-6 then done = done + 1 end
          end
          return sink == sink and done or -1
        end
        """
    }
}
