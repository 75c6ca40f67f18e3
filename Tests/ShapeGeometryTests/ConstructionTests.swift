import Testing
@testable import ShapeGeometry
#if canImport(Glibc)
import Glibc
#endif

@Suite struct StickyBadgeTests {
    /// The six key points, written out again from the seed's Objective-C (caculPoint).
    @Test func keyPointsFollowTheSeedsFormulas() throws {
        let c1 = Point(187.5, 74), c2 = Point(217.5, 254)
        let badge = StickyBadge(fixedCenter: c1, restRadius: 20, draggedCenter: c2, draggedRadius: 20, breakRadius: 9)
        let dis = ((c1.x - c2.x) * (c1.x - c2.x) + (c1.y - c2.y) * (c1.y - c2.y)).squareRoot()
        let sn = (c2.x - c1.x) / dis, cs = (c1.y - c2.y) / dis
        let r1 = 20 - dis / 20, r2 = 20.0
        let k = try #require(badge.keyPoints)
        #expect(badge.fixedRadius == r1)
        expectClose(k.a, Point(c1.x - cs * r1, c1.y - sn * r1), tolerance: 1e-12)
        expectClose(k.b, Point(c1.x + cs * r1, c1.y + sn * r1), tolerance: 1e-12)
        expectClose(k.d, Point(c2.x - cs * r2, c2.y - sn * r2), tolerance: 1e-12)
        expectClose(k.c, Point(c2.x + cs * r2, c2.y + sn * r2), tolerance: 1e-12)
        expectClose(k.p, Point(k.b.x + dis / 2 * sn, k.b.y - dis / 2 * cs), tolerance: 1e-12)
        expectClose(k.o, Point(k.a.x + dis / 2 * sn, k.a.y - dis / 2 * cs), tolerance: 1e-12)
        // A and B lie on the shrunken fixed circle, C and D on the dragged one.
        expectClose(k.a.distance(to: c1), r1, tolerance: 1e-12)
        expectClose(k.c.distance(to: c2), r2, tolerance: 1e-12)
        // The bridge: move A, quad (O) D, line C, quad (P) B, close.
        let path = try badge.path()
        #expect(path.subpathStarts.count == 3)
        let bridge = Array(path.elements[3...7])
        #expect(bridge[0] == .move(k.a))
        #expect(bridge[1] == .segment(.quadratic(QuadraticBezier(k.a, k.o, k.d))))
        #expect(bridge[2] == .segment(.line(LineSegment(k.d, k.c))))
        #expect(bridge[3] == .segment(.quadratic(QuadraticBezier(k.c, k.p, k.b))))
    }

    @Test func theBridgeBreaksBelowTheBreakRadiusAndReleaseSpringsBack() throws {
        var badge = StickyBadge(fixedCenter: .zero, restRadius: 20, draggedCenter: Point(0, 219), draggedRadius: 20, breakRadius: 9)
        #expect(!badge.isBroken)  // 20 − 219/20 = 9.05
        badge.draggedCenter = Point(0, 221)  // 8.95
        #expect(badge.isBroken)
        #expect(try badge.path().subpathStarts.count == 1)  // only the dragged circle
        // Broken, the fixed circle is gone: its radius is 0, never r₀ − d/20 < 0 (far away,
        // 20 − 500/20 = −5).
        #expect(badge.fixedRadius == 0)
        badge.draggedCenter = Point(0, 500)
        #expect(badge.isBroken && badge.fixedRadius == 0)
        let rest = badge.released()
        #expect(rest.draggedCenter == .zero && rest.fixedRadius == 20 && !rest.isBroken)
        #expect(rest.keyPoints == nil)
        expectClose(try rest.path().length, 2 * (2 * .pi * 20), tolerance: 1e-12)
    }
}

