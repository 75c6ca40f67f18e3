/// A number carried as the unevaluated sum of two doubles, `hi + lo` with |lo| ≤ ½ ulp(hi):
/// about 106 bits of significand. Sums and products use the error-free transformations (Knuth's
/// two-sum, and Dekker's product for a product's rounding error), so each operation's
/// relative error is a few units of 2⁻¹⁰⁴ rather than 2⁻⁵³.
///
/// For the few places where doubles cannot tell two things apart that the input's own doubles
/// do: the signed distance of a Bézier curve from a line near a tangency, whose roots rounding
/// blurs over √ulp of the size (see `Intersections.lineCurve`).
struct DoubleDouble {
    var hi: Double
    var lo: Double

    @inline(__always) init(_ x: Double) { hi = x; lo = 0 }

    @inline(__always) init(hi: Double, lo: Double) { self.hi = hi; self.lo = lo }

    /// `a + b` exactly, as a rounded sum and its error (Knuth's two-sum, no branch).
    @inline(__always) static func twoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let s = a + b
        let bb = s - a
        return DoubleDouble(hi: s, lo: (a - (s - bb)) + (b - bb))
    }

    /// `a × b` exactly, as a rounded product and its error (Dekker's product: each factor split
    /// into halves of 26 bits, whose products are exact). Not by a fused multiply-add: the
    /// WebAssembly build has no `fma` to link, and both builds must print the same digits.
    /// Exact while the factors stay below about 1e300 (the split multiplies by 2²⁷ + 1); past
    /// that, a factor is not split and the product is as exact as a double's.
    @inline(__always) static func twoProduct(_ a: Double, _ b: Double) -> DoubleDouble {
        let p = a * b
        let (ah, al) = split(a), (bh, bl) = split(b)
        return DoubleDouble(hi: p, lo: ((ah * bh - p) + ah * bl + al * bh) + al * bl)
    }

    /// Veltkamp's split: `x = hi + lo` exactly, each with at most 26 significant bits.
    @inline(__always) static func split(_ x: Double) -> (hi: Double, lo: Double) {
        let c = 134_217_729.0 * x
        guard c.isFinite else { return (x, 0) }
        let hi = c - (c - x)
        return (hi, x - hi)
    }

    /// The nearest double.
    @inline(__always) var value: Double { hi + lo }

    @inline(__always) static func + (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let s = twoSum(a.hi, b.hi)
        let t = twoSum(a.lo, b.lo)
        let u = twoSum(s.hi, s.lo + t.hi)
        return twoSum(u.hi, u.lo + t.lo)
    }

    @inline(__always) static prefix func - (a: DoubleDouble) -> DoubleDouble { DoubleDouble(hi: -a.hi, lo: -a.lo) }

    @inline(__always) static func - (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble { a + (-b) }

    @inline(__always) static func * (a: DoubleDouble, b: DoubleDouble) -> DoubleDouble {
        let p = twoProduct(a.hi, b.hi)
        let cross = a.hi * b.lo + a.lo * b.hi
        return twoSum(p.hi, p.lo + cross)
    }

    @inline(__always) static func * (a: DoubleDouble, b: Double) -> DoubleDouble { a * DoubleDouble(b) }

    /// `a ÷ b`: a first quotient, then the quotient of what it leaves.
    @inline(__always) static func / (a: DoubleDouble, b: Double) -> DoubleDouble {
        let q = a.hi / b
        let r = a - twoProduct(q, b)
        return twoSum(q, r.hi / b)
    }
}

extension Segment {
    /// The point at `t` in double-double (de Casteljau's construction, every step in
    /// double-double), for a line or a Bézier: within a few units of 2⁻¹⁰⁴ of the size of the
    /// exact point at that parameter, where `point(at:)` is within a few ulps. nil for an arc
    /// (whose sine and cosine there are doubles).
    func exactPoint(at t: Double) -> (x: DoubleDouble, y: DoubleDouble)? {
        var xs = InlineArray<4, DoubleDouble>(repeating: DoubleDouble(0))
        var ys = InlineArray<4, DoubleDouble>(repeating: DoubleDouble(0))
        let count: Int
        switch self {
        case .line(let l):
            xs[0] = DoubleDouble(l.p0.x); ys[0] = DoubleDouble(l.p0.y); xs[1] = DoubleDouble(l.p1.x); ys[1] = DoubleDouble(l.p1.y)
            count = 2
        case .quadratic(let q):
            for (k, p) in [q.p0, q.p1, q.p2].enumerated() { xs[k] = DoubleDouble(p.x); ys[k] = DoubleDouble(p.y) }
            count = 3
        case .cubic(let c):
            for (k, p) in [c.p0, c.p1, c.p2, c.p3].enumerated() { xs[k] = DoubleDouble(p.x); ys[k] = DoubleDouble(p.y) }
            count = 4
        case .arc: return nil
        }
        var n = count - 1
        while n > 0 {
            for k in 0..<n {
                xs[k] = xs[k] + (xs[k + 1] - xs[k]) * t
                ys[k] = ys[k] + (ys[k + 1] - ys[k]) * t
            }
            n -= 1
        }
        return (xs[0], ys[0])
    }
}
