/// Where two segments meet: points where they cross or touch, and stretches where they overlap.
///
/// Method (certified, not sampled): the pair of parameter intervals is subdivided, each piece
/// enclosed by the box of its control points (a Bézier lies in their hull; an arc in its tight
/// box), so a pair whose boxes are apart holds no meeting and nothing is ever missed. A pair is
/// settled by the Krawczyk test of interval analysis on F(s, t) = A(s) − B(t), with the pieces'
/// derivatives enclosed by their hodographs' boxes: K inside the parameter box proves exactly one
/// root there (then Newton's method converges to it from the box's middle), K outside it proves
/// none. Pairs the test cannot settle are split again, until they are smaller than 1e-11 of the
/// paths' size: there the curves touch (a tangency, or crossings closer than that), and the
/// middle is reported. Meetings within 1e-9 of the size of each other are one.
///
/// Overlaps are found first, exactly: collinear lines, arcs of one circle, and Bézier curves one
/// of whose ends lies on the other and whose pieces between those ends have the same control
/// points (after raising a quadratic to a cubic).
public enum Intersections {
    /// One meeting of two segments, in their own parameters.
    public struct Meeting: Sendable, Equatable {
        /// Parameters on the first and second segment, and the point.
        public var t: Double, u: Double
        /// The point where they meet.
        public var point: Point
        /// For an overlap, the parameters where it ends (`t`, `u` are where it starts).
        public var overlapEnd: (t: Double, u: Double, point: Point)?

        /// A meeting at parameters t and u; an overlap when `overlapEnd` is given.
        public init(t: Double, u: Double, point: Point, overlapEnd: (t: Double, u: Double, point: Point)? = nil) {
            self.t = t; self.u = u; self.point = point; self.overlapEnd = overlapEnd
        }

        public static func == (a: Meeting, b: Meeting) -> Bool {
            a.t == b.t && a.u == b.u && a.point == b.point && a.overlapEnd?.t == b.overlapEnd?.t && a.overlapEnd?.u == b.overlapEnd?.u
        }
    }

    /// The most pairs of pieces one search looks at: a bound on the work for pathological input
    /// (two curves that touch along a stretch without being the same curve).
    static let pairLimit = 20_000

    /// Every meeting of `a` and `b`, in increasing `t`. `size` is the scale that tolerances are
    /// relative to (the larger side of both paths' bounds).
    public static func between(_ a: Segment, _ b: Segment, size: Double) -> [Meeting] {
        var budget = Int.max
        return between(a, b, size: size, budget: &budget) ?? []
    }

    /// What `between` counts against its budget, in the work units of the language (about 50 ns
    /// each; `scripts/bench-budget` measures them): the overlap test and the closed forms of a
    /// pair of segments, each pair of pieces the search looks at (a Krawczyk test), and each
    /// meeting found.
    public enum Cost {
        public static let segmentPair = 2
        public static let piecePair = 4
        public static let meeting = 4
        /// A meeting given as a path intersection: its two arc lengths measured, then sorted and
        /// joined with the others.
        public static let reported = 40
    }

    /// `between`, counting its work (`Cost`) against `budget`: nil when it runs out.
    public static func between(_ a: Segment, _ b: Segment, size: Double, budget: inout Int) -> [Meeting]? {
        let tolerance = 1e-9 * size
        budget -= Cost.segmentPair
        guard budget > 0 else { return nil }
        if let overlap = overlap(a, b, tolerance: tolerance) {
            budget -= Cost.meeting * overlap.count
            return budget > 0 ? overlap : nil
        }
        if let exact = closedForm(a, b, tolerance: tolerance) {
            budget -= Cost.meeting * exact.count
            return budget > 0 ? exact : nil
        }
        var found: [Meeting] = []
        // Where the curves stay within `small` of each other without a proven root: a touch.
        var touches: [Meeting] = []
        // The parameter boxes the touches were found in: boxes that adjoin are one stretch.
        var touchBoxes: [(Double, Double, Double, Double)] = []
        var stack: [(Piece, Piece)] = []
        // Room for a search some levels deep at once (grown one by one, it allocated each time).
        stack.reserveCapacity(32)
        stack.append((Piece(a, 0, 1), Piece(b, 0, 1)))
        var pairs = 0
        // Ends the two share exactly (consecutive elements of a path): known meetings, which a
        // box cannot prove it holds alone while the meeting sits on its corner.
        var corners: [(t: Double, u: Double)] = []
        for (t, p) in [(0.0, a.start), (1.0, a.end)] {
            for (u, q) in [(0.0, b.start), (1.0, b.end)] where p == q { corners.append((t, u)) }
        }
        let small = 1e-11 * size
        while let (pa, pb) = stack.popLast() {
            pairs += 1
            // Two curves that stay nearly on each other along a stretch without being one curve
            // would be split without end: past the limit the search gives up rather than answer
            // without certainty.
            guard pairs < pairLimit else { return nil }
            budget -= Cost.piecePair
            guard budget > 0 else { return nil }
            let boxA = pa.box, boxB = pb.box
            guard boxA.minX <= boxB.maxX + small, boxB.minX <= boxA.maxX + small, boxA.minY <= boxB.maxY + small,
                boxB.minY <= boxA.maxY + small
            else { continue }
            // Hulls apart across either one's fat line: two curves that run side by side a little
            // apart (whose boxes overlap all along a diagonal) are settled once their pieces bend
            // less than their distance, not split down to it.
            if fatLinesApart(pa.segment, pb.segment, margin: small) { continue }
            // Pieces that leave an end they share in directions apart: that end is their only
            // meeting.
            let corner = corners.first { ($0.t == pa.lo || $0.t == pa.hi) && ($0.u == pb.lo || $0.u == pb.hi) }
            if let c = corner {
                let p = a.point(at: c.t)
                if let wa = wedge(of: pa.segment, from: p), let wb = wedge(of: pb.segment, from: p), apart(wa, wb) {
                    found.append(Meeting(t: c.t, u: c.u, point: p))
                    continue
                }
            }
            let (verdict, contracting) = krawczykTest(pa.segment, pb.segment, boxes: (boxA, boxB))
            switch verdict {
            case .none: continue
            case .unique:
                // The test's proof holds for the exact curves; for two that run nearly parallel
                // its rounding can prove a meeting Newton's method then finds only at the box's
                // edge, the curves apart there: such a pair is split on, as an unknown one.
                let m = refine(a, b, pa, pb)
                if a.point(at: m.t).quickDistance(to: b.point(at: m.u)) <= tolerance {
                    found.append(m)
                    continue
                }
            case .unknown: break
            }
            // A meeting on the edge of the box (at an end of either segment, or where pieces were
            // split) is proved by neither: the test on the pieces grown by an eighth on every side
            // (the curves continued) can prove it alone there, and then it is this pair's when it
            // lies in this pair's box, up to `small`.
            if contracting, krawczyk(pa.segment.extended(by: 0.125), pb.segment.extended(by: 0.125)) == .unique {
                let wa = 0.125 * (pa.hi - pa.lo), wb = 0.125 * (pb.hi - pb.lo)
                var m = refine(a, b, (pa.lo - wa)...(pa.hi + wa), (pb.lo - wb)...(pb.hi + wb))
                let t = Swift.min(Swift.max(m.t, pa.lo), pa.hi), u = Swift.min(Swift.max(m.u, pb.lo), pb.hi)
                if t != m.t || u != m.u {
                    let p = a.point(at: t), q = b.point(at: u)
                    guard p.distance(to: q) <= small else { continue }
                    m = Meeting(t: t, u: u, point: Point(0.5 * (p.x + q.x), 0.5 * (p.y + q.y)))
                }
                found.append(m)
                continue
            }
            // A box with a shared end at its corner: if the pieces grown past it by a quarter on
            // every side (the curves continued) hold exactly one meeting, it is that end.
            if let c = corner,
                krawczyk(pa.segment.extended(by: 0.25), pb.segment.extended(by: 0.25)) == .unique
            {
                found.append(Meeting(t: c.t, u: c.u, point: a.point(at: c.t)))
                continue
            }
            let sizeA = Swift.max(boxA.width, boxA.height), sizeB = Swift.max(boxB.width, boxB.height)
            if Swift.max(sizeA, sizeB) < small || alongOneLine(pa.segment, pb.segment, within: small) {
                // The curves are within `small` here and no test could tell one root: a touch.
                // Every such box along the stretch where they stay that close goes to the same
                // point when Newton's method may leave the box (it converges, if only linearly,
                // to a double root), so they merge into one meeting.
                let touch = refine(a, b, Piece(a, 0, 1), Piece(b, 0, 1), from: (0.5 * (pa.lo + pa.hi), 0.5 * (pb.lo + pb.hi)))
                // A touch is on both curves: Newton's method stopped at an end with the curves
                // still apart there (two curves side by side that a corner ends) found none.
                if a.point(at: touch.t).quickDistance(to: b.point(at: touch.u)) <= tolerance {
                    touches.append(touch)
                    touchBoxes.append((pa.lo, pa.hi, pb.lo, pb.hi))
                }
                continue
            }
            if sizeA >= sizeB {
                let (p, q) = pa.halves()
                stack.append((q, pb)); stack.append((p, pb))
            } else {
                let (p, q) = pb.halves()
                stack.append((pa, q)); stack.append((pa, p))
            }
        }
        let meetings = merged(found, touches: touches, boxes: touchBoxes, tolerance: tolerance, a, b)
        budget -= Cost.meeting * meetings.count
        return budget > 0 ? meetings : nil
    }

