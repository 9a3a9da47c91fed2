import Foundation
import Testing
import ChoreoTestSupport

/// The four shape examples (Scripts/Examples/spinner.lua, progress-ring.lua, check-mark.lua,
/// hamburger-morph.lua) traced through the real files: the values their comments promise.
@Suite("Shape examples, traced")
struct ShapeExampleTests {
    /// The value of `key` of the trace `layer` at `time`, from `choreo trace SCRIPT --props ... --fps FPS`.
    static func traced(_ script: String, _ props: String, fps: Int, duration: Double) throws -> [Double: [String: Any]] {
        let result = try ChoreoCommand.run(["trace", "Scripts/Examples/\(script).lua", "--props", props,
                                            "--fps", "\(fps)", "--duration", "\(duration)"])
        #expect(result.status == 0, "\(result.errors)")
        var frames: [Double: [String: Any]] = [:]
        for line in result.output.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let time = object?["time"] as? Double, let views = object?["views"] as? [String: Any] else { continue }
            frames[time] = views
        }
        return frames
    }

    static func number(_ frames: [Double: [String: Any]], _ time: Double, _ layer: String, _ key: String) -> Double? {
        ((frames[time]?[layer] as? [String: Any])?[key] as? NSNumber)?.doubleValue
    }

    @Test("The spinner's arc grows to half by 0.5 s and is whole at 1 s, while it turns a quarter every 0.5 s")
    func spinner() throws {
        let frames = try Self.traced("spinner", "spinner.strokeEnd,spinner.strokeStart,spinner.transform.rotation.z", fps: 4, duration: 1)
        #expect(abs((Self.number(frames, 0.5, "spinner", "strokeEnd") ?? .nan) - 0.5) < 1e-9)
        #expect(Self.number(frames, 0.5, "spinner", "strokeStart") == 0)
        #expect(Self.number(frames, 1, "spinner", "strokeEnd") == 1)
        #expect(abs((Self.number(frames, 1, "spinner", "strokeStart") ?? .nan) - 0.5) < 1e-9)
        #expect(abs((Self.number(frames, 0.5, "spinner", "transform.rotation.z") ?? .nan) - .pi / 2) < 1e-9)
    }

    @Test("The progress ring rests at 25 %, then 60 %, then 100 %")
    func progressRing() throws {
        let frames = try Self.traced("progress-ring", "ring.strokeEnd", fps: 10, duration: 2.5)
        #expect(Self.number(frames, 0.2, "ring", "strokeEnd") == 0)
        #expect(Self.number(frames, 1, "ring", "strokeEnd") == 0.25)
        #expect(Self.number(frames, 1.9, "ring", "strokeEnd") == 0.6)
        #expect(Self.number(frames, 2.4, "ring", "strokeEnd") == 1)
    }

    @Test("The check mark's tick waits for the disc, then draws itself by 0.7 s")
    func checkMark() throws {
        let frames = try Self.traced("check-mark", "tick.strokeEnd", fps: 10, duration: 0.8)
        #expect(Self.number(frames, 0.3, "tick", "strokeEnd") == 0)
        let middle = Self.number(frames, 0.5, "tick", "strokeEnd") ?? .nan
        #expect(middle > 0 && middle < 1)
        #expect(Self.number(frames, 0.7, "tick", "strokeEnd") == 1)
    }

    @Test("The hamburger's points are halfway to the arrow's at 0.75 s, and it is the arrow at 1 s")
    func hamburger() throws {
        let frames = try Self.traced("hamburger-morph", "icon.path", fps: 4, duration: 1)
        let path = { (time: Double) in ((frames[time]?["icon"] as? [String: Any])?["path"] as? [NSNumber])?.map(\.doubleValue) }
        #expect(path(0) == [20, 30, 80, 30, 20, 50, 80, 50, 20, 70, 80, 70])
        let middle = try #require(path(0.75))
        let expected = [35, 27.5, 77.5, 40, 22.5, 50, 77.5, 50, 35, 72.5, 77.5, 60]
        #expect(zip(middle, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(middle)")
        #expect(path(1) == [50, 25, 75, 50, 25, 50, 75, 50, 50, 75, 75, 50])
    }

    @Test("Each shape example renders a contact sheet and a GIF", arguments: ["spinner", "progress-ring", "check-mark", "hamburger-morph"])
    func renders(_ name: String) throws {
        let out = try ScratchDirectory.path("choreo-shape")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try ChoreoCommand.run(["render", "Scripts/Examples/\(name).lua", "--out", out, "--to", "0.6", "--fps", "5",
                                            "--format", "all"])
        #expect(result.status == 0, "\(result.errors)")
        for file in ["\(name)-sheet.png", "\(name).gif", "frame-0000.png"] {
            #expect(FileManager.default.fileExists(atPath: "\(out)/\(file)"), "\(file)")
        }
    }
}
