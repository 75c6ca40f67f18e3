/// A real polynomial of small degree, c₀ + c₁x + c₂x² + …, with a root finder for an interval.
///
/// Used for the stationary points of the squared distance to a Bézier curve (degree 3 for a
/// quadratic, 5 for a cubic) and for curve extrema.
struct Polynomial {
    /// Coefficients in increasing order of power.
    var coefficients: [Double]

    init(_ coefficients: [Double]) { self.coefficients = coefficients }

    /// The value at `x` (Horner's scheme).
    @inline(__always) func callAsFunction(_ x: Double) -> Double {
        var v = 0.0
        var i = coefficients.count - 1
        while i >= 0 { v = v * x + coefficients[i]; i -= 1 }
        return v
    }

    /// The value and the derivative's value at `x` in one pass.
    @inline(__always) func valueAndSlope(_ x: Double) -> (Double, Double) {
        var v = 0.0, d = 0.0
        var i = coefficients.count - 1
        while i >= 0 { d = d * x + v; v = v * x + coefficients[i]; i -= 1 }
        return (v, d)
    }

    var derivative: Polynomial {
        guard coefficients.count > 1 else { return Polynomial([0]) }
        return Polynomial((1..<coefficients.count).map { Double($0) * coefficients[$0] })
    }

    /// Every real root in [lo, hi], sorted, found by isolation rather than by formula: the roots
    /// of the derivative (recursively) cut the interval into monotone pieces, and each piece whose
    /// ends differ in sign holds exactly one root, found by safeguarded Newton iteration. Roots
    /// of even multiplicity that do not change sign are found only where they coincide with a
    /// stationary point to within rounding.
    ///
    /// A leading coefficient below 1e-14 of the largest is treated as zero: over an interval such
    /// as [0, 1] it changes the value by less than rounding does.
    func roots(in lo: Double, _ hi: Double) -> [Double] {
        var c = coefficients
        let scale = c.reduce(0) { Swift.max($0, abs($1)) }
        guard scale > 0, scale.isFinite else { return [] }
        while c.count > 1, abs(c[c.count - 1]) <= 1e-14 * scale { c.removeLast() }
        let p = Polynomial(c)
        switch c.count {
        case 0, 1:
            return []
        case 2:
            let r = -c[0] / c[1]
            return (r >= lo && r <= hi) ? [r] : []
        default:
            var cuts = [lo]
            for r in p.derivative.roots(in: lo, hi) where r > lo && r < hi { cuts.append(r) }
            cuts.append(hi)
            var result: [Double] = []
            var x0 = cuts[0], f0 = p(x0)
            for k in 1..<cuts.count {
                let x1 = cuts[k], f1 = p(x1)
                if f0 == 0 {
                    if result.last != x0 { result.append(x0) }
                } else if (f0 < 0) != (f1 < 0) && f1 != 0 {
                    result.append(p.bracketedRoot(x0, x1, f0))
                }
                x0 = x1; f0 = f1
            }
            if f0 == 0, result.last != x0 { result.append(x0) }
            return result
        }
    }

    /// The root in [a, b] where the values at the ends have opposite signs (`fa` is the value at
    /// `a`): Newton steps, falling back to bisection whenever a step leaves the bracket.
    func bracketedRoot(_ a: Double, _ b: Double, _ fa: Double) -> Double {
        var lo = a, hi = b
        let increasing = fa < 0
        var x = 0.5 * (lo + hi)
        for _ in 0..<100 {
            let (v, d) = valueAndSlope(x)
            if v == 0 { return x }
            if (v < 0) == increasing { lo = x } else { hi = x }
            var next = x - v / d
            if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            if next == x || hi - lo <= 4 * Double.ulpOfOne * Swift.max(abs(lo), abs(hi)) { return next }
            x = next
        }
        return x
    }
}
