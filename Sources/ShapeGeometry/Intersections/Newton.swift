// Newton's method from a settled pair of pieces to its meeting, and the merging of near meetings.

extension Intersections {
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
            if abs(ds) < Tolerance.parameterStep && abs(dt) < Tolerance.parameterStep { break }
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
        // Without touches, one meeting is already the answer (the common case: two pieces of a
        // path that share an end), returned without the arrays below.
        if touches.isEmpty && meetings.count <= 1 { return meetings }
        // Chains: touches within the tolerance of each other, or found in boxes that adjoin (a
        // stretch along which the curves stay as near as a touch).
        var groups: [[Meeting]] = []
        var last: (Double, Double, Double, Double)?
        for k in touches.indices.stablySorted(by: { boxes[$0].0 < boxes[$1].0 }) {
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
        for m in (meetings + touching).stablySorted(by: { $0.t < $1.t }) {
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
}
