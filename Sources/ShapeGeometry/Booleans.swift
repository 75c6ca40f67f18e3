/// The four ways two filled areas combine.
public enum BooleanOperation: String, Sendable, CaseIterable {
    /// Inside either.
    case union
    /// Inside both.
    case intersect
    /// Inside the first and not the second.
    case subtract
    /// Inside exactly one.
    case xor

    /// Whether a point inside `a` (or not) and inside `b` (or not) is inside the combination.
    public func combine(_ a: Bool, _ b: Bool) -> Bool {
        switch self {
        case .union: a || b
        case .intersect: a && b
        case .subtract: a && !b
        case .xor: a != b
        }
    }
}

extension FillRule {
    /// Whether winding number `w` is inside under the rule.
    @inline(__always) func fills(_ w: Int) -> Bool { self == .nonZero ? w != 0 : w & 1 != 0 }
}

/// Why a boolean operation, a stroke or an offset gave no result.
public enum BooleanFailure: Error, Sendable, Equatable {
    /// The work budget ran out.
    case outOfWork
    /// No consistent outline could be made, even with edges within 1e-7 of the size of each
    /// other taken as one: the classification of the edges did not close into loops.
    case inconsistent
}

extension Path {
    /// The outline of this path's filled area combined with `other`'s by `operation` (both filled
    /// under `rule`, open subpaths closed implicitly), as closed subpaths that do not cross, outer
    /// ones clockwise on screen and holes counter-clockwise. Every element of the result is a piece
    /// of an element of either path, of the same kind. `tolerance`, relative to the paths' size
    /// (`Tolerance.meeting` unless told; clamped to 1e-12 ... 1e-3): meetings and vertices closer
    /// than it are one, and edges that near each other one edge (the result is right to within
    /// it). Its work counts against `budget`: nil when it runs out, or when no consistent outline
    /// can be made (`combinedResult` says which). See `BooleanBuilder` for the method.
    public func combined(
        with other: Path, _ operation: BooleanOperation, rule: FillRule = .nonZero, tolerance: Double = Tolerance.meeting,
        budget: Int = .max
    ) -> (path: Path, work: Int)? {
        try? combinedResult(with: other, operation, rule: rule, tolerance: tolerance, budget: budget).get()
    }

    /// `combined(with:_:rule:tolerance:budget:)`, saying why when there is no result.
    public func combinedResult(
        with other: Path, _ operation: BooleanOperation, rule: FillRule = .nonZero, tolerance: Double = Tolerance.meeting,
        budget: Int = .max
    ) -> Result<(path: Path, work: Int), BooleanFailure> {
        var builder = BooleanBuilder(self, other, rule: rule) { operation.combine($0, $1) }
        builder.tolerance = Path.relativeTolerance(tolerance) * builder.size
        return builder.runWithRetries(budget: budget)
    }

    /// A relative tolerance as the searches take it: `Tolerance.meeting` when not finite,
    /// else clamped to `Tolerance.leastCallerTolerance` ... `largestCallerTolerance`.
    static func relativeTolerance(_ t: Double) -> Double {
        t.isFinite ? Swift.min(Swift.max(t, Tolerance.leastCallerTolerance), Tolerance.largestCallerTolerance) : Tolerance.meeting
    }

    /// The outline of this path's own filled area under `rule`, with no overlaps and no
    /// crossings: the same conventions as `combined(with:_:rule:budget:)`.
    public func simplified(rule: FillRule = .nonZero, tolerance: Double = Tolerance.meeting, budget: Int = .max) -> (path: Path, work: Int)? {
        try? simplifiedResult(rule: rule, tolerance: tolerance, budget: budget).get()
    }

    /// `simplified(rule:tolerance:budget:)`, saying why when there is no result.
    public func simplifiedResult(
        rule: FillRule = .nonZero, tolerance: Double = Tolerance.meeting, budget: Int = .max
    ) -> Result<(path: Path, work: Int), BooleanFailure> {
        var builder = BooleanBuilder(self, Path(accuracy: accuracy), rule: rule) { a, _ in a }
        builder.tolerance = Path.relativeTolerance(tolerance) * builder.size
        return builder.runWithRetries(budget: budget)
    }
}

/// Boolean operations by splitting and classifying, in five steps:
///
/// 1. Every segment of both paths (with the lines that close open subpaths; without segments that
///    are a single point) is cut wherever any segment meets it: the certified search of
///    `Intersections` gives crossings, touches, the ends of overlaps and a cubic's own loop.
/// 2. Cut ends within 1e-9 of the size of each other are one vertex. Pieces with the same two
///    vertices that lie on each other (overlapping edges) are one edge.
/// 3. Each edge is classified by the winding numbers of both input paths at two points beside its
///    middle, one on each side, nearer to it than to any other edge: the edge is on the result's
///    outline exactly when the operation's answer differs between the two sides, and it is turned
///    so that the inside is on its right on screen (its left in y-up axes).
/// 4. Kept edges are chained into loops at the vertices, each time taking the outgoing edge next
///    to the incoming one on the inside's side, so that loops meeting at a vertex touch and do
///    not cross. With every edge keeping the inside on the same side, the loops are outer outlines
///    clockwise and holes counter-clockwise: winding 1 inside, 0 outside, under either rule.
/// 5. Consecutive pieces of one input segment are joined again, ends are made to meet exactly
///    (a line or Bézier end moved onto its vertex, by at most the vertex tolerance).
///
/// The result does not depend on the order of the chaining for its area: whichever way edges
/// pair up at a vertex, every edge has the inside on the same side, so the winding number of the
/// result is 1 exactly where the operation says inside.
struct BooleanBuilder {
    /// One input segment.
    struct Edge {
        var segment: Segment
        /// The parameters where it is cut, each with the vertex's point.
        var cuts: [(t: Double, point: Point)] = []
        /// The segment's ends and control box, found once (an arc's are trigonometry; every
        /// meeting asks for both edges' ends).
        let start: Point, end: Point
        let box: Rect

        init(segment: Segment) {
            self.segment = segment
            start = segment.start
            end = segment.end
            box = segment.controlBounds
        }
    }

    /// A piece of an input segment between two cuts, as a candidate edge of the result.
    struct Piece {
        var edge: Int
        var t0: Double, t1: Double
        var segment: Segment
        var from: Int, to: Int
        /// The point in the middle of the piece (by parameter).
        var middle: Point
    }

    /// A piece kept for the result, run with the inside on its right on screen.
    struct Kept {
        var piece: Int
        var forward: Bool
        var from: Int, to: Int
        var segment: Segment
    }

