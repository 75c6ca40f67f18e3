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
        #expect(found.first.map { $0.point.distance(to: Point(0, 10)) < 1e-9 } == true, "\(found)")
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
        #expect(found.first.map { $0.point.distance(to: Point(30, 15)) < 1e-9 } == true, "\(found)")
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

/// Paths meeting paths and themselves.
@Suite struct PathIntersectionTests {
    @Test func aBowTieCrossesItselfOnceAndItsJointsAreNot() throws {
        var p = Path()
        try p.move(to: Point(0, 0)); try p.line(to: Point(10, 10)); try p.line(to: Point(10, 0)); try p.line(to: Point(0, 10))
        p.close()
        let found = p.selfIntersections()
        #expect(found.count == 1)
        #expect(found.first.map { $0.point.distance(to: Point(5, 5)) < 1e-12 } == true)
        // at: half the first diagonal; other: three quarters of the way round (10√2 + 10 + 5√2).
        #expect(found.first.map { abs($0.at - 5 * 2.squareRoot()) < 1e-12 && abs($0.other - (15 * 2.squareRoot() + 10)) < 1e-12 } == true)
        var square = Path()
        try square.addRect(x: 0, y: 0, width: 10, height: 10)
        #expect(square.selfIntersections().isEmpty)
        var circle = Path()
        try circle.addCircle(center: Point(0, 0), radius: 5)
        try circle.line(to: Point(30, 30))  // drawn on from where the circle closed
        #expect(circle.selfIntersections().isEmpty)
    }

    @Test func aCubicLoopCrossesWhereItsSymmetrySays() throws {
        // P0 = (−a, 0), P1 = (b, h), P2 = (−b, h), P3 = (a, 0): x is odd about t = ½, so the loop
        // closes at x = 0, where τ = t − ½ solves c₁ + c₃τ² = 0, and y = 3h t(1 − t) = 3h(¼ − τ²).
        let a = 10.0, b = 40.0, h = 30.0
        var p = Path()
        try p.move(to: Point(-a, 0))
        try p.curve(control1: Point(b, h), control2: Point(-b, h), to: Point(a, 0))
        // x(½ + τ) = c₁τ + c₃τ³, so x(1) = a = c₁/2 + c₃/8, and c₁ = x'(½) = 3[¼(P1−P0) + ½(P2−P1)
        // + ¼(P3−P2)]ₓ.
        let c1 = 3 * (0.25 * (b + a) + 0.5 * (-2 * b) + 0.25 * (a + b))
        let c3 = 8 * (a - c1 / 2)
        let tau2 = -c1 / c3
        let found = p.selfIntersections()
        #expect(found.count == 1, "\(found)")
        #expect(found.first.map { abs($0.point.x) < 1e-9 && abs($0.point.y - 3 * h * (0.25 - tau2)) < 1e-9 } == true, "\(found)")
    }

    @Test func squaresSharingAnEdgeOverlapAlongIt() throws {
        var a = Path(), b = Path()
        try a.addRect(x: 0, y: 0, width: 10, height: 10)
        try b.addRect(x: 10, y: 2, width: 5, height: 5)
        let found = a.intersections(with: b)
        // b's left edge lies on a's right edge from y = 2 to y = 7: one stretch, its two ends.
        let overlaps = found.filter { $0.overlap != nil }
        #expect(overlaps.count == 2, "\(found)")
        #expect(overlaps.allSatisfy { abs($0.overlap! - 5) < 1e-12 })
        #expect(Set(overlaps.map { $0.point.y }) == [2, 7])
    }

    @Test func aLineThroughACircleMeetsItAtArcLengthsOfTheClosedForm() throws {
        var circle = Path(), line = Path()
        try circle.addCircle(center: Point(0, 0), radius: 10)
        try line.move(to: Point(-20, 6)); try line.line(to: Point(20, 6))
        let found = line.intersections(with: circle)
        #expect(found.count == 2)
        // x = ∓8 on the line from x = −20: at 12 and 28; on the circle (clockwise on screen from
        // angle 0, y down): angles atan2(6, ±8), times the radius.
        #expect(found.map(\.at).enumerated().allSatisfy { abs($1 - [12.0, 28][$0]) < 1e-9 })
        let angles = [atan2(6.0, -8.0), atan2(6.0, 8.0)]
        #expect(found.map(\.other).enumerated().allSatisfy { abs($1 - 10 * angles[$0]) < 1e-9 }, "\(found)")
    }
}

/// Against an independent reference: random cubic pairs whose meetings were found exactly
/// (implicitisation and a degree-9 polynomial, scripts/intersection-references.py).
@Suite struct CubicIntersectionReferenceTests {
    @Test func everyMeetingIsFoundOnceAndNoOther() {
        var total = 0
        for (a, b, expected) in cubicIntersectionReferences {
            let found = Intersections.between(.cubic(a), .cubic(b), size: 100)
            total += expected.count
            #expect(found.count == expected.count, "\(a) \(b): found \(found.map(\.point)), expected \(expected)")
            for e in expected {
                // Within 1e-9 of the size (100) of the exact point.
                #expect(found.contains { $0.point.distance(to: e) <= 1e-7 }, "\(e) of \(a) \(b)")
            }
        }
        #expect(total > 40)
    }
}
