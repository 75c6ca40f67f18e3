/// The Primer's algebra of a Bézier curve: its Bernstein weights, its matrix form, the matrices
/// that split it, the curve over any interval (its blossom), the canonical form of a cubic,
/// molding, least-squares fitting, the Catmull-Rom form and clamped B-splines. Chapter names are
/// those of Pomax's "A Primer on Bézier Curves".
public enum Bernstein {
    /// The binomial coefficient C(n, k), exactly (n ≤ 60 stays within 2⁵³).
    public static func binomial(_ n: Int, _ k: Int) -> Double {
        guard k >= 0, k <= n else { return 0 }
        var result = 1.0
        for j in 0..<Swift.min(k, n - k) { result = result * Double(n - j) / Double(j + 1) }
        return result.rounded()
    }

    /// The weights bₖ,ₙ(t) = C(n, k)·(1 − t)ⁿ⁻ᵏ·tᵏ, k = 0…n ("The mathematics of Bézier curves"):
    /// the curve's point is Σ bₖ,ₙ(t)·Pₖ. They sum to 1 for every t.
    public static func weights(degree n: Int, at t: Double) -> [Double] {
        (0...n).map { k in binomial(n, k) * power(1 - t, n - k) * power(t, k) }
    }

    /// The matrix M of "Bézier curvatures as matrix operations": B(t) = [1 t … tⁿ]·M·[P₀ … Pₙ]ᵀ,
    /// row r holding what each point contributes to tʳ: M[r][k] = (−1)ʳ⁻ᵏ·C(n, r)·C(r, k) for
    /// k ≤ r, else 0. Integers, so exact.
    public static func matrix(degree n: Int) -> [[Double]] {
        (0...n).map { r in
            (0...n).map { k in k > r ? 0 : ((r - k) % 2 == 0 ? 1 : -1) * binomial(n, r) * binomial(r, k) }
        }
    }

    /// The matrices of "Splitting curves using matrices": the first piece's points are Q·P and
    /// the second's Q′·P, with Q[i][j] = C(i, j)·tʲ·(1 − t)ⁱ⁻ʲ (j ≤ i) and
    /// Q′[i][j] = C(n − i, j − i)·tʲ⁻ⁱ·(1 − t)ⁿ⁻ʲ (j ≥ i): each row is a point of de Casteljau's
    /// construction written as weights of the original points.
    public static func splitMatrices(degree n: Int, at t: Double) -> (first: [[Double]], second: [[Double]]) {
        let first = (0...n).map { i in (0...n).map { j in j > i ? 0 : binomial(i, j) * power(t, j) * power(1 - t, i - j) } }
        let second = (0...n).map { i in (0...n).map { j in j < i ? 0 : binomial(n - i, j - i) * power(t, j - i) * power(1 - t, n - j) } }
        return (first, second)
    }

    /// The point at t of the rational Bézier with these points and weights ("Rational Béziers"):
    /// Σ wₖbₖ,ₙ(t)Pₖ / Σ wₖbₖ,ₙ(t). Equal weights give the ordinary curve; a quadratic with weights
    /// 1, cos(θ/2), 1 and its control point where the tangents of an arc of θ meet is that arc.
    public static func rationalPoint(_ points: [Point], weights: [Double], at t: Double) -> Point {
        let b = Bernstein.weights(degree: points.count - 1, at: t)
        var x = 0.0, y = 0.0, sum = 0.0
        for (k, p) in points.enumerated() {
            let w = weights[k] * b[k]
            x += w * p.x
            y += w * p.y
            sum += w
        }
        return Point(x / sum, y / sum)
    }

    /// The rows of `matrix` applied to points: Σₖ matrix[r][k]·Pₖ for each row r.
    public static func apply(_ matrix: [[Double]], to points: [Point]) -> [Point] {
        matrix.map { row in
            var x = 0.0, y = 0.0
            for (w, p) in zip(row, points) {
                x += w * p.x
                y += w * p.y
            }
            return Point(x, y)
        }
    }