    let first: Path, second: Path
    let rule: FillRule
    let inside: (Bool, Bool) -> Bool
    /// For strokes and offsets: the region itself, asked at the points beside each edge instead
    /// of the two paths' winding numbers.
    var region: ((Point) -> Bool)?
    let size: Double
    /// Ends within this distance are one vertex, and pieces within it of each other along a
    /// stretch one edge: 1e-9 of the size, widened by `runWithRetries` when that gives no
    /// consistent outline.
    var tolerance: Double
    var edges: [Edge] = []
    /// Edges below this index are the first path's.
    var firstEdges = 0
    var pieces: [Piece] = []
    var vertices: [Point] = []
    /// The pieces' boxes in a grid, for `sideDistance`.
    var pieceGrid = BoxGrid([])
    /// The work done so far, against the budget of `run(budget:)`.
    var meter = WorkMeter(budget: .max)
    /// Places where the chaining did not come back to a loop's start (each closed by a line):
    /// none for a correct classification; tests check it stays 0.
    var openings = 0
    /// The longest line that closed such a place.
    var widestOpening = 0.0

    init(_ a: Path, _ b: Path, rule: FillRule, inside: @escaping (Bool, Bool) -> Bool) {
        first = a; second = b
        self.rule = rule
        self.inside = inside
        size = Path.size(a, b)
        tolerance = Tolerance.meeting * size
        edges = BooleanBuilder.edges(of: a, tolerance: tolerance)
        firstEdges = edges.count
        edges += BooleanBuilder.edges(of: b, tolerance: tolerance)
    }

    /// The outline of a region given by a test of points, from segments that hold its whole
    /// boundary (and possibly more: pieces with the region on both sides or neither are dropped).
    init(segments: [Segment], size: Double, region: @escaping (Point) -> Bool) {
        first = Path(); second = Path()
        rule = .nonZero
        inside = { a, _ in a }
        self.region = region
        self.size = size
        tolerance = Tolerance.meeting * size
        edges = BooleanBuilder.edges(of: segments, tolerance: tolerance)
        firstEdges = edges.count
    }

    /// The segments that bound `p`'s fill: each drawn segment, the line closing each open
    /// subpath, and nothing of no extent; arcs of more than a turn cut into half turns, and
    /// straight Béziers that run back along their line cut where they turn (so that each part
    /// runs one way, and the parts' overlaps are found as any straight pieces' are).
    static func edges(of p: Path, tolerance: Double) -> [Edge] { edges(of: p.fillSegments, tolerance: tolerance) }

    /// Edges for these segments, cut as `edges(of:tolerance:)` says.
    static func edges(of segments: [Segment], tolerance: Double) -> [Edge] {
        var result: [Edge] = []
        func add(_ s: Segment) {
            let whole = Edge(segment: s)
            guard whole.box.width > 0 || whole.box.height > 0 else { return }
            if let turns = BooleanBuilder.turns(ofStraight: s, tolerance: tolerance), !turns.isEmpty {
                let cuts = [0] + turns + [1]
                for k in 0..<(cuts.count - 1) { result.append(Edge(segment: s.piece(from: cuts[k], to: cuts[k + 1]))) }
                return
            }
            if case .arc(let arc) = s, abs(arc.sweep) > 2 * Double.pi {
                let count = Int(saturating: (abs(arc.sweep) / Double.pi).rounded(.up))
                for k in 0..<count {
                    let t0 = Double(k) / Double(count), t1 = Double(k + 1) / Double(count)
                    result.append(Edge(segment: s.piece(from: t0, to: t1)))
                }
                return
            }
            result.append(whole)
        }
        segments.forEach(add)
        return result
    }

    /// For a Bézier whose control points all lie within `tolerance` of one line: the parameters
    /// in (0, 1) where it turns back along the line (where its coordinate along the line's
    /// steeper axis turns). nil for other segments.
    static func turns(ofStraight s: Segment, tolerance: Double) -> [Double]? {
        // (Without an array: every Bézier of every boolean's input is asked.)
        let points: FourPoints
        switch s {
        case .quadratic(let q): points = FourPoints(q.p0, q.p1, q.p2)
        case .cubic(let c): points = FourPoints(c.p0, c.p1, c.p2, c.p3)
        case .line, .arc: return nil
        }
        let origin = points[0]
        let (far, length) = farthestPoint(from: origin, count: points.count) { points[$0] }
        guard length > tolerance else { return nil }
        let d = (far - origin) * (1 / length)
        for k in 0..<points.count where abs((points[k] - origin).cross(d)) > tolerance { return nil }
        return s.extrema(along: abs(d.dx) >= abs(d.dy) ? .x : .y).filter { $0 > 0 && $0 < 1 }
    }

    /// The outline, or why there is none: computed with the tolerance of 1e-9 of the size, and
    /// where that gives no consistent outline (loops that do not close, by more than 10 times
    /// the tolerance; a pair of curves the search cannot separate: curves that nearly coincide),
    /// again with it widened to 1e-7 of the size, so that pieces that near each other are one
    /// edge (the result is then right to within that tolerance; its loops may be closed by lines
    /// up to ten times as long). Wider tolerances were tried and moved ends too far: the
    /// refusal `.inconsistent` is the honest answer past this one. The attempts share the budget.
    func runWithRetries(budget: Int) -> Result<(path: Path, work: Int), BooleanFailure> {
        var used = 0
        for widening in [1.0, 100] {
            var attempt = self
            attempt.tolerance = tolerance * widening
            switch attempt.run(budget: budget - used) {
            case .success(let (path, work)): return .success((path, used + work))
            case .failure(.outOfWork): return .failure(.outOfWork)
            case .failure(.inconsistent): used += attempt.meter.used
            }
        }
        return .failure(.inconsistent)
    }

    /// `runWithRetries` without retries: nil when the budget runs out or the outline is not
    /// consistent (for callers that need no reason).
    mutating func run(budget: Int) -> Result<(path: Path, work: Int), BooleanFailure> {
        meter = WorkMeter(budget: budget)
        switch cut() {
        case .success: break
        case .failure(let why): return .failure(why)
        }
        makePieces()
        guard meter.spend(BooleanBuilder.Cost.piece * pieces.count) else { return .failure(.outOfWork) }
        var kept: [Kept?] = []
        let groups = coincidentGroups()
        kept.reserveCapacity(groups.count)
        guard !meter.isSpent else { return .failure(.outOfWork) }
        for group in groups {
            guard meter.spend(BooleanBuilder.Cost.classify + group.count) else { return .failure(.outOfWork) }
            kept.append(classify(group))
        }
        // Where the kept edges do not balance at a vertex (as many in as out), the edges there
        // are classified again by a vote of five points each.
        func balance() -> [Int] {
            var b = Array(repeating: 0, count: vertices.count)
            for k in kept.compactMap({ $0 }) { b[k.from] += 1; b[k.to] -= 1 }
            return b
        }
        let before = balance()
        if before.contains(where: { $0 != 0 }) {
            for (g, group) in groups.enumerated() {
                let p = pieces[group.first!]
                guard before[p.from] != 0 || before[p.to] != 0 else { continue }
                guard meter.spend(5 * (BooleanBuilder.Cost.classify + group.count)) else { return .failure(.outOfWork) }
                kept[g] = classifyByVote(group)
            }
        }
        let edges = kept.compactMap { $0 }
        guard meter.spend(BooleanBuilder.Cost.kept * edges.count) else { return .failure(.outOfWork) }
        let loops = chain(edges)
        // A loop that did not come back to its start is closed by a line: harmless across a gap
        // of the tolerance's order, not an outline across a wider one.
        guard widestOpening <= 10 * tolerance else { return .failure(.inconsistent) }
        let result = outline(loops)
        guard meter.spend(BooleanBuilder.Cost.element * result.elements.count) else { return .failure(.outOfWork) }
        return .success((result, meter.used))
    }

