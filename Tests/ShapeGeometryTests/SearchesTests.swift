import Foundation
import Testing

@testable import ShapeGeometry

/// The geometry's bracket searches against closed forms.
@Suite struct SearchesTests {
    @Test func signChangeFindsTheZero() {
        // cos changes sign at π/2 in [0, 3]; 60 halvings leave 3·2^−61 of it.
        let t = Searches.signChange(in: 0, 3, valueAtLow: cos(0), halvings: 60) { cos($0) }
        #expect(abs(t - Double.pi / 2) <= 4e-16)
        // Decreasing through the zero, and a zero off the middle: x³ − 0.2 on [0, 1] at ∛0.2.
        let u = Searches.signChange(in: 1, 0, valueAtLow: 0.8, halvings: 60) { $0 * $0 * $0 - 0.2 }
        #expect(abs(u - cbrt(0.2)) <= 1e-15)
        // Few halvings: within the stated width.
        let v = Searches.signChange(in: 0, 3, valueAtLow: 1, halvings: 10) { cos($0) }
        #expect(abs(v - Double.pi / 2) <= 3 * pow(2, -11))
    }

    @Test func goldenMinimumFindsTheDip() {
        // (x − 0.3)² + 1 on [0, 1]: least at 0.3; a quadratic dip is flat, so the argument is
        // found to about the square root of the rounding (1e-8).
        let t = Searches.goldenMinimum(in: 0, 1, steps: 80) { ($0 - 0.3) * ($0 - 0.3) + 1 }
        #expect(abs(t - 0.3) <= 1e-7)
        // |x − 0.7|, a sharp dip: found to the bracket's width.
        let u = Searches.goldenMinimum(in: 0, 1, steps: 80) { abs($0 - 0.7) }
        #expect(abs(u - 0.7) <= 1e-15)
        // Stopped by width: 0.618^k · 1 ≤ 1e-3 after 15 steps, so the answer is that close.
        let w = Searches.goldenMinimum(in: 0, 1, steps: 100, width: 1e-3) { abs($0 - 0.25) }
        #expect(abs(w - 0.25) <= 1e-3)
    }
}
