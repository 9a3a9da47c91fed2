-- expectImage: the scene rendered (ChoreoRender, scale 1) against golden PNGs in
-- __snapshots__/images_test.lua/, at progress 0, 0.25, 0.5, 0.75 and 1 of a one-second animation.
describe("images", function()
  local scene, card

  beforeEach(function()
    scene = Scene.new{ width = 80, height = 60, backgroundColor = "white" }
    card = View.new{ name = "card", frame = {10, 15, 30, 30}, backgroundColor = "#3366cc", cornerRadius = 6 }
    card.layer.shadowOpacity = 0.5
    card.layer.shadowRadius = 3
    card.layer.shadowOffset = {0, 2}
    card:addSubview(Label.new{ text = "Hi", frame = {0, 0, 30, 30}, fontSize = 12, textColor = "white",
                                textAlignment = "center" })
    scene.view:addSubview(card)
  end)

  it("matches the golden images of a move and fade at five progress points", function()
    View.animate{ duration = 1, options = {"curveLinear"}, animations = function()
      card.center.x = 60
      card.alpha = 0.4
    end }
    for _, t in ipairs({0, 0.25, 0.5, 0.75, 1}) do
      expectImage("move-" .. t, t)
    end
  end)

  it("refuses a time in the past and a bad name", function()
    advance(1)
    expect(function() expectImage("late", 0.5) end).toThrow("time must be a number ≥ the engine's time now")
    expect(function() expectImage("../escape") end).toThrow("bad image name")
  end)
end)
