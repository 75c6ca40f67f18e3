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

extension CubicBezier {
    /// The Primer's lowering ("Lowering and elevating curve order"): the quadratic whose raised
    /// cubic is nearest this one's control points in the least-squares sense, Q = (EᵀE)⁻¹EᵀP for
    /// the elevation matrix E; its ends move too. With the largest |C(t) − Q(t)| over [0, 1], from
    /// the roots of the derivative of that squared distance (degree 5) and the ends.
    public var leastSquaresLowered: (quadratic: QuadraticBezier, error: Double)? {
        // EᵀE and Eᵀ for E = [[1, 0, 0], [1/3, 2/3, 0], [0, 2/3, 1/3], [0, 0, 1]].
        let e: [[Double]] = [[1, 0, 0], [1.0 / 3, 2.0 / 3, 0], [0, 2.0 / 3, 1.0 / 3], [0, 0, 1]]
        let p = [p0, p1, p2, p3]
        var ete = [[Double]](repeating: [0, 0, 0], count: 3)
        var bx = [0.0, 0, 0], by = [0.0, 0, 0]
        for j in 0..<3 {
            for k in 0..<3 { for r in 0..<4 { ete[j][k] += e[r][j] * e[r][k] } }
            for r in 0..<4 {
                bx[j] += e[r][j] * p[r].x
                by[j] += e[r][j] * p[r].y
            }
        }
        guard let xs = Path.solve(ete, bx), let ys = Path.solve(ete, by) else { return nil }
        let q = QuadraticBezier(Point(xs[0], ys[0]), Point(xs[1], ys[1]), Point(xs[2], ys[2]))
        // D(t) = C(t) − Q(t) = a t³ + b t² + c t + d, with Q raised to a cubic.
        let raised = q.elevated
        let diff = CubicBezier(
            Point(p0.x - raised.p0.x, p0.y - raised.p0.y), Point(p1.x - raised.p1.x, p1.y - raised.p1.y),
            Point(p2.x - raised.p2.x, p2.y - raised.p2.y), Point(p3.x - raised.p3.x, p3.y - raised.p3.y))
        let (a, b, c) = diff.powerBasis
        let d = Vector(diff.p0.x, diff.p0.y)
        // (a t³ + b t² + c t + d)(3a t² + 2b t + c), ascending powers, summed over x and y.
        func coefficients(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double] {
            [d * c, c * c + 2 * b * d, 3 * b * c + 3 * a * d, 2 * b * b + 4 * a * c, 5 * a * b, 3 * a * a]
        }
        let x = coefficients(a.dx, b.dx, c.dx, d.dx), y = coefficients(a.dy, b.dy, c.dy, d.dy)
        var error = 0.0
        for t in Array(Polynomial(zip(x, y).map { $0 + $1 }).roots(in: 0, 1)) + [0, 1] {
            error = Swift.max(error, (point(at: t) - q.point(at: t)).length)
        }
        return (q, error)
    }
}

