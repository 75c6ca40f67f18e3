/// The normals of length h turning about `center` without moving along (where a curve turns
/// within the tolerance of a point, `Pen.hooks`): the unit normal turns from `from` to `to` by
/// `turn` (|turn| < π), on both sides, so its sweep is two opposite sectors of radius h.
struct Fan {
    let center: Point
    let from: Vector
    let to: Vector
    let turn: Double

    func covers(_ x: Point, within h: Double) -> Bool {
        let w = x - center
        guard w.length <= h else { return false }
        let sign: Double = turn >= 0 ? 1 : -1
        func inSector(_ w: Vector) -> Bool { sign * from.cross(w) >= 0 && sign * w.cross(to) >= 0 }
        return inSector(w) || inSector(w * -1)
    }
}

/// The sweep of a stroke's pieces: which points of the plane a piece's normals reach (its feet),
/// and its pieces cut where they turn back.
extension Pen {
    // MARK: The sweep

    /// Whether a root t of (B(t) − x)·B′(t) is a foot: x − B(t) perpendicular to the direction
    /// of travel there. Where the curve moves (|B′(t)| above `rest`) every root is one, to the
    /// root's accuracy. (Tested for perpendicularity there too, a root a little off along a
    /// straight piece, or near where a curve comes to rest, failed it: x − B(t) then runs along
    /// the piece, and points on the path itself were not in its stroke.) Where the curve is at
    /// rest (B′(t) = 0: an end whose control points coincide) every x is a root, and only those
    /// on the normal of the limit direction are feet: to within `Tolerance.foot` of the angle, and
    /// at most `slack` (the outline's tolerance) from the normal. (The angle alone let a butt
    /// end at rest, 11,247 wide, cover a slab 0.011 across beyond its normal: the outline's
    /// classification, looking 0.001 either side of a piece there, found both sides inside.)
    static func isFoot(_ s: Segment, _ t: Double, _ x: Point, rest: Double, slack: Double) -> Bool {
        if s.derivative(at: t).length > rest { return true }
        guard let d = tangent(s, at: t) else { return false }
        let w = x - s.point(at: t)
        return abs(w.dot(d)) <= Swift.min(Tolerance.foot * w.length, slack)
    }

    /// A root in the second half of a Bézier refused as no foot where the curve nearly rests,
    /// asked again of the curve run backwards: near t = 1 the parameter's rounding (1.1e-16) is a
    /// large part of 1 − t, and where the curve nearly rests at its end its direction turns over
    /// a few such steps (by 1e-8 rad a step at 1 − t = 1.5e-8 on a cubic whose control point
    /// lies 7e-10 from its end), so x − B(t) cannot be seen perpendicular to it; the parameter of
    /// the curve run backwards, 1 − t, has its full precision there. (Seed 8's stroke 577 of the
    /// near-stop sweep: points 1e-3 inside the turn before such an end were not in the stroke.)
    /// The feet near the start of the reversed curve, by the same test.
    static func hasFootNearEnd(_ s: Segment, from x: Point, within h: Double, rest: Double, slack: Double) -> Bool {
        let r = s.reversed
        for u in bezierFeet(r, from: x) where u < 0.5 && r.point(at: u).distance(to: x) <= h && isFoot(r, u, x, rest: rest, slack: slack) {
            return true
        }
        return false
    }

    /// A Bézier's roots of (B(t) − x)·B′(t) in [0, 1]; none for a line or an arc.
    static func bezierFeet(_ s: Segment, from x: Point) -> RootList {
        switch s {
        case .quadratic(let q): q.feet(from: x)
        case .cubic(let c): c.feet(from: x)
        case .line, .arc: RootList()
        }
    }

