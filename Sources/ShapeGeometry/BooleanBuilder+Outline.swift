/// Steps 3 to 5 of a boolean operation (see `BooleanBuilder`): the edges classified, chained into
/// loops, and the loops made an outline.
extension BooleanBuilder {
    // MARK: 3. Classification

    /// Whether the group's edge bounds the result, and which way it runs: by the fill of both
    /// paths at a point on each side of the first piece, where it is clear of everything else
    /// (its middle, or if that is crowded, the clearer of its quarters).
    ///
    /// Only the right side's winding numbers are computed: crossing the edge to the left adds
    /// +1 to a path's winding number for each of its pieces in the group that runs the same way
    /// as the first, −1 for each that runs against it (see `Path.winding(at:)`).
    func classify(_ group: some Collection<Int>) -> Kept? {
        classify(group, at: BooleanBuilder.spots, clearest: true)
    }

    /// `classify` of group g (a group of one piece as a range of one index: no reference to the
    /// groups' list held).
    func classify(group g: Int, of groups: PieceGroups) -> Kept? {
        #if hasFeature(Embedded)
        return classify(groups[g])
        #else
        let head = groups.head(of: g)
        return groups.size(of: g) == 1 ? classify(BooleanBuilder.onePiece(head)) : classify(groups[g])
        #endif
    }

    /// The group of piece `k` alone: natively a range of one index; in the playground's module a
    /// slice, the groups' own type, so that `classify` and `sideDistance` are made once there
    /// (each copy took 2.7 KB of the module).
    #if hasFeature(Embedded)
    static func onePiece(_ k: Int) -> ArraySlice<Int> { [k][...] }
    #else
    static func onePiece(_ k: Int) -> Range<Int> { k..<(k + 1) }
    #endif

    /// Where `classify` looks along a piece: its middle, then its quarters.
    static let spots = [0.5, 0.25, 0.75]