extension QuadraticBezier {
    /// The Primer's lowering of a quadratic: the line nearest its control points in the
    /// least-squares sense, L = (EᵀE)⁻¹EᵀP for E = [[1, 0], [½, ½], [0, 1]]: ends
    /// (5p0 + 2p1 − p2)/6 and (−p0 + 2p1 + 5p2)/6. With the largest |Q(t) − L(t)|, from the
    /// roots of the derivative of that squared distance (a cubic) and the ends.
    public var leastSquaresLowered: (line: LineSegment, error: Double) {
        let a = Point((5 * p0.x + 2 * p1.x - p2.x) / 6, (5 * p0.y + 2 * p1.y - p2.y) / 6)
        let b = Point((-p0.x + 2 * p1.x + 5 * p2.x) / 6, (-p0.y + 2 * p1.y + 5 * p2.y) / 6)
        let line = LineSegment(a, b)
        // D(t) = Q(t) − L(t) = u t² + v t + w.
        let w = p0 - a, v = 2 * (p1 - p0) - (b - a), u = (p0 - p1) + (p2 - p1)
        // (u t² + v t + w)(2u t + v): ascending t⁰ … t³.
        let poly = Polynomial([w.dot(v), v.dot(v) + 2 * u.dot(w), 3 * u.dot(v), 2 * u.dot(u)])
        var error = 0.0
        for t in Array(poly.roots(in: 0, 1)) + [0, 1] { error = Swift.max(error, (point(at: t) - line.point(at: t)).length) }
        return (line, error)
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

extension Segment {
    /// The parameters in [0, 1] where the segment's x is `x`, in increasing order (the Primer's
    /// "Finding Y, given X"): the real roots of x(t) − x for a line or a Bézier (a polynomial of
    /// its degree), and for an arc the angles where cx + uₓ cos θ + vₓ sin θ = x, in closed form.
    /// Empty where the segment never reaches x, and for a stretch that runs along x = const.
    public func parameters(atX x: Double) -> [Double] {
        switch self {
        case .line(let l):
            let d = l.p1.x - l.p0.x
            guard d != 0 else { return [] }
            let t = (x - l.p0.x) / d
            return t >= 0 && t <= 1 ? [t] : []
        case .quadratic(let q):
            let a = q.p0.x - 2 * q.p1.x + q.p2.x, b = 2 * (q.p1.x - q.p0.x), c = q.p0.x - x
            return Array(Polynomial(c, b, a).roots(in: 0, 1))
        case .cubic(let cb):
            let (a, b, c) = cb.powerBasis
            return Array(Polynomial([cb.p0.x - x, c.dx, b.dx, a.dx]).roots(in: 0, 1))
        case .arc(let arc):
            // uₓ cos θ + vₓ sin θ = R cos(θ − φ).
            let r = (arc.u.dx * arc.u.dx + arc.v.dx * arc.v.dx).squareRoot()
            guard r > 0 else { return [] }
            let c = (x - arc.center.x) / r
            guard c >= -1, c <= 1 else { return [] }
            let phi = arcTangent2(arc.v.dx, arc.u.dx), delta = arcCosine(c)
            var result: [Double] = []
            let lo = Swift.min(arc.startAngle, arc.startAngle + arc.sweep), hi = Swift.max(arc.startAngle, arc.startAngle + arc.sweep)
            for base in [phi + delta, phi - delta] {
                // Every turn of the angle that falls inside the arc's range.
                var theta = base + 2 * Double.pi * ((lo - base) / (2 * Double.pi)).rounded(.up)
                while theta <= hi + Tolerance.angleRounding {
                    let t = (theta - arc.startAngle) / arc.sweep
                    if t >= 0, t <= 1, !result.contains(where: { abs($0 - t) < Tolerance.duplicateParameter }) { result.append(t) }
                    theta += 2 * Double.pi
                }
            }
            return result.stablySorted()
        }
    }

    /// The control points of the segment's derivative (its hodograph): n(Pᵢ₊₁ − Pᵢ) for a Bézier
    /// of degree n, the one vector P₁ − P₀ for a line; nil for an arc, whose derivative is no
    /// Bézier.
    public var hodograph: [Point]? {
        func v(_ a: Point, _ b: Point, _ k: Double) -> Point { Point(k * (b.x - a.x), k * (b.y - a.y)) }
        switch self {
        case .line(let l): return [v(l.p0, l.p1, 1)]
        case .quadratic(let q): return [v(q.p0, q.p1, 2), v(q.p1, q.p2, 2)]
        case .cubic(let c): return [v(c.p0, c.p1, 3), v(c.p1, c.p2, 3), v(c.p2, c.p3, 3)]
        case .arc: return nil
        }
    }
}

extension Segment {
    /// x(t) and y(t) in the power basis, lowest power first (the Primer's "Component functions"):
    /// a line's of degree 1, a Bézier's of its degree; nil for an arc, which is no polynomial.
    public var powerCoefficients: (x: [Double], y: [Double])? {
        switch self {
        case .line(let l): return ([l.p0.x, l.p1.x - l.p0.x], [l.p0.y, l.p1.y - l.p0.y])
        case .quadratic(let q):
            let a = q.p0 - q.p1 + (q.p2 - q.p1), b = (q.p1 - q.p0) * 2
            return ([q.p0.x, b.dx, a.dx], [q.p0.y, b.dy, a.dy])
        case .cubic(let c):
            let (a, b, cc) = c.powerBasis
            return ([c.p0.x, cc.dx, b.dx, a.dx], [c.p0.y, cc.dy, b.dy, a.dy])
        case .arc: return nil
        }
    }

    /// The transform that moves the segment's start to the origin and turns its chord (start to
    /// end) onto the positive x axis (the Primer's "Aligning curves"); the x axis unturned when
    /// the segment ends where it starts.
    public var aligningTransform: AffineTransform {
        let d = end - start
        let angle = d.lengthSquared > 0 ? arcTangent2(d.dy, d.dx) : 0
        return AffineTransform.translation(-start.x, -start.y).concatenating(.rotation(-angle))
    }

    /// The segment's control points (for an arc, its ends and middle) aligned to its chord.
    public var alignedPoints: [Point] {
        let m = aligningTransform
        switch self {
        case .line(let l): return [l.p0, l.p1].map(m.apply)
        case .quadratic(let q): return [q.p0, q.p1, q.p2].map(m.apply)
        case .cubic(let c): return [c.p0, c.p1, c.p2, c.p3].map(m.apply)
        case .arc: return [start, point(at: 0.5), end].map(m.apply)
        }
    }

    /// The tight box of the segment in the frame of its chord, its four corners put back (the
    /// Primer's "Tight bounding boxes"): often far smaller than the box along the axes.
    public var orientedBox: [Point] {
        let m = aligningTransform
        let box = transformed(by: m).tightBounds
        let back = m.inverted() ?? .identity
        return [Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.maxX, box.maxY), Point(box.minX, box.maxY)].map(back.apply)
    }

    /// The length as `n` chords between points at equal steps of t sum it (the Primer's
    /// "Approximated arc length", the look-up table's length): never more than the length.
    public func chordLength(_ n: Int) -> Double {
        let n = Swift.max(n, 1)
        var sum = CompensatedSum()
        var previous = start
        for k in 1...n {
            let p = k == n ? end : point(at: Double(k) / Double(n))
            sum.add(previous.distance(to: p))
            previous = p
        }
        return sum.value
    }
}

/// The Primer's projection identity ("ABC"): for a quadratic or cubic at t, the point B on the
/// curve, the point C on the line from its start to its end where u(t) of the way from the end
/// lies (u = (1−t)ⁿ / (tⁿ + (1−t)ⁿ)), and the point A past B away from C with |AB|/|BC| = ratio(t)
/// = |(tⁿ + (1−t)ⁿ − 1) / (tⁿ + (1−t)ⁿ)|: A is the quadratic's control point, or the cubic's de
/// Casteljau point between its two control points, whatever the curve.
public struct ProjectionIdentity: Sendable {
    public var a: Point, b: Point, c: Point
    public var u: Double, ratio: Double
}

extension Segment {
    /// The ABC points at parameter `t` (0 < t < 1) of a quadratic or cubic; nil for other kinds.
    public func projectionIdentity(at t: Double) -> ProjectionIdentity? {
        let n: Double
        let first: Point, last: Point
        switch self {
        case .quadratic(let q): (n, first, last) = (2, q.p0, q.p2)
        case .cubic(let c): (n, first, last) = (3, c.p0, c.p3)
        case .line, .arc: return nil
        }
        let tn = n == 2 ? t * t : t * t * t, sn = n == 2 ? (1 - t) * (1 - t) : (1 - t) * (1 - t) * (1 - t)
        let u = sn / (tn + sn), ratio = abs((tn + sn - 1) / (tn + sn))
        let b = point(at: t)
        let c = Point(u * first.x + (1 - u) * last.x, u * first.y + (1 - u) * last.y)
        let a = Point(b.x + (b.x - c.x) / ratio, b.y + (b.y - c.y) / ratio)
        return ProjectionIdentity(a: a, b: b, c: c, u: u, ratio: ratio)
    }
}

/// How two drawn elements join (the Primer's "Forming poly-Bézier curves").
public struct Joint: Sendable, Equatable {
    /// The element that ends at the joint and the one that starts there.
    public var from: Int, to: Int
    /// The derivatives agree (C1), or at least the directions (G1).
    public var c1: Bool, g1: Bool
    /// The turn at the joint, in radians (0 for a smooth one), positive clockwise on screen.
    public var turn: Double
}

extension Path {
    /// Every joint between consecutive drawn elements of a subpath, and for a closed subpath the
    /// joint where its closing segment meets its first: C1 when the derivatives agree to 1e-9 of
    /// their size, G1 when the directions do (to 1e-9 radians). An element of no length (to 1e-12 of
    /// the path's size) is skipped.
    public func joints() -> [Joint] {
        var result: [Joint] = []
        // Shorter than rounding of the path's size: a closing segment from an arc's end, computed,
        // back to its start.
        let tiny = Tolerance.rounding * Swift.max(bounds.map { Swift.max($0.width, $0.height) } ?? 0, Tolerance.sizeFloor)
        for range in subpathRanges {
            let drawn = range.filter { k in segment(at: k) != nil && length(ofElement: k) > tiny }
            var pairs = zip(drawn, drawn.dropFirst()).map { ($0, $1) }
            if let last = drawn.last, let first = drawn.first, last != first, case .close = elements[last] { pairs.append((last, first)) }
            for (i, j) in pairs {
                let a = segment(at: i)!.derivative(at: 1), b = segment(at: j)!.derivative(at: 0)
                let size = Swift.max(a.length, b.length)
                guard size > 0 else { continue }
                let turn = arcTangent2(a.dx * b.dy - a.dy * b.dx, a.dx * b.dx + a.dy * b.dy)
                let g1 = abs(turn) <= Tolerance.turn
                let gap = Vector(a.dx - b.dx, a.dy - b.dy).length
                result.append(Joint(from: i, to: j, c1: g1 && gap <= Tolerance.meetingDistance(size), g1: g1, turn: turn))
            }
        }
        return result
    }
}

extension Arc {
    /// The arc as the cubics CoreGraphics draws it with: pieces of at most a quarter turn, each
    /// with its control points on the tangents at distance k = 4/3·tan(φ/4) of the radius for a
    /// piece of φ (in the ellipse's own frame, then mapped by its axes), and the largest distance
    /// from a cubic's point to the arc (for a circle the radial error: 2.7e-4 of the radius for a
    /// quarter turn). The distance is found on 256 samples per piece, refined by golden sections
    /// around the largest (once for a circle, whose pieces are one piece turned).
    public var cubics: (pieces: [CubicBezier], error: Double) { cubics(count: Arc.pieceCount(sweep, most: Double.pi / 2)) }

