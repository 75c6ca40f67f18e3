/// The geometry's two searches besides its root finder (`BracketedNewton`, for monotone
/// equations with a slope): halving a bracket on the sign of a function, and the golden-section
/// search for the least value of a function with one dip. Each caller says how far to go.
enum Searches {
    /// Where `f` changes sign in [lo, hi], `flo` being f(lo) (and f(hi) of the other sign):
    /// the bracket is halved `halvings` times, keeping the sign change inside, and its middle
    /// returned: within (hi − lo)·2^−(halvings+1) of a sign change. (60 halvings reach the
    /// rounding of a parameter in [0, 1].)
    static func signChange(in lo: Double, _ hi: Double, valueAtLow flo: Double, halvings: Int, _ f: (Double) -> Double) -> Double {
        let (lo, hi) = signChangeBracket(in: lo, hi, valueAtLow: flo, halvings: halvings, f)
        return 0.5 * (lo + hi)
    }

    /// The bracket `signChange` ends with: `lo` on the side of f(lo)'s sign, `hi` on the other
    /// (for a caller that needs a point on a given side of the change).
    static func signChangeBracket(
        in lo: Double, _ hi: Double, valueAtLow flo: Double, halvings: Int, _ f: (Double) -> Double
    ) -> (lo: Double, hi: Double) {
        var lo = lo, hi = hi, flo = flo
        for _ in 0..<halvings {
            let mid = 0.5 * (lo + hi), fm = f(mid)
            if (fm < 0) == (flo < 0) {
                lo = mid
                flo = fm
            } else {
                hi = mid
            }
        }
        return (lo, hi)
    }

    /// 1/φ, the golden section: each step keeps this part of the bracket.
    static let goldenRatio = 0.6180339887498949

    /// Where `f` is least in [lo, hi], for an f with one dip there: golden sections (one new
    /// value of f a step), at most `steps` of them and none once the bracket is `width` wide or
    /// less; the middle of what is left. Each step takes the bracket to 0.618 of its width.
    static func goldenMinimum(in lo: Double, _ hi: Double, steps: Int, width: Double = 0, _ f: (Double) -> Double) -> Double {
        var lo = lo, hi = hi
        var x1 = hi - goldenRatio * (hi - lo), x2 = lo + goldenRatio * (hi - lo)
        var f1 = f(x1), f2 = f(x2)
        for _ in 0..<steps where hi - lo > width {
            if f1 <= f2 {
                hi = x2
                x2 = x1
                f2 = f1
                x1 = hi - goldenRatio * (hi - lo)
                f1 = f(x1)
            } else {
                lo = x1
                x1 = x2
                f1 = f2
                x2 = lo + goldenRatio * (hi - lo)
                f2 = f(x2)
            }
        }
        return 0.5 * (lo + hi)
    }
}
