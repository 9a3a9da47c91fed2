import ChoreoCore
import ChoreoLua
import ChoreoRender
#if canImport(Glibc)
import Glibc
#endif

extension SceneImageMatcher {
    /// `expectImage` with ChoreoRender: the scene at scale 1, compared with
    /// `ImageComparison()` (each channel within 2 of the golden).
    static let rendered = SceneImageMatcher { scene, path, record in
        let canvas = try SceneRenderer(scale: 1).render(scene)
        let exists = access(path, R_OK) == 0
        if exists, ImageComparison().difference(try Canvas.load(png: path), canvas) == nil { return .matched }
        if record {
            var folder = ""
            for part in path.split(separator: "/").dropLast() {
                folder += (folder.isEmpty && !path.hasPrefix("/") ? "" : "/") + part
                mkdir(folder, 0o755)
            }
            try canvas.writePNG(to: path)
            return .written
        }
        guard exists else { return .missing }
        return .different(ImageComparison().difference(try Canvas.load(png: path), canvas) ?? "")
    }
}