    /// What the steps of an operation count against its budget, besides the intersection
    /// search's own costs (`Intersections.Cost`), in the same units (about 50 ns each;
    /// `scripts/bench-budget` measures them).
    enum Cost {
        /// A meeting recorded as a cut of both segments.
        static let cut = 8
        /// The cuts a grazing meeting compares its point with, per unit (a few ns each).
        static let cutsComparedPerUnit = 16
        /// A piece made: split off its segment, its middle, its two vertices.
        static let piece = 8
        /// A classification: the side distance and the windings, besides what they look at.
        static let classify = 12
        /// Each piece, index node or segment a classification looks at (a nearest point costs
        /// `nearest`).
        static let visit = 1
        static let nearest = 10
        /// A stroke's or offset's own test of a point (feet on the pieces near it).
        static let region = 60
        /// A kept edge chained into its loop.
        static let kept = 4
        /// An element of the result, measured as it is appended.
        static let element = 16
    }

    // MARK: 1. Cuts

    /// Finds where every segment meets every other (pairs through a grid of their boxes). A pair
    /// the search gives up on with budget left (its own limit of pairs of pieces: curves that
    /// stay within the tolerance of each other without being one curve) makes the outline
    /// inconsistent at this tolerance.
    mutating func cut() -> Result<Void, BooleanFailure> {
        let grid = BoxGrid(edges.map { $0.box })
        var budget = meter.budget - meter.used
        defer { meter.used = meter.budget - budget }
        // The search's own tolerance is 1e-9 of the size it is given: this one's, widened.
        let scale = tolerance / (Tolerance.meeting * size)
        for i in edges.indices {
            let a = edges[i].segment
            if case .cubic(let c) = a, let (s, t) = c.selfIntersection() {
                let p = c.point(at: s)
                edges[i].cuts += [(s, p), (t, p)]
            }
            var failure: BooleanFailure?
            grid.forEach(near: edges[i].box, margin: tolerance) { j in
                guard j > i, failure == nil else { return }
                guard let meetings = Intersections.between(a, edges[j].segment, size: size * scale, budget: &budget) else {
                    failure = budget > 0 ? .inconsistent : .outOfWork
                    return
                }
                budget -= meetings.count * 2 * Cost.cut
                guard budget > 0 else {
                    failure = .outOfWork
                    return
                }
                meter.used = meter.budget - budget
                for m in meetings {
                    addCut(i, j, m.t, m.u, m.point)
                    if let e = m.overlapEnd { addCut(i, j, e.t, e.u, e.point) }
                }
                budget = meter.budget - meter.used
                if budget <= 0 { failure = .outOfWork }
            }
            if let failure { return .failure(failure) }
        }
        return .success(())
    }

    /// Records that edges i and j meet at parameters t and u, near `point`. Both are cut at one
    /// point, so that their pieces share the vertex: an end of either edge when the meeting is
    /// that end (within the tolerance), else the meeting point.
    ///
    /// Where the two run nearly the same way (their directions within 1e-4 rad), the place of the
    /// meeting along them is uncertain by far more than the tolerance (about √(tolerance ×
    /// radius of curvature), more where they touch to a higher order): such a meeting goes to an
    /// end, or a point where either is cut already (within 1e-2 of the size), up to which the two
    /// stay within 10 × the tolerance of each other, so that all the segments touching there are
    /// cut at one vertex, not each at its own point.
    mutating func addCut(_ i: Int, _ j: Int, _ t: Double, _ u: Double, _ point: Point) {
        let a = edges[i].segment, b = edges[j].segment
        var t = t, u = u
        // A meeting must be on both (a touch placed by Newton's method near a cusp may not be):
        // else it is taken where each passes nearest to its point, or dropped if one does not.
        if a.point(at: t).quickDistance(to: b.point(at: u)) > 10 * tolerance {
            let (nt, da) = a.nearest(to: point), (nu, db) = b.nearest(to: point)
            guard da <= 10 * tolerance, db <= 10 * tolerance else { return }
            (t, u) = (nt, nu)
        }
        let da = a.direction(at: t), db = b.direction(at: u)
        let grazing = abs(da.cross(db)) <= Tolerance.grazing * da.quickLength * db.quickLength
        // Within 1e-2 rad, a meeting may still be the middle of a stretch where the two run
        // within the tolerance (a curve leaving another at rest along its tangent, whose own
        // direction has turned by 1e-4 where the stretch ends): it goes to an end they run
        // together to, as a grazing one does.
        let shallow = abs(da.cross(db)) <= Tolerance.shallow * da.quickLength * db.quickLength
        // The ends, and for a grazing meeting the points where either is cut already (another
        // touch of the same tangency, found a little elsewhere, or by a closed form with another
        // segment). Only then: a segment crossed k times would otherwise cost k² here.
        let reach = Tolerance.endReach * size
        func near(_ p: Point) -> Bool { abs(p.x - point.x) <= reach && abs(p.y - point.y) <= reach && p.quickDistance(to: point) <= reach }
        // The nearest of them first (the first of equals): when it is within the tolerance it is
        // the end, and when it is out of reach there is none; only between does the choice need
        // the list below.
        var nearest = point, nearestDistance = Double.infinity
        func consider(_ p: Point) {
            guard near(p) else { return }
            let d = p.quickDistance(to: point)
            if d < nearestDistance { (nearest, nearestDistance) = (p, d) }
        }
        let (aStart, aEnd, bStart, bEnd) = (edges[i].start, edges[i].end, edges[j].start, edges[j].end)
        consider(aStart); consider(aEnd); consider(bStart); consider(bEnd)
        if grazing {
            // (Counted against the budget here: `cut` reads the meter after each pair.)
            meter.spend((edges[i].cuts.count + edges[j].cuts.count) / Cost.cutsComparedPerUnit)
            for c in edges[i].cuts { consider(c.point) }
            for c in edges[j].cuts { consider(c.point) }
        }
        guard nearestDistance <= reach else {
            appendCut(i, t, point)
            appendCut(j, u, point)
            return
        }
        if nearestDistance <= tolerance {
            appendCut(i, BooleanBuilder.parameter(of: nearest, on: a, near: t, tolerance: tolerance), nearest)
            appendCut(j, BooleanBuilder.parameter(of: nearest, on: b, near: u, tolerance: tolerance), nearest)
            return
        }
        let known = [aStart, aEnd, bStart, bEnd] + (grazing ? edges[i].cuts.map { $0.point } + edges[j].cuts.map { $0.point } : [])
        let ends = known.filter(near).stablySorted { $0.quickDistance(to: point) < $1.quickDistance(to: point) }
        // An end that both segments share (within the tolerance) is one too for a meeting that
        // is not grazing at its own point: curves that arrive at rest (coincident control points)
        // turn quickly there, and meet a hair before the end they share.
        let shared = [aStart, aEnd].filter { p in [bStart, bEnd].contains { $0.quickDistance(to: p) <= tolerance } }
        let end = ends.first { e in
            let d = e.quickDistance(to: point)
            let together = shallow || shared.contains { $0.quickDistance(to: e) <= tolerance }
            return d <= tolerance || (together && d <= Tolerance.endReach * size && runTogether(a, b, from: point, to: e, at: t, u: u))
        }
        guard let end else {
            appendCut(i, t, point)
            appendCut(j, u, point)
            return
        }
        // Cut each where it passes nearest to that end, so that its piece ends there (not
        // along the tangent, where moving its end onto the vertex would bend it).
        appendCut(i, BooleanBuilder.parameter(of: end, on: a, near: t, tolerance: tolerance), end)
        appendCut(j, BooleanBuilder.parameter(of: end, on: b, near: u, tolerance: tolerance), end)
    }

