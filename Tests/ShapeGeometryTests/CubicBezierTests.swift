import Testing
@testable import ShapeGeometry
#if canImport(Glibc)
import Glibc
#endif

@Suite struct CubicBezierTests {
    /// The worst relative error over the independent 40-digit references (random cubics, near-cusp
    /// cubics at six distances from a true cusp, a cubic folding back on a line, coincident
    /// control points, a loop).
    @Test func lengthsMatchIndependentReferencesTo1e12() {
        var worst = 0.0
        var worstKind = ""
        for (kind, curve, reference) in cubicLengthReferences {
            let error = abs(curve.arcLength(accuracy: defaultArcLengthAccuracy) - reference) / reference
            if error > worst { worst = error; worstKind = kind }
        }
        #expect(cubicLengthReferences.count > 250)
        #expect(worst <= 1e-12, "worst relative error \(worst) on a \(worstKind) cubic")
    }

    /// A degree-elevated quadratic has the quadratic's speed, so its length has a closed form. The
    /// control point is pulled far past the end so that the curve folds back: the speed dips to
    /// `dip` times its maximum, the hard case for quadrature. Checked over scales 1e-6 to 1e6.
    @Test(arguments: [1e-6, 1e-3, 1, 1e3, 1e6])
    func nearCuspElevatedQuadraticsAtEveryScale(scale: Double) {
        var rng = SeededRandom(seed: 7)
        for dip in [1e-1, 1e-3, 1e-5, 1e-7, 1e-9] {
            for _ in 0..<10 {
                let angle = rng.uniform(0, 2 * .pi)
                let (c, s) = (cos(angle), sin(angle))
                func place(_ x: Double, _ y: Double) -> Point {
                    Point(scale * (c * x - s * y) + scale * 3, scale * (s * x + c * y) - scale * 2)
                }
                let q = QuadraticBezier(place(0, 0), place(rng.uniform(5, 20), dip * rng.uniform(1, 5)), place(rng.uniform(0, 2), 0))
                let exact = quadraticLengthClosedForm(q)
                expectClose(
                    q.elevated.arcLength(accuracy: defaultArcLengthAccuracy), exact, tolerance: 1e-12 * exact,
                    "dip \(dip) at scale \(scale)")
                expectClose(q.arcLength(accuracy: defaultArcLengthAccuracy), exact, tolerance: 1e-12 * exact)
            }
        }
    }

    /// A cubic tracing the parabola y = x² from x = 0 to x = 1 (as a degree-elevated quadratic
    /// with control point (1/2, 0)); its length is (2√5 + asinh 2) / 4.
    @Test func parabola() {
        let q = QuadraticBezier(Point(0, 0), Point(0.5, 0), Point(1, 1))
        let exact = (2 * 5.0.squareRoot() + asinh(2)) / 4
        expectClose(q.elevated.arcLength(accuracy: defaultArcLengthAccuracy), exact, tolerance: 1e-15 * 4)
    }

    @Test func aCubicWithAllPointsEqualHasLengthZeroAndNoNaN() {
        let p = Point(3, 4)
        let c = CubicBezier(p, p, p, p)
        #expect(c.arcLength(accuracy: defaultArcLengthAccuracy) == 0)
        let table = c.arcLengthTable(accuracy: defaultArcLengthAccuracy)
        #expect(c.parameter(atLength: 0, in: table) == 0)
        #expect(c.nearest(to: Point(0, 0)).distance == 5)
        #expect(Segment.cubic(c).direction(at: 0.5) == .zero)
    }

    /// The parameter at a length, measured back, gives the length again to 1e-9 units.
    @Test func inverseArcLengthRoundTrips() {
        for (_, curve, reference) in cubicLengthReferences.prefix(60) {
            let table = curve.arcLengthTable(accuracy: defaultArcLengthAccuracy)
            for fraction in [0.0, 0.001, 0.25, 0.5, 0.777, 0.999, 1.0] {
                let s = fraction * reference
                let t = curve.parameter(atLength: s, in: table)
                expectClose(curve.arcLength(upTo: t, accuracy: defaultArcLengthAccuracy), s, tolerance: 1e-9)
            }
        }
    }

