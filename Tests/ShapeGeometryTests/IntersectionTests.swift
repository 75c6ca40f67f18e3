import ShapeTestSupport
import Testing

@testable import ShapeGeometry
import ShapeCorpus

#if canImport(Glibc)
import Glibc
#endif

/// Segment meetings against closed forms and the peers' known failure cases.
@Suite struct IntersectionTests {
    let circle = Segment.arc(Arc(center: Point(0, 0), radius: 10, startAngle: 0, sweep: 2 * Double.pi))

    func meetings(_ a: Segment, _ b: Segment) throws -> [Intersections.Meeting] { try Intersections.between(a, b, size: 100) }

    @Test func aLineThroughACircleMeetsItTwice() throws {
        for y in [0.0, 3, -7.5, 9.99] {
            let line = Segment.line(LineSegment(Point(-20, y), Point(20, y)))
            let found = try meetings(line, circle)
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

    @Test func nearlyIdenticalCirclesCrossTwiceWhereTheClosedFormSays() throws {
        // Radius 10, centres 1e-6 apart along angle φ: they cross where the perpendicular bisector
        // meets them, at φ ± 90° from the midpoint of the centres. (Subdivision alone would
        // have to split the whole circle into pieces of 1e-6.)
        let phi = 0.3
        let other = Segment.arc(Arc(center: Point(1e-6 * cos(phi), 1e-6 * sin(phi)), radius: 10, startAngle: 0, sweep: 2 * Double.pi))
        let found = try meetings(circle, other).map(\.point)
        #expect(found.count == 2, "\(found)")
        let h = (100 - 0.25e-12).squareRoot(), mid = Point(0.5e-6 * cos(phi), 0.5e-6 * sin(phi))
        for sign in [1.0, -1] {
            let p = Point(mid.x - sign * h * sin(phi), mid.y + sign * h * cos(phi))
            #expect(found.contains { $0.distance(to: p) < 1e-9 * 100 }, "\(p) in \(found)")
        }
    }

    /// The quick refusal before the search for a straight piece's line never refuses points
    /// that do lie within the tolerance of one line (in any order, at scales from 1e-3 to 1e6,
    /// with the line's tolerance used to the full), and refuses a clearly bent quadratic.
    @Test func clearlyCurvedNeverRefusesPointsNearOneLine() {
        var rng = SeededRandom(seed: 4_903)
        var refused = 0
        for trial in 0..<20_000 {
            let scale = [1e-3, 1, 1e3, 1e6][trial % 4]
            let t = 1e-9 * scale
            let angle = Double.random(in: 0..<(2 * Double.pi), using: &rng)
            let u = Vector(cos(angle), sin(angle)), n = Vector(-u.dy, u.dx)
            let base = Point(x: Double.random(in: -1...1, using: &rng) * scale, y: Double.random(in: -1...1, using: &rng) * scale)
            // Points along the line, each off it by up to the tolerance (often the whole of it),
            // some close together (a short chord turns the most).
            func point() -> Point {
                let along = Double.random(in: -1...1, using: &rng) * scale * (trial % 3 == 0 ? 1e-6 : 1)
                let off = (Bool.random(using: &rng) ? 1 : Double.random(in: -1...1, using: &rng)) * t * (Bool.random(using: &rng) ? 1 : -1)
                return base + u * along + n * off
            }
            let points = FourPoints(point(), point(), point(), point())
            if points.clearlyCurved(tolerance: t) { refused += 1 }
        }
        #expect(refused == 0)
        let bent = FourPoints(Point(x: 0, y: 0), Point(x: 50, y: 100), Point(x: 100, y: 0))
        #expect(bent.clearlyCurved(tolerance: 1e-7))
        // A closed one (first and last alike) has no chord: left to the search.
        #expect(!FourPoints(Point(x: 0, y: 0), Point(x: 50, y: 100), Point(x: 0, y: 0)).clearlyCurved(tolerance: 1e-7))
    }

    /// `between` answers without its closed forms and search where the hulls lie more than twice
    /// the tolerance apart across either one's fat line: there the curves, sampled, are farther
    /// than that apart everywhere, and a closed form, where one applies, finds nothing (on 2,000
    /// random pairs of lines and Béziers at four scales, many of them apart so).
    @Test func hullsApartAcrossAFatLineDoNotMeet() throws {
        var rng = SeededRandom(seed: 9_031)
        var apart = 0
        for _ in 0..<2_000 {
            let size = [1e-3, 1.0, 2_816.0, 1e6][Int(rng.next() % 4)]
            let tolerance = Tolerance.meetingDistance(size)
            func segment() -> Segment {
                let c = rng.point(0, size), r = size * rng.uniform(0.02, 0.3)
                func near() -> Point { Point(c.x + rng.uniform(-r, r), c.y + rng.uniform(-r, r)) }
                switch rng.next() % 3 {
                case 0: return .line(LineSegment(near(), near()))
                case 1: return .quadratic(QuadraticBezier(near(), near(), near()))
                default: return .cubic(CubicBezier(near(), near(), near(), near()))
                }
            }
            let a = segment(), b = segment()
            guard Intersections.controlsApart(a, b, margin: 2 * tolerance) else { continue }
            apart += 1
            var nearest = Double.infinity
            for i in 0...100 {
                let x = a.point(at: Double(i) / 100)
                for k in 0...100 { nearest = Swift.min(nearest, x.distance(to: b.point(at: Double(k) / 100))) }
            }
            #expect(nearest > 2 * tolerance, "\(a) \(b): \(nearest)")
            // Where a closed form answers (a line with anything), it finds no meeting either.
            if let exact = Intersections.closedForm(a, b, tolerance: tolerance) { #expect(exact.isEmpty, "\(a) \(b): \(exact)") }
        }
        #expect(apart > 200, "\(apart) of 2,000 apart")
    }

    @Test func curvesSharingAnEndMeetOnlyThere() throws {
        // Two cubics leaving (0, 0) apart (their hulls' wedges from it have no direction in
        // common), then leaving it along one tangent (the x axis, one bending up and one down):
        // each time the shared end is their one meeting, at t = 0 and u = 0 exactly.
        let a = Segment.cubic(CubicBezier(Point(0, 0), Point(10, 2), Point(20, 8), Point(30, 20)))
        let apart = Segment.cubic(CubicBezier(Point(0, 0), Point(-5, 10), Point(-10, 25), Point(0, 30)))
        let tangent = Segment.cubic(CubicBezier(Point(0, 0), Point(10, 0), Point(20, -8), Point(30, -20)))
        for b in [apart, tangent] {
            let found = try meetings(a, b)
            #expect(found.count == 1 && found[0].t == 0 && found[0].u == 0 && found[0].point == Point(0, 0), "\(found)")
        }
        // And one that comes back to cross the first: the shared end and the crossing, which lies
        // where y = x·2/3 meets a's curve (checked on both).
        let back = Segment.cubic(CubicBezier(Point(0, 0), Point(-10, 10), Point(40, 20), Point(40, 5)))
        let found = try meetings(a, back)
        #expect(found.count == 2 && found[0].t == 0 && found[0].u == 0, "\(found)")
        if found.count == 2 {
            #expect(a.point(at: found[1].t).distance(to: back.point(at: found[1].u)) < 1e-9)
        }
    }

    @Test func aCurveEndingInsideAnotherMeetsItAtItsEnd() throws {
        // A cubic ends on the quadratic (0, 0) (50, 100) (100, 0) at its top, (50, 50): not at
        // either end of the quadratic, and on the edge of every box of the search that holds it.
        let q = Segment.quadratic(QuadraticBezier(Point(0, 0), Point(50, 100), Point(100, 0)))
        let c = Segment.cubic(CubicBezier(Point(80, 90), Point(70, 80), Point(60, 60), Point(50, 50)))
        let found = try meetings(c, q)
        #expect(found.count == 1, "\(found)")
        #expect(found.first.map { abs($0.t - 1) < 1e-12 && abs($0.u - 0.5) < 1e-12 && $0.point.distance(to: Point(50, 50)) < 1e-9 } == true)
    }

    @Test func aLineEndingOnACurveMeetsItThere() throws {
        // The quadratic runs along y = x (its control point at its end); the line ends on it at
        // (50, 50), where B(t) = (2t − t²)·(155.55, 155.55): t = 1 − √(1 − 50/155.55). The Krawczyk
        // test once proved this meeting absent: the rounding of F in pieces 1e-8 long far from
        // the origin moved its Newton step past the box.
        let side = 155.54999999999998
        let q = Segment.quadratic(QuadraticBezier(Point(0, 0), Point(side, side), Point(side, side)))
        let l = Segment.line(LineSegment(Point(side, 120), Point(50, 50)))
        let found = try Intersections.between(q, l, size: side)
        #expect(found.count == 1, "\(found)")
        #expect(found.first.map { abs($0.t - (1 - (1 - 50 / side).squareRoot())) < 1e-12 && $0.point.distance(to: Point(50, 50)) < 1e-9 } == true)
    }

    @Test func aTangentLineTouchesOnce() throws {
        let line = Segment.line(LineSegment(Point(-20, 10), Point(20, 10)))
        let found = try meetings(line, circle)
        #expect(found.count == 1, "\(found.map { ($0.point, $0.t, $0.u) })")
        #expect(found.first.map { $0.point.distance(to: Point(0, 10)) < 1e-9 } == true, "\(found)")
    }

    @Test func twoCirclesMeetWhereTheClosedFormSays() throws {
        // Centres d apart, radii 10 and r: x = (d² + 10² − r²) / 2d, y = ±√(10² − x²).
        for (d, r) in [(12.0, 5.0), (3.0, 8.0), (15.0, 9.0), (19.999999, 10.0)] {
            let other = Segment.arc(Arc(center: Point(d, 0), radius: r, startAngle: 1, sweep: 2 * Double.pi))
            let x = (d * d + 100 - r * r) / (2 * d)
            let y = (100 - x * x).squareRoot()
            let found = try meetings(circle, other)
            #expect(found.count == 2, "d \(d) r \(r): \(found.map(\.point))")
            let ys = found.map(\.point.y).sorted()
            #expect(found.allSatisfy { abs($0.point.x - x) < 1e-9 }, "d \(d) r \(r)")
            #expect(ys.count == 2 && abs(ys[0] + y) < 1e-9 && abs(ys[1] - y) < 1e-9, "d \(d) r \(r): \(ys) vs \(y)")
        }
    }

    @Test func theFarthestPointIsFoundAtEveryScale() {
        // The first of equals, and the farthest where the squares of the distances underflow
        // (1e-300 apart: the squares are 0) or overflow (1e200 apart): hypot's answer.
        for scale in [1.0, 1e-300, 1e-170, 1e200, 1e150] {
            let points = [Point(0, 0), Point(3, 0), Point(0, 5), Point(-4, 3), Point(1, 1)].map { Point($0.x * scale, $0.y * scale) }
            let (far, distance) = farthestPoint(from: points[0], count: points.count) { points[$0] }
            #expect(far == points[2], "scale \(scale): \(far)")
            #expect(abs(distance - 5 * scale) <= 1e-15 * 5 * scale, "scale \(scale): \(distance)")
        }
        let none = farthestPoint(from: Point(1, 1), count: 2) { _ in Point(1, 1) }
        #expect(none.point == Point(1, 1) && none.distance == 0)
    }

    @Test func straightPiecesOverlapAtTinyAndHugeScales() throws {
        // Two collinear lines written as cubics (control points on the line), overlapping on
        // [1, 2] of [0, 2] and [1, 3]: the overlap runs from x = 1 to 2 at any scale whose
        // squares would underflow or overflow.
        for scale in [1e-300, 1e150] {
            func p(_ x: Double) -> Point { Point(x * scale, 2 * x * scale) }
            let a = Segment.cubic(CubicBezier(p(0), p(0.5), p(1.5), p(2)))
            let b = Segment.cubic(CubicBezier(p(1), p(1.5), p(2.5), p(3)))
            let found = try Intersections.between(a, b, size: 3 * scale)
            #expect(found.count == 1, "scale \(scale): \(found)")
            guard let m = found.first, let end = m.overlapEnd else { continue }
            #expect(abs(m.point.x - scale) <= 1e-9 * scale && abs(end.point.x - 2 * scale) <= 1e-9 * scale, "scale \(scale): \(m)")
        }
    }

    @Test func anIdenticalCurveIsOneOverlap() throws {
        let c = Segment.cubic(CubicBezier(Point(0, 0), Point(10, 30), Point(40, -20), Point(50, 10)))
        let found = try meetings(c, c)
        #expect(found.count == 1)
        #expect(found.first?.overlapEnd != nil)
        // A piece of it overlaps it along the piece.
        let piece = c.piece(from: 0.2, to: 0.7)
        let part = try meetings(c, piece)
        #expect(part.count == 1 && part[0].overlapEnd != nil)
        #expect(abs(part[0].t - 0.2) < 1e-9 && abs(part[0].overlapEnd!.t - 0.7) < 1e-9, "\(part)")
    }

    @Test func aVerticalLineThroughAnExtremumTouchesOnce() throws {
        // x(t) of this cubic peaks at t = 0.5 (symmetric), at x = 0.75 · 40 = 30.
        let c = Segment.cubic(CubicBezier(Point(0, 0), Point(40, 10), Point(40, 20), Point(0, 30)))
        let line = Segment.line(LineSegment(Point(30, -5), Point(30, 40)))
        let found = try meetings(c, line)
        #expect(found.count == 1, "\(found)")
        #expect(found.first.map { $0.point.distance(to: Point(30, 15)) < 1e-9 } == true, "\(found)")
    }

    @Test func twoCurvesCrossingNearlyTangentiallyMeetTwice() throws {
        // Circles of radius 10 whose centres are 2·10 − 1e-6 apart meet twice, √(1e-6 · 10) ≈ 3.2e-3
        // either side of the axis.
        let d = 20 - 1e-6
        let other = Segment.arc(Arc(center: Point(d, 0), radius: 10, startAngle: 0.5, sweep: 2 * Double.pi))
        let found = try meetings(circle, other)
        let y = (100 - (d / 2) * (d / 2)).squareRoot()
        #expect(found.count == 2, "\(found.map(\.point))")
        #expect(found.allSatisfy { abs(abs($0.point.y) - y) < 1e-9 && abs($0.point.x - d / 2) < 1e-9 })
    }
}

/// Paths meeting paths and themselves.
@Suite struct PathIntersectionTests {
    @Test func stretchesThatContinueOneAnotherAreOne() throws {
        // The quarter disc left of a square's corner by `intersect` runs along two of the
        // square's edges, 50 each, from (100, 50) round the corner (100, 100) to (50, 100): one
        // stretch of 100, given by its outer ends, and no point at the corner.
        var square = Path()
        try square.addRect(x: 0, y: 0, width: 100, height: 100)
        var circle = Path()
        try circle.addCircle(center: Point(100, 100), radius: 50)
        let quarter = try #require(circle.combined(with: square, .intersect)?.path)
        let found = try quarter.intersections(with: square)
        #expect(found.count == 2 && found.allSatisfy { $0.overlap.map { abs($0 - 100) < 1e-9 } == true }, "\(found)")
        let ends = [Point(100, 50), Point(50, 100)]
        #expect(ends.allSatisfy { e in found.contains { $0.point.distance(to: e) < 1e-9 } }, "\(found.map(\.point))")
    }

    @Test func stretchesThatMeetAtAPointAreEachGivenByTheirEnds() throws {
        // The xor of a curved cap and a circle it crosses has the whole circle on its outline, in
        // two arcs (one across the circle's seam at angle 0): with the circle, three stretches,
        // 2π·40 long together; each is given by its two ends, though they share end points.
        var circle = Path()
        try circle.addCircle(center: Point(100, 60), radius: 40)
        var cap = Path()
        try cap.move(to: Point(0, 0)); try cap.curve(control1: Point(30, 120), control2: Point(170, 120), to: Point(200, 0))
        cap.close()
        let xor = try #require(cap.combined(with: circle, .xor)?.path)
        let found = try xor.intersections(with: circle)
        #expect(found.allSatisfy { $0.overlap != nil } && found.count == 6, "\(found)")
        let total = found.compactMap(\.overlap).reduce(0, +) / 2
        #expect(abs(total - 80 * Double.pi) < 1e-9, "\(total)")
    }

    @Test func aBowTieCrossesItselfOnceAndItsJointsAreNot() throws {
        var p = Path()
        try p.move(to: Point(0, 0)); try p.line(to: Point(10, 10)); try p.line(to: Point(10, 0)); try p.line(to: Point(0, 10))
        p.close()
        let found = try p.selfIntersections()
        #expect(found.count == 1)
        #expect(found.first.map { $0.point.distance(to: Point(5, 5)) < 1e-12 } == true)
        // at: half the first diagonal; other: three quarters of the way round (10√2 + 10 + 5√2).
        #expect(found.first.map { abs($0.at - 5 * 2.squareRoot()) < 1e-12 && abs($0.other - (15 * 2.squareRoot() + 10)) < 1e-12 } == true)
        var square = Path()
        try square.addRect(x: 0, y: 0, width: 10, height: 10)
        #expect(try square.selfIntersections().isEmpty)
        var circle = Path()
        try circle.addCircle(center: Point(0, 0), radius: 5)
        try circle.line(to: Point(30, 30))  // drawn on from where the circle closed
        #expect(try circle.selfIntersections().isEmpty)
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
        let found = try p.selfIntersections()
        #expect(found.count == 1, "\(found)")
        #expect(found.first.map { abs($0.point.x) < 1e-9 && abs($0.point.y - 3 * h * (0.25 - tau2)) < 1e-9 } == true, "\(found)")
    }

    @Test func squaresSharingAnEdgeOverlapAlongIt() throws {
        var a = Path(), b = Path()
        try a.addRect(x: 0, y: 0, width: 10, height: 10)
        try b.addRect(x: 10, y: 2, width: 5, height: 5)
        let found = try a.intersections(with: b)
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
        let found = try line.intersections(with: circle)
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
    @Test func everyMeetingIsFoundOnceAndNoOther() throws {
        var total = 0
        for (a, b, expected) in cubicIntersectionReferences {
            let found = try Intersections.between(.cubic(a), .cubic(b), size: 100)
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

/// Every pair of element kinds, against closed forms.
@Suite struct MixedKindIntersectionTests {
    func meetings(_ a: Segment, _ b: Segment) throws -> [Intersections.Meeting] { try Intersections.between(a, b, size: 100) }

    @Test func aLineMeetsAnEllipseWhereItsEquationSays() throws {
        // x²/30² + y²/10² = 1 at y = 6: x = ±30·√(1 − 0.36) = ±24.
        let ellipse = Segment.arc(Arc(center: Point(0, 0), u: Vector(30, 0), v: Vector(0, 10), startAngle: 0.2, sweep: 2 * Double.pi))
        let line = Segment.line(LineSegment(Point(-40, 6), Point(40, 6)))
        let xs = try meetings(line, ellipse).map(\.point.x).sorted()
        #expect(xs.count == 2 && abs(xs[0] + 24) < 1e-9 && abs(xs[1] - 24) < 1e-9, "\(xs)")
        // Both ways round give the same points.
        #expect(try meetings(ellipse, line).map(\.point.x).sorted().enumerated().allSatisfy { abs($1 - xs[$0]) < 1e-12 })
    }

    @Test func aLineMeetsAQuadraticAtTheRootsOfItsY() throws {
        // y(t) = 2t(1 − t)·40 for the quadratic (0,0) (50,40) (100,0); at y = 15: 80t² − 80t + 15 = 0.
        let q = Segment.quadratic(QuadraticBezier(Point(0, 0), Point(50, 40), Point(100, 0)))
        let line = Segment.line(LineSegment(Point(-10, 15), Point(110, 15)))
        let roots = [(80 - (6400 - 4800.0).squareRoot()) / 160, (80 + (6400 - 4800.0).squareRoot()) / 160]
        let found = try meetings(q, line).sorted { $0.t < $1.t }
        #expect(found.count == 2)
        #expect(found.enumerated().allSatisfy { abs($1.t - roots[$0]) < 1e-12 && abs($1.point.x - 100 * roots[$0]) < 1e-9 }, "\(found)")
    }

    @Test func aQuadraticMeetsACircleAndACubicMeetsAnArc() throws {
        // The parabola y = x²/20 (a quadratic from (−20, 20) through control (0, −20) to (20, 20))
        // meets the circle x² + y² = 25 where y + 20y... : x² = 20y, so y² + 20y − 25 = 0,
        // y = −10 + √125, x = ±√(20y).
        let parabola = Segment.quadratic(QuadraticBezier(Point(-20, 20), Point(0, -20), Point(20, 20)))
        let circle = Segment.arc(Arc(center: Point(0, 0), radius: 5, startAngle: 0, sweep: 2 * Double.pi))
        let y = -10 + 125.0.squareRoot(), x = (20 * y).squareRoot()
        let found = try meetings(parabola, circle)
        #expect(found.count == 2)
        #expect(found.allSatisfy { abs($0.point.y - y) < 1e-9 && abs(abs($0.point.x) - x) < 1e-9 }, "\(found.map(\.point))")
        // A cubic that is the same parabola, raised: the same two points.
        let cubic = Segment.cubic(CubicBezier(Point(-20, 20), Point(-20.0 / 3, -20.0 / 3), Point(20.0 / 3, -20.0 / 3), Point(20, 20)))
        let again = try meetings(cubic, circle)
        #expect(again.count == 2 && again.allSatisfy { abs($0.point.y - y) < 1e-9 && abs(abs($0.point.x) - x) < 1e-9 })
        // And the quadratic and its raised cubic are one curve: an overlap.
        let same = try meetings(parabola, cubic)
        #expect(same.count == 1 && same[0].overlapEnd != nil)
    }

    @Test func circlesMeetCurvesWhereTheirEquationsSay() throws {
        // y = x³ for x in [−2, 2] as a cubic (x linear in t; y's control values are the blossom
        // of x³): on the circle x² + y² = 4, u = x² solves u³ + u − 4 = 0 (Cardano).
        let cubic = Segment.cubic(CubicBezier(Point(-2, -8), Point(-2.0 / 3, 8), Point(2.0 / 3, -8), Point(2, 8)))
        let circle = Segment.arc(Arc(center: Point(0, 0), radius: 2, startAngle: 0.4, sweep: 2 * Double.pi))
        let d = (4.0 + 1.0 / 27).squareRoot()
        let u = cbrt(2 + d) + cbrt(2 - d), x = u.squareRoot()
        let found = try meetings(cubic, circle)
        #expect(found.count == 2, "\(found.map(\.point))")
        #expect(found.allSatisfy { abs(abs($0.point.x) - x) < 1e-9 && abs($0.point.y - $0.point.x * $0.point.x * $0.point.x) < 1e-9 })
        // Both ways round, in the other's parameters.
        let back = try meetings(circle, cubic)
        #expect(back.count == 2 && back.allSatisfy { m in found.contains { abs($0.t - m.u) < 1e-12 && abs($0.u - m.t) < 1e-12 } })
        // Half of the circle (the upper half on screen, y < 0): only the point with x < 0.
        let half = Segment.arc(Arc(center: Point(0, 0), radius: 2, startAngle: Double.pi, sweep: Double.pi))
        let once = try meetings(cubic, half)
        #expect(once.count == 1 && abs(once[0].point.x + x) < 1e-9, "\(once.map(\.point))")
    }

    /// A cubic that runs along a circle (the usual fit of an arc of 0.02 rad, within 1e-13 of it,
    /// 1 unit long against a tolerance of 1e-7) lies on it there: one overlap from its start to
    /// its end, both ways round, where the closed form's f = |B − c|²/r² − 1 is rounding and its
    /// roots are noise; the same moved off the circle by a third of the tolerance too (f has no
    /// root then). The fit of a circle that crosses this one at 0.001 rad (within the tolerance
    /// for 2e-4) still crosses it at one point.
    @Test func aCubicAlongACircleLiesOnIt() throws {
        let r = 50.0, a0 = 0.3, a1 = 0.32
        let k = 4.0 / 3 * tan((a1 - a0) / 4) * r
        func arcCubic(_ radius: Double) -> Segment {
            let p0 = Point(radius * cos(a0), radius * sin(a0)), p3 = Point(radius * cos(a1), radius * sin(a1))
            let s = radius / r
            return .cubic(CubicBezier(p0, p0 + Vector(-sin(a0), cos(a0)) * (k * s), p3 - Vector(-sin(a1), cos(a1)) * (k * s), p3))
        }
        let circle = Segment.arc(Arc(center: Point(0, 0), radius: r, startAngle: 0, sweep: 2 * Double.pi))
        let tolerance = Tolerance.meetingDistance(100)
        for cubic in [arcCubic(r), arcCubic(r + tolerance / 3)] {
            let found = try meetings(cubic, circle)
            #expect(found.count == 1, "\(found.map(\.point))")
            if let m = found.first, let end = m.overlapEnd {
                #expect(m.t == 0 && end.t == 1 && abs(m.u - a0 / (2 * Double.pi)) < 1e-9 && abs(end.u - a1 / (2 * Double.pi)) < 1e-9, "\(m)")
            } else {
                Issue.record("not an overlap: \(found)")
            }
            let back = try meetings(circle, cubic)
            #expect(back.count == 1 && back[0].overlapEnd != nil, "\(back)")
        }
        // The same fit of a circle of the same radius about (0.05, 0), which crosses this one
        // at (0.025, √(r² − 0.025²)) at an angle of 0.001 rad.
        let shifted = Point(0.05, 0), b0 = Double.pi / 2 - 0.01, b1 = Double.pi / 2 + 0.01
        let kb = 4.0 / 3 * tan((b1 - b0) / 4) * r
        let q0 = shifted + Vector(cos(b0), sin(b0)) * r, q3 = shifted + Vector(cos(b1), sin(b1)) * r
        let crossing = Segment.cubic(CubicBezier(q0, q0 + Vector(-sin(b0), cos(b0)) * kb, q3 - Vector(-sin(b1), cos(b1)) * kb, q3))
        let found = try meetings(crossing, circle)
        let x = Point(0.025, (r * r - 0.025 * 0.025).squareRoot())
        #expect(found.count == 1 && found[0].overlapEnd == nil && found[0].point.distance(to: x) < 1e-9, "\(found)")
    }

    @Test func aCircleTouchingAParabolaTouchesOnceOnEachSide() throws {
        // y = x² (the quadratic (−2, 4) (0, −4) (2, 4)) and the circle of radius 1 about
        // (0, 1.25): x² + (x² − 1.25)² = 1 has the double root x² = 0.75, so they touch at
        // (±√0.75, 0.75) without crossing.
        let parabola = Segment.quadratic(QuadraticBezier(Point(-2, 4), Point(0, -4), Point(2, 4)))
        let circle = Segment.arc(Arc(center: Point(0, 1.25), radius: 1, startAngle: 0, sweep: 2 * Double.pi))
        let found = try meetings(parabola, circle)
        #expect(found.count == 2, "\(found.map(\.point))")
        // The touch is where f = |B − c|²/r² − 1 is stationary, a simple root of f′: exact.
        #expect(found.allSatisfy { abs(abs($0.point.x) - 0.75.squareRoot()) < 1e-9 && abs($0.point.y - 0.75) < 1e-9 }, "\(found.map(\.point))")
        // Moved 1e-6 away, they do not meet; moved 1e-6 closer, each touch is two crossings.
        let away = Segment.arc(Arc(center: Point(0, 1.25 + 1e-6), radius: 1, startAngle: 0, sweep: 2 * Double.pi))
        #expect(try meetings(parabola, away).isEmpty)
        let closer = Segment.arc(Arc(center: Point(0, 1.25 - 1e-6), radius: 1, startAngle: 0, sweep: 2 * Double.pi))
        #expect(try meetings(parabola, closer).count == 4)
    }

    @Test func aCurveEndingOnACircleMeetsItAtItsEnd() throws {
        // A quadratic from (3, 4), on the circle of radius 5, outwards: one meeting, at t = 0.
        let q = Segment.quadratic(QuadraticBezier(Point(3, 4), Point(9, 5), Point(12, 20)))
        let circle = Segment.arc(Arc(center: Point(0, 0), radius: 5, startAngle: 0, sweep: 2 * Double.pi))
        let found = try meetings(q, circle)
        #expect(found.count == 1 && found[0].t == 0 && found[0].point.distance(to: Point(3, 4)) < 1e-12, "\(found)")
    }

    @Test func collinearLinesOverlapAndParallelOnesDoNotMeet() throws {
        let a = Segment.line(LineSegment(Point(0, 0), Point(10, 10)))
        let b = Segment.line(LineSegment(Point(5, 5), Point(20, 20)))
        let found = try meetings(a, b)
        #expect(found.count == 1 && found[0].overlapEnd != nil)
        #expect(found.first.map { $0.point.distance(to: Point(5, 5)) < 1e-12 && $0.overlapEnd!.point.distance(to: Point(10, 10)) < 1e-12 } == true)
        #expect(try meetings(a, .line(LineSegment(Point(0, 1), Point(10, 11)))).isEmpty)
        // Touching end to end only: one point.
        #expect(try meetings(a, .line(LineSegment(Point(10, 10), Point(20, 0)))).count == 1)
    }

    @Test func arcsOfOneCircleOverlap() throws {
        let a = Segment.arc(Arc(center: Point(0, 0), radius: 10, startAngle: 0, sweep: 2))
        let b = Segment.arc(Arc(center: Point(0, 0), radius: 10, startAngle: 1, sweep: 2))
        let found = try meetings(a, b)
        #expect(found.count == 1 && found[0].overlapEnd != nil, "\(found)")
        #expect(found.first.map { abs($0.t - 0.5) < 1e-12 && abs($0.overlapEnd!.t - 1) < 1e-12 } == true)
    }

    @Test func anArcAcrossACirclesSeamOverlapsItOnBothSides() throws {
        // The quarter turn from −45° to 45° lies on the whole circle drawn from 0°: two stretches,
        // its first half on the circle's last eighth and its second half on the first eighth.
        // (The ends alone were once given, three points.)
        let circle = Segment.arc(Arc(center: Point(0, 0), radius: 10, startAngle: 0, sweep: 2 * Double.pi))
        let quarter = Segment.arc(Arc(center: Point(0, 0), radius: 10, startAngle: -Double.pi / 4, sweep: Double.pi / 2))
        let found = try meetings(quarter, circle).sorted { $0.t < $1.t }
        #expect(found.count == 2 && found.allSatisfy { $0.overlapEnd != nil }, "\(found)")
        guard found.count == 2, let e0 = found[0].overlapEnd, let e1 = found[1].overlapEnd else { return }
        #expect(abs(found[0].t) < 1e-12 && abs(e0.t - 0.5) < 1e-12 && abs(found[0].u - 7.0 / 8) < 1e-12 && abs(e0.u - 1) < 1e-12)
        #expect(abs(found[1].t - 0.5) < 1e-12 && abs(e1.t - 1) < 1e-12 && abs(found[1].u) < 1e-12 && abs(e1.u - 1.0 / 8) < 1e-12)
        // The same the other way round, and drawn backwards.
        #expect(try meetings(circle, quarter).filter { $0.overlapEnd != nil }.count == 2)
        #expect(try meetings(quarter, Segment.arc(Arc(center: Point(0, 0), radius: 10, startAngle: 0, sweep: -2 * Double.pi))).count == 2)
    }
}

/// Random pairs of every kind: each meeting lies on both, and each crossing of the two curves'
/// fine polylines (an independent, approximate look) is near a meeting found.
@Suite struct RandomIntersectionTests {
    static func randomSegment(_ rng: inout SeededRandom) -> Segment {
        func p() -> Point { Point(Double(rng.next() % 1000) / 10, Double(rng.next() % 1000) / 10) }
        switch rng.next() % 5 {
        case 0: return .line(LineSegment(p(), p()))
        case 1: return .quadratic(QuadraticBezier(p(), p(), p()))
        case 2: return .cubic(CubicBezier(p(), p(), p(), p()))
        case 3:
            return .arc(Arc(center: p(), radius: 5 + Double(rng.next() % 40), startAngle: Double(rng.next() % 7), sweep: Double(rng.next() % 9) - 4))
        default:
            return .arc(
                Arc(
                    center: p(), u: Vector(10 + Double(rng.next() % 30), Double(rng.next() % 10)),
                    v: Vector(-Double(rng.next() % 10), 5 + Double(rng.next() % 20)),
                    startAngle: 1, sweep: 5))
        }
    }

    static func polyline(_ s: Segment, _ n: Int) -> [Point] { (0...n).map { s.point(at: Double($0) / Double(n)) } }

    @Test func meetingsLieOnBothAndPolylineCrossingsAreFound() throws {
        var rng = SeededRandom(seed: 1515)
        var crossings = 0
        for _ in 0..<120 {
            let a = RandomIntersectionTests.randomSegment(&rng), b = RandomIntersectionTests.randomSegment(&rng)
            let found = try Intersections.between(a, b, size: 100)
            for m in found where m.overlapEnd == nil {
                #expect(a.point(at: m.t).distance(to: m.point) < 1e-7 && b.point(at: m.u).distance(to: m.point) < 1e-7, "\(a) \(b) \(m)")
            }
            let pa = RandomIntersectionTests.polyline(a, 400), pb = RandomIntersectionTests.polyline(b, 400)
            for i in 1..<pa.count {
                for j in 1..<pb.count {
                    guard let x = LineSegment(pa[i - 1], pa[i]).crossing(LineSegment(pb[j - 1], pb[j])) else { continue }
                    crossings += 1
                    // A chord is within its sagitta of the curve: well under 1 unit at 400 pieces.
                    #expect(found.contains { $0.point.distance(to: x) < 1 }, "missed near \(x): \(a) \(b)")
                }
            }
        }
        #expect(crossings > 40)
    }
}

extension LineSegment {
    /// Where two segments cross at a single point strictly inside both, or nil.
    func crossing(_ o: LineSegment) -> Point? {
        let d1 = p1 - p0, d2 = o.p1 - o.p0
        let den = d1.dx * d2.dy - d1.dy * d2.dx
        guard den != 0 else { return nil }
        let w = o.p0 - p0
        let s = (w.dx * d2.dy - w.dy * d2.dx) / den, t = (w.dx * d1.dy - w.dy * d1.dx) / den
        guard s > 0, s < 1, t > 0, t < 1 else { return nil }
        return p0 + d1 * s
    }
}

extension MixedKindIntersectionTests {
    @Test func aStraightCubicThatRunsBackOverlapsItsLineOnce() throws {
        // Control points on the line y = x, the curve running from 0 out past 10 and back to 8.
        let cubic = Segment.cubic(CubicBezier(Point(0, 0), Point(20, 20), Point(12, 12), Point(8, 8)))
        let line = Segment.line(LineSegment(Point(5, 5), Point(30, 30)))
        let found = try Intersections.between(cubic, line, size: 100)
        #expect(found.count == 1 && found[0].overlapEnd != nil, "\(found)")
        // x(t) = 60t − 84t² + 32t³ peaks where 60 − 168t + 96t² = 0, at t = ½: x = 13. The
        // stretch shared with the line runs from x = 5 to x = 13.
        #expect(found.first.map { abs($0.point.x - 5) < 1e-9 && abs($0.overlapEnd!.point.x - 13) < 1e-9 } == true, "\(found)")
    }
}

extension IntersectionTests {
    @Test func circlesTangentOutsideAndInsideTouchOnce() throws {
        // Radii 10 and 5: centres 15 apart touch outside at (10, 0); 5 apart, inside at (10, 0).
        for d in [15.0, 5.0] {
            let other = Segment.arc(Arc(center: Point(d, 0), radius: 5, startAngle: 2, sweep: 2 * Double.pi))
            let found = try meetings(circle, other)
            #expect(found.count == 1, "d \(d): \(found.map(\.point))")
            #expect(found.first.map { $0.point.distance(to: Point(10, 0)) < 1e-9 } == true, "d \(d): \(found.map(\.point))")
        }
    }
}

/// A line and a Bézier meet in closed form (the roots of the curve's signed distance from the
/// line), and a touch is placed by the stationary point of that distance: exact to the doubles,
/// where a double root's place is blurred over about 1e-8 of the size. Expected points from the
/// curve's polynomial at decimal parameters (exact decimals) and from mpmath at 50 digits.
@Suite struct LineCurveTests {
    static let cubic = Segment.cubic(CubicBezier(Point(0, 0), Point(20, 120), Point(90, 80), Point(100, 0)))

    /// The tangent lines at t = 0.15, 0.3 and 0.7: from B(t) − 0.3 B′(t) to B(t) + 0.2 B′(t), all
    /// decimals. As decimals each touches the curve at B(t); as the doubles hold them, the first
    /// two cross it twice, 8.6e-7 apart (more than the tolerance, 1e-7), and the third touches:
    /// the points from the exact fractions of the doubles and mpmath at 120 digits
    /// (scripts/tangent-references.py's `meetings`).
    @Test func aTangentLineAsTheDoublesHoldItTouchesOrCrossesTwice() throws {
        let cases: [(Point, Point, [Point])] = [
            (
                Point(-17.26875, -23.625), Point(31.51875, 88.425),
                [Point(12.003749828389438388, 43.60499960586290489), Point(12.003750171610564219, 43.605000394137097035)]
            ),
            (
                Point(-7.56, 36.72), Point(52.59, 88.92),
                [Point(28.52999978390677867, 68.03999981246772678), Point(28.530000216093221732, 68.040000187532270883)]
            ),
            (Point(45.28, 98.64), Point(99.43, 30.84), [Point(77.769999999999997894, 57.960000000000002637)]),
        ]
        for (a, b, expected) in cases {
            for (x, y) in [(Segment.line(LineSegment(a, b)), LineCurveTests.cubic), (LineCurveTests.cubic, .line(LineSegment(b, a)))] {
                let found = try Intersections.between(x, y, size: 100)
                #expect(found.count == expected.count, "\(expected): \(found.map(\.point))")
                // Within 1e-12 of the size (the contract asks 1e-9; a double root by Newton's
                // method was 9e-9 off).
                for e in expected {
                    #expect(found.contains { $0.point.distance(to: e) <= 1e-12 * 100 }, "\(e): \(found.map(\.point))")
                }
            }
        }
    }

    /// At the size 1e-3, a line 1.8e-17 inside the tangent at t = 0.7 crosses the curve twice,
    /// 3.2e-10 apart: far more than the tolerance (1e-12 there), so both are given, each within
    /// 1e-9 of the size of mpmath's (the 50-digit roots for the line as the doubles hold it).
    @Test func twoCrossingsCloseTogetherAreBothGiven() throws {
        let k = 1e-5
        let small = Segment.cubic(CubicBezier(Point(0, 0), Point(20 * k, 120 * k), Point(90 * k, 80 * k), Point(100 * k, 0)))
        let line = Segment.line(
            LineSegment(Point(0.00045279999999998596, 0.0009863999999999888), Point(0.000994299999999986, 0.0003083999999999888)))
        let found = try Intersections.between(line, small, size: 1e-3)
        #expect(found.count == 2, "\(found.map(\.point))")
        let expected = [
            Point(0.00077769989878908578682, 0.00057960012672388597854), Point(0.00077770010121089960029, 0.00057959987327607477719),
        ]
        for (m, e) in zip(found, expected) { #expect(m.point.distance(to: e) <= 1e-9 * 1e-3, "\(m.point) against \(e)") }
        // The same line 1.8e-17 outside the tangent misses the curve: no meeting but a touch
        // within the tolerance would be one.
        let outside = Segment.line(
            LineSegment(Point(0.00045280000000001404, 0.0009864000000000112), Point(0.0009943000000000141, 0.00030840000000001124)))
        let none = try Intersections.between(outside, small, size: 1e-3)
        #expect(none.count <= 1 && none.allSatisfy { $0.point.distance(to: Point(0.0007777, 0.0005796)) <= 1e-12 }, "\(none.map(\.point))")
    }
}

/// Curves that run within the tolerance of each other along a stretch without being one curve:
/// y = x³ and y = (1 + 1e-7)·x³ on x in [−1, 1], 100 units to one (size 200, tolerance 2e-7).
/// They cross once, at the origin, with a contact of the third order, and stay within the
/// tolerance of each other for |x| up to about 27: the pair search used to split that stretch
/// until it gave up (and `intersections` said "too much work"); it is now one overlap.
@Suite struct NearStretchTests {
    static func contact(_ c: Double) -> Segment {
        .cubic(CubicBezier(Point(-100, -100 * c), Point(-100.0 / 3, 100 * c), Point(100.0 / 3, -100 * c), Point(100, 100 * c)))
    }

    /// The distance from p to y = c·x³ (scaled), by a scan of 20,001 points and golden sections
    /// about the best: written here, apart from the geometry's nearest-point search.
    static func distance(_ p: Point, toCurve c: Double) -> Double {
        func f(_ x: Double) -> Double {
            let y = 100 * c * (x / 100) * (x / 100) * (x / 100)
            return ((p.x - x) * (p.x - x) + (p.y - y) * (p.y - y)).squareRoot()
        }
        var best = -100.0
        for i in 0...20_000 {
            let x = -100 + Double(i) / 100
            if f(x) < f(best) { best = x }
        }
        var lo = Swift.max(-100, best - 0.01), hi = Swift.min(100, best + 0.01)
        for _ in 0..<200 {
            let m1 = lo + (hi - lo) * 0.381966, m2 = hi - (hi - lo) * 0.381966
            if f(m1) < f(m2) { hi = m2 } else { lo = m1 }
        }
        return f(0.5 * (lo + hi))
    }

    @Test func aStretchWithinTheToleranceIsOneOverlap() throws {
        let a = NearStretchTests.contact(1), b = NearStretchTests.contact(1 + 1e-7)
        let tolerance = 1e-9 * 200
        let found = try Intersections.between(a, b, size: 200)
        #expect(found.count == 1, "\(found.map(\.point))")
        let m = try #require(found.first)
        let end = try #require(m.overlapEnd)
        // The stretch holds the crossing at the origin, and runs from x ≈ −27 to 27.
        #expect(m.point.x < -20 && end.point.x > 20 && abs(m.point.x + end.point.x) < 0.01, "\(m.point) \(end.point)")
        // Its ends are where the distance reaches the tolerance; inside it stays within it; a
        // little outside it does not.
        for (t, p) in [(m.t, m.point), (end.t, end.point)] {
            let d = NearStretchTests.distance(p, toCurve: 1 + 1e-7)
            #expect(abs(d - tolerance) <= 0.01 * tolerance, "at \(p): \(d)")
            let outside = a.point(at: t < 0.5 ? t - 0.01 : t + 0.01)
            #expect(NearStretchTests.distance(outside, toCurve: 1 + 1e-7) > tolerance)
        }
        for k in 1..<10 {
            let p = a.point(at: m.t + (end.t - m.t) * Double(k) / 10)
            #expect(NearStretchTests.distance(p, toCurve: 1 + 1e-7) <= tolerance)
        }
        // The parameters on b are where its points are.
        #expect(b.point(at: m.u).distance(to: m.point) <= tolerance && b.point(at: end.u).distance(to: end.point) <= tolerance)
    }

    /// The same curves in closed shapes: `intersections` gives the stretch, and the booleans'
    /// results pass the sampling check (NearDegenerateCorpus has this family at every nudge).
    @Test func pathsWithSuchAStretch() throws {
        var a = Path(), b = Path()
        for (path, c) in [(0, 1.0), (1, 1 + 1e-7)] {
            var p = Path()
            try p.move(to: Point(-100, -100 * c))
            let s = NearStretchTests.contact(c)
            let cubic = try #require(s.cubic)
            try p.curve(control1: cubic.p1, control2: cubic.p2, to: cubic.p3)
            try p.line(to: Point(100, -100))
            p.close()
            if path == 0 { a = p } else { b = p }
        }
        let meetings = try a.intersections(with: b)
        #expect(meetings.contains { $0.overlap != nil && abs($0.point.x + 27.37) < 0.1 }, "\(meetings)")
        for op in BooleanOperation.allCases {
            guard case .success(let (result, _)) = a.combinedResult(with: b, op, rule: .nonZero) else {
                Issue.record("\(op) failed")
                continue
            }
            let problems = BooleanSampling.problems(a, b, op, rule: .nonZero, result: result, samples: 300, seed: 7)
            #expect(problems.isEmpty, "\(op): \(problems.prefix(2))")
        }
    }
}

/// Against an independent reference: lines laid along a quadratic's or a cubic's tangent, their
/// ends rounded to doubles, so that they cross the curve twice a hair apart (down to 1e-10 of the
/// size) or touch it, at the scales 1e-3, 1 and 1e3 (exact fractions and mpmath,
/// scripts/tangent-references.py). Doubles alone blur such a pair over about 1e-8 of the size.
@Suite struct TangentLineReferenceTests {
    @Test func everyCrossingOfANearTangentIsFoundWithinTheTolerance() throws {
        var pairs = 0
        for (line, curve, size, expected) in tangentLineReferences {
            let tolerance = 1e-9 * size
            for (a, b) in [(line, curve), (curve, line)] {
                let found = try Intersections.between(a, b, size: size).map(\.point)
                for e in expected {
                    #expect(found.contains { $0.distance(to: e) <= tolerance }, "\(e) missed: \(a) \(b) gave \(found)")
                }
                for p in found {
                    #expect(expected.contains { $0.distance(to: p) <= tolerance }, "\(p) is none: \(a) \(b) expected \(expected)")
                }
            }
            // Two crossings further apart than the tolerance: both must be given.
            if expected.count >= 2, expected[0].distance(to: expected[1]) > tolerance { pairs += 1 }
        }
        #expect(pairs >= 20)
    }
}

/// Against an independent reference: quadratics and cubics against a copy of themselves moved by
/// 1e-7 to 1e-5 of their size, at the scales 1e-3, 1 and 1e3 (mpmath's Newton method at 60
/// digits, scripts/copy-crossing-references.py). Where the curve runs along the move the two
/// cross at an angle as small as the move, and stay within the tolerance of each other along a
/// stretch about the crossing: that stretch is the crossing, not an overlap, and nothing is
/// refused.
@Suite struct CopyCrossingReferenceTests {
    @Test func aCurveMeetsItsMovedCopyAtTheTrueCrossings() throws {
        var crossings = 0
        for (a, b, size, expected) in copyCrossingReferences {
            let tolerance = 1e-9 * size
            let found = try Intersections.between(a, b, size: size)
            #expect(found.allSatisfy { $0.overlapEnd == nil }, "an overlap: \(a) \(b) gave \(found)")
            for e in expected {
                #expect(found.contains { $0.point.distance(to: e) <= tolerance }, "\(e) missed: \(a) \(b) gave \(found.map(\.point))")
            }
            for m in found {
                #expect(expected.contains { $0.distance(to: m.point) <= tolerance }, "\(m.point) is none: \(a) \(b) expected \(expected)")
            }
            crossings += expected.count
        }
        #expect(crossings >= 20)
    }
}
