/// An arc of an ellipse, kept exact: the affine image of an arc of the unit circle,
///
///     P(θ) = center + u·cos θ + v·sin θ,   θ = startAngle + t·sweep,  t in [0, 1].
///
/// A circular arc of radius r drawn as UIBezierPath does has u = (r, 0) and v = (0, r); since y
/// grows down, increasing θ turns clockwise on screen. Any affine transform maps the centre and
/// the two axis vectors and leaves the angles alone, so transformed arcs stay exact. While u and v
/// are perpendicular and equally long (translation, rotation, uniform scale, reflection) the arc
/// is circular: its length is the closed form r·|sweep| and its nearest point a closed form too.
/// Otherwise (non-uniform scale, shear) it is elliptical and measured by adaptive quadrature.
public struct Arc: Hashable, Sendable {
    /// The centre of the ellipse (or circle) the arc runs on.
    public var center: Point
    /// The image of the unit vector at angle 0.
    public var u: Vector
    /// The image of the unit vector at angle π/2.
    public var v: Vector
    /// θ at t = 0, in radians.
    public var startAngle: Double
    /// Signed turn from start to end, in radians: positive turns clockwise on screen for an
    /// untransformed arc. Its magnitude is at most 2π for arcs built by `Path`.
    public var sweep: Double

    /// An arc of the ellipse center + u·cos θ + v·sin θ, from θ = startAngle through `sweep`.
    public init(center: Point, u: Vector, v: Vector, startAngle: Double, sweep: Double) {
        self.center = center; self.u = u; self.v = v; self.startAngle = startAngle; self.sweep = sweep
    }

    /// A circular arc of `radius` about `center`, starting at `startAngle` and turning by `sweep`.
    public init(center: Point, radius: Double, startAngle: Double, sweep: Double) {
        self.init(center: center, u: Vector(radius, 0), v: Vector(0, radius), startAngle: startAngle, sweep: sweep)
    }

    /// The sweep that HTML canvas `arc()` (and CGPath) draws from `start` to `end`: with
    /// `clockwise` (increasing angle), a requested turn of 2π or more is a full circle; otherwise
    /// the arc runs from `start` in the given direction to `end` taken modulo 2π (so equal angles
    /// give an empty arc).
    public static func sweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
        if clockwise {
            return end - start >= fullTurn ? fullTurn : positiveAngle(end - start)
        } else {
            return start - end >= fullTurn ? -fullTurn : -positiveAngle(start - end)
        }
    }

    /// True when u and v are perpendicular and of equal length to within 1e-14 relative: the arc
    /// is circular and its queries use closed forms.
    public var isCircular: Bool {
        // In units of the larger axis: past 1e154 the squares overflow, and inf − inf ≤ inf made a
        // flat ellipse "circular" (its length 21% short).
        let size = Swift.max(u.quickLength, v.quickLength)
        guard size > 0, size.isFinite else { return size == 0 }
        let su = u / size, sv = v / size
        let uu = su.lengthSquared, vv = sv.lengthSquared
        let scale = Swift.max(uu, vv)
        return abs(uu - vv) <= Tolerance.circular * scale && abs(su.dot(sv)) <= Tolerance.circular * scale
    }

    /// The radius of a circular arc (the mean of the two axis lengths).
    public var radius: Double { 0.5 * (u.length + v.length) }

    @inline(__always) func angle(at t: Double) -> Double { startAngle + t * sweep }
}

extension Arc: ParametricCurve {
    public var start: Point { point(at: 0) }
    public var end: Point { point(at: 1) }
    public func point(at t: Double) -> Point {
        let a = angle(at: t)
        let cs = cosine(a), sn = sine(a)
        return Point(center.x + u.dx * cs + v.dx * sn, center.y + u.dy * cs + v.dy * sn)
    }
    public func derivative(at t: Double) -> Vector {
        let a = angle(at: t)
        return sweep * (v * cosine(a) - u * sine(a))
    }
    /// −sweep²·(u cos θ + v sin θ).
    public func secondDerivative(at t: Double) -> Vector {
        let a = angle(at: t)
        return -(sweep * sweep) * (u * cosine(a) + v * sine(a))
    }
    /// −sweep³·(v cos θ − u sin θ).
    public func thirdDerivative(at t: Double) -> Vector {
        let a = angle(at: t)
        return -(sweep * sweep * sweep) * (v * cosine(a) - u * sine(a))
    }
    public func split(at t: Double) -> (Arc, Arc) {
        var first = self, second = self
        first.sweep = t * sweep
        second.startAngle = angle(at: t)
        second.sweep = sweep - first.sweep
        return (first, second)
    }
    public func transformed(by m: AffineTransform) -> Arc {
        Arc(center: m.apply(center), u: m.apply(u), v: m.apply(v), startAngle: startAngle, sweep: sweep)
    }
}

