// Stretches where two segments run within the tolerance of each other without being one curve.

extension Intersections {
    /// The points of the first segment at which the fallback measures its distance to the
    /// second (evenly in its parameter, ends included).
    static let stretchSamples = 128

    /// The pairs of pieces the search of the rest may look at: beside a stretch's ends the two
    /// curves stay just over the tolerance apart for a while, and their pieces are settled only
    /// once they bend less than that (about 2,500 pieces along a curve of 100 units there).
    static let restPairLimit = 10 * pairLimit

    /// What the pair search does when it reaches `pairLimit`: two curves that run within the
    /// tolerance of each other along a stretch, without being one curve (a copy nudged by less
    /// than the tolerance, two curves crossing with a contact of high order), would be split
    /// without end. Within the tolerance they are one there, so the stretch is an overlap, given
    /// by its ends as `overlap` gives one (a stretch no longer than the tolerance is a touch, one
    /// meeting); the rest of the two segments, outside the stretches, is searched as usual.
    ///
    /// The stretches are where samples of `a` (`stretchSamples` of them) lie within the
    /// tolerance of `b`, each end found by bisection to where the distance reaches the tolerance.
    /// A stretch shorter than the samples' spacing can be missed: then it is left to the search
    /// of the rest (two curves that run side by side just over the tolerance apart are settled
    /// there, with its room for more pairs). When that search gives up in turn, the answer is
    /// nil, as the search's own.
    ///
    /// A stretch inside both segments across which the curves cross (a comes in on one side of b
    /// and leaves on the other: a curve and a copy of it moved by about the tolerance, which cross
    /// at a tiny angle where the curve runs along the move) is not an overlap but that crossing,
    /// placed by `crossing`.
    static func nearStretches(_ a: Segment, _ b: Segment, size: Double, budget: inout Int) -> [Meeting]? {
        let tolerance = Tolerance.meetingDistance(size)
        let n = stretchSamples
        func sample(_ i: Int) -> Double { Double(i) / Double(n) }
        var near = [Bool](repeating: false, count: n + 1)
        var nearestU = [Double](repeating: 0, count: n + 1)
        for i in 0...n {
            let (u, d) = b.nearest(to: a.point(at: sample(i)))
            near[i] = d <= tolerance
            nearestU[i] = u
        }
        budget -= Cost.stretchSample * (n + 1)
        guard budget > 0 else { return nil }
        // Runs of near samples whose nearest points on b move on steadily (not a jump to another
        // part of b that passes near too).
        var runs: [(first: Int, last: Int)] = []
        var i = 0
        while i <= n {
            guard near[i] else {
                i += 1
                continue
            }
            var j = i
            while j < n, near[j + 1], abs(nearestU[j + 1] - nearestU[j]) < Tolerance.stretchJump { j += 1 }
            runs.append((i, j))
            i = j + 1
        }
        // Where a's distance to b reaches the tolerance between a sample outside and one inside:
        // the bracket's inside end, so that the stretch's ends are within the tolerance.
        func excess(_ t: Double) -> Double { b.nearest(to: a.point(at: t)).distance - tolerance }
        let halvings = 60  // to the rounding of a parameter in [0, 1]
        func edge(from outside: Double, to inside: Double) -> Double {
            Searches.signChangeBracket(in: outside, inside, valueAtLow: excess(outside), halvings: halvings, excess).hi
        }
        var result: [Meeting] = []
        var ends: [Point] = []
        var heldA: [(Double, Double)] = [], heldB: [(Double, Double)] = []
        for run in runs {
            let t0 = run.first == 0 ? 0 : edge(from: sample(run.first - 1), to: sample(run.first))
            let t1 = run.last == n ? 1 : edge(from: sample(run.last + 1), to: sample(run.last))
            let u0 = b.nearest(to: a.point(at: t0)).t, u1 = b.nearest(to: a.point(at: t1)).t
            let p0 = a.point(at: t0), p1 = a.point(at: t1)
            // Two ends found by halving (a distance each step), then up to three nearest points on
            // b, rounded up.
            budget -= Cost.stretchSample * (2 * (halvings + 1) + 8)
            if p0.distance(to: p1) <= tolerance {
                let t = 0.5 * (t0 + t1), p = a.point(at: t)
                result.append(Meeting(t: t, u: b.nearest(to: p).t, point: p))
            } else if let crossing = crossing(a, b, within: (t0, t1), (u0, u1), tolerance: tolerance, budget: &budget) {
                result.append(crossing)
            } else {
                result.append(Meeting(t: t0, u: u0, point: p0, overlapEnd: (t1, u1, p1)))
            }
            ends += [p0, p1]
            heldA.append((t0, t1))
            heldB.append((Swift.min(u0, u1), Swift.max(u0, u1)))
        }
        guard budget > 0 else { return nil }
        // The rest of each segment, outside its stretches, searched pair by pair as usual (with
        // room for more pairs of pieces: see `restPairLimit`).
        func rest(_ held: [(Double, Double)]) -> [(Double, Double)] {
            var out: [(Double, Double)] = []
            var from = 0.0
            for (lo, hi) in held.stablySorted(by: { $0.0 < $1.0 }) {
                if lo - from > Tolerance.parameter { out.append((from, lo)) }
                from = Swift.max(from, hi)
            }
            if 1 - from > Tolerance.parameter { out.append((from, 1)) }
            return out
        }
        for (alo, ahi) in rest(heldA) {
            for (blo, bhi) in rest(heldB) {
                let pa = a.piece(from: alo, to: ahi), pb = b.piece(from: blo, to: bhi)
                guard let found = between(pa, pb, size: size, budget: &budget, nearStretches: false, pairLimit: restPairLimit) else { return nil }
                for m in found {
                    // The meetings at a stretch's ends are its own.
                    if m.overlapEnd == nil, ends.contains(where: { $0.distance(to: m.point) <= tolerance }) { continue }
                    result.append(
                        Meeting(
                            t: alo + m.t * (ahi - alo), u: blo + m.u * (bhi - blo), point: m.point,
                            overlapEnd: m.overlapEnd.map { (alo + $0.t * (ahi - alo), blo + $0.u * (bhi - blo), $0.point) }))
                }
            }
        }
        return result.stablySorted { $0.t < $1.t }
    }

