// Stretches where two segments run together.

extension Intersections {
    // MARK: Overlaps

    /// The overlap of `a` and `b` if they coincide along a stretch longer than `tolerance` (as
    /// its start and end), a single touching meeting if they only share an end point's worth, or
    /// nil when they do not lie on one curve.
    static func overlap(_ a: Segment, _ b: Segment, tolerance: Double) -> [Meeting]? {
        // Two lines not on one line: no overlap (the common case, decided without arrays).
        if case .line(let l) = a, case .line(let m) = b {
            let d = l.p1 - l.p0
            let length = d.length
            if length > 0, abs((m.p0 - l.p0).cross(d)) > tolerance * length || abs((m.p1 - l.p0).cross(d)) > tolerance * length {
                return nil
            }
        }
        if let straight = straightOverlap(a, b, tolerance: tolerance) { return straight }
        if case .arc(let x) = a, case .arc(let y) = b, let shared = ellipseOverlap(x, y, tolerance: tolerance) { return shared }
        // One curve, run either way (a closed one too, whose ends say nothing).
        let aStart = a.start, aEnd = a.end, bStart = b.start, bEnd = b.end
        if aStart.quickDistance(to: bStart) <= tolerance, aEnd.quickDistance(to: bEnd) <= tolerance, sameCurve(a, b, tolerance: tolerance) {
            return [Meeting(t: 0, u: 0, point: aStart, overlapEnd: (1, 1, aEnd))]
        }
        if aStart.quickDistance(to: bEnd) <= tolerance, aEnd.quickDistance(to: bStart) <= tolerance, sameCurve(a, b.reversed, tolerance: tolerance) {
            return [Meeting(t: 0, u: 1, point: aStart, overlapEnd: (1, 0, aEnd))]
        }
        // Past straight pieces, only two Béziers or two arcs can lie on each other.
        switch (a, b) {
        case (.line, _), (_, .line), (.arc, .quadratic), (.arc, .cubic), (.quadratic, .arc), (.cubic, .arc): return nil
        case (.quadratic, .quadratic), (.quadratic, .cubic), (.cubic, .quadratic), (.cubic, .cubic), (.arc, .arc): break
        }
        // Where each one's ends lie on the other: an end of the other exactly, or found by the
        // nearest point when it lies in the other's box.
        // Of the events in the order found, the first of those with the least t and the last of
        // those with the greatest (what a stable sort by t puts first and last), without an array.
        var count = 0, first = (t: 0.0, u: 0.0), last = (t: 0.0, u: 0.0)
        func add(_ e: (t: Double, u: Double)) {
            if count == 0 || e.t < first.t { first = e }
            if count == 0 || e.t >= last.t { last = e }
            count += 1
        }
        let boxA = a.controlBounds, boxB = b.controlBounds
        func inside(_ p: Point, _ r: Rect) -> Bool {
            p.x >= r.minX - tolerance && p.x <= r.maxX + tolerance && p.y >= r.minY - tolerance && p.y <= r.maxY + tolerance
        }
        func on(_ p: Point, _ s: Segment, _ box: Rect, start: Point, end: Point) -> Double? {
            if p == start { return 0 }
            if p == end { return 1 }
            guard inside(p, box), !beyondFatLine(p, s, margin: 2 * tolerance) else { return nil }
            let (t, d) = s.nearest(to: p)
            return d <= tolerance ? t : nil
        }
        if let u = on(aStart, b, boxB, start: bStart, end: bEnd) { add((0, u)) }
        if let u = on(aEnd, b, boxB, start: bStart, end: bEnd) { add((1, u)) }
        if let t = on(bStart, a, boxA, start: aStart, end: aEnd) { add((t, 0)) }
        if let t = on(bEnd, a, boxA, start: aStart, end: aEnd) { add((t, 1)) }
        guard count >= 2 else { return nil }
        guard last.t - first.t > 0, abs(last.u - first.u) > 0 else { return nil }
        let pieceA = a.piece(from: first.t, to: last.t), pieceB = b.piece(from: first.u, to: last.u)
        guard sameCurve(pieceA, pieceB, tolerance: tolerance) else { return nil }
        let p0 = a.point(at: first.t), p1 = a.point(at: last.t)
        guard p0.distance(to: p1) > tolerance else { return nil }
        return [Meeting(t: first.t, u: first.u, point: p0, overlapEnd: (last.t, last.u, p1))]
    }

    /// Whether `p` lies farther than `margin` outside the band along the chord of Bézier `s` that
    /// holds its control points (its fat line): then no point of `s` is within `margin` of p, and
    /// its nearest point need not be found. False for an arc or a Bézier without a chord.
    static func beyondFatLine(_ p: Point, _ s: Segment, margin: Double) -> Bool {
        guard let h = s.cubicControls, let line = FatLine(h) else { return false }
        let d = line.offset(of: p)
        return d > line.hi + margin || d < line.lo - margin
    }

