/// The one root finder of the geometry: Newton's method kept inside a bracket, with bisection
/// whenever a Newton step would leave it.
///
/// It serves every place that solves a monotone equation: polynomial roots between stationary
/// points (`Polynomial.roots`), the parameter at an arc length (`solveForLength` and the
/// marching inverse) and the crossing of a monotone piece with a horizontal line (containment).
/// Each caller states its accuracy through the two tolerances; none is hidden here.
enum BracketedNewton {
    /// The stopping rules of one solve.
    struct Tolerance {
        /// Stop as soon as |g(x)| is at most this (0: only an exact zero stops on the value).
        var value: Double
        /// Stop after a step no longer than `absoluteStep` or `relativeStep · |x|` (the step is taken).
        var absoluteStep: Double
        var relativeStep: Double
        /// Give up after this many evaluations of `g`, returning the last estimate.
        var maximumIterations: Int

        init(value: Double = 0, absoluteStep: Double = 0, relativeStep: Double = 0, maximumIterations: Int) {
            self.value = value
            self.absoluteStep = absoluteStep
            self.relativeStep = relativeStep
            self.maximumIterations = maximumIterations
        }

        /// Four units in the last place of x: the tightest useful stop for a double.
        static func fourUlps(maximumIterations: Int = 100) -> Tolerance {
            Tolerance(
                absoluteStep: 4 * Double.ulpOfOne * Double.leastNormalMagnitude, relativeStep: 4 * Double.ulpOfOne,
                maximumIterations: maximumIterations)
        }
    }

    /// The root of `g` in [lo, hi], starting from `guess` (which callers keep inside [lo, hi]: a check
    /// here costs 2% of the marching inverse), where g is increasing (`increasing`) or
    /// decreasing through the root. `slope(x)` is g′(x), asked only after `g(x)` missed the value
    /// tolerance (callers use that order to keep what the slope computed). A step that leaves the
    /// current bracket, or a zero or non-finite slope, bisects the bracket instead. Converges
    /// quadratically near a simple root and never leaves [lo, hi].
    @inline(__always)
    static func solve(
        in lo: Double, _ hi: Double, from guess: Double, increasing: Bool = true, tolerance: Tolerance,
        value g: (Double) -> Double, slope: (Double) -> Double
    ) -> Double {
        var lo = lo, hi = hi
        assert(guess >= lo && guess <= hi, "the first guess must lie in the bracket")
        var x = guess
        for _ in 0..<tolerance.maximumIterations {
            let v = g(x)
            if abs(v) <= tolerance.value { return x }
            if (v < 0) == increasing { lo = x } else { hi = x }
            var next = x - v / slope(x)
            if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            let step = abs(next - x)
            if step <= tolerance.absoluteStep || step <= tolerance.relativeStep * abs(next) { return next }
            x = next
        }
        return x
    }
}