    /// The directions from `p` (an end of `s`) to the rest of the piece, as angles relative to
    /// `reference` (one of them): `s` lies in the cone from p between those angles, because a
    /// Bézier lies in the hull of its control points and an arc of less than a quarter turn in
    /// the triangle of its ends and the point where their tangents meet, and p is a corner of
    /// that hull. nil when the cone is half a turn or wider, or the piece is all at p.
    static func wedge(of s: Segment, from p: Point) -> (reference: Vector, lo: Double, hi: Double)? {
        var reference: Vector?, lo = 0.0, hi = 0.0
        func add(_ q: Point) {
            let d = q - p
            guard d.dx != 0 || d.dy != 0 else { return }
            guard let r = reference else {
                reference = d
                return
            }
            let angle = arcTangent2(r.cross(d), r.dot(d))
            lo = Swift.min(lo, angle); hi = Swift.max(hi, angle)
        }
        guard let points = hull(s) else { return nil }
        for k in 0..<points.count { add(points[k]) }
        guard let reference, hi - lo < Double.pi - 1e-6 else { return nil }
        return (reference, lo, hi)
    }

    /// Whether two wedges from one point have no direction in common, by more than 1e-6 rad.
    static func apart(_ a: (reference: Vector, lo: Double, hi: Double), _ b: (reference: Vector, lo: Double, hi: Double)) -> Bool {
        let turn = arcTangent2(a.reference.cross(b.reference), a.reference.dot(b.reference))
        let margin = 1e-6
        for k in -2...2 {
            let shift = turn + Double(k) * fullTurn
            if b.lo + shift <= a.hi + margin, a.lo <= b.hi + shift + margin { return false }
        }
        return true
    }

    /// Points whose hull holds the piece: a Bézier's or line's control points (as a cubic's), an
    /// arc of less than a quarter turn's ends and the point where their tangents meet; nil for
    /// a wider arc.
    static func hull(_ s: Segment) -> FourPoints? {
        switch s {
        case .arc(let arc):
            guard abs(arc.sweep) < 0.5 * Double.pi else { return nil }
            let half = 0.5 * arc.sweep, middle = arc.startAngle + half
            let apex = arc.center + (arc.u * cosine(middle) + arc.v * sine(middle)) * (1 / cosine(half))
            return FourPoints(arc.start, apex, arc.end)
        case .line, .quadratic, .cubic: return s.cubicControls
        }
    }

