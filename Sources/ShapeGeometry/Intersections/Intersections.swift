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

        /// The same meeting with the segments' roles exchanged (an overlap then starts at its
        /// lesser parameter on the second segment).
        var swapped: Meeting {
            guard let e = overlapEnd else { return Meeting(t: u, u: t, point: point) }
            if e.u < u { return Meeting(t: e.u, u: e.t, point: e.point, overlapEnd: (u, t, point)) }
            return Meeting(t: u, u: t, point: point, overlapEnd: (e.u, e.t, e.point))
        }

        public static func == (a: Meeting, b: Meeting) -> Bool {
            a.t == b.t && a.u == b.u && a.point == b.point && a.overlapEnd?.t == b.overlapEnd?.t && a.overlapEnd?.u == b.overlapEnd?.u
        }
    }

    /// The most pairs of pieces one search looks at: a bound on the work for pathological input
    /// (two curves that touch along a stretch without being the same curve).
    static let pairLimit = 20_000

    /// Every meeting of `a` and `b`, in increasing `t`. `size` is the scale that tolerances are
    /// relative to (the larger side of both paths' bounds). Throws `unsettled` when the search
    /// gives up (past `pairLimit` pairs of pieces: two curves that run within the tolerance of
    /// each other along a stretch without being one curve), rather than answer without
    /// certainty.
    public static func between(_ a: Segment, _ b: Segment, size: Double) throws(GeometryError) -> [Meeting] {
        var budget = Int.max
        guard let found = between(a, b, size: size, budget: &budget) else { throw .unsettled }
        return found
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
        /// A point's distance to a segment (its nearest point), in `nearStretches`.
        public static let stretchSample = 20
    }

    /// `between`, counting its work (`Cost`) against `budget`: nil when it runs out, or when the
    /// search gives up (see `nearStretches`, which it turns to first unless told not to).
    public static func between(_ a: Segment, _ b: Segment, size: Double, budget: inout Int) -> [Meeting]? {
        between(a, b, size: size, budget: &budget, nearStretches: true)
    }

    static func between(
        _ a: Segment, _ b: Segment, size: Double, budget: inout Int, nearStretches fallBack: Bool, pairLimit: Int = pairLimit
    ) -> [Meeting]? {
        let tolerance = Tolerance.meetingDistance(size)
        budget -= Cost.segmentPair
        guard budget > 0 else { return nil }
        // Hulls more than twice the tolerance apart across either one's fat line: no meeting,
        // no near miss and no overlap (most pairs of one outline whose boxes overlap), without
        // the overlap test and the closed forms.
        if controlsApart(a, b, margin: 2 * tolerance) { return [] }
        if let overlap = overlap(a, b, tolerance: tolerance) {
            budget -= Cost.meeting * overlap.count
            return budget > 0 ? overlap : nil
        }
        if let exact = closedForm(a, b, tolerance: tolerance) {
            budget -= Cost.meeting * exact.count
            return budget > 0 ? exact : nil
        }
        // A Bézier and a circular arc have a closed form unless the Bézier runs along the
        // circle (`circleCurve`): that stretch is an overlap, found as the search finds one
        // where it cannot settle (without first splitting the pair up to its limit).
        // (The Bézier is the one sampled: a circle's samples could all miss a short Bézier.)
        if fallBack, Intersections.circleAndBezier(a, b) {
            guard case .arc = a else { return nearStretches(a, b, size: size, budget: &budget) }
            return nearStretches(b, a, size: size, budget: &budget)?.map { $0.swapped }.stablySorted { $0.t < $1.t }
        }
        var found: [Meeting] = []
        // Where the curves stay within `small` of each other without a proven root: a touch.
        var touches: [Meeting] = []
        // The parameter boxes the touches were found in: boxes that adjoin are one stretch.
        var touchBoxes: [(Double, Double, Double, Double)] = []
        // The pairs still to look at: the one at hand, and the rest last in, first out (most
        // pairs are settled whole, so the stack is made only when a pair is split).
        var stack: [(Piece, Piece)] = []
        var next: (Piece, Piece)? = (Piece(a, 0, 1), Piece(b, 0, 1))
        var pairs = 0
        // Ends the two share exactly (consecutive elements of a path): known meetings, which a
        // box cannot prove it holds alone while the meeting sits on its corner.
        let corners = SharedEnds(a, b)
        let small = Tolerance.boxMargin * size
        while let (pa, pb) = next ?? stack.popLast() {
            next = nil
            pairs += 1
            // Two curves that stay nearly on each other along a stretch without being one curve
            // would be split without end: past the limit, such stretches are found another way
            // (or the search gives up rather than answer without certainty).
            guard pairs < pairLimit else { return fallBack ? nearStretches(a, b, size: size, budget: &budget) : nil }
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
            let corner = corners.first { t, u in (t == pa.lo || t == pa.hi) && (u == pb.lo || u == pb.hi) }
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
                } else if let crossing = crossing(a, b, from: pa.lo, to: pa.hi, tolerance: tolerance, budget: &budget) {
                    // Unless a passes from one side of b to the other along this piece: two
                    // curves crossing at so small an angle (a curve and a copy of it moved by
                    // 1e-7 of the size) that Newton's method, from the piece's middle, does not
                    // reach the crossing.
                    found.append(crossing)
                }
                continue
            }
            // Room for a search some levels deep at once (grown one by one, it allocated each time).
            if stack.capacity == 0 { stack.reserveCapacity(32) }
            if sizeA >= sizeB {
                let (p, q) = pa.halves()
                stack.append((q, pb)); next = (p, pb)
            } else {
                let (p, q) = pb.halves()
                stack.append((pa, q)); next = (pa, p)
            }
        }
        let meetings = merged(found, touches: touches, boxes: touchBoxes, tolerance: tolerance, a, b)
        budget -= Cost.meeting * meetings.count
        return budget > 0 ? meetings : nil
    }

    /// The ends two segments share exactly, as pairs of parameters (t, u) in {0, 1}², in the
    /// order (0, 0), (0, 1), (1, 0), (1, 1): at most four, kept without an array (the search
    /// asks them at every pair of pieces, and most searches are of a single pair).
    struct SharedEnds {
        private var bits = 0

        init(_ a: Segment, _ b: Segment) {
            let (a0, a1, b0, b1) = (a.start, a.end, b.start, b.end)
            if a0 == b0 { bits |= 1 }
            if a0 == b1 { bits |= 2 }
            if a1 == b0 { bits |= 4 }
            if a1 == b1 { bits |= 8 }
        }

        /// The first shared end, in the order above, that satisfies `test`.
        func first(where test: (Double, Double) -> Bool) -> (t: Double, u: Double)? {
            guard bits != 0 else { return nil }
            for k in 0..<4 where bits & (1 << k) != 0 {
                let t: Double = k < 2 ? 0 : 1, u: Double = k % 2 == 0 ? 0 : 1
                if test(t, u) { return (t, u) }
            }
            return nil
        }
    }

    /// Whether a and b, which share one end exactly, meet there alone and come within the
    /// tolerance of each other only within the tolerance of it, so that `between` could find
    /// nothing else (each one's hull lies in the cone from that end through its
    /// control points). Seen from the shared end p, each control point of one makes more than
    /// a right angle with each of the other's, so the cones do too: then any point x of one and
    /// y of the other have |x − y|² ≥ |x − p|² + |y − p|². And the other ends lie more than 100
    /// tolerances from p (no end of either lies on the other, no overlap). Lines and Béziers
    /// only. Where one is a line, its one meeting with the other is p, and a cone at more than
    /// 0.02 rad from its line on one side is enough (|x − y| ≥ sin 0.02 · max(|x − p|, |y − p|)):
    /// two lines (`linesMeetOnlyAtSharedEnd`), a line and a Bézier (below).
    static func meetOnlyAtSharedEnd(_ a: Segment, _ b: Segment, tolerance: Double) -> Bool {
        if case .line(let l) = a, case .line(let m) = b { return linesMeetOnlyAtSharedEnd(l, m, tolerance: tolerance) }
        // (Where both ends are shared, the other ends are one point, which fails the test of
        // directions below whichever end is taken.)
        guard let (t, u) = SharedEnds(a, b).first(where: { _, _ in true }) else { return false }
        let (p, aFar) = t == 0 ? (a.start, a.end) : (a.end, a.start)
        let bFar = u == 0 ? b.end : b.start
        let far = Tolerance.sharedEndFar * tolerance
        guard aFar.quickDistance(to: p) > far, bFar.quickDistance(to: p) > far, let ca = controlPoints(of: a), let cb = controlPoints(of: b) else {
            return false
        }
        // A line and a Bézier: when the Bézier's control points (but p) all lie on one side of
        // the line's line, each seen from p at more than 0.02 rad from it (its sine over 0.02),
        // so does every point of the Bézier (its hull lies in their cone): each point y of it
        // lies |y − p|·sin 0.02 or more off that line, and the line's one meeting with it is p
        // (what the closed form finds, to rounding; a cut there would be at the ends).
        var lineDirection: Vector?, curve = ca
        if case .line = a, cb.count > 2 { (lineDirection, curve) = (aFar - p, cb) }
        if case .line = b, ca.count > 2 { (lineDirection, curve) = (bFar - p, ca) }
        if let d = lineDirection {
            let k = 2 * Tolerance.shallow, dd = d.dot(d)
            var side = 0.0, inCone = true
            for i in 0..<curve.count {
                let w = curve[i] - p
                if w.dx == 0 && w.dy == 0 { continue }
                let c = d.cross(w)
                guard c * c > k * k * dd * w.dot(w), c * side >= 0 else {
                    inCone = false
                    break
                }
                side = c
            }
            // (Else the test of right angles below, which a Bézier that goes on from the line
            // the way it came passes.)
            if inCone { return true }
        }
        for k in 0..<ca.count {
            let v = ca[k] - p
            if v.dx == 0 && v.dy == 0 { continue }
            let lv = abs(v.dx) + abs(v.dy)
            for m in 0..<cb.count {
                let w = cb[m] - p
                if w.dx == 0 && w.dy == 0 { continue }
                // (The L1 lengths bound the lengths from above: a margin over the rounding.)
                guard v.dot(w) < -Tolerance.sharedEndTurn * lv * (abs(w.dx) + abs(w.dy)) else { return false }
            }
        }
        return true
    }

    /// A line's two points, a quadratic's three, a cubic's four (each list's last point its p3:
    /// fewer points repeat their last); nil for an arc.
    static func controlPoints(of s: Segment) -> FourPoints? {
        switch s {
        case .line(let l): FourPoints(l.p0, l.p1)
        case .quadratic(let q): FourPoints(q.p0, q.p1, q.p2)
        case .cubic(let c): FourPoints(c.p0, c.p1, c.p2, c.p3)
        case .arc: nil
        }
    }

    /// `meetOnlyAtSharedEnd` of two lines (without the lists of control points): sharing one end
    /// p exactly, their other ends more than 100 tolerances from it, at more than 0.02 rad (the
    /// sine of their angle over 0.02: its square over 4e-4). Then neither far end
    /// lies within the tolerance of the other's line (no overlap), and their one meeting, where
    /// their lines cross, is p (what the closed form finds, to rounding; a cut there would be at
    /// the ends, which cuts nothing).
    static func linesMeetOnlyAtSharedEnd(_ l: LineSegment, _ m: LineSegment, tolerance: Double) -> Bool {
        // The shared end in `SharedEnds`' order.
        let p: Point, lFar: Point, mFar: Point
        if l.p0 == m.p0 {
            (p, lFar, mFar) = (l.p0, l.p1, m.p1)
        } else if l.p0 == m.p1 {
            (p, lFar, mFar) = (l.p0, l.p1, m.p0)
        } else if l.p1 == m.p0 {
            (p, lFar, mFar) = (l.p1, l.p0, m.p1)
        } else if l.p1 == m.p1 {
            (p, lFar, mFar) = (l.p1, l.p0, m.p0)
        } else {
            return false
        }
        let far = Tolerance.sharedEndFar * tolerance
        guard lFar.quickDistance(to: p) > far, mFar.quickDistance(to: p) > far else { return false }
        let v = lFar - p, w = mFar - p
        let c = v.cross(w), k = 2 * Tolerance.shallow
        return c * c > k * k * v.dot(v) * w.dot(w)
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
            let cross = r.cross(d), dot = r.dot(d)
            // (Along the reference the angle is 0, exactly as the arc tangent would give it.)
            let angle = cross == 0 && dot > 0 ? 0 : arcTangent2(cross, dot)
            lo = Swift.min(lo, angle); hi = Swift.max(hi, angle)
        }
        // The directions to the control points bound those to the curve: a line's are its ends',
        // a quadratic's its three points' (the same wedge as its raised cubic's four, with fewer
        // arc tangents).
        let points: FourPoints
        switch s {
        case .line(let l): points = FourPoints(l.p0, l.p1)
        case .quadratic(let q): points = FourPoints(q.p0, q.p1, q.p2)
        case .cubic, .arc:
            guard let h = hull(s) else { return nil }
            points = h
        }
        for k in 0..<points.count { add(points[k]) }
        guard let reference, hi - lo < Double.pi - Tolerance.wedgeMargin else { return nil }
        return (reference, lo, hi)
    }

    /// Whether two wedges from one point have no direction in common, by more than 1e-6 rad.
    static func apart(_ a: (reference: Vector, lo: Double, hi: Double), _ b: (reference: Vector, lo: Double, hi: Double)) -> Bool {
        let turn = arcTangent2(a.reference.cross(b.reference), a.reference.dot(b.reference))
        let margin = Tolerance.wedgeMargin
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
}