@Suite struct WanderTests {
    /// For many seeds and durations up to an hour: the length is exactly duration × speed, every
    /// joint keeps the direction of travel (change below 1e-12 rad), directions alternate (the
    /// next circle on the far side, touching from outside) except where the seed's turn-back
    /// would run into a wall (then the same direction, on a circle touching from inside), and
    /// every arc after the first keeps its circle inside the safe area.
    @Test(arguments: [(1...200, 10...99), (1...40, 1200...1200), (1...40, 3600...3600)])
    func tangentAtEveryJointAndExactlyAsLongAsAsked(_ seeds: ClosedRange<Int>, _ durations: ClosedRange<Int>) throws {
        let area = Rect(x: 0, y: 0, width: 375, height: 667)
        for seed in seeds {
            var random = SeededRandom(seed: UInt64(seed))
            let length = 15.0 * Double(durations.lowerBound + seed % durations.count)
            let arcs = try Wander.arcs(length: length, start: Point(80, 517), area: area, random: &random)
            let total = arcs.reduce(0.0) { $0 + $1.arcLength() }
            expectClose(total, length, tolerance: 1e-9, "seed \(seed)")
            for k in 1..<arcs.count {
                let before = arcs[k - 1], after = arcs[k]
                expectClose(after.start.distance(to: before.end), 0, tolerance: 1e-9)
                let turn = abs(remainder(after.derivative(at: 0).angle - before.derivative(at: 1).angle, 2 * .pi))
                #expect(turn < 1e-12, "seed \(seed), joint \(k): turn \(turn)")
                let centres = after.center.distance(to: before.center)
                if (after.sweep > 0) != (before.sweep > 0) {
                    expectClose(centres, before.radius + after.radius, tolerance: 1e-9 * before.radius)
                } else {
                    #expect(after.radius <= before.radius)
                    expectClose(centres, before.radius - after.radius, tolerance: 1e-9 * before.radius)
                }
                let box = Rect(
                    x: after.center.x - after.radius, y: after.center.y - after.radius,
                    width: 2 * after.radius, height: 2 * after.radius)
                #expect(box.minX >= area.minX && box.maxX <= area.maxX && box.minY >= area.minY && box.maxY <= area.maxY)
            }
        }
    }

    @Test func theStartArcAndReproducibility() throws {
        var a = SeededRandom(seed: 42), b = SeededRandom(seed: 42), c = SeededRandom(seed: 43)
        let area = Rect(x: 0, y: 0, width: 375, height: 667)
        let first = try Wander.arcs(length: 900, start: Point(80, 517), area: area, random: &a)
        #expect(first == (try Wander.arcs(length: 900, start: Point(80, 517), area: area, random: &b)))
        #expect(first != (try Wander.arcs(length: 900, start: Point(80, 517), area: area, random: &c)))
        // The seed's start arc: radius 80·3/2/π, 120° clockwise from the start point: 80 long.
        expectClose(first[0].arcLength(), 80, tolerance: 1e-12)
        expectClose(first[0].start, Point(80, 517), tolerance: 1e-12)
        #expect(first[0].sweep > 0)
        // Shorter than the start arc: the start arc itself is cut.
        var d = SeededRandom(seed: 1)
        let short = try Wander.arcs(length: 30, start: Point(80, 517), area: area, random: &d)
        #expect(short.count == 1)
        expectClose(short[0].arcLength(), 30, tolerance: 1e-12)
    }

    @Test func turnsBackWhenTheSafeAreaIsTight() throws {
        // A narrow safe area forces halving: those arcs turn 330°.
        var random = SeededRandom(seed: 5)
        let arcs = try Wander.arcs(length: 3000, start: Point(80, 517), area: Rect(x: 40, y: 400, width: 160, height: 200), random: &random)
        let turn: Double = 330 * Double.pi / 180
        #expect(arcs.dropFirst().contains { abs(abs($0.sweep) - turn) < 1e-12 })
    }
}

@Suite struct TeachingGeometryTests {
    @Test func extremaAreWhereACoordinateTurns() {
        // x(t) of (0,0) (100,30) (0,60) (100,90): x'(t) = 300(2t − 1)² ≥ 0, a double root at 1/2
        // where x pauses without turning: no extremum. y is a straight ramp: none either.
        let pause = CubicBezier(Point(0, 0), Point(100, 30), Point(0, 60), Point(100, 90))
        #expect(pause.extrema(along: .x).isEmpty && pause.extrema(along: .y).isEmpty)
        // The cusp (0,0) (100,100) (0,100) (100,0): x pauses at 1/2 (x' = 300(2t − 1)²), y turns
        // there (y' = 300(1 − 2t)).
        let cusp = CubicBezier(Point(0, 0), Point(100, 100), Point(0, 100), Point(100, 0))
        #expect(cusp.extrema(along: .x).isEmpty)
        #expect(cusp.extrema(along: .y) == [0.5])
        // Two simple roots: x(t) = 3t − 9t² + 8t³ ... from controls 0, 1, −1, 2: x'(t)/3 =
        // (1)(1−t)² + 2(−2)t(1−t) + 3t² = 8t² − 6t + 1 = (2t − 1)(4t − 1): turns at 1/4 and 1/2.
        let twice = CubicBezier(Point(0, 0), Point(1, 0), Point(-1, 0), Point(2, 0))
        let turns = twice.extrema(along: .x)
        #expect(turns.count == 2)
        expectClose(turns[0], 0.25, tolerance: 1e-15)
        expectClose(turns[1], 0.5, tolerance: 1e-15)
    }