    /// The crossing inside a stretch where `a` runs within the tolerance of `b` from `t.0` to
    /// `t.1` (beside b from `u.0` to `u.1`), when the stretch lies inside both segments and a
    /// is on one side of b at one end and on the other at the other: found by halving on the
    /// side a(t) is on, decided in double-double (the curves cross at an angle as small as their
    /// distance over their radius of curvature, and doubles would blur the place over a rounding
    /// divided by that angle; double-double places it to the parameter's own rounding). nil
    /// otherwise: a stretch at a segment's end, or without a crossing, or of an arc, or where
    /// even double-double cannot place the crossing within `tolerance`.
    static func crossing(
        _ a: Segment, _ b: Segment, within t: (Double, Double), _ u: (Double, Double), tolerance: Double, budget: inout Int
    ) -> Meeting? {
        let inside = { (x: Double) in x > Tolerance.parameter && x < 1 - Tolerance.parameter }
        guard inside(t.0), inside(t.1), inside(u.0), inside(u.1) else { return nil }
        return crossing(a, b, from: t.0, to: t.1, tolerance: tolerance, budget: &budget)
    }

    /// Where `a` passes from one side of `b` to the other between its parameters `t0` and
    /// `t1`, as `crossing(_:_:within:_:tolerance:budget:)` finds it; nil when a is on one side
    /// at both, or the place cannot be certified within `tolerance`, or either is an arc.
    static func crossing(_ a: Segment, _ b: Segment, from t0: Double, to t1: Double, tolerance: Double, budget: inout Int) -> Meeting? {
        // The side of b that a(t) is on: the sign of b′ × (a(t) − b) at b's nearest point, and
        // that product's own rounding (a few units of 2⁻¹⁰⁴ of the control points' coordinates
        // each: the construction's rounding is relative to those, not to the point made).
        guard let ha = hull(a), let hb = hull(b) else { return nil }
        var magnitude = 0.0
        for k in 0..<ha.count { magnitude = Swift.max(magnitude, abs(ha[k].x), abs(ha[k].y)) }
        for k in 0..<hb.count { magnitude = Swift.max(magnitude, abs(hb[k].x), abs(hb[k].y)) }
        func side(_ x: Double) -> (side: Double, noise: Double)? {
            let foot = b.nearest(to: a.point(at: x)).t
            guard let p = a.exactPoint(at: x), let q = b.exactPoint(at: foot) else { return nil }
            let d = b.derivative(at: foot)
            let cross = (p.y - q.y) * d.dx - (p.x - q.x) * d.dy
            return (cross.value, 64 * Double.ulpOfOne * Double.ulpOfOne * magnitude * (abs(d.dx) + abs(d.dy)))
        }
        guard let first = side(t0), let last = side(t1), first.side * last.side < 0 else { return nil }
        let halvings = 60
        let at = Searches.signChange(in: t0, t1, valueAtLow: first.side, halvings: halvings) { side($0)?.side ?? 0 }
        budget -= Cost.stretchSample * 2 * (halvings + 3)
        // Certified within the tolerance: a tolerance's length either way along a, the sides
        // differ by more than their rounding. Curves in contact of a higher order (y = x³ and
        // y = (1 + 1e-7)·x³) part too slowly for even double-double to place their crossing so
        // closely: there the stretch stays an overlap.
        let speed = a.derivative(at: at).length
        guard speed > 0 else { return nil }
        let step = tolerance / speed
        guard let before = side(Swift.max(at - step, t0)), let after = side(Swift.min(at + step, t1)),
            before.side * after.side < 0, abs(before.side) > before.noise, abs(after.side) > after.noise
        else { return nil }
        let point = a.point(at: at)
        return Meeting(t: at, u: b.nearest(to: point).t, point: point)
    }
}