    static func power(_ x: Double, _ k: Int) -> Double {
        var result = 1.0
        for _ in 0..<k { result *= x }
        return result
    }
}

extension Segment {
    /// The Bézier points of a line (2), quadratic (3) or cubic (4); nil for an arc.
    public var bezierPoints: [Point]? {
        switch self {
        case .line(let l): [l.p0, l.p1]
        case .quadratic(let q): [q.p0, q.p1, q.p2]
        case .cubic(let c): [c.p0, c.p1, c.p2, c.p3]
        case .arc: nil
        }
    }

    /// The Bézier of 2, 3 or 4 points (a line, a quadratic, a cubic).
    public static func bezier(_ p: [Point]) -> Segment? {
        switch p.count {
        case 2: .line(LineSegment(p[0], p[1]))
        case 3: .quadratic(QuadraticBezier(p[0], p[1], p[2]))
        case 4: .cubic(CubicBezier(p[0], p[1], p[2], p[3]))
        default: nil
        }
    }

    /// The blossom of the Bézier's points at t₁…tₙ (de Casteljau's construction with a parameter of
    /// its own on each level); with every tᵢ = t it is the point at t.
    static func blossom(_ points: [Point], _ ts: [Double]) -> Point {
        var level = points
        for t in ts {
            for i in 0..<(level.count - 1) {
                level[i] = Point((1 - t) * level[i].x + t * level[i + 1].x, (1 - t) * level[i].y + t * level[i + 1].y)
            }
            level.removeLast()
        }
        return level[0]
    }

    /// The same polynomial curve over [a, b] instead of [0, 1] ("The Bézier interval [0,1]"): any
    /// real a and b, so a piece of the curve (0 ≤ a < b ≤ 1), or the curve continued past its
    /// ends. Point k of the result is the blossom at (a, …, a, b, …, b) with k b's. Nil for arcs.
    public func interval(from a: Double, to b: Double) -> Segment? {
        guard let p = bezierPoints else { return nil }
        let n = p.count - 1
        return .bezier((0...n).map { k in Segment.blossom(p, Array(repeating: a, count: n - k) + Array(repeating: b, count: k)) })
    }

    /// The four points of the Catmull-Rom segment that is this curve ("Bézier curves and
    /// Catmull-Rom curves", the conversion run backwards): the neighbours before and after the
    /// curve's ends such that `catmull` with `tension` draws it. A quadratic is raised first.
    public func catmullRomPoints(tension: Double = 1) -> [Point]? {
        let c: CubicBezier
        switch self {
        case .quadratic(let q): c = q.elevated
        case .cubic(let cubic): c = cubic
        case .line, .arc: return nil
        }
        let k = 6 * tension
        return [c.p3 - (c.p1 - c.p0) * k, c.p0, c.p3, c.p0 + (c.p3 - c.p2) * k]
    }

    /// The curve with its point at t moved to `target` ("Molding a curve"): the projection
    /// identity keeps C (fixed by the ends and t) and moves A with B, A′ = B′ + (B′ − C)/ratio(t);
    /// for a cubic the struts of de Casteljau's construction at t move with B, so the tangent at
    /// t is kept, and the control points are found by running the construction back. The ends stay.
    /// Nil for lines and arcs, and for t outside (0, 1).
    public func molded(at t: Double, to target: Point) -> Segment? {
        guard t > 0, t < 1, let abc = projectionIdentity(at: t), abc.ratio > 0 else { return nil }
        let a = target + (target - abc.c) * (1 / abc.ratio)
        switch self {
        case .quadratic(let q): return .quadratic(QuadraticBezier(q.p0, a, q.p2))
        case .cubic(let c):
            guard let levels = casteljau(at: t) else { return nil }
            let shift = target - abc.b
            let e1 = levels[2][0] + shift, e2 = levels[2][1] + shift
            let v1 = a + (e1 - a) * (1 / (1 - t)), v2 = a + (e2 - a) * (1 / t)
            return .cubic(CubicBezier(c.p0, c.p0 + (v1 - c.p0) * (1 / t), c.p3 + (v2 - c.p3) * (1 / (1 - t)), c.p3))
        case .line, .arc: return nil
        }
    }
}