    /// Where a line meets a quadratic or cubic Bézier, in closed form: the roots in [0, 1] of the
    /// signed distance of B(u) from the line, f(u) = (B(u) − P₀)·n, a polynomial of degree 2 or
    /// 3, each kept where its point lies on the line segment (meetings as (t on the line, u on
    /// the curve)).
    ///
    /// Touches are placed by the root of f′ (a simple root, so as exact as the doubles allow),
    /// not by f's double root (whose place rounding blurs over about √(ulp · radius of curvature),
    /// 1e-8 of the size): at a stationary point s of f with |f(s)| within the tolerance, the curve
    /// either crosses the line twice, at s ± √(−2f(s)/f″(s)), or does not reach it. The rule: two
    /// crossings whose points lie more than the tolerance apart are both given; closer, or not
    /// reaching the line, or with |f(s)| below f's own rounding (where the doubles cannot say
    /// which), they are one touch at s.
    ///
    /// Nil for a curve that lies along the line within the tolerance (an overlap, not this).
    static func lineCurve(_ l: LineSegment, _ curve: Segment, tolerance: Double) -> [Meeting]? {
        let chord = l.p1 - l.p0
        let length = chord.quickLength
        guard length > 0 else { return nil }
        let n = Vector(-chord.dy / length, chord.dx / length)
        let f: Polynomial
        switch curve {
        case .quadratic(let q):
            let a = (q.p0 - q.p1) + (q.p2 - q.p1), b = 2 * (q.p1 - q.p0)
            f = Polynomial((q.p0 - l.p0).dot(n), b.dot(n), a.dot(n))
        case .cubic(let c):
            let (a, b, cc) = c.powerBasis
            f = Polynomial([(c.p0 - l.p0).dot(n), cc.dot(n), b.dot(n), a.dot(n)])
        case .line, .arc: return nil
        }
        var largest = 0.0
        for i in 0..<f.count { largest = Swift.max(largest, abs(f.coefficients[i])) }
        // The whole curve within the tolerance of the line: not a crossing to place.
        if largest <= tolerance { return nil }
        var found: [(u: Double, point: Point)] = []
        func add(_ u: Double) {
            let u = Swift.min(Swift.max(u, 0), 1)
            let p = curve.point(at: u)
            guard !found.contains(where: { $0.point.quickDistance(to: p) <= tolerance }) else { return }
            found.append((u, p))
        }
        // Stationary points within the tolerance of the line: touches, or pairs of crossings.
        // f's own rounding (Horner's scheme on [0, 1]: at most 2 × degree ulps of the sum of its
        // coefficients' sizes) cannot tell a touch from two crossings or none: below it, a touch.
        var sum = 0.0
        for i in 0..<f.count { sum += abs(f.coefficients[i]) }
        let noise = 2 * Double(f.count) * Double.ulpOfOne * sum
        let slope = f.derivative, curvature = slope.derivative
        var handled: [ClosedRange<Double>] = []
        for s in slope.roots(in: 0, 1) {
            let v = f(s)
            guard abs(v) <= tolerance else { continue }
            let c = 0.5 * curvature(s)
            if abs(v) > noise, v * c < 0 {
                let d = (-v / c).squareRoot()
                let lo = curve.point(at: Swift.max(s - d, 0)), hi = curve.point(at: Swift.min(s + d, 1))
                if lo.quickDistance(to: hi) > tolerance {
                    // Two crossings, each refined by Newton's method on f from its estimate.
                    for start in [s - d, s + d] where start >= -1e-12 && start <= 1 + 1e-12 {
                        var u = Swift.min(Swift.max(start, 0), 1)
                        for _ in 0..<8 {
                            let (value, dv) = f.valueAndSlope(u)
                            guard dv != 0 else { break }
                            let next = Swift.min(Swift.max(u - value / dv, 0), 1)
                            if next == u { break }
                            u = next
                        }
                        add(u)
                    }
                    handled.append(Swift.max(s - 2 * d, 0)...Swift.min(s + 2 * d, 1))
                    continue
                }
                handled.append(Swift.max(s - 2 * d, 0)...Swift.min(s + 2 * d, 1))
            } else {
                // Where |f| is within its rounding around s, the roots found there are noise.
                let reach = c != 0 ? 2 * ((noise + abs(v)) / abs(c)).squareRoot() : 0
                handled.append(Swift.max(s - reach, 0)...Swift.min(s + reach, 1))
            }
            add(s)
        }
        // The simple crossings elsewhere.
        for u in f.roots(in: 0, 1) where !handled.contains(where: { $0.contains(u) }) { add(u) }
        // The curve's ends on the line, which a root at 0 or 1 may have missed by rounding.
        for u in [0.0, 1.0] where abs(f(u)) <= tolerance { add(u) }
        var meetings: [Meeting] = []
        for (u, p) in found {
            guard let t = parameter(of: p, on: .line(l), tolerance: tolerance) else { continue }
            meetings.append(Meeting(t: t, u: u, point: p))
        }
        return meetings.sorted { $0.t < $1.t }
    }

    /// Whether the pieces' hulls are apart across the fat line of either (the band along its
    /// chord that holds its hull), by more than `margin`: then they do not meet. False for a
    /// piece without a hull of a few points (an arc of a quarter turn or more) or without a chord.
    static func fatLinesApart(_ a: Segment, _ b: Segment, margin: Double) -> Bool {
        guard let ha = hull(a), let hb = hull(b) else { return false }
        func apart(_ h: FourPoints, _ other: FourPoints) -> Bool {
            let chord = h[h.count - 1] - h[0]
            let length = chord.quickLength
            guard length > 0 else { return false }
            let n = Vector(-chord.dy / length, chord.dx / length)
            var lo = 0.0, hi = 0.0
            for k in 1..<h.count {
                let d = (h[k] - h[0]).dot(n)
                lo = Swift.min(lo, d); hi = Swift.max(hi, d)
            }
            var olo = Double.infinity, ohi = -Double.infinity
            for k in 0..<other.count {
                let d = (other[k] - h[0]).dot(n)
                olo = Swift.min(olo, d); ohi = Swift.max(ohi, d)
            }
            return olo > hi + margin || ohi < lo - margin
        }
        return apart(ha, hb) || apart(hb, ha)
    }

    /// Whether both pieces lie within `distance` of one line (the first's chord): along such a
    /// stretch the curves are as near as a touch, however long it is (two curves that touch to
    /// a high order, or a curve leaving a line along it), and splitting it further would only
    /// find more of the same.
    static func alongOneLine(_ a: Segment, _ b: Segment, within distance: Double) -> Bool {
        guard let pa = hull(a), let pb = hull(b) else { return false }
        let first = pa[0], last = pa[pa.count - 1]
        let chord = last - first
        let length = chord.length
        guard length > 0 else { return false }
        let d = chord * (1 / length)
        for k in 0..<pa.count where abs((pa[k] - first).cross(d)) > distance { return false }
        for k in 0..<pb.count where abs((pb[k] - first).cross(d)) > distance { return false }
        // And side by side along it, not end to end (two pieces leaving one point in opposite
        // directions are on one line too): their stretches along it overlap by half the shorter.
        func stretch(_ points: FourPoints) -> (Double, Double) {
            var lo = Double.infinity, hi = -Double.infinity
            for k in 0..<points.count {
                let along = (points[k] - first).dot(d)
                lo = Swift.min(lo, along); hi = Swift.max(hi, along)
            }
            return (lo, hi)
        }
        let (a0, a1) = stretch(pa), (b0, b1) = stretch(pb)
        return Swift.min(a1, b1) - Swift.max(a0, b0) >= 0.5 * Swift.min(a1 - a0, b1 - b0)
    }

