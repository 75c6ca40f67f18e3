import Testing
@testable import ShapeGeometry
#if canImport(Glibc)
import Glibc
#endif

/// The perimeter of an ellipse with semi-axes a ≥ b, by the arithmetic–geometric mean (Gauss;
/// converges quadratically, exact to rounding): C = 2π/M(a, b) · (a² − Σ 2ⁿ⁻¹ cₙ²).
func ellipsePerimeter(_ a: Double, _ b: Double) -> Double {
    var x = a, y = b
    var sum = (a * a - b * b) / 2  // n = 0 term: 2⁻¹ c₀²
    var power = 0.5
    for _ in 0..<10 {
        let c = (x - y) / 2
        (x, y) = ((x + y) / 2, (x * y).squareRoot())
        power *= 2
        sum += power * c * c
    }
    return 2 * .pi / x * (a * a - sum)
}

@Suite struct ArcTests {
    @Test func hugeFlatEllipsesScaleExactly() {
        // Length is linear in size: an ellipse 1e160 wide measures 1e150 times one 1e10 wide,
        // past the 1e154 where squared axes overflow (it used to pass for a circle: 21% short).
        let small = Arc(center: .zero, u: Vector(5e9, 0), v: Vector(0, 0.5), startAngle: 0, sweep: 2 * Double.pi)
        for s in [1e140, 1e150, 1e290] {
            let big = Arc(center: .zero, u: Vector(5e9 * s, 0), v: Vector(0, 0.5 * s), startAngle: 0, sweep: 2 * Double.pi)
            #expect(!big.isCircular)
            expectClose(big.arcLength() / s, small.arcLength(), tolerance: 1e-12 * small.arcLength())
        }
        #expect(Arc(center: .zero, u: Vector(1e200, 0), v: Vector(0, 1e200), startAngle: 0, sweep: 1).isCircular)
    }

    @Test func canvasSweepRule() {
        let tau = 2 * Double.pi
        // Clockwise (increasing angle).
        expectClose(Arc.sweep(from: 0, to: .pi / 2, clockwise: true), .pi / 2, tolerance: 1e-15)
        expectClose(Arc.sweep(from: 0, to: -.pi / 2, clockwise: true), 1.5 * .pi, tolerance: 1e-15)
        #expect(Arc.sweep(from: 0, to: tau, clockwise: true) == tau)  // 2π or more: full
        #expect(Arc.sweep(from: 1, to: 1 + 7 * tau, clockwise: true) == tau)
        #expect(Arc.sweep(from: 0, to: 0, clockwise: true) == 0)  // equal: empty
        #expect(Arc.sweep(from: 0, to: -tau, clockwise: true) == 0)  // ≡ start, not a full turn
        expectClose(Arc.sweep(from: 0, to: 5 * .pi, clockwise: true), tau, tolerance: 0)  // ≥ 2π
        // Counter-clockwise.
        expectClose(Arc.sweep(from: .pi / 4, to: -1.25 * .pi, clockwise: false), -1.5 * .pi, tolerance: 1e-15)
        expectClose(Arc.sweep(from: 0, to: .pi / 2, clockwise: false), -1.5 * .pi, tolerance: 1e-15)
        #expect(Arc.sweep(from: 0, to: -tau, clockwise: false) == -tau)
        #expect(Arc.sweep(from: 2, to: 2, clockwise: false) == 0)
    }

    @Test func circularArcsUseTheClosedForm() {
        let arc = Arc(center: Point(10, 20), radius: 7, startAngle: 0.3, sweep: -2.5)
        #expect(arc.isCircular)
        #expect(arc.arcLength() == 7 * 2.5)
        expectClose(arc.start, Point(10 + 7 * cos(0.3), 20 + 7 * sin(0.3)), tolerance: 1e-14)
        expectClose(arc.end, Point(10 + 7 * cos(-2.2), 20 + 7 * sin(-2.2)), tolerance: 1e-14)
        let table = arc.arcLengthTable()
        let t = arc.parameter(atLength: 7, in: table)
        expectClose(t, 7 / 17.5, tolerance: 1e-15)
    }

    @Test func rotationAndUniformScaleKeepACircleACircle() {
        let arc = Arc(center: Point(1, 2), radius: 3, startAngle: 0, sweep: 2)
        let m = AffineTransform.rotation(0.7, about: Point(5, 5)).concatenating(.scale(2.5, 2.5)).concatenating(.translation(3, -4))
        let image = arc.transformed(by: m)
        #expect(image.isCircular)
        expectClose(image.arcLength(), 3 * 2.5 * 2, tolerance: 1e-13)
        expectClose(image.start, m.apply(arc.start), tolerance: 1e-12)
        expectClose(image.point(at: 0.37), m.apply(arc.point(at: 0.37)), tolerance: 1e-12)
    }

