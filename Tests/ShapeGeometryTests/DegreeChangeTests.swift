import Testing

@testable import ShapeGeometry

/// Raising and lowering a curve's degree, against the curves themselves.
@Suite struct DegreeChangeTests {
    @Test func raisingChangesNoPoint() {
        let line = LineSegment(Point(3, -4), Point(40, 17))
        let quad = QuadraticBezier(Point(0, 0), Point(35, 80), Point(70, -5))
        for k in 0...100 {
            let t = Double(k) / 100
            #expect(line.elevated.point(at: t).distance(to: line.point(at: t)) < 1e-12)
            #expect(quad.elevated.point(at: t).distance(to: quad.point(at: t)) < 1e-12)
        }
    }

    @Test func loweringARaisedCurveGivesItBack() {
        let quad = QuadraticBezier(Point(1, 2), Point(35, 80), Point(70, -5))
        let (back, error) = quad.elevated.lowered
        #expect(back.p1.distance(to: quad.p1) < 1e-12 && back.p0 == quad.p0 && back.p2 == quad.p2)
        #expect(error < 1e-12)
        let line = LineSegment(Point(3, -4), Point(40, 17))
        #expect(line.elevated.lowered.error < 1e-12 && line.elevated.lowered.line.p1 == line.p1)
    }

    /// The error reported is the largest distance between the two curves at the same t: against a
    /// dense sampling of it (an approximation from below, within the sampling's step).
    @Test func theLoweringErrorIsTheLargestDistance() {
        var rng = SeededRandom(seed: 17)
        for _ in 0..<50 {
            let c = CubicBezier(rng.point(0, 100), rng.point(0, 100), rng.point(0, 100), rng.point(0, 100))
            let (q, error) = c.lowered
            var sampled = 0.0
            for k in 0...20_000 {
                let t = Double(k) / 20_000
                sampled = Swift.max(sampled, c.point(at: t).distance(to: q.point(at: t)))
            }
            #expect(error >= sampled - 1e-9 && error - sampled < 1e-6 * Swift.max(error, 1), "\(error) vs \(sampled)")
        }
        // A quadratic's chord: half the distance from its control point to the chord's middle.
        let quad = QuadraticBezier(Point(0, 0), Point(30, 40), Point(60, 0))
        #expect(abs(quad.lowered.error - 20) < 1e-12)
    }
}
