import Testing

@testable import ShapeGeometry

#if canImport(Glibc)
import Glibc
#endif

/// Segment meetings against closed forms and the peers' known failure cases.
@Suite struct IntersectionTests {
    let circle = Segment.arc(Arc(center: Point(0, 0), radius: 10, startAngle: 0, sweep: 2 * Double.pi))

    func meetings(_ a: Segment, _ b: Segment) -> [Intersections.Meeting] { Intersections.between(a, b, size: 100) }

    @Test func aLineThroughACircleMeetsItTwice() {
        for y in [0.0, 3, -7.5, 9.99] {
            let line = Segment.line(LineSegment(Point(-20, y), Point(20, y)))
            let found = meetings(line, circle)
            let x = (100 - y * y).squareRoot()  // closed form
            #expect(found.count == 2, "y = \(y)")
            let xs = found.map(\.point.x).sorted()
            #expect(xs.count == 2 && abs(xs[0] + x) < 1e-9 && abs(xs[1] - x) < 1e-9, "y = \(y): \(xs)")
            for m in found {
                #expect(abs(m.point.y - y) < 1e-9)
                #expect(
                    line.point(at: m.t).distance(to: m.point) < 1e-9 && circle.point(at: m.u).distance(to: m.point) < 1e-9,
                    "\(m) \(circle.point(at: m.u))")
            }
        }
    }

    @Test func aTangentLineTouchesOnce() {
        let line = Segment.line(LineSegment(Point(-20, 10), Point(20, 10)))
        let found = meetings(line, circle)
        #expect(found.count == 1, "\(found.map { ($0.point, $0.t, $0.u) })")
        #expect(found.first.map { $0.point.distance(to: Point(0, 10)) < 1e-6 } == true, "\(found)")
    }

    @Test func twoCirclesMeetWhereTheClosedFormSays() {
        // Centres d apart, radii 10 and r: x = (d² + 10² − r²) / 2d, y = ±√(10² − x²).
        for (d, r) in [(12.0, 5.0), (3.0, 8.0), (15.0, 9.0), (19.999999, 10.0)] {
            let other = Segment.arc(Arc(center: Point(d, 0), radius: r, startAngle: 1, sweep: 2 * Double.pi))
            let x = (d * d + 100 - r * r) / (2 * d)
            let y = (100 - x * x).squareRoot()
            let found = meetings(circle, other)
            #expect(found.count == 2, "d \(d) r \(r): \(found.map(\.point))")
            let ys = found.map(\.point.y).sorted()
            #expect(found.allSatisfy { abs($0.point.x - x) < 1e-9 }, "d \(d) r \(r)")
            #expect(ys.count == 2 && abs(ys[0] + y) < 1e-9 && abs(ys[1] - y) < 1e-9, "d \(d) r \(r): \(ys) vs \(y)")
        }
    }

    @Test func anIdenticalCurveIsOneOverlap() {
        let c = Segment.cubic(CubicBezier(Point(0, 0), Point(10, 30), Point(40, -20), Point(50, 10)))
        let found = meetings(c, c)
        #expect(found.count == 1)
        #expect(found.first?.overlapEnd != nil)
        // A piece of it overlaps it along the piece.
        let piece = c.piece(from: 0.2, to: 0.7)
        let part = meetings(c, piece)
        #expect(part.count == 1 && part[0].overlapEnd != nil)
        #expect(abs(part[0].t - 0.2) < 1e-9 && abs(part[0].overlapEnd!.t - 0.7) < 1e-9, "\(part)")
    }

    @Test func aVerticalLineThroughAnExtremumTouchesOnce() {
        // x(t) of this cubic peaks at t = 0.5 (symmetric), at x = 0.75 · 40 = 30.
        let c = Segment.cubic(CubicBezier(Point(0, 0), Point(40, 10), Point(40, 20), Point(0, 30)))
        let line = Segment.line(LineSegment(Point(30, -5), Point(30, 40)))
        let found = meetings(c, line)
        #expect(found.count == 1, "\(found)")
        #expect(found.first.map { $0.point.distance(to: Point(30, 15)) < 1e-6 } == true)
    }

    @Test func twoCurvesCrossingNearlyTangentiallyMeetTwice() {
        // Circles of radius 10 whose centres are 2·10 − 1e-6 apart meet twice, √(1e-6 · 10) ≈ 3.2e-3
        // either side of the axis.
        let d = 20 - 1e-6
        let other = Segment.arc(Arc(center: Point(d, 0), radius: 10, startAngle: 0.5, sweep: 2 * Double.pi))
        let found = meetings(circle, other)
        let y = (100 - (d / 2) * (d / 2)).squareRoot()
        #expect(found.count == 2, "\(found.map(\.point))")
        #expect(found.allSatisfy { abs(abs($0.point.y) - y) < 1e-9 && abs($0.point.x - d / 2) < 1e-9 })
    }
}