extension Arc: SpeedIntegrated {
    @inline(__always) func speed(at t: Double) -> Double {
        let a = angle(at: t)
        let cs = cosine(a), sn = sine(a)
        let dx = v.dx * cs - u.dx * sn, dy = v.dy * cs - u.dy * sn
        // hypot: the squares overflow for axes past 1e154 (a flat ellipse 1e160 wide measured
        // 21% short).
        return hypotenuse(dx, dy) * abs(sweep)
    }

    /// |P'(θ)|² = m + p·cos 2θ − q·sin 2θ with m = (|u|² + |v|²)/2, p = (|v|² − |u|²)/2 and
    /// q = u·v, smallest where 2θ = atan2(−q, p) + π (mod 2π): the ends of the major axis. A very
    /// flat ellipse turns sharply there.
    func speedDips() -> [SpeedDip] {
        guard sweep != 0 else { return [] }
        // In units of the larger axis, so that the squares cannot overflow.
        let scale = Swift.max(u.length, v.length)
        guard scale > 0, scale.isFinite else { return [] }
        let su = u / scale, sv = v / scale
        let uu = su.lengthSquared, vv = sv.lengthSquared
        let p = (vv - uu) / 2, q = su.dot(sv)
        let base = (arcTangent2(-q, p) + Double.pi) / 2
        var dips: [SpeedDip] = []
        let direction: Double = sweep > 0 ? 1 : -1
        var offset = floatingRemainder(positiveAngle(direction * (base - startAngle)), Double.pi)
        while offset < abs(sweep) {
            let t = offset / abs(sweep)
            let a = angle(at: t)
            let second = (u * cosine(a) + v * sine(a)).length
            let width = second > 0 ? speed(at: t) / abs(sweep) / second / abs(sweep) : 0
            dips.append(SpeedDip(t: t, width: width))
            offset += Double.pi
        }
        return dips
    }

    /// r·|sweep| for a circular arc; adaptive quadrature of the speed for an elliptical one.
    public func arcLength(accuracy: Double = defaultArcLengthAccuracy) -> Double {
        if isCircular { return radius * abs(sweep) }
        return integratedSpeed(upTo: 1, accuracy: accuracy)
    }

    public func arcLength(upTo t: Double, accuracy: Double = defaultArcLengthAccuracy) -> Double {
        let t = Swift.min(Swift.max(t, 0), 1)
        if isCircular { return radius * abs(sweep) * t }
        return integratedSpeed(upTo: t, accuracy: accuracy)
    }

    public func arcLengthTable(accuracy: Double = defaultArcLengthAccuracy) -> ArcLengthTable {
        if isCircular { return ArcLengthTable(uniformLength: arcLength()) }
        return quadratureTable(accuracy: accuracy)
    }

    public func parameter(atLength length: Double, in table: ArcLengthTable) -> Double {
        let total = table.total
        guard total > 0 else { return 0 }
        if isCircular { return Swift.min(Swift.max(length / total, 0), 1) }
        return tabulatedParameter(atLength: length, in: table)
    }
}

extension Arc: CurveExtrema {
    /// The parameters where the chosen coordinate turns: θ = atan2(v, u) + kπ for that coordinate,
    /// kept where it falls strictly inside the sweep.
    @inline(__always) public func forEachExtremum(along axis: Axis, _ body: (Double) -> Void) {
        let uc = u[axis], vc = v[axis]
        guard sweep != 0, uc != 0 || vc != 0 else { return }
        let base = arcTangent2(vc, uc)
        let direction: Double = sweep > 0 ? 1 : -1
        let span = abs(sweep)
        // Offsets along the sweep, measured from the start, of the angles base + kπ.
        var offset = floatingRemainder(positiveAngle(direction * (base - startAngle)), Double.pi)
        while offset < span {
            if offset > 0 { body(offset / span) }
            offset += Double.pi
        }
    }
}

