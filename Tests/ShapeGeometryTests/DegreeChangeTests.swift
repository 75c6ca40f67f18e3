import Testing

#if canImport(Glibc)
import Glibc
#endif

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

/// y for x, and the hodograph, against closed forms and the curves' own derivatives.
@Suite struct YForXAndHodographTests {
    @Test func yForXOnEveryKind() {
        // A circle of radius 10: at x = 5, y = ±√75.
        let circle = Segment.arc(Arc(center: Point(0, 0), radius: 10, startAngle: 0.3, sweep: 2 * Double.pi))
        let ys = circle.parameters(atX: 5).map { circle.point(at: $0).y }.sorted()
        #expect(ys.count == 2 && abs(ys[0] + 75.0.squareRoot()) < 1e-12 && abs(ys[1] - 75.0.squareRoot()) < 1e-12, "\(ys)")
        // A parabola y = x²/20 from (−20, 20) to (20, 20): at x = 6, y = 1.8.
        let q = Segment.quadratic(QuadraticBezier(Point(-20, 20), Point(0, -20), Point(20, 20)))
        #expect(q.parameters(atX: 6).map { q.point(at: $0).y }.map { abs($0 - 1.8) < 1e-12 } == [true])
        // Random cubics: every parameter found lies at x, and a sweep of t finds no other crossing.
        var rng = SeededRandom(seed: 44)
        for _ in 0..<40 {
            let c = Segment.cubic(CubicBezier(rng.point(0, 100), rng.point(0, 100), rng.point(0, 100), rng.point(0, 100)))
            let x = rng.uniform(0, 100)
            let found = c.parameters(atX: x)
            for t in found { #expect(abs(c.point(at: t).x - x) < 1e-9) }
            var crossings = 0
            for k in 0..<4000 where (c.point(at: Double(k) / 4000).x - x).sign != (c.point(at: Double(k + 1) / 4000).x - x).sign { crossings += 1 }
            #expect(found.count == crossings, "x \(x): \(found) vs \(crossings) sign changes")
        }
        #expect(Segment.line(LineSegment(Point(0, 0), Point(0, 10))).parameters(atX: 0).isEmpty)  // along x = 0
    }

    @Test func theHodographIsTheDerivative() {
        var rng = SeededRandom(seed: 45)
        for _ in 0..<20 {
            let c = CubicBezier(rng.point(0, 100), rng.point(0, 100), rng.point(0, 100), rng.point(0, 100))
            let h = Segment.cubic(c).hodograph!
            let derivative = QuadraticBezier(h[0], h[1], h[2])
            for k in 0...10 {
                let t = Double(k) / 10
                let d = c.derivative(at: t), p = derivative.point(at: t)
                #expect(abs(d.dx - p.x) < 1e-9 && abs(d.dy - p.y) < 1e-9)
            }
        }
        #expect(Segment.arc(Arc(center: Point(0, 0), radius: 1, startAngle: 0, sweep: 1)).hodograph == nil)
    }
}

/// Component functions, alignment, oriented boxes and chord lengths, against the curves.
@Suite struct AlignmentTests {
    static func randomSegments() -> [Segment] {
        var rng = SeededRandom(seed: 46)
        var list: [Segment] = []
        for _ in 0..<15 {
            list.append(.cubic(CubicBezier(rng.point(0, 100), rng.point(0, 100), rng.point(0, 100), rng.point(0, 100))))
            list.append(.quadratic(QuadraticBezier(rng.point(0, 100), rng.point(0, 100), rng.point(0, 100))))
            list.append(
                .arc(Arc(center: rng.point(20, 80), radius: 5 + rng.uniform(0, 30), startAngle: rng.uniform(0, 6), sweep: rng.uniform(-4, 4))))
        }
        return list
    }

    @Test func theComponentsAreThePoints() {
        for s in AlignmentTests.randomSegments() {
            guard let (xs, ys) = s.powerCoefficients else { continue }
            for k in 0...10 {
                let t = Double(k) / 10
                func value(_ cs: [Double]) -> Double { cs.reversed().reduce(0) { $0 * t + $1 } }  // Horner
                #expect(abs(value(xs) - s.point(at: t).x) < 1e-9 && abs(value(ys) - s.point(at: t).y) < 1e-9)
            }
        }
    }

    @Test func aligningMovesTheStartToTheOriginAndTheChordOntoX() {
        for s in AlignmentTests.randomSegments() {
            let p = s.alignedPoints
            #expect(p.first!.distance(to: .zero) < 1e-12)
            #expect(abs(p.last!.y) < 1e-9 && abs(p.last!.x - s.start.distance(to: s.end)) < 1e-9)
        }
    }

