import Foundation
import ShapeCorpus
import Testing

@testable import ShapeGeometry

/// Strokes of Béziers that nearly stop at an end (the S1 family of docs/results.md): 240 random
/// cubics and quadratics whose control point beside an end lies 1e-7 to 3 from it (on a
/// drawing 100 across), stroked 1 to 30,000 wide, half with butt caps and miter joins and half
/// with round ones. Every stroke answered is right by the oracle (the area its normals sweep, or
/// every point within half the width, found by sampling apart from the stroke's own roots) and
/// within its tolerance, and none is refused (13 were refused as inconsistent before the
/// near-stop stretches were swept as a line and its turns, `Pen.hooks`, 5 before the kept edges
/// were balanced along pieces, `BooleanBuilder.balanceThroughShortPieces`; any refused ones are
/// named in the test's output).
@Suite struct NearStopSweepTests {
    /// The stroke of `path` (the one drawn `segment`), round or butt: false when it is refused;
    /// otherwise expected within its tolerance (the stroke's own, from the path's size) and
    /// right by the oracle.
    static func isRight(_ path: Path, _ segment: Segment, width: Double, round: Bool, _ k: Int) -> Bool {
        let style = StrokeStyle(width: width, cap: round ? .round : .butt, join: round ? .round : .miter)
        guard let s = path.stroked(style, budget: 20_000_000) else { return false }
        let size = Swift.max(path.bounds.map { Swift.max($0.width, $0.height) } ?? 0, width / 2)
        #expect(s.error <= Swift.max(Swift.min(1e-6, 1e-7 * size), 1e-10 * size), "\(k): \(segment) \(width)")
        let problems =
            round
            ? StrokeSampling.roundStrokeProblems(path, width: width, result: s.path, samples: 400, seed: UInt64(k))
            : StrokeSampling.buttStrokeProblems(segment, width: width, result: s.path, samples: 400, seed: UInt64(k))
        #expect(problems.isEmpty, "\(k): \(segment) \(width) \(round ? "round" : "butt"): \(problems.prefix(2))")
        return true
    }

    @Test func strokesOfCurvesThatNearlyStopAreRight() throws {
        var rng = SeededRandom(seed: 41)
        var refused: [Int] = []
        for k in 0..<240 {
            func point() -> Point { Point(rng.uniform(0, 100), rng.uniform(0, 100)) }
            let p0 = point(), p3 = point()
            var c = CubicBezier(p0, point(), point(), p3)
            let distance = 100 * pow(10, rng.uniform(-9, -1.5)), angle = rng.uniform(0, 2 * Double.pi)
            let beside = Vector(cos(angle), sin(angle)) * distance
            if rng.uniform(0, 1) < 0.5 { c.p2 = p3 + beside } else { c.p1 = p0 + beside }
            let quadratic = rng.uniform(0, 1) < 0.3
            let segment: Segment = quadratic ? .quadratic(QuadraticBezier(c.p0, rng.uniform(0, 1) < 0.5 ? c.p1 : c.p2, c.p3)) : .cubic(c)
            let path = StrokeSampling.path(segment)
            let width = 100 * pow(10, rng.uniform(-2, 2.5))
            if !NearStopSweepTests.isRight(path, segment, width: width, round: k % 2 == 0, k) { refused.append(k) }
        }
        print("near-stop strokes refused: \(refused)")
        #expect(refused.isEmpty, "\(refused)")
    }

    /// 120 cubics with a near cusp inside: the cusp (0, 0) (1, 1) (0, 1) (1, 0) (at t = ½) under a
    /// random affine map 10 to 100 across, its second control point moved by 1e-9 to 1e-3 of
    /// that, stroked 0.1 to 3,000 times as wide with butt or round caps and joins: every stroke
    /// answered is right by the oracle and within its tolerance, and none is refused. (Before
    /// `Pen.hooks` took such turns as lines and fans, 28 were refused, every one with butt caps,
    /// as a butt stroke of `curve 100.000001 100 0 100 100 0` was at every width; 2 before the
    /// kept edges were balanced along pieces.)
    @Test func strokesOfCurvesWithANearCuspAreRight() throws {
        var rng = SeededRandom(seed: 42)
        var refused: [Int] = []
        for k in 0..<120 {
            let scale = rng.uniform(10, 100), angle = rng.uniform(0, 2 * Double.pi), shear = rng.uniform(-0.5, 0.5)
            let origin = Point(rng.uniform(0, 100), rng.uniform(0, 100))
            func map(_ x: Double, _ y: Double) -> Point {
                let u = x + shear * y
                return origin + Vector(cos(angle) * u - sin(angle) * y, sin(angle) * u + cos(angle) * y) * scale
            }
            let nudge = scale * pow(10, rng.uniform(-9, -3)), turn = rng.uniform(0, 2 * Double.pi)
            let c = CubicBezier(map(0, 0), map(1, 1) + Vector(cos(turn), sin(turn)) * nudge, map(0, 1), map(1, 0))
            let path = StrokeSampling.path(.cubic(c))
            let width = scale * pow(10, rng.uniform(-1, 3.5))
            if !NearStopSweepTests.isRight(path, .cubic(c), width: width, round: k % 2 == 0, k) { refused.append(k) }
        }
        print("near-cusp strokes refused: \(refused)")
        #expect(refused.isEmpty, "\(refused)")
    }
}

