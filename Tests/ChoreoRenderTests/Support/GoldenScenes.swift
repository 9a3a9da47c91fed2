import Testing
@testable import ChoreoCore
import ChoreoRender
import CCairo
#if canImport(Glibc)
import Glibc
import ChoreoTestSupport
#endif

/// A scene for golden images: something animated over one second (linear), rendered at the
/// progress points 0, 0.25, 0.5, 0.75 and 1.
struct GoldenScene: CustomTestStringConvertible, Sendable {
    static let progressPoints = [0, 0.25, 0.5, 0.75, 1.0]

    let name: String
    var scale = 1.0
    let build: @Sendable (Scene) throws -> Void

    var testDescription: String { name }

    func goldenName(at progress: Double) -> String { "\(name)-\(formatNumber(progress))" }

    var goldenNames: [String] { Self.progressPoints.map(goldenName(at:)) }

    /// The scene, set up and committed at time 0.
    func makeScene() throws -> Scene {
        let scene = Scene()
        scene.rootView.frame = Rect(x: 0, y: 0, width: 80, height: 60)
        scene.rootView.backgroundColor = .white
        try build(scene)
        scene.commit()
        scene.advance(to: 0)
        return scene
    }
}

func view(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color = .clear,
          content: LayerContent = .none, in parent: View) -> View {
    let v = View(name: name, frame: Rect(x: x, y: y, width: w, height: h), content: content)
    v.backgroundColor = color
    parent.addSubview(v)
    return v
}

/// Sets the model to `to` and adds a one-second linear animation from `from` (Core Animation's
/// usual pattern).
func animate(_ v: View, _ keyPath: String, from: AnimationValue, to: AnimationValue) throws {
    try v.layer.setValue(to, forKeyPath: keyPath)
    let animation = BasicAnimation(keyPath: keyPath)
    animation.fromValue = from
    animation.toValue = to
    animation.timing.duration = 1
    try v.layer.add(animation, forKey: keyPath)
}

func set(_ v: View, _ keyPath: String, _ value: AnimationValue) throws { try v.layer.setValue(value, forKeyPath: keyPath) }

func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Color { Color(red: r, green: g, blue: b, alpha: a) }

/// A 16×12 PNG fixture (a four-colour quarter pattern with a diagonal), written once per process
/// (in its scratch folder, removed at exit).
let fixtureImagePath: String = {
    let path = try! ScratchDirectory.path("choreo-render-fixture", suffix: ".png")
    let canvas = try! Canvas(width: 16, height: 12)
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 16, 12)!
    let cr = cairo_create(surface)!
    for (i, c) in [(1.0, 0.2, 0.2), (0.2, 0.7, 0.2), (0.2, 0.3, 1.0), (1.0, 0.8, 0.1)].enumerated() {
        cairo_set_source_rgb(cr, c.0, c.1, c.2)
        cairo_rectangle(cr, Double(i % 2) * 8, Double(i / 2) * 6, 8, 6)
        cairo_fill(cr)
    }
    cairo_set_source_rgb(cr, 1, 1, 1)
    cairo_set_line_width(cr, 1.5)
    cairo_move_to(cr, 0, 0)
    cairo_line_to(cr, 16, 12)
    cairo_stroke(cr)
    cairo_destroy(cr)
    cairo_surface_write_to_png(surface, path)
    cairo_surface_destroy(surface)
    _ = canvas
    return path
}()