    /// Lines and circular arcs meet where the closed forms say: a line and a circle where the
    /// line's foot from the centre is, plus or minus the half chord; two circles on the line of
    /// their centres at x = (d² + r₁² − r₂²)/2d, plus or minus h = √(r₁² − x²). Within the
    /// tolerance of tangency, one point. Only the meetings on both pieces (to within the
    /// tolerance) are kept. nil for other kinds of segments.
    static func closedForm(_ a: Segment, _ b: Segment, tolerance: Double) -> [Meeting]? {
        var points: [Point]
        switch (a, b) {
        case (.arc(let p), .arc(let q)) where p.isCircular && q.isCircular:
            points = circleCircle(p.center, p.radius, q.center, q.radius, tolerance: tolerance)
        case (.line(let l), .arc(let c)) where c.isCircular:
            points = lineCircle(l, c.center, c.radius, tolerance: tolerance)
        case (.arc(let c), .line(let l)) where c.isCircular:
            points = lineCircle(l, c.center, c.radius, tolerance: tolerance)
        case (.arc(let c), .quadratic), (.arc(let c), .cubic):
            guard c.isCircular else { return nil }
            return circleCurve(c, b, tolerance: tolerance).map { Meeting(t: $0.u, u: $0.t, point: $0.point) }.sorted { $0.t < $1.t }
        case (.quadratic, .arc(let c)), (.cubic, .arc(let c)):
            guard c.isCircular else { return nil }
            return circleCurve(c, a, tolerance: tolerance)
        case (.line(let l), .quadratic), (.line(let l), .cubic):
            return lineCurve(l, b, tolerance: tolerance)
        case (.quadratic, .line(let l)), (.cubic, .line(let l)):
            return lineCurve(l, a, tolerance: tolerance)?.map { Meeting(t: $0.u, u: $0.t, point: $0.point) }.sorted { $0.t < $1.t }
        case (.line(let l), .line(let m)):
            // Not parallel (collinear ones were overlaps): one point of the two lines, kept if
            // it lies on both (no lists on the way: this is the commonest pair).
            let v = l.p1 - l.p0, w = m.p1 - m.p0
            let det = v.cross(w)
            guard abs(det) > 1e-12 * v.length * w.length else {
                // Parallel (to 1e-12 rad) and not on one line: they meet only where an end of one
                // lies on the other (a search would split them down to their distance apart).
                var found: [Meeting] = []
                for (t, p) in [(0.0, l.p0), (1.0, l.p1)] {
                    let (u, d) = m.nearest(to: p)
                    if d <= tolerance { found.append(Meeting(t: t, u: u, point: p)) }
                }
                for (u, p) in [(0.0, m.p0), (1.0, m.p1)] {
                    let (t, d) = l.nearest(to: p)
                    if d <= tolerance, !found.contains(where: { $0.point.distance(to: p) <= tolerance }) {
                        found.append(Meeting(t: t, u: u, point: p))
                    }
                }
                return found.sorted { $0.t < $1.t }
            }
            let point = l.p0 + v * ((m.p0 - l.p0).cross(w) / det)
            guard let t = parameter(of: point, on: a, tolerance: tolerance), let u = parameter(of: point, on: b, tolerance: tolerance) else {
                return []
            }
            return [Meeting(t: t, u: u, point: point)]
        case (.line, _), (.quadratic, _), (.cubic, _), (.arc, _):
            return nil
        }
        // Two circles of one centre and radius that are not one curve (overlap() said so) meet
        // only where the end of one lies on the other.
        if points.isEmpty, case (.arc(let p), .arc(let q)) = (a, b), p.center.distance(to: q.center) <= tolerance,
            abs(p.radius - q.radius) <= tolerance
        {
            points = [p.start, p.end, q.start, q.end]
        }
        var found: [Meeting] = []
        for point in points {
            guard let t = parameter(of: point, on: a, tolerance: tolerance), let u = parameter(of: point, on: b, tolerance: tolerance) else {
                continue
            }
            guard !found.contains(where: { $0.point.distance(to: point) <= tolerance }) else { continue }
            found.append(Meeting(t: t, u: u, point: point))
        }
        return found.sorted { $0.t < $1.t }
    }

    /// Where a quadratic or cubic Bézier B meets a circular arc, as meetings with t on the curve
    /// and u on the arc, in increasing t: the roots in [0, 1] of the polynomial
    /// f(t) = |B(t) − c|²/r² − 1 (degree 4 or 6, in the power basis of (B − c)/r), each polished
    /// by Newton's method on the curves themselves; a stationary point of f where the curve comes
    /// within 1e-11 of the size (`tolerance`/100) of the circle without crossing it on either
    /// side, a touch; and an end of the curve within that of the circle. Points off the arc (by
    /// more than the tolerance along it) are left out, and points within the tolerance of one
    /// another are one.
    static func circleCurve(_ arc: Arc, _ curve: Segment, tolerance: Double) -> [Meeting] {
        let r = arc.radius
        guard r > 0, r.isFinite else { return [] }
        let k = 1 / r
        // (B(t) − c)/r in the power basis, x and y.
        var x = InlineArray<4, Double>(repeating: 0), y = InlineArray<4, Double>(repeating: 0)
        let degree: Int
        switch curve {
        case .quadratic(let q):
            let p0 = (q.p0 - arc.center) * k, p1 = (q.p1 - arc.center) * k, p2 = (q.p2 - arc.center) * k
            let c1 = (p1 - p0) * 2, c2 = p0 + p2 - p1 * 2
            (x[0], x[1], x[2]) = (p0.dx, c1.dx, c2.dx)
            (y[0], y[1], y[2]) = (p0.dy, c1.dy, c2.dy)
            degree = 2
        case .cubic(let c):
            let p0 = (c.p0 - arc.center) * k, p1 = (c.p1 - arc.center) * k, p2 = (c.p2 - arc.center) * k, p3 = (c.p3 - arc.center) * k
            let c1 = (p1 - p0) * 3, c2 = (p0 + p2 - p1 * 2) * 3, c3 = p3 - p0 + (p1 - p2) * 3
            (x[0], x[1], x[2], x[3]) = (p0.dx, c1.dx, c2.dx, c3.dx)
            (y[0], y[1], y[2], y[3]) = (p0.dy, c1.dy, c2.dy, c3.dy)
            degree = 3
        case .line, .arc:
            return []
        }
        var coefficients = InlineArray<7, Double>(repeating: 0)
        for i in 0...degree {
            for j in 0...degree { coefficients[i + j] += x[i] * x[j] + y[i] * y[j] }
        }
        coefficients[0] -= 1
        let f = Polynomial(raw: coefficients, count: 2 * degree + 1)
        // |f| = |B − c|²/r² − 1 ≈ 2·distance/r near the circle.
        let near = 2 * 1e-2 * tolerance / r
        var candidates: [(t: Double, polish: Bool)] = []
        let roots = f.roots(in: 0, 1)
        for t in roots { candidates.append((t, true)) }
        let critical = f.derivative.roots(in: 0, 1)
        for i in 0..<critical.count where abs(f(critical[i])) <= near {
            // A touch only if f does not cross zero next to it (else those crossings are the meetings).
            let lo = i > 0 ? critical[i - 1] : 0, hi = i + 1 < critical.count ? critical[i + 1] : 1
            if !roots.contains(where: { $0 > lo && $0 < hi }) { candidates.append((critical[i], false)) }
        }
        if abs(f(0)) <= near { candidates.append((0, false)) }
        if abs(f(1)) <= near { candidates.append((1, false)) }
        var found: [Meeting] = []
        for (t, polish) in candidates {
            guard let u = parameter(of: curve.point(at: t), on: .arc(arc), tolerance: tolerance) else { continue }
            found.append(polish ? refine(curve, .arc(arc), 0...1, 0...1, from: (t, u)) : Meeting(t: t, u: u, point: curve.point(at: t)))
        }
        found.sort { $0.t < $1.t }
        var result: [Meeting] = []
        for m in found where !result.contains(where: { $0.point.distance(to: m.point) <= tolerance }) { result.append(m) }
        return result
    }