extension Arc {
    /// The tight box: the ends, and along each axis the ellipse's extreme centre ± √(u² + v²)
    /// of that coordinate where its angle atan2(v, u) (or that plus π) falls inside the sweep.
    public var tightBounds: Rect {
        var r = Rect(point: start)
        r.include(end)
        guard sweep != 0 else { return r }
        let span = abs(sweep), direction: Double = sweep > 0 ? 1 : -1
        func within(_ angle: Double) -> Bool {
            let offset = positiveAngle(direction * (angle - startAngle))
            return offset > 0 && offset < span
        }
        for axis in [Axis.x, Axis.y] {
            let uc = u[axis], vc = v[axis]
            guard uc != 0 || vc != 0 else { continue }
            let base = arcTangent2(vc, uc), reach = hypotenuse(uc, vc), c = center[axis]
            // At base the coordinate is c + reach, half a turn on c − reach.
            if span >= fullTurn || within(base) {
                if axis == .x { r.include(Point(c + reach, r.minY)) } else { r.include(Point(r.minX, c + reach)) }
            }
            if span >= fullTurn || within(base + Double.pi) {
                if axis == .x { r.include(Point(c - reach, r.minY)) } else { r.include(Point(r.minX, c - reach)) }
            }
        }
        return r
    }
}

extension Arc: CurveNearest {
    public func nearest(to p: Point) -> (t: Double, distance: Double) {
        if isCircular {
            // The angle of q in the arc's own frame (u at 0, v at π/2), in units of the arc's
            // size (a power of two: exact), so that the products neither overflow nor underflow.
            let k = Vector.unitScale(of: u, v)
            let q = (p - center) * k
            let a = arcTangent2(q.dot(v * k), q.dot(u * k))
            var candidates: [Double] = []
            if q.dx != 0 || q.dy != 0, sweep != 0 {
                let direction: Double = sweep > 0 ? 1 : -1
                let offset = positiveAngle(direction * (a - startAngle))
                if offset <= abs(sweep) { candidates.append(offset / abs(sweep)) }
            }
            return nearestAmong(candidates, to: p)
        }
        return nearestOnEllipse(to: p)
    }

    /// Elliptical arcs, exactly: the squared distance from p to c + u·cos θ + v·sin θ is
    /// stationary where (w + u cos θ + v sin θ)·(v cos θ − u sin θ) = 0, w = c − p, that is where
    /// (w·v) cos θ − (w·u) sin θ + (u·v)(cos²θ − sin²θ) + (|v|² − |u|²) sin θ cos θ = 0. With
    /// s = tan(θ/2) this is the quartic
    /// (w·v + u·v) − 2(w·u + |u|² − |v|²)s − 6(u·v)s² − 2(w·u − |u|² + |v|²)s³ + (u·v − w·v)s⁴ = 0,
    /// whose real roots (isolated by `Polynomial.roots`, in Cauchy's bound) give every stationary
    /// angle but θ = π (s infinite), which is added as a candidate. The nearest of those inside
    /// the arc and its two ends is the answer, to the rounding of the roots. In units of the
    /// arc's size (a power of two: exact), so that the products neither overflow nor underflow.
    func nearestOnEllipse(to p: Point) -> (t: Double, distance: Double) {
        let k = Vector.unitScale(of: u, v, p - center)
        let w = (center - p) * k, a = u * k, b = v * k
        let wu = w.dot(a), wv = w.dot(b), uv = a.dot(b), uu = a.dot(a), vv = b.dot(b)
        let c = [wv + uv, -2 * (wu + uu - vv), -6 * uv, -2 * (wu - uu + vv), uv - wv]
        var candidates: [Double] = []
        // The arc's parameter at the angle θ, if the arc passes through it.
        func add(_ theta: Double) {
            guard sweep != 0 else { return }
            let direction: Double = sweep > 0 ? 1 : -1
            let offset = positiveAngle(direction * (theta - startAngle))
            if offset <= abs(sweep) { candidates.append(offset / abs(sweep)) }
        }
        // Cauchy's bound on the roots' size, 1 + max|cᵢ/cₙ|, from the highest coefficient that
        // `roots` keeps (it drops those below `negligible` of the largest).
        let largest = c.reduce(0) { Swift.max($0, abs($1)) }
        if let n = c.lastIndex(where: { abs($0) > Tolerance.negligible * largest }), n > 0 {
            let bound = 1 + largest / abs(c[n])
            for s in Polynomial(c).roots(in: -bound, bound) { add(2 * arcTangent2(s, 1)) }
        }
        add(Double.pi)
        return nearestAmong(candidates.filter { $0 > 0 && $0 < 1 }, to: p)
    }
}
