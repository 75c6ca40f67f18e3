import ShapeCorpus
import Testing

@testable import ShapeGeometry

/// The booleans' way for contours that meet nowhere (`BooleanBuilder.makeWholePieces`): taken
/// where it should be, and giving the very outline the general steps give, which the sampling
/// oracle also checks; declined wherever contours touch or nearly do.
@Suite struct WholeContourTests {
    /// A star-shaped contour about `c`: vertices at increasing angles with radii in lo...hi, and
    /// between each two a line, a quadratic or a cubic whose control points lie in the sector
    /// between them, at radii in lo...hi (so the contour is simple, and keeps farther than
    /// 0.58·lo from c), run either way round.
    static func contour(about c: Point, radii lo: Double, _ hi: Double, curves: Bool, _ rng: inout SeededRandom) -> [Segment] {
        // Six to eleven sectors of at most 108°: a piece's hull keeps within lo·cos 54° of c.
        let n = 6 + Int(rng.next() % 6)
        let angles = (0..<n).map { k in (Double(k) + rng.uniform(0.1, 0.9)) * 2 * Double.pi / Double(n) }
        func at(_ a: Double, _ r: Double) -> Point { Point(c.x + r * cosine(a), c.y + r * sine(a)) }
        let points = angles.map { at($0, rng.uniform(lo, hi)) }
        var segments: [Segment] = []
        for k in 0..<n {
            let a0 = angles[k], a1 = k + 1 < n ? angles[k + 1] : angles[0] + 2 * Double.pi
            let p0 = points[k], p1 = points[(k + 1) % n]
            func inside() -> Point { at(rng.uniform(a0, a1), rng.uniform(lo, hi)) }
            switch curves ? rng.next() % 3 : 0 {
            case 0: segments.append(.line(LineSegment(p0, p1)))
            case 1: segments.append(.quadratic(QuadraticBezier(p0, at(0.5 * (a0 + a1), rng.uniform(lo, hi)), p1)))
            default:
                // (A cubic with a loop of its own crosses itself: a quadratic instead.)
                let c = CubicBezier(p0, inside(), inside(), p1)
                segments.append(c.selfIntersection() == nil ? .cubic(c) : .quadratic(QuadraticBezier(p0, at(0.5 * (a0 + a1), lo), p1)))
            }
        }
        return rng.next() % 2 == 0 ? segments : segments.reversed().map { $0.reversed }
    }

    /// A path of such contours in the cells of a grid, some with one or two more inside them
    /// (holes or islands, either way round).
    static func path(cells: Int, curves: Bool, _ rng: inout SeededRandom) throws -> Path {
        var p = Path()
        for cell in 0..<cells {
            let c = Point(Double(cell % 4) * 100, Double(cell / 4) * 100)
            // Rings that keep apart: 17.6 ... 45, 4.7 ... 14, and 0.9 ... 3 from the cell's centre.
            var rings = [(30.0, 45.0)]
            if rng.next() % 2 == 0 { rings.append((8, 14)) }
            if rings.count == 2, rng.next() % 2 == 0 { rings.append((1.5, 3)) }
            for (lo, hi) in rings {
                let segments = contour(about: c, radii: lo, hi, curves: curves, &rng)
                try p.move(to: segments[0].start)
                for s in segments {
                    switch s {
                    case .line(let l): try p.line(to: l.p1)
                    case .quadratic(let q): try p.quad(control: q.p1, to: q.p2)
                    case .cubic(let b): try p.curve(control1: b.p1, control2: b.p2, to: b.p3)
                    case .arc: break
                    }
                }
                p.close()
            }
        }
        return p
    }

    /// A builder for `simplify` of `p` (or `p` union `q`), its edges cut: ready for step 2.
    static func cutBuilder(_ p: Path, _ q: Path = Path(), rule: FillRule = .nonZero) -> BooleanBuilder {
        var b = BooleanBuilder(p, q, rule: rule) { $0 || $1 }
        _ = b.cut()
        return b
    }

