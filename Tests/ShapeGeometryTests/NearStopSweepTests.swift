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