    @Test func splitPiecesMeetAndAddUpToTheWhole() {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<50 {
            let c = CubicBezier(rng.point(-100, 100), rng.point(-100, 100), rng.point(-100, 100), rng.point(-100, 100))
            let t = rng.uniform(0, 1)
            let (a, b) = c.split(at: t)
            #expect(a.end == b.start)
            expectClose(a.end, c.point(at: t), tolerance: 1e-12)
            expectClose(b.point(at: 0.5), c.point(at: t + 0.5 * (1 - t)), tolerance: 1e-11)
            let whole = c.arcLength(accuracy: defaultArcLengthAccuracy)
            expectClose(
                a.arcLength(accuracy: defaultArcLengthAccuracy) + b.arcLength(accuracy: defaultArcLengthAccuracy),
                whole, tolerance: 1e-12 * whole)
        }
    }

    @Test func tightBoundsHoldEverySampleAndTouchTheExtremes() {
        var rng = SeededRandom(seed: 12)
        for _ in 0..<50 {
            let c = CubicBezier(rng.point(0, 100), rng.point(0, 100), rng.point(0, 100), rng.point(0, 100))
            let box = c.tightBounds
            var seen = Rect(point: c.start)
            for i in 0...2000 {
                let p = c.point(at: Double(i) / 2000)
                #expect(box.minX <= p.x + 1e-12 && p.x <= box.maxX + 1e-12 && box.minY <= p.y + 1e-12 && p.y <= box.maxY + 1e-12)
                seen.include(p)
            }
            // Sampling at 1/2000 misses the true extreme by at most a second-order amount.
            expectClose(seen.minX, box.minX, tolerance: 1e-3)
            expectClose(seen.maxY, box.maxY, tolerance: 1e-3)
        }
    }

    /// Nearest points: the reported point is at least as near as every perturbation of it along
    /// the curve and every dense sample; the distance is the distance to the reported point.
    @Test func nearestPointBeatsPerturbationsAndSamples() {
        var rng = SeededRandom(seed: 13)
        for _ in 0..<200 {
            let c = CubicBezier(rng.point(0, 100), rng.point(0, 100), rng.point(0, 100), rng.point(0, 100))
            let q = rng.point(-20, 120)
            let (t, d) = c.nearest(to: q)
            expectClose(c.point(at: t).distance(to: q), d, tolerance: 1e-12)
            for h in [1e-3, 1e-5, 1e-7] {
                for u in [t - h, t + h] where u >= 0 && u <= 1 {
                    #expect(c.point(at: u).distance(to: q) >= d - 1e-9)
                }
            }
            for i in 0...1000 {
                #expect(c.point(at: Double(i) / 1000).distance(to: q) >= d - 1e-9)
            }
        }
    }

    @Test func nearestOnACuspAndOnCoincidentControls() {
        let cusp = CubicBezier(Point(0, 0), Point(1, 1), Point(0, 1), Point(1, 0))
        let tip = cusp.point(at: 0.5)
        let (t, d) = cusp.nearest(to: Point(tip.x - 0.1, tip.y + 0.2))
        #expect(d.isFinite && t >= 0 && t <= 1)
        let degenerate = CubicBezier(Point(0, 0), Point(0, 0), Point(10, 0), Point(10, 0))
        let (t2, e2) = degenerate.nearest(to: Point(5, 3))
        expectClose(e2, 3, tolerance: 1e-12)
        expectClose(degenerate.point(at: t2).x, 5, tolerance: 1e-9)
    }
}

/// The closed-form length of a quadratic Bézier: with B'(t) = 2(A·t + B), the integral of
/// 2√(a t² + 2b t + c) where a = |A|², b = A·B, c = |B|², written with u = a t + b and
/// D = a c − b² = (A × B)² to avoid cancellation:
/// L = [u √Q / a + D / a^{3/2} · asinh(u / √D)] from u = b to u = a + b.
// The names follow the formula above.
// swift-format-ignore: AlwaysUseLowerCamelCase
func quadraticLengthClosedForm(_ q: QuadraticBezier) -> Double {
    let A = (q.p0 - q.p1) + (q.p2 - q.p1), B = q.p1 - q.p0
    let a = A.dot(A), b = A.dot(B)
    let cross = A.cross(B)
    let D = cross * cross
    func F(_ u: Double) -> Double {
        let Q = (u * u + D) / a
        let main = u * Q.squareRoot() / a
        return D > 0 ? main + D / (a * a.squareRoot()) * asinh(u / D.squareRoot()) : main
    }
    return F(a + b) - F(b)
}