    /// The classification by a vote of the points at `spots` along the piece (each with its own
    /// side distance): for edges at a vertex where the kept edges do not balance, where one
    /// point's view of a thin or sharply turning piece may be wrong.
    func classifyByVote(_ group: some Collection<Int>) -> Kept? {
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

    func classify(_ group: some Collection<Int>, at spots: [Double], clearest: Bool) -> Kept? {
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

    /// At most this many edges are counted one by one for a winding number.
    static let fewEdges = 128

    /// The winding number of `path` around p: from its edges (`range` of `edges`, which bound
    /// the same fill) one by one while they are few, else from the path's kept index. (The
    /// number is the same whichever way the ray goes: p is off every edge.)
    func winding(of range: Range<Int>, in path: Path, at p: Point) -> Int {
        guard range.count <= BooleanBuilder.fewEdges else {
            var visits = 0
            let w = path.winding(at: p, visits: &visits)
            meter.spend(Cost.visit * visits)
            return w
        }
        meter.spend(Cost.visit * range.count)
        var w = 0
        for k in range { w += Path.crossings(of: edges[k].segment, controlBounds: edges[k].box, from: p) }
        return w
    }

    /// How far beside the group's piece at `t` to look: half the distance to the nearest other
    /// piece, and no more than a quarter of the piece's own extent or half its radius of curvature
    /// there, or a thousandth of the size (the limit, also returned); then halved until the points
    /// on both sides are nearest to that place of the piece, not to another part of it (a
    /// hairpin's other leg).
    func sideDistance(of group: some Collection<Int>, at t: Double, point m: Point, normal n: Vector) -> (Double, limit: Double) {
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
            // A cubic or a quadratic is first asked whether it provably keeps out of that disk
            // (no roots to solve); only where that is not shown is its nearest point found.
            func clear(_ x: Point) -> Bool {
                let radius = (1 - Tolerance.sideCheck) * reach
                switch s {
                case .cubic(let c): if BooleanBuilder.keepsOut(c, of: x, radius: radius, touching: t) { return true }
                case .quadratic(let q): if BooleanBuilder.keepsOut(q, of: x, radius: radius, touching: t) { return true }
                case .line, .arc: break
                }
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
        let (a, b, l) = c.powerBasis
        return keepsOut(a, b, l, c.p0, of: x, radius: radius, touching: t)
    }

    /// `keepsOut` of a quadratic Bézier: the same proof with no cubic term (g of degree 4).
    static func keepsOut(_ q: QuadraticBezier, of x: Point, radius: Double, touching t: Double) -> Bool {
        keepsOut(Vector(0, 0), (q.p0 - q.p1) + (q.p2 - q.p1), 2 * (q.p1 - q.p0), q.p0, of: x, radius: radius, touching: t)
    }

    /// `keepsOut` of the curve a·u³ + b·u² + l·u + p0 (its power basis).
    static func keepsOut(_ a: Vector, _ b: Vector, _ l: Vector, _ p0: Point, of x: Point, radius: Double, touching t: Double) -> Bool {
        var (a, b, l) = (a, b, l)
        var e = p0 - x
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
                // The candidates: unused edges out of v, and the first edge when back at its start
                // (most often one: then it is the next, without a list).
                var only = -1, count = 0
                for i in starts[v]..<starts[v + 1] where !used[outgoing[i]] {
                    only = outgoing[i]
                    count += 1
                }
                if v == kept[startEdge].from {
                    only = startEdge
                    count += 1
                }
                var next: Int? = count == 1 ? only : nil
                if count > 1 {
                    candidates.removeAll(keepingCapacity: true)
                    for i in starts[v]..<starts[v + 1] where !used[outgoing[i]] { candidates.append(outgoing[i]) }
                    if v == kept[startEdge].from { candidates.append(startEdge) }
                    next = BooleanBuilder.nextEdge(after: kept[current], among: candidates, kept)
                }
                guard let next else {
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
        // At most a move, the loop's pieces and a closing line for each loop.
        var result = emptyOutline(reserving: loops.reduce(0) { $0 + $1.count + 2 })
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
            BooleanBuilder.appendLoop(to: &result, count: n, corner: { corners[$0] }, segment: { parts[$0].segment })
        }
        return result
    }

    /// The path an outline is appended to, with room for `count` elements: as unmeasured as the
    /// path it outlines (`Path.measuresLater`): a host that leaves the lengths of its drawing for
    /// later leaves its outline's too.
    func emptyOutline(reserving count: Int) -> Path {
        var result = Path(accuracy: first.accuracy)
        result.measuresLater = first.measuresLater
        result.reserveCapacity(count)
        return result
    }

    /// Appends a loop of `count` parts to `result`: part k runs from `corner(k)` to the next
    /// corner (its ends moved there), and the loop starts at its top-left corner (least y, then
    /// least x: the same place whichever part the chaining began with), closed by its last part
    /// when that is a line, else by a closing line back to its start.
    static func appendLoop(to result: inout Path, count n: Int, corner: (Int) -> Point, segment: (Int) -> Segment) {
        guard n > 0 else { return }
        var first = 0
        var top = corner(0)
        for k in 1..<n {
            let c = corner(k)
            if (c.y, c.x) < (top.y, top.x) { (first, top) = (k, c) }
        }
        // Part k of the loop from there is part (first + k) % n.
        result.append(.move(top))
        for k in 0..<n {
            let here = (first + k) % n, next = (first + k + 1) % n
            let s = BooleanBuilder.moved(segment(here), from: corner(here), to: corner(next))
            if k == n - 1, n > 1, case .line(let l) = s {
                result.append(.close(l))
                break
            }
            result.append(.segment(s))
            if k == n - 1 { result.append(.close(LineSegment(s.end, top))) }
        }
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
        // (Most loops have nothing to join: given back as they are, without the lists below.)
        guard loop.indices.contains(where: { continues(loop[$0], loop[($0 + 1) % loop.count]) }) else { return loop }
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
