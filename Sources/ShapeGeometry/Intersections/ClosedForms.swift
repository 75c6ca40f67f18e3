// The meetings found without search: lines, circles and a line against a Bézier, in closed form.

extension Intersections {
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
    /// reaching the line, or with |f(s)| below f's own rounding (where even f in double-double
    /// cannot say which), they are one touch at s. f is computed in double-double from the input's
    /// doubles, so crossings down to about 1e-16 of the size apart are told apart, where f in
    /// doubles would merge those closer than about 1e-8 (√ulp) of the size.
    ///
    /// Nil for a curve that lies along the line within the tolerance (an overlap, not this).
    static func lineCurve(_ l: LineSegment, _ curve: Segment, tolerance: Double) -> [Meeting]? {
        let chord = l.p1 - l.p0
        let length = chord.quickLength
        guard length > 0 else { return nil }
        // f's coefficients in double-double, from the input's doubles: every difference and
        // product below is exact or nearly so, so f is known to about 1e-32 of its size where
        // doubles would know it to 1e-16 (which blurs a near tangency's two crossings together
        // over √1e-16 = 1e-8 of the size).
        let cx = DoubleDouble.twoSum(l.p1.x, -l.p0.x), cy = DoubleDouble.twoSum(l.p1.y, -l.p0.y)
        func distance(_ p: Point) -> DoubleDouble {
            (cx * DoubleDouble.twoSum(p.y, -l.p0.y) - cy * DoubleDouble.twoSum(p.x, -l.p0.x)) / length
        }
        var exact = InlineArray<4, DoubleDouble>(repeating: DoubleDouble(0))
        let count: Int
        switch curve {
        case .quadratic(let q):
            let g0 = distance(q.p0), g1 = distance(q.p1), g2 = distance(q.p2)
            exact[0] = g0; exact[1] = (g1 - g0) * 2; exact[2] = g0 - g1 * 2 + g2
            count = 3
        case .cubic(let c):
            let g0 = distance(c.p0), g1 = distance(c.p1), g2 = distance(c.p2), g3 = distance(c.p3)
            exact[0] = g0; exact[1] = (g1 - g0) * 3; exact[2] = (g0 - g1 * 2 + g2) * 3
            exact[3] = g3 - g0 + (g1 - g2) * 3
            count = 4
        case .line, .arc: return nil
        }
        var rounded = InlineArray<7, Double>(repeating: 0)
        for i in 0..<count { rounded[i] = exact[i].value }
        let f = Polynomial(raw: rounded, count: count)
        // f(u) in double-double (Horner's scheme, u a double).
        func exactly(_ u: Double) -> Double {
            var v = DoubleDouble(0)
            var i = count - 1
            while i >= 0 { v = v * u + exact[i]; i -= 1 }
            return v.value
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
        // f's own rounding (its coefficients' and Horner's scheme's on [0, 1], in double-double:
        // a few units of 2⁻¹⁰⁴ of the sum of its coefficients' sizes per step) cannot tell a
        // touch from two crossings or none: below it, a touch.
        var sum = 0.0
        for i in 0..<f.count { sum += abs(f.coefficients[i]) }
        let noise = 16 * Double(f.count) * Double.ulpOfOne * Double.ulpOfOne * sum
        // f in doubles, whose roots are looked for below, blurs over its own rounding: the roots
        // it finds that near a stationary point are those of the pair handled here.
        let blur = 2 * Double(f.count) * Double.ulpOfOne * sum
        // The curve's ends that lie on the line's own line (to f's rounding in double-double):
        // given exactly, before a root found next to them by rounding could stand for them.
        for u in [0.0, 1.0] where abs(exactly(u)) <= noise { add(u) }
        let slope = f.derivative, curvature = slope.derivative
        var handled: [ClosedRange<Double>] = []
        for s in slope.roots(in: 0, 1) {
            let v = exactly(s)
            guard abs(v) <= tolerance else { continue }
            let c = 0.5 * curvature(s)
            if abs(v) > noise, v * c < 0 {
                let d = (-v / c).squareRoot()
                let lo = curve.point(at: Swift.max(s - d, 0)), hi = curve.point(at: Swift.min(s + d, 1))
                let reach = Swift.max(2 * d, 2 * (blur / abs(c)).squareRoot())
                handled.append(Swift.max(s - reach, 0)...Swift.min(s + reach, 1))
                if lo.quickDistance(to: hi) > tolerance {
                    // Two crossings, each refined by Newton's method on f from its estimate.
                    for start in [s - d, s + d] where start >= -Tolerance.parameter && start <= 1 + Tolerance.parameter {
                        var u = Swift.min(Swift.max(start, 0), 1)
                        for _ in 0..<8 {
                            let dv = slope(u)
                            guard dv != 0 else { break }
                            let next = Swift.min(Swift.max(u - exactly(u) / dv, 0), 1)
                            if next == u { break }
                            u = next
                        }
                        add(u)
                    }
                    continue
                }
            } else {
                // Where |f| is within its rounding around s, the roots found there are noise.
                let reach = c != 0 ? 2 * ((blur + abs(v)) / abs(c)).squareRoot() : 0
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
        return meetings.stablySorted { $0.t < $1.t }
    }

    /// Whether one of the two is a circular arc and the other a quadratic or cubic Bézier (a pair
    /// `closedForm` answers unless the Bézier runs along the circle).
    static func circleAndBezier(_ a: Segment, _ b: Segment) -> Bool {
        switch (a, b) {
        case (.arc(let c), .quadratic), (.arc(let c), .cubic), (.quadratic, .arc(let c)), (.cubic, .arc(let c)): c.isCircular
        default: false
        }
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
            return circleCurve(c, b, tolerance: tolerance)?.map { Meeting(t: $0.u, u: $0.t, point: $0.point) }.stablySorted { $0.t < $1.t }
        case (.quadratic, .arc(let c)), (.cubic, .arc(let c)):
            guard c.isCircular else { return nil }
            return circleCurve(c, a, tolerance: tolerance)
        case (.line(let l), .quadratic), (.line(let l), .cubic):
            return lineCurve(l, b, tolerance: tolerance)
        case (.quadratic, .line(let l)), (.cubic, .line(let l)):
            return lineCurve(l, a, tolerance: tolerance)?.map { Meeting(t: $0.u, u: $0.t, point: $0.point) }.stablySorted { $0.t < $1.t }
        case (.line(let l), .line(let m)):
            // Not parallel (collinear ones were overlaps): one point of the two lines, kept if
            // it lies on both (no lists on the way: this is the commonest pair).
            let v = l.p1 - l.p0, w = m.p1 - m.p0
            let det = v.cross(w)
            guard abs(det) > Tolerance.parallel * v.length * w.length else {
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
                return found.stablySorted { $0.t < $1.t }
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
        return found.stablySorted { $0.t < $1.t }
    }

    /// Where a quadratic or cubic Bézier B meets a circular arc, as meetings with t on the curve
    /// and u on the arc, in increasing t: the roots in [0, 1] of the polynomial
    /// f(t) = |B(t) − c|²/r² − 1 (degree 4 or 6, in the power basis of (B − c)/r), each polished
    /// by Newton's method on the curves themselves; a stationary point of f where the curve comes
    /// within 1e-11 of the size (`tolerance`/100) of the circle without crossing it on either
    /// side, a touch; and an end of the curve within that of the circle. Points off the arc (by
    /// more than the tolerance along it) are left out, and points within the tolerance of one
    /// another are one. Nil when the curve runs within the tolerance of the circle along a
    /// stretch far longer than a touch would give (an offset fitted where a curve turns about a
    /// near stop runs along the join's circle, 1,200 units within 1e-5 of it at a tolerance of
    /// 4.9e-5): there f is rounding, and its roots are noise; the stretch is an overlap
    /// (`Intersections.nearStretches` finds it).
    static func circleCurve(_ arc: Arc, _ curve: Segment, tolerance: Double) -> [Meeting]? {
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
        let near = 2 * Tolerance.touchCandidate * tolerance / r
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
        // How far about each candidate the curve stays within the tolerance of the circle
        // (|f| ≤ 2·tolerance/r): first estimated from f′ (a crossing at an angle θ stays within
        // it for about 2·tolerance/sin θ), measured where that estimate is not clearly short.
        // A curve that touches the circle from one side with a different curvature (radius ρ
        // relative to it) stays within it for about √(8·tolerance·ρ): the stretch counts as
        // running along only when it is longer than `Tolerance.alongCircle` times √(tolerance·r)
        // (and a thousand tolerances). Looked at about each root, and each stationary point and
        // end within the band (a curve that runs along the circle a third of the tolerance off it
        // has no root).
        let band = 2 * tolerance / r
        let along = Swift.max(Tolerance.alongCircle * (tolerance * r).squareRoot(), 1000 * tolerance)
        let fPrime = f.derivative
        func runsAlong(from t: Double) -> Bool {
            let slope = abs(fPrime(t)), speed = curve.derivative(at: t).length
            if slope > 0, speed * 2 * band / slope < 0.1 * along { return false }
            func reach(_ direction: Double) -> Double {
                var step = Tolerance.parameter, last = t
                while true {
                    let x = Swift.min(Swift.max(t + direction * step, 0), 1)
                    guard abs(f(x)) <= band else { return last }
                    last = x
                    if x == 0 || x == 1 { return x }
                    step *= 2
                }
            }
            return curve.point(at: reach(-1)).distance(to: curve.point(at: reach(1))) > along
        }
        for t in roots where runsAlong(from: t) { return nil }
        for t in critical where abs(f(t)) <= band && runsAlong(from: t) { return nil }
        if abs(f(0)) <= band, runsAlong(from: 0) { return nil }
        if abs(f(1)) <= band, runsAlong(from: 1) { return nil }
        var found: [Meeting] = []
        for (t, polish) in candidates {
            guard let u = parameter(of: curve.point(at: t), on: .arc(arc), tolerance: tolerance) else { continue }
            found.append(polish ? refine(curve, .arc(arc), 0...1, 0...1, from: (t, u)) : Meeting(t: t, u: u, point: curve.point(at: t)))
        }
        found.stablySort { $0.t < $1.t }
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
}