    @Test func theOrientedBoxHoldsTheCurveAndTouchesItOnEverySide() {
        for s in AlignmentTests.randomSegments() {
            let c = s.orientedBox
            let u = c[1] - c[0], v = c[3] - c[0]
            #expect(abs(u.dx * v.dx + u.dy * v.dy) < 1e-6 * Swift.max(u.lengthSquared, v.lengthSquared, 1), "a rectangle")
            var lo = (Double.infinity, Double.infinity), hi = (-Double.infinity, -Double.infinity)
            for k in 0...2000 {
                let q = s.point(at: Double(k) / 2000) - c[0]
                // Coordinates along the box's sides, as fractions of them.
                let a = (q.dx * u.dx + q.dy * u.dy) / Swift.max(u.lengthSquared, 1e-300)
                let b = (q.dx * v.dx + q.dy * v.dy) / Swift.max(v.lengthSquared, 1e-300)
                lo = (Swift.min(lo.0, a), Swift.min(lo.1, b)); hi = (Swift.max(hi.0, a), Swift.max(hi.1, b))
            }
            #expect(lo.0 > -1e-9 && lo.1 > -1e-9 && hi.0 < 1 + 1e-9 && hi.1 < 1 + 1e-9, "inside")
            #expect(lo.0 < 1e-3 && lo.1 < 1e-3 && hi.0 > 1 - 1e-3 && hi.1 > 1 - 1e-3, "touched on every side")
        }
    }

    @Test func chordsApproachTheLengthFromBelow() {
        for s in AlignmentTests.randomSegments() {
            let exact = s.arcLength(accuracy: 1e-12)
            var last = 0.0
            for n in [1, 4, 16, 64, 256] {
                let l = s.chordLength(n)
                #expect(l >= last - 1e-9 && l <= exact + 1e-9)
                last = l
            }
            #expect(abs(s.chordLength(100_000) - exact) < 1e-6 * exact)
        }
        #expect(Segment.line(LineSegment(Point(0, 0), Point(3, 4))).chordLength(1) == 5)
    }
}

/// The projection identity: A is the quadratic's control point, or the cubic's de Casteljau point
/// between its control points, for every curve and t (the Primer's chapter 29).
@Suite struct ProjectionIdentityTests {
    @Test func aIsWhereTheIdentitySaysForEveryCurve() {
        var rng = SeededRandom(seed: 29)
        for _ in 0..<30 {
            let q = QuadraticBezier(rng.point(0, 100), rng.point(0, 100), rng.point(0, 100))
            let c = CubicBezier(rng.point(0, 100), rng.point(0, 100), rng.point(0, 100), rng.point(0, 100))
            for t in [0.1, 0.3, 0.5, 0.77, 0.95] {
                let x = Segment.quadratic(q).projectionIdentity(at: t)!
                #expect(x.a.distance(to: q.p1) < 1e-9)
                let y = Segment.cubic(c).projectionIdentity(at: t)!
                let strut = Point(c.p1.x + (c.p2.x - c.p1.x) * t, c.p1.y + (c.p2.y - c.p1.y) * t)
                #expect(y.a.distance(to: strut) < 1e-8 * Swift.max(1, y.ratio))
                // C on the chord, B on the curve.
                #expect(y.b.distance(to: c.point(at: t)) < 1e-12)
                let chord = LineSegment(c.p0, c.p3)
                #expect(chord.nearest(to: y.c).distance < 1e-9)
            }
        }
        #expect(Segment.line(LineSegment(Point(0, 0), Point(1, 1))).projectionIdentity(at: 0.5) == nil)
    }
}

/// Joints: C1 where the derivatives agree, G1 where only the directions do, a corner's turn.
@Suite struct ContinuityTests {
    @Test func jointsAreClassifiedByTheirDerivatives() throws {
        var p = Path()
        try p.move(to: Point(0, 0))
        try p.curve(control1: Point(10, 20), control2: Point(20, 20), to: Point(30, 0))
        try p.curve(control1: Point(40, -20), control2: Point(50, -20), to: Point(60, 0))  // mirrored: C1
        try p.curve(control1: Point(80, 40), control2: Point(90, 10), to: Point(100, 0))  // twice as fast: G1
        try p.line(to: Point(100, 50))  // a corner: from direction (1, −1) to (0, 1), 135°
        let joints = p.joints()
        #expect(joints.map(\.c1) == [true, false, false])
        #expect(joints.map(\.g1) == [true, true, false])
        #expect(abs(joints[2].turn - 3 * Double.pi / 4) < 1e-12)
        // A circle of one arc, closed: its closing segment has no length, and the arc meets itself
        // smoothly, which is no joint between two elements.
        var circle = Path()
        try circle.addCircle(center: Point(0, 0), radius: 5)
        #expect(circle.joints().isEmpty)
        // A square: four corners of 90°, the last where the close meets the first side.
        var square = Path()
        try square.addRect(x: 0, y: 0, width: 10, height: 10)
        #expect(square.joints().map { ($0.turn * 180 / Double.pi).rounded() } == [90, 90, 90, 90])
    }
}

/// An arc as CoreGraphics's cubics (issue 16's `cubics`, the Primer's chapter 41).
@Suite struct ArcAsCubicsTests {
    @Test func aQuarterCircleStraysByTwoPointSevenTenThousandthsOfItsRadius() {
        let quarter = Arc(center: Point(0, 0), radius: 1, startAngle: 0, sweep: Double.pi / 2)
        let (pieces, error) = quarter.cubics
        #expect(pieces.count == 1)
        // k = 4/3·tan(π/8) on the tangents at both ends.
        let k = 4.0 / 3.0 * (Double.pi / 8).tanValue
        #expect(abs(pieces[0].p1.y - k) < 1e-15 && abs(pieces[0].p2.x - k) < 1e-15)
        // The radial error, by a dense sampling of |B(t)| − 1 (independent of the refinement).
        var sampled = 0.0
        for s in 0...100_000 { sampled = Swift.max(sampled, abs(pieces[0].point(at: Double(s) / 100_000).distance(to: .zero) - 1)) }
        #expect(abs(error - sampled) < 1e-12, "\(error) vs \(sampled)")
        #expect(abs(error - 2.7e-4) < 0.03e-4, "the well-known 2.7e-4 of the radius")
    }

