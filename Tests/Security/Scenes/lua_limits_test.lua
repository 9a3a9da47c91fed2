-- The limits' wrappers keep the library's behaviour (docs/lua-api.md "Sandbox and limits"):
-- wrapped built-ins name themselves in their errors, the counted pattern matcher gives Lua's
-- results, and coroutines still yield through pcall. The kills themselves are tested from Swift
-- (Tests/Security/LuaLimitsTests.swift): a killed test cannot report on itself.
describe("wrapped built-ins", function()
  it("name themselves in argument errors instead of '?'", function()
    expect(function() table.insert(1, 2) end).toThrow("bad argument #1 to 'table.insert' (table expected, got number)")
    expect(function() table.concat({}, 1, "x") end).toThrow("bad argument #3 to 'table.concat' (number expected, got string)")
    expect(function() string.rep() end).toThrow("bad argument #1 to 'string.rep' (string expected, got no value)")
    expect(function() coroutine.resume(1) end).toThrow("bad argument #1 to 'coroutine.resume' (thread expected, got number)")
    expect(function() pcall() end).toThrow("bad argument #1 to 'pcall' (value expected)")
    expect(function() xpcall(print) end).toThrow("bad argument #2 to 'xpcall' (function expected, got no value)")
    expect(function() select(0) end).toThrow("bad argument #1 to 'select' (index out of range)")
    expect(function() tonumber("1", 99) end).toThrow("bad argument #2 to 'tonumber' (base out of range)")
    expect(function() setmetatable(1, {}) end).toThrow("bad argument #1 to 'setmetatable' (table expected, got number)")
    expect(function() load(nil) end).toThrow("bad argument #1 to 'load' (function expected, got nil)")
  end)

  it("keep the position of the line that called them, as Lua's own library functions do", function()
    -- the wrapper is a C function between the caller and the original: its errors still say file:line
    local function line(f) local _, message = pcall(f) return message end
    expect(line(function() return string.format("%d", {}) end))
      .toBe("Tests/Security/Scenes/lua_limits_test.lua:22: bad argument #2 to 'string.format' (number expected, got table)")
    expect(line(function() return table.insert(1, 2) end))
      .toBe("Tests/Security/Scenes/lua_limits_test.lua:24: bad argument #1 to 'table.insert' (table expected, got number)")
    expect(line(function() return table.sort({3, 1, 2}, function(a, b) error("mine") end) end))
      .toBe("Tests/Security/Scenes/lua_limits_test.lua:26: mine")
  end)

  it("name themselves when called through pcall", function()
    local ok, message = pcall(table.insert, nil, 1)
    expect(ok).toBe(false)
    expect(message).toBe("bad argument #1 to 'table.insert' (table expected, got nil)")
    ok, message = pcall(string.find, nil, "x")
    expect(message).toBe("bad argument #1 to 'string.find' (string expected, got nil)")
  end)
end)

