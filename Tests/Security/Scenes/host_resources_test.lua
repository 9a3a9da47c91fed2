-- Host resources are bounded (docs/lua-api.md, "Host memory, depth and size limits"): what would
-- pass a limit is refused at the call, with a message that names it, and the runtime keeps working.
describe("host resource limits", function()
  it("refuses a view tree deeper than 128 levels and keeps the tree it had", function()
    local scene = Scene.new{}
    local leaf = scene.view
    for i = 2, 128 do
      local child = View.new{}
      leaf:addSubview(child)
      leaf = child
    end
    expect(function() leaf:addSubview(View.new{}) end).toThrow("more than 128 levels deep")
    expect(#leaf.subviews).toBe(0)
    local sibling = View.new{}
    leaf.superview:addSubview(sibling)   -- at level 128: still allowed
    expect(sibling.superview).toBe(leaf.superview)
  end)

  it("refuses a curve reversed more than 32 times in a row", function()
    local curve = TimingFunction.new("easeIn")
    for i = 1, 32 do curve = curve:reversed() end
    expect(function() curve:mirrored() end).toThrow("at most 32 times in a row")
    expect(curve:progress(0)).toBe(0)
  end)

  it("refuses a 1,001st open transaction", function()
    Scene.new{}
    for i = 1, 1000 do Transaction.begin() end
    expect(function() Transaction.begin() end).toThrow("transactions cannot nest more than 1000 deep")
    for i = 1, 1000 do Transaction.commit() end
    Transaction.begin()
    Transaction.commit()
  end)

  it("refuses groups nested more than 100 deep when added", function()
    local scene = Scene.new{}
    local top = AnimationGroup.new()
    local group = top
    for i = 1, 100 do
      local child = AnimationGroup.new()
      group.animations = { child }
      group = child
    end
    expect(function() scene.view.layer:addAnimation(top, "deep") end).toThrow("at most 100 deep")
  end)

  it("refuses a path of more than 100,000 elements", function()
    local path = { {"move", 0, 0} }
    for i = 2, 100001 do path[i] = {"line", i % 50, i % 70} end
    expect(function() ShapeView.new{ path = path } end).toThrow("path must hold at most 100000 elements")
  end)
end)
