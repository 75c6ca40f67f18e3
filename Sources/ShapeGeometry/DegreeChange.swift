/// Raising and lowering a curve's degree (Pomax's Primer, "Lowering and elevating curve order").
extension LineSegment {
    /// The same line as a quadratic: the control point at its middle. Every point is unchanged.
    public var elevated: QuadraticBezier { QuadraticBezier(p0, p0 + (p1 - p0) * 0.5, p1) }
}

extension QuadraticBezier {
    /// The chord from p0 to p2, and how far the curve strays from it at the same t: the largest
    /// |Q(t) − L(t)| = 2t(1 − t)·|p1 − (p0 + p2)/2|, at t = ½: half of |p1 − (p0 + p2)/2|.
    public var lowered: (line: LineSegment, error: Double) {
        let middle = p0 + (p2 - p0) * 0.5
        return (LineSegment(p0, p2), 0.5 * (p1 - middle).length)
    }
}

extension CubicBezier {
    /// The quadratic nearest the cubic in the sense of least squares on the control points: its
    /// control point the mean of the two a quadratic raised to this cubic would have,
    /// (3p1 − p0 + 3p2 − p3)/4, exact when the cubic is a raised quadratic. With it, the largest
    /// |C(t) − Q(t)| over t in [0, 1], from the roots of the derivative of that squared distance
    /// (a polynomial of degree 5).
    public var lowered: (quadratic: QuadraticBezier, error: Double) {
        let control = (Vector(3 * p1.x - p0.x + 3 * p2.x - p3.x, 3 * p1.y - p0.y + 3 * p2.y - p3.y)) * 0.25
        let q = QuadraticBezier(p0, Point(control.dx, control.dy), p3)
        // D(t) = C(t) − Q(t) in the power basis: C's raised quadratic shares the ends, so D is a
        // cubic with D(0) = D(1) = 0.
        let raised = q.elevated
        let d = CubicBezier(
            Point(0, 0), Point(p1.x - raised.p1.x, p1.y - raised.p1.y), Point(p2.x - raised.p2.x, p2.y - raised.p2.y), Point(0, 0))
        let (a, b, c) = d.powerBasis
        // |D|² = Σ (a t³ + b t² + c t)², its derivative / 2 = Σ (a t³ + b t² + c t)(3a t² + 2b t + c).
        func coefficients(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
            // (a t³ + b t² + c t)(3a t² + 2b t + c), ascending powers t⁰ … t⁵.
            [0, c * c, 3 * b * c, 2 * b * b + 4 * a * c, 5 * a * b, 3 * a * a]
        }
        let x = coefficients(a.dx, b.dx, c.dx), y = coefficients(a.dy, b.dy, c.dy)
        let polynomial = Polynomial(zip(x, y).map { $0 + $1 })
        var error = 0.0
        for t in Array(polynomial.roots(in: 0, 1)) + [0.5] {
            error = Swift.max(error, (point(at: t) - q.point(at: t)).length)
        }
        return (q, error)
    }
}

extension Path {
    /// The same path with element `i`'s segment replaced by `segment` (which starts and ends
    /// where it did). O(n).
    public func replacing(elementAt i: Int, with segment: Segment) throws(GeometryError) -> Path {
        var result = Path(accuracy: accuracy)
        for (k, e) in elements.enumerated() {
            if k == i, case .segment = e { result.append(.segment(segment)) } else { result.append(e) }
        }
        guard result.isFinite else { throw .nonFiniteResult }
        return result
    }
}
