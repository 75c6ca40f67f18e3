/// A-priori error bound of the n-point Gauss–Legendre rule for a speed √Q, where
/// Q(t) = |W(t)|² and W(t) = A·t² + B·t + C is the derivative written as one complex polynomial
/// (x′ + i·y′). Q's zeros in the complex plane are W's roots and their conjugates: √Q is analytic
/// everywhere else, so on an interval it is analytic inside the Bernstein ellipse through the
/// nearest of them, of parameter ρ, and there |√Q| = |W| = |A|·|z − r₁|·|z − r₂| ≤ M, bounded
/// with the distance from the interval's middle to each root plus the ellipse's semi-major axis.
/// Then (Trefethen, Approximation Theory and Approximation Practice, thm 19.3)
///
///     |∫ − Gₙ| ≤ (64/15) · M · ρ⁻²ⁿ / (ρ² − 1) · h      (h the interval's half-width)
///
/// An interval whose bound is within tolerance needs no comparison with its halves, and since the
/// bound needs no evaluation of the speed, an interval is only evaluated once it is accepted.
struct GaussErrorBound {
    /// W's roots (their conjugates give the same ρ): up to two, stored inline.
    var r1 = (0.0, 0.0), r2 = (0.0, 0.0)
    var count = 0
    var a: Double, b: Double, c: Double  // |A|, |B|, |C|
    /// The rule's number of points, n: 16 or 32 (the bound falls as ρ⁻²ⁿ). One order per kind:
    /// choosing the fewest points per interval (8, 16, 24 or 32) saved evaluations but cost more
    /// in mispredicted branches than it saved (W1 3.2 ms against 3.0 ms).
    var order: Int

    init(a: Double, b: Double, c: Double, order: Int) { self.a = a; self.b = b; self.c = c; self.order = order }

    mutating func add(_ root: (Double, Double)) {
        if count == 0 { r1 = root } else { r2 = root }
        count += 1
    }

    /// The semi-major axis of the ellipse with foci ±1 through ζ: (|ζ − 1| + |ζ + 1|)/2. The
    /// ellipse's Bernstein parameter is ρ = s + √(s² − 1), increasing in s.
    @inline(__always) static func semiMajorAxis(_ zr: Double, _ zi: Double) -> Double {
        0.5 * (((zr - 1) * (zr - 1) + zi * zi).squareRoot() + ((zr + 1) * (zr + 1) + zi * zi).squareRoot())
    }

    /// True when the n-point rule over [lo, hi] is proven within `tolerance`.
    @inline(__always) func ruleIsAccurate(_ lo: Double, _ hi: Double, _ tolerance: Double) -> Bool {
        let h = 0.5 * (hi - lo), m = 0.5 * (lo + hi)
        guard h > 0, count > 0 else { return true }  // no branch point: a constant speed
        var s = GaussErrorBound.semiMajorAxis((r1.0 - m) / h, r1.1 / h)
        if count > 1 { s = Swift.min(s, GaussErrorBound.semiMajorAxis((r2.0 - m) / h, r2.1 / h)) }
        let rho = s + Swift.max(s * s - 1, 0).squareRoot()
        guard rho > 1.2 else { return false }  // too near: halve first
        // |√Q| = |W| = |A|·|z − r₁|·|z − r₂| (or |B|·|z − r₁| when W is linear), and on the
        // ellipse |z − r| ≤ |m − r| + h·s with s its semi-major axis.
        let reach = h * 0.5 * (rho + 1 / rho)
        let d1 = ((m - r1.0) * (m - r1.0) + r1.1 * r1.1).squareRoot() + reach
        let maximum: Double
        if count > 1 {
            maximum = a * d1 * (((m - r2.0) * (m - r2.0) + r2.1 * r2.1).squareRoot() + reach)
        } else {
            maximum = b * d1
        }
        let inverse = 1 / rho
        let x2 = inverse * inverse, x4 = x2 * x2, x8 = x4 * x4, x16 = x8 * x8, x32 = x16 * x16
        let decay = order == 32 ? x32 * x32 : x32
        // (rho² − 1 > 0.44 here: multiplied across rather than divided.)
        return 64.0 / 15 * maximum * decay * h <= tolerance * (rho * rho - 1)
    }
}

/// The principal square root of re + i·im.
@inline(__always) func complexSquareRoot(_ re: Double, _ im: Double) -> (Double, Double) {
    let r = (re * re + im * im).squareRoot()
    let x = ((r + re) / 2).squareRoot()
    let y = ((r - re) / 2).squareRoot()
    return (x, im < 0 ? -y : y)
}
