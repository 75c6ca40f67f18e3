import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import ShapeGeometry

/// The Primer's algebra, each against a formula written out here or another part of the
/// geometry (de Casteljau's split, the inflection roots, the intersection search).
@Suite struct PrimerTests {
    /// Σ C(n, k)(1 − t)ⁿ⁻ᵏtᵏ·Pₖ written out, for any real t.
    static func bernsteinSum(_ p: [Point], _ t: Double) -> Point {
        let n = p.count - 1
        var x = 0.0, y = 0.0
        for (k, q) in p.enumerated() {
            var c = 1.0
            for j in 0..<k { c = c * Double(n - j) / Double(j + 1) }
            var w = c
            for _ in 0..<(n - k) { w *= 1 - t }
            for _ in 0..<k { w *= t }
            x += w * q.x
            y += w * q.y
        }
        return Point(x, y)
    }

    static func randomCubic(_ rng: inout SeededRandom, scale: Double = 100) -> CubicBezier {
        func p() -> Point { Point(Double.random(in: -scale...scale, using: &rng), Double.random(in: -scale...scale, using: &rng)) }
        return CubicBezier(p(), p(), p(), p())
    }

    @Test func bernsteinWeights() {
        // At t = 1/4: (3/4)³, 3·(3/4)²·(1/4), 3·(3/4)·(1/4)², (1/4)³.
        let w = Bernstein.weights(degree: 3, at: 0.25)
        let quarters: [Double] = [27.0 / 64, 27.0 / 64, 9.0 / 64, 1.0 / 64]
        #expect(w == quarters)
        var rng = SeededRandom(seed: 3)
        for _ in 0..<100 {
            let c = PrimerTests.randomCubic(&rng)
            let t = Double.random(in: 0...1, using: &rng)
            let w = Bernstein.weights(degree: 3, at: t)
            #expect(abs(w.reduce(0, +) - 1) < 1e-15)
            let p = Bernstein.apply([w], to: [c.p0, c.p1, c.p2, c.p3])[0]
            #expect(p.distance(to: c.point(at: t)) < 1e-12)
        }
    }

    /// A quadratic with weights 1, cos(θ/2), 1 whose control point is where the tangents at the
    /// ends of an arc of θ meet is that arc: every point at distance r from the centre.
    @Test func rationalQuadraticsAreCircles() {
        var rng = SeededRandom(seed: 12)
        for _ in 0..<50 {
            let r = Double.random(in: 1...100, using: &rng), theta = Double.random(in: 0.1...3, using: &rng)
            let start = Double.random(in: 0...6, using: &rng)
            func at(_ a: Double, _ scale: Double = 1) -> Point { Point(5 + r * scale * cos(a), -3 + r * scale * sin(a)) }
            let points = [at(start), at(start + theta / 2, 1 / cos(theta / 2)), at(start + theta)]
            for k in 0...20 {
                let p = Bernstein.rationalPoint(points, weights: [1, cos(theta / 2), 1], at: Double(k) / 20)
                #expect(abs(p.distance(to: Point(5, -3)) - r) < 1e-12 * r)
            }
            // Equal weights: the ordinary curve.
            let q = QuadraticBezier(points[0], points[1], points[2])
            #expect(Bernstein.rationalPoint(points, weights: [2, 2, 2], at: 0.3).distance(to: q.point(at: 0.3)) < 1e-12 * r)
        }
    }