    /// Two elliptical arcs of one ellipse described by different axes (turned by a half turn,
    /// axes swapped or mirrored): their meetings, found in the first one's angles. The ellipse is
    /// the set of c + A·w for unit w, A = [u v], so it is fixed by its centre and A·Aᵀ; with
    /// A_b = A_a·R, R orthogonal, the second arc's angle θ is the first's σθ + ψ. The stretches
    /// where the two angle ranges overlap (modulo a turn) are overlaps, ranges that only touch a
    /// meeting. Nil unless the arcs are elliptical, of one ellipse, and not described alike (the
    /// other cases have their own ways).
    static func ellipseOverlap(_ x: Arc, _ y: Arc, tolerance: Double) -> [Meeting]? {
        guard x.center.distance(to: y.center) <= tolerance else { return nil }
        // A·Aᵀ = u·uᵀ + v·vᵀ, entry by entry.
        func form(_ a: Arc) -> (Double, Double, Double) {
            (a.u.dx * a.u.dx + a.v.dx * a.v.dx, a.u.dx * a.u.dy + a.v.dx * a.v.dy, a.u.dy * a.u.dy + a.v.dy * a.v.dy)
        }
        let (p, q) = (form(x), form(y))
        let r2 = Swift.max(x.u.length, x.v.length)
        guard r2 > 0, abs(p.0 - q.0) <= tolerance * r2, abs(p.1 - q.1) <= tolerance * r2, abs(p.2 - q.2) <= tolerance * r2 else {
            return nil
        }
        // R = A_x⁻¹·A_y.
        let det = x.u.dx * x.v.dy - x.v.dx * x.u.dy
        guard abs(det) > Tolerance.rounding * r2 * r2 else { return nil }
        func solve(_ w: Vector) -> Vector { Vector((x.v.dy * w.dx - x.v.dx * w.dy) / det, (-x.u.dy * w.dx + x.u.dx * w.dy) / det) }
        let c0 = solve(y.u), c1 = solve(y.v)
        let sigma: Double = c0.dx * c1.dy - c1.dx * c0.dy >= 0 ? 1 : -1
        let psi = arcTangent2(c0.dy, c0.dx)
        // The ranges of angles, in the first arc's terms.
        let a0 = Swift.min(x.startAngle, x.startAngle + x.sweep), a1 = Swift.max(x.startAngle, x.startAngle + x.sweep)
        let b0 = sigma * y.startAngle + psi, b1 = b0 + sigma * y.sweep
        let lo = Swift.min(b0, b1), hi = Swift.max(b0, b1)
        let angleTolerance = tolerance / r2
        var found: [Meeting] = []
        let turn = 2 * Double.pi
        let first = ((a0 - hi) / turn).rounded(.down) - 1, last = ((a1 - lo) / turn).rounded(.up) + 1
        var k = first
        while k <= last {
            let s = Swift.max(a0, lo + k * turn), e = Swift.min(a1, hi + k * turn)
            k += 1
            guard e >= s - angleTolerance else { continue }
            func t(_ phi: Double) -> Double { Swift.min(Swift.max((phi - x.startAngle) / x.sweep, 0), 1) }
            func u(_ phi: Double) -> Double { Swift.min(Swift.max(((phi - (k - 1) * turn - psi) / sigma - y.startAngle) / y.sweep, 0), 1) }
            let m0 = Meeting(t: t(s), u: u(s), point: x.point(at: t(s)))
            if e - s <= angleTolerance {
                if !found.contains(where: { $0.point.distance(to: m0.point) <= tolerance }) { found.append(m0) }
                continue
            }
            var m1 = Meeting(t: t(e), u: u(e), point: x.point(at: t(e)))
            var start = m0
            if m1.t < start.t { swap(&start, &m1) }
            start.overlapEnd = (m1.t, m1.u, m1.point)
            found.append(start)
        }
        // A touch where an overlap already starts or ends is that end.
        let ends = found.filter { $0.overlapEnd != nil }.flatMap { [$0.point, $0.overlapEnd!.point] }
        found.removeAll { m in m.overlapEnd == nil && ends.contains { $0.distance(to: m.point) <= tolerance } }
        return found.stablySorted { $0.t < $1.t }
    }