    /// The arc as cubics of equal turn, as few as keep every point within `tolerance` of the arc,
    /// relative to its larger semi-axis (clamped to 1e-12 ... 1e-3): `cubics` when its pieces
    /// are close enough, else more of them. The error of a piece of turn φ falls as φ⁶, so the
    /// count is estimated from the first error, then raised until the found error is within.
    /// Returns the pieces and the largest distance found, as `cubics` does.
    public func cubics(within tolerance: Double) -> (pieces: [CubicBezier], error: Double) {
        refined(within: tolerance, order: 6, first: Arc.pieceCount(sweep, most: Double.pi / 2), cubics(count:))
    }

    func cubics(count: Int) -> (pieces: [CubicBezier], error: Double) {
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * sine(step / 4) / cosine(step / 4)
        var pieces: [CubicBezier] = []
        var error = 0.0
        for n in 0..<count {
            let a0 = startAngle + Double(n) * step, a1 = a0 + step
            func at(_ a: Double) -> Point { Point(center.x + u.dx * cosine(a) + v.dx * sine(a), center.y + u.dy * cosine(a) + v.dy * sine(a)) }
            func along(_ a: Double) -> Vector { Vector(-u.dx * sine(a) + v.dx * cosine(a), -u.dy * sine(a) + v.dy * cosine(a)) }
            let p0 = at(a0), p3 = at(a1)
            let c = CubicBezier(p0, p0 + along(a0) * k, p3 - along(a1) * k, p3)
            pieces.append(c)
            // The distance from the cubic's point to the arc (its nearest point: in closed form for
            // a circle), as a function of t: largest of the samples, refined.
            // On a circle every piece is the first turned about the centre: one search serves.
            guard n == 0 || !isCircular else { continue }
            let piece = Arc(center: center, u: u, v: v, startAngle: a0, sweep: step)
            error = Swift.max(error, Arc.largestGap { t in piece.nearest(to: c.point(at: t)).distance })
        }
        return (pieces, error)
    }
}

extension Arc {
    /// The arc as quadratic Béziers (the Primer's "Circles and quadratic Bézier curves"): pieces of
    /// at most 45°, each with its control point where the tangents at its ends meet (in the
    /// ellipse's frame, mapped by its axes), and the largest distance from them to the arc: for
    /// a circle r(1 − c)²/(2c) with c = cos(φ/2) for a piece of φ, at its middle (3.1e-3 of the
    /// radius at 45°, 1.9e-4 at 22.5°). Found as for `cubics`.
    public var quadratics: (pieces: [QuadraticBezier], error: Double) { quadratics(count: Arc.pieceCount(sweep, most: Double.pi / 4)) }