    /// Adds a cut to edge i, with room for a few more the first time (most edges are cut a few
    /// times, and growing the list one by one would allocate each time).
    mutating func appendCut(_ i: Int, _ t: Double, _ point: Point) {
        if edges[i].cuts.isEmpty { edges[i].cuts.reserveCapacity(8) }
        edges[i].cuts.append((t, point))
    }

    /// The parameter of `s` at point q: an end's own parameter when q is that end (for a closed
    /// segment, whose two ends are one point, the end nearer `t`), else where s passes nearest q.
    static func parameter(of q: Point, on s: Segment, near t: Double, tolerance: Double) -> Double {
        let atStart = s.start.quickDistance(to: q) <= tolerance, atEnd = s.end.quickDistance(to: q) <= tolerance
        if atStart, atEnd { return t < 0.5 ? 0 : 1 }
        if atStart { return 0 }
        if atEnd { return 1 }
        return s.nearest(to: q).t
    }

    /// Whether a and b stay within 10 × the tolerance of each other from `p` to `q` (checked at
    /// 16 points of a between the parameters nearest to them, and when b's parameter u at p is
    /// given, at 16 points of b between u and its parameter at q too): then a meeting at p is as
    /// well placed at q. (Checking only a's points against all of b once moved a crossing with
    /// one end of b onto the other end of b, which ran along a there.)
    func runTogether(_ a: Segment, _ b: Segment, from p: Point, to q: Point, at t: Double? = nil, u: Double? = nil) -> Bool {
        func along(_ a: Segment, _ b: Segment, from t0: Double) -> Bool {
            let t1 = BooleanBuilder.parameter(of: q, on: a, near: t0, tolerance: tolerance)
            guard a.point(at: t1).quickDistance(to: q) <= 10 * tolerance else { return false }
            for k in 1...16 {
                let x = a.point(at: t0 + (t1 - t0) * Double(k) / 17)
                if b.nearest(to: x).distance > 10 * tolerance { return false }
            }
            return true
        }
        guard b.nearest(to: q).distance <= 10 * tolerance, along(a, b, from: t ?? a.nearest(to: p).t) else { return false }
        return u.map { along(b, a, from: $0) } ?? true
    }

    // MARK: 2. Pieces and vertices

    /// Cuts each segment into pieces and gathers their ends into vertices.
    mutating func makePieces() {
        // Every edge's two ends and each of its cuts.
        let endCount = edges.reduce(0) { $0 + 2 + $1.cuts.count }
        var ends = VertexSet(tolerance: tolerance, capacity: endCount)
        // At most one piece more than its cuts for each edge.
        pieces.reserveCapacity(endCount - edges.count)
        var stops: [(t: Double, vertex: Int)] = []
        for e in edges.indices {
            edges[e].cuts.stablySort { $0.t < $1.t }
            let edge = edges[e]
            let s = edge.segment
            // The cuts in order, without the ends and without repeats: (t, vertex).
            stops.removeAll(keepingCapacity: true)
            stops.append((0, ends.vertex(for: edge.start)))
            // An end within the tolerance of the start (a closed segment: a whole circle, whose
            // end is its start to rounding) is at the start's vertex. Asked for on its own, it
            // could fall to another: a vertex is where its first point came, and the start may
            // lie just within the tolerance of that point while the end lies just beyond it.
            let endVertex = edge.end.quickDistance(to: edge.start) <= tolerance ? stops[0].vertex : ends.vertex(for: edge.end)
            // A stretch from one vertex back to it is a piece only if it goes somewhere (a
            // cubic's loop does; two cuts a rounding apart do not).
            func goesSomewhere(_ t0: Double, _ t1: Double, _ v: Int) -> Bool {
                s.point(at: 0.5 * (t0 + t1)).quickDistance(to: ends.points[v]) > tolerance
            }
            for cut in edge.cuts where cut.t > 0 && cut.t < 1 {
                let v = ends.vertex(for: cut.point)
                let last = stops[stops.count - 1]
                if v == last.vertex, !goesSomewhere(last.t, cut.t, v) { continue }
                if v == endVertex, !goesSomewhere(cut.t, 1, v) { continue }
                stops.append((cut.t, v))
            }
            stops.append((1, endVertex))
            for k in 0..<(stops.count - 1) {
                let (t0, from) = stops[k], (t1, to) = stops[k + 1]
                let piece = s.piece(from: t0, to: t1)
                pieces.append(Piece(edge: e, t0: t0, t1: t1, segment: piece, from: from, to: to, middle: piece.point(at: 0.5)))
            }
        }
        vertices = ends.points
        // A piece that starts and ends at one vertex and goes nowhere (cut ends closer than the
        // tolerance that the gathering joined) bounds nothing.
        pieces.removeAll { $0.from == $0.to && $0.middle.quickDistance(to: vertices[$0.from]) <= tolerance }
        pieceGrid = BoxGrid(pieces.map { $0.segment.controlBounds })
    }

