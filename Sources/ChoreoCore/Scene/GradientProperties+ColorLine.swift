import RealModule

/// How a gradient's colors fill its bounds: the stops (colors at locations), the color at any
/// location, and the location of any point of the bounds for each kind of gradient. The renderer
/// draws what these say; tests check them against closed forms.
///
///     var g = GradientProperties()
///     g.colors = [.black, .white]
///     g.location(of: Point(x: 5, y: 2.5), in: Rect(x: 0, y: 0, width: 10, height: 10))   // 0.25
extension GradientProperties {
    /// One color at one location of the color line.
    public struct Stop: Hashable, Sendable {
        public var location: Double
        public var color: Color

        public init(location: Double, color: Color) {
            self.location = location
            self.color = color
        }
    }

    /// The stops as they are drawn, ascending:
    /// - no `locations`: the colors spread evenly over 0...1 (one color sits at 0);
    /// - `locations` and `colors` of different lengths (Apple does not say): the first of each
    ///   pair up, the rest of the longer list is left out;
    /// - a location below one before it is moved up to it (CSS Images' rule for stops out of
    ///   order), so a hard edge appears instead of a fold; locations outside 0...1 are kept: stops
    ///   lie beyond `startPoint` or `endPoint`, which is how a shimmer slides in and out.
    public var stops: [Stop] {
        guard !colors.isEmpty else { return [] }
        guard !locations.isEmpty else {
            let last = Double(max(colors.count - 1, 1))
            return colors.enumerated().map { Stop(location: Double($0.offset) / last, color: $0.element) }
        }
        var result: [Stop] = []
        var floor = -Double.infinity
        for (location, color) in zip(locations, colors) {
            floor = max(floor, location)
            result.append(Stop(location: floor, color: color))
        }
        return result
    }

    /// The color at `location` along the color line: the first stop's color before it, the last
    /// stop's after it, and between two stops the straight blend of their colors (components
    /// not premultiplied by alpha, as Core Graphics blends a gradient's colors). Where two stops
    /// share a location the later one wins (a hard edge). Clear without colors.
    public func color(atLocation location: Double) -> Color {
        Self.color(atLocation: location, stops: stops)
    }

    /// `color(atLocation:)` over stops computed once (the renderer asks per pixel).
    public static func color(atLocation location: Double, stops: [Stop]) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if location < first.location { return first.color }
        if location >= last.location { return last.color }
        // The last stop at or before `location`; the one after it lies beyond.
        var low = 0, high = stops.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if stops[middle].location <= location { low = middle } else { high = middle }
        }
        let a = stops[low], b = stops[high]
        let span = b.location - a.location
        return span > 0 ? a.color.interpolated(to: b.color, fraction: (location - a.location) / span) : b.color
    }

    /// The location of `point` (in the layer's bounds coordinates, points) on the color line:
    /// - axial: the projection of the point on the line from start to end, 0 at start, 1 at end;
    ///   start and end at one point make every point lie beyond the end (the last color);
    /// - radial: the point's distance from start on the ellipse whose radii are the horizontal
    ///   and vertical distances from start to end (1 on that ellipse); a zero radius flattens the
    ///   ellipse to a line, so every point lies beyond it;
    /// - conic: the clockwise angle on screen from the direction of end to the point's, as a
    ///   fraction of a turn (0 up to but not including 1); end at start points the line along +x.
    /// Start and end are placed in `bounds` before measuring, so angles and distances are in points.
    public func location(of point: Point, in bounds: Rect) -> Double {
        let s = Self.place(startPoint, in: bounds), e = Self.place(endPoint, in: bounds)
        let dx = point.x - s.x, dy = point.y - s.y
        switch type {
        case .axial:
            let ax = e.x - s.x, ay = e.y - s.y
            let length2 = ax * ax + ay * ay
            return length2 > 0 ? (dx * ax + dy * ay) / length2 : .infinity
        case .radial:
            let rx = abs(e.x - s.x), ry = abs(e.y - s.y)
            guard rx > 0, ry > 0 else { return .infinity }
            return Double.hypot(dx / rx, dy / ry)
        case .conic:
            let reference = e == s ? 0 : Double.atan2(y: e.y - s.y, x: e.x - s.x)
            var turn = (Double.atan2(y: dy, x: dx) - reference) / (2 * .pi)
            turn -= turn.rounded(.down)
            return turn < 1 ? turn : 0
        }
    }

    /// A point in unit coordinates of `bounds`, in the bounds' own coordinates.
    public static func place(_ unit: Point, in bounds: Rect) -> Point {
        Point(x: bounds.origin.x + unit.x * bounds.size.width, y: bounds.origin.y + unit.y * bounds.size.height)
    }
}
