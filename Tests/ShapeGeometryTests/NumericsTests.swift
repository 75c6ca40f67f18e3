import Foundation
import Testing
@testable import ShapeGeometry

@Suite struct NumericsTests {
    @Test func gaussLegendreNodesIntegratePolynomialsExactly() {
        // Exact for degree 31: ∫₀¹ x³¹ dx = 1/32; ∫₀² (1 + x⁵) dx = 2 + 64/6.
        expectClose(
            gaussLegendre16(0, 1) { x in
                var p = 1.0; for _ in 0..<31 { p *= x }; return p
            }, 1.0 / 32, tolerance: 1e-16)
        expectClose(gaussLegendre16(0, 2) { 1 + $0 * $0 * $0 * $0 * $0 }, 2 + 64.0 / 6, tolerance: 1e-13)
        // Weights sum to 1 over the non-negative half (2 over [−1, 1]).
        expectClose(GaussLegendreVectors.weights16.sum(), 1, tolerance: 1e-15)
    }

    /// The non-negative nodes of the Gauss–Legendre rule of even `order` and their weights,
    /// interleaved, by Newton's iteration on the Legendre polynomial from Tricomi's first guess:
    /// an independent derivation of the literals in GaussLegendre.swift.
    func gaussLegendreTable(order n: Int) -> [Double] {
        var table: [Double] = []
        for i in 1...(n / 2) {
            var x = cos(Double.pi * (Double(i) - 0.25) / (Double(n) + 0.5))
            var derivative = 0.0
            for _ in 0..<100 {
                var p0 = 1.0, p1 = x
                for k in 2...n {
                    let pk = ((2 * Double(k) - 1) * x * p1 - (Double(k) - 1) * p0) / Double(k)
                    p0 = p1; p1 = pk
                }
                derivative = Double(n) * (x * p1 - p0) / (x * x - 1)
                let step = p1 / derivative
                x -= step
                if abs(step) < 1e-17 { break }
            }
            table.append(x); table.append(2 / ((1 - x * x) * derivative * derivative))
        }
        return table
    }

    @Test func theRulesAreTheComputedRules() {
        // The literal vectors hold exactly what Newton's iteration computes, pair for pair.
        typealias G = GaussLegendreVectors
        func pairs(_ nodes: [SIMD8<Double>], _ weights: [SIMD8<Double>]) -> [(Double, Double)] {
            zip(nodes, weights).flatMap { n, w in (0..<8).map { (n[$0], w[$0]) } }
        }
        func table(_ order: Int) -> [(Double, Double)] {
            let t = gaussLegendreTable(order: order)
            return (0..<(order / 2)).map { (t[2 * $0], t[2 * $0 + 1]) }
        }
        #expect((0..<2).map { (G.nodes4[$0], G.weights4[$0]) }.elementsEqual(table(4)) { $0 == $1 })
        #expect((0..<4).map { (G.nodes8[$0], G.weights8[$0]) }.elementsEqual(table(8)) { $0 == $1 })
        #expect(pairs([G.nodes16], [G.weights16]).elementsEqual(table(16)) { $0 == $1 })
        #expect(pairs([G.nodes32Low, G.nodes32High], [G.weights32Low, G.weights32High]).elementsEqual(table(32)) { $0 == $1 })
        // The 32-point rule integrates degree 63 exactly: ∫₋₁¹ x⁶² dx = 2/63.
        let sum = (0..<16).reduce(0.0) { s, k in
            let (x, w) = table(32)[k]
            var p = 1.0
            for _ in 0..<62 { p *= x }
            return s + 2 * w * p
        }
        expectClose(sum, 2.0 / 63, tolerance: 1e-15)
    }

    @Test func bracketedNewtonFindsRootsToItsTolerance() {
        typealias B = BracketedNewton
        // √2 as the root of x² − 2, increasing on [0, 2]: to 4 ulps.
        let r = B.solve(in: 0, 2, from: 1, tolerance: .fourUlps(), value: { $0 * $0 - 2 }, slope: { 2 * $0 })
        #expect(abs(r - 2.0.squareRoot()) <= 4 * Double.ulpOfOne * 2)
        // Decreasing: cos x on [0, 3] has its root at π/2.
        let c = B.solve(in: 0, 3, from: 0.1, increasing: false, tolerance: .fourUlps(), value: { cos($0) }, slope: { -sin($0) })
        #expect(abs(c - Double.pi / 2) <= 4 * Double.ulpOfOne * 2)
        // A zero slope at the guess (x³ at 0 would divide by zero) and a guess at either end of the
        // bracket fall back to bisection and still converge: the root of x³ − 0.001 is 0.1.
        for guess in [0.0, -1, 1] {
            let z = B.solve(in: -1, 1, from: guess, tolerance: .fourUlps(), value: { $0 * $0 * $0 - 0.001 }, slope: { 3 * $0 * $0 })
            #expect(abs(z - 0.1) <= 1e-15, "guess \(guess)")
        }
        // The value tolerance stops early, never outside the bracket.
        var evaluations = 0
        let early = B.solve(
            in: 0, 10, from: 9, tolerance: .init(value: 0.5, maximumIterations: 100),
            value: {
                evaluations += 1; return $0 - 3
            }, slope: { _ in 1 })
        #expect(abs(early - 3) <= 0.5 && evaluations <= 2)
        // A slope of the wrong sign (a bad model) cannot push it out: bisection keeps the bracket.
        let stubborn = B.solve(in: 0, 1, from: 0.9, tolerance: .fourUlps(maximumIterations: 200), value: { $0 - 0.25 }, slope: { _ in -1 })
        #expect(abs(stubborn - 0.25) <= 1e-15)
        // The iteration cap is respected.
        evaluations = 0
        _ = B.solve(
            in: 0, 1, from: 0.5, tolerance: .init(maximumIterations: 7),
            value: {
                evaluations += 1; return $0 - 0.3
            }, slope: { _ in 1e-300 })
        #expect(evaluations == 7)
    }