    /// A non-uniform scale makes an ellipse; its length is checked against the AGM perimeter for
    /// axis ratios down to 1e-6 (a nearly flat ellipse turns sharply at the ends of its major axis).
    @Test(arguments: [1.0, 0.5, 0.1, 1e-2, 1e-4, 1e-6])
    func ellipseLengthMatchesTheAGM(ratio: Double) {
        let circle = Arc(center: Point(0, 0), radius: 1, startAngle: 0.4, sweep: 2 * .pi)
        let e = circle.transformed(by: .scale(300, 300 * ratio))
        let exact = ellipsePerimeter(300, 300 * ratio)
        expectClose(e.arcLength(), exact, tolerance: 1e-12 * exact, "ratio \(ratio)")
        // Half of it, from the end of the minor axis (by symmetry).
        let half = Arc(center: .zero, u: Vector(300, 0), v: Vector(0, 300 * ratio), startAngle: .pi / 2, sweep: .pi)
        expectClose(half.arcLength(), exact / 2, tolerance: 1e-12 * exact)
    }

    @Test func shearedArcStaysExactPointwise() {
        let arc = Arc(center: Point(3, 4), radius: 10, startAngle: -1, sweep: 4)
        let shear = AffineTransform(a: 1, b: 0, c: 0.8, d: 1, tx: 0, ty: 0)
        let image = arc.transformed(by: shear)
        #expect(!image.isCircular)
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            expectClose(image.point(at: t), shear.apply(arc.point(at: t)), tolerance: 1e-12)
        }
        // The length is the integral of the image's speed: compare with a fine polyline.
        var polyline = 0.0
        var previous = image.start
        let n = 200_000
        for i in 1...n {
            let p = image.point(at: Double(i) / Double(n))
            polyline += p.distance(to: previous)
            previous = p
        }
        // A polyline of n chords underestimates by O(1/n²): about 1e-9 relative here.
        expectClose(image.arcLength(), polyline, tolerance: 1e-8 * polyline)
        #expect(image.arcLength() >= polyline)
    }

    @Test func extremaAndTightBounds() {
        // Quarter arc from angle −π/4 to π/4 clockwise: its rightmost point is at angle 0.
        let arc = Arc(center: Point(0, 0), radius: 2, startAngle: -.pi / 4, sweep: .pi / 2)
        #expect(arc.extrema(along: .x).count == 1)
        expectClose(arc.extrema(along: .x)[0], 0.5, tolerance: 1e-15)
        #expect(arc.extrema(along: .y).isEmpty)
        let box = arc.tightBounds
        expectClose(box.maxX, 2, tolerance: 1e-15)
        expectClose(box.minY, -2.0.squareRoot(), tolerance: 1e-15)
        // Full circle, counter-clockwise, starting at the bottom.
        let full = Arc(center: Point(5, 5), radius: 1, startAngle: .pi / 2, sweep: -2 * .pi)
        let b = full.tightBounds
        expectClose(b.minX, 4, tolerance: 1e-15); expectClose(b.maxX, 6, tolerance: 1e-15)
        expectClose(b.minY, 4, tolerance: 1e-15); expectClose(b.maxY, 6, tolerance: 1e-15)
    }

    @Test func nearestOnCircularAndEllipticalArcs() {
        let arc = Arc(center: Point(0, 0), radius: 10, startAngle: 0, sweep: .pi)  // lower half (y down)
        var (t, d) = arc.nearest(to: Point(0, 30))
        expectClose(t, 0.5, tolerance: 1e-15); expectClose(d, 20, tolerance: 1e-12)
        (t, d) = arc.nearest(to: Point(3, -30))  // above: an end point is nearest
        #expect(t == 0)
        (t, _) = arc.nearest(to: Point(0, 0))  // the centre: every point ties, t = 0
        #expect(t == 0)
        let ellipse = Arc(center: Point(0, 0), u: Vector(50, 0), v: Vector(0, 10), startAngle: 0, sweep: 2 * .pi)
        var rng = SeededRandom(seed: 21)
        for _ in 0..<100 {
            let q = rng.point(-80, 80)
            let (t, d) = ellipse.nearest(to: q)
            for i in 0...4000 {
                #expect(ellipse.point(at: Double(i) / 4000).distance(to: q) >= d - 1e-9)
            }
            for h in [1e-4, 1e-6] {
                for u in [t - h, t + h] where u >= 0 && u <= 1 { #expect(ellipse.point(at: u).distance(to: q) >= d - 1e-9) }
            }
        }
    }

    /// Elliptical arcs (axes skewed, any sweep) against a search apart from the arc's own: the
    /// distance at 20,000 samples of the arc, each sampled local minimum refined by ternary
    /// search in the test. The arc's answer, from the roots of its quartic, may be no farther
    /// than the search's and agrees with it to 1e-12 of the size. Points near the evolute, where
    /// a minimum and a maximum of the distance nearly meet, are among them.
    @Test func nearestOnSkewedEllipticalArcsAgainstADenseSearch() {
        var rng = SeededRandom(seed: 77)
        func distance(_ a: Arc, _ t: Double, _ q: Point) -> Double { a.point(at: t).distance(to: q) }
        for round in 0..<60 {
            let u = Vector(rng.uniform(-60, 60), rng.uniform(-60, 60)), v = Vector(rng.uniform(-30, 30), rng.uniform(-30, 30))
            guard abs(u.cross(v)) > 50 else { continue }
            let sweep = (round % 3 == 0 ? 2 * Double.pi : rng.uniform(0.2, 6)) * (round % 2 == 0 ? 1 : -1)
            let arc = Arc(center: Point(rng.uniform(-10, 10), rng.uniform(-10, 10)), u: u, v: v, startAngle: rng.uniform(-3, 3), sweep: sweep)
            let size = Swift.max(u.length, v.length)
            for k in 0..<20 {
                // Some points near the centre of curvature of a point of the arc.
                var q = rng.point(-90, 90)
                if k % 4 == 0 {
                    let t = rng.uniform(0, 1)
                    let d1 = arc.derivative(at: t), d2 = arc.secondDerivative(at: t)
                    let curvature = d1.cross(d2) / pow(d1.length, 3)
                    let normal = Vector(-d1.dy, d1.dx) * (1 / d1.length)
                    q = arc.point(at: t) + normal * (1 / curvature * rng.uniform(0.97, 1.03))
                }
                let n = 20_000
                var best = (t: 0.0, d: Double.infinity)
                var previous = distance(arc, 0, q), current = distance(arc, 1.0 / Double(n), q)
                best = previous < best.d ? (0, previous) : best
                for i in 1..<n {
                    let next = distance(arc, Double(i + 1) / Double(n), q)
                    if current <= previous && current <= next {
                        var lo = Double(i - 1) / Double(n), hi = Double(i + 1) / Double(n)
                        for _ in 0..<100 {
                            let m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3
                            if distance(arc, m1, q) <= distance(arc, m2, q) { hi = m2 } else { lo = m1 }
                        }
                        let d = distance(arc, 0.5 * (lo + hi), q)
                        if d < best.d { best = (0.5 * (lo + hi), d) }
                    }
                    (previous, current) = (current, next)
                }
                let end = distance(arc, 1, q)
                if end < best.d { best = (1, end) }
                let (t, d) = arc.nearest(to: q)
                #expect(abs(distance(arc, t, q) - d) <= 1e-13 * size)
                #expect(d <= best.d + 1e-12 * size, "round \(round), point \(k): \(d) against \(best.d)")
                #expect(abs(d - best.d) <= 1e-12 * size, "round \(round), point \(k): \(d) against \(best.d)")
            }
        }
    }

    /// `cubics(within:)` and `quadratics(within:)`: more pieces of equal turn until the error is
    /// within the tolerance. On a circle the error is checked apart from the arc's own search, as
    /// the largest radial distance |B(t) − c| − r of 2,000 samples per piece; on a skewed ellipse,
    /// by the distance of 200 samples per piece to the ellipse's exact nearest points.
    @Test func approximationsWithinATolerance() {
        let circle = Arc(center: Point(3, -4), radius: 50, startAngle: 0.3, sweep: 5)
        func radial(_ points: [Point]) -> Double { points.map { abs($0.distance(to: circle.center) - 50) }.max()! }
        for tolerance in [1e-3, 1e-5, 1e-8, 1e-11] {
            let c = circle.cubics(within: tolerance), q = circle.quadratics(within: tolerance)
            let cubicGap = radial(c.pieces.flatMap { p in (0...2000).map { p.point(at: Double($0) / 2000) } })
            let quadraticGap = radial(q.pieces.flatMap { p in (0...2000).map { p.point(at: Double($0) / 2000) } })
            #expect(cubicGap <= tolerance * 50 && quadraticGap <= tolerance * 50, "\(tolerance): \(cubicGap), \(quadraticGap)")
            // The error reported is the one found apart, and the pieces join end to end.
            #expect(abs(c.error - cubicGap) <= 1e-3 * c.error + 1e-13 && abs(q.error - quadraticGap) <= 1e-3 * q.error + 1e-13)
            #expect(c.pieces.first!.p0.distance(to: circle.start) < 1e-12 && c.pieces.last!.p3.distance(to: circle.end) < 1e-12)
            for (a, b) in zip(c.pieces, c.pieces.dropFirst()) { #expect(a.p3.distance(to: b.p0) < 1e-12) }
            // Not many more than needed: one piece fewer (of equal turn) would not do.
            #expect(circle.cubics(count: c.pieces.count - 1).error > tolerance * 50 || c.pieces.count == circle.cubics.pieces.count)
        }
        // The loosest tolerance keeps the pieces CoreGraphics draws (at most a quarter turn).
        #expect(circle.cubics(within: 1e-3).pieces.count == circle.cubics.pieces.count)
        let ellipse = Arc(center: Point(0, 0), u: Vector(60, 10), v: Vector(-8, 25), startAngle: -1, sweep: 4)
        for tolerance in [1e-4, 1e-7, 1e-10] {
            let c = ellipse.cubics(within: tolerance)
            let gap = c.pieces.flatMap { p in (0...200).map { ellipse.nearest(to: p.point(at: Double($0) / 200)).distance } }.max()!
            #expect(gap <= tolerance * 60.83 && c.error <= tolerance * 60.83, "\(tolerance): \(gap)")
        }
    }
}