/// A stroke whose offset runs along its join's circle (seed 7's stroke 244 of the near-stop
/// sweep in docs/results.md): the cubic leaves the end of the quadratic before it towards a
/// control point 0.085 away (on a drawing 50,000 across) and then turns, so that, 33,066 wide,
/// the offset of its turn is fitted by cubics that lie within 1e-5 of the round join's circle
/// for 1,200 units. The closed form of a cubic and a circle found noise there (a few crossings
/// of f = |B − c|²/r² − 1 ≈ 1e-9), and the pieces between them, thinner than the tolerance,
/// could not be classified: the stroke was refused. Now such a stretch is an overlap
/// (`Intersections.circleCurve`), and the stroke is right by the oracle: every point within
/// half the width of the path, or in the square beyond an end (round joins, square caps).
@Suite struct OffsetAlongAJoinTests {
    static func path() throws -> Path {
        var p = Path()
        try p.move(to: Point(17545.46341327019, 25911.304868643783))
        try p.quad(control: Point(65066.58874152524, 30035.961911574836), to: Point(39920.29090415961, 17399.608130442553))
        try p.quad(control: Point(46332.89297833502, 65950.36854717566), to: Point(47564.02719170363, 64945.330864699004))
        try p.curve(
            control1: Point(47564.08095384065, 64945.39657704388), control2: Point(65839.619613837, 39982.042845646036),
            to: Point(66656.34564771055, 56176.06918546086))
        return p
    }

    @Test(arguments: [LineCap.square, .butt]) func theStrokeIsMadeAndRight(cap: LineCap) throws {
        let path = try OffsetAlongAJoinTests.path()
        let w = 33065.608819200526, h = w / 2
        let result = path.strokedResult(StrokeStyle(width: w, cap: cap, join: .round))
        guard case .success(let s) = result else {
            Issue.record("refused: \(result)")
            return
        }
        guard cap == .square else { return }  // (the oracle below is the square caps')
        let segments = StrokeSampling.drawn(path)
        // Each end's outward direction: towards it from its nearest distinct control point.
        let first = segments.first!, last = segments.last!
        let ends = [
            (first.start, first.start - Point(65066.58874152524, 30035.961911574836)),
            (last.end, last.end - Point(65839.619613837, 39982.042845646036)),
        ]
        let size = Swift.max(path.bounds.map { Swift.max($0.width, $0.height) } ?? 0, w)
        let clearance = 1e-5 * size
        let problems = StrokeSampling.problems(
            result: s.path, around: path, margin: 1.5 * h, samples: 600, seed: 244, clearance: clearance, minimumTested: 400
        ) { x in
            let d = StrokeSampling.distance(x, to: segments)
            if d <= h - clearance { return true }
            for (e, direction) in ends {
                let u = direction * (1 / direction.length)
                let along = (x - e).dot(u), across = abs((x - e).cross(u))
                if along > -clearance, along < h + clearance, across < h + clearance {
                    // In the square, or too near its sides to tell.
                    return along > clearance && along < h - clearance && across < h - clearance ? true : nil
                }
            }
            return d >= h + clearance ? false : nil
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }
}

/// A cubic that nearly rests at its end (its last control point 7e-10 from it, on a curve 0.09
/// across: seed 8's stroke 577 of the near-stop sweep), stroked with butt caps at 0.5 to 10
/// wide: every width was refused. Its turn just before the end happens within 1e-8 of t = 1,
/// where t's rounding is a large part of 1 − t, so the stroke's point test could not see a foot
/// there as perpendicular, and points inside the turn were out of the stroke. Feet near the end
/// are now asked of the curve run backwards (`Pen.hasFootNearEnd`); every width is made and
/// right by the one-segment oracle.
@Suite struct NearRestAtAnEndTests {
    @Test(arguments: [0.5, 1.63836772215958, 3, 10]) func theButtStrokeIsMadeAndRight(width: Double) throws {
        let c = CubicBezier(
            Point(0.07354083484512795, 0.0198548800605031), Point(0.06309068190614625, 0.07094207761054631),
            Point(0.022650121811361768, 0.08478428665064193), Point(0.02265012243183501, 0.08478428626427006))
        NearRestAtAnEndTests.expectButtStrokeRight(c, width: width, seed: 577)
    }

    /// The butt stroke of `c` alone is made, and right by the one-segment oracle at 600 points.
    static func expectButtStrokeRight(_ c: CubicBezier, width: Double, seed: UInt64) {
        let result = StrokeSampling.path(.cubic(c)).strokedResult(StrokeStyle(width: width, cap: .butt))
        guard case .success(let s) = result else {
            Issue.record("refused: \(result)")
            return
        }
        let problems = StrokeSampling.buttStrokeProblems(.cubic(c), width: width, result: s.path, samples: 600, seed: seed)
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }
}

/// A cubic that nearly stops just after its start (its first control point 3e-3 from it, on a
/// curve 100 across: the second curve of seed 7's stroke 455 of the near-stop sweep), stroked
/// with butt caps 100 to 15,257 wide: every width was refused. Between its start and the
/// stretch swept as a turn (`Pen.hooks`) lies a piece 1.6e-9 long whose direction still turns by
/// 4e-4 rad; within the rounding of a line, it was offset as one, and the 2.9 units its normals
/// sweep at 7,628 from it were left out. Such a piece is offset as a line only when h times its
/// turn is within the tolerance; every width is made and right by the one-segment oracle.
@Suite struct TinyTurningPieceTests {
    @Test(arguments: [100.0, 1000, 15257.357034053868]) func theButtStrokeIsMadeAndRight(width: Double) throws {
        let c = CubicBezier(
            Point(0.5154663805048365, 92.27159592580713), Point(0.515170029243849, 92.27461871347633),
            Point(5.564556655600872, 74.73456888444254), Point(35.14177166860365, 28.81915635159641))
        NearRestAtAnEndTests.expectButtStrokeRight(c, width: width, seed: 455)
    }
}
