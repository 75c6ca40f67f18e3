/// How a stroke ends at an open subpath's ends (CGLineCap).
public enum LineCap: String, Sendable, CaseIterable { case butt, round, square }

/// How a stroke turns at a corner (CGLineJoin).
public enum LineJoin: String, Sendable, CaseIterable { case miter, round, bevel }

/// A stroke as CoreGraphics draws it: the width, the caps, the joins and the miter limit (as
/// CGContext: where 1/sin(θ/2) > limit, θ the angle between the two segments, a miter join is
/// bevelled instead).
public struct StrokeStyle: Sendable {
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    /// The largest distance allowed between an approximated offset (of a Bézier or an elliptical
    /// arc) and the true one; lines and circular arcs are offset exactly.
    public var tolerance: Double

    public init(width: Double, cap: LineCap = .butt, join: LineJoin = .miter, miterLimit: Double = 10, tolerance: Double = Tolerance.offset) {
        self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit; self.tolerance = tolerance
    }
}

extension Path {
    /// The outline CoreGraphics fills when it strokes this path with `style`, as closed subpaths
    /// that do not cross (outer ones clockwise on screen, holes counter-clockwise), and the
    /// largest distance found between an approximated offset piece and the true offset.
    ///
    /// The stroked area is the union of the normal segments of half the width at every point of
    /// every drawn segment, the joins at corners (and at a Bézier's cusps, where it turns back)
    /// and the caps at the ends of open subpaths; with round joins and caps it is every point
    /// within half the width of the path. Its outline is found as the booleans find theirs
    /// (`BooleanBuilder`): every candidate piece of boundary (both offsets of every segment,
    /// the joins' and caps' sides and circles) is cut where it meets another, and a piece is kept
    /// where a point beside it is inside the stroke and the point on its other side is not. The
    /// test of a point is exact: a perpendicular foot on a segment within half the width (the
    /// roots of (B(t) − x)·B′(t) for a Bézier), or inside a join's or cap's polygon or circle.
    public func stroked(_ style: StrokeStyle, budget: Int = .max) -> (path: Path, work: Int, error: Double)? {
        try? strokedResult(style, budget: budget).get()
    }

    /// `stroked(_:budget:)`, saying why when there is no result: out of work, or no consistent
    /// outline could be made of the pieces.
    public func strokedResult(_ style: StrokeStyle, budget: Int = .max) -> Result<(path: Path, work: Int, error: Double), BooleanFailure> {
        guard style.width > 0 else { return .success((Path(accuracy: accuracy), 0, 0)) }
        var pen = Pen(style: style, size: Path.size(self, Path()))
        pen.budget = budget
        for (segments, closed) in strokeRuns() { pen.add(segments, closed: closed) }
        guard !pen.isSpent else { return .failure(.outOfWork) }
        pen.finish()
        guard !pen.boundary.isEmpty else { return .success((Path(accuracy: accuracy), pen.work, pen.error)) }
        let finished = pen
        var builder = BooleanBuilder(segments: finished.boundary, size: finished.size) { finished.covers($0) }
        return builder.runWithRetries(budget: budget - pen.work).map { (path, work) in
            (path.mergingCollinearLines(), pen.work + work, pen.error)
        }
    }

    /// The outline of the filled area (nonzero; open subpaths closed) grown by `distance`, or
    /// shrunk for a negative one: the area and the stroke of its outline of width 2|distance|
    /// joined by `join` (round by default: every point within the distance), or the area less
    /// that stroke. Lines and circular arcs are offset exactly, so a circle's offset is a circle
    /// and one shrunk past its radius is nothing.
    public func offset(
        by distance: Double, join: LineJoin = .round, miterLimit: Double = 10, tolerance: Double = Tolerance.offset, budget: Int = .max
    ) -> (path: Path, work: Int, error: Double)? {
        try? offsetResult(by: distance, join: join, miterLimit: miterLimit, tolerance: tolerance, budget: budget).get()
    }

