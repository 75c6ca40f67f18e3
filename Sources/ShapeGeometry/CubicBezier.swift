/// A cubic Bézier curve: B(t) = (1−t)³·p0 + 3t(1−t)²·p1 + 3t²(1−t)·p2 + t³·p3.
///
/// Length: adaptive Gauss–Legendre quadrature of |B'(t)| (no closed form exists); near a cusp the
/// speed dips towards zero and the quadrature refines there. Nearest point: the real roots in
/// [0, 1] of the quintic (B(t) − p)·B'(t), isolated through its derivatives.
public struct CubicBezier: Hashable, Sendable {
    /// The start point.
    public var p0: Point
    /// The first control point.
    public var p1: Point
    /// The second control point.
    public var p2: Point
    /// The end point.
    public var p3: Point

    /// The cubic from p0 to p3 with control points p1 and p2.
    @inlinable public init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        self.p0 = p0; self.p1 = p1; self.p2 = p2; self.p3 = p3
    }

    /// The power-basis coefficients of B(t) − origin: B = a·t³ + b·t² + c·t + (p0 − origin).
    @inline(__always) var powerBasis: (a: Vector, b: Vector, c: Vector) {
        let c = 3 * (p1 - p0)
        let b = 3 * ((p0 - p1) + (p2 - p1))
        let a = (p3 - p0) + 3 * (p1 - p2)
        return (a, b, c)
    }
}

