// Where whole paths meet: the pairs of elements through the index, joined, and self-intersection.

/// Where a path crosses or touches another path, or itself.
public struct PathIntersection: Sendable, Equatable {
    /// The point.
    public var point: Point
    /// The arc length along the path; for a self-intersection, the smaller of the two.
    public var at: Double
    /// The arc length along the other path; for a self-intersection, the larger of the two.
    public var other: Double
    /// For each end of a stretch where the two overlap: the stretch's length.
    public var overlap: Double?

    /// A meeting at `point`, `at` and `other` along the two paths.
    public init(point: Point, at: Double, other: Double, overlap: Double? = nil) {
        self.point = point; self.at = at; self.other = other; self.overlap = overlap
    }
}

extension Path {
    /// The points where this path crosses or touches `other`, in increasing `at` (each within
    /// 1e-9 of the larger path's size of the exact point; none missed, none twice; an overlap
    /// given by its two ends). Pairs of elements are found through `other`'s index, so the
    /// cost is about the elements near each other, not the product of the counts.
    /// Throws `unsettled` where the search gave up (it never returns a list that might miss one).
    /// `tolerance`, relative to the paths' size (`Tolerance.meeting` unless told; clamped to
    /// 1e-12 ... 1e-3): points closer than it are one, and where the two run within it of each
    /// other they overlap.
    public func intersections(with other: Path, tolerance: Double = Tolerance.meeting) throws(GeometryError) -> [PathIntersection] {
        try intersections(with: other, tolerance: tolerance, budget: Int.max).found
    }

    /// `intersections(with:)`, counting its work (`Intersections.Cost`) against `budget`: the
    /// answer and the work done. Throws `outOfWork` when the budget runs out, `unsettled` when
    /// the search gives up with budget left.
    public func intersections(
        with other: Path, tolerance: Double = Tolerance.meeting, budget: Int
    ) throws(GeometryError) -> (found: [PathIntersection], work: Int) {
        // The searches' tolerances are `Tolerance.meeting` of the size they are given.
        let size = Path.size(self, other) * (Path.relativeTolerance(tolerance) / Tolerance.meeting)
        var result: [PathIntersection] = []
        var left = budget
        for i in elements.indices {
            guard let a = segment(at: i) else { continue }
            // Grown by the tolerance: an end that stops within it of another element meets it.
            let box = Box(a.controlBounds, grownBy: Tolerance.meetingDistance(size))
            var ranOut = false
            other.forEachSegment(near: box) { j, b in
                guard !ranOut, let meetings = Intersections.between(a, b, size: size, budget: &left) else { ranOut = true; return }
                left -= Intersections.Cost.reported * meetings.count
                guard left > 0 else { ranOut = true; return }
                for m in meetings { result += Path.report(m, self, i, a, other, j, b) }
            }
            if ranOut { throw left > 0 ? .unsettled : .outOfWork }
        }
        return (
            Path.distinct(Path.joiningStretches(result, tolerance: Tolerance.meetingDistance(size)), tolerance: Tolerance.meetingDistance(size)),
            budget - left
        )
    }

    /// The points where this path crosses or touches itself, in increasing `at` (`at` the
    /// smaller arc length, `other` the larger). The joint where one element ends and the next
    /// begins is not one, nor is where a closed subpath's closing segment meets its start.
    /// Throws `unsettled` where the search gave up.
    public func selfIntersections(tolerance: Double = Tolerance.meeting) throws(GeometryError) -> [PathIntersection] {
        try selfIntersections(tolerance: tolerance, budget: Int.max).found
    }