    /// The arc as quadratics within `tolerance` of it, as `cubics(within:)` does (a piece's
    /// error falls as φ⁴).
    public func quadratics(within tolerance: Double) -> (pieces: [QuadraticBezier], error: Double) {
        refined(within: tolerance, order: 4, first: Arc.pieceCount(sweep, most: Double.pi / 4), quadratics(count:))
    }

    func quadratics(count: Int) -> (pieces: [QuadraticBezier], error: Double) {
        let step = sweep / Double(count)
        var pieces: [QuadraticBezier] = []
        var error = 0.0
        for n in 0..<count {
            let a0 = startAngle + Double(n) * step, a1 = a0 + step, mid = a0 + step / 2
            func at(_ a: Double, _ scale: Double = 1) -> Point {
                Point(center.x + (u.dx * cosine(a) + v.dx * sine(a)) * scale, center.y + (u.dy * cosine(a) + v.dy * sine(a)) * scale)
            }
            // The tangents at the ends meet on the middle's ray, 1/cos(φ/2) out.
            let q = QuadraticBezier(at(a0), at(mid, 1 / cosine(step / 2)), at(a1))
            pieces.append(q)
            guard n == 0 || !isCircular else { continue }
            let piece = Arc(center: center, u: u, v: v, startAngle: a0, sweep: step)
            error = Swift.max(error, Arc.largestGap { t in piece.nearest(to: q.point(at: t)).distance })
        }
        return (pieces, error)
    }
}

extension Arc {
    /// The most pieces `cubics(within:)` and `quadratics(within:)` make: a quarter turn in 4,096
    /// cubics is already within rounding of the arc.
    static let mostPieces = 1 << 16