    /// Whether some point of `s` has x on its normal within `h`: a root of (P(t) − x)·P′(t) in
    /// [0, 1] (a perpendicular foot) at distance at most h (`isFoot` says what `rest` and `slack`
    /// are).
    static func hasFoot(_ s: Segment, from x: Point, within h: Double, rest: Double, slack: Double) -> Bool {
        switch s {
        case .line(let l):
            let d = l.p1 - l.p0
            let len2 = d.dot(d)
            guard len2 > 0 else { return false }
            let t = (x - l.p0).dot(d) / len2
            return t >= 0 && t <= 1 && l.point(at: t).distance(to: x) <= h
        case .quadratic, .cubic:
            // (An end that is no foot is a join's or cap's business.)
            var nearEnd = false
            for t in bezierFeet(s, from: x) where s.point(at: t).distance(to: x) <= h {
                if isFoot(s, t, x, rest: rest, slack: slack) { return true }
                if t > 0.5 { nearEnd = true }
            }
            return nearEnd && hasFootNearEnd(s, from: x, within: h, rest: rest, slack: slack)
        case .arc(let a):
            if a.isCircular {
                // Feet along the ray from the centre through x, both ways.
                let r = x - a.center
                guard r.length > 0 else { return a.radius <= h }
                // The angle of x in the arc's own frame (u, v perpendicular, of one length).
                let theta = arcTangent2(r.dot(a.v), r.dot(a.u))
                for angle in [theta, theta + Double.pi] {
                    var delta = (angle - a.startAngle).truncatingRemainder(dividingBy: 2 * Double.pi)
                    if a.sweep >= 0 {
                        if delta < 0 { delta += 2 * Double.pi }
                    } else if delta > 0 {
                        delta -= 2 * Double.pi
                    }
                    let t = a.sweep != 0 ? delta / a.sweep : 0
                    if t >= 0, t <= 1, a.point(at: t).distance(to: x) <= h { return true }
                }
                return false
            }
            // An ellipse: sign changes of (P(t) − x)·P′(t) on 256 steps, refined by bisection.
            func f(_ t: Double) -> Double { (s.point(at: t) - x).dot(s.derivative(at: t)) }
            var t0 = 0.0, f0 = f(0)
            if f0 == 0, s.point(at: 0).distance(to: x) <= h { return true }
            for k in 1...256 {
                let t1 = Double(k) / 256, f1 = f(t1)
                if f1 == 0, s.point(at: t1).distance(to: x) <= h { return true }
                if (f0 < 0) != (f1 < 0) {
                    let t = Searches.signChange(in: t0, t1, valueAtLow: f0, halvings: 60, f)
                    if s.point(at: t).distance(to: x) <= h { return true }
                }
                t0 = t1; f0 = f1
            }
            return false
        }
    }

    /// The segment cut where a Bézier stops and turns back (its derivative vanishes there, to
    /// 1e-9 of its speed bound): candidates are the roots of either component of the derivative.
    /// Each piece is at rest where it stops, at a cut and at an end of the segment where the
    /// speed is below a stop's (the control point beside it within 1e-9 of the speed bound of it,
    /// but not on it, as numbers that came through rounding leave it). Left as it was, such an
    /// end turned by up to half a turn within 1e-10 of its parameter: its direction, its cap and
    /// its offsets followed the turn, which the offsets' samples and a fit's halving never
    /// resolve (a cubic whose p2 was 1e-9 from p3 made 30,000 pieces of offset and ran out of
    /// work at any width).
    static func cutAtCusps(_ s: Segment) -> [Segment] {
        let bound = s.speedBound
        let s = Pen.atRest(
            s, start: s.derivative(at: 0).length <= Tolerance.stop * bound, end: s.derivative(at: 1).length <= Tolerance.stop * bound)
        guard let (cx, cy) = s.powerCoefficients, cx.count > 2 else { return [s] }
        var cuts: [Double] = []
        for c in [cx, cy] {
            let derivative = Polynomial((1..<c.count).map { Double($0) * c[$0] })
            for t in derivative.roots(in: 0, 1) where t > Tolerance.stop && t < 1 - Tolerance.stop {
                if s.derivative(at: t).length <= Tolerance.stop * bound, !cuts.contains(where: { abs($0 - t) < Tolerance.stop }) { cuts.append(t) }
            }
        }
        guard !cuts.isEmpty else { return [s] }
        let stops = [0] + cuts.stablySorted() + [1]
        // The split leaves a cut's control point apart from it by rounding, whose direction
        // would then be the piece's there, and an offset far out swings with it (O22).
        return (0..<(stops.count - 1)).map { k in
            Pen.atRest(s.piece(from: stops[k], to: stops[k + 1]), start: k > 0, end: k < stops.count - 2)
        }
    }

