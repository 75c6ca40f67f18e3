import Testing

@testable import ShapeGeometry

/// The quadratic's closed-form length against mpmath's quadrature (scripts/quadratic-length-references.py),
/// on random curves at scales from 1e-200 to 1e200 and on the ones the textbook form gets wrong:
/// nearly straight and evenly drawn, turning back, with a control point on an end.
@Suite struct QuadraticLengthReferenceTests {
    @Test func theClosedFormIsWithinAFewUnitsInTheLastPlace() {
        #expect(quadraticLengthReferences.count > 60)
        for (q, t, reference) in quadraticLengthReferences {
            let got = q.closedFormLength(upTo: t)
            let error = reference == 0 ? Swift.abs(got) : Swift.abs(got - reference) / reference
            #expect(error <= 4e-16 * 4, "\(q) up to \(t): \(got), reference \(reference)")
        }
    }

    /// Nothing at t = 0, also where the curve starts at its slowest (u₀ = 0, where the form for
    /// one sign of u would be 0/0), and the whole length past t = 1.
    @Test func theEndsOfTheParameter() {
        let q = QuadraticBezier(Point(0, 0), Point(1, 0), Point(2, 1))  // A·B = 0
        #expect(q.arcLength(upTo: 0) == 0)
        #expect(q.arcLength(upTo: -1) == 0)
        #expect(q.arcLength(upTo: 2) == q.arcLength())
        // Its speed is 2√(1 + t²): the length is √2 + asinh 1 (asinh 1 = 0.88137358701954302523).
        #expect(Swift.abs(q.arcLength() - (2.0.squareRoot() + 0.881_373_587_019_543_025)) <= 4e-16 * q.arcLength())
        #expect(q.arcLength(upTo: 1e-300) > 0)
    }

    /// Against the proven quadrature (an independent method) on 3,000 random curves and partial
    /// lengths: random ones, nearly straight and evenly drawn ones, ones that turn back, with a
    /// control point on an end, from the scale 1e-6 to 1e6.
    @Test func theClosedFormAgreesWithTheQuadrature() {
        var random = SeededRandom(seed: 49)
        for k in 0..<3_000 {
            let scale = [1e-6, 1e-3, 1, 1e3, 1e6][k % 5]
            func point() -> Point { Point(random.uniform(-1, 1) * scale, random.uniform(-1, 1) * scale) }
            let p0 = point(), p2 = point()
            let p1: Point
            switch k % 4 {
            case 0: p1 = point()
            case 1: p1 = p0.lerp(to: p2, 0.5) + Vector(random.uniform(-1, 1), random.uniform(-1, 1)) * (scale * 1e-9)
            case 2: p1 = p0 + (p0 - p2) * random.uniform(0.5, 20)  // turns back through its slowest point
            default: p1 = random.uniform(0, 1) < 0.5 ? p0 : p2
            }
            let q = QuadraticBezier(p0, p1, p2)
            for t in [random.uniform(0, 1), 1] {
                let closed = q.closedFormLength(upTo: t)
                let integrated = q.integratedSpeed(upTo: t, accuracy: 1e-14)
                let error = Swift.abs(closed - integrated) / Swift.max(integrated, 1e-300)
                #expect(error <= 1e-12, "\(q) up to \(t): \(closed), quadrature \(integrated)")
            }
        }
    }

    /// `arcLength` is the closed form; the quadrature that tabulates the curve for the inverse
    /// (the parameter at a length) agrees with it.
    @Test func theLengthIsTheClosedFormAndTheTableAgrees() {
        for (q, t, reference) in quadraticLengthReferences where reference > 0 {
            #expect(q.arcLength(upTo: t) == q.closedFormLength(upTo: t))
            let reach = [q.p0, q.p1, q.p2].map { Swift.max(Swift.abs($0.x), Swift.abs($0.y)) }.max()!
            // the quadrature, within the coordinates a path takes (`Path.largestCoordinate`)
            if t == 1, reach <= Path.largestCoordinate, reach >= Path.smallestSize {
                #expect(q.arcLength() == q.closedFormLength(upTo: 1))
                #expect(Swift.abs(q.arcLengthTable().total - reference) <= 1e-12 * reference)
            }
        }
    }
}