    /// The pieces in groups that are one edge: the same two vertices, each piece's middle on the
    /// first piece and the first's middle on it (overlapping input segments, cut at the
    /// overlap's ends).
    func coincidentGroups() -> [ArraySlice<Int>] {
        // The pieces in order of their two vertices, each such run in order of index; then each
        // run's groups made contiguous (head first, members in order), as ranges of `order`.
        // Each piece's key, found once (not at each comparison of the sort).
        let keys = pieces.map { Int64(Swift.min($0.from, $0.to)) << 32 | Int64(Swift.max($0.from, $0.to)) }
        var order = Array(pieces.indices)
        // Stable, from the indices in order: each run of equal keys stays in order of index.
        order.stablySort { keys[$0] < keys[$1] }
        var ranges: [Range<Int>] = []
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, keys[order[end]] == keys[order[start]] { end += 1 }
            var head = start
            while head < end {
                let h = order[head]
                var members = head + 1
                var rest: [Int] = []
                meter.spend(2 * Cost.nearest * (end - head - 1))
                for r in (head + 1)..<end {
                    let k = order[r]
                    // Each one's middle on the other: a piece a hair long between two vertices
                    // lies near a long piece that ends at both (a loop closing there), and is not
                    // that piece.
                    if pieces[h].segment.nearest(to: pieces[k].middle).distance <= 10 * tolerance,
                        pieces[k].segment.nearest(to: pieces[h].middle).distance <= 10 * tolerance
                    {
                        order[members] = k
                        members += 1
                    } else {
                        rest.append(k)
                    }
                }
                for (offset, k) in rest.enumerated() { order[members + offset] = k }
                ranges.append(head..<members)
                head = members
            }
            start = end
        }
        ranges.stablySort { order[$0.lowerBound] < order[$1.lowerBound] }
        return ranges.map { order[$0] }
    }

    // MARK: 3. Classification

    /// Whether the group's edge bounds the result, and which way it runs: by the fill of both
    /// paths at a point on each side of the first piece, where it is clear of everything else
    /// (its middle, or if that is crowded, the clearer of its quarters).
    ///
    /// Only the right side's winding numbers are computed: crossing the edge to the left adds
    /// +1 to a path's winding number for each of its pieces in the group that runs the same way
    /// as the first, −1 for each that runs against it (see `Path.winding(at:)`).
    func classify(_ group: ArraySlice<Int>) -> Kept? {
        classify(group, at: BooleanBuilder.spots, clearest: true)
    }

    /// Where `classify` looks along a piece: its middle, then its quarters.
    static let spots = [0.5, 0.25, 0.75]

    /// The classification by a vote of the points at `spots` along the piece (each with its own
    /// side distance): for edges at a vertex where the kept edges do not balance, where one
    /// point's view of a thin or sharply turning piece may be wrong.
    func classifyByVote(_ group: ArraySlice<Int>) -> Kept? {
        var forward = 0, backward = 0, neither = 0
        var result: (forward: Kept?, backward: Kept?) = (nil, nil)
        for t in [0.5, 0.3, 0.7, 0.15, 0.85] {
            guard let k = classify(group, at: [t], clearest: false) else {
                neither += 1
                continue
            }
            if k.forward { forward += 1; result.forward = k } else { backward += 1; result.backward = k }
        }
        if forward > backward, forward > neither { return result.forward }
        if backward > forward, backward > neither { return result.backward }
        return neither >= Swift.max(forward, backward) ? nil : classify(group)
    }

    func classify(_ group: ArraySlice<Int>, at spots: [Double], clearest: Bool) -> Kept? {
        let head = group.first!
        let p = pieces[head]
        let s = p.segment
        var best: (at: Point, normal: Vector, offset: Double)?
        for t in spots {
            let d = s.direction(at: t)
            let length = d.quickLength
            guard length > 0 else { continue }
            let at = s.point(at: t)
            let normal = Vector(-d.dy, d.dx) * (1 / length)
            let (offset, limit) = sideDistance(of: group, at: t, point: at, normal: normal)
            if offset > best?.offset ?? 0 { best = (at, normal, offset) }
            // Nothing nearer than the piece's own limits: no need to look elsewhere.
            if clearest, offset >= 0.5 * limit { break }
        }
        guard let (at, n, offset) = best else { return nil }
        let right = at - n * offset
        if let region {
            meter.spend(2 * Cost.region)
            let inRight = region(right), inLeft = region(at + n * offset)
            guard inLeft != inRight else { return nil }
            return inLeft
                ? Kept(piece: head, forward: true, from: p.from, to: p.to, segment: s)
                : Kept(piece: head, forward: false, from: p.to, to: p.from, segment: s.reversed)
        }
        var crossA = 0, crossB = 0
        for k in group {
            let q = pieces[k]
            let same: Bool
            if q.from != q.to || k == head {
                same = k == head || (q.from == p.from && q.to == p.to)
            } else {
                // A closed piece: by its direction where it passes the first one's middle.
                let u = s.nearest(to: q.middle).t
                same = s.direction(at: u).dot(q.segment.direction(at: 0.5)) > 0
            }
            if q.edge < firstEdges { crossA += same ? 1 : -1 } else { crossB += same ? 1 : -1 }
        }
        let wA = winding(of: 0..<firstEdges, in: first, at: right), wB = winding(of: firstEdges..<edges.count, in: second, at: right)
        let inRight = inside(rule.fills(wA), rule.fills(wB))
        let inLeft = inside(rule.fills(wA + crossA), rule.fills(wB + crossB))
        guard inLeft != inRight else { return nil }
        // Inside on the left in y-up axes (n's side) is inside on the right on screen: keep the
        // direction. Otherwise run it backwards.
        return inLeft
            ? Kept(piece: head, forward: true, from: p.from, to: p.to, segment: s)
            : Kept(piece: head, forward: false, from: p.to, to: p.from, segment: s.reversed)
    }

    /// The winding number of `path` around p: from its edges (`range` of `edges`, which bound
    /// the same fill) one by one while they are few, else from the path's kept index. (The
    /// number is the same whichever way the ray goes: p is off every edge.)
    func winding(of range: Range<Int>, in path: Path, at p: Point) -> Int {
        guard range.count <= 32 else {
            var visits = 0
            let w = path.winding(at: p, visits: &visits)
            meter.spend(Cost.visit * visits)
            return w
        }
        meter.spend(Cost.visit * range.count)
        var w = 0
        for k in range { w += Path.crossings(of: edges[k].segment, from: p) }
        return w
    }

    /// How far beside the group's piece at `t` to look: half the distance to the nearest other
    /// piece, and no more than a quarter of the piece's own extent or half its radius of curvature
    /// there, or a thousandth of the size (the limit, also returned); then halved until the points
    /// on both sides are nearest to that place of the piece, not to another part of it (a
    /// hairpin's other leg).
    func sideDistance(of group: ArraySlice<Int>, at t: Double, point m: Point, normal n: Vector) -> (Double, limit: Double) {
        let p = pieces[group.first!]
        let s = p.segment
        let extent = s.start.quickDistance(to: p.middle) + p.middle.quickDistance(to: s.end)
        var reach = Swift.min(0.25 * extent, Tolerance.sideReach * size)
        let curvature = abs(s.curvature(at: t))
        if curvature > 0 { reach = Swift.min(reach, 0.5 / curvature) }
        let limit = reach
        let probe = Rect(minX: m.x - reach, minY: m.y - reach, maxX: m.x + reach, maxY: m.y + reach)
        pieceGrid.forEach(near: probe, margin: 0) { k in
            guard !group.contains(k) else { return }
            meter.spend(Cost.nearest)
            let d = pieces[k].segment.nearest(to: m).distance
            reach = Swift.min(reach, 0.5 * d)
        }
        // (A line cannot come back near itself, nor an arc of at most a half turn.)
        var bends = true
        if case .line = s { bends = false }
        if case .arc(let arc) = s, abs(arc.sweep) <= Double.pi { bends = false }
        for _ in 0..<40 where bends {
            // Nearer to this place than to any other of the piece: then its distance to the
            // piece is the offset itself (to 1e-5 of it): a leg 1e-4 across, 0.03 away, is caught.
            // A cubic is first asked whether it provably keeps out of that disk (no roots to
            // solve); only where that is not shown is its nearest point found.
            func clear(_ x: Point) -> Bool {
                let radius = (1 - Tolerance.sideCheck) * reach
                if case .cubic(let c) = s, BooleanBuilder.keepsOut(c, of: x, radius: radius, touching: t) { return true }
                return s.nearest(to: x).distance >= radius
            }
            if clear(m + n * reach), clear(m - n * reach) { break }
            reach *= 0.5
        }
        return (reach, limit)
    }

    /// Whether every point of `c` lies farther than `radius` from `x`, shown without roots, for
    /// a disk that the cubic touches from outside at t (x beside c(t) along its normal): with
    /// w(u) = c(u) − x, g(u) = |w(u)|² − radius² (of degree 6) is written as
    /// q(u)·(u − t)² + r₁·(u − t) + r₀ (two synthetic divisions by u − t; r₀ = g(t) > 0, r₁ = g′(t)
    /// is rounding). If q's Bernstein coefficients on [0, 1] are all positive, q ≥ 0 there, and
    /// g(u) ≥ r₀ − |r₁| > 0. Both are asked with a margin of `Tolerance.rounding` of their scale;
    /// false (then the caller solves for the nearest point) when that is not shown, as where the
    /// cubic comes back towards x.
    static func keepsOut(_ c: CubicBezier, of x: Point, radius: Double, touching t: Double) -> Bool {
        var (a, b, l) = c.powerBasis
        var e = c.p0 - x
        // In units of the pieces' size (a power of two: exact), so the products of degree 6 in
        // the coordinates neither overflow nor underflow.
        let k = Vector.unitScale(of: a, b, l, e)
        (a, b, l, e) = (a * k, b * k, l * k, e * k)
        let r = radius * k
        // g's coefficients, constant term first.
        let g = (
            e.dot(e) - r * r, 2 * l.dot(e), l.dot(l) + 2 * b.dot(e), 2 * (a.dot(e) + b.dot(l)), b.dot(b) + 2 * a.dot(l), 2 * a.dot(b),
            a.dot(a)
        )
        let scale = abs(g.0) + abs(g.1) + abs(g.2) + abs(g.3) + abs(g.4) + abs(g.5) + abs(g.6) + r * r
        // Synthetic division by (u − t), twice: g = q1·(u − t) + r₀, q1 = q·(u − t) + r₁.
        let q5 = g.6, q4 = g.5 + t * q5, q3 = g.4 + t * q4, q2 = g.3 + t * q3, q1 = g.2 + t * q2, q0 = g.1 + t * q1
        let r0 = g.0 + t * q0
        let s4 = q5, s3 = q4 + t * s4, s2 = q3 + t * s3, s1 = q2 + t * s2, s0 = q1 + t * s1
        let r1 = q0 + t * s0
        let margin = Tolerance.rounding * scale
        guard r0 - abs(r1) > margin else { return false }
        // q = s0 + s1·u + s2·u² + s3·u³ + s4·u⁴ in Bernstein form of degree 4 on [0, 1]:
        // b_j = Σ_{i ≤ j} C(j, i) / C(4, i) · s_i.
        let b0 = s0
        let b1 = s0 + s1 / 4
        let b2 = s0 + s1 / 2 + s2 / 6
        let b3 = s0 + 3 * s1 / 4 + s2 / 2 + s3 / 4
        let b4 = s0 + s1 + s2 + s3 + s4
        return Swift.min(b0, b1, b2, b3, b4) > margin
    }

    // MARK: 4. Chaining

    /// The kept edges as loops of indices into `kept`.
    mutating func chain(_ kept: [Kept]) -> [[Kept]] {
        // The edges out of each vertex v, in order: outgoing[starts[v]..<starts[v + 1]].
        var starts = [Int](repeating: 0, count: vertices.count + 1)
        for e in kept { starts[e.from + 1] += 1 }
        for v in vertices.indices { starts[v + 1] += starts[v] }
        var outgoing = [Int](repeating: 0, count: kept.count)
        var fill = starts
        for (k, e) in kept.enumerated() {
            outgoing[fill[e.from]] = k
            fill[e.from] += 1
        }
        var used = Array(repeating: false, count: kept.count)
        var loops: [[Kept]] = []
        var candidates: [Int] = []
        // One list for every loop's indices, emptied for each (its room kept).
        var loop: [Int] = []
        loop.reserveCapacity(kept.count)
        for startEdge in kept.indices where !used[startEdge] {
            loop.removeAll(keepingCapacity: true)
            loop.append(startEdge)
            used[startEdge] = true
            var current = startEdge
            while true {
                let v = kept[current].to
                // The candidates: unused edges out of v, and the first edge when back at its start.
                candidates.removeAll(keepingCapacity: true)
                for k in outgoing[starts[v]..<starts[v + 1]] where !used[k] { candidates.append(k) }
                if v == kept[startEdge].from { candidates.append(startEdge) }
                guard let next = BooleanBuilder.nextEdge(after: kept[current], among: candidates, kept) else {
                    openings += 1
                    widestOpening = Swift.max(widestOpening, vertices[v].distance(to: vertices[kept[startEdge].from]))
                    break
                }
                if next == startEdge { break }
                used[next] = true
                loop.append(next)
                current = next
            }
            loops.append(loop.map { kept[$0] })
        }
        return loops
    }

    /// Arriving along `incoming`, the outgoing candidate met first turning from the way back
    /// towards the inside (clockwise in y-up axes): the edge that bounds the same region at the
    /// vertex. Equal directions are told apart by curvature.
    static func nextEdge(after incoming: Kept, among candidates: [Int], _ kept: [Kept]) -> Int? {
        guard candidates.count > 1 else { return candidates.first }
        let back = -incoming.segment.direction(at: 1)
        let backAngle = back.angle
        let backCurvature = -incoming.segment.curvature(at: 1)
        func key(_ k: Int) -> (Int, Double) {
            let d = kept[k].segment.direction(at: 0)
            let turn = positiveAngle(backAngle - d.angle)
            if turn < Tolerance.leavingTurn || turn > fullTurn - Tolerance.leavingTurn {
                // Leaving the same way as the way back: the one that bends off it towards the
                // inside first (the difference of curvatures gives the turn a little way out).
                let bend = backCurvature - kept[k].segment.curvature(at: 0)
                return bend > 0 ? (0, bend) : (2, bend)
            }
            return (1, turn)
        }
        return candidates.min { key($0) < key($1) }
    }

    // MARK: 5. The outline

    /// The loops as a path: consecutive pieces of one segment joined, ends made to meet.
    func outline(_ loops: [[Kept]]) -> Path {
        var result = Path(accuracy: first.accuracy)
        // At most a move, the loop's pieces and a closing line for each loop.
        result.reserveCapacity(loops.reduce(0) { $0 + $1.count + 2 })
        for loop in loops {
            let parts = joined(loop)
            guard !parts.isEmpty else { continue }
            // The point where each part starts: an arc's own start, or the end of the arc before,
            // or the vertex.
            let n = parts.count
            var corners: [Point] = []
            corners.reserveCapacity(n)
            for k in 0..<n {
                let before = parts[(k + n - 1) % n]
                if case .arc = parts[k].segment {
                    corners.append(parts[k].segment.start)
                } else if case .arc = before.segment {
                    corners.append(before.segment.end)
                } else {
                    corners.append(vertices[parts[k].from])
                }
            }
            // Each loop starts at its top-left corner (least y, then least x): the same place
            // whichever edge the chaining began with.
            let first = corners.indices.min { (corners[$0].y, corners[$0].x) < (corners[$1].y, corners[$1].x) } ?? 0
            // Part k of the loop from there is parts[(first + k) % n].
            result.append(.move(corners[first]))
            for k in 0..<n {
                let here = (first + k) % n, next = (first + k + 1) % n
                let s = BooleanBuilder.moved(parts[here].segment, from: corners[here], to: corners[next])
                if k == n - 1, n > 1, case .line(let l) = s {
                    result.append(.close(l))
                    break
                }
                result.append(.segment(s))
                if k == n - 1 { result.append(.close(LineSegment(s.end, corners[first]))) }
            }
        }
        return result
    }

    /// The loop with runs of pieces of one input segment, in order, made one piece again.
    func joined(_ loop: [Kept]) -> [Kept] {
        func continues(_ a: Kept, _ b: Kept) -> Bool {
            let p = pieces[a.piece], q = pieces[b.piece]
            guard p.edge == q.edge, a.forward == b.forward else { return false }
            if a.forward ? p.t1 == q.t0 : p.t0 == q.t1 { return true }
            // Across the seam of a closed arc (a circle drawn whole), where its end meets its start.
            guard case .arc = edges[p.edge].segment else { return false }
            return a.forward ? p.t1 == 1 && q.t0 == 0 && p.to == q.from : p.t0 == 0 && q.t1 == 1 && p.from == q.to
        }
        var parts: [(first: Kept, last: Kept)] = []
        parts.reserveCapacity(loop.count)
        for k in loop {
            if let last = parts.last, continues(last.last, k) {
                parts[parts.count - 1].last = k
            } else {
                parts.append((k, k))
            }
        }
        if parts.count > 1, continues(parts[parts.count - 1].last, parts[0].first) {
            let tail = parts.removeLast()
            parts[0].first = tail.first
        }
        return parts.map { part in
            guard part.first.piece != part.last.piece else { return part.first }
            let a = pieces[part.first.piece], b = pieces[part.last.piece]
            let s = edges[a.edge].segment
            var segment = part.first.forward ? s.piece(from: a.t0, to: b.t1) : s.piece(from: a.t1, to: b.t0)
            // A run across a closed arc's seam: the arc from the run's first parameter on, one
            // turn round past the seam.
            if case .arc(let arc) = s, part.first.forward ? a.t0 >= b.t1 : a.t1 <= b.t0 {
                let (from, to) = part.first.forward ? (a.t0, b.t1 + 1) : (b.t0, a.t1 + 1)
                let run = Arc(center: arc.center, u: arc.u, v: arc.v, startAngle: arc.startAngle + from * arc.sweep, sweep: (to - from) * arc.sweep)
                segment = part.first.forward ? .arc(run) : Segment.arc(run).reversed
            }
            return Kept(piece: part.first.piece, forward: part.first.forward, from: part.first.from, to: part.last.to, segment: segment)
        }
    }

    /// A line or Bézier with its ends put at `a` and `b`; an arc as it is.
    static func moved(_ s: Segment, from a: Point, to b: Point) -> Segment {
        switch s {
        case .line: .line(LineSegment(a, b))
        case .quadratic(let q): .quadratic(QuadraticBezier(a, q.p1, b))
        case .cubic(let c): .cubic(CubicBezier(a, c.p1, c.p2, b))
        case .arc: s
        }
    }
}