/// Where a cubic's last point falls once the curve is mapped (by the affine map that takes P₀ to
/// (0, 0), P₁ to (0, 1) and P₂ to (1, 1)) to the canonical form ("The canonical form"), and what
/// that says of its shape on [0, 1].
public struct CanonicalForm: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case arch = "arch"
        case singleInflection = "single inflection"
        case doubleInflection = "double inflection"
        case loop = "loop"
        case cusp = "cusp"
    }
    /// P₃ in the canonical frame.
    public var point: Point
    public var kind: Kind

    /// The regions of Stone and DeRose as the Primer draws them: above y = 1 one inflection; to
    /// the right of x = 1 (below y = 1) an arch; otherwise the cusp parabola
    /// y = (−x² + 2x + 3)/4 splits two inflections (above) from a loop (below), the loop lasting
    /// until its crossing reaches an end: at t = 0 along y = (√(3(4x − x²)) − x)/2 for
    /// 0 ≤ x ≤ 1, at t = 1 along y = (3x − x²)/3 for x ≤ 0; below those, an arch. Points within
    /// 1e-9 of the cusp parabola are cusps.
    public init(point: Point) {
        self.point = point
        let x = point.x, y = point.y
        if y > 1 {
            kind = .singleInflection
        } else if x > 1 {
            kind = .arch
        } else {
            let cusp = (-x * x + 2 * x + 3) / 4
            if abs(y - cusp) <= Tolerance.meeting {
                kind = .cusp
            } else if y > cusp {
                kind = .doubleInflection
            } else {
                let loopEdge = x <= 0 ? (3 * x - x * x) / 3 : ((3 * (4 * x - x * x)).squareRoot() - x) / 2
                kind = y >= loopEdge ? .loop : .arch
            }
        }
    }
}

extension CubicBezier {
    /// The canonical form of the cubic; nil when P₀, P₁ and P₂ lie on one line (no such map).
    public var canonicalForm: CanonicalForm? {
        let u = p1 - p0, v = p2 - p0, w = p3 - p0
        let det = u.dx * v.dy - u.dy * v.dx
        let size = Swift.max(u.length, v.length)
        guard det.isFinite, abs(det) > Tolerance.rounding * size * size else { return nil }
        // M = [[0, 1], [1, 1]]·[u v]⁻¹ takes u to (0, 1) and v to (1, 1).
        let x = (-u.dy * w.dx + u.dx * w.dy) / det
        let y = ((v.dy - u.dy) * w.dx + (u.dx - v.dx) * w.dy) / det
        return CanonicalForm(point: Point(x, y))
    }
}

extension Path {
    /// The Bézier of `degree` (2 or 3) from the first point to the last that is nearest the
    /// points in the least-squares sense ("Curve fitting"), each point given the parameter of its
    /// share of the polyline's length; the ends are the first and last points, the inner control
    /// points solve the normal equations. Returns the curve, the parameters and the largest
    /// distance from a point to the curve's point at its parameter. Nil when there are fewer
    /// than degree + 1 points, when the points have no length, or when the system is singular.
    public static func fit(_ points: [Point], degree n: Int) -> (segment: Segment, parameters: [Double], error: Double)? {
        guard n == 2 || n == 3, points.count >= n + 1 else { return nil }
        var ts = [0.0]
        for (a, b) in zip(points, points.dropFirst()) { ts.append(ts.last! + a.distance(to: b)) }
        let total = ts.last!
        guard total > 0, total.isFinite else { return nil }
        ts = ts.map { $0 / total }
        let first = points[0], last = points[points.count - 1]
        // Unknowns P₁…Pₙ₋₁: Σᵢ bⱼ(tᵢ)·(Σₖ bₖ(tᵢ)Pₖ − rᵢ) = 0 for each j, rᵢ the point less the ends' share.
        let m = n - 1
        var a = [[Double]](repeating: [Double](repeating: 0, count: m), count: m)
        var bx = [Double](repeating: 0, count: m), by = bx
        for (p, t) in zip(points, ts) {
            let w = Bernstein.weights(degree: n, at: t)
            let rx = p.x - w[0] * first.x - w[n] * last.x, ry = p.y - w[0] * first.y - w[n] * last.y
            for j in 0..<m {
                for k in 0..<m { a[j][k] += w[j + 1] * w[k + 1] }
                bx[j] += w[j + 1] * rx
                by[j] += w[j + 1] * ry
            }
        }
        guard let xs = solve(a, bx), let ys = solve(a, by) else { return nil }
        let controls = [first] + zip(xs, ys).map { Point($0, $1) } + [last]
        guard controls.allSatisfy({ $0.isFinite }), let segment = Segment.bezier(controls) else { return nil }
        var error = 0.0
        for (p, t) in zip(points, ts) { error = Swift.max(error, segment.point(at: t).distance(to: p)) }
        return (segment, ts, error)
    }

