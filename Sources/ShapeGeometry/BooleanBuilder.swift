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
/// Where nothing is cut (contours that meet nowhere: most glyphs of a font), steps 2 to 4 take
/// each contour whole, one classification for each (`makeWholePieces`): the same outline.
///
/// The result does not depend on the order of the chaining for its area: whichever way edges
/// pair up at a vertex, every edge has the inside on the same side, so the winding number of the
/// result is 1 exactly where the operation says inside.
struct BooleanBuilder {
    /// One input segment.
    struct Edge {
        var segment: Segment
        /// Its cuts in the builder's `cuts`, in the order found: a list from `firstCut` to
        /// `lastCut` through each cut's `next` (-1: none), `cutCount` of them. (Indices, not a list
        /// of its own: an edge holds no reference, so copying one counts none, and the edges of
        /// a glyph are freed at once.)
        var firstCut = -1, lastCut = -1, cutCount = 0
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

    /// Where an edge is cut: the parameter, with the vertex's point; the edge's next cut in the
    /// order found (-1: none).
    struct Cut {
        var t: Double
        var point: Point
        var next = -1
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
    /// Every edge's cuts, in the order found (see `Edge.firstCut`).
    var cuts: [Cut] = []
    /// Edges below this index are the first path's.
    var firstEdges = 0
    var pieces: [Piece] = []
    var vertices: [Point] = []
    /// The edges' boxes in a grid, as `cut` made it (the whole contours' pieces are the edges).
    var edgeGrid = BoxGrid([])
    /// The pieces' boxes in a grid, for `sideDistance`.
    var pieceGrid = BoxGrid([])
    /// The work done so far, against the budget of `run(budget:)`.
    var meter = WorkMeter(budget: .max)
    /// Places where the chaining did not come back to a loop's start (each closed by a line):
    /// none for a correct classification; tests check it stays 0.
    var openings = 0
    /// The longest line that closed such a place.
    var widestOpening = 0.0
    /// Whether the kept edges may, as a last resort, be balanced also along pieces that run
    /// alongside others (`balanceThroughShortPieces(alongside:)`): on the widened attempt.
    var balancesAlongside = false
    /// Whether outlines whose contours meet nowhere are made without the general steps 2 to 4
    /// (`makeWholePieces`); tests turn it off to compare the two ways.
    var takesWholeContours = true

    init(_ a: Path, _ b: Path, rule: FillRule, inside: @escaping (Bool, Bool) -> Bool) {
        self.rule = rule
        self.inside = inside
        size = Path.size(a, b)
        tolerance = Tolerance.meetingDistance(size)
        edges = BooleanBuilder.edges(of: a, tolerance: tolerance)
        firstEdges = edges.count
        edges += BooleanBuilder.edges(of: b, tolerance: tolerance)
        // A path of many edges is asked for winding numbers through its index
        // (`winding(of:in:at:)`): indexed whole once, if its appends left that for later.
        var (a, b) = (a, b)
        if firstEdges > BooleanBuilder.fewEdges { a.indexAll() }
        if edges.count - firstEdges > BooleanBuilder.fewEdges { b.indexAll() }
        first = a; second = b
    }