/// Points gathered into vertices: a point within the tolerance of a vertex's first point is
/// that vertex (the nearest, if several). Looked up in a grid of cells twice the tolerance
/// wide, each cell's vertices chained through `next`, the cells in a table of their own (open
/// addressing, a multiplicative hash): each look-up is O(1), reads at most four cells and
/// allocates nothing.
/// The work of one operation against its budget, in the language's work units (about 50 ns
/// each). A class, so that the steps that only read the builder count through it too.
final class WorkMeter {
    /// The units spent so far.
    var used = 0
    let budget: Int
    init(budget: Int) { self.budget = budget }

    /// Adds `units`; false once more than the budget is spent.
    @discardableResult func spend(_ units: Int) -> Bool {
        used += units
        return used <= budget
    }

    var isSpent: Bool { used > budget }
}

struct VertexSet {
    let tolerance: Double
    var points: [Point] = []
    private var next: [Int] = []
    /// Open addressing: each slot a cell and the last vertex put in it, -1 for an empty slot.
    private var slots: [(cell: GridCell, head: Int)]
    private var used = 0

    /// `capacity`: about how many points will be asked for (room made for that many vertices).
    init(tolerance: Double, capacity: Int = 0) {
        self.tolerance = Swift.max(tolerance, Double.leastNormalMagnitude)
        slots = Array(repeating: (GridCell(x: 0, y: 0), -1), count: 64)
        points.reserveCapacity(capacity)
        next.reserveCapacity(capacity)
    }