    static func circleCircle(_ c1: Point, _ r1: Double, _ c2: Point, _ r2: Double, tolerance: Double) -> [Point] {
        let d = c1.distance(to: c2)
        guard d > tolerance, d <= r1 + r2 + tolerance, d >= abs(r1 - r2) - tolerance else { return [] }
        let e = (c2 - c1) * (1 / d), n = Vector(-e.dy, e.dx)
        let x = Swift.min(Swift.max((d * d + r1 * r1 - r2 * r2) / (2 * d), -r1), r1)
        let foot = c1 + e * x
        // Tangent (to within the tolerance): one point.
        if abs(d - (r1 + r2)) <= tolerance || abs(d - abs(r1 - r2)) <= tolerance { return [foot] }
        let h = ((r1 - x) * (r1 + x)).squareRoot()
        return [foot + n * h, foot - n * h]
    }

    static func lineCircle(_ l: LineSegment, _ c: Point, _ r: Double, tolerance: Double) -> [Point] {
        let w = l.p1 - l.p0
        let ww = w.lengthSquared
        guard ww > 0 else { return [] }
        let s0 = (c - l.p0).dot(w) / ww
        let foot = l.p0 + w * s0
        let dist = foot.distance(to: c)
        guard dist <= r + tolerance else { return [] }
        if abs(dist - r) <= tolerance { return [foot] }
        let h = ((r - dist) * (r + dist)).squareRoot()
        let step = w * (h / ww.squareRoot())
        return [foot - step, foot + step]
    }

    /// The parameter of `point` on a line or circular arc it lies on, or nil when it falls off
    /// the piece by more than the tolerance (a point just past an end is that end).
    static func parameter(of point: Point, on s: Segment, tolerance: Double) -> Double? {
        switch s {
        case .line(let l):
            let w = l.p1 - l.p0
            let length = w.length
            guard length > 0 else { return point.distance(to: l.p0) <= tolerance ? 0 : nil }
            let along = (point - l.p0).dot(w) / length
            guard along >= -tolerance, along <= length + tolerance else { return nil }
            return Swift.min(Swift.max(along / length, 0), 1)
        case .arc(let arc):
            let q = point - arc.center
            let angle = arcTangent2(q.dot(arc.v), q.dot(arc.u))
            let sweep = abs(arc.sweep)
            guard sweep > 0 else { return point.distance(to: arc.start) <= tolerance ? 0 : nil }
            let offset = positiveAngle((arc.sweep > 0 ? 1 : -1) * (angle - arc.startAngle))
            if offset <= sweep { return offset / sweep }
            // Past the end, or before the start: within the tolerance along the circle, an end.
            let r = arc.radius
            if (offset - sweep) * r <= tolerance { return 1 }
            if (fullTurn - offset) * r <= tolerance { return 0 }
            return nil
        case .quadratic, .cubic:
            return nil
        }
    }

    /// A piece of a segment: the segment restricted to [lo, hi] of the original's parameter.
    struct Piece {
        var segment: Segment
        var lo: Double, hi: Double
        /// The segment's control box, computed once (a piece meets many others).
        var box: Rect
        init(_ s: Segment, _ lo: Double, _ hi: Double) { segment = s; self.lo = lo; self.hi = hi; box = s.controlBounds }
        func halves() -> (Piece, Piece) {
            let (p, q) = segment.split(at: 0.5)
            let mid = 0.5 * (lo + hi)
            return (Piece(p, lo, mid), Piece(q, mid, hi))
        }
    }

    enum Verdict { case none, unique, unknown }

    /// The Krawczyk test for A(σ) = B(τ) on the pieces' own parameters, σ, τ in [0, 1].
    static func krawczyk(_ a: Segment, _ b: Segment) -> Verdict { krawczykTest(a, b).verdict }