    /// `selfIntersections()`, counting its work (`Intersections.Cost`) against `budget`: the
    /// answer and the work done. Throws `outOfWork` when the budget runs out, `unsettled` when
    /// the search gives up with budget left.
    public func selfIntersections(
        tolerance: Double = Tolerance.meeting, budget: Int
    ) throws(GeometryError) -> (found: [PathIntersection], work: Int) {
        var left = budget
        let size = Path.size(self, self) * (Path.relativeTolerance(tolerance) / Tolerance.meeting)
        let tolerance = Tolerance.meetingDistance(size)
        let sets = vertexSets(tolerance: tolerance)
        var result: [PathIntersection] = []
        for i in elements.indices {
            guard let a = segment(at: i) else { continue }
            // A cubic crossing itself in a loop.
            if case .cubic(let c) = a, let (s, t) = c.selfIntersection() {
                let p = c.point(at: s)
                result.append(PathIntersection(point: p, at: arcLength(element: i, at: s), other: arcLength(element: i, at: t)))
            }
            // A straight Bézier that turns back along its line runs over itself: its parts between
            // the turns, each one way, overlap (not at the turn they share, which is a joint).
            if let turns = BooleanBuilder.turns(ofStraight: a, tolerance: tolerance), !turns.isEmpty {
                let cuts = [0] + turns + [1]
                for p in 0..<(cuts.count - 1) {
                    for q in (p + 1)..<(cuts.count - 1) {
                        let (p0, p1, q0, q1) = (cuts[p], cuts[p + 1], cuts[q], cuts[q + 1])
                        let first = a.piece(from: p0, to: p1), second = a.piece(from: q0, to: q1)
                        guard let meetings = Intersections.between(first, second, size: size, budget: &left) else {
                            throw left > 0 ? .unsettled : .outOfWork
                        }
                        for m in meetings {
                            let t = p0 + m.t * (p1 - p0), u = q0 + m.u * (q1 - q0)
                            if m.overlapEnd == nil, q == p + 1, abs(t - p1) <= Tolerance.sharedCut, abs(u - q0) <= Tolerance.sharedCut { continue }
                            let mapped = Intersections.Meeting(
                                t: t, u: u, point: m.point, overlapEnd: m.overlapEnd.map { (p0 + $0.t * (p1 - p0), q0 + $0.u * (q1 - q0), $0.point) })
                            result += Path.report(mapped, self, i, a, self, i, a).map { r in
                                var r = r
                                if r.other < r.at { swap(&r.at, &r.other) }
                                return r
                            }
                        }
                    }
                }
            }
            // Grown by the tolerance: an end that stops within it of another element meets it.
            let box = Box(a.controlBounds, grownBy: Tolerance.meetingDistance(size))
            var ranOut = false
            forEachSegment(near: box) { j, b in
                guard j > i, !ranOut else { return }
                guard let meetings = Intersections.between(a, b, size: size, budget: &left) else { ranOut = true; return }
                left -= Intersections.Cost.reported * meetings.count
                guard left > 0 else { ranOut = true; return }
                for m in meetings {
                    // Joints: the end of one element and the start of the next in its subpath, and
                    // a closing segment's end at its subpath's start.
                    if m.overlapEnd == nil, isJoint(m, i, j, sets, tolerance: tolerance) { continue }
                    result += Path.report(m, self, i, a, self, j, b).map { r in
                        var r = r
                        if r.other < r.at { swap(&r.at, &r.other) }
                        return r
                    }
                }
            }
            if ranOut { throw left > 0 ? .unsettled : .outOfWork }
        }
        return (Path.distinct(Path.joiningStretches(result, tolerance: tolerance), tolerance: tolerance), budget - left)
    }

    /// The path's vertices as sets of element ends joined in drawing: an element's end and the
    /// start of the segment drawn next (after the move that starts a subpath where it ended, as
    /// drawing on after `close` does), a closing segment's end and its subpath's first start, and
    /// the two ends of a segment of no length. End `2k` is element k's start, `2k + 1` its end.
    func vertexSets(tolerance: Double) -> [Int] {
        var parent = Array(0..<(2 * elements.count))
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        func join(_ a: Int, _ b: Int) { parent[find(a)] = find(b) }
        for i in elements.indices {
            guard let s = segment(at: i) else { continue }
            if s.start.distance(to: s.end) <= tolerance, length(ofElement: i) <= tolerance { join(2 * i, 2 * i + 1) }
            var next = i + 1
            while next < elements.count, case .move(let p) = elements[next], p.distance(to: s.end) <= tolerance { next += 1 }
            if next < elements.count, let n = segment(at: next), n.start.distance(to: s.end) <= tolerance { join(2 * i + 1, 2 * next) }
            if case .close = elements[i], let first = firstSegmentIndex(ofSubpathHolding: i), first != i { join(2 * i + 1, 2 * first) }
        }
        return parent.indices.map(find)
    }

    /// Whether meeting `m` of elements i and j is only where the path passes from one element to
    /// the next: at an end of each, the two ends joined in drawing (`vertexSets`).
    func isJoint(_ m: Intersections.Meeting, _ i: Int, _ j: Int, _ sets: [Int], tolerance: Double) -> Bool {
        guard let a = segment(at: i), let b = segment(at: j) else { return false }
        // The ends of each at the point (both, for a segment that closes on itself).
        let endsA = [2 * i, 2 * i + 1].filter { ($0 == 2 * i ? a.start : a.end).distance(to: m.point) <= tolerance }
        let endsB = [2 * j, 2 * j + 1].filter { ($0 == 2 * j ? b.start : b.end).distance(to: m.point) <= tolerance }
        return endsA.contains { x in endsB.contains { sets[$0] == sets[x] } }
    }

