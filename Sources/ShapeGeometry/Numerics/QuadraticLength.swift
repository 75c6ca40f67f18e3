/// The length of a quadratic Bézier in closed form, written so that no step cancels.
///
/// B'(t) = 2(A·t + B) with A = p0 − 2p1 + p2 and B = p1 − p0. Along A's direction the velocity's
/// component is u = A·(A·t + B)/|A|, which grows at the rate a = |A|, and across it the component
/// is the constant h = |A × B|/|A|; so the length over [0, t] is (2/a)·∫ √(u² + h²) du from
/// u₀ = A·B/a to u₁ = u₀ + a·t, and ∫ √(u² + h²) du = ½(u·s + h²·asinh(u/h)) with s = √(u² + h²).
///
/// Taken as it stands, that difference loses every digit when a is small beside |B| (a curve
/// nearly straight and evenly drawn: u₀ and u₁ nearly equal) and asinh's loses them when u₀ and
/// u₁ are large beside h. So, with w = u₁ − u₀ = a·t, both u's of one sign (taken positive: the
/// integrand is even) give
///   u₁s₁ − u₀s₀ = w·(u₀ + u₁)(u₀² + u₁² + h²)/(u₁s₁ + u₀s₀),
///   asinh(u₁/h) − asinh(u₀/h) = ln(1 + w·(1 + (u₀ + u₁)/(s₀ + s₁))/(u₀ + s₀)),
/// each a product of terms that do not cancel, with w divided out exactly against the 1/a in
/// front; and u's of both signs (the curve turns back through its slowest point) give a sum of
/// two positive terms. The logarithm is `Elementary.logarithm` in double-double, so ln(1 + y) is
/// accurate for any y ≥ 0. The coordinates are first scaled by a power of two, so nothing
/// overflows; what underflows is smaller than the length's last digit. The result is within a
/// few units in the last place of the true length (`QuadraticLengthReferenceTests`, against
/// mpmath's quadrature at 40 digits).
extension QuadraticBezier {
    /// The length, in closed form (accurate to the last digits whatever `accuracy` asks).
    public func arcLength(accuracy: Double = defaultArcLengthAccuracy) -> Double { closedFormLength(upTo: 1) }

    /// The length from t = 0 to `t`, in closed form.
    public func arcLength(upTo t: Double, accuracy: Double = defaultArcLengthAccuracy) -> Double {
        closedFormLength(upTo: t)
    }

    /// The length from t = 0 to `t` (clamped to [0, 1]), in closed form.
    func closedFormLength(upTo t: Double) -> Double {
        let end = Swift.min(Swift.max(t, 0), 1)
        guard end > 0 else { return 0 }  // (with u₀ = 0 the form below would be 0/0)
        let b0 = p1 - p0, c0 = p2 - p1
        let k = Vector.unitScale(of: b0, c0)
        let b = b0 * k, c = c0 * k
        let a2 = (c - b).lengthSquared
        guard a2 > 0 else { return 2 * b.length * end / k }  // A = 0: a line drawn at one speed
        let av = c - b
        let a = a2.squareRoot()
        let u0 = av.dot(b) / a
        let h = Swift.abs(av.cross(b)) / a
        // u₁ as u₀ + w, not A·C/a: the two dot products each carry a rounding of |A||B|, which
        // for a nearly even curve (A tiny) is far more than w.
        let w = a * end
        let u1 = u0 + w
        if u0 >= 0 || u1 <= 0 {
            let (l, r) = u0 >= 0 ? (u0, u1) : (-u1, -u0)
            let sl = (l * l + h * h).squareRoot(), sr = (r * r + h * h).squareRoot()
            var sum = (l + r) * (l * l + r * r + h * h) / (r * sr + l * sl)
            if h * h > 0 {
                let x = (1 + (l + r) / (sl + sr)) / (l + sl)
                sum += h * h * x * QuadraticLength.lnOnePlusRatio(w * x)
            }
            return sum * end / k  // w/a = t
        } else {
            // u₀ < 0 < u₁: from the slowest point (u = 0) back to u₀ and on to u₁.
            let ends = [-u0, u1]
            var sum = 0.0
            for v in ends {
                let s = (v * v + h * h).squareRoot()
                sum += v * s
                if h * h > 0 { sum += h * h * QuadraticLength.asinh(v, over: h) }
            }
            return sum / a / k
        }
    }
}

enum QuadraticLength {
    /// ln(1 + y)/y for y ≥ 0 (1 at y = 0): 1 + y is a double-double, whose logarithm is
    /// ln(hi) + lo/hi to the last bit.
    static func lnOnePlusRatio(_ y: Double) -> Double {
        guard y > 0 else { return 1 }
        let (hi, lo) = exactSum(1, y)
        return (Elementary.logarithm(hi).value + lo / hi) / y
    }

    /// asinh(v/h) for v ≥ 0, h > 0, as ln(1 + x + x²/(1 + √(1 + x²))) with x = v/h, or, where x²
    /// would overflow, ln v − ln h + ln 2.
    static func asinh(_ v: Double, over h: Double) -> Double {
        let x = v / h
        guard x < 0x1p500 else {
            return Elementary.logarithm(v).value - Elementary.logarithm(h).value + Elementary.ln2High + Elementary.ln2Low
        }
        let y = x + x * x / (1 + (1 + x * x).squareRoot())
        return y * lnOnePlusRatio(y)
    }
}