    /// The Krawczyk test, and whether K came out narrower than the box (by a tenth) in both
    /// parameters: only then can a box grown a little prove what this one did not. `boxes`, the
    /// pieces' control boxes when the caller has them.
    static func krawczykTest(_ a: Segment, _ b: Segment, boxes: (Rect, Rect)? = nil) -> (verdict: Verdict, contracting: Bool) {
        let da = a.derivative(at: 0.5), db = b.derivative(at: 0.5)
        // J(m) = [A'(m) | −B'(m)]; Y = J(m)⁻¹.
        let det = da.dx * (-db.dy) - (-db.dx) * da.dy
        let scale = Swift.max(da.quickLength, db.quickLength)
        guard scale > 0, abs(det) > 1e-13 * scale * scale else { return (.unknown, false) }
        let y11 = -db.dy / det, y12 = db.dx / det, y21 = -da.dy / det, y22 = da.dx / det
        let fm = a.point(at: 0.5) - b.point(at: 0.5)
        let (ax, ay) = hodographBox(a), (bx, by) = hodographBox(b)
        // M = I − Y·J(X), J(X) = [[ax, −bx], [ay, −by]].
        let m11 = Interval(1) - (ax * y11 + ay * y12)
        let m12 = Interval(0) - ((-bx) * y11 + (-by) * y12)
        let m21 = Interval(0) - (ax * y21 + ay * y22)
        let m22 = Interval(1) - ((-bx) * y21 + (-by) * y22)
        let h = Interval(-0.5, 0.5)
        let k1 = Interval(0.5 - (y11 * fm.dx + y12 * fm.dy)) + m11 * h + m12 * h
        let k2 = Interval(0.5 - (y21 * fm.dx + y22 * fm.dy)) + m21 * h + m22 * h
        // Outward rounding, approximately: widen by a few ulps of the terms, and by what the
        // rounding of F(m) can move the Newton step: F's coordinates are exact only to a few
        // ulps of their magnitude, which in the parameters of small pieces far from the origin
        // is far more than 1e-12 (a meeting at a piece's end was once proved absent).
        let (ba, bb) = boxes ?? (a.controlBounds, b.controlBounds)
        let magnitude = Swift.max(abs(ba.minX), abs(ba.maxX), abs(ba.minY), abs(ba.maxY), abs(bb.minX), abs(bb.maxX), abs(bb.minY), abs(bb.maxY))
        let roundingOfF = 64 * Double.ulpOfOne * magnitude
        let k1w = Interval(k1.lo - (abs(y11) + abs(y12)) * roundingOfF, k1.hi + (abs(y11) + abs(y12)) * roundingOfF).widened(1e-12)
        let k2w = Interval(k2.lo - (abs(y21) + abs(y22)) * roundingOfF, k2.hi + (abs(y21) + abs(y22)) * roundingOfF).widened(1e-12)
        if k1w.hi < 0 || k1w.lo > 1 || k2w.hi < 0 || k2w.lo > 1 { return (.none, false) }
        if k1w.lo > 0, k1w.hi < 1, k2w.lo > 0, k2w.hi < 1 { return (.unique, true) }
        return (.unknown, k1w.hi - k1w.lo < 0.9 && k2w.hi - k2w.lo < 0.9)
    }

    /// Newton's method on F(s, t) = A(s) − B(t) over the original segments from the middle of
    /// the pieces' box, kept in it; the point is A's at the result.
    static func refine(_ a: Segment, _ b: Segment, _ pa: Piece, _ pb: Piece, from start: (Double, Double)? = nil) -> Meeting {
        refine(a, b, pa.lo...pa.hi, pb.lo...pb.hi, from: start)
    }

    /// `refine` within the parameter ranges `ra` of a and `rb` of b (which may reach past the
    /// segments' ends: the curves continued).
    static func refine(
        _ a: Segment, _ b: Segment, _ ra: ClosedRange<Double>, _ rb: ClosedRange<Double>, from start: (Double, Double)? = nil
    ) -> Meeting {
        let pa = (lo: ra.lowerBound, hi: ra.upperBound), pb = (lo: rb.lowerBound, hi: rb.upperBound)
        var s = start?.0 ?? 0.5 * (pa.lo + pa.hi), t = start?.1 ?? 0.5 * (pb.lo + pb.hi)
        var f = a.point(at: s) - b.point(at: t)
        var best = (s: s, t: t, residual: f.quickLength)
        // Steps that did not lower the residual, in a row: two mean it is down to rounding.
        var stalls = 0
        for _ in 0..<80 where best.residual > 0 && stalls < 2 {
            let da = a.derivative(at: s), db = b.derivative(at: t)
            let det = da.dx * (-db.dy) + db.dx * da.dy
            guard det != 0, det.isFinite else { break }
            let ds = (-db.dy * f.dx + db.dx * f.dy) / det
            let dt = (-da.dy * f.dx + da.dx * f.dy) / det
            s = Swift.min(Swift.max(s - ds, pa.lo), pa.hi)
            t = Swift.min(Swift.max(t - dt, pb.lo), pb.hi)
            f = a.point(at: s) - b.point(at: t)
            let r = f.quickLength
            if r < best.residual { (best, stalls) = ((s, t, r), 0) } else { stalls += 1 }
            if abs(ds) < 1e-16 && abs(dt) < 1e-16 { break }
        }
        let p = a.point(at: best.s), q = b.point(at: best.t)
        return Meeting(t: best.s, u: best.t, point: Point(0.5 * (p.x + q.x), 0.5 * (p.y + q.y)))
    }

    /// Meetings within `tolerance` of one another are one (the one with the smaller `t`). Touches
    /// are grouped first: a chain of them, each within `tolerance` of the next, is one touch,
    /// reported by its middle member. (Where two curves touch, doubles cannot tell them apart along a
    /// stretch of about √(ulp · radius of curvature): the middle of it is the touching point.)
    static func merged(
        _ meetings: [Meeting], touches: [Meeting], boxes: [(Double, Double, Double, Double)], tolerance: Double, _ a: Segment, _ b: Segment
    ) -> [Meeting] {
        // Chains: touches within the tolerance of each other, or found in boxes that adjoin (a
        // stretch along which the curves stay as near as a touch).
        var groups: [[Meeting]] = []
        var last: (Double, Double, Double, Double)?
        for k in touches.indices.sorted(by: { boxes[$0].0 < boxes[$1].0 }) {
            let m = touches[k], box = boxes[k]
            let adjoins = last.map { l in box.0 <= l.1 && l.0 <= box.1 && box.2 <= l.3 && l.2 <= box.3 } ?? false
            if let previous = groups.last?.last, adjoins || previous.point.distance(to: m.point) <= tolerance {
                groups[groups.count - 1].append(m)
            } else {
                groups.append([m])
            }
            last = box
        }
        let touching = groups.map { touchPoint($0, a, b) }
        var result: [Meeting] = []
        for m in (meetings + touching).sorted(by: { $0.t < $1.t }) {
            if result.contains(where: { $0.point.distance(to: m.point) <= tolerance && $0.overlapEnd == nil }) { continue }
            result.append(m)
        }
        return result
    }