    /// Two straight pieces (every control point within `tolerance` of one line through both):
    /// they meet along the common stretch of the line that each covers, whatever their
    /// parameters do (a straight cubic may run back along its line), or at one point, or not.
    /// nil unless both are straight and on one line.
    static func straightOverlap(_ a: Segment, _ b: Segment, tolerance: Double) -> [Meeting]? {
        guard let pa = a.cubicControls, let pb = b.cubicControls else { return nil }
        if pa.clearlyCurved(tolerance: tolerance) || pb.clearlyCurved(tolerance: tolerance) { return nil }
        let origin = pa[0]
        // The control point farthest from the origin.
        let (far, farDistance) = farthestPoint(from: origin, count: 8) { $0 < 4 ? pa[$0] : pb[$0 - 4] }
        guard farDistance > tolerance else { return nil }
        let direction = (far - origin) * (1 / farDistance)
        func offLine(_ p: Point) -> Double { abs((p - origin).dx * direction.dy - (p - origin).dy * direction.dx) }
        for k in 0..<8 where offLine(k < 4 ? pa[k] : pb[k - 4]) > tolerance { return nil }
        // Each one's stretch along the line, from its tight box (the curve's own extent).
        func stretch(_ s: Segment) -> (Double, Double) {
            let r = s.tightBounds
            let corners = [Point(r.minX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY), Point(r.maxX, r.minY)]
            let along = corners.filter { offLine($0) <= 2 * tolerance + Tolerance.rounding * r.width + Tolerance.rounding * r.height }.map {
                ($0 - origin).dx * direction.dx + ($0 - origin).dy * direction.dy
            }
            return along.isEmpty ? (0, 0) : (along.min()!, along.max()!)
        }
        let (a0, a1) = stretch(a), (b0, b1) = stretch(b)
        let lo = Swift.max(a0, b0), hi = Swift.min(a1, b1)
        guard hi >= lo - tolerance else { return [] }
        // The stretch's ends as points of the curves (an end of one of them, exactly).
        let q0 = origin + direction * lo, q1 = origin + direction * hi
        let t0 = a.nearest(to: q0).t, u0 = b.nearest(to: q0).t
        let p0 = a0 >= b0 ? a.point(at: t0) : b.point(at: u0)
        if hi - lo <= tolerance { return [Meeting(t: t0, u: u0, point: p0)] }
        let t1 = a.nearest(to: q1).t, u1 = b.nearest(to: q1).t
        let p1 = a1 <= b1 ? a.point(at: t1) : b.point(at: u1)
        return [Meeting(t: t0, u: u0, point: p0, overlapEnd: (t1, u1, p1))]
    }

    /// Whether two pieces are one curve run the same way: the same kind of curve with control
    /// points within `tolerance` (a quadratic raised to a cubic to compare with one), or two
    /// circular arcs of one circle with the same ends.
    static func sameCurve(_ a: Segment, _ b: Segment, tolerance: Double) -> Bool {
        func close(_ p: FourPoints?, _ q: FourPoints?) -> Bool {
            guard let p, let q else { return false }
            return (0..<4).allSatisfy { p[$0].distance(to: q[$0]) <= 10 * tolerance }
        }
        switch (a, b) {
        case (.arc(let x), .arc(let y)):
            return x.center.distance(to: y.center) <= tolerance && (x.u - y.u).length <= tolerance
                && (x.v - y.v).length <= tolerance && x.start.distance(to: y.start) <= tolerance
                && x.end.distance(to: y.end) <= tolerance && x.point(at: 0.5).distance(to: y.point(at: 0.5)) <= tolerance
        case (.arc, _), (_, .arc): return false
        case (.line, _), (.quadratic, _), (.cubic, _): return close(a.cubicControls, b.cubicControls)
        }
    }
}

extension Segment {
    /// The piece of the segment between parameters `t0` and `t1`, run from t0 to t1 (backwards
    /// if t1 < t0).
    func piece(from t0: Double, to t1: Double) -> Segment {
        let lo = Swift.min(t0, t1), hi = Swift.max(t0, t1)
        var s = self
        if hi < 1 { s = s.split(at: hi).0 }
        if lo > 0, hi > 0 { s = s.split(at: lo / hi).1 }
        return t1 < t0 ? s.reversed : s
    }

    /// The segment continued past both ends by `fraction` of its parameter range (the same
    /// polynomial or circle), as the piece from −fraction to 1 + fraction.
    func extended(by fraction: Double) -> Segment {
        let hi = 1 + fraction, lo = -fraction
        return split(at: hi).0.split(at: lo / hi).1
    }

    /// The segment run the other way.
    var reversed: Segment {
        switch self {
        case .line(let l): .line(LineSegment(l.p1, l.p0))
        case .quadratic(let q): .quadratic(QuadraticBezier(q.p2, q.p1, q.p0))
        case .cubic(let c): .cubic(CubicBezier(c.p3, c.p2, c.p1, c.p0))
        case .arc(let a): .arc(Arc(center: a.center, u: a.u, v: a.v, startAngle: a.startAngle + a.sweep, sweep: -a.sweep))
        }
    }

    /// A Bézier or line's control points as a cubic's (degree raised exactly), held inline (no
    /// array); nil for an arc.
    var cubicControls: FourPoints? {
        switch self {
        case .line(let l): FourPoints(l.p0, l.p0 + (l.p1 - l.p0) * (1.0 / 3), l.p0 + (l.p1 - l.p0) * (2.0 / 3), l.p1)
        case .quadratic(let q): FourPoints(q.p0, q.p0 + (q.p1 - q.p0) * (2.0 / 3), q.p2 + (q.p1 - q.p2) * (2.0 / 3), q.p2)
        case .cubic(let c): FourPoints(c.p0, c.p1, c.p2, c.p3)
        case .arc: nil
        }
    }
}