    /// The slot of `c`: where it is, or the empty slot where it would go.
    private func slot(of c: GridCell) -> Int {
        let mask = slots.count - 1
        var h = Int(truncatingIfNeeded: (UInt64(bitPattern: c.x) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(bitPattern: c.y) &* 0xC2B2_AE3D_27D4_EB4F))
        h ^= h >> 29
        var k = h & mask
        while slots[k].head >= 0, slots[k].cell != c { k = (k + 1) & mask }
        return k
    }

    /// The vertex `p` belongs to, made for it if there is none: the first made of those within
    /// the tolerance of it. (The first, not the nearest: a point once given a vertex keeps it
    /// whatever vertices come later, so one point asked for twice, as the start of two copies
    /// of a segment, is one vertex; the nearest could be a later one made just beyond the
    /// tolerance of the first.) Cells are twice the tolerance wide, so the square of the
    /// tolerance about p covers at most two by two of them.
    mutating func vertex(for p: Point) -> Int {
        let side = 2 * tolerance
        let c = GridCell(p, side: side)
        let low = GridCell(Point(p.x - tolerance, p.y - tolerance), side: side)
        let high = GridCell(Point(p.x + tolerance, p.y + tolerance), side: side)
        var best = -1
        for x in low.x...Swift.max(low.x, high.x) {
            for y in low.y...Swift.max(low.y, high.y) {
                var v = slots[slot(of: GridCell(x: x, y: y))].head
                while v >= 0 {
                    if best < 0 || v < best, points[v].quickDistance(to: p) <= tolerance { best = v }
                    v = next[v]
                }
            }
        }
        if best >= 0 { return best }
        points.append(p)
        let k = slot(of: c)
        next.append(slots[k].head)
        if slots[k].head < 0 { used += 1 }
        slots[k] = (c, points.count - 1)
        if 2 * used > slots.count { grow() }
        return points.count - 1
    }