    @Test func contoursThatMeetNowhereGiveTheGeneralOutline() throws {
        var rng = SeededRandom(seed: 7_301)
        for trial in 0..<200 {
            // At the scales 1e-3, 1 and 1e6 (the tolerance goes with the size).
            let scale = [1e-3, 1.0, 1e6][trial % 3]
            let p = try Self.path(cells: 1 + Int(rng.next() % 8), curves: trial % 4 != 0, &rng).transformed(by: .scale(scale, scale))
            let rule: FillRule = trial % 2 == 0 ? .evenOdd : .nonZero
            // The quick way is taken here.
            var probe = Self.cutBuilder(p, rule: rule)
            #expect(probe.makeWholePieces() != nil, "trial \(trial)")
            var quick = BooleanBuilder(p, Path(), rule: rule) { a, _ in a }
            var general = quick
            general.takesWholeContours = false
            guard case .success(let (a, workA)) = quick.run(budget: .max), case .success(let (b, workB)) = general.run(budget: .max) else {
                Issue.record("trial \(trial): no outline")
                continue
            }
            // The same elements, bit for bit, and the same work counted.
            #expect(a == b && workA == workB, "trial \(trial)")
            for problem in BooleanSampling.problems(p, Path(), nil, rule: rule, result: a, samples: 400, seed: UInt64(trial)) {
                Issue.record("trial \(trial) \(rule): \(problem)")
            }
        }
    }

    @Test func twoPathsThatMeetNowhere() throws {
        var rng = SeededRandom(seed: 7_302)
        for trial in 0..<40 {
            let p = try Self.path(cells: 4, curves: true, &rng)
            var q = try Self.path(cells: 4, curves: true, &rng)
            q = try q.transformed(by: .translation(0, 200))
            for op in BooleanOperation.allCases {
                var quick = BooleanBuilder(p, q, rule: .nonZero) { op.combine($0, $1) }
                var general = quick
                general.takesWholeContours = false
                guard case .success(let (a, _)) = quick.run(budget: .max), case .success(let (b, _)) = general.run(budget: .max) else {
                    Issue.record("trial \(trial) \(op): no outline")
                    continue
                }
                #expect(a == b, "trial \(trial) \(op)")
                for problem in BooleanSampling.problems(p, q, op, rule: .nonZero, result: a, samples: 300, seed: UInt64(trial)) {
                    Issue.record("trial \(trial) \(op): \(problem)")
                }
            }
        }
    }

    @Test func contoursThatTouchOrNearlyDoAreLeftToTheGeneralSteps() throws {
        func square(_ x: Double, _ y: Double, _ side: Double = 10) throws -> Path {
            try polygon([(x, y), (x + side, y), (x + side, y + side), (x, y + side)])
        }
        func declines(_ p: Path, _ label: String) {
            var b = Self.cutBuilder(p)
            #expect(b.makeWholePieces() == nil, "\(label)")
        }
        // Apart: taken (the control case).
        var apart = try square(0, 0)
        try apart.append(contentsOf: square(20, 0))
        var b = Self.cutBuilder(apart)
        #expect(b.makeWholePieces() != nil)
        // Sharing a corner exactly; a corner within the tolerance of another's; crossing.
        var corner = try square(0, 0)
        try corner.append(contentsOf: square(10, 10))
        declines(corner, "a shared corner")
        var near = try square(0, 0)
        try near.append(contentsOf: square(10 + 1e-9, 10))
        declines(near, "a corner 1e-9 from another")
        var crossing = try square(0, 0)
        try crossing.append(contentsOf: square(5, 5))
        declines(crossing, "crossing squares")
        // A contour drawn twice, and drawn again the other way round.
        var twice = try square(0, 0)
        try twice.append(contentsOf: square(0, 0))
        declines(twice, "a contour drawn twice")
        var back = try square(0, 0)
        try back.append(contentsOf: polygon([(0, 0), (0, 10), (10, 10), (10, 0)]))
        declines(back, "a contour and the same the other way round")
        // A contour through one of its own vertices (a bow tie of two triangles at one point).
        declines(try polygon([(0, 0), (10, 0), (5, 5), (10, 10), (0, 10), (5, 5)]), "a contour through its own vertex")
        // A contour of two pieces (a lens), a circle's arc, a cubic's own loop.
        var lens = Path()
        try lens.move(to: Point(0, 0))
        try lens.quad(control: Point(5, 5), to: Point(10, 0))
        try lens.quad(control: Point(5, -5), to: Point(0, 0))
        lens.close()
        declines(lens, "a lens")
        var circle = Path()
        try circle.addCircle(center: Point(0, 0), radius: 5)
        declines(circle, "a circle")
        var loop = Path()
        try loop.move(to: Point(0, 0))
        try loop.curve(control1: Point(20, 10), control2: Point(-10, 10), to: Point(10, 0))
        loop.close()
        declines(loop, "a cubic with a loop")
    }
}
