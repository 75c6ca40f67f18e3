/// How overlapping parts of a path count as inside.
public enum FillRule: String, Sendable, CaseIterable {
    /// Inside where the winding number is not zero (CGPath's default).
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}

/// Answers "is this point inside the path?" exactly against the curves, for many points.
///
/// Method: every segment (and, for each open subpath, the implicit closing line, as CGPath fills)
/// is cut at its vertical extremes into pieces along which y is monotone. A horizontal ray from
/// the point towards +x crosses a piece at most once, where the piece's y-range holds the point's
/// y (half-open, so a crossing at a shared end is counted once); the crossing's x is needed only
/// when the point lies inside the piece's x-range, and is then found by bisection with Newton
/// steps on the monotone y(t). Each crossing adds ±1 to the winding number by the direction of y.
/// Building costs O(n); each query O(n) with a few comparisons per piece.
public struct ContainmentTester: Sendable {
    struct Piece: Sendable {
        var segment: Segment
        var t0: Double, t1: Double
        var y0: Double, y1: Double
        var minX: Double, maxX: Double
    }
    var pieces: [Piece] = []
    /// Bounds of all pieces; points outside are outside.
    var bounds: Rect?

    /// Prepares `path` for hit tests.
    public init(_ path: Path) {
        for range in path.subpathRanges {
            var last: Point?
            var closed = false
            for i in range {
                guard let s = path.segment(at: i) else { continue }
                add(s)
                last = s.end
                if case .close = path.elements[i] { closed = true }
            }
            if let last, !closed, case .move(let start) = path.elements[range.lowerBound], last != start {
                add(.line(LineSegment(last, start)))
            }
        }
    }

    private mutating func add(_ s: Segment) {
        let box = s.tightBounds
        bounds = bounds.map { $0.union(box) } ?? box
        let cuts = [0.0] + s.extrema(ofY: true) + [1.0]
        let xTurns = s.extrema(ofY: false)
        for k in 1..<cuts.count {
            let t0 = cuts[k - 1], t1 = cuts[k]
            let a = s.point(at: t0), b = s.point(at: t1)
            guard a.y != b.y else { continue }
            var minX = Swift.min(a.x, b.x), maxX = Swift.max(a.x, b.x)
            for t in xTurns where t > t0 && t < t1 {
                let x = s.point(at: t).x
                minX = Swift.min(minX, x); maxX = Swift.max(maxX, x)
            }
            pieces.append(Piece(segment: s, t0: t0, t1: t1, y0: a.y, y1: b.y, minX: minX, maxX: maxX))
        }
    }

    /// The winding number of the path around `p`: positive for paths that turn clockwise on
    /// screen around it.
    public func winding(at p: Point) -> Int {
        guard let b = bounds, b.contains(p) else { return 0 }
        var w = 0
        for piece in pieces {
            // Half-open in y: counts when exactly one end lies at or above p.y (in y-down terms).
            guard (piece.y0 <= p.y) != (piece.y1 <= p.y) else { continue }
            if p.x >= piece.maxX { continue }
            if p.x < piece.minX || crossingX(of: piece, at: p.y) > p.x {
                w += piece.y1 > piece.y0 ? 1 : -1
            }
        }
        return w
    }

    /// True when `p` is inside under `rule`. Points exactly on the boundary may fall either way.
    public func contains(_ p: Point, rule: FillRule = .nonZero) -> Bool {
        let w = winding(at: p)
        switch rule {
        case .nonZero: return w != 0
        case .evenOdd: return w & 1 != 0
        }
    }

    /// The x where a y-monotone piece meets the horizontal line at `y`.
    private func crossingX(of piece: Piece, at y: Double) -> Double {
        var lo = piece.t0, hi = piece.t1
        let increasing = piece.y1 > piece.y0
        var t = lo + (hi - lo) * (y - piece.y0) / (piece.y1 - piece.y0)
        for _ in 0..<80 {
            let q = piece.segment.point(at: t)
            let f = q.y - y
            if f == 0 { return q.x }
            if (f < 0) == increasing { lo = t } else { hi = t }
            let dy = piece.segment.derivative(at: t).dy
            var next = dy != 0 ? t - f / dy : 0.5 * (lo + hi)
            if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            if next == t || hi - lo < 1e-15 { break }
            t = next
        }
        return piece.segment.point(at: t).x
    }
}

extension Path {
    /// True when `p` is inside the path under `rule`; open subpaths are closed implicitly, as
    /// CGPath fills them. For many queries against one path, keep a `ContainmentTester`.
    public func contains(_ p: Point, rule: FillRule = .nonZero) -> Bool {
        ContainmentTester(self).contains(p, rule: rule)
    }
}