    /// The index of the first segment of the subpath holding element `k`.
    func firstSegmentIndex(ofSubpathHolding k: Int) -> Int? {
        guard let start = subpathStarts.last(where: { $0 <= k }) else { return nil }
        return start + 1 <= k ? start + 1 : nil
    }

    /// Calls `body` with each segment whose control box meets `box` (through the index).
    func forEachSegment(near box: Box, _ body: (Int, Segment) -> Void) {
        index.walk(
            { node in
                let b = node.control
                return node.hasSegments && b.minX <= box.maxX && box.minX <= b.maxX && b.minY <= box.maxY && box.minY <= b.maxY
                    ? .descend : .skip
            },
            { range in
                for k in range {
                    guard let s = segment(at: k) else { continue }
                    let b = s.controlBounds
                    if b.minX <= box.maxX, box.minX <= b.maxX, b.minY <= box.maxY, box.minY <= b.maxY { body(k, s) }
                }
            })
    }

    /// The arc length to parameter `t` of element `i`.
    func arcLength(element i: Int, at t: Double) -> Double {
        guard let s = segment(at: i) else { return length(before: i) }
        return Swift.min(length(before: i) + s.arcLength(upTo: t, accuracy: accuracy), length(before: i + 1))
    }

    /// The scale tolerances are relative to: the larger side of both paths' bounds, but no less
    /// than 1e-6 of their largest coordinate (a path smaller than that is rounding noise where
    /// it lies: its tolerance is then a few units in the last place of its coordinates).
    static func size(_ a: Path, _ b: Path) -> Double {
        var r = a.bounds ?? b.bounds ?? Rect(point: Point(0, 0))
        if let o = b.bounds { r = r.union(o) }
        let magnitude = Swift.max(abs(r.minX), abs(r.maxX), abs(r.minY), abs(r.maxY))
        return Swift.max(r.width, r.height, Tolerance.sizeOfCoordinates * magnitude, Tolerance.sizeFloor)
    }

    static func report(_ m: Intersections.Meeting, _ p: Path, _ i: Int, _ a: Segment, _ q: Path, _ j: Int, _ b: Segment) -> [PathIntersection] {
        let at = p.arcLength(element: i, at: m.t), other = q.arcLength(element: j, at: m.u)
        guard let end = m.overlapEnd else { return [PathIntersection(point: m.point, at: at, other: other)] }
        let atEnd = p.arcLength(element: i, at: end.t), otherEnd = q.arcLength(element: j, at: end.u)
        let length = abs(atEnd - at)
        return [
            PathIntersection(point: m.point, at: at, other: other, overlap: length),
            PathIntersection(point: end.point, at: atEnd, other: otherEnd, overlap: length),
        ]
    }

    /// In increasing `at`; points within `tolerance` of one already kept (a crossing at a joint,
    /// found from both elements) are dropped.
    /// The list with stretches that continue one another made one: `report` gives each
    /// stretch as two entries in a row, its ends; a stretch that starts where another ends, at
    /// the same place along both paths (`at` and `other`), continues it (the two edges of a
    /// square's corner that another path runs along), and the two are given as one stretch by
    /// its outer ends, with their lengths added, and points met where they join are left out.
    static func joiningStretches(_ list: [PathIntersection], tolerance: Double) -> [PathIntersection] {
        var points: [PathIntersection] = [], stretches: [(PathIntersection, PathIntersection)] = []
        var k = 0
        while k < list.count {
            if list[k].overlap != nil, k + 1 < list.count {
                let (a, b) = (list[k], list[k + 1])
                stretches.append(a.at <= b.at ? (a, b) : (b, a))
                k += 2
            } else {
                points.append(list[k])
                k += 1
            }
        }
        guard stretches.count > 1 else { return list }
        stretches.stablySort { ($0.0.at, $0.0.other) < ($1.0.at, $1.0.other) }
        var joined: [(PathIntersection, PathIntersection)] = []
        // Where two were joined: a point met there lies inside the stretch now.
        var seams: [Point] = []
        for s in stretches {
            // Continued on both paths, and the same way along the other one (a stretch run over
            // there and back again is two).
            if let last = joined.last, last.1.point.distance(to: s.0.point) <= tolerance, abs(last.1.at - s.0.at) <= tolerance,
                abs(last.1.other - s.0.other) <= tolerance, (last.1.other >= last.0.other) == (s.1.other >= s.0.other)
            {
                seams.append(s.0.point)
                let length = (last.0.overlap ?? 0) + (s.0.overlap ?? 0)
                var start = last.0, end = s.1
                start.overlap = length; end.overlap = length
                joined[joined.count - 1] = (start, end)
            } else {
                joined.append(s)
            }
        }
        let kept = points.filter { p in !seams.contains { $0.distance(to: p.point) <= tolerance } }
        return kept + joined.flatMap { [$0.0, $0.1] }
    }