describe("the counted pattern matcher", function()
  it("gives Lua's results for find, match, gmatch and gsub", function()
    expect({ ("hello world"):find("o w") }).toEqual({ 5, 7 })
    expect({ ("a.b"):find(".", 1, true) }).toEqual({ 2, 2 })
    expect({ ("key = value"):match("^(%w+)%s*=%s*(%w+)$") }).toEqual({ "key", "value" })
    expect({ ("  x  "):match("^%s*(.-)%s*$") }).toEqual({ "x" })
    expect({ ("hello"):match("()ll()") }).toEqual({ 3, 5 })
    expect({ ("THE (quick) fox"):gsub("%f[%a]%a+", "W") }).toEqual({ "W (W) W", 3 })
    expect({ ("abc"):gsub("", "-") }).toEqual({ "-a-b-c-", 4 })
    expect({ ("abc"):gsub("%w", "%0%0") }).toEqual({ "aabbcc", 3 })
    expect({ ("hello world"):gsub("%w+", { hello = "HI" }) }).toEqual({ "HI world", 2 })
    expect({ ("f(a(b)c)"):match("%b()") }).toEqual({ "(a(b)c)" })
    local pairs_found = {}
    for k, v in ("a=1, b=2"):gmatch("(%w+)=(%w+)") do pairs_found[#pairs_found + 1] = k .. v end
    expect(pairs_found).toEqual({ "a1", "b2" })
    expect({ ("abc"):find("b", -10) }).toEqual({ 2, 2 })
    expect(("abc"):find("", 10)).toBe(nil)
  end)

  it("reports malformed patterns as Lua does", function()
    expect(function() ("abc"):find("%") end).toThrow("malformed pattern (ends with '%')")
    expect(function() ("abc"):match("[a") end).toThrow("malformed pattern (missing ']')")
    expect(function() ("abc"):gsub("(b)", "%2") end).toThrow("invalid capture index %2")
  end)

  it("lets toThrow match a pattern and plain text with magic characters", function()
    expect(function() error("a (b) c") end).toThrow("a (b) c")
    expect(function() error("value 42 too big") end).toThrow("value %d+ too big")
  end)
end)

describe("coroutines under the limits", function()
  it("still yield from inside pcall, and generators run many times", function()
    local co = coroutine.wrap(function()
      local ok, v = pcall(function() coroutine.yield(1) return 2 end)
      coroutine.yield(v)
      return "done"
    end)
    expect({ co(), co(), co() }).toEqual({ 1, 2, "done" })
    local count = 0
    local gen = coroutine.wrap(function() for i = 1, 10000 do coroutine.yield(i) end end)
    for i = 1, 10000 do count = count + gen() end
    expect(count).toBe(50005000)
  end)

  it("closes and reports errors as Lua does", function()
    local co = coroutine.create(function() error("inside") end)
    local ok, message = coroutine.resume(co)
    expect(ok).toBe(false)
    expect(message).toMatch("inside")
    expect(coroutine.status(co)).toBe("dead")
    local wrapped = coroutine.wrap(function() error("wrapped", 0) end)
    expect(function() wrapped() end).toThrow("wrapped")
  end)
end)

describe("metamethods that throw", function()
  local mt = {}
  for _, name in ipairs({ "__index", "__newindex", "__tostring", "__eq", "__lt", "__le", "__concat", "__len", "__call" }) do
    mt[name] = function() error("boom from " .. name) end
  end
  local evil = setmetatable({}, mt)

  it("on values handed to host functions give the host's clear error, never a crash", function()
    expect(function() View.new{ frame = evil } end).toThrow("View.new: frame must be a rect")
    expect(function() View.new{ name = evil } end).toThrow("View.new: name must be a string (got a table)")
    expect(function() after(evil, function() end) end).toThrow("bad argument #1 to 'after' (seconds: number expected, got table)")
    expect(function() Color.new(evil) end).toThrow("Color.new: color must be a color")
    expect(function() Timing.get(evil) end).toThrow("bad argument #1 to 'Timing.get' (name: string expected, got table)")
    local view = View.new{}
    expect(function() view.backgroundColor = evil end).toThrow("View.backgroundColor: backgroundColor must be a color")
    expect(function() view.layer:setValue(evil, "progress") end).toThrow("Layer:setValue: progress must be a number (got a table)")
  end)

  it("raise their own error, with its line, where the library calls them", function()
    expect(function() print(evil) end).toThrow("boom from __tostring")
    expect(function() return tostring(View.new{}) .. evil end).toThrow("boom from __concat")
    expect(function() table.concat({ "a" }, evil) end).toThrow("bad argument #2 to 'table.concat' (string expected, got table)")
    expect(function() table.sort({ evil, evil, evil }) end).toThrow("boom from __lt")
  end)

  it("in a callback end as that callback's error", function()
    local ok, message = pcall(function()
      View.animate{ duration = 0.1, animations = function() local x = evil.alpha end }
    end)
    expect(ok).toBe(false)
    expect(message).toMatch("lua_limits_test.lua:%d+: boom from __index")
  end)
end)
