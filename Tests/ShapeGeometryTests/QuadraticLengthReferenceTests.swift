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