extension Intersections {
    /// Whether the pieces' hulls are apart across the fat line of either (the band along its
    /// chord that holds its hull), by more than `margin`: then they do not meet. False for a
    /// piece without a hull of a few points (an arc of a quarter turn or more) or without a chord.
    static func fatLinesApart(_ a: Segment, _ b: Segment, margin: Double) -> Bool {
        guard let ha = hull(a), let hb = hull(b) else { return false }
        return fatLinesApart(ha, hb, margin: margin)
    }

    /// `fatLinesApart` on the control points themselves (a line's two, a quadratic's three, a
    /// cubic's four; false for an arc): the same band for a cubic, a band as wide or wider than
    /// the raised cubic's for the others (so apart as often or less), for less work: the test
    /// `between` asks of every pair before its closed forms.
    static func controlsApart(_ a: Segment, _ b: Segment, margin: Double) -> Bool {
        guard let ha = controlPoints(of: a), let hb = controlPoints(of: b) else { return false }
        return fatLinesApart(ha, hb, margin: margin)
    }

    /// Whether the points `ha` and `hb` hold lie apart across the fat line of either by more than
    /// `margin`.
    static func fatLinesApart(_ ha: FourPoints, _ hb: FourPoints, margin: Double) -> Bool {
        func apart(_ h: FourPoints, _ other: FourPoints) -> Bool {
            guard let line = FatLine(h) else { return false }
            let (olo, ohi) = line.offsets(of: other)
            return olo > line.hi + margin || ohi < line.lo - margin
        }
        return apart(ha, hb) || apart(hb, ha)
    }