    @Test func piecesAreAQuarterTurnAtMostAndMeetTheArc() {
        for sweep in [0.3, 2.0, -3.5, 2 * Double.pi] {
            let arc = Arc(center: Point(5, -3), radius: 20, startAngle: 0.4, sweep: sweep)
            let (pieces, error) = arc.cubics
            #expect(pieces.count == Int((abs(sweep) / (Double.pi / 2) - 1e-12).rounded(.up)))
            #expect(pieces.first!.p0.distance(to: arc.start) < 1e-12 && pieces.last!.p3.distance(to: arc.end) < 1e-12)
            for (a, b) in zip(pieces, pieces.dropFirst()) { #expect(a.p3 == b.p0) }
            #expect(error <= 2.73e-4 * 20)
        }
    }
}

extension Double {
    fileprivate var tanValue: Double { sin(self) / cos(self) }
}

extension ArcAsCubicsTests {
    /// Quadratics with their control points where the tangents meet stray by r(1 − c)²/(2c),
    /// c = cos(φ/2), at the middle of each piece of φ (the Primer's chapter 40).
    @Test func quadraticsStrayAsTheClosedFormSays() {
        for (sweep, count) in [(Double.pi / 4, 1), (Double.pi / 8, 1), (Double.pi, 4), (2 * Double.pi, 8)] {
            let arc = Arc(center: Point(3, 4), radius: 10, startAngle: 0.7, sweep: sweep)
            let (pieces, error) = arc.quadratics
            #expect(pieces.count == count)
            let c = cos(sweep / Double(count) / 2)
            #expect(abs(error - 10 * (1 - c) * (1 - c) / (2 * c)) < 1e-12, "\(sweep): \(error)")
            #expect(pieces.first!.p0.distance(to: arc.start) < 1e-12 && pieces.last!.p2.distance(to: arc.end) < 1e-12)
        }
    }
}

/// `arcs`: a Bézier as circular arcs, checked from both sides by dense sampling (independent of
/// the 256 points the method checks itself).
@Suite struct ArcFittingTests {
    @Test func randomCurvesBecomeArcsWithinTheTolerance() throws {
        var r = SeededRandom(seed: 41)
        for k in 0..<12 {
            let s: Segment =
                k % 3 == 0
                ? .quadratic(QuadraticBezier(r.point(0, 100), r.point(0, 100), r.point(0, 100)))
                : .cubic(CubicBezier(r.point(0, 100), r.point(0, 100), r.point(0, 100), r.point(0, 100)))
            for tolerance in [1e-2, 1e-4] {
                let fit = try #require(s.circularArcs(tolerance: tolerance))
                #expect(fit.error <= tolerance, "\(k): reported \(fit.error)")
                // Chained from the curve's start to its end.
                #expect(fit.pieces.first!.start.distance(to: s.start) < 1e-9 && fit.pieces.last!.end.distance(to: s.end) < 1e-9)
                for (p, q) in zip(fit.pieces, fit.pieces.dropFirst()) { #expect(p.end.distance(to: q.start) < 1e-9) }
                // Every point of the curve near a piece, and every point of a piece near the curve.
                var worst = 0.0
                for j in 0...2000 {
                    let p = s.point(at: Double(j) / 2000)
                    worst = max(worst, fit.pieces.map { $0.nearest(to: p).distance }.min()!)
                }
                for piece in fit.pieces {
                    for j in 0...40 { worst = max(worst, s.nearest(to: piece.point(at: Double(j) / 40)).distance) }
                }
                #expect(worst <= 1.01 * tolerance, "\(k) at \(tolerance): \(worst)")
                for piece in fit.pieces {
                    if case .arc(let a) = piece { #expect(a.isCircular) }
                }
            }
        }
    }

    @Test func linesAndArcsHaveNoneAndStraightCurvesBecomeLines() throws {
        #expect(Segment.line(LineSegment(Point(0, 0), Point(1, 1))).circularArcs(tolerance: 1e-3) == nil)
        // A straight cubic becomes lines.
        let straight = Segment.cubic(CubicBezier(Point(0, 0), Point(1, 1), Point(2, 2), Point(3, 3)))
        let lines = try #require(straight.circularArcs(tolerance: 1e-3))
        #expect(lines.pieces.allSatisfy { if case .line = $0 { true } else { false } }, "\(lines.pieces)")
    }
}

/// `through`: the Primer's curve from three points passes through the middle one at
/// t = d₁/(d₁ + d₂), and the cubic's tangent there is parallel to the chord.
@Suite struct CurveThroughTests {
    @Test func theCurvePassesThroughThePointAtTheRatioOfDistances() throws {
        var r = SeededRandom(seed: 30)
        for k in 0..<200 {
            let s = r.point(0, 100), b = r.point(0, 100), e = r.point(0, 100)
            let t = s.distance(to: b) / (s.distance(to: b) + b.distance(to: e))
            for cubic in [false, true] {
                let (segment, tt) = try #require(Path.curveThrough(from: s, through: b, to: e, cubic: cubic))
                #expect(abs(tt - t) < 1e-15)
                #expect(segment.start == s && segment.end == e)
                #expect(segment.point(at: t).distance(to: b) < 1e-9, "\(k) \(cubic): \(segment.point(at: t)) vs \(b)")
                if cubic {
                    let d = segment.derivative(at: t), chord = e - s
                    #expect(abs(d.cross(chord)) <= 1e-9 * d.length * chord.length, "\(k): tangent \(d) against \(chord)")
                    #expect(d.dot(chord) > 0)
                }
            }
        }
        #expect(Path.curveThrough(from: Point(0, 0), through: Point(0, 0), to: Point(1, 1), cubic: false) == nil)
        #expect(Path.curveThrough(from: Point(0, 0), through: Point(1, 1), to: Point(1, 1), cubic: true) == nil)
    }
}

/// `catmull`: the cubics of the Catmull-Rom conversion against the Catmull-Rom polynomial itself.
@Suite struct CatmullRomTests {
    @Test func theCubicsAreTheCatmullRomSpline() throws {
        var r = SeededRandom(seed: 35)
        let points = (0..<7).map { _ in r.point(0, 100) }
        let cubics = Path.catmullRom(through: points)
        #expect(cubics.count == 6)
        for (i, c) in cubics.enumerated() {
            #expect(c.p0 == points[i] && c.p3 == points[i + 1])
            // q(t) = ½[2P₁ + (P₂ − P₀)t + (2P₀ − 5P₁ + 4P₂ − P₃)t² + (−P₀ + 3P₁ − 3P₂ + P₃)t³].
            let p0 = points[max(i - 1, 0)], p1 = points[i], p2 = points[i + 1], p3 = points[min(i + 2, 6)]
            for t in [0.1, 0.37, 0.5, 0.81] {
                func q(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
                    0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (-a + 3 * b - 3 * c + d) * t * t * t)
                }
                let expected = Point(q(p0.x, p1.x, p2.x, p3.x), q(p0.y, p1.y, p2.y, p3.y))
                #expect(c.point(at: t).distance(to: expected) < 1e-12, "piece \(i) at \(t)")
            }
        }
        // A tension of 2 halves the tangents at the points: (Pᵢ₊₁ − Pᵢ₋₁)/(2τ).
        let tight = Path.catmullRom(through: points, tension: 2)
        for i in 1..<6 {
            let d = tight[i].derivative(at: 0), expected = (points[i + 1] - points[i - 1]) * 0.25
            #expect(abs(d.dx - expected.dx) < 1e-12 && abs(d.dy - expected.dy) < 1e-12)
        }
    }
}