    /// Gaussian elimination with partial pivoting; nil when singular.
    static func solve(_ matrix: [[Double]], _ rhs: [Double]) -> [Double]? {
        var a = matrix, b = rhs
        let n = b.count
        let scale = a.flatMap { $0 }.map(abs).max() ?? 0
        for col in 0..<n {
            let pivot = (col..<n).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            guard abs(a[pivot][col]) > Tolerance.negligible * scale else { return nil }
            a.swapAt(col, pivot)
            b.swapAt(col, pivot)
            for row in (col + 1)..<n where row < n {
                let f = a[row][col] / a[col][col]
                for k in col..<n { a[row][k] -= f * a[col][k] }
                b[row] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var s = b[row]
            for k in (row + 1)..<n where k < n { s -= a[row][k] * x[k] }
            x[row] = s / a[row][row]
        }
        return x
    }

    /// The clamped uniform B-spline of `degree` (2 or 3) with these control points ("B-Splines"):
    /// knots 0 (degree + 1 times), 1, 2, …, m − degree, and m − degree + 1 (degree + 1 times) for
    /// m + 1 points, so it starts at the first point and ends at the last, tangent to the control
    /// polygon there. As Béziers, one per knot span: point k of span [j, j + 1] is the blossom
    /// f(j, …, j, j + 1, …, j + 1) with k arguments j + 1 (de Boor's algorithm with one argument
    /// per level), what inserting j and j + 1 until each is `degree` times there would give.
    /// O(degree²) per span. Empty for fewer than degree + 1 points.
    public static func bSpline(_ points: [Point], degree p: Int) -> [Segment] {
        let m = points.count - 1
        guard p >= 1, m >= p else { return [] }
        let spans = m - p + 1
        let knots = [Double](repeating: 0, count: p + 1) + (1..<spans).map(Double.init) + [Double](repeating: Double(spans), count: p + 1)
        var result: [Segment] = []
        result.reserveCapacity(spans)
        for j in 0..<spans {
            // The span [knots[k], knots[k + 1]) = [j, j + 1) holds points k − p … k.
            let k = j + p
            func blossom(_ arguments: [Double]) -> Point {
                var d = Array(points[(k - p)...k])
                for r in 1...p {
                    let t = arguments[r - 1]
                    for i in stride(from: k, through: k - p + r, by: -1) {
                        let a = (t - knots[i]) / (knots[i + p + 1 - r] - knots[i])
                        let lower = d[i - 1 - (k - p)], upper = d[i - (k - p)]
                        d[i - (k - p)] = Point((1 - a) * lower.x + a * upper.x, (1 - a) * lower.y + a * upper.y)
                    }
                }
                return d[p]
            }
            let bezier = (0...p).map { n in blossom([Double](repeating: Double(j), count: p - n) + [Double](repeating: Double(j + 1), count: n)) }
            if let s = Segment.bezier(bezier) { result.append(s) }
        }
        return result
    }
}