    /// The outline of a region given by a test of points, from segments that hold its whole
    /// boundary (and possibly more: pieces with the region on both sides or neither are dropped).
    init(segments: [Segment], size: Double, region: @escaping (Point) -> Bool) {
        first = Path(); second = Path()
        rule = .nonZero
        inside = { a, _ in a }
        self.region = region
        self.size = size
        tolerance = Tolerance.meetingDistance(size)
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
        result.reserveCapacity(segments.count)
        // (A plain loop: a nested function appending to `result` would hold it in a box.)
        for s in segments {
            let whole = Edge(segment: s)
            guard whole.box.width > 0 || whole.box.height > 0 else { continue }
            if let turns = BooleanBuilder.turns(ofStraight: s, tolerance: tolerance), !turns.isEmpty {
                let cuts = [0] + turns + [1]
                for k in 0..<(cuts.count - 1) { result.append(Edge(segment: s.piece(from: cuts[k], to: cuts[k + 1]))) }
                continue
            }
            if case .arc(let arc) = s, abs(arc.sweep) > 2 * Double.pi {
                let count = Int(saturating: (abs(arc.sweep) / Double.pi).rounded(.up))
                for k in 0..<count {
                    let t0 = Double(k) / Double(count), t1 = Double(k + 1) / Double(count)
                    result.append(Edge(segment: s.piece(from: t0, to: t1)))
                }
                continue
            }
            result.append(whole)
        }
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
        if points.clearlyCurved(tolerance: tolerance) { return nil }
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
    /// up to ten times as long; where its kept edges balance through no short pieces, they may
    /// also through pieces that run alongside others: `balanceThroughShortPieces`). Wider
    /// tolerances were tried and moved ends too far: the refusal `.inconsistent` is the honest
    /// answer past this one. The attempts share the budget. (Run in place, the second after
    /// `startAgain`: a copy for each attempt would copy the edges again at their first cut.)
    mutating func runWithRetries(budget: Int) -> Result<(path: Path, work: Int), BooleanFailure> {
        var used = 0
        let first = tolerance
        for widening in [1.0, 100] {
            if widening > 1 { startAgain() }
            tolerance = first * widening
            balancesAlongside = widening > 1
            switch run(budget: budget - used) {
            case .success(let (path, work)): return .success((path, used + work))
            case .failure(.outOfWork): return .failure(.outOfWork)
            case .failure(.inconsistent): used += meter.used
            }
        }
        return .failure(.inconsistent)
    }

    /// Back to the state `run` starts from: the edges uncut, no pieces, vertices or openings.
    mutating func startAgain() {
        for i in edges.indices { (edges[i].firstCut, edges[i].lastCut, edges[i].cutCount) = (-1, -1, 0) }
        cuts = []
        pieces = []
        vertices = []
        pieceGrid = BoxGrid([])
        openings = 0
        widestOpening = 0
    }

    /// `runWithRetries` without retries: nil when the budget runs out or the outline is not
    /// consistent (for callers that need no reason).
    mutating func run(budget: Int) -> Result<(path: Path, work: Int), BooleanFailure> {
        meter = WorkMeter(budget: budget)
        switch cut() {
        case .success: break
        case .failure(let why): return .failure(why)
        }
        let contours = makeWholePieces()
        if contours == nil { makePieces() }
        guard meter.spend(BooleanBuilder.Cost.piece * pieces.count) else { return .failure(.outOfWork) }
        if let contours { return outline(ofContours: contours) }
        var kept: [Kept?] = []
        let groups = coincidentGroups()
        kept.reserveCapacity(groups.count)
        guard !meter.isSpent else { return .failure(.outOfWork) }
        let passing = passingPieces(groups)
        for g in groups.indices {
            let head = groups.head(of: g)
            // A piece that only continues the one before it (nothing else meets it there) has
            // the same region on each side: its classification is that piece's.
            if let before = passing[head], let k = kept[before] {
                guard meter.spend(BooleanBuilder.Cost.kept) else { return .failure(.outOfWork) }
                kept.append(continuing(k, with: head))
                continue
            } else if passing[head] != nil {
                kept.append(nil)
                continue
            }
            guard meter.spend(BooleanBuilder.Cost.classify + groups.size(of: g)) else { return .failure(.outOfWork) }
            kept.append(classify(group: g, of: groups))
        }
        // Where the kept edges do not balance at a vertex (as many in as out), the edges there
        // are classified again by a vote of five points each.
        func balance() -> [Int] {
            var b = Array(repeating: 0, count: vertices.count)
            for case let k? in kept { b[k.from] += 1; b[k.to] -= 1 }
            return b
        }
        var before = balance()
        if before.contains(where: { $0 != 0 }) {
            // A vote may change a piece whose classification others took: first every piece is
            // classified on its own, as before there was any taking (rare: the corpus and the
            // fonts never come here), and the balance found again.
            for g in groups.indices where passing[groups.head(of: g)] != nil {
                guard meter.spend(BooleanBuilder.Cost.classify + groups.size(of: g)) else { return .failure(.outOfWork) }
                kept[g] = classify(group: g, of: groups)
            }
            before = balance()
        }
        if before.contains(where: { $0 != 0 }) {
            for g in groups.indices {
                let p = pieces[groups.head(of: g)]
                guard before[p.from] != 0 || before[p.to] != 0 else { continue }
                guard meter.spend(5 * (BooleanBuilder.Cost.classify + groups.size(of: g))) else { return .failure(.outOfWork) }
                kept[g] = classifyByVote(groups[g])
            }
        }
        var edges = BooleanBuilder.present(kept)
        guard meter.spend(BooleanBuilder.Cost.kept * edges.count) else { return .failure(.outOfWork) }
        var loops = chain(edges)
        // A loop that did not come back to its start is closed by a line: harmless across a gap
        // of the tolerance's order, not an outline across a wider one. Where it is wider, the
        // edges are balanced through the shortest changes among the pieces near the vertices
        // that do not balance, when those are short, and chained again.
        if widestOpening > 10 * tolerance {
            // Through short pieces first; on the widened attempt, from the same edges again,
            // also along pieces that run alongside.
            var balancedEdges = kept
            var balanced = balanceThroughShortPieces(&balancedEdges, groups, alongside: false)
            if !balanced, balancesAlongside, !meter.isSpent {
                balancedEdges = kept
                balanced = balanceThroughShortPieces(&balancedEdges, groups, alongside: true)
            }
            guard !meter.isSpent else { return .failure(.outOfWork) }
            if balanced {
                kept = balancedEdges
                edges = BooleanBuilder.present(kept)
                widestOpening = 0
                loops = chain(edges)
            }
        }
        guard widestOpening <= 10 * tolerance else { return .failure(.inconsistent) }
        let result = outline(loops)
        guard meter.spend(BooleanBuilder.Cost.element * result.elements.count) else { return .failure(.outOfWork) }
        return .success((result, meter.used))
    }

    /// The edges kept, in order (into room for all: `compactMap` grows its list as it goes).
    static func present(_ kept: [Kept?]) -> [Kept] {
        var edges: [Kept] = []
        edges.reserveCapacity(kept.count)
        for case let k? in kept { edges.append(k) }
        return edges
    }

    /// Makes the kept edges balance at every vertex (as many in as out) by the shortest changes
    /// along pieces: from a vertex with an edge in too many to one with an edge out too many, the
    /// path through the groups of the fewest units of length, each group run along it either
    /// kept that way where it was not kept, or no longer kept where it ran the other way. Only
    /// paths within `Tolerance.balancingReach` times the tolerance are taken: where pieces
    /// about the tolerance long crowd (ends of segments and copies within a few tolerances of
    /// each other), the regions beside each are a hair wide and their classification can fail
    /// either way; a change along such a path moves the outline by no more than the path's
    /// length. With `alongside` (tried on the widened attempt when that fails), a piece that
    /// runs alongside others counts as the widest gap between them: where two ways between the same places stay
    /// within 1e-6 of each other (a near stop's offset beside a cap's circle), the point tests
    /// beside each can see the same region on both sides and keep neither, and keeping one moves
    /// the outline by no more than that gap. (On every attempt, this made a nudged copy's result
    /// wrong: a path along the copy, long and alongside, was taken where a short one was right.)
    /// False (and `kept` partly changed) when some vertex cannot be balanced so.
    func balanceThroughShortPieces(_ kept: inout [Kept?], _ groups: PieceGroups, alongside: Bool) -> Bool {
        var balance = Array(repeating: 0, count: vertices.count)
        for case let k? in kept { balance[k.from] += 1; balance[k.to] -= 1 }
        // The groups at each vertex, and how far the outline may move where each is changed: its
        // length (its chord through its middle); with `alongside`, where it runs
        // alongside other pieces (its middle and quarters each within that of one), the widest
        // gap between them.
        let reach = Tolerance.balancingReach * tolerance
        var at = Array(repeating: [Int](), count: vertices.count)
        var length = Array(repeating: 0.0, count: groups.count)
        for g in groups.indices {
            let group = groups[g]
            let p = pieces[group.first!]
            guard p.from != p.to else { continue }
            at[p.from].append(g)
            at[p.to].append(g)
            length[g] = p.segment.start.distance(to: p.middle) + p.middle.distance(to: p.segment.end)
            guard alongside, length[g] > reach else { continue }
            var widest = 0.0
            for t in BooleanBuilder.spots where widest < reach {
                let x = p.segment.point(at: t)
                var gap = reach
                pieceGrid.forEach(near: Rect(minX: x.x, minY: x.y, maxX: x.x, maxY: x.y), margin: reach) { k in
                    guard !group.contains(k) else { return }
                    meter.spend(BooleanBuilder.Cost.nearest)
                    gap = Swift.min(gap, pieces[k].segment.nearest(to: x).distance)
                }
                widest = Swift.max(widest, gap)
            }
            if widest < reach { length[g] = widest }
        }
        meter.spend(BooleanBuilder.Cost.piece * groups.count)
        var distance = Array(repeating: Double.infinity, count: vertices.count)
        var through = Array(repeating: -1, count: vertices.count)
        var done = Array(repeating: false, count: vertices.count)
        var touched: [Int] = []
        while let source = balance.firstIndex(where: { $0 < 0 }) {
            // Dijkstra's search from the source, out to the reach.
            for v in touched { distance[v] = .infinity; through[v] = -1; done[v] = false }
            touched = [source]
            distance[source] = 0
            var frontier = [source]
            var target: Int?
            while !frontier.isEmpty {
                let i = frontier.indices.min { distance[frontier[$0]] < distance[frontier[$1]] }!
                frontier.swapAt(i, frontier.count - 1)
                let u = frontier.removeLast()
                guard !done[u] else { continue }
                done[u] = true
                if balance[u] > 0 { target = u; break }
                for g in at[u] {
                    guard meter.spend(BooleanBuilder.Cost.visit) else { return false }
                    let p = pieces[groups.head(of: g)]
                    let w = p.from == u ? p.to : p.from
                    // Along u → w: not kept, or kept w → u (then dropped); not kept u → w.
                    if let k = kept[g], k.from == u { continue }
                    let d = distance[u] + length[g]
                    guard d <= reach, d < distance[w], !done[w] else { continue }
                    if distance[w] == .infinity { touched.append(w); frontier.append(w) }
                    distance[w] = d
                    through[w] = g
                }
            }
            guard let target else { return false }
            var v = target
            while v != source {
                let g = through[v]
                let head = groups.head(of: g)
                let p = pieces[head]
                let u = p.from == v ? p.to : p.from
                if kept[g] != nil {
                    kept[g] = nil
                } else {
                    kept[g] =
                        p.from == u
                        ? Kept(piece: head, forward: true, from: p.from, to: p.to, segment: p.segment)
                        : Kept(piece: head, forward: false, from: p.to, to: p.from, segment: p.segment.reversed)
                }
                v = u
            }
            balance[source] += 1
            balance[target] -= 1
        }
        return true
    }

    /// Piece `b` kept as `k` keeps the piece before it, which runs into `b`'s start.
    func continuing(_ k: Kept, with b: Int) -> Kept {
        let p = pieces[b]
        return k.forward
            ? Kept(piece: b, forward: true, from: p.from, to: p.to, segment: p.segment)
            : Kept(piece: b, forward: false, from: p.to, to: p.from, segment: p.segment.reversed)
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
        edgeGrid = grid
        var budget = meter.budget - meter.used
        defer { meter.used = meter.budget - budget }
        // The search's own tolerance is 1e-9 of the size it is given: this one's, widened.
        let scale = tolerance / (Tolerance.meetingDistance(size))
        for i in edges.indices {
            let a = edges[i].segment
            if case .cubic(let c) = a, let (s, t) = c.selfIntersection() {
                let p = c.point(at: s)
                appendCut(i, s, p)
                appendCut(i, t, p)
            }
            var failure: BooleanFailure?
            grid.forEach(near: edges[i].box, margin: tolerance, after: i) { j in
                guard failure == nil else { return }
                // Consecutive segments that leave their shared end wide apart (most pairs of a
                // glyph): the search would find that end alone, which is no cut. Charged as one
                // meeting found.
                if Intersections.meetOnlyAtSharedEnd(a, edges[j].segment, tolerance: tolerance) {
                    budget -= Intersections.Cost.segmentPair + Intersections.Cost.meeting + 2 * Cost.cut
                    meter.used = meter.budget - budget
                    if budget <= 0 { failure = .outOfWork }
                    return
                }
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
                    // An end the two share exactly (consecutive segments of a path) is a vertex
                    // of both already: a cut there would be at an end of each, which no piece
                    // starts at and every grazing meeting considers anyway.
                    if m.overlapEnd == nil, m.t == 0 || m.t == 1, m.u == 0 || m.u == 1,
                        m.point == (m.t == 0 ? edges[i].start : edges[i].end), m.point == (m.u == 0 ? edges[j].start : edges[j].end)
                    {
                        continue
                    }
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
            meter.spend((edges[i].cutCount + edges[j].cutCount) / Cost.cutsComparedPerUnit)
            forEachCut(of: i) { consider($0.point) }
            forEachCut(of: j) { consider($0.point) }
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
        var known = [aStart, aEnd, bStart, bEnd]
        if grazing {
            forEachCut(of: i) { known.append($0.point) }
            forEachCut(of: j) { known.append($0.point) }
        }
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

    /// Adds a cut to edge i, after its others.
    mutating func appendCut(_ i: Int, _ t: Double, _ point: Point) {
        let k = cuts.count
        // (Room for a glyph's dozen or so at the first.)
        if k == 0 { cuts.reserveCapacity(16) }
        cuts.append(Cut(t: t, point: point))
        if edges[i].lastCut >= 0 { cuts[edges[i].lastCut].next = k } else { edges[i].firstCut = k }
        edges[i].lastCut = k
        edges[i].cutCount += 1
    }

    /// Calls `body` with each cut of edge i, in the order found.
    func forEachCut(of i: Int, _ body: (Cut) -> Void) {
        var k = edges[i].firstCut
        while k >= 0 {
            body(cuts[k])
            k = cuts[k].next
        }
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
        let endCount = 2 * edges.count + cuts.count
        var ends = VertexSet(tolerance: tolerance, capacity: endCount)
        // At most one piece more than its cuts for each edge.
        pieces.reserveCapacity(endCount - edges.count)
        var stops: [(t: Double, vertex: Int)] = []
        // Each edge's cuts in order of parameter (of equal ones, the first found first).
        var edgeCuts: [Cut] = []
        for e in edges.indices {
            edgeCuts.removeAll(keepingCapacity: true)
            forEachCut(of: e) { edgeCuts.append($0) }
            edgeCuts.stablySort { $0.t < $1.t }
            let edge = edges[e]
            let s = edge.segment
            // The cuts in order, without the ends and without repeats: (t, vertex).
            stops.removeAll(keepingCapacity: true)
            stops.append((0, ends.vertex(for: edge.start)))
            // An end within the tolerance of the start (a closed segment: a whole circle, whose
            // end is its start to rounding) is at the start's vertex. Asked for on its own, it
            // could fall to another: a vertex is where its first point came, and the start may
            // lie just within the tolerance of that point while the end lies just beyond it.
            let closed = edge.end.quickDistance(to: edge.start) <= tolerance
            var endVertex = closed ? stops[0].vertex : ends.vertex(for: edge.end)
            // A stretch from one vertex back to it is a piece only if it goes somewhere (a
            // cubic's loop does; two cuts a rounding apart do not).
            func goesSomewhere(_ t0: Double, _ t1: Double, _ v: Int) -> Bool {
                s.point(at: 0.5 * (t0 + t1)).quickDistance(to: ends.points[v]) > tolerance
            }
            // A closed segment whose start fell just beyond the tolerance of a vertex that its
            // first or last cut is at (a circle and its copy moved by the tolerance itself: fuzz
            // B34) is seamed at that vertex instead: where a closed segment starts is arbitrary,
            // and two copies of a circle then run between the same vertices and are one edge.
            var seamCut: Double?
            if closed, let first = edgeCuts.first(where: { $0.t > 0 && $0.t < 1 }), let last = edgeCuts.last(where: { $0.t > 0 && $0.t < 1 }) {
                for cut in [first, last] where seamCut == nil {
                    let v = ends.vertex(for: cut.point)
                    // Only to a vertex made before its own start's: two copies of a circle, each
                    // starting just beyond the tolerance of the other's start, would otherwise
                    // each be seamed at the other's (fuzz B39), and still be no group.
                    guard v < stops[0].vertex else { continue }
                    let (t0, t1) = cut.t < 0.5 ? (0.0, cut.t) : (cut.t, 1.0)
                    if !goesSomewhere(t0, t1, v), ends.points[v].quickDistance(to: edge.start) <= 2 * tolerance {
                        stops[0].vertex = v
                        endVertex = v
                        seamCut = cut.t
                    }
                }
            }
            for cut in edgeCuts where cut.t > 0 && cut.t < 1 && cut.t != seamCut {
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
}