    /// Pieces of at most `most` radians each, as few as that allows.
    static func pieceCount(_ sweep: Double, most: Double) -> Int {
        Swift.max(1, Int(saturating: (abs(sweep) / most - Tolerance.rounding).rounded(.up)))
    }

    /// Approximations with more pieces until the error found is within `tolerance` of the arc's
    /// size: each count estimated from the last error by the error's `order` in the turn.
    func refined<Piece>(
        within tolerance: Double, order: Double, first: Int, _ make: (Int) -> (pieces: [Piece], error: Double)
    ) -> (pieces: [Piece], error: Double) {
        let size = Swift.max(u.length, v.length)
        let allowed = Swift.min(Swift.max(tolerance, Tolerance.leastCallerTolerance), Tolerance.largestCallerTolerance) * size
        var count = first
        var made = make(count)
        while made.error > allowed, count < Arc.mostPieces {
            // The count that the error's order says is enough, and at least one more piece.
            let estimate = Double(count) * Maths.pow(made.error / allowed, 1 / order) * (1 + Tolerance.estimateMargin)
            count = Swift.min(Arc.mostPieces, Swift.max(count + 1, Int(saturating: estimate.rounded(.up))))
            made = make(count)
        }
        return made
    }

    /// The largest value of `gap` on [0, 1]: the largest of 257 samples, refined by golden
    /// sections around it (the gap of a Bézier piece from its arc has one hump).
    static func largestGap(_ gap: (Double) -> Double) -> Double {
        var best = (t: 0.0, d: 0.0)
        for s in 0...256 {
            let t = Double(s) / 256
            let d = gap(t)
            if d > best.d { best = (t, d) }
        }
        // 80 sections take the bracket of 1/128 below 1e-18: to the rounding of t.
        let t = Searches.goldenMinimum(in: Swift.max(0, best.t - 1.0 / 256), Swift.min(1, best.t + 1.0 / 256), steps: 80) { -gap($0) }
        return Swift.max(best.d, gap(t))
    }
}

extension Path {
    /// The same path with element `i` replaced by several segments in a row. O(n).
    public func replacing(elementAt i: Int, with segments: [Segment]) throws(GeometryError) -> Path {
        try replacing(elements: [i: segments])
    }

