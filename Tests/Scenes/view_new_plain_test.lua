-- View.new reads options of the commonest shape, { frame = {x, y, w, h} } and nothing else, in
-- two steps of a traversal; any other table goes the general way. `alpha = 1` (the default)
-- changes nothing but sends a table the general way, so each test makes a view both ways.

local paths = { "position", "bounds", "anchorPoint", "opacity", "transform", "cornerRadius", "zPosition",
  "backgroundColor", "borderWidth", "shadowOpacity" }

local function summary(view)
  local layer = view.layer
  local parts = { tostring(view.frame), tostring(view.bounds), tostring(view.center), tostring(view.alpha),
    tostring(view.isHidden), tostring(#layer:animationKeys()) }
  for _, path in ipairs(paths) do parts[#parts + 1] = path .. "=" .. tostring(layer:valueForKeyPath(path)) end
  return table.concat(parts, " ")
end

describe("View.new's commonest shape", function()
  for _, frame in ipairs({ {0, 0, 100, 100}, {12.5, -3, 7, 0}, {1e6, 2, 3.25, 4} }) do
    it("makes the view the general reading makes (" .. table.concat(frame, ", ") .. ")", function()
      local scene = Scene.new{}
      local plain = View.new{ frame = frame }
      local general = View.new{ frame = frame, alpha = 1 }
      expect(summary(plain)).toBe(summary(general))
      scene.view:addSubview(plain)
      scene.view:addSubview(general)
      View.animate{ duration = 1, animations = function() plain.alpha = 0; general.alpha = 0 end }
      advance(0.5)
      expect(summary(plain)).toBe(summary(general))
      expect(plain.layer.presentation.opacity).toBe(general.layer.presentation.opacity)
    end)
  end

  it("gives the view that frame, its bounds at the origin and its center in the middle", function()
    local view = View.new{ frame = {12.5, -3, 7, 0} }
    expect(tostring(view.frame)).toBe("Rect(x: 12.5, y: -3, width: 7, height: 0)")
    expect(tostring(view.bounds)).toBe("Rect(x: 0, y: 0, width: 7, height: 0)")
    expect(tostring(view.center)).toBe("Point(x: 16, y: -3)")
  end)

  it("leaves every other table to the general reading, with its errors", function()
    expect(tostring(View.new{ frame = { x = 5, y = 6, width = 7, height = 8 } }.frame)).toBe("Rect(x: 5, y: 6, width: 7, height: 8)")
    expect(tostring(Label.new{ frame = {0, 0, 50, 20} }.frame)).toBe("Rect(x: 0, y: 0, width: 50, height: 20)")
    expect(function() View.new{ frame = {1, 2, 3} } end).toThrow("frame must be a rect")
    expect(function() View.new{ frame = {1, 2, 3, 0 / 0} } end).toThrow("frame.height must be a finite number")
    expect(function() View.new{ frame = "x" } end).toThrow("got the string")
    expect(function() View.new{ frame = {1, 2, 3, 4}, bogus = 1 } end).toThrow("unknown property 'bogus'")
    expect(function() View.new{ [1] = {1, 2, 3, 4} } end).toThrow("View.new")
  end)
end)