    /// x(t) = t + αt², y(t) = βt² + γt³ has x′y″ − y′x″ = 6αγt² + 6γt + 2β: with α = −1/(r₁ + r₂)
    /// and β = 3αγ·r₁r₂ its roots are r₁ and r₂, the inflections.
    @Test func inflectionsWithKnownRoots() {
        for (r1, r2) in [(0.3, 0.6), (0.1, 0.9), (0.25, 0.26), (0.5, 1.7)] {
            for gamma in [1.0, -2.5, 40] {
                let alpha = -1 / (r1 + r2), beta = 3 * alpha * gamma * r1 * r2
                // The power basis to Bézier points: P1 = P0 + c1/3, P2 = P0 + 2c1/3 + c2/3, P3 = P0 + c1 + c2 + c3.
                let c = CubicBezier(Point(0, 0), Point(1.0 / 3, 0), Point(2.0 / 3 + alpha / 3, beta / 3), Point(1 + alpha, beta + gamma))
                let expected = [r1, r2].filter { $0 > 0 && $0 < 1 }
                let found = Segment.cubic(c).inflections
                #expect(found.count == expected.count, "\(r1), \(r2), \(gamma)")
                for (a, b) in zip(found, expected) { #expect(abs(a - b) < 1e-12, "\(r1), \(r2), \(gamma)") }
            }
        }
    }

    @Test func matrixForm() {
        // The Primer's matrices for the quadratic and the cubic.
        let quadratic: [[Double]] = [[1, 0, 0], [-2, 2, 0], [1, -2, 1]]
        let cubic: [[Double]] = [[1, 0, 0, 0], [-3, 3, 0, 0], [3, -6, 3, 0], [-1, 3, -3, 1]]
        #expect(Bernstein.matrix(degree: 2) == quadratic)
        #expect(Bernstein.matrix(degree: 3) == cubic)
        var rng = SeededRandom(seed: 4)
        for _ in 0..<100 {
            let c = PrimerTests.randomCubic(&rng)
            let coefficients = Bernstein.apply(Bernstein.matrix(degree: 3), to: [c.p0, c.p1, c.p2, c.p3])
            let t = Double.random(in: -1...2, using: &rng)
            var x = 0.0, y = 0.0, power = 1.0
            for q in coefficients {
                x += q.x * power
                y += q.y * power
                power *= t
            }
            #expect(Point(x, y).distance(to: PrimerTests.bernsteinSum([c.p0, c.p1, c.p2, c.p3], t)) < 1e-10)
        }
    }

    @Test func splittingByMatricesIsDeCasteljau() {
        var rng = SeededRandom(seed: 5)
        for _ in 0..<100 {
            let c = PrimerTests.randomCubic(&rng)
            let t = Double.random(in: 0.01...0.99, using: &rng)
            let (q, q2) = Bernstein.splitMatrices(degree: 3, at: t)
            let points = [c.p0, c.p1, c.p2, c.p3]
            let (a, b) = Segment.cubic(c).split(at: t)
            for (x, y) in zip(Bernstein.apply(q, to: points), a.bezierPoints!) { #expect(x.distance(to: y) < 1e-12) }
            for (x, y) in zip(Bernstein.apply(q2, to: points), b.bezierPoints!) { #expect(x.distance(to: y) < 1e-12) }
            // Every row is a set of weights: they sum to 1.
            for row in q + q2 { #expect(abs(row.reduce(0, +) - 1) < 1e-14) }
        }
    }

    @Test func theCurveOverAnyInterval() {
        var rng = SeededRandom(seed: 6)
        for _ in 0..<100 {
            let c = PrimerTests.randomCubic(&rng)
            let points = [c.p0, c.p1, c.p2, c.p3]
            let a = Double.random(in: -1...1, using: &rng), b = Double.random(in: 0...2, using: &rng)
            let piece = Segment.cubic(c).interval(from: a, to: b)!
            for k in 0...10 {
                let s = Double(k) / 10
                #expect(piece.point(at: s).distance(to: PrimerTests.bernsteinSum(points, a + s * (b - a))) < 1e-9)
            }
        }
        // [0, 1] is the curve itself, a quadratic stays a quadratic.
        let q = Segment.quadratic(QuadraticBezier(Point(0, 0), Point(50, 100), Point(100, 0)))
        #expect(q.interval(from: 0, to: 1)!.bezierPoints! == q.bezierPoints!)
        #expect(q.interval(from: -1, to: 2)!.bezierPoints!.count == 3)
    }

    @Test func catmullRomFormDrawsTheSameCurve() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<100 {
            let c = PrimerTests.randomCubic(&rng)
            let v = Segment.cubic(c).catmullRomPoints()!
            #expect(v[1] == c.p0 && v[2] == c.p3)
            // The Catmull-Rom polynomial ½[2P₁ + (P₂ − P₀)t + (2P₀ − 5P₁ + 4P₂ − P₃)t² + (−P₀ + 3P₁ − 3P₂ + P₃)t³].
            for k in 0...10 {
                let t = Double(k) / 10
                func along(_ f: (Point) -> Double) -> Double {
                    let (p0, p1, p2, p3) = (f(v[0]), f(v[1]), f(v[2]), f(v[3]))
                    return 0.5 * (2 * p1 + (p2 - p0) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t + (-p0 + 3 * p1 - 3 * p2 + p3) * t * t * t)
                }
                #expect(Point(along(\.x), along(\.y)).distance(to: c.point(at: t)) < 1e-9)
            }
            // And `catmull` with those neighbours draws it back.
            let tension = Double.random(in: 0.5...2, using: &rng)
            let w = Segment.cubic(c).catmullRomPoints(tension: tension)!
            let back = Path.catmullRom(through: w, tension: tension)[1]
            #expect(back.p1.distance(to: c.p1) < 1e-9 && back.p2.distance(to: c.p2) < 1e-9)
        }
    }

    @Test func moldingMovesThePointAndKeepsTheEnds() {
        var rng = SeededRandom(seed: 8)
        for _ in 0..<100 {
            let c = PrimerTests.randomCubic(&rng)
            let t = Double.random(in: 0.1...0.9, using: &rng)
            let target = Point(Double.random(in: -100...100, using: &rng), Double.random(in: -100...100, using: &rng))
            guard case .cubic(let m)? = Segment.cubic(c).molded(at: t, to: target) else {
                Issue.record("no cubic")
                continue
            }
            #expect(m.p0 == c.p0 && m.p3 == c.p3)
            #expect(m.point(at: t).distance(to: target) < 1e-9)
            // The struts move with B: the tangent at t is the same vector.
            let d0 = c.derivative(at: t), d1 = m.derivative(at: t)
            #expect(Vector(d0.dx - d1.dx, d0.dy - d1.dy).length < 1e-9 * Swift.max(1, d0.length))
            // Molding to where the point already is changes nothing.
            guard case .cubic(let same)? = Segment.cubic(c).molded(at: t, to: c.point(at: t)) else { continue }
            #expect(same.p1.distance(to: c.p1) < 1e-9 && same.p2.distance(to: c.p2) < 1e-9)

            // A quadratic through three points is unique: c = (B − (1 − t)²S − t²E) / (2t(1 − t)).
            let q = QuadraticBezier(c.p0, c.p1, c.p3)
            guard case .quadratic(let mq)? = Segment.quadratic(q).molded(at: t, to: target) else { continue }
            let s = 1 - t
            let expected = Point(
                (target.x - s * s * q.p0.x - t * t * q.p2.x) / (2 * t * s), (target.y - s * s * q.p0.y - t * t * q.p2.y) / (2 * t * s))
            #expect(mq.p1.distance(to: expected) < 1e-9 * Swift.max(1, expected.distance(to: .zero)))
        }
        #expect(Segment.line(LineSegment(Point(0, 0), Point(1, 1))).molded(at: 0.5, to: Point(0, 1)) == nil)
    }

    /// The canonical form's regions against what the curve does: the inflections it has in
    /// (0, 1) (closed-form roots) and whether it crosses itself (the certified intersection
    /// search), for last points spread over the plane, away from the region borders (where a
    /// root or the crossing is within 2% of an end, or two inflections nearly meet at a cusp).
    @Test func canonicalRegionsAgreeWithTheCurve() throws {
        var rng = SeededRandom(seed: 9)
        var seen: [CanonicalForm.Kind: Int] = [:]
        for _ in 0..<2000 {
            let x = Double.random(in: -4...3, using: &rng), y = Double.random(in: -3...3, using: &rng)
            // Any affine image of the canonical curve has the same form.
            let a = Double.random(in: -2...2, using: &rng), b = Double.random(in: -2...2, using: &rng)
            let c = Double.random(in: -2...2, using: &rng), d = Double.random(in: -2...2, using: &rng)
            guard abs(a * d - b * c) > 0.1 else { continue }
            func map(_ p: Point) -> Point { Point(a * p.x + b * p.y + 5, c * p.x + d * p.y - 7) }
            let curve = CubicBezier(map(Point(0, 0)), map(Point(0, 1)), map(Point(1, 1)), map(Point(x, y)))
            guard let form = curve.canonicalForm else {
                Issue.record("no canonical form")
                continue
            }
            #expect(form.point.distance(to: Point(x, y)) < 1e-9 * Swift.max(1, abs(x) + abs(y)))
            let inflections = Segment.cubic(curve).inflections
            var path = Path()
            try? path.move(to: curve.p0)
            try? path.curve(control1: curve.p1, control2: curve.p2, to: curve.p3)
            let length = path.length
            let crossings = try path.selfIntersections()
            let nearEnd =
                inflections.contains { $0 < 0.02 || $0 > 0.98 }
                || crossings.contains { $0.at < 0.02 * length || $0.other > 0.98 * length }
            let nearCusp = inflections.count == 2 && abs(inflections[0] - inflections[1]) < 0.05
            let loopTiny = crossings.contains { $0.other - $0.at < 0.02 * length }
            if nearEnd || nearCusp || loopTiny { continue }
            let expected: CanonicalForm.Kind
            switch (inflections.count, crossings.count) {
            case (0, 0): expected = .arch
            case (1, 0): expected = .singleInflection
            case (2, 0): expected = .doubleInflection
            case (0, 1): expected = .loop
            default:
                Issue.record("(\(x), \(y)): \(inflections.count) inflections and \(crossings.count) crossings")
                continue
            }
            #expect(form.kind == expected, "(\(x), \(y))")
            seen[expected, default: 0] += 1
        }
        // Every region was met, many times.
        for kind in [CanonicalForm.Kind.arch, .singleInflection, .doubleInflection, .loop] { #expect(seen[kind, default: 0] > 50, "\(kind)") }
        // On the cusp parabola: a cusp (the derivative vanishes there).
        let x = -0.5, y = (-x * x + 2 * x + 3) / 4
        #expect(CanonicalForm(point: Point(x, y)).kind == .cusp)
        #expect(CubicBezier(Point(0, 0), Point(1, 1), Point(2, 2), Point(0, 5)).canonicalForm == nil)
    }

    @Test func fittingInterpolatesAndMinimises() {
        var rng = SeededRandom(seed: 10)
        for _ in 0..<50 {
            // Four points, a cubic: the fit passes through each at its parameter.
            let c = PrimerTests.randomCubic(&rng)
            let points = [0, 0.3, 0.7, 1].map { c.point(at: $0) }
            guard let fit = Path.fit(points, degree: 3) else { continue }
            #expect(fit.error < 1e-9)
            for (p, t) in zip(points, fit.parameters) { #expect(fit.segment.point(at: t).distance(to: p) < 1e-9) }
            // Nine points: no control point can move without the sum of squares growing.
            let many = (0...8).map {
                c.point(at: Double($0) / 8) + Vector(Double.random(in: -3...3, using: &rng), Double.random(in: -3...3, using: &rng))
            }
            guard let best = Path.fit(many, degree: 3), var p = best.segment.bezierPoints else { continue }
            func cost(_ q: [Point]) -> Double {
                zip(many, best.parameters).reduce(0) { $0 + PrimerTests.bernsteinSum(q, $1.1).distance(to: $1.0).squared }
            }
            let least = cost(p)
            for k in [1, 2] {
                for v in [Vector(0.01, 0), Vector(-0.01, 0), Vector(0, 0.01), Vector(0, -0.01)] {
                    let saved = p[k]
                    p[k] = saved + v
                    #expect(cost(p) > least)
                    p[k] = saved
                }
            }
            #expect(best.error >= 0 && p[0] == many[0] && p[3] == many[8])
        }
        // Three points cannot fix a cubic; a quadratic through three is the curve through them.
        #expect(Path.fit([Point(0, 0), Point(1, 1), Point(2, 0)], degree: 3) == nil)
        let q = Path.fit([Point(0, 0), Point(1, 1), Point(2, 0)], degree: 2)!
        #expect(q.error < 1e-12 && q.segment.point(at: 0.5).distance(to: Point(1, 1)) < 1e-12)
        #expect(Path.fit([Point(1, 1), Point(1, 1), Point(1, 1)], degree: 2) == nil)
    }

    /// Cox–de Boor's recursion for the clamped uniform knots, written out.
    static func deBoor(_ points: [Point], degree p: Int, at u: Double) -> Point {
        let m = points.count - 1, spans = m - p + 1
        let knots = [Double](repeating: 0, count: p + 1) + (1..<spans).map(Double.init) + [Double](repeating: Double(spans), count: p + 1)
        func basis(_ i: Int, _ k: Int) -> Double {
            if k == 0 {
                // The last span is closed at its right end.
                if u == knots.last! { return knots[i] < u && knots[i + 1] == u ? 1 : 0 }
                return knots[i] <= u && u < knots[i + 1] ? 1 : 0
            }
            var s = 0.0
            if knots[i + k] > knots[i] { s += (u - knots[i]) / (knots[i + k] - knots[i]) * basis(i, k - 1) }
            if knots[i + k + 1] > knots[i + 1] { s += (knots[i + k + 1] - u) / (knots[i + k + 1] - knots[i + 1]) * basis(i + 1, k - 1) }
            return s
        }
        var x = 0.0, y = 0.0
        for (i, q) in points.enumerated() {
            let w = basis(i, p)
            x += w * q.x
            y += w * q.y
        }
        return Point(x, y)
    }

    @Test func bSplinesAsBeziers() {
        var rng = SeededRandom(seed: 11)
        for degree in [2, 3] {
            for count in [degree + 1, 5, 8] {
                let points = (0..<count).map { _ in Point(Double.random(in: 0...100, using: &rng), Double.random(in: 0...100, using: &rng)) }
                let segments = Path.bSpline(points, degree: degree)
                #expect(segments.count == count - degree)
                #expect(segments.first!.start == points.first! && segments.last!.end == points.last!)
                for (j, s) in segments.enumerated() {
                    for k in 0...8 {
                        let t = Double(k) / 8
                        #expect(s.point(at: t).distance(to: PrimerTests.deBoor(points, degree: degree, at: Double(j) + t)) < 1e-9)
                    }
                }
            }
        }
        #expect(Path.bSpline([Point(0, 0), Point(1, 1)], degree: 3).isEmpty)
    }
}

extension Double {
    fileprivate var squared: Double { self * self }
}