    @Test func polynomialRootsInAnInterval() {
        // (x − 0.1)(x − 0.5)(x − 0.9) = x³ − 1.5x² + 0.59x − 0.045
        let r = Polynomial([-0.045, 0.59, -1.5, 1]).roots(in: 0, 1).array
        #expect(r.count == 3)
        for (got, want) in zip(r, [0.1, 0.5, 0.9]) { expectClose(got, want, tolerance: 1e-14) }
        // Clustered roots 0.5 ± 1e-6.
        let close = Polynomial([0.25 - 1e-12, -1, 1]).roots(in: 0, 1).array
        #expect(close.count == 2)
        // The coefficient's rounding (5e-17) moves roots this close by about 3e-11.
        expectClose(close[0], 0.5 - 1e-6, tolerance: 1e-10)
        // Degree 5 with roots outside the interval only.
        #expect(Polynomial([1, 0, 0, 0, 0, 1]).roots(in: 0, 1).count == 0)
        // A tiny leading coefficient is dropped rather than producing a far-away root.
        #expect(Polynomial([-0.5, 1, 1e-300]).roots(in: 0, 1).array == [0.5])
        #expect(Polynomial([0, 0, 0]).roots(in: 0, 1).count == 0)
    }

    @Test func compensatedSumKeepsSmallTerms() {
        var s = CompensatedSum()
        s.add(1e16)
        for _ in 0..<1000 { s.add(1) }
        s.add(-1e16)
        #expect(s.value == 1000)
    }

    @Test func seededRandomIsReproducible() {
        var a = SeededRandom(seed: 99), b = SeededRandom(seed: 99)
        for _ in 0..<100 { #expect(a.next() == b.next()) }
        var c = SeededRandom(seed: 1)
        for _ in 0..<1000 {
            let x = c.uniform(2, 3)
            #expect(x >= 2 && x < 3)
        }
    }

    @Test func transformsComposeInCGAffineTransformOrder() throws {
        let t = AffineTransform.translation(10, 0)
        let r = AffineTransform.rotation(.pi / 2)
        // Translate first, then rotate: (1, 0) → (11, 0) → (0, 11) (clockwise on screen).
        expectClose(t.concatenating(r).apply(Point(1, 0)), Point(0, 11), tolerance: 1e-14)
        expectClose(r.concatenating(t).apply(Point(1, 0)), Point(10, 1), tolerance: 1e-14)
        let m = AffineTransform.rotation(0.4, about: Point(3, 4)).concatenating(.scale(2, 3, about: Point(-1, 1)))
        let inverse = try #require(m.inverted())
        expectClose(inverse.apply(m.apply(Point(7, -2))), Point(7, -2), tolerance: 1e-13)
        expectClose(AffineTransform.rotation(1, about: Point(3, 4)).apply(Point(3, 4)), Point(3, 4), tolerance: 1e-15)
        #expect(AffineTransform.scale(0, 1).inverted() == nil)
        #expect(AffineTransform.scale(-1, 1).determinant == -1)
    }

    @Test func linesAndQuadratics() {
        let l = LineSegment(Point(0, 0), Point(3, 4))
        #expect(l.arcLength() == 5)
        expectClose(l.nearest(to: Point(3, -1)).t, 0.2, tolerance: 1e-16)
        #expect(l.nearest(to: Point(10, 0)).t == 1)
        #expect(LineSegment(Point(1, 1), Point(1, 1)).nearest(to: Point(4, 5)).distance == 5)
        let q = QuadraticBezier(Point(0, 0), Point(50, 100), Point(100, 0))
        expectClose(q.extrema(along: .y)[0], 0.5, tolerance: 1e-15)
        expectClose(q.tightBounds.maxY, 50, tolerance: 1e-13)
        let (t, d) = q.nearest(to: Point(50, 80))
        expectClose(t, 0.5, tolerance: 1e-12); expectClose(d, 30, tolerance: 1e-12)
        expectClose(q.arcLength(), quadraticLengthClosedForm(q), tolerance: 1e-12 * 150)
        let (a, b) = q.split(at: 0.3)
        expectClose(a.arcLength() + b.arcLength(), q.arcLength(), tolerance: 1e-12 * 150)
    }
}
