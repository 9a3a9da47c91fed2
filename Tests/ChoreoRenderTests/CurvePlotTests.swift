import Testing
@testable import ChoreoCore
@testable import ChoreoRender
#if canImport(Glibc)
import Glibc
#endif

@Suite("Curve plots")
struct CurvePlotTests {
    struct Linear: TimingCurve {
        func progress(within t: Double) -> Double { t }
        func velocity(within t: Double) -> Double? { 1 }
    }

    @Test("Tick steps are 1, 2 or 5 times a power of ten")
    func niceSteps() {
        #expect(CurvePlot.niceStep(0.23) == 0.5)
        #expect(CurvePlot.niceStep(0.2) == 0.2)
        #expect(CurvePlot.niceStep(3.1) == 5)
        #expect(CurvePlot.niceStep(12) == 20)
        #expect(CurvePlot.tickLabel(0.5, step: 0.5) == "0.5")
        #expect(CurvePlot.tickLabel(10, step: 5) == "10")
    }

    @Test("A plot is written as PNG or SVG by its extension, and a wrong extension is an error")
    func writes() throws {
        let plot = CurvePlot(curve: Linear(), name: "linear")
        let png = "/tmp/choreo-plot-\(getpid()).png", svg = "/tmp/choreo-plot-\(getpid()).svg"
        defer { unlink(png); unlink(svg) }
        try plot.write(to: png)
        let image = try Canvas.load(png: png)
        #expect(image.width == 640 && image.height == 520)
        // The linear progress line passes through the middle of the progress panel.
        let left = 60.0, right = 620.0, top = 44.0, bottom: Double = 520.0 * 0.62
        let span = 1.12, low = -0.06
        let x = Int((left + right) / 2), y = Int(bottom - (0.5 - low) / span * (bottom - top))
        let pixel = image.color(x: x, y: y)
        #expect(pixel.b > 150 && pixel.r < 120, "\(pixel)")
        try plot.write(to: svg)
        #expect(access(svg, R_OK) == 0)
        #expect(throws: RenderError.self) { try plot.write(to: "/tmp/plot.jpeg") }
    }
}
