import ChoreoCore
import ChoreoLua
import ChoreoRuntime
import Foundation
@testable import ChoreoPreview
import ChoreoTestSupport

/// A box that moves linearly along x from 0 to 200 in 2 s (x = 100 t), and a counter a timer
/// bumps every 0.25 s (`count`, a custom property): state that only a run from 0 reproduces.
let movingBox = """
    local scene = Scene.new{ width = 200, height = 100, backgroundColor = "white" }
    local box = View.new{ name = "box", frame = {0, 0, 10, 10}, backgroundColor = "orange" }
    scene.view:addSubview(box)
    local move = BasicAnimation.new("position.x")
    move.fromValue, move.toValue, move.duration = 0, 200, 2
    move.timingFunction = TimingFunction.new("linear")
    box.layer:addAnimation(move, "move")
    local count = 0
    box.layer:setValue(0, "count")
    local timer
    timer = every(0.25, function()
      count = count + 1
      box.layer:setValue(count, "count")
      if count == 8 then timer:cancel() end
    end)
    """

/// A folder holding `scene.lua` with `source`; removed by the caller (`removeFolder`).
func sceneFolder(_ source: String) throws -> String {
    let root = try ScratchDirectory.make("choreo-preview")
    try source.write(to: root.appendingPathComponent("scene.lua"), atomically: true, encoding: .utf8)
    return root.path
}

/// Replaces `scene.lua` in `folder` by rename, as editors save.
func save(_ source: String, in folder: String) throws {
    try source.write(toFile: folder + "/scene.lua", atomically: true, encoding: .utf8)
}

func removeFolder(_ folder: String) {
    try? FileManager.default.removeItem(atPath: folder)
}

/// A controller for `source`, paused at 0 unless said otherwise, and its folder.
func makePreview(_ source: String = movingBox, options: PreviewOptions = PreviewOptions(startsPaused: true),
                 fps: Double = 60) throws -> (PreviewController, String)
{
    let folder = try sceneFolder(source)
    let configuration = ScriptConfiguration(scenePath: folder + "/scene.lua", framesPerSecond: fps)
    return (try PreviewController(configuration: configuration, options: options), folder)
}

extension PreviewController {
    /// The box's presented x (100 × scene time while it moves).
    var boxX: Double? { scene?.rootLayer.layer(named: "box")?.presentation.position.x }
    /// The timer's count the box carries.
    var count: Double? {
        guard let path = try? PropertyPath(parsing: "count"),
              case .scalar(let value)? = scene?.rootLayer.layer(named: "box")?.presentation.value(at: path)
        else { return nil }
        return value
    }
}

/// Ticks of a 60 Hz display from a virtual display link, `count` of them, each handed to `body`.
func displayTicks(_ count: Int, framesPerSecond: Double = 60, _ body: (DisplayLinkTick) -> Void) throws {
    let link = try VirtualDisplayLink(framesPerSecond: framesPerSecond)
    var delivered = 0
    withoutActuallyEscaping(body) { body in
        link.start(origin: 0, firstFrame: 0) { tick in
            body(tick)
            delivered += 1
            if delivered == count { link.invalidate() }
        }
    }
}
