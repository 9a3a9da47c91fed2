@testable import ChoreoCore

extension GoldenScene {
    /// Shape layers (CAShapeLayer): the stroke's caps, joins, miter limit, dashes and fill rule,
    /// and a path, colors and line width animating.
    static let shapes: [GoldenScene] = [
        GoldenScene(name: "shape-styles") { scene in
            // Three zigzags: round caps and joins; square caps and bevels; butt caps and miters
            // (the last limited to bevels by a miter limit of 1.5).
            let styles: [(ShapeContent.LineCap, ShapeContent.LineJoin, Double)] = [(.round, .round, 10), (.square, .bevel, 10),
                                                                                     (.butt, .miter, 1.5)]
            for (index, (cap, join, limit)) in styles.enumerated() {
                let zigzag = view("zigzag\(index)", 6 + Double(index) * 24, 4, 20, 26,
                                  content: .shape(ShapeContent(lineCap: cap, lineJoin: join)), in: scene.rootView)
                var path = BezierPath()
                path.addLines(between: [Point(x: 4, y: 4), Point(x: 16, y: 12), Point(x: 4, y: 22)])
                try set(zigzag, "path", .path(path))
                try set(zigzag, "fillColor", .color(.clear))
                try set(zigzag, "strokeColor", .color(rgb(0.1, 0.2, 0.7)))
                try set(zigzag, "lineWidth", .scalar(5))
                try set(zigzag, "miterLimit", .scalar(limit))
            }
            // A dashed line whose phase moves, and a ring filled even-odd (its hole stays empty).
            let dashes = view("dashes", 4, 34, 72, 8, content: .shape(ShapeContent(lineDashPattern: [6, 3])), in: scene.rootView)
            try set(dashes, "path", .path(BezierPath(elements: [.move(to: Point(x: 0, y: 4)), .line(to: Point(x: 72, y: 4))])))
            try set(dashes, "strokeColor", .color(rgb(0, 0, 0)))
            try set(dashes, "lineWidth", .scalar(3))
            try animate(dashes, "lineDashPhase", from: .scalar(0), to: .scalar(9))
            let ring = view("ring", 30, 44, 20, 14, content: .shape(ShapeContent(fillRule: .evenOdd)), in: scene.rootView)
            var holed = BezierPath(rect: Rect(x: 0, y: 0, width: 20, height: 14))
            holed.addEllipse(in: Rect(x: 5, y: 3, width: 10, height: 8))
            try set(ring, "path", .path(holed))
            try set(ring, "fillColor", .color(rgb(0.9, 0.4, 0)))
        },
        GoldenScene(name: "shape-animation") { scene in
            // A bar that becomes a chevron (point by point), its stroke going from black to green
            // and 2 to 6 points wide, beside an arc whose fill animates from nil (transparent black).
            let morph = view("morph", 6, 10, 36, 40, content: .shape(ShapeContent(lineCap: .round)), in: scene.rootView)
            var bar = BezierPath(), chevron = BezierPath()
            bar.addLines(between: [Point(x: 2, y: 20), Point(x: 18, y: 20), Point(x: 34, y: 20)])
            chevron.addLines(between: [Point(x: 6, y: 4), Point(x: 24, y: 20), Point(x: 6, y: 36)])
            try set(morph, "fillColor", .color(.clear))
            try animate(morph, "path", from: .path(bar), to: .path(chevron))
            try animate(morph, "strokeColor", from: .color(rgb(0, 0, 0)), to: .color(rgb(0, 0.6, 0.2)))
            try animate(morph, "lineWidth", from: .scalar(2), to: .scalar(6))
            let pie = view("pie", 44, 10, 32, 40, content: .shape(ShapeContent()), in: scene.rootView)
            var wedge = BezierPath(arcCenter: Point(x: 16, y: 20), radius: 14, startAngle: -.pi / 2, endAngle: .pi / 2, clockwise: true)
            wedge.addLine(to: Point(x: 16, y: 20))
            wedge.closeSubpath()
            try set(pie, "path", .path(wedge))
            try animate(pie, "fillColor", from: .color(.clear), to: .color(rgb(0.8, 0.1, 0.3)))
        },
    ]
}
