-- The sandbox is an allowlist (README "Security model"): no files, no OS, no debug library,
-- no binary chunks, no script finalizers.
describe("the sandbox's allowlist", function()
  it("has no io, os, debug or package library and no file loaders", function()
    expect(io).toBe(nil)
    expect(os).toBe(nil)
    expect(debug).toBe(nil)
    expect(package).toBe(nil)
    expect(dofile).toBe(nil)
    expect(loadfile).toBe(nil)
    expect(string.dump).toBe(nil)
    expect(collectgarbage).toBe(nil)
  end)

  it("refuses binary chunks even when load is asked for mode 'b'", function()
    local chunk, message = load("\27Lua\84\0", "bin", "b")
    expect(chunk).toBe(nil)
    expect(message:find("attempt to load a binary chunk", 1, true) ~= nil).toBe(true)
  end)

  it("refuses a metatable with a __gc field", function()
    expect(function() setmetatable({}, { __gc = function() end }) end).toThrow("__gc metamethods are not allowed")
  end)

  it("locks the string metatable", function()
    expect(getmetatable("")).toBe("locked")
  end)
end)