    /// A Bézier's stretches where it nearly stops and turns, by its ends and inside (below).
    /// By an end whose control point lies much nearer than the next difference: within σ = 2·|D1|/|D2| of the
    /// parameter by that end (a cubic's, 4·|D1|/|D2| a quadratic's; D1, D2 the first and second
    /// differences of the control points there) its direction turns by all but 14° of the way
    /// from the rest of the curve's to the end's. Where that stretch lies within `limit` of the
    /// end (|B(σ) − end| is at most the sum of its terms, n·σ·|D1| + …), the longest stretch
    /// that does (up to 1/16) is swept as a line from where it starts to the end, with the
    /// normals turning about both of the line's ends (`Fan`, from the direction of travel before
    /// to the direction after): every normal of the stretch has one of the same direction within
    /// `limit` of it. (The longer the stretch, the less of the turn is left to the rest, whose
    /// offsets there run along a round cap's circle within `limit` of it.)
    /// The rest of the curve is the piece between (`piece(from:to:)`), which a double's
    /// parameter resolves. (In the whole curve's parameter the turn takes a few ulps of t near
    /// an end: a control point 1e-5 from the end of a curve 127 long turns by 135° within 1e-6
    /// of it, and the sweep's test of a point near the turn lost its feet, and its outline
    /// could not be made.) Inside, where its least speed (B′·B″ = 0) is below
    /// `Tolerance.nearStop` of its speed bound but above a stop's: it turns by nearly half a turn
    /// within σ = 4·|B′|/|B″| of that parameter t* either way, and the stretch about B(t*), as long
    /// as keeps |B(t* ± σ) − B(t*)| within `limit` (at most |B′|·σ + |B″|·σ²/2 + |B‴|·σ³/6), is
    /// swept as lines into and out of B(t*) and the fans about their ends. `error` is the largest
    /// such distance (0 with no stretch).
    static func hooks(_ s: Segment, within limit: Double) -> (parts: [Segment], fans: [(fan: Fan, end: Bool?)], error: Double) {
        let points: [Point]
        switch s {
        case .quadratic(let q): points = [q.p0, q.p1, q.p2]
        case .cubic(let c): points = [c.p0, c.p1, c.p2, c.p3]
        case .line, .arc: return ([s], [], 0)
        }
        // A stretch's half σ, moved back from an inflection just beyond it (at a parameter
        // distance δ from its centre, within 16 times `Tolerance.insideEnd`): the rest's offset
        // looks at its curvature that far inside its end, and would read it across the
        // inflection (a stretch of it taken for reversed held the inflection, and its evolute ran
        // 1e5 away from a path 0.1 across). Nil when that leaves less than `least`.
        let inflections = s.inflections
        // The longest σ from `least` up to `room` whose extent is within the limit, by halving
        // (the more of the turn the stretch holds, the less of it the rest's offsets make along a
        // round cap's circle there).
        func longest(from least: Double, upTo room: Double, _ extent: (Double) -> Double) -> Double {
            var lo = least, hi = room
            if extent(hi) <= limit { lo = hi }
            for _ in 0..<40 where hi > lo {
                let mid = 0.5 * (lo + hi)
                if extent(mid) <= limit { lo = mid } else { hi = mid }
            }
            return lo
        }
        func clear(_ sigma: Double, least: Double, distances: [Double]) -> Double? {
            var sigma = sigma
            let margin = 16 * Tolerance.insideEnd
            for delta in distances.stablySorted() where delta >= sigma && delta < sigma + margin { sigma = delta - margin }
            return sigma >= least ? sigma : nil
        }
        // The stretch by p[0] (the curve's start, or its end for the points reversed).
        func stretch(_ p: [Point], distances: [Double]) -> (parameter: Double, extent: Double)? {
            let d1 = p[1] - p[0], d2 = (p[2] - p[1]) - d1
            let e1 = d1.length, e2 = d2.length
            guard e1 > 0, e2 > 0 else { return nil }
            let cubic = p.count == 4
            let e3 = cubic ? (((p[3] - p[2]) - (p[2] - p[1])) - d2).length : 0
            func extent(_ sigma: Double) -> Double { ((cubic ? 3 : 2) * e1 + ((cubic ? 3 : 1) * e2 + e3 * sigma) * sigma) * sigma }
            let least = (cubic ? 2 : 4) * e1 / e2
            guard least <= 1.0 / 16, extent(least) <= limit else { return nil }
            guard let sigma = clear(longest(from: least, upTo: 1.0 / 16, extent), least: least, distances: distances) else { return nil }
            return (sigma, extent(sigma))
        }
        // The turns: (the stretch's parameters, the parameter of its centre: an end, or t*).
        var sites: [(lo: Double, hi: Double, centre: Double, extent: Double)] = []
        if let first = stretch(points, distances: inflections) { sites.append((0, first.parameter, 0, first.extent)) }
        let bound = s.speedBound
        for t in Pen.leastSpeeds(s) {
            let v = s.derivative(at: t).length, a = s.secondDerivative(at: t).length, j = s.thirdDerivative(at: t).length
            guard v > Tolerance.stop * bound, v < Tolerance.nearStop * bound, a > 0 else { continue }
            func extent(_ sigma: Double) -> Double { (v + (0.5 * a + j * sigma / 6) * sigma) * sigma }
            let least = 4 * v / a
            let room = Swift.min(1.0 / 16, t - (sites.last?.hi ?? 0), 1 - t)
            guard least < room, extent(least) <= limit else { continue }
            let sigma0 = longest(from: least, upTo: room, extent)
            // (Kept where clearing an inflection would leave too short a stretch: the turn left
            // whole, nearly half a turn within a few ulps of t, is always the worse.)
            let sigma = clear(sigma0, least: least, distances: inflections.map { abs($0 - t) }) ?? sigma0
            sites.append((t - sigma, t + sigma, t, extent(sigma)))
        }
        if let last = stretch(Array(points.reversed()), distances: inflections.map { 1 - $0 }), 1 - last.parameter > (sites.last?.hi ?? 0) {
            sites.append((1 - last.parameter, 1, 1, last.extent))
        }
        guard !sites.isEmpty else { return ([s], [], 0) }
        var parts: [Segment] = [], fans: [(fan: Fan, end: Bool?)] = []
        // `end`: the fan about the segment's start (false) or end (true), nil inside.
        func turning(at c: Point, from a: Vector?, to b: Vector?, end: Bool? = nil) {
            guard let a = a?.normalized, let b = b?.normalized else { return }
            fans.append((Fan(center: c, from: a.perpendicular, to: b.perpendicular, turn: arcTangent2(a.cross(b), a.dot(b))), end))
        }
        // The curve between the turns (its pieces' ends are where the lines start and end), then
        // each turn: a line into its centre and one out, and the normals turning about each end
        // of them, from the direction of travel before to the one after.
        var curves: [Segment?] = []
        var from = 0.0
        for site in sites {
            curves.append(site.lo > from ? s.piece(from: from, to: site.lo) : nil)
            from = site.hi
        }
        curves.append(from < 1 ? s.piece(from: from, to: 1) : nil)
        for (k, site) in sites.enumerated() {
            if let before = curves[k] { parts.append(before) }
            let before = curves[k], after = curves[k + 1]
            let centre = site.centre == 0 ? s.start : site.centre == 1 ? s.end : s.point(at: site.centre)
            let entry = before?.end ?? centre, exit = after?.start ?? centre
            let arrival = before.flatMap { Pen.tangent($0, at: 1) } ?? Pen.tangent(s, at: 0)
            let departure = after.flatMap { Pen.tangent($0, at: 0) } ?? Pen.tangent(s, at: 1)
            let into = centre - entry, out = exit - centre
            var direction = arrival
            if into.length > 0 {
                parts.append(.line(LineSegment(entry, centre)))
                turning(at: entry, from: direction, to: into)
                direction = into
            }
            let next = out.length > 0 ? out : departure
            turning(at: centre, from: direction, to: next, end: site.centre == 0 ? false : site.centre == 1 ? true : nil)
            if out.length > 0 {
                parts.append(.line(LineSegment(centre, exit)))
                turning(at: exit, from: out, to: departure)
            }
        }
        if let last = curves[sites.count] { parts.append(last) }
        return (parts, fans, sites.reduce(0) { Swift.max($0, $1.extent) })
    }