    static func distinct(_ list: [PathIntersection], tolerance: Double) -> [PathIntersection] {
        // Points are looked up in a grid of cells `tolerance` wide (a point within it of another
        // is in the same cell or a neighbour), so this is O(k), not O(k²), for k meetings.
        typealias Cell = GridCell
        func cell(_ p: Point) -> Cell { GridCell(p, side: tolerance) }
        func near(_ p: Point, in grid: [Cell: [Point]]) -> Bool {
            cell(p).neighbourhood.contains { grid[$0]?.contains(where: { $0.distance(to: p) <= tolerance }) == true }
        }
        // An overlap's ends first: a point where something else meets the stretch's end is that end.
        var ends: [Cell: [Point]] = [:]
        for r in list where r.overlap != nil { ends[cell(r.point), default: []].append(r.point) }
        // Overlap ends are one when they are one point of stretches of one length at one place
        // along either path (the same stretch found twice, or from its other side): two
        // stretches that meet at a point are both given, each by its two ends.
        var keptPoints: [Cell: [Point]] = [:], keptEnds: [Cell: [PathIntersection]] = [:]
        var kept: [PathIntersection] = []
        for r in list.stablySorted(by: { ($0.at, $0.other) < ($1.at, $1.other) }) {
            if r.overlap == nil {
                if near(r.point, in: ends) || near(r.point, in: keptPoints) { continue }
                keptPoints[cell(r.point), default: []].append(r.point)
            } else {
                let same = cell(r.point).neighbourhood.contains { c in
                    keptEnds[c]?.contains { k in
                        k.point.distance(to: r.point) <= tolerance && abs((k.overlap ?? 0) - (r.overlap ?? 0)) <= tolerance
                            && (abs(k.at - r.at) <= tolerance || abs(k.other - r.other) <= tolerance)
                    } == true
                }
                if same { continue }
                keptEnds[cell(r.point), default: []].append(r)
            }
            kept.append(r)
        }
        return kept
    }
}

extension CubicBezier {
    /// The two parameters s < t in [0, 1] where the curve passes through one point twice (its
    /// loop), in closed form. With B(t) = a t³ + b t² + c t + d, B(s) = B(t) for s ≠ t means
    /// a(s² + st + t²) + b(s + t) + c = 0: two equations, linear in σ = s + t once π = st is
    /// eliminated, then s and t are the roots of z² − σz + π. Polished by Newton's method.
    func selfIntersection() -> (Double, Double)? {
        let (a, b, c) = powerBasis
        let denominator = a.dy * b.dx - a.dx * b.dy
        guard denominator != 0 else { return nil }
        let sigma = (a.dx * c.dy - a.dy * c.dx) / denominator
        // a(σ² − π) = −(bσ + c), in the larger of a's components.
        let useX = abs(a.dx) >= abs(a.dy)
        let ak = useX ? a.dx : a.dy, bk = useX ? b.dx : b.dy, ck = useX ? c.dx : c.dy
        guard ak != 0 else { return nil }
        let pi = sigma * sigma + (bk * sigma + ck) / ak
        let discriminant = sigma * sigma - 4 * pi
        guard discriminant > 0 else { return nil }
        let root = discriminant.squareRoot()
        var s = 0.5 * (sigma - root), t = 0.5 * (sigma + root)
        guard s >= -Tolerance.parameter, t <= 1 + Tolerance.parameter, t - s > Tolerance.parameter else { return nil }
        // Newton on B(s) − B(t) = 0.
        for _ in 0..<8 {
            let f = point(at: s) - point(at: t)
            let ds = derivative(at: s), dt = derivative(at: t)
            let det = ds.dx * (-dt.dy) + dt.dx * ds.dy
            guard det != 0 else { break }
            s -= (-dt.dy * f.dx + dt.dx * f.dy) / det
            t -= (-ds.dy * f.dx + ds.dx * f.dy) / det
        }
        s = Swift.min(Swift.max(s, 0), 1); t = Swift.min(Swift.max(t, 0), 1)
        return t - s > Tolerance.parameter ? (s, t) : nil
    }
}
