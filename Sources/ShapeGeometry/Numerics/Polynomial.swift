/// A real polynomial of degree at most 6, c₀ + c₁x + … + c₆x⁶, with a root finder for an
/// interval. Stored inline (no heap allocation), since it runs once per segment in the hot paths
/// of arc length (speed dips) and nearest points.
///
/// Used for the stationary points of the squared distance to a Bézier curve (degree 3 for a
/// quadratic, 5 for a cubic), for the speed's dips, for curve extrema, and for where a Bézier
/// curve meets a circle (degree 4 for a quadratic, 6 for a cubic).
struct Polynomial {
    static let capacity = 7
    /// Coefficients in increasing order of power; entries past `count` are zero.
    var coefficients: InlineArray<7, Double>
    /// Number of coefficients in use (degree + 1).
    var count: Int

    init(_ list: [Double]) {
        precondition(list.count <= Polynomial.capacity, "degree above 6")
        coefficients = InlineArray(repeating: 0)
        for (i, c) in list.enumerated() { coefficients[i] = c }
        count = list.count
    }

    init(raw: InlineArray<7, Double>, count: Int) { coefficients = raw; self.count = count }

    /// c + bx + ax², without a list.
    init(_ c: Double, _ b: Double, _ a: Double) {
        coefficients = InlineArray(repeating: 0)
        coefficients[0] = c; coefficients[1] = b; coefficients[2] = a
        count = 3
    }

    /// The value at `x` (Horner's scheme).
    @inline(__always) func callAsFunction(_ x: Double) -> Double {
        var v = 0.0
        var i = count - 1
        while i >= 0 { v = v * x + coefficients[i]; i -= 1 }
        return v
    }

    /// The value and the derivative's value at `x` in one pass.
    @inline(__always) func valueAndSlope(_ x: Double) -> (Double, Double) {
        var v = 0.0, d = 0.0
        var i = count - 1
        while i >= 0 { d = d * x + v; v = v * x + coefficients[i]; i -= 1 }
        return (v, d)
    }

    var derivative: Polynomial {
        var raw = InlineArray<7, Double>(repeating: 0)
        guard count > 1 else { return Polynomial(raw: raw, count: 1) }
        for i in 1..<count { raw[i - 1] = Double(i) * coefficients[i] }
        return Polynomial(raw: raw, count: count - 1)
    }

    /// Every real root in [lo, hi], sorted, found by isolation rather than by formula: the roots
    /// of the derivative (recursively) cut the interval into monotone pieces, and each piece whose
    /// ends differ in sign holds exactly one root, found by safeguarded Newton iteration. Roots
    /// of even multiplicity that do not change sign are found only where they coincide with a
    /// stationary point to within rounding.
    ///
    /// A leading coefficient below 1e-14 of the largest is treated as zero: over an interval such
    /// as [0, 1] it changes the value by less than rounding does.
    func roots(in lo: Double, _ hi: Double) -> RootList {
        var p = self
        var scale = 0.0
        for i in 0..<count { scale = Swift.max(scale, abs(coefficients[i])) }
        var result = RootList()
        guard scale > 0, scale.isFinite else { return result }
        while p.count > 1, abs(p.coefficients[p.count - 1]) <= Tolerance.negligible * scale {
            p.coefficients[p.count - 1] = 0
            p.count -= 1
        }
        switch p.count {
        case 0, 1:
            return result
        case 2:
            let r = -p.coefficients[0] / p.coefficients[1]
            if r >= lo && r <= hi { result.append(r) }
            return result
        case 3:
            // The stable quadratic formula (no cancellation): q = −(b + sign(b)·√Δ)/2, roots q/a
            // and c/q. A negative discriminant within rounding of zero is a double root.
            let c = p.coefficients[0], b = p.coefficients[1], a = p.coefficients[2]
            var discriminant = b * b - 4 * a * c
            if discriminant < 0 {
                guard discriminant > -4 * Double.ulpOfOne * Swift.max(b * b, abs(4 * a * c)) else { return result }
                discriminant = 0
            }
            let q = -0.5 * (b + (b < 0 ? -1 : 1) * discriminant.squareRoot())
            var r1 = q / a, r2 = q != 0 ? c / q : r1
            if r1 > r2 { swap(&r1, &r2) }
            if r1 >= lo && r1 <= hi { result.append(r1) }
            if r2 >= lo && r2 <= hi && r2 != r1 { result.append(r2) }
            return result
        default:
            let critical = p.derivative.roots(in: lo, hi)
            var x0 = lo, f0 = p(lo)
            for k in 0...critical.count {
                let x1 = k < critical.count ? critical[k] : hi
                if k < critical.count && !(x1 > lo && x1 < hi) { continue }
                let f1 = p(x1)
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
    /// `a`), by `BracketedNewton` from the secant point, to 4 ulps.
    func bracketedRoot(_ a: Double, _ b: Double, _ fa: Double) -> Double {
        let fb = self(b)
        let secant = fb != fa ? a + (b - a) * fa / (fa - fb) : 0.5 * (a + b)
        var slope = 0.0
        return BracketedNewton.solve(
            in: a, b, from: secant > a && secant < b ? secant : 0.5 * (a + b), increasing: fa < 0,
            tolerance: .fourUlps(),
            value: {
                let (v, d) = valueAndSlope($0); slope = d; return v
            }, slope: { _ in slope })
    }
}

/// Up to six roots, stored inline, in increasing order.
struct RootList: Sequence {
    private var values = InlineArray<6, Double>(repeating: 0)
    private(set) var count = 0

    mutating func append(_ x: Double) { values[count] = x; count += 1 }
    subscript(i: Int) -> Double { values[i] }
    var last: Double? { count > 0 ? values[count - 1] : nil }

    /// Iterates in place (no array).
    struct Iterator: IteratorProtocol {
        let list: RootList
        var position = 0
        mutating func next() -> Double? {
            guard position < list.count else { return nil }
            position += 1
            return list[position - 1]
        }
    }

    func makeIterator() -> Iterator { Iterator(list: self) }

    /// The roots as an array.
    var array: [Double] { (0..<count).map { values[$0] } }
}
