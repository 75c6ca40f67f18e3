import Testing

@testable import ShapeGeometry

/// `Intersections.meetOnlyAtSharedEnd`, the booleans' quick answer for consecutive segments:
/// whenever it says that two segments sharing an end meet only there, the search itself
/// (`Intersections.between`) finds nothing farther than the tolerance from that end, and the
/// curves, sampled, are nowhere nearer each other than the inequality it rests on says (for
/// two lines, their angle).
@Suite struct SharedEndTests {
    /// A random line, quadratic or cubic from `p`, its control points within `spread` radians of
    /// `angle` and at distances from `length`·1e-7 up to `length`.
    static func segment(from p: Point, angle: Double, spread: Double, length: Double, _ rng: inout SeededRandom) -> Segment {
        func point() -> Point {
            let a = angle + rng.uniform(-spread, spread), r = length * (rng.next() % 8 == 0 ? rng.uniform(1e-7, 1e-4) : rng.uniform(0.05, 1))
            return Point(p.x + r * cosine(a), p.y + r * sine(a))
        }
        switch rng.next() % 3 {
        case 0: return .line(LineSegment(p, point()))
        case 1: return .quadratic(QuadraticBezier(p, point(), point()))
        default: return .cubic(CubicBezier(p, point(), point(), point()))
        }
    }

    @Test func aPairAnsweredQuicklyMeetsOnlyAtItsSharedEnd() throws {
        var rng = SeededRandom(seed: 4_912)
        var answered = 0, asked = 0
        for _ in 0..<3_000 {
            let size = [1e-3, 1.0, 2_816.0, 1e6][Int(rng.next() % 4)]
            let tolerance = Tolerance.meetingDistance(size)
            let p = rng.point(-size, size)
            // Directions from nearly one to nearly opposite, cones from narrow to wide.
            let angle = rng.uniform(-Double.pi, Double.pi), turn = rng.uniform(0, Double.pi)
            var a = Self.segment(from: p, angle: angle, spread: rng.uniform(0, 1.2), length: size, &rng)
            var b = Self.segment(from: p, angle: angle + turn, spread: rng.uniform(0, 1.2), length: size, &rng)
            // Every way two segments share an end: a's end and b's start (consecutive), and the rest.
            if rng.next() % 2 == 0 { a = a.reversed }
            if rng.next() % 2 == 0 { b = b.reversed }
            asked += 1
            guard Intersections.meetOnlyAtSharedEnd(a, b, tolerance: tolerance) else { continue }
            answered += 1
            let found = try Intersections.between(a, b, size: size)
            for m in found {
                #expect(m.point.quickDistance(to: p) <= 2 * tolerance && m.overlapEnd == nil, "\(a) \(b): \(m)")
            }
            // |x − y|² ≥ |x − p|² + |y − p|² at samples of both (up to rounding); where one is a
            // line, which may meet the other at any angle over 0.02 rad, |x − y| ≥ sin(0.02) ·
            // max(|x − p|, |y − p|): each point is that far from the line's line, and the line's
            // points from the other's cone.
            var lines = false
            if case .line = a { lines = true }
            if case .line = b { lines = true }
            for i in 0...24 {
                let x = a.point(at: Double(i) / 24)
                for k in 0...24 {
                    let y = b.point(at: Double(k) / 24)
                    let dx = x.distance(to: p), dy = y.distance(to: p), d = x.distance(to: y)
                    if lines {
                        #expect(d >= sine(0.02) * Swift.max(dx, dy) * (1 - 1e-9) - 1e-12 * size, "\(a) \(b) at \(i), \(k)")
                    } else {
                        #expect(d * d >= (dx * dx + dy * dy) * (1 - 1e-9) - 1e-24 * size * size, "\(a) \(b) at \(i), \(k)")
                    }
                }
            }
        }
        // Both answers are common.
        #expect(answered > asked / 5 && answered < asked * 4 / 5, "\(answered) of \(asked)")
    }

    @Test func pairsThatMayMeetElsewhereAreSearched() {
        let p = Point(0, 0), t = Tolerance.meetingDistance(100)
        func line(_ x: Double, _ y: Double) -> Segment { .line(LineSegment(p, Point(x, y))) }
        // Two lines: answered at a right angle and at 0.03 rad; searched at 0.01 rad.
        #expect(Intersections.meetOnlyAtSharedEnd(line(10, 0), line(0, 10), tolerance: t))
        #expect(Intersections.meetOnlyAtSharedEnd(line(10, 0), line(10, 0.3), tolerance: t))
        #expect(!Intersections.meetOnlyAtSharedEnd(line(10, 0), line(10, 0.1), tolerance: t))
        #expect(Intersections.meetOnlyAtSharedEnd(line(10, 0), line(-1, 10), tolerance: t))
        // A line and a quadratic whose control points lie on one side of its line, at more than
        // 0.02 rad from it: answered, at a right angle and at 0.03 rad (a hook that turns back
        // past the line's direction, on that side).
        #expect(Intersections.meetOnlyAtSharedEnd(line(10, 0), .quadratic(QuadraticBezier(p, Point(0, 5), Point(1, 10))), tolerance: t))
        #expect(Intersections.meetOnlyAtSharedEnd(line(10, 0), .quadratic(QuadraticBezier(p, Point(10, 0.3), Point(-5, 5))), tolerance: t))
        // Searched: a control point at 0.01 rad from the line, or across its line (a hook that
        // turns back across the line's direction).
        #expect(!Intersections.meetOnlyAtSharedEnd(line(10, 0), .quadratic(QuadraticBezier(p, Point(10, 0.1), Point(-5, 5))), tolerance: t))
        let hook = Segment.quadratic(QuadraticBezier(p, Point(-5, -1), Point(10, 10)))
        #expect(!Intersections.meetOnlyAtSharedEnd(line(-10, 1), hook, tolerance: t))
        // Another end too near the shared one (a tiny segment), or both ends shared (a lens).
        #expect(!Intersections.meetOnlyAtSharedEnd(line(1e-6, 0), line(-10, 1), tolerance: t))
        let lens = Segment.quadratic(QuadraticBezier(Point(10, 0), Point(5, 5), p))
        #expect(!Intersections.meetOnlyAtSharedEnd(line(10, 0), lens, tolerance: t))
        // Ends near each other but not the same point: searched.
        #expect(!Intersections.meetOnlyAtSharedEnd(line(10, 0), .line(LineSegment(Point(0, 1e-12), Point(-10, 0))), tolerance: t))
        // Arcs are left to the search.
        let arc = Segment.arc(Arc(center: Point(-5, 0), radius: 5, startAngle: 0, sweep: 1))
        #expect(!Intersections.meetOnlyAtSharedEnd(line(10, 0), arc, tolerance: t))
    }
}
