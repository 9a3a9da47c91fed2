-- Files outside the sandbox (README "Security model"): a script reads only regular files inside
-- its own folder (or an --allow-root folder), and errors never quote a file's bytes.
local outside = "it is outside the scene's folder and the allowed roots (see --allow-root)"

describe("files a script names", function()
  it("refuses absolute paths and '..' out of the test's folder", function()
    expect(function() AnimationTraits.load("/etc/passwd") end)
      .toThrow("AnimationTraits.load: cannot read /etc/passwd: " .. outside)
    expect(function() AnimationTraits.load("../../../README.md") end)
      .toThrow("AnimationTraits.load: cannot read ../../../README.md: " .. outside)
    expect(function() ImageView.new{ image = "/etc/hostname" } end)
      .toThrow('image must name a readable PNG file (got "/etc/hostname": ' .. outside .. ")")
  end)

  it("never opens a device or standard input", function()
    for _, device in ipairs{ "/dev/zero", "/dev/urandom", "/dev/stdin" } do
      expect(function() AnimationTraits.load(device) end)
        .toThrow("AnimationTraits.load: cannot read " .. device .. ": " .. outside)
    end
  end)

  it("refuses a folder inside the sandbox as not a regular file", function()
    expect(function() AnimationTraits.load("Scenes") end)
      .toThrow("AnimationTraits.load: cannot read Scenes: No such file or directory")
    expect(function() AnimationTraits.load(".") end)
      .toThrow("AnimationTraits.load: cannot read .: it is a folder, not a regular file")
  end)

  it("keeps require inside the folder", function()
    expect(function() require("../x") end).toThrow("bad module name '../x'")
    expect(function() require("files_missing_module") end)
      .toThrow("module 'files_missing_module' not found")
  end)
end)

describe("errors about missing files", function()
  it("do not tell whether a file outside the sandbox exists", function()
    expect(function() AnimationTraits.load("/etc/choreo-surely-missing.json") end)
      .toThrow("AnimationTraits.load: cannot read /etc/choreo-surely-missing.json: " .. outside)
    expect(function() AnimationTraits.load("../../../choreo-surely-missing.json") end)
      .toThrow("AnimationTraits.load: cannot read ../../../choreo-surely-missing.json: " .. outside)
    expect(function() AnimationTraits.load("nope/../../x.json") end)
      .toThrow("AnimationTraits.load: cannot read nope/../../x.json: " .. outside)
    expect(function() AnimationTraits.load("specs/missing.json") end)
      .toThrow("AnimationTraits.load: cannot read specs/missing.json: No such file or directory")
  end)
end)
