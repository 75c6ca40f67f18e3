import ShapeGeometry

/// A chart drawn under the path, in the path's own coordinates, for the Primer's plots: a frame
/// as wide as the path (at least a third as tall), its values mapped linearly, larger values up
/// unless `down` (a y coordinate, which grows down on screen as in the path), with the ends of
/// each axis written beside it (the frame leaves the path's first tenth of width to the y axis).
struct Chart {
    let frame: Rect
    let x: ClosedRange<Double>
    let y: ClosedRange<Double>
    let down: Bool

    /// A chart under the path, and under `floor` when given (the lowest chart already drawn, so
    /// that kept figures' charts stack), for values over `x` and `y`.
    init(under path: Path, below floor: Double? = nil, x: ClosedRange<Double>, y: ClosedRange<Double>, down: Bool = false, aspect: Double? = nil) {
        var box = path.bounds ?? Rect(x: 0, y: 0, width: 1, height: 1)
        // Below the control points too (the picture may show them).
        for e in path.elements { if case .segment(let s) = e { box = box.union(s.controlBounds) } }
        let width = Swift.max(box.width, box.height, Magnitude.smallestFrame)
        // Between a third and 0.6 of the width: two charts stay within the twice the path's size
        // that a picture may reach beyond it.
        // (With an aspect, the frame's own: a hodograph keeps one scale in x and y.)
        let height = aspect.map { width * 0.9 * $0 } ?? width * Swift.min(Swift.max(box.height / width, 1.0 / 3), 0.6)
        let top = Swift.max(box.maxY, floor ?? -Double.infinity) + height * 0.35 + width * 0.08
        // A tenth of the width on the left for the y axis's values and name.
        frame = Rect(x: box.minX + width * 0.1, y: top, width: width * 0.9, height: height)
        self.x = x
        self.y = y.lowerBound < y.upperBound ? y : (y.lowerBound - 1)...(y.upperBound + 1)
        self.down = down
    }

    /// A chart holding `points` to one scale in x and y (y down, as in the path), its aspect
    /// between 1/3 and 1: the shorter side's range is widened to keep the scale.
    static func oneScale(under path: Path, below floor: Double? = nil, _ points: [Point]) -> Chart {
        var lo = points.first ?? Point(0, 0), hi = lo
        for p in points {
            lo = Point(Swift.min(lo.x, p.x), Swift.min(lo.y, p.y))
            hi = Point(Swift.max(hi.x, p.x), Swift.max(hi.y, p.y))
        }
        var w = Swift.max(hi.x - lo.x, Magnitude.smallestFrame), h = Swift.max(hi.y - lo.y, Magnitude.smallestFrame)
        let aspect = Swift.min(Swift.max(h / w, 1.0 / 3), 1)
        if h < w * aspect {
            lo.y -= (w * aspect - h) / 2
            h = w * aspect
        } else {
            lo.x -= (h / aspect - w) / 2
            w = h / aspect
        }
        return Chart(under: path, below: floor, x: lo.x...(lo.x + w), y: lo.y...(lo.y + h), down: true, aspect: aspect)
    }

    /// Where the value (u, v) is drawn.
    func point(_ u: Double, _ v: Double) -> Point {
        let fx = (u - x.lowerBound) / (x.upperBound - x.lowerBound)
        let fy = (v - y.lowerBound) / (y.upperBound - y.lowerBound)
        return Point(frame.minX + frame.width * fx, down ? frame.minY + frame.height * fy : frame.maxY - frame.height * fy)
    }

    /// The graph of `f` over the x range, 64 pieces.
    func graph(_ f: (Double) -> Double) -> [Point] {
        (0...64).map { k in
            let u = x.lowerBound + (x.upperBound - x.lowerBound) * Double(k) / 64
            return point(u, f(u))
        }
    }

    /// The frame, and the ends of each axis written beside it with the axes' names.
    func axes(x xName: String, y yName: String) -> [Figure.Mark] {
        let f = frame
        let size = Swift.max(f.width, f.height)
        func text(_ v: Double) -> String { NumberFormat.text(v, precision: 2) }
        // x's values under the frame; y's, and its name, to its left.
        let below = f.maxY + size * 0.03, left = f.minX - size * 0.015
        let (yLow, yHigh) = down ? (f.minY, f.maxY) : (f.maxY, f.minY)
        return [
            .polyline([Point(f.minX, f.minY), Point(f.maxX, f.minY), Point(f.maxX, f.maxY), Point(f.minX, f.maxY), Point(f.minX, f.minY)], .axis),
            .text(Point(f.minX, below), text(x.lowerBound), .axis, anchor: .start),
            .text(Point(f.maxX, below), text(x.upperBound), .axis, anchor: .end),
            .text(Point(f.midX, below), xName, .axis, anchor: .middle),
            .text(Point(left, yLow), text(y.lowerBound), .axis, anchor: .end),
            .text(Point(left, yHigh), text(y.upperBound), .axis, anchor: .end),
            .text(Point(left, f.midY), yName, .axis, anchor: .end),
        ]
    }
}