    /// The parameters in (0, 1) where a Bézier's speed is least (B′·B″ = 0; a quadratic's has
    /// one, a cubic's up to three), found from the cubic B′·B″ in the power basis.
    static func leastSpeeds(_ s: Segment) -> [Double] {
        let polynomial: Polynomial
        switch s {
        case .quadratic(let q):
            let e1 = q.p1 - q.p0, e2 = (q.p2 - q.p1) - e1
            polynomial = Polynomial([4 * e1.dot(e2), 4 * e2.dot(e2)])
        case .cubic(let c):
            // B′ = 3a·t² + 2b·t + c, B″ = 6a·t + 2b.
            let (a, b, d) = c.powerBasis
            polynomial = Polynomial([2 * b.dot(d), 4 * b.dot(b) + 6 * a.dot(d), 18 * a.dot(b), 18 * a.dot(a)])
        case .line, .arc: return []
        }
        return polynomial.roots(in: 0, 1).array.filter { $0 > 0 && $0 < 1 }.stablySorted()
    }

    /// `s` with the control point beside its start (or its end) put on that end: the curve stops
    /// there (B′ = 0), and moves by less than half that point's distance. A quadratic has one
    /// such point; its start comes first.
    static func atRest(_ s: Segment, start: Bool, end: Bool) -> Segment {
        switch s {
        case .cubic(var c):
            if start { c.p1 = c.p0 }
            if end { c.p2 = c.p3 }
            return .cubic(c)
        case .quadratic(var q):
            if start { q.p1 = q.p0 } else if end { q.p1 = q.p2 }
            return .quadratic(q)
        case .line, .arc: return s
        }
    }
}