    @Test func aCuspIsWhereTheCurveStops() {
        let cusp = Segment.cubic(CubicBezier(Point(0, 0), Point(100, 100), Point(0, 100), Point(100, 0)))
        #expect(cusp.isCusp(at: 0.5))
        // 3e-8 away in t (what locating the cusp by length can miss it by) still counts; 1e-4 does not.
        #expect(cusp.isCusp(at: 0.5 + 3e-8))
        #expect(!cusp.isCusp(at: 0.5 + 1e-4))
        #expect(!Segment.cubic(CubicBezier(Point(0, 0), Point(0, 50), Point(50, 100), Point(100, 100))).isCusp(at: 0.5))
    }
    @Test func deCasteljauEndsOnTheCurve() {
        var rng = SeededRandom(seed: 71)
        for _ in 0..<50 {
            let c = CubicBezier(rng.point(0, 100), rng.point(0, 100), rng.point(0, 100), rng.point(0, 100))
            let t = rng.uniform(0, 1)
            let levels = Segment.cubic(c).casteljau(at: t)!
            #expect(levels.map(\.count) == [4, 3, 2, 1])
            expectClose(levels[3][0], c.point(at: t), tolerance: 1e-12)
            // The second-to-last level is the tangent there, scaled by 1/3 of the derivative.
            let chord = levels[2][1] - levels[2][0]
            expectClose(chord.dx * 3, c.derivative(at: t).dx, tolerance: 1e-9)
            // And the split halves are read off the construction.
            let (a, b) = c.split(at: t)
            #expect(a.p1 == levels[1][0] && a.p2 == levels[2][0] && b.p1 == levels[2][1] && b.p2 == levels[1][2])
        }
        #expect(Segment.arc(Arc(center: .zero, radius: 1, startAngle: 0, sweep: 1)).casteljau(at: 0.5) == nil)
    }

    @Test func curvatureAgainstClosedForms() {
        // A circle of radius r has curvature 1/r, positive when clockwise on screen.
        for r in [0.5, 3.0, 250.0] {
            let cw = Segment.arc(Arc(center: Point(1, 2), radius: r, startAngle: 0.3, sweep: 2))
            let ccw = Segment.arc(Arc(center: Point(1, 2), radius: r, startAngle: 0.3, sweep: -2))
            expectClose(cw.curvature(at: 0.4), 1 / r, tolerance: 1e-12 / r)
            expectClose(ccw.curvature(at: 0.4), -1 / r, tolerance: 1e-12 / r)
        }
        // The parabola y = x² (a quadratic) has curvature 2 at its vertex (turning clockwise on
        // screen: moving right, y growing, the tangent turns towards +y).
        let parabola = Segment.quadratic(QuadraticBezier(Point(-1, 1), Point(0, -1), Point(1, 1)))
        expectClose(parabola.curvature(at: 0.5), 2, tolerance: 1e-12)
        #expect(Segment.line(LineSegment(.zero, Point(3, 4))).curvature(at: 0.5) == 0)
        // An ellipse (100 by 50): 100/50² at the ends of the minor axis… and 50/100² at the major.
        let ellipse = Segment.arc(Arc(center: .zero, u: Vector(100, 0), v: Vector(0, 50), startAngle: 0, sweep: 2 * .pi))
        expectClose(ellipse.curvature(at: 0), 100 / 2500, tolerance: 1e-12)
        expectClose(ellipse.curvature(at: 0.25), 50 / 10_000, tolerance: 1e-12)
    }

    @Test func splittingAnElementKeepsTheShape() throws {
        var p = Path()
        try p.move(to: .zero)
        try p.curve(control1: Point(0, 100), control2: Point(100, 100), to: Point(100, 0))
        try p.arc(center: Point(150, 0), radius: 50, startAngle: .pi, endAngle: 0)
        p.close()
        for i in [1, 2, 3] {
            let s = try p.splitting(elementAt: i, at: 0.3)
            #expect(s.elements.count == p.elements.count + 1)
            expectClose(s.length, p.length, tolerance: 1e-12 * p.length)
            #expect(s.bounds == p.bounds || abs(s.bounds!.maxY - p.bounds!.maxY) < 1e-12)
        }
        let closing = try p.splitting(elementAt: 3, at: 0.5)
        if case .close = closing.elements.last {} else { Issue.record("the split close should still end with a close") }
    }
}
