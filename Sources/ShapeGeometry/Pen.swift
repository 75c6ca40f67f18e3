/// The geometry of a stroke: the pieces it sweeps, its joins and caps as disks and convex
/// polygons, and the candidate pieces of its outline. (Its sweep and its offsets are in
/// Pen+Sweep.swift and Pen+Offsets.swift, which share its storage.)
struct Pen {
    let style: StrokeStyle
    let h: Double
    let size: Double
    let tolerance: Double
    /// Drawn pieces (segments cut at their cusps), each sweeping its normals of length h.
    var pieces: [Segment] = []
    var disks: [Point] = []
    var diskCentres = Set<GridCell>()
    var polygons: [[Point]] = []
    /// Where a piece's normals turn about a point (`Fan`: a hook too small to draw, `Pen.hooks`).
    var fans: [Fan] = []
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
    var sampled: (segment: Segment, turning: SegmentSamples)?
    /// Storage `fit` and `geometricFit` reuse from one piece to the next (a stroke fits
    /// thousands of pieces; three arrays made for each cost 5% of its time): the offset's points
    /// at the Hermite check's 16 parameters, a geometric fit's 33 samples and their projections.
    var between: [Point] = []
    var samples: [Point] = []
    var projections: [Double] = []

    /// What making the candidate pieces costs, in the language's work units (about 50 ns each).
    enum Cost {
        /// A Bézier's or elliptical arc's offset: its cusps and turns found from 128 samples.
        static let curve = 200
        /// One fitted cubic, checked against the true offset both ways at 16 points.
        static let fit = 400
        /// A line's or circular arc's offset, a join or a cap.
        static let exact = 8
    }
    var grid = BoxGrid([])
    var diskGrid = BoxGrid([])
    var polygonGrid = BoxGrid([])
    var fanGrid = BoxGrid([])

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
        tolerance = Swift.max(Swift.min(style.tolerance, Tolerance.offsetCoarsest * self.size), Tolerance.offsetRelative * self.size)
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
        // Which ends of the pieces are disks: a cusp, a round cap where an open subpath starts
        // or ends, a corner with a round join. A piece with a disk at both ends has all its
        // normals within the stroke's disks and sweep, so its offsets' reversed stretches are
        // inside (`approximateOffset`).
        // (Going straight on from a to b, or no direction to tell: no join is drawn there.)
        func smooth(_ a: Segment, _ b: Segment) -> Bool {
            guard let d0 = Pen.tangent(a, at: 1), let d1 = Pen.tangent(b, at: 0) else { return true }
            return abs(d0.cross(d1)) <= Tolerance.parallel && d0.dot(d1) > 0
        }
        let joined = closed && (run.count > 1 || first.end != first.start)
        func diskBefore(_ k: Int) -> Bool {
            if cuspEnds[k].start { return true }
            if k == 0 && !joined { return style.cap == .round }
            return style.join == .round && !smooth(run[k == 0 ? run.count - 1 : k - 1], run[k])
        }
        func diskAfter(_ k: Int) -> Bool {
            if cuspEnds[k].end { return true }
            if k == run.count - 1 && !joined { return style.cap == .round }
            return style.join == .round && !smooth(run[k], run[k == run.count - 1 ? 0 : k + 1])
        }
        // A piece that nearly stops (at an end or inside) and turns there within half the
        // tolerance of a point is swept as the rest of it, lines into and out of that point and
        // the turns about the lines' ends (`Pen.hooks`); the joins, caps and end normals are the
        // piece's own, and a turn about an end that is a disk is inside it.
        for (k, s) in run.enumerated() {
            guard !isSpent else { return }
            let roundStart = diskBefore(k), roundEnd = diskAfter(k)
            let hooks = Pen.hooks(s, within: 0.5 * tolerance)
            for part in hooks.parts {
                pieces.append(part)
                boundary += offsets(of: part, by: h, roundStart: roundStart, roundEnd: roundEnd)
                boundary += offsets(of: part, by: -h, roundStart: roundStart, roundEnd: roundEnd)
            }
            for (fan, end) in hooks.fans where !(end.map { $0 ? roundEnd : roundStart } ?? false) { addFan(fan) }
            error = Swift.max(error, hooks.error)
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
        fanGrid = BoxGrid(fans.map { Rect(point: $0.center) })
        polygonGrid = BoxGrid(
            polygons.map { ps in
                ps.dropFirst().reduce(Rect(point: ps[0])) {
                    var r = $0; r.include($1); return r
                }
            })
    }

    /// Whether x is in the stroke: on a normal of length h of a piece, or in a join or cap; with
    /// round caps and joins, within h of a piece.
    func covers(_ x: Point) -> Bool {
        let probe = Rect(point: x)
        var found = false
        diskGrid.forEach(near: probe, margin: h) { k in if !found, disks[k].distance(to: x) <= h { found = true } }
        if found { return true }
        polygonGrid.forEach(near: probe, margin: 0) { k in if !found, Pen.convex(polygons[k], contains: x) { found = true } }
        if found { return true }
        fanGrid.forEach(near: probe, margin: h) { k in if !found, fans[k].covers(x, within: h) { found = true } }
        if found { return true }
        // With round caps and joins the stroke is every point within h of the path: its nearest
        // point says so, where a foot near a near cusp (the curve turning within 1e-11 of its
        // parameter, clustered roots of the foot equation) was refused as no foot.
        let within = style.cap == .round && style.join == .round && slope == 0
        grid.forEach(near: probe, margin: h) { k in
            guard !found else { return }
            if within {
                found = pieces[k].nearest(to: x).distance <= h
            } else if Pen.hasFoot(pieces[k], from: x, within: h, rest: Tolerance.nearRest * size, slack: Tolerance.meetingDistance(size)) {
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

    /// The normals turning about a point: both its sectors are in the stroke, their arcs and the
    /// normals where the turn starts and ends are candidates.
    mutating func addFan(_ fan: Fan) {
        guard abs(fan.turn) > Tolerance.parallel else { return }
        fans.append(fan)
        let c = fan.center
        boundary.append(.line(LineSegment(c + fan.from * h, c - fan.from * h)))
        boundary.append(.line(LineSegment(c + fan.to * h, c - fan.to * h)))
        let start = arcTangent2(fan.from.dy, fan.from.dx)
        for side in [0.0, Double.pi] {
            boundary.append(.arc(Arc(center: c, u: Vector(h, 0), v: Vector(0, h), startAngle: start + side, sweep: fan.turn)))
        }
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
}