    /// Twice the slots, each cell put again.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: (GridCell(x: 0, y: 0), -1), count: 2 * old.count)
        for entry in old where entry.head >= 0 { slots[slot(of: entry.cell)] = entry }
    }
}

/// A cell of a square grid of the given side, for finding points within that distance of a point
/// (in its cell or one of the eight around it). Indices are clamped (`Tolerance.gridIndexLimit`).
struct GridCell: Hashable {
    var x: Int64, y: Int64

    init(x: Int64, y: Int64) { self.x = x; self.y = y }

    init(_ p: Point, side: Double) {
        let limit = Tolerance.gridIndexLimit
        x = Int64(saturating: Swift.max(Swift.min((p.x / side).rounded(.down), limit), -limit))
        y = Int64(saturating: Swift.max(Swift.min((p.y / side).rounded(.down), limit), -limit))
    }

    /// The cell and the eight around it.
    var neighbourhood: [GridCell] {
        var cells: [GridCell] = []
        cells.reserveCapacity(9)
        for dx: Int64 in -1...1 { for dy: Int64 in -1...1 { cells.append(GridCell(x: x + dx, y: y + dy)) } }
        return cells
    }
}

/// Boxes in a uniform grid of about as many cells as boxes, for finding the boxes near a box.
/// A box that would cover more than 64 cells is kept in a list looked at every time; with at most
/// 16 boxes there is no grid, and every box is looked at. The cells'
/// lists are runs of one array (`starts[c]..<starts[c + 1]` of `members`), so that building the
/// grid allocates a few arrays, not one for each cell.
struct BoxGrid {
    let boxes: [Rect]
    private var origin = Point(0, 0)
    private var cellSize = 1.0
    private var columns = 1, rows = 1
    private var starts: [Int32] = []
    private var members: [Int32] = []
    /// Each box's first column and row (for reporting it once).
    private var firstCells: [(column: Int32, row: Int32)] = []
    private var large: [Int] = []

    init(_ boxes: [Rect]) {
        self.boxes = boxes
        // A few boxes are looked at one by one (in order): cheaper than any grid.
        guard boxes.count > 16, var all = boxes.first else { return }
        for b in boxes.dropFirst() { all = all.union(b) }
        let side = Swift.max(all.width, all.height, Tolerance.sizeFloor)
        let perSide = Swift.max(1, Swift.min(1024, Int(saturating: Double(boxes.count).squareRoot().rounded(.up))))
        cellSize = side / Double(perSide)
        origin = Point(all.minX, all.minY)
        columns = Swift.max(1, Int(saturating: (all.width / cellSize).rounded(.down)) + 1)
        rows = Swift.max(1, Int(saturating: (all.height / cellSize).rounded(.down)) + 1)
        // Each box's cells, or none for a large one: counted first, then filled in.
        var ranges: [(Int, Int, Int, Int)] = []
        ranges.reserveCapacity(boxes.count)
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        for (k, b) in boxes.enumerated() {
            guard b.minX.isFinite, b.maxX.isFinite, b.minY.isFinite, b.maxY.isFinite else {
                large.append(k)
                ranges.append((1, 0, 1, 0))
                continue
            }
            let (c0, c1, r0, r1) = range(b, margin: 0)
            if (c1 - c0 + 1) * (r1 - r0 + 1) > 64 {
                large.append(k)
                ranges.append((1, 0, 1, 0))
                continue
            }
            ranges.append((c0, c1, r0, r1))
            for r in r0...r1 { for c in c0...c1 { counts[r * columns + c + 1] += 1 } }
        }
        for c in 0..<(columns * rows) { counts[c + 1] += counts[c] }
        starts = counts
        members = [Int32](repeating: 0, count: Int(counts[columns * rows]))
        firstCells = ranges.map { (Int32($0.0), Int32($0.2)) }
        var fill = counts
        for (k, (c0, c1, r0, r1)) in ranges.enumerated() where c0 <= c1 {
            for r in r0...r1 {
                for c in c0...c1 {
                    members[Int(fill[r * columns + c])] = Int32(k)
                    fill[r * columns + c] += 1
                }
            }
        }
    }

    private func range(_ b: Rect, margin: Double) -> (Int, Int, Int, Int) {
        func index(_ v: Double, _ o: Double, _ count: Int) -> Int {
            let k = ((v - o) / cellSize).rounded(.down)
            guard k.isFinite else { return k > 0 ? count - 1 : 0 }
            return Int(saturating: Swift.min(Swift.max(k, 0), Double(count - 1)))
        }
        return (
            index(b.minX - margin, origin.x, columns), index(b.maxX + margin, origin.x, columns),
            index(b.minY - margin, origin.y, rows), index(b.maxY + margin, origin.y, rows)
        )
    }

    /// Calls `body` with each box that comes within `margin` of `box`, once each.
    func forEach(near box: Rect, margin: Double, _ body: (Int) -> Void) {
        func meets(_ k: Int) -> Bool {
            let b = boxes[k]
            return b.minX <= box.maxX + margin && box.minX <= b.maxX + margin && b.minY <= box.maxY + margin && box.minY <= b.maxY + margin
        }
        guard !starts.isEmpty else {
            for k in boxes.indices where meets(k) { body(k) }
            return
        }
        for k in large where meets(k) { body(k) }
        let (c0, c1, r0, r1) = range(box, margin: margin)
        for r in r0...r1 {
            for c in c0...c1 {
                for m in Int(starts[r * columns + c])..<Int(starts[r * columns + c + 1]) {
                    let k = members[m]
                    guard meets(Int(k)) else { continue }
                    // Each box once, from the first cell that both it and the query cover.
                    let first = firstCells[Int(k)]
                    if c == Swift.max(c0, Int(first.column)), r == Swift.max(r0, Int(first.row)) { body(Int(k)) }
                }
            }
        }
    }
}
