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
        let builder = BooleanBuilder(segments: finished.boundary, size: finished.size) { finished.covers($0) }
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
        let builder = BooleanBuilder(segments: fillSegments + finished.boundary, size: finished.size) { x in
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

/// The curves whose offsets `Pen.fit` fits as cubics: their points and first two derivatives.
/// The fit is generic over them because its checks ask for thousands of points and derivatives
/// of one curve; through `Segment` each would go through its switch.
protocol OffsetFitted {
    func point(at t: Double) -> Point
    func derivative(at t: Double) -> Vector
    func secondDerivative(at t: Double) -> Vector
}

/// A cubic for the thousands of points and derivatives a fit asks of one curve: its points in the
/// power basis, P(t) = ((a·t + b)·t + c)·t + p0 (a third of the operations of Bernstein's form,
/// within the rounding of the control points' magnitude of it, its ends exactly: a piece's end
/// is where the next segment's offset starts); its derivatives `CubicBezier`'s own, in
/// Bernstein's form (where the curve comes to rest at an end, its speed there is small, and the
/// power basis would lose its direction to rounding).
struct FittedCubic: OffsetFitted {
    let bezier: CubicBezier
    let a: Vector, b: Vector, c: Vector
    init(_ k: CubicBezier) {
        bezier = k
        (a, b, c) = k.powerBasis
    }
    @inline(__always) func point(at t: Double) -> Point {
        if t == 1 { return bezier.p3 }
        let p0 = bezier.p0
        return Point(((a.dx * t + b.dx) * t + c.dx) * t + p0.x, ((a.dy * t + b.dy) * t + c.dy) * t + p0.y)
    }
    @inline(__always) func derivative(at t: Double) -> Vector { bezier.derivative(at: t) }
    @inline(__always) func secondDerivative(at t: Double) -> Vector { bezier.secondDerivative(at: t) }
}

extension CubicBezier: OffsetFitted {}
extension QuadraticBezier: OffsetFitted {}
extension Arc: OffsetFitted {}

/// A curve `Pen.geometricFit` fits a cubic to, piece by piece: its points, and its points with
/// their derivatives (its velocity) for the Gauss-Newton steps of the fit's check.
protocol FitTarget {
    func point(at t: Double) -> Point
    func pointAndVelocity(at t: Double) -> (point: Point, velocity: Vector)
}

/// The offset of `s` (its curve `curve`) by d + slope·t: `Pen.offsetPoint` and
/// `Pen.offsetPointAndVelocity`, generic over the curve so that the fit's thousands of
/// evaluations are the curve's own.
struct OffsetTarget<C: OffsetFitted>: FitTarget {
    let curve: C
    let segment: Segment
    let d: Double, slope: Double, scale: Double
    @inline(__always) func point(at t: Double) -> Point {
        Pen.offsetPoint(curve, of: segment, by: d, slope: slope, at: t, scale: scale)
    }
    @inline(__always) func pointAndVelocity(at t: Double) -> (point: Point, velocity: Vector) {
        Pen.offsetPointAndVelocity(curve, of: segment, by: d, slope: slope, at: t, scale: scale)
    }
}

/// The evolute of `segment` on [a, b] (its centres of curvature, B + n·ρ with ρ = 1/κ), whose
/// derivative is ρ′·n (B′ and ρ·n′ cancel): ρ′ a central difference (one-sided at the
/// stretch's ends) over `Tolerance.differenceStep` of the stretch.
struct EvoluteTarget: FitTarget {
    let segment: Segment
    let a: Double, b: Double
    func radius(_ t: Double) -> Double {
        let k = segment.curvature(at: t)
        return k != 0 ? 1 / k : 0
    }
    func normal(_ t: Double) -> Vector { Pen.tangent(segment, at: t)?.perpendicular ?? Vector(0, 0) }
    /// ρ′ at t.
    func radiusSlope(_ t: Double) -> Double {
        let step = Tolerance.differenceStep * (b - a)
        let lo = Swift.max(a, t - step), hi = Swift.min(b, t + step)
        return hi > lo ? (radius(hi) - radius(lo)) / (hi - lo) : 0
    }
    func point(at t: Double) -> Point { segment.point(at: t) + normal(t) * radius(t) }
    func pointAndVelocity(at t: Double) -> (point: Point, velocity: Vector) {
        let n = normal(t)
        return (segment.point(at: t) + n * radius(t), n * radiusSlope(t))
    }
}

/// The offset's point at an end of a piece `Pen.fit` fits and, where the curve moves there, the
/// offset's derivative q′: the two halves of a piece share the one where they meet, and each
/// its other with the piece, found once.
struct OffsetEnd {
    let point: Point
    let velocity: Vector?
}

/// A segment's tangent angles and curvatures at t = k/128 (the curvature just inside the ends,
/// where a cusp's is a limit rounding cannot reach), which `Pen.approximateOffset` cuts its
/// offset by: the same for both sides of a stroke.
struct SegmentSamples {
    static let count = 128
    let angles: [Double]
    let curvatures: [Double]

    /// t moved just inside [0, 1].
    static func inside(_ t: Double) -> Double { Swift.min(Swift.max(t, Tolerance.insideEnd), 1 - Tolerance.insideEnd) }

    init(_ s: Segment) {
        var angles: [Double] = [], curvatures: [Double] = []
        angles.reserveCapacity(SegmentSamples.count + 1)
        curvatures.reserveCapacity(SegmentSamples.count + 1)
        // The derivative at each sample serves both: as the direction where the curve moves
        // (else `direction(at:)`'s limit), and for the curvature (but at the ends, where it is
        // taken just inside). Lengths are √(x² + y²) (`quickLength`): only the curvature's sign
        // against 1/d and the turning past 45° are read from them.
        let scale = s.directionScale
        func curvature(_ d1: Vector, _ t: Double) -> Double {
            let speed = d1.quickLength
            guard speed > 0 else { return 0 }
            let k = d1.cross(s.secondDerivative(at: t)) / (speed * speed * speed)
            return k.isFinite ? k : 0
        }
        for k in 0...SegmentSamples.count {
            let t = Double(k) / Double(SegmentSamples.count)
            let d1 = s.derivative(at: t)
            let moving = scale > 0 && d1.isFinite && d1.quickLength > Tolerance.rounding * scale
            let direction = moving ? d1 : s.direction(at: t, scale: scale)
            angles.append(direction.isFinite ? arcTangent2(direction.dy, direction.dx) : 0)
            let inside = SegmentSamples.inside(t)
            curvatures.append(curvature(inside == t ? d1 : s.derivative(at: inside), inside))
        }
        self.angles = angles
        self.curvatures = curvatures
    }
}

/// The offset's points along a fitted piece, for the way back of the fit's check: which of them
/// is nearest to a point of the cubic, the first of equals, as a look at every one would find.
/// The offset turns by less than a quarter turn along a piece (pieces are cut every 45° of the
/// curve's turning, and where the offset turns back), so along the chord from the first point
/// to the last its points run one way: their projections grow with their index. Then
/// |c − sⱼ| ≥ |(c − sⱼ)·u| bounds each one's distance from below, and the search spreads from
/// a starting index only while that bound could still beat the nearest found: a few points
/// looked at instead of all 33. Where the projections do not grow (rounding on a piece of
/// nothing), every point is looked at.
struct OrderedSamples {
    let points: [Point]
    /// (sⱼ − s₀)·u, or empty when they do not grow strictly with j.
    let projections: [Double]
    let axis: Vector
    /// The projections' span, the scale of their rounding.
    var span: Double { projections.last ?? 0 }

    init(_ points: [Point]) {
        var projections: [Double] = []
        self.init(points, reusing: &projections)
    }

    /// The same, writing the projections into `buffer`'s storage (emptied first; a caller that
    /// orders many sets of samples keeps one buffer and allocates once).
    init(_ points: [Point], reusing buffer: inout [Double]) {
        self.points = points
        let axis = points.count > 1 ? (points[points.count - 1] - points[0]).normalized : nil
        self.axis = axis ?? Vector(0, 0)
        var projections: [Double] = []
        swap(&projections, &buffer)
        projections.removeAll(keepingCapacity: true)
        if let axis {
            projections.reserveCapacity(points.count)
            for p in points {
                let x = (p - points[0]).dot(axis)
                if let last = projections.last, !(x > last) {
                    projections.removeAll(keepingCapacity: true)
                    break
                }
                projections.append(x)
            }
        }
        self.projections = projections
        buffer = projections
    }

    /// The index of the point nearest to c (by squared distances), the first of equals; the
    /// search starts at `start`.
    func nearest(to c: Point, from start: Int) -> Int {
        guard !projections.isEmpty else {
            var i = 0
            var nearest = (points[0] - c).lengthSquared
            for j in points.indices.dropFirst() {
                let dj = (points[j] - c).lengthSquared
                if dj < nearest {
                    i = j
                    nearest = dj
                }
            }
            return i
        }
        let x = (c - points[0]).dot(axis)
        // Beyond this the rounding of a projection (a few ulps of the span and of c's own) cannot
        // make the bound pass the true distance.
        let margin = Tolerance.rounding * (span + abs(x))
        let first = Swift.min(Swift.max(start, 0), points.count - 1)
        var i = first
        var nearest = (points[i] - c).lengthSquared
        // Toward the first point, where an equal distance comes first; then toward the last.
        var j = first - 1
        while j >= 0 {
            let gap = x - projections[j] - margin
            if gap > 0, gap * gap > nearest { break }
            let dj = (points[j] - c).lengthSquared
            if dj <= nearest {
                i = j
                nearest = dj
            }
            j -= 1
        }
        j = first + 1
        while j < points.count {
            let gap = projections[j] - x - margin
            if gap > 0, gap * gap >= nearest { break }
            let dj = (points[j] - c).lengthSquared
            if dj < nearest {
                i = j
                nearest = dj
            }
            j += 1
        }
        return i
    }
}

/// The geometry of a stroke: the pieces it sweeps, its joins and caps as disks and convex
/// polygons, and the candidate pieces of its outline.
struct Pen {
    let style: StrokeStyle
    let h: Double
    let size: Double
    let tolerance: Double
    /// Drawn pieces (segments cut at their cusps), each sweeping its normals of length h.
    var pieces: [Segment] = []
    var disks: [Point] = []
    private var diskCentres = Set<GridCell>()
    var polygons: [[Point]] = []
    var boundary: [Segment] = []
    var error = 0.0
    /// The work of the offsets so far (`Cost`), in the language's units; past `budget` no more
    /// is done, and the caller gives up.
    var work = 0
    var budget = Int.max
    var isSpent: Bool { work > budget }
    /// The last segment `approximateOffset` sampled, with its tangent angles and curvatures at
    /// the 129 samples (a stroke offsets each segment to both sides in turn: the second side
    /// reads them here).
    private var sampled: (segment: Segment, turning: SegmentSamples)?
    /// Storage `fit` and `geometricFit` reuse from one piece to the next (a stroke fits
    /// thousands of pieces; three arrays made for each cost 5% of its time): the offset's points
    /// at the Hermite check's 16 parameters, a geometric fit's 33 samples and their projections.
    private var between: [Point] = []
    private var samples: [Point] = []
    private var projections: [Double] = []

    /// What making the candidate pieces costs, in the language's work units (about 50 ns each).
    enum Cost {
        /// A Bézier's or elliptical arc's offset: its cusps and turns found from 128 samples.
        static let curve = 200
        /// One fitted cubic, checked against the true offset both ways at 16 points.
        static let fit = 400
        /// A line's or circular arc's offset, a join or a cap.
        static let exact = 8
    }
    private var grid = BoxGrid([])
    private var diskGrid = BoxGrid([])
    private var polygonGrid = BoxGrid([])

    /// Keep the offset's reversed stretches (for `Segment.offsetCurve`), which a stroke's
    /// outline never needs.
    var keepReversed = false
    /// For a graduated offset (`Segment.offsetCurve(by:to:)`): how the distance grows per unit
    /// of the segment's parameter; 0 for strokes.
    var slope = 0.0

    init(style: StrokeStyle, size: Double, keepReversed: Bool = false) {
        self.keepReversed = keepReversed
        self.style = style
        h = style.width / 2
        self.size = Swift.max(size, h)
        tolerance = Swift.max(style.tolerance, Tolerance.offsetRelative * self.size)
    }

    /// One subpath: its segments (drawn order) and whether it closes.
    mutating func add(_ segments: [Segment], closed: Bool) {
        let tiny = Tolerance.rounding * size
        // Cut at cusps (where a Bézier stops and turns back). There the stroke turns round, a
        // disk, whatever the joins (as Skia does): `cuspEnds` marks the pieces' ends at cusps.
        var run: [Segment] = []
        var cuspEnds: [(start: Bool, end: Bool)] = []
        for s in segments {
            let box = s.controlBounds
            guard Swift.max(box.width, box.height) > tiny else { continue }
            let parts = Pen.cutAtCusps(s)
            for (k, part) in parts.enumerated() {
                run.append(part)
                cuspEnds.append((k > 0, k < parts.count - 1))
            }
        }
        guard let first = run.first, let last = run.last else {
            // Nothing drawn but a point (a zero-length line): a round cap is a dot, a square cap
            // a square along x; a lone move draws nothing.
            if let p = segments.first?.start {
                switch style.cap {
                case .round: addDisk(p)
                case .square:
                    addPolygon([Point(p.x - h, p.y - h), Point(p.x + h, p.y - h), Point(p.x + h, p.y + h), Point(p.x - h, p.y + h)], closed: true)
                case .butt: break
                }
            }
            return
        }
        for (s, cusp) in zip(run, cuspEnds) {
            guard !isSpent else { return }
            pieces.append(s)
            boundary += offsets(of: s, by: h, roundStart: cusp.start, roundEnd: cusp.end)
            boundary += offsets(of: s, by: -h, roundStart: cusp.start, roundEnd: cusp.end)
        }
        // Unless every end is a disk, the normals at the pieces' ends where they meet at a corner
        // bound their sweeps too: where the stroke is wide beside a short or sharply turning
        // piece they are on the outline (the caps are the end normals where the path ends, a
        // cusp is a disk). At a smooth joint the two sweeps go on into each other, unless either
        // side bends tighter than h there: its normals cross at its centre of curvature and fan
        // out beyond it, and that fan ends on the joint's normal, on no offset and no join (an arc
        // of radius 9 running on into one of radius 20, stroked 20 wide with bevel joins, had
        // that stretch missing and its outline did not close). That normal is then a candidate
        // too, once.
        if !(style.cap == .round && style.join == .round) {
            func smooth(_ a: Segment, _ b: Segment) -> Bool {
                guard let d0 = Pen.tangent(a, at: 1), let d1 = Pen.tangent(b, at: 0) else { return true }
                return abs(d0.cross(d1)) <= Tolerance.parallel && d0.dot(d1) > 0
            }
            func tight(_ a: Segment, _ b: Segment) -> Bool { h * Swift.max(abs(a.curvature(at: 1)), abs(b.curvature(at: 0))) > 1 }
            for k in run.indices {
                let s = run[k]
                let before = k > 0 ? run[k - 1] : (closed ? run[run.count - 1] : nil)
                let after = k < run.count - 1 ? run[k + 1] : (closed ? run[0] : nil)
                if let before, !cuspEnds[k].start, !smooth(before, s) || tight(before, s) { addEndNormal(s, at: 0) }
                if let after, !cuspEnds[k].end, !smooth(s, after) { addEndNormal(s, at: 1) }
            }
        }
        for (k, (a, b)) in zip(run, run.dropFirst()).enumerated() {
            if cuspEnds[k].end { addDisk(a.end) } else { addJoin(a, b) }
        }
        if closed, run.count > 1 || first.end != first.start {
            addJoin(last, first)
        } else {
            addCap(at: first.start, direction: (Pen.tangent(first, at: 0) ?? Vector(1, 0)) * -1)
            addCap(at: last.end, direction: Pen.tangent(last, at: 1) ?? Vector(1, 0))
        }
    }

    mutating func finish() {
        grid = BoxGrid(pieces.map { $0.controlBounds })
        diskGrid = BoxGrid(disks.map { Rect(point: $0) })
        polygonGrid = BoxGrid(
            polygons.map { ps in
                ps.dropFirst().reduce(Rect(point: ps[0])) {
                    var r = $0; r.include($1); return r
                }
            })
    }

    /// Whether x is in the stroke: on a normal of length h of a piece, or in a join or cap.
    func covers(_ x: Point) -> Bool {
        let probe = Rect(point: x)
        var found = false
        diskGrid.forEach(near: probe, margin: h) { k in if !found, disks[k].distance(to: x) <= h { found = true } }
        if found { return true }
        polygonGrid.forEach(near: probe, margin: 0) { k in if !found, Pen.convex(polygons[k], contains: x) { found = true } }
        if found { return true }
        grid.forEach(near: probe, margin: h) { k in
            if !found, Pen.hasFoot(pieces[k], from: x, within: h, rest: Tolerance.nearRest * size, slack: Tolerance.meeting * size) {
                found = true
            }
        }
        return found
    }

    // MARK: Joins and caps

    mutating func addDisk(_ p: Point) {
        // One disk per point: a second, identical circle (a dot drawn where a subpath starts, a
        // join at a vertex two subpaths share) is only another copy of the same edges to cut.
        guard diskCentres.insert(GridCell(p, side: Tolerance.rounding * size)).inserted else { return }
        disks.append(p)
        boundary.append(.arc(Arc(center: p, radius: h, startAngle: 0, sweep: 2 * Double.pi)))
    }

    /// A convex polygon of the stroke; its sides are candidates (`closed`), or all but the
    /// first and last point's side.
    mutating func addPolygon(_ ps: [Point], closed: Bool) {
        polygons.append(ps)
        for (a, b) in zip(ps, ps.dropFirst()) where a != b { boundary.append(.line(LineSegment(a, b))) }
        if closed, let a = ps.last, let b = ps.first, a != b { boundary.append(.line(LineSegment(a, b))) }
    }

    /// The normal of length h on both sides of `s` at t, as a candidate of the outline.
    mutating func addEndNormal(_ s: Segment, at t: Double) {
        guard let n = Pen.tangent(s, at: t)?.perpendicular else { return }
        let p = s.point(at: t)
        boundary.append(.line(LineSegment(p + n * h, p - n * h)))
    }

    /// The join where `a` ends and `b` starts.
    mutating func addJoin(_ a: Segment, _ b: Segment) {
        guard let d0 = Pen.tangent(a, at: 1), let d1 = Pen.tangent(b, at: 0) else { return }
        let v = b.start
        let cross = d0.cross(d1), dot = d0.dot(d1)
        // Going straight on: nothing to join.
        if abs(cross) <= Tolerance.parallel, dot > 0 { return }
        if style.join == .round { return addDisk(v) }
        // The outer side is away from the turn: n = d.perpendicular is the turn's side when
        // cross > 0 (clockwise on screen).
        let side: Double = cross > 0 ? -1 : 1
        let n0 = d0.perpendicular * side, n1 = d1.perpendicular * side
        let p0 = v + n0 * h, p1 = v + n1 * h
        // The angle θ between the segments: cos θ = −d0·d1. Miter when 1/sin(θ/2) ≤ limit.
        let sinHalf = ((1 + dot) / 2).squareRoot()
        if style.join == .miter, sinHalf > 0, 1 / sinHalf <= style.miterLimit, 1 + n0.dot(n1) > Tolerance.rounding {
            let tip = v + (n0 + n1) * (h / (1 + n0.dot(n1)))
            addPolygon([v, p0, tip, p1], closed: false)
            // The sides from v are inside the sweep: only p0 → tip → p1 bound it.
            boundary.removeLast(3)
            boundary.append(.line(LineSegment(p0, tip)))
            boundary.append(.line(LineSegment(tip, p1)))
        } else {
            polygons.append([v, p0, p1])
            if p0.distance(to: p1) > 0 { boundary.append(.line(LineSegment(p0, p1))) }
        }
    }

    /// The cap at `p`, the stroke leaving it along `d` (outwards).
    mutating func addCap(at p: Point, direction d: Vector) {
        guard let u = d.normalized else { return }
        let n = u.perpendicular * h
        switch style.cap {
        case .butt: boundary.append(.line(LineSegment(p + n, p - n)))
        case .round: addDisk(p)
        case .square:
            let e = u * h
            polygons.append([p + n, p + n + e, p - n + e, p - n])
            boundary.append(.line(LineSegment(p + n, p + n + e)))
            boundary.append(.line(LineSegment(p + n + e, p - n + e)))
            boundary.append(.line(LineSegment(p - n + e, p - n)))
            // Its side on the end normal too: where the path bends sharply near its end, the
            // sweep behind that normal does not reach its far parts.
            boundary.append(.line(LineSegment(p - n, p + n)))
        }
    }

    /// The unit direction of travel at t (`Segment.direction`, which takes the limit from the
    /// higher derivatives where the curve is at rest).
    static func tangent(_ s: Segment, at t: Double) -> Vector? { s.direction(at: t).normalized }

    static func convex(_ ps: [Point], contains x: Point) -> Bool {
        var sign = 0.0
        for (k, a) in ps.enumerated() {
            let b = ps[(k + 1) % ps.count]
            let c = (b - a).cross(x - a)
            if c == 0 { continue }
            if sign == 0 { sign = c } else if (c > 0) != (sign > 0) { return false }
        }
        return sign != 0
    }

    // MARK: The sweep

    /// Whether a root t of (B(t) − x)·B′(t) is a foot: x − B(t) perpendicular to the direction
    /// of travel there. Where the curve moves (|B′(t)| above `rest`) every root is one, to the
    /// root's accuracy. (Tested for perpendicularity there too, a root a little off along a
    /// straight piece, or near where a curve comes to rest, failed it: x − B(t) then runs along
    /// the piece, and points on the path itself were not in its stroke.) Where the curve is at
    /// rest (B′(t) = 0: an end whose control points coincide) every x is a root, and only those
    /// on the normal of the limit direction are feet: to within `Tolerance.foot` of the angle, and
    /// at most `slack` (the outline's tolerance) from the normal. (The angle alone let a butt
    /// end at rest, 11,247 wide, cover a slab 0.011 across beyond its normal: the outline's
    /// classification, looking 0.001 either side of a piece there, found both sides inside.)
    static func isFoot(_ s: Segment, _ t: Double, _ x: Point, rest: Double, slack: Double) -> Bool {
        if s.derivative(at: t).length > rest { return true }
        guard let d = tangent(s, at: t) else { return false }
        let w = x - s.point(at: t)
        return abs(w.dot(d)) <= Swift.min(Tolerance.foot * w.length, slack)
    }

    /// Whether some point of `s` has x on its normal within `h`: a root of (P(t) − x)·P′(t) in
    /// [0, 1] (a perpendicular foot) at distance at most h (`isFoot` says what `rest` and `slack`
    /// are).
    static func hasFoot(_ s: Segment, from x: Point, within h: Double, rest: Double, slack: Double) -> Bool {
        switch s {
        case .line(let l):
            let d = l.p1 - l.p0
            let len2 = d.dot(d)
            guard len2 > 0 else { return false }
            let t = (x - l.p0).dot(d) / len2
            return t >= 0 && t <= 1 && l.point(at: t).distance(to: x) <= h
        case .quadratic(let q):
            // (An end that is no foot is a join's or cap's business.)
            for t in q.feet(from: x) where q.point(at: t).distance(to: x) <= h && isFoot(s, t, x, rest: rest, slack: slack) { return true }
            return false
        case .cubic(let c):
            for t in c.feet(from: x) where c.point(at: t).distance(to: x) <= h && isFoot(s, t, x, rest: rest, slack: slack) { return true }
            return false
        case .arc(let a):
            if a.isCircular {
                // Feet along the ray from the centre through x, both ways.
                let r = x - a.center
                guard r.length > 0 else { return a.radius <= h }
                // The angle of x in the arc's own frame (u, v perpendicular, of one length).
                let theta = arcTangent2(r.dot(a.v), r.dot(a.u))
                for angle in [theta, theta + Double.pi] {
                    var delta = (angle - a.startAngle).truncatingRemainder(dividingBy: 2 * Double.pi)
                    if a.sweep >= 0 {
                        if delta < 0 { delta += 2 * Double.pi }
                    } else if delta > 0 {
                        delta -= 2 * Double.pi
                    }
                    let t = a.sweep != 0 ? delta / a.sweep : 0
                    if t >= 0, t <= 1, a.point(at: t).distance(to: x) <= h { return true }
                }
                return false
            }
            // An ellipse: sign changes of (P(t) − x)·P′(t) on 256 steps, refined by bisection.
            func f(_ t: Double) -> Double { (s.point(at: t) - x).dot(s.derivative(at: t)) }
            var t0 = 0.0, f0 = f(0)
            if f0 == 0, s.point(at: 0).distance(to: x) <= h { return true }
            for k in 1...256 {
                let t1 = Double(k) / 256, f1 = f(t1)
                if f1 == 0, s.point(at: t1).distance(to: x) <= h { return true }
                if (f0 < 0) != (f1 < 0) {
                    let t = Searches.signChange(in: t0, t1, valueAtLow: f0, halvings: 60, f)
                    if s.point(at: t).distance(to: x) <= h { return true }
                }
                t0 = t1; f0 = f1
            }
            return false
        }
    }

    /// The segment cut where a Bézier stops and turns back (its derivative vanishes there, to
    /// 1e-9 of its speed bound): candidates are the roots of either component of the derivative.
    static func cutAtCusps(_ s: Segment) -> [Segment] {
        guard let (cx, cy) = s.powerCoefficients, cx.count > 2 else { return [s] }
        let bound = s.speedBound
        var cuts: [Double] = []
        for c in [cx, cy] {
            let derivative = Polynomial((1..<c.count).map { Double($0) * c[$0] })
            for t in derivative.roots(in: 0, 1) where t > Tolerance.stop && t < 1 - Tolerance.stop {
                if s.derivative(at: t).length <= Tolerance.stop * bound, !cuts.contains(where: { abs($0 - t) < Tolerance.stop }) { cuts.append(t) }
            }
        }
        guard !cuts.isEmpty else { return [s] }
        let stops = [0] + cuts.stablySorted() + [1]
        // The curve stops at a cut: the piece's control point beside it is its end (B′ = 0 there).
        // The split leaves them apart by rounding, whose direction would then be the piece's
        // there, and an offset far out swings with it (docs/robustness.md, O22).
        return (0..<(stops.count - 1)).map { k in
            let piece = s.piece(from: stops[k], to: stops[k + 1])
            switch piece {
            case .cubic(var c):
                if k > 0 { c.p1 = c.p0 }
                if k < stops.count - 2 { c.p2 = c.p3 }
                return .cubic(c)
            case .quadratic(var q):
                if k > 0 { q.p1 = q.p0 } else if k < stops.count - 2 { q.p1 = q.p2 }
                return .quadratic(q)
            default: return piece
            }
        }
    }

    // MARK: Offsets

    /// The curve at signed distance d along the normal (the direction of travel turned 90°
    /// clockwise on screen) of `s`: exact for lines and circular arcs, cubics within the
    /// tolerance for Béziers and elliptical arcs.
    mutating func offsets(of s: Segment, by d: Double, roundStart: Bool = false, roundEnd: Bool = false) -> [Segment] {
        work += Cost.exact
        switch s {
        case .line(let l):
            guard let n = (l.p1 - l.p0).normalized?.perpendicular else { return [] }
            return [.line(LineSegment(l.p0 + n * d, l.p1 + n * (d + slope)))]
        case .arc(let a) where a.isCircular && slope == 0:
            guard let n = s.direction(at: 0).normalized?.perpendicular, a.radius > 0 else { return [] }
            let radial = (a.start - a.center) * (1 / a.radius)
            let k = (a.radius + d * n.dot(radial)) / a.radius
            guard abs(k) > Tolerance.rounding else { return [] }
            return [.arc(Arc(center: a.center, u: a.u * k, v: a.v * k, startAngle: a.startAngle, sweep: a.sweep))]
        case .arc, .quadratic, .cubic:
            return approximateOffset(of: s, by: d, roundStart: roundStart, roundEnd: roundEnd)
        }
    }

    /// The point of the offset by d (growing by `slope` per unit of t) at t of `c`, the curve
    /// of `s`; `scale` is `s.directionScale`, found once by the caller.
    @inline(__always) static func offsetPoint<C: OffsetFitted>(
        _ c: C, of s: Segment, by d: Double, slope: Double, at t: Double, scale: Double
    ) -> Point {
        c.point(at: t) + normal(c, of: s, at: t, scale: scale).normal * (d + slope * t)
    }

    /// `s`'s unit normal at t (its direction turned, zero where it has none), with its derivative
    /// there and the derivative's length. Lengths are √(x² + y²) (`quickLength`): within an ulp
    /// or two of hypot's, and several times cheaper, for the thousands of points a fit asks for.
    @inline(__always) static func normal<C: OffsetFitted>(
        _ c: C, of s: Segment, at t: Double, scale: Double
    ) -> (normal: Vector, derivative: Vector, speed: Double) {
        let d1 = c.derivative(at: t)
        let speed = d1.quickLength
        // `Segment.direction(at:scale:)` is the derivative wherever it is not a rest.
        let rest = !(scale > 0 && d1.isFinite && speed > Tolerance.rounding * scale)
        let direction = rest ? s.direction(at: t, scale: scale) : d1
        let length = rest ? direction.quickLength : speed
        let n = length > 0 && length.isFinite ? Vector(direction.dx / length, direction.dy / length).perpendicular : Vector(0, 0)
        return (n, d1, speed)
    }

    /// `offsetPoint` with the offset's derivative there, q′ = P′(1 − dκ) + slope·n, the curve's
    /// derivatives found once for both.
    @inline(__always) static func offsetPointAndVelocity<C: OffsetFitted>(
        _ c: C, of s: Segment, by d: Double, slope: Double, at t: Double, scale: Double
    ) -> (point: Point, velocity: Vector) {
        let (n, d1, speed) = normal(c, of: s, at: t, scale: scale)
        var k = 0.0
        if speed > 0 {
            let curvature = d1.cross(c.secondDerivative(at: t)) / (speed * speed * speed)
            if curvature.isFinite { k = curvature }
        }
        return (c.point(at: t) + n * (d + slope * t), d1 * (1 - (d + slope * t) * k) + n * slope)
    }

    /// Cubics within the tolerance of the offset of a Bézier or elliptical arc: cut where the
    /// offset has a cusp (the curvature toward the offset's side is 1/d), where the tangent has
    /// turned 45° since the last cut, then each piece fitted (end points and tangents of the true
    /// offset, handle lengths by least squares on 7 points) and halved until the cubic and the
    /// true offset are within the tolerance of each other (checked both ways at 16 points).
    mutating func approximateOffset(of s: Segment, by d: Double, roundStart: Bool = false, roundEnd: Bool = false) -> [Segment] {
        work += Cost.curve
        let slope = self.slope
        // A straight Bézier (cut where it turns back, so it runs one way) is offset as the line
        // it is: a cubic fitted to it would have handles of nothing where it starts or ends at
        // rest (coincident control points), and its direction there would be rounding.
        if let points = s.bezierPoints,
            let axis = (farthestPoint(from: points[0], count: points.count, { points[$0] }).point - points[0]).normalized,
            slope == 0, points.allSatisfy({ abs(($0 - points[0]).cross(axis)) <= Tolerance.rounding * size })
        {
            return [.line(LineSegment(s.start + axis.perpendicular * d, s.end + axis.perpendicular * d))]
        }
        // 1 − dκ, looked at just inside the ends (at a cusp's end κ is a limit rounding cannot reach).
        func factor(_ t: Double) -> Double {
            let u = SegmentSamples.inside(t)
            return 1 - (d + slope * u) * s.curvature(at: u)
        }
        // Cuts: offset cusps and every 45° of turning, from 128 samples.
        if sampled?.segment != s { sampled = (s, SegmentSamples(s)) }
        let turning = sampled!.turning
        var cuts: [Double] = [0]
        let samples = SegmentSamples.count
        // `factor` at the samples, from their curvatures.
        func sampledFactor(_ k: Int) -> Double {
            1 - (d + slope * SegmentSamples.inside(Double(k) / Double(samples))) * turning.curvatures[k]
        }
        var lastAngle = turning.angles[0], turned = 0.0
        var previousFactor = sampledFactor(0)
        for k in 1...samples {
            let t = Double(k) / Double(samples)
            let f = sampledFactor(k)
            if (f < 0) != (previousFactor < 0) {
                cuts.append(Searches.signChange(in: Double(k - 1) / Double(samples), t, valueAtLow: previousFactor, halvings: 60, factor))
                turned = 0
            }
            previousFactor = f
            let angle = turning.angles[k]
            var step = angle - lastAngle
            while step > Double.pi { step -= 2 * Double.pi }
            while step < -Double.pi { step += 2 * Double.pi }
            turned += abs(step)
            lastAngle = angle
            if turned > Double.pi / 4, k < samples { cuts.append(t); turned = 0 }
        }
        cuts.append(1)
        cuts = cuts.stablySorted()
        var result: [Segment] = []
        let bound = s.speedBound, scale = s.directionScale
        // Where the offset runs backwards (1 − dκ < 0: the inner side of a bend tighter than d,
        // the reversed branch of a swallowtail), the normals of length d cross their envelope,
        // the evolute (the centres of curvature). When the stroke is every point within d of the
        // segment (both of its ends are disks: round caps and joins everywhere, or cusps), such
        // points are all inside and the stretch is left out. Otherwise the stroke is the area
        // the normals sweep (a butt or square cap, a miter or bevel join, at either end), and its
        // outline is made of the normals' ends (the offset, reversed stretches included), their
        // envelope where it lies within reach (the evolute over the same stretch) and the end
        // normals (caps and joins): all of them are candidates, and the classification keeps
        // what bounds the stroke.
        let covered = (style.cap == .round && style.join == .round) || (roundStart && roundEnd)
        for k in 0..<(cuts.count - 1) where cuts[k + 1] - cuts[k] > Tolerance.parameter {
            let a = cuts[k], b = cuts[k + 1]
            if !keepReversed, factor(0.5 * (a + b)) < 0 {
                if covered { continue }
                evolute(of: s, from: a, to: b, into: &result)
            }
            switch s {
            case .cubic(let c): fit(FittedCubic(c), of: s, from: a, to: b, d: d, depth: 0, bound: bound, scale: scale, into: &result)
            case .quadratic(let c): fit(c, of: s, from: a, to: b, d: d, depth: 0, bound: bound, scale: scale, into: &result)
            case .arc(let c): fit(c, of: s, from: a, to: b, d: d, depth: 0, bound: bound, scale: scale, into: &result)
            case .line: break  // offset exactly by `offsets`
            }
        }
        return result
    }

    /// The evolute of `s` (its centres of curvature, B + n/κ) on [a, b], a stretch where the
    /// offset runs backwards, as cubics within the tolerance: cut where it has a cusp (where κ′
    /// = 0, found from 64 samples), each part fitted by `fitCurve` (`EvoluteTarget`: its points
    /// and its derivative (1/κ)′·n, as B′ and (1/κ)·n′ cancel).
    mutating func evolute(of s: Segment, from a: Double, to b: Double, into result: inout [Segment]) {
        work += Cost.curve
        let evolute = EvoluteTarget(segment: s, a: a, b: b)
        var cuts = [a]
        let samples = 64
        var previous = evolute.radiusSlope(a)
        for k in 1...samples {
            let t = a + (b - a) * Double(k) / Double(samples)
            let value = evolute.radiusSlope(t)
            if (value < 0) != (previous < 0), previous != 0 {
                cuts.append(
                    Searches.signChange(
                        in: a + (b - a) * Double(k - 1) / Double(samples), t, valueAtLow: previous, halvings: 50, evolute.radiusSlope))
            }
            previous = value
        }
        cuts.append(b)
        for k in 0..<(cuts.count - 1) where cuts[k + 1] - cuts[k] > Tolerance.parameter {
            fitCurve(evolute, from: cuts[k], to: cuts[k + 1], depth: 0, into: &result)
        }
    }

    /// A curve given by its points and derivatives on [a, b] (the evolute) as cubics within the
    /// tolerance: the geometric fit of `fit` (through two of its points, checked both ways at
    /// 17 points; its end directions, where the curve comes to rest at a cusp of the evolute, from
    /// a difference just inside), else the cubic Hermite interpolant, kept if within the tolerance
    /// of it at the same parameter (at 16 points); halved until one passes. (The Hermite cubic
    /// alone, of the fourth order and tied to the parameter, took 28,740 pieces for the evolutes
    /// of a stroke 100 times as wide as its path, O20 in docs/robustness.md.)
    mutating func fitCurve<T: FitTarget>(_ target: T, from a: Double, to b: Double, depth: Int, into result: inout [Segment]) {
        work += Cost.fit
        let (q0, w0) = target.pointAndVelocity(at: a), (q1, w1) = target.pointAndVelocity(at: b)
        let v0 = w0 * ((b - a) / 3), v1 = w1 * ((b - a) / 3)
        var cubic = CubicBezier(q0, q0 + v0, q1 - v1, q1)
        var err = 0.0
        for k in 1...16 {
            let u = (Double(k) - 0.5) / 16
            err = Swift.max(err, cubic.point(at: u).distance(to: target.point(at: a + (b - a) * u)))
        }
        if err > tolerance {
            // Directions at the ends: where the evolute comes to rest (a cusp, where ρ′ = 0), a
            // difference from just inside the piece.
            let e = Tolerance.nearRest * (b - a)
            let scale = Swift.max(q0.quickDistance(to: q1), v0.quickLength, v1.quickLength)
            let d0 = v0.quickLength > Tolerance.nearRest * scale ? v0 : target.point(at: a + e) - q0
            let d1 = v1.quickLength > Tolerance.nearRest * scale ? v1 : q1 - target.point(at: b - e)
            between.removeAll(keepingCapacity: true)
            if let (fitted, fittedError) = geometricFit(target, from: a, to: b, q0: q0, q1: q1, v0: d0, v1: d1),
                fittedError <= tolerance
            {
                cubic = fitted
                err = fittedError
            }
        }
        if err > tolerance, depth < 40, b - a > Tolerance.parameter, !isSpent {
            let m = 0.5 * (a + b)
            fitCurve(target, from: a, to: m, depth: depth + 1, into: &result)
            fitCurve(target, from: m, to: b, depth: depth + 1, into: &result)
            return
        }
        error = Swift.max(error, err)
        if q0 != q1 { result.append(.cubic(cubic)) }
    }

    /// One piece of the offset on [a, b] as the cubic Hermite interpolant in the curve's own
    /// parameter: the true offset's points and derivatives q′(t) = P′(t)(1 − dκ(t)) at both ends.
    /// Halved until it is within the tolerance of the true offset at the same parameter (checked
    /// at 16 points, a bound on the distance between the two curves).
    /// The fit is generic over the curve (`c`, the curve of `s`), so that the thousands of
    /// points and derivatives its checks ask for are the curve's own, not `Segment`'s switch.
    mutating func fit<C: OffsetFitted>(
        _ c: C, of s: Segment, from a: Double, to b: Double, d: Double, depth: Int, bound: Double, scale: Double,
        ends: (OffsetEnd, OffsetEnd)? = nil, into result: inout [Segment]
    ) {
        work += Cost.fit
        let slope = self.slope
        func q(_ t: Double) -> Point { Pen.offsetPoint(c, of: s, by: d, slope: slope, at: t, scale: scale) }
        // q′ = P′(1 − d(t)κ) + d′·n for a distance d(t) = d + slope·t, where the curve moves.
        func end(_ t: Double) -> OffsetEnd {
            let v = s.derivative(at: t)
            guard v.length > Tolerance.nearRest * bound else { return OffsetEnd(point: q(t), velocity: nil) }
            let n = Pen.tangent(s, at: t)?.perpendicular ?? Vector(0, 0)
            return OffsetEnd(point: q(t), velocity: v * (1 - (d + slope * t) * s.curvature(at: t)) + n * slope)
        }
        // Where the curve stops (the end of a piece at a cusp) q′ is a limit that rounding cannot
        // reach: a difference from just inside the piece stands in for it (`bound` is the
        // segment's `speedBound`, `scale` its `directionScale`, found once by the caller).
        func velocity(_ end: OffsetEnd, _ t: Double, inward: Double) -> Vector {
            if let v = end.velocity { return v * ((b - a) / 3) }
            let e = Tolerance.nearRest * (b - a)
            return (q(t + inward * e) - end.point) * (inward * (b - a) / 3 / e)
        }
        let (start, finish) = ends ?? (end(a), end(b))
        let q0 = start.point, q1 = finish.point
        let v0 = velocity(start, a, inward: 1), v1 = velocity(finish, b, inward: -1)
        let hermite = CubicBezier(q0, q0 + v0, q1 - v1, q1)
        var cubic = hermite
        let halvable = depth < 40 && b - a > Tolerance.parameter
        // The Hermite cubic's check at the offset's 16 points (k − ½)/16 (the same points a
        // geometric fit's way back needs: kept for it). One point first, the fourth, near where a
        // Hermite cubic too coarse strays most: beyond the tolerance there, it is refused without
        // the other 15, which a geometric fit refused on its way there never needs either (its
        // error counts only where it is kept, and a piece that can no longer be halved, kept
        // whatever its error, has it measured whole).
        between.removeAll(keepingCapacity: true)
        let probeAt = Pen.checkParameter(Pen.hermiteProbe)
        let probe = q(a + (b - a) * probeAt)
        var err = hermite.point(at: probeAt).quickDistance(to: probe)
        if !(err > tolerance) || !halvable {
            err = 0
            between.reserveCapacity(16)
            for k in 1...16 {
                let u = Pen.checkParameter(k)
                let point = k == Pen.hermiteProbe ? probe : q(a + (b - a) * u)
                between.append(point)
                err = Swift.max(err, hermite.point(at: u).quickDistance(to: point))
            }
        }
        // Where the offset runs the curve's way (1 − dκ > 0 on the piece), a geometric fit of the
        // two handle lengths does far better than the parameter's own: kept if the two curves are
        // within the tolerance of each other both ways.
        if err > tolerance, 1 - (d + slope * 0.5 * (a + b)) * s.curvature(at: 0.5 * (a + b)) > 0,
            let (fitted, fittedError) = geometricFit(
                OffsetTarget(curve: c, segment: s, d: d, slope: slope, scale: scale), from: a, to: b, q0: q0, q1: q1, v0: v0, v1: v1),
            fittedError <= tolerance
        {
            cubic = fitted
            err = fittedError
        }
        if err > tolerance, halvable {
            let m = 0.5 * (a + b)
            let middle = end(m)
            fit(c, of: s, from: a, to: m, d: d, depth: depth + 1, bound: bound, scale: scale, ends: (start, middle), into: &result)
            fit(c, of: s, from: m, to: b, d: d, depth: depth + 1, bound: bound, scale: scale, ends: (middle, finish), into: &result)
            return
        }
        error = Swift.max(error, err)
        if q0 != q1 { result.append(.cubic(cubic)) }
    }

    /// The order `geometricFit` checks its 17 points in, from the offset to the cubic: the
    /// quarter points first, where a fit that is too coarse strays most.
    static let wayToOrder = [4, 12, 2, 6, 10, 14, 1, 3, 5, 7, 9, 11, 13, 15, 8, 0, 16]

    /// The parameter (k − ½)/16, k = 1...16, of the Hermite cubic's check, whose points of the
    /// offset a geometric fit's way back takes as its odd samples ((2k − 1)/32, the same doubles).
    static func checkParameter(_ k: Int) -> Double { (Double(k) - 0.5) / 16 }

    /// The point of the Hermite cubic's check `fit` looks at first: the fourth, at 7/32.
    static let hermiteProbe = 4

    /// The check's points a geometric fit goes through (k of (k − ½)/16: 11/32 and 21/32).
    static let throughA = 6, throughB = 11
    /// The most Newton steps a geometric fit's handles take (they settle in four or five,
    /// `Tolerance.handleSettled`).
    static let handleSteps = 20

    /// An upper bound of the distance from p to `cubic`: the nearest of the points Newton's
    /// method on (C(t) − p)·C′(t) visits from t = `guess` (it stops when a step moves t by less
    /// than 1e-9: the next would move it by about the square of that). A fitted cubic runs
    /// along the curve it stands for, so from the parameter of p's own sample it settles on
    /// the nearest point in a few steps. A bound beyond the tolerance proves nothing (Newton's
    /// method may have settled on another bend), but the fit it refuses is only halved: a fit
    /// is kept on these bounds, each the distance to a point of the cubic, never on a guess
    /// (the last one, where the step settles, to the first order in it: the next term is below
    /// the rounding of the points).
    /// (The nearest point of the whole cubic, a quintic's roots, never turned a refusal here
    /// into a kept fit over the stroke and offset corpora, and cost 5% of their time.)
    static func distance<C: OffsetFitted>(from p: Point, to cubic: C, near guess: Double) -> Double {
        var t = guess, best = Double.infinity
        for _ in 0..<8 {
            let r = cubic.point(at: t) - p
            best = Swift.min(best, r.quickLength)
            // On the cubic (its ends are the offset's own): nothing nearer to find.
            if best == 0 { break }
            let v = cubic.derivative(at: t)
            let slope = v.dot(v) + r.dot(cubic.secondDerivative(at: t))
            guard slope > 0 else { break }
            let next = Swift.min(Swift.max(t - r.dot(v) / slope, 0), 1)
            if abs(next - t) <= Tolerance.settledStep {
                // The point there, to the first order: the next term, ½C″·(next − t)², is below
                // the rounding of the points.
                best = Swift.min(best, (r + v * (next - t)).quickLength)
                break
            }
            t = next
        }
        return best
    }

    /// The cubic from q(a) to q(b) along the offset's end tangents whose handle lengths take it
    /// through two of the offset's points, at 11/32 and 21/32 of the piece (an error of the
    /// sixth order in the piece's length, as for a circle's cubic, where Hermite's is of the
    /// fourth), and the largest distance between the two curves found both ways at 17 points: from
    /// the offset's points to the cubic (nearest points), and from the cubic's points to the
    /// offset (from the nearest of 33 of its points, refined). Nil where the handles would not both
    /// point forward. The curve is `target`: the offset, or the evolute (`fitCurve`).
    /// `between` holds the curve's points at (k − ½)/16 when `fit` found them; else it is empty,
    /// and the two the fit goes through are found first, the other 14 if the way back is reached.
    mutating func geometricFit<T: FitTarget>(
        _ target: T, from a: Double, to b: Double, q0: Point, q1: Point, v0: Vector, v1: Vector
    ) -> (CubicBezier, Double)? {
        @inline(__always) func q(_ t: Double) -> Point { target.point(at: t) }
        guard let d0 = v0.normalized, let d1 = v1.normalized else { return nil }
        // Through the offset's middle point M: C(½) = (q0 + q1)/2 + ⅜(α·d0 − β·d1) = M, two
        // equations in α and β.
        let m = q(0.5 * (a + b))
        let r = (m - Point(0.5 * (q0.x + q1.x), 0.5 * (q0.y + q1.y))) * (8.0 / 3)
        let det = d0.cross(d1 * -1)
        guard abs(det) > Tolerance.parallelEnds else { return nil }
        // α·d0 + β·(−d1) = r
        var alpha = r.cross(d1 * -1) / det, beta = d0.cross(r) / det
        guard alpha > 0, beta > 0, alpha.isFinite, beta.isFinite else { return nil }
        // Then the handle lengths that take the cubic through the offset's points at 11/32 and
        // 21/32 instead (the check's points k = 6 and 11), at whatever parameters of the cubic:
        // two conditions on the curve's shape, where the middle point spent one of its two on
        // the cubic's parameter there. Newton's method on C(tA) = pA, C(tB) = pB in α, β, tA, tB
        // (each point's tangential equation gives its t, its normal one the handles), from the
        // fit through the middle, until a step moves the handles by less than 1e-4 of their
        // length (the check below decides whatever the handles). Its error is several times
        // smaller: pieces about 40% fewer over the corpus.
        // (`between` holds the check's 16 points when `fit` found them; else only these two
        // now, the others when the way back is reached.)
        let betweenFound = !between.isEmpty
        if !betweenFound {
            between.reserveCapacity(16)
            for k in 1...16 { between.append(k == Pen.throughA || k == Pen.throughB ? q(a + (b - a) * Pen.checkParameter(k)) : q0) }
        }
        let pA = between[Pen.throughA - 1], pB = between[Pen.throughB - 1]
        var tA = Pen.checkParameter(Pen.throughA), tB = Pen.checkParameter(Pen.throughB)
        for _ in 0..<Pen.handleSteps {
            let k = CubicBezier(q0, q0 + d0 * alpha, q1 - d1 * beta, q1)
            let vA = k.derivative(at: tA), vB = k.derivative(at: tB)
            let rA = pA - k.point(at: tA), rB = pB - k.point(at: tB)
            // ∂C/∂α and ∂C/∂β at tA and tB.
            let alphaA = d0 * (3 * (1 - tA) * (1 - tA) * tA), betaA = d1 * (-3 * (1 - tA) * tA * tA)
            let alphaB = d0 * (3 * (1 - tB) * (1 - tB) * tB), betaB = d1 * (-3 * (1 - tB) * tB * tB)
            // Along the normals (C′ turned): the parameters drop out.
            let a1 = vA.cross(alphaA), b1 = vA.cross(betaA), r1 = vA.cross(rA)
            let a2 = vB.cross(alphaB), b2 = vB.cross(betaB), r2 = vB.cross(rB)
            let det = a1 * b2 - a2 * b1
            let dAlpha = (r1 * b2 - r2 * b1) / det, dBeta = (a1 * r2 - a2 * r1) / det
            guard dAlpha.isFinite, dBeta.isFinite, alpha + dAlpha > 0, beta + dBeta > 0 else { break }
            // Along the tangents: the parameters.
            let dtA = (rA - alphaA * dAlpha - betaA * dBeta).dot(vA) / vA.dot(vA)
            let dtB = (rB - alphaB * dAlpha - betaB * dBeta).dot(vB) / vB.dot(vB)
            guard dtA.isFinite, dtB.isFinite else { break }
            alpha += dAlpha
            beta += dBeta
            tA = Swift.min(Swift.max(tA + dtA, 0), 1)
            tB = Swift.min(Swift.max(tB + dtB, 0), 1)
            if abs(dAlpha) <= Tolerance.handleSettled * alpha, abs(dBeta) <= Tolerance.handleSettled * beta { break }
        }
        let cubic = CubicBezier(q0, q0 + d0 * alpha, q1 - d1 * beta, q1)
        // The cubic's parameter at the curve's u, for the way to's first guesses: the cubic
        // through (0, 0), (11/32, tA), (21/32, tB) and (1, 1) (Lagrange's form); and back, for
        // where the way back's search starts, linearly between the same points.
        let uA = Pen.checkParameter(Pen.throughA), uB = Pen.checkParameter(Pen.throughB)
        func cubicParameter(_ u: Double) -> Double {
            let lA = u * (u - uB) * (u - 1) / (uA * (uA - uB) * (uA - 1))
            let lB = u * (u - uA) * (u - 1) / (uB * (uB - uA) * (uB - 1))
            let l1 = u * (u - uA) * (u - uB) / ((1 - uA) * (1 - uB))
            return Swift.min(Swift.max(tA * lA + tB * lB + l1, 0), 1)
        }
        func offsetParameter(_ t: Double) -> Double {
            if t <= tA { return tA > 0 ? t / tA * uA : 0 }
            if t <= tB { return tB > tA ? uA + (t - tA) / (tB - tA) * (uB - uA) : uA }
            return tB < 1 ? uB + (t - tB) / (1 - tB) * (1 - uB) : uB
        }
        // The offset's own points, for the way back: the cubic's point to the nearest of them,
        // refined by Gauss-Newton steps (the distance to the curve less |d| would be fooled by a
        // cubic that bulges around an end of the piece, on the circle of radius |d| there).
        // The odd ones are `fit`'s points at (k − ½)/16, the same doubles: (2k − 1)/32 is exact.
        // The even ones are found as the way to the cubic reaches them (a fit refused at its
        // first point needs one).
        samples.removeAll(keepingCapacity: true)
        samples.append(contentsOf: repeatElement(q0, count: 33))
        var err = 0.0
        // From the offset's points to the cubic first, the likeliest to fail first: a fit too
        // coarse strays most between its ends and its middle, and is refused at once.
        let fitted = FittedCubic(cubic)
        for k in Pen.wayToOrder {
            samples[2 * k] = q(a + (b - a) * Double(2 * k) / 32)
            err = Swift.max(err, Pen.distance(from: samples[2 * k], to: fitted, near: cubicParameter(Double(k) / 16)))
            if err > tolerance { return (cubic, err) }
        }
        for j in 0..<16 {
            if !betweenFound, j + 1 != Pen.throughA, j + 1 != Pen.throughB { between[j] = q(a + (b - a) * Pen.checkParameter(j + 1)) }
            samples[2 * j + 1] = between[j]
        }
        // The sample nearest to the cubic's last point looked at: a cubic that runs along the
        // offset, back and on again (near a cusp, where the offset is nearly straight, such a
        // cubic is within the tolerance of it both ways) has a later point nearest to an earlier
        // sample, and is refused.
        let ordered = OrderedSamples(samples, reusing: &projections)
        var reached = 0
        for k in 0...16 {
            let c = cubic.point(at: Double(k) / 16)
            // (The nearest index to 32·u, u in [0, 1].)
            let i = ordered.nearest(to: c, from: Int(saturating: 32 * offsetParameter(Double(k) / 16) + 0.5))
            guard i >= reached else { return (cubic, .infinity) }
            reached = i
            var best = samples[i].quickDistance(to: c)
            // Gauss-Newton from there: t ← t − (q(t) − c)·q′(t) / |q′(t)|², q′ = P′(1 − dκ); the
            // residual is tiny, so a few steps settle it (it stops when a step moves t by less
            // than 1e-9 of the piece: the next would move it by about the square of that). The
            // best point seen is kept. Each step finds the offset's point and its derivative at
            // one parameter, with one normal (`q`'s own).
            // The first step's derivative is the samples' central difference (one-sided at an
            // end): the step it takes lands as near as the exact one's would, within the square
            // of the samples' spacing, and the point it finds is the offset's own, as every later
            // step's is.
            var u = a + (b - a) * Double(i) / 32
            let before = Swift.max(i - 1, 0), after = Swift.min(i + 1, 32)
            var qu = samples[i]
            var v = (samples[after] - samples[before]) * (32 / ((b - a) * Double(after - before)))
            // A sample itself (the cubic's ends are the offset's): nothing nearer to find.
            for _ in 0..<6 where best > 0 {
                let speed2 = v.dot(v)
                guard speed2 > 0 else { break }
                let next = Swift.min(Swift.max(u - (qu - c).dot(v) / speed2, a), b)
                if abs(next - u) <= Tolerance.settledStep * (b - a) {
                    // The offset's point there, to the first order (the next term is below the
                    // rounding of the points): no evaluation.
                    best = Swift.min(best, (qu + v * (next - u)).quickDistance(to: c))
                    break
                }
                u = next
                (qu, v) = target.pointAndVelocity(at: u)
                best = Swift.min(best, qu.quickDistance(to: c))
            }
            err = Swift.max(err, best)
            if err > tolerance { return (cubic, err) }
        }
        return (cubic, err)
    }
}