    /// The band along a hull's chord (first to last point) that holds the hull: its points'
    /// signed distances from the chord's line lie in lo...hi (0 among them).
    struct FatLine {
        let origin: Point, normal: Vector
        private(set) var lo = 0.0, hi = 0.0

        /// nil for a hull whose chord has no length. (All four points are read: fewer repeat
        /// their last, which changes neither bound, and no loop on the count is needed.)
        init?(_ h: FourPoints) {
            let chord = h.p3 - h.p0
            let length = chord.quickLength
            guard length > 0 else { return nil }
            origin = h.p0
            normal = Vector(-chord.dy / length, chord.dx / length)
            let (d1, d2, d3) = (offset(of: h.p1), offset(of: h.p2), offset(of: h.p3))
            lo = Swift.min(Swift.min(Swift.min(0, d1), d2), d3)
            hi = Swift.max(Swift.max(Swift.max(0, d1), d2), d3)
        }

        /// The least and greatest offsets of the points `h` holds (all four read, as above).
        func offsets(of h: FourPoints) -> (lo: Double, hi: Double) {
            let (d0, d1, d2, d3) = (offset(of: h.p0), offset(of: h.p1), offset(of: h.p2), offset(of: h.p3))
            return (
                Swift.min(Swift.min(Swift.min(Swift.min(Double.infinity, d0), d1), d2), d3),
                Swift.max(Swift.max(Swift.max(Swift.max(-Double.infinity, d0), d1), d2), d3)
            )
        }

        /// The signed distance of `p` from the chord's line.
        func offset(of p: Point) -> Double { (p - origin).dot(normal) }
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
}
