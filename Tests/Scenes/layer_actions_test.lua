-- Layer actions (CAAction) and the layer features of issue 17, as scripts use them.

local function plainLayer()
  local scene = Scene.new{ width = 100, height = 100 }
  local layer = Layer.new{ name = "plain", frame = {0, 0, 10, 10} }
  scene.view.layer:addSublayer(layer)
  advance(0)                              -- committed: its changes now run actions
  return layer
end

describe("layer.actions", function()
  it("runs an animation for its key from the old presentation value", function()
    local layer = plainLayer()
    layer.actions = { opacity = BasicAnimation.new{ keyPath = "opacity", duration = 2 } }
    layer.opacity = 0.2
    advance(0.5)                          -- linear from 1 to 0.2 over 2 s: a quarter of the way
    expect(layer.presentation.opacity).toBeCloseTo(0.8, 1e-12)
    advance(2)
    expect(layer.presentation.opacity).toBe(0.2)
  end)

  it("takes false as NSNull: no animation for that key", function()
    local layer = plainLayer()
    layer.actions = { position = false }
    layer.position = {50, 60}
    expect(layer.presentation.position.x).toBe(50)
    expect(#layer:animationKeys()).toBe(0)
    layer.opacity = 0                      -- other keys keep the default action
    expect(layer:animationKeys()[1]).toBe("opacity")
  end)

  it("reads back as a new table of animations and false", function()
    local layer = plainLayer()
    local fade = BasicAnimation.new("opacity")
    layer.actions = { opacity = fade, bounds = false }
    expect(layer.actions.opacity).toBe(fade)
    expect(layer.actions.bounds).toBe(false)
    layer.actions.bounds = nil             -- a copy: the layer's actions are unchanged
    expect(layer.actions.bounds).toBe(false)
  end)

  it("refuses values other than animations and false", function()
    local layer = plainLayer()
    expect(function() layer.actions = { opacity = true } end)
      .toThrow("actions.opacity must be an animation or false %(NSNull%) %(got a boolean%)")
    expect(function() layer.actions = { 1 } end).toThrow("actions must have property names as keys")
  end)
end)

describe("the action search", function()
  it("asks the delegate, then actions, then the style and its style, then the default", function()
    local layer = plainLayer()
    local asked = {}
    local spring = SpringAnimation.new{ keyPath = "bounds", damping = 20 }
    layer.delegate = { actionForLayer = function(l, key)
      asked[#asked + 1] = key
      expect(l).toBe(layer)
      if key == "bounds" then return spring end
      if key == "cornerRadius" then return false end
      return nil
    end }
    local fromActions = BasicAnimation.new("opacity")
    local fromStyle = BasicAnimation.new("borderWidth")
    local fromInner = BasicAnimation.new("zPosition")
    layer.actions = { opacity = fromActions }
    layer.style = { actions = { borderWidth = fromStyle, opacity = BasicAnimation.new("opacity") },
                    style = { actions = { zPosition = fromInner } } }
    expect(layer:actionForKey("bounds")).toBe(spring)
    expect(layer:actionForKey("cornerRadius")).toBe(nil)
    expect(layer:actionForKey("opacity")).toBe(fromActions)
    expect(layer:actionForKey("borderWidth")).toBe(fromStyle)
    expect(layer:actionForKey("zPosition")).toBe(fromInner)
    expect(layer:actionForKey("shadowRadius").keyPath).toBe("shadowRadius")   -- the default
    expect(layer:actionForKey("progress")).toBe(nil)                          -- no default
    expect(table.concat(asked, " ")).toBe("bounds cornerRadius opacity borderWidth zPosition shadowRadius progress")
    expect(layer.style.style.actions.zPosition).toBe(fromInner)
  end)

  it("runs the delegate's animation when the property changes", function()
    local layer = plainLayer()
    layer.delegate = { actionForLayer = function(l, key)
      if key == "cornerRadius" then return BasicAnimation.new{ keyPath = "cornerRadius", duration = 1 } end
    end }
    layer.cornerRadius = 8
    advance(0.25)
    expect(layer.presentation.cornerRadius).toBeCloseTo(2, 1e-12)
  end)

  it("reports a delegate's error at its line, and keeps working", function()
    local layer = plainLayer()
    layer.delegate = { actionForLayer = function(l, key) error("no action for " .. key) end }
    expect(function() layer.opacity = 0.5 end).toThrow("layer_actions_test.lua:%d+: no action for opacity")
    expect(layer.opacity).toBe(0.5)        -- the change stands
    layer.delegate = { actionForLayer = function() return 42 end }
    expect(function() layer.opacity = 0.25 end)
      .toThrow("actionForLayer's result for \"opacity\" must be an animation or false %(NSNull%) or nil %(got a number%)")
    layer.delegate = { actionForLayer = function(l) l.opacity = l.opacity / 2 end }   -- sets what it is asked about
    expect(function() layer.opacity = 0.5 end).toThrow("a layer's action delegate: script callbacks nested more than 50 deep")
    layer.delegate = nil
    layer.opacity = 0
    expect(layer:animationKeys()[1]).toBe("opacity")
  end)

  it("gives Layer.defaultAction for catalogue properties only", function()
    expect(Layer.defaultAction("opacity").keyPath).toBe("opacity")
    expect(Layer.defaultAction("progress")).toBe(nil)
  end)

  it("leaves a view's layer to its view: no implicit animation, whatever its actions", function()
    local scene = Scene.new{ width = 100, height = 100 }
    local box = View.new{ frame = {0, 0, 10, 10} }
    scene.view:addSubview(box)
    advance(0)
    expect(box.layer.delegate).toBe(box)
    box.layer.actions = { opacity = BasicAnimation.new("opacity") }
    box.alpha = 0
    expect(#box.layer:animationKeys()).toBe(0)
    expect(function() box.layer.delegate = {} end).toThrow("a view's layer has its view as delegate")
  end)
end)

describe("layer features", function()
  it("masks with a layer outside the tree, and refuses itself, tree members and shared masks", function()
    local layer = plainLayer()
    local mask = Layer.new{ frame = {0, 0, 5, 5}, backgroundColor = "black" }
    layer.mask = mask
    expect(layer.mask).toBe(mask)
    expect(mask.superlayer).toBe(nil)
    expect(function() layer.mask = layer end).toThrow("Layer.mask: mask cannot be the layer itself")
    local sibling = Layer.new{}
    layer.superlayer:addSublayer(sibling)
    expect(function() layer.mask = sibling end).toThrow("must not be in a layer tree")
    expect(function() layer.mask = layer.superlayer end).toThrow("cannot be one of the layer's ancestors")
    expect(function() Layer.new{}.mask = mask end).toThrow("is already the mask of another layer")
    expect(function() layer:addSublayer(mask) end).toThrow("the layer is another layer's mask")
    layer.mask = nil
    layer:addSublayer(mask)
    expect(mask.superlayer).toBe(layer)
  end)

  it("takes Core Animation's gravity names and UIKit's content modes", function()
    local image = View.new{}
    expect(image.layer.contentsGravity).toBe("resize")
    image.contentMode = "scaleAspectFill"
    expect(image.layer.contentsGravity).toBe("resizeAspectFill")
    image.layer.contentsGravity = "topLeft"
    expect(image.contentMode).toBe("topLeft")
    expect(function() image.layer.contentsGravity = "middle" end).toThrow("contentsGravity must be one of")
    expect(function() image.contentMode = "fit" end).toThrow("contentMode must be one of")
  end)

  it("reads and writes transform.scale.xy, and the affine face of transform", function()
    local layer = Layer.new{}
    layer.transform = Transform.scale(2, 4)
    expect(layer:valueForKeyPath("transform.scale.xy")).toBe(3)
    layer:setValue(0.5, "transform.scale.xy")
    expect(layer:valueForKeyPath("transform.scale.x")).toBe(0.5)
    expect(layer:valueForKeyPath("transform.scale.y")).toBe(0.5)
    layer:setAffineTransform(Transform.translation(3, 4))
    expect(layer:affineTransform()):toEqual(Transform.translation(3, 4))
    expect(function() layer:setAffineTransform(Transform.rotation(1, 0, 1, 0)) end)
      .toThrow("transform must be a 2D %(affine%) transform")
  end)

  it("animates sublayerTransform, keeps isDoubleSided and shadowPath", function()
    local layer = plainLayer()
    expect(layer.isDoubleSided).toBe(true)
    layer.isDoubleSided = false
    expect(layer.isDoubleSided).toBe(false)
    layer.shadowPath = Path.rect{0, 0, 4, 4}
    expect(layer.shadowPath).never.toBe(nil)
    local turn = BasicAnimation.new{ keyPath = "sublayerTransform.rotation.z", fromValue = 0, toValue = 1, duration = 1 }
    layer:addAnimation(turn, "turn")
    advance(0.5)
    expect(layer.presentation:valueForKeyPath("sublayerTransform.rotation.z")).toBeCloseTo(0.5, 1e-9)
  end)
end)