    /// `offset(by:join:miterLimit:tolerance:budget:)`, saying why when there is no result.
    public func offsetResult(
        by distance: Double, join: LineJoin = .round, miterLimit: Double = 10, tolerance: Double = Tolerance.offset, budget: Int = .max
    ) -> Result<(path: Path, work: Int, error: Double), BooleanFailure> {
        guard distance != 0, distance.isFinite else { return simplifiedResult(budget: budget).map { ($0.path, $0.work, 0) } }
        // A closed subpath that draws only a point grows into a dot with round joins (every
        // point within the distance of it); with other joins it has no direction to grow along.
        let style = StrokeStyle(
            width: 2 * abs(distance), cap: join == .round ? .round : .butt, join: join, miterLimit: miterLimit, tolerance: tolerance)
        var pen = Pen(style: style, size: Path.size(self, Path()))
        pen.budget = budget
        for range in subpathRanges {
            let segments = range.compactMap { segment(at: $0) }
            guard let first = segments.first, let last = segments.last else { continue }
            var loop = segments
            if last.end != first.start { loop.append(.line(LineSegment(last.end, first.start))) }
            pen.add(loop, closed: true)
            guard !pen.isSpent else { return .failure(.outOfWork) }
        }
        pen.finish()
        let region = ContainmentTester(self)
        let grow = distance > 0
        let finished = pen
        var builder = BooleanBuilder(segments: fillSegments + finished.boundary, size: finished.size) { x in
            let inArea = region.contains(x)
            return grow ? inArea || finished.covers(x) : inArea && !finished.covers(x)
        }
        return builder.runWithRetries(budget: budget - pen.work).map { (path, work) in
            (path.mergingCollinearLines(), pen.work + work, pen.error)
        }
    }

    /// The same outline with consecutive lines that run on along one line made one (a stroke's
    /// side and its join's or cap's side meet at a vertex of the arrangement, not a corner).
    func mergingCollinearLines() -> Path {
        let tiny = Tolerance.rounding * Swift.max(Path.size(self, Path()), Tolerance.sizeFloor)
        func onward(_ a: Point, _ b: Point, _ c: Point) -> Bool {
            let u = b - a, v = c - b
            return u.dot(v) > 0 && abs(u.cross(v)) <= tiny * (u.length + v.length)
        }
        // Each subpath's start, its segments with runs of lines merged, and whether it is closed.
        var subpaths: [(start: Point, merged: [Segment], closed: Bool)] = []
        var anyMerged = false
        for range in subpathRanges {
            guard case .move(let start) = elements[range.lowerBound] else { continue }
            // The corners of runs of lines; other segments as they are.
            var merged: [Segment] = []
            var closed = false
            func add(_ s: Segment) {
                if case .line(let l) = s, case .line(let last)? = merged.last, onward(last.p0, last.p1, l.p1) {
                    merged[merged.count - 1] = .line(LineSegment(last.p0, l.p1))
                    anyMerged = true
                } else {
                    merged.append(s)
                }
            }
            for i in range.dropFirst() {
                switch elements[i] {
                case .segment(let s): add(s)
                case .close(let l):
                    closed = true
                    if l.p0 != l.p1 { add(.line(l)) }
                case .move: break
                }
            }
            subpaths.append((start, merged, closed))
        }
        // Nothing to merge (the commonest case for curves): the path as it is, not measured again.
        guard anyMerged else { return self }
        var result = Path(accuracy: accuracy)
        for (start, merged, closed) in subpaths {
            try? result.move(to: start)
            for (k, s) in merged.enumerated() {
                // A closed outline's last line ends at the start: `close` draws it.
                if closed, k == merged.count - 1, case .line(let l) = s, l.p1 == start { break }
                switch s {
                case .line(let l): try? result.line(to: l.p1)
                case .quadratic(let q): try? result.quad(control: q.p1, to: q.p2)
                case .cubic(let c): try? result.curve(control1: c.p1, control2: c.p2, to: c.p3)
                case .arc(let a): try? result.append(arc: a)
                }
            }
            if closed { result.close() }
        }
        return result
    }

    /// The drawn segments of each subpath (the closing line included) and whether it is closed.
    /// (A lone move has no segments: it draws nothing.)
    func strokeRuns() -> [(segments: [Segment], closed: Bool)] {
        subpathRanges.map { range in
            let segments = range.compactMap { segment(at: $0) }
            let closed = range.contains { if case .close = elements[$0] { true } else { false } }
            return (segments, closed)
        }
    }
}

extension Segment {
    /// The curve at signed distance d along the normal (the direction of travel turned 90°
    /// clockwise on screen), whole (its reversed stretches included): a line or circular arc
    /// exactly, a Bézier or elliptical arc as cubics within `tolerance`; with the largest distance
    /// found between them and the true offset.
    public func offsetCurve(by d: Double, to end: Double? = nil, tolerance: Double = Tolerance.offset) -> (pieces: [Segment], error: Double) {
        let box = controlBounds
        var pen = Pen(
            style: StrokeStyle(width: 2 * Swift.max(abs(d), abs(end ?? d)), cap: .butt, join: .miter, tolerance: tolerance),
            size: Swift.max(box.width, box.height), keepReversed: true)
        // A graduated offset: the distance goes from d at the start to `end` at the end,
        // linearly in the segment's parameter.
        pen.slope = (end ?? d) - d
        let pieces = pen.offsets(of: self, by: d)
        return (pieces, pen.error)
    }
}