extension CubicBezier: ParametricCurve {
    public var start: Point { p0 }
    public var end: Point { p3 }
    public func point(at t: Double) -> Point {
        let mt = 1 - t
        let a = mt * mt * mt, b = 3 * mt * mt * t, c = 3 * mt * t * t, d = t * t * t
        return Point(
            a * p0.x + b * p1.x + c * p2.x + d * p3.x,
            a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
    public func derivative(at t: Double) -> Vector {
        let mt = 1 - t
        return 3 * (mt * mt * (p1 - p0) + 2 * mt * t * (p2 - p1) + t * t * (p3 - p2))
    }
    /// B''(t) = 6((1 − t)(p2 − 2p1 + p0) + t(p3 − 2p2 + p1)).
    public func secondDerivative(at t: Double) -> Vector {
        6 * ((1 - t) * ((p2 - p1) - (p1 - p0)) + t * ((p3 - p2) - (p2 - p1)))
    }
    public func split(at t: Double) -> (CubicBezier, CubicBezier) {
        let ab = p0.lerp(to: p1, t), bc = p1.lerp(to: p2, t), cd = p2.lerp(to: p3, t)
        let abc = ab.lerp(to: bc, t), bcd = bc.lerp(to: cd, t)
        let m = abc.lerp(to: bcd, t)
        return (CubicBezier(p0, ab, abc, m), CubicBezier(m, bcd, cd, p3))
    }
    public func transformed(by m: AffineTransform) -> CubicBezier {
        CubicBezier(m.apply(p0), m.apply(p1), m.apply(p2), m.apply(p3))
    }
}

extension CubicBezier: SpeedIntegrated {
    @inline(__always) func speed(at t: Double) -> Double { DerivativeCoefficients(self).speed(at: t) }

    func integrand() -> DerivativeCoefficients { DerivativeCoefficients(self) }

    /// B'(t) = 3((a·t + b)·t + c), precomputed once per curve so that each speed evaluation is
    /// a few multiplications and one square root.
    struct DerivativeCoefficients {
        let ax: Double, ay: Double, bx: Double, by: Double, cx: Double, cy: Double
        @inline(__always) init(_ curve: CubicBezier) {
            let d1x = curve.p1.x - curve.p0.x, d1y = curve.p1.y - curve.p0.y
            let d2x = curve.p2.x - curve.p1.x, d2y = curve.p2.y - curve.p1.y
            let d3x = curve.p3.x - curve.p2.x, d3y = curve.p3.y - curve.p2.y
            ax = 3 * (d1x - 2 * d2x + d3x); ay = 3 * (d1y - 2 * d2y + d3y)
            bx = 6 * (d2x - d1x); by = 6 * (d2y - d1y)
            cx = 3 * d1x; cy = 3 * d1y
        }
        @inline(__always) func speed(at t: Double) -> Double {
            let dx = (ax * t + bx) * t + cx, dy = (ay * t + by) * t + cy
            return (dx * dx + dy * dy).squareRoot()
        }

        /// The bound for √|B'|²: B' = A·t² + B·t + C as one complex polynomial, its roots by the
        /// quadratic formula in complex arithmetic.
        func errorBound() -> GaussErrorBound? {
            let a = (ax * ax + ay * ay).squareRoot(), b = (bx * bx + by * by).squareRoot(), c = (cx * cx + cy * cy).squareRoot()
            var bound = GaussErrorBound(a: a, b: b, c: c, order: 32)
            if a > Tolerance.rounding * Swift.max(b, c) {
                // t = (−B ± √(B² − 4AC)) / 2A, complex.
                let dr = (bx * bx - by * by) - 4 * (ax * cx - ay * cy)
                let di = 2 * bx * by - 4 * (ax * cy + ay * cx)
                let (sr, si) = complexSquareRoot(dr, di)
                let denominator = 2 * (ax * ax + ay * ay)
                // (nr + i·ni) / (2(ax + i·ay)) = (nr + i·ni)(ax − i·ay) / (2|A|²), for ±√.
                var nr = -bx + sr, ni = -by + si
                bound.add(((nr * ax + ni * ay) / denominator, (ni * ax - nr * ay) / denominator))
                nr = -bx - sr; ni = -by - si
                bound.add(((nr * ax + ni * ay) / denominator, (ni * ax - nr * ay) / denominator))
            } else if b > Tolerance.rounding * c {
                let denominator = bx * bx + by * by
                bound.add((-(cx * bx + cy * by) / denominator, -(cy * bx - cx * by) / denominator))
            }
            guard bound.r1.0.isFinite, bound.r1.1.isFinite, bound.r2.0.isFinite, bound.r2.1.isFinite else { return nil }
            return bound
        }

        /// The length of the polyline through 5 points evenly spaced in t over [a, b], each from
        /// the antiderivative of B' (P(t) − P(0) = A t³/3 + B t²/2 + C t): at most the arc length.
        @inline(__always) func inscribedLength(_ a: Double, _ b: Double) -> Double {
            let a3x = ax / 3, a3y = ay / 3, b2x = bx / 2, b2y = by / 2
            @inline(__always) func x(_ t: Double) -> Double { ((a3x * t + b2x) * t + cx) * t }
            @inline(__always) func y(_ t: Double) -> Double { ((a3y * t + b2y) * t + cy) * t }
            var length = 0.0, px = x(a), py = y(a)
            let step = 0.25 * (b - a)
            for k in 1...4 {
                let t = a + step * Double(k)
                let qx = x(t), qy = y(t)
                length += ((qx - px) * (qx - px) + (qy - py) * (qy - py)).squareRoot()
                px = qx; py = qy
            }
            return length
        }

        /// |B'| and its derivative (B'·B'')/|B'|, exactly.
        @inline(__always) func speedAndSlope(at t: Double) -> (speed: Double, slope: Double) {
            let dx = (ax * t + bx) * t + cx, dy = (ay * t + by) * t + cy
            let ddx = 2 * ax * t + bx, ddy = 2 * ay * t + by
            let v = (dx * dx + dy * dy).squareRoot()
            return (v, v > 0 ? (dx * ddx + dy * ddy) / v : 0)
        }

        /// The speed at each lane of `t`.
        @inline(__always) func speeds<V: SIMD>(_ t: V) -> V where V.Scalar == Double {
            let dx = (ax * t + bx) * t + cx, dy = (ay * t + by) * t + cy
            return (dx * dx + dy * dy).squareRoot()
        }

        /// A symmetric rule from its positive nodes and their weights, in SIMD.
        @inline(__always) func symmetricRule<V: SIMD>(_ a: Double, _ b: Double, _ nodes: V, _ weights: V) -> Double
        where V.Scalar == Double {
            let half = 0.5 * (b - a), mid = 0.5 * (a + b)
            let offsets = half * nodes
            return ((speeds(mid - offsets) + speeds(mid + offsets)) * weights).sum() * half
        }

        @inline(__always) func gaussLegendre4(_ a: Double, _ b: Double) -> Double {
            symmetricRule(a, b, GaussLegendreVectors.nodes4, GaussLegendreVectors.weights4)
        }

        @inline(__always) func gaussLegendre8(_ a: Double, _ b: Double) -> Double {
            symmetricRule(a, b, GaussLegendreVectors.nodes8, GaussLegendreVectors.weights8)
        }

        /// The 16-point rule with its 16 nodes evaluated as two SIMD8 vectors.
        @inline(__always) func gaussLegendre16(_ a: Double, _ b: Double) -> Double {
            symmetricRule(a, b, GaussLegendreVectors.nodes16, GaussLegendreVectors.weights16)
        }

        /// The 32-point rule, its nodes as four SIMD8 vectors: the rule of proven mode.
        @inline(__always) func provenRule(_ a: Double, _ b: Double) -> Double {
            let half = 0.5 * (b - a), mid = 0.5 * (a + b)
            typealias G = GaussLegendreVectors
            let low = half * G.nodes32Low, high = half * G.nodes32High
            // (In steps, each typed: as one expression it took 0.6 s to type-check.)
            let inner: SIMD8<Double> = (speeds(mid - low) + speeds(mid + low)) * G.weights32Low
            let outer: SIMD8<Double> = (speeds(mid - high) + speeds(mid + high)) * G.weights32High
            return (inner + outer).sum() * half
        }
    }

    /// B'(t)/3 = a·t² + b·t + c; the speed is stationary where (a t² + b t + c)·(2a t + b) = 0, a
    /// cubic in t. Each root's dip width is |B'| / |B''| there.
    func speedDips() -> [SpeedDip] {
        let d1 = p1 - p0, d2 = p2 - p1, d3 = p3 - p2
        let a = d1 - 2 * d2 + d3, b = 2 * (d2 - d1), c = d1
        let poly = Polynomial([b.dot(c), b.dot(b) + 2 * a.dot(c), 3 * a.dot(b), 2 * a.dot(a)])
        let roots = poly.roots(in: 0, 1)
        var dips: [SpeedDip] = []
        for k in 0..<roots.count {
            let t = roots[k]
            guard t > 0 && t < 1 else { continue }
            let first = ((a * t + b) * t + c).length, second = (2 * t * a + b).length
            let width = second > 0 ? first / second : 0
            // Wide dips need no breakpoints: skip them without allocating.
            if width < 1.0 / 32 { dips.append(SpeedDip(t: t, width: width)) }
        }
        return dips
    }
}

extension CubicBezier: CurveExtrema {
    @inline(__always) public func forEachExtremum(along axis: Axis, _ body: (Double) -> Void) {
        let c0 = p0[axis], c1 = p1[axis]
        let c2 = p2[axis], c3 = p3[axis]
        // dB/dt / 3 = (c1−c0)(1−t)² + 2(c2−c1)t(1−t) + (c3−c2)t², in the power basis.
        let d1 = c1 - c0, d2 = c2 - c1, d3 = c3 - c2
        let c = d1, b = 2 * (d2 - d1), a = d1 - 2 * d2 + d3
        // A double root (zero discriminant, within rounding) touches zero without a change of
        // sign: the coordinate pauses there but does not turn, so it is no extremum.
        if a != 0, b * b - 4 * a * c <= 4 * Double.ulpOfOne * Swift.max(b * b, Swift.abs(4 * a * c)) { return }
        for t in Polynomial(c, b, a).roots(in: 0, 1) where t > 0 && t < 1 { body(t) }
    }

    /// The tight bounding box: the end points and the extreme points (as `CurveExtrema` gives
    /// it, without lists).
    public var tightBounds: Rect {
        var r = Rect(point: p0)
        r.include(p3)
        for axis in [Axis.x, .y] {
            // Control points within the ends' range: the curve, in their hull, stays within it.
            let lo = Swift.min(p0[axis], p3[axis]), hi = Swift.max(p0[axis], p3[axis])
            if p1[axis] >= lo, p1[axis] <= hi, p2[axis] >= lo, p2[axis] <= hi { continue }
            forEachExtremum(along: axis) { r.include(point(at: $0)) }
        }
        return r
    }
}

extension CubicBezier: CurveNearest {
    public func nearest(to p: Point) -> (t: Double, distance: Double) {
        nearestAmong(feet(from: p), to: p)
    }

    /// The parameters in [0, 1] where the curve's normal passes through p: the roots of
    /// (B(t) − p)·B′(t), a quintic. An end at rest (p2 = p3, or p0 = p1) makes B′ a multiple of
    /// 1 − t (or of t), so that end is a root whatever p is: the factor is divided out exactly
    /// and the end given as it is. (Multiplied out, rounding moved that root up to 1e-8 into the
    /// curve, where it passed for a foot of points 1e-5 off the end's normal: `Pen.hasFoot`.)
    func feet(from p: Point) -> RootList {
        let restStart = p0 == p1, restEnd = p2 == p3
        guard !restStart && !restEnd else { return feetBesideRests(from: p, restStart: restStart, restEnd: restEnd) }
        var (a, b, c) = powerBasis
        var d = p0 - p
        // The coefficients are sums of products of two of these vectors: scaled by a power of two
        // they keep their roots and cannot overflow or underflow.
        let k = Vector.unitScale(of: a, b, c, d)
        (a, b, c, d) = (a * k, b * k, c * k, d * k)
        // (a t³ + b t² + c t + d) · (3a t² + 2b t + c), expanded.
        let poly = Polynomial([
            d.dot(c),
            c.dot(c) + 2 * b.dot(d),
            3 * b.dot(c) + 3 * a.dot(d),
            4 * a.dot(c) + 2 * b.dot(b),
            5 * a.dot(b),
            3 * a.dot(a),
        ])
        return poly.roots(in: 0, 1)
    }

    /// `feet(from:)` where an end is at rest: B′(t) = 3 tˢ (1 − t)ᵉ (u + v t), s and e 1 at a
    /// resting start and end. The roots of (B(t) − p)·(u + v t), a quartic (a cubic where u + v t
    /// is a multiple of t or 1 − t too, a straight segment), and the resting ends themselves.
    private func feetBesideRests(from p: Point, restStart: Bool, restEnd: Bool) -> RootList {
        var (a, b, c) = powerBasis
        var d = p0 - p
        var u: Vector, v: Vector
        switch (restStart, restEnd) {
        case (true, true): (u, v) = (p2 - p1, Vector(0, 0))
        case (true, false): (u, v) = (2 * (p2 - p1), (p3 - p2) - 2 * (p2 - p1))
        default: (u, v) = (p1 - p0, 2 * (p2 - p1) - (p1 - p0))
        }
        // Three control points on one end (p1 = p2 too): u + v t is itself v t, or u (1 − t).
        var doubleStart = false, doubleEnd = false
        if u == Vector(0, 0) {
            (u, v, doubleStart) = (v, Vector(0, 0), true)
        } else if v == -u {
            (v, doubleEnd) = (Vector(0, 0), true)
        }
        let k = Vector.unitScale(of: a, b, c, d), m = Vector.unitScale(of: u, v)
        (a, b, c, d, u, v) = (a * k, b * k, c * k, d * k, u * m, v * m)
        // (a t³ + b t² + c t + d) · (u + v t), expanded.
        let poly = Polynomial([d.dot(u), c.dot(u) + d.dot(v), b.dot(u) + c.dot(v), a.dot(u) + b.dot(v), a.dot(v)])
        var roots = poly.roots(in: 0, 1)
        if restStart || doubleStart { roots.append(0) }
        if restEnd || doubleEnd { roots.append(1) }
        return roots
    }
}
