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
    /// A stretch shorter than the samples' spacing can be missed: then, as when no sample lies
    /// that near (the trouble is something else) or the search of the rest gives up in turn, the
    /// answer is nil, as the search's own.
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
        guard !runs.isEmpty else { return nil }
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
}