    /// Where a chain of touches touches: the curves' directions are parallel there, and the
    /// cross product of their derivatives, well conditioned where the gap between them is below
    /// rounding, changes sign; its zero is found by interpolating between the two members it
    /// falls between. Without a change of sign (a touch at an end), the middle member. (Not an
    /// average of all the parameters: a chain may run across a closed curve's seam, where u
    /// goes from 1 to 0.)
    static func touchPoint(_ chain: [Meeting], _ a: Segment, _ b: Segment) -> Meeting {
        func cross(_ m: Meeting) -> Double {
            let da = a.derivative(at: m.t), db = b.derivative(at: m.u)
            return da.dx * db.dy - da.dy * db.dx
        }
        let values = chain.map(cross)
        for k in 1..<Swift.max(chain.count, 1) where (values[k - 1] <= 0) != (values[k] <= 0) && abs(chain[k].u - chain[k - 1].u) < 0.5 {
            let w = values[k - 1] / (values[k - 1] - values[k])
            let t = chain[k - 1].t + w * (chain[k].t - chain[k - 1].t), u = chain[k - 1].u + w * (chain[k].u - chain[k - 1].u)
            let p = a.point(at: t), q = b.point(at: u)
            return Meeting(t: t, u: u, point: Point(0.5 * (p.x + q.x), 0.5 * (p.y + q.y)))
        }
        return chain[chain.count / 2]
    }

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
        if aStart.distance(to: bStart) <= tolerance, aEnd.distance(to: bEnd) <= tolerance, sameCurve(a, b, tolerance: tolerance) {
            return [Meeting(t: 0, u: 0, point: aStart, overlapEnd: (1, 1, aEnd))]
        }
        if aStart.distance(to: bEnd) <= tolerance, aEnd.distance(to: bStart) <= tolerance, sameCurve(a, b.reversed, tolerance: tolerance) {
            return [Meeting(t: 0, u: 1, point: aStart, overlapEnd: (1, 0, aEnd))]
        }
        // Past straight pieces, only two Béziers or two arcs can lie on each other.
        switch (a, b) {
        case (.line, _), (_, .line), (.arc, .quadratic), (.arc, .cubic), (.quadratic, .arc), (.cubic, .arc): return nil
        case (.quadratic, .quadratic), (.quadratic, .cubic), (.cubic, .quadratic), (.cubic, .cubic), (.arc, .arc): break
        }
        // Where each one's ends lie on the other: an end of the other exactly, or found by the
        // nearest point when it lies in the other's box.
        var events: [(t: Double, u: Double)] = []
        let boxA = a.controlBounds, boxB = b.controlBounds
        func inside(_ p: Point, _ r: Rect) -> Bool {
            p.x >= r.minX - tolerance && p.x <= r.maxX + tolerance && p.y >= r.minY - tolerance && p.y <= r.maxY + tolerance
        }
        func on(_ p: Point, _ s: Segment, _ box: Rect, start: Point, end: Point) -> Double? {
            if p == start { return 0 }
            if p == end { return 1 }
            guard inside(p, box) else { return nil }
            let (t, d) = s.nearest(to: p)
            return d <= tolerance ? t : nil
        }
        for (t, p) in [(0.0, aStart), (1.0, aEnd)] {
            if let u = on(p, b, boxB, start: bStart, end: bEnd) { events.append((t, u)) }
        }
        for (u, p) in [(0.0, bStart), (1.0, bEnd)] {
            if let t = on(p, a, boxA, start: aStart, end: aEnd) { events.append((t, u)) }
        }
        guard events.count >= 2 else { return nil }
        events.sort { $0.t < $1.t }
        let first = events.first!, last = events.last!
        guard last.t - first.t > 0, abs(last.u - first.u) > 0 else { return nil }
        let pieceA = a.piece(from: first.t, to: last.t), pieceB = b.piece(from: first.u, to: last.u)
        guard sameCurve(pieceA, pieceB, tolerance: tolerance) else { return nil }
        let p0 = a.point(at: first.t), p1 = a.point(at: last.t)
        guard p0.distance(to: p1) > tolerance else { return nil }
        return [Meeting(t: first.t, u: first.u, point: p0, overlapEnd: (last.t, last.u, p1))]
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
        guard abs(det) > 1e-12 * r2 * r2 else { return nil }
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
        return found.sorted { $0.t < $1.t }
    }

    /// Two straight pieces (every control point within `tolerance` of one line through both):
    /// they meet along the common stretch of the line that each covers, whatever their
    /// parameters do (a straight cubic may run back along its line), or at one point, or not.
    /// nil unless both are straight and on one line.
    static func straightOverlap(_ a: Segment, _ b: Segment, tolerance: Double) -> [Meeting]? {
        guard let pa = a.cubicControls, let pb = b.cubicControls else { return nil }
        let origin = pa[0]
        // The control point farthest from the origin (the first of equals, in order).
        var far = origin, farDistance = 0.0
        for k in 0..<8 {
            let p = k < 4 ? pa[k] : pb[k - 4]
            let d = p.distance(to: origin)
            if d > farDistance { (far, farDistance) = (p, d) }
        }
        guard farDistance > tolerance else { return nil }
        let direction = (far - origin) * (1 / farDistance)
        func offLine(_ p: Point) -> Double { abs((p - origin).dx * direction.dy - (p - origin).dy * direction.dx) }
        for k in 0..<8 where offLine(k < 4 ? pa[k] : pb[k - 4]) > tolerance { return nil }
        // Each one's stretch along the line, from its tight box (the curve's own extent).
        func stretch(_ s: Segment) -> (Double, Double) {
            let r = s.tightBounds
            let corners = [Point(r.minX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY), Point(r.maxX, r.minY)]
            let along = corners.filter { offLine($0) <= 2 * tolerance + 1e-12 * r.width + 1e-12 * r.height }.map {
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

/// Three or four points held inline, for the hot loops of the search that would otherwise make
/// an array of a segment's control points each time.
struct FourPoints {
    var p0: Point, p1: Point, p2: Point, p3: Point
    var count: Int

    init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) { (self.p0, self.p1, self.p2, self.p3, count) = (p0, p1, p2, p3, 4) }
    init(_ p0: Point, _ p1: Point, _ p2: Point) { (self.p0, self.p1, self.p2, self.p3, count) = (p0, p1, p2, p2, 3) }

    subscript(k: Int) -> Point {
        switch k {
        case 0: p0
        case 1: p1
        case 2: p2
        default: p3
        }
    }
}

/// A closed interval of doubles, for enclosures.
struct Interval {
    var lo: Double, hi: Double
    init(_ x: Double) { lo = x; hi = x }
    init(_ lo: Double, _ hi: Double) { self.lo = lo; self.hi = hi }
    static func + (a: Interval, b: Interval) -> Interval { Interval(a.lo + b.lo, a.hi + b.hi) }
    static func - (a: Interval, b: Interval) -> Interval { Interval(a.lo - b.hi, a.hi - b.lo) }
    static prefix func - (a: Interval) -> Interval { Interval(-a.hi, -a.lo) }
    static func * (a: Interval, k: Double) -> Interval { k >= 0 ? Interval(a.lo * k, a.hi * k) : Interval(a.hi * k, a.lo * k) }
    static func * (a: Interval, b: Interval) -> Interval {
        let p = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi]
        return Interval(p.min()!, p.max()!)
    }
    func widened(_ relative: Double) -> Interval {
        let w = relative * Swift.max(abs(lo), abs(hi), 1)
        return Interval(lo - w, hi + w)
    }
}

extension Intersections {
    /// Boxes holding the derivative of the segment over its whole parameter range: the hull of
    /// its hodograph's control points for a Bézier; for an arc, from the ranges of sine and
    /// cosine over its angles.
    static func hodographBox(_ s: Segment) -> (Interval, Interval) {
        func box(_ points: [Vector]) -> (Interval, Interval) {
            var x = Interval(points[0].dx), y = Interval(points[0].dy)
            for p in points.dropFirst() {
                x = Interval(Swift.min(x.lo, p.dx), Swift.max(x.hi, p.dx))
                y = Interval(Swift.min(y.lo, p.dy), Swift.max(y.hi, p.dy))
            }
            return (x, y)
        }
        switch s {
        case .line(let l): return box([l.p1 - l.p0])
        case .quadratic(let q): return box([(q.p1 - q.p0) * 2, (q.p2 - q.p1) * 2])
        case .cubic(let c): return box([(c.p1 - c.p0) * 3, (c.p2 - c.p1) * 3, (c.p3 - c.p2) * 3])
        case .arc(let a):
            let lo = Swift.min(a.startAngle, a.startAngle + a.sweep), hi = Swift.max(a.startAngle, a.startAngle + a.sweep)
            let sine = trigRange(lo, hi, phase: 0), cosine = trigRange(lo, hi, phase: Double.pi / 2)
            // d/dt = sweep·(v cos θ − u sin θ).
            let x = (cosine * a.v.dx - sine * a.u.dx) * a.sweep
            let y = (cosine * a.v.dy - sine * a.u.dy) * a.sweep
            return (x.widened(1e-12), y.widened(1e-12))
        }
    }

    /// The range of sin(θ + phase) for θ in [lo, hi].
    static func trigRange(_ lo: Double, _ hi: Double, phase: Double) -> Interval {
        guard hi - lo < 2 * Double.pi else { return Interval(-1, 1) }
        let a = sine(lo + phase), b = sine(hi + phase)
        var r = Interval(Swift.min(a, b), Swift.max(a, b))
        // A peak at π/2 + 2kπ and a trough at −π/2 + 2kπ inside the range.
        let halfPi = Double.pi / 2
        if ((lo + phase - halfPi) / (2 * Double.pi)).rounded(.up) <= ((hi + phase - halfPi) / (2 * Double.pi)).rounded(.down) { r.hi = 1 }
        if ((lo + phase + halfPi) / (2 * Double.pi)).rounded(.up) <= ((hi + phase + halfPi) / (2 * Double.pi)).rounded(.down) { r.lo = -1 }
        return r
    }
}

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
    public func intersections(with other: Path) throws(GeometryError) -> [PathIntersection] {
        guard let result = intersections(with: other, budget: Int.max) else { throw .unsettled }
        return result.found
    }

    /// `intersections(with:)`, counting its work (`Intersections.Cost`) against `budget`: nil when
    /// it runs out, else the answer and the work done.
    public func intersections(with other: Path, budget: Int) -> (found: [PathIntersection], work: Int)? {
        let size = Path.size(self, other)
        var result: [PathIntersection] = []
        var left = budget
        for i in elements.indices {
            guard let a = segment(at: i) else { continue }
            let box = Box(a.controlBounds)
            var ranOut = false
            other.forEachSegment(near: box) { j, b in
                guard !ranOut, let meetings = Intersections.between(a, b, size: size, budget: &left) else { ranOut = true; return }
                left -= Intersections.Cost.reported * meetings.count
                guard left > 0 else { ranOut = true; return }
                for m in meetings { result += Path.report(m, self, i, a, other, j, b) }
            }
            if ranOut { return nil }
        }
        return (Path.distinct(Path.joiningStretches(result, tolerance: 1e-9 * size), tolerance: 1e-9 * size), budget - left)
    }

    /// The points where this path crosses or touches itself, in increasing `at` (`at` the
    /// smaller arc length, `other` the larger). The joint where one element ends and the next
    /// begins is not one, nor is where a closed subpath's closing segment meets its start.
    /// Throws `unsettled` where the search gave up.
    public func selfIntersections() throws(GeometryError) -> [PathIntersection] {
        guard let result = selfIntersections(budget: Int.max) else { throw .unsettled }
        return result.found
    }

    /// `selfIntersections()`, counting its work (`Intersections.Cost`) against `budget`: nil when
    /// it runs out, else the answer and the work done.
    public func selfIntersections(budget: Int) -> (found: [PathIntersection], work: Int)? {
        var left = budget
        let size = Path.size(self, self)
        let tolerance = 1e-9 * size
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
                        guard let meetings = Intersections.between(first, second, size: size, budget: &left) else { return nil }
                        for m in meetings {
                            let t = p0 + m.t * (p1 - p0), u = q0 + m.u * (q1 - q0)
                            if m.overlapEnd == nil, q == p + 1, abs(t - p1) <= 1e-9, abs(u - q0) <= 1e-9 { continue }
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
            let box = Box(a.controlBounds)
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
            if ranOut { return nil }
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
        return Swift.max(r.width, r.height, 1e-6 * magnitude, 1e-300)
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
        stretches.sort { ($0.0.at, $0.0.other) < ($1.0.at, $1.0.other) }
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
        for r in list.sorted(by: { ($0.at, $0.other) < ($1.at, $1.other) }) {
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
        guard s >= -1e-12, t <= 1 + 1e-12, t - s > 1e-12 else { return nil }
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
        return t - s > 1e-12 ? (s, t) : nil
    }
}
