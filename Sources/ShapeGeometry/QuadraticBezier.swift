/// A quadratic Bézier curve: B(t) = (1−t)²·p0 + 2t(1−t)·p1 + t²·p2.
///
/// Length: in closed form, written so that it keeps its digits when the curve is nearly straight
/// or turns back (QuadraticLength.swift); the proven quadrature of |B'(t)| tabulates it for the
/// parameter at a length. Nearest point: the real roots in [0, 1] of the cubic (B(t) − p)·B'(t).
public struct QuadraticBezier: Hashable, Sendable {
    /// The start point.
    public var p0: Point
    /// The control point.
    public var p1: Point
    /// The end point.
    public var p2: Point

    /// The quadratic from p0 to p2 with control point p1.
    @inlinable public init(_ p0: Point, _ p1: Point, _ p2: Point) { self.p0 = p0; self.p1 = p1; self.p2 = p2 }

    /// The same curve as a cubic Bézier (degree elevation; exact).
    public var elevated: CubicBezier {
        CubicBezier(p0, p0 + (p1 - p0) * (2.0 / 3.0), p2 + (p1 - p2) * (2.0 / 3.0), p2)
    }
}

extension QuadraticBezier: ParametricCurve {
    public var start: Point { p0 }
    public var end: Point { p2 }
    public func point(at t: Double) -> Point {
        let mt = 1 - t
        let a = mt * mt, b = 2 * mt * t, c = t * t
        return Point(a * p0.x + b * p1.x + c * p2.x, a * p0.y + b * p1.y + c * p2.y)
    }
    public func derivative(at t: Double) -> Vector {
        let d0 = p1 - p0, d1 = p2 - p1
        return 2 * ((1 - t) * d0 + t * d1)
    }
    /// B''(t) = 2(p0 − 2p1 + p2), the same everywhere.
    public func secondDerivative(at t: Double) -> Vector { 2 * ((p0 - p1) + (p2 - p1)) }
    public func split(at t: Double) -> (QuadraticBezier, QuadraticBezier) {
        let a = p0.lerp(to: p1, t), b = p1.lerp(to: p2, t)
        let m = a.lerp(to: b, t)
        return (QuadraticBezier(p0, a, m), QuadraticBezier(m, b, p2))
    }
    public func transformed(by m: AffineTransform) -> QuadraticBezier {
        QuadraticBezier(m.apply(p0), m.apply(p1), m.apply(p2))
    }
}

extension QuadraticBezier: SpeedIntegrated {
    @inline(__always) func speed(at t: Double) -> Double {
        let d0 = p1 - p0, d1 = p2 - p1
        let dx = 2 * (d0.dx + t * (d1.dx - d0.dx)), dy = 2 * (d0.dy + t * (d1.dy - d0.dy))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The polyline through 9 points evenly spaced in t over [a, b]: at most the arc length.
    func inscribedLength(_ a: Double, _ b: Double) -> Double {
        var length = 0.0, previous = point(at: a)
        for k in 1...8 {
            let next = point(at: a + (b - a) * Double(k) / 8)
            length += previous.distance(to: next)
            previous = next
        }
        return length
    }

    /// B'(t) = 2(A·t + B), as one complex polynomial: its one root −B/A is the speed's branch
    /// point, and |√Q| = 2|A|·|z − r| (see `GaussErrorBound`).
    func errorBound() -> GaussErrorBound? {
        let a = (p0 - p1) + (p2 - p1), b = p1 - p0
        let aa = a.lengthSquared
        var bound = GaussErrorBound(a: 0, b: 2 * aa.squareRoot(), c: 2 * b.length, order: 16)
        if aa > 0 {
            // −(b.x + i·b.y)/(a.x + i·a.y) = −(b·conj(a))/|a|²
            bound.add((-(b.dx * a.dx + b.dy * a.dy) / aa, -(b.dy * a.dx - b.dx * a.dy) / aa))
        }
        guard bound.r1.0.isFinite, bound.r1.1.isFinite else { return nil }
        return bound
    }

    /// B'(t) = 2(A·t + B) is smallest at t = −A·B / |A|², where the dip's width is |A·t + B| / |A|.
    func speedDips() -> [SpeedDip] {
        let a = (p0 - p1) + (p2 - p1), b = p1 - p0
        let aa = a.lengthSquared
        guard aa > 0 else { return [] }
        let t = -a.dot(b) / aa
        guard t > 0 && t < 1 else { return [] }
        return [SpeedDip(t: t, width: (a * t + b).length / aa.squareRoot())]
    }
}

extension QuadraticBezier: CurveExtrema {
    /// At most one turn, where the derivative's coordinate (linear) is zero.
    @inline(__always) public func forEachExtremum(along axis: Axis, _ body: (Double) -> Void) {
        let a = p0[axis], b = p1[axis], c = p2[axis]
        let den = a - 2 * b + c
        guard den != 0 else { return }
        let t = (a - b) / den
        if t > 0 && t < 1 { body(t) }
    }
}

extension QuadraticBezier: CurveNearest {
    public func nearest(to p: Point) -> (t: Double, distance: Double) {
        nearestAmong(feet(from: p), to: p)
    }

    /// The parameters in [0, 1] where the curve's normal passes through p: the roots of
    /// (B(t) − p)·B′(t), a cubic. With p1 on an end the curve is a straight segment at rest at
    /// that end (B′ = 2 t (p2 − p0), or 2 (1 − t)(p2 − p0)): that end is given as it is and the
    /// factor divided out (as `CubicBezier.feet(from:)` does).
    func feet(from p: Point) -> RootList {
        // B(t) − p = a·t² + b·t + d and B'(t) = 2a·t + b.
        var a = (p0 - p1) + (p2 - p1)
        var b = 2 * (p1 - p0)
        var d = p0 - p
        let restStart = p0 == p1, restEnd = p1 == p2
        // Scaled by a power of two, the coefficients keep their roots and cannot overflow or
        // underflow.
        let k = Vector.unitScale(of: a, b, d)
        (a, b, d) = (a * k, b * k, d * k)
        guard restStart || restEnd else {
            return Polynomial([b.dot(d), b.dot(b) + 2 * a.dot(d), 3 * a.dot(b), 2 * a.dot(a)]).roots(in: 0, 1)
        }
        let u = (p2 - p0) * Vector.unitScale(of: p2 - p0)
        var roots = Polynomial([d.dot(u), b.dot(u), a.dot(u)]).roots(in: 0, 1)
        if restStart { roots.append(0) }
        if restEnd { roots.append(1) }
        return roots
    }
}

extension ParametricCurve {
    /// The nearest of the two end points and the given candidate parameters (ties go to the
    /// smallest parameter).
    func nearestAmong(_ candidates: [Double], to p: Point) -> (t: Double, distance: Double) {
        nearestAmong(count: candidates.count, { candidates[$0] }, to: p)
    }

    func nearestAmong(_ candidates: RootList, to p: Point) -> (t: Double, distance: Double) {
        nearestAmong(count: candidates.count, { candidates[$0] }, to: p)
    }

    @inline(__always)
    func nearestAmong(count: Int, _ candidate: (Int) -> Double, to p: Point) -> (t: Double, distance: Double) {
        var best = (t: 0.0, distance: start.quickDistance(to: p))
        for k in 0...count {
            let t = k < count ? candidate(k) : 1
            let d = point(at: t).quickDistance(to: p)
            if d < best.distance || (d == best.distance && t < best.t) { best = (t, d) }
        }
        return best
    }
}
