import ChoreoCore
import ChoreoRuntime

/// `expectImage(name[, time])`: renders the scene (at engine time `time`, after advancing there
/// as `advance` does; else now) and compares it with the golden
/// `__snapshots__/<test file name>/<name>.png` beside the test file, pixel by pixel within a
/// small tolerance. `choreo test --update-snapshots` records goldens that are missing or differ.
/// The rendering comes from the runner's `SceneImageMatcher` (`choreo test` supplies ChoreoRender's).
extension TestSession {
    func installImageSnapshots() {
        host.vm.registerGlobal("expectImage") { [unowned self] call in
            let name = try call.string(at: 1, name: "name")
            let time = try call.optionalNumber(at: 2, name: "time")
            try requireTest("expectImage", to: "render the scene")
            let position = call.callerPosition
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
            guard !name.isEmpty, name.count <= 100, name.allSatisfy(allowed.contains), !name.hasPrefix(".") else {
                throw LuaCallError("expectImage: bad image name \(TestValueFormat.quoted(name)) (use letters, digits, "
                    + "'_', '-' and '.', not starting with '.')")
            }
            guard let matcher = configuration.imageMatcher else {
                throw LuaCallError("expectImage: this test runner cannot render images (run the tests with choreo test)")
            }
            if let time {
                let now = host.engine.now
                guard time.isFinite, time >= now else {
                    throw LuaCallError("expectImage: time must be a number ≥ the engine's time now (\(formatNumber(now)) s; got \(formatNumber(time)))")
                }
                _ = try advanceEngine { () throws in try host.engine.advance(to: time) }
            }
            host.engine.scene.commit()
            snapshots.usedImages.insert(name)
            let path = "\(snapshots.directory)/\(name).png"
            var goldenPath = path
            let call = "expectImage(\(TestValueFormat.quoted(name)))"
            // A golden that exists must be a PNG inside the sandbox before the matcher opens it.
            do {
                let golden = try host.files.resolve("\(snapshots.relativeDirectory)/\(name).png")
                // Not a PNG at all is the matcher's to report; a PNG too large to decode is refused here.
                let bytes = try ScriptFile.bytes(of: golden, prefix: PNGHeader.count)
                if (try? PNGHeader.size(of: bytes)) != nil { try PNGHeader.check(bytes) }
                goldenPath = golden
            } catch let error as ScriptFile.ReadError where error.isMissing {
                // no golden yet: the matcher records it or reports it missing
            } catch let error as ScriptFile.ReadError {
                throw LuaCallError("\(call): cannot read \(path): \(error.reason)")
            } catch {
                throw LuaCallError("\(call): \(path) must be a PNG file, \(error)")
            }
            let result: SceneImageMatcher.Result
            do {
                if configuration.updateSnapshots { try snapshots.checkFolderInsideSandbox() }
                result = try matcher.check(host.engine.scene, goldenPath, configuration.updateSnapshots)
            } catch {
                throw LuaCallError("\(call): \(error)")
            }
            switch result {
            case .matched, .written: return 0
            case .missing:
                throw failExpectation("\(call): no golden image at \(path) (run choreo test --update-snapshots to record it)", at: position)
            case let .different(why):
                throw failExpectation("\(call) differs from \(path): \(why)", at: position)
            }
        }
    }
}