    /// The same path with each element given (a drawn segment) replaced by its segments, all in
    /// one pass. O(n + the segments added).
    public func replacing(elements replacements: [Int: [Segment]]) throws(GeometryError) -> Path {
        var result = Path(accuracy: accuracy)
        for (k, e) in elements.enumerated() {
            if case .segment = e, let segments = replacements[k] {
                for s in segments { result.append(.segment(s)) }
            } else {
                result.append(e)
            }
        }
        guard result.isFinite else { throw .nonFiniteResult }
        return result
    }
}

extension Path {
    /// The Primer's curve through three points: from the current point S, through B, to E, a
    /// quadratic (or a cubic) that passes through B at t = |B − S| / (|B − S| + |E − B|). Its
    /// control point (the cubic's A, the middle of its control points' de Casteljau level) comes
    /// from the projection identity: A = B + (B − C)/ratio(t), C = u(t)·S + (1 − u(t))·E. The
    /// cubic's tangent at B is parallel to S–E, a third of its length (e1 = B − t·(E − S)/3,
    /// e2 = B + (1 − t)·(E − S)/3), and its control points follow by running de Casteljau back.
    /// nil when B is S or E (no t in (0, 1) puts it strictly between).
    public static func curveThrough(
        from s: Point, through b: Point, to e: Point, cubic: Bool
    ) -> (segment: Segment, t: Double)? {
        let d1 = s.distance(to: b), d2 = b.distance(to: e)
        guard d1 > 0, d2 > 0, (d1 + d2).isFinite else { return nil }
        let t = d1 / (d1 + d2)
        let n = cubic ? 3.0 : 2.0
        let tn = n == 2 ? t * t : t * t * t, sn = n == 2 ? (1 - t) * (1 - t) : (1 - t) * (1 - t) * (1 - t)
        let u = sn / (tn + sn), ratio = abs((tn + sn - 1) / (tn + sn))
        guard ratio > 0 else { return nil }
        let c = Point(u * s.x + (1 - u) * e.x, u * s.y + (1 - u) * e.y)
        let a = b + (b - c) * (1 / ratio)
        guard cubic else { return (.quadratic(QuadraticBezier(s, a, e)), t) }
        let d = (e - s) * (1.0 / 3)
        let e1 = b - d * t, e2 = b + d * (1 - t)
        let v1 = a + (e1 - a) * (1 / (1 - t)), v2 = a + (e2 - a) * (1 / t)
        let c1 = s + (v1 - s) * (1 / t), c2 = e + (v2 - e) * (1 / (1 - t))
        return (.cubic(CubicBezier(s, c1, c2, e)), t)
    }
}

extension Path {
    /// The Catmull-Rom spline through `points` as cubic Béziers, one per pair of neighbours (the
    /// Primer's conversion): from Pᵢ to Pᵢ₊₁ the control points are Pᵢ + (Pᵢ₊₁ − Pᵢ₋₁)/(6τ)
    /// and Pᵢ₊₁ − (Pᵢ₊₂ − Pᵢ)/(6τ), the missing neighbour at either end taken as the end itself.
    /// So the curve passes through every point with the tangent (Pᵢ₊₁ − Pᵢ₋₁)/(2τ) there.
    public static func catmullRom(through points: [Point], tension: Double = 1) -> [CubicBezier] {
        guard points.count >= 2 else { return [] }
        var result: [CubicBezier] = []
        let k = 1 / (6 * tension)
        for i in 0..<(points.count - 1) {
            let before = points[Swift.max(i - 1, 0)], from = points[i], to = points[i + 1]
            let after = points[Swift.min(i + 2, points.count - 1)]
            result.append(CubicBezier(from, from + (to - before) * k, to - (after - from) * k, to))
        }
        return result
    }
}
