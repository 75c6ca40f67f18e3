/// A number carried as the unevaluated sum of two doubles, `hi + lo` with |lo| ≤ ½ ulp(hi):
/// about 106 bits of significand, on the error-free transformations that `Elementary`'s `Wide`
/// is built on (`exactSum`, and `exactProduct`, Dekker's product: the WebAssembly build has no
/// `fma` to link, and both builds must print the same digits). Unlike `Wide`, whose sums add the
/// low parts after the high ones (enough for the elementary functions, whose terms do not
/// cancel), a sum here is the accurate one, two-sum of both parts: its terms cancel to within
/// the input's roundings, which is what it is for.
///
/// For the few places where doubles cannot tell two things apart that the input's own doubles
/// do: the signed distance of a Bézier curve from a line near a tangency, whose roots rounding
/// blurs over √ulp of the size (see `Intersections.lineCurve`).
struct DoubleDouble {
    var hi: Double
    var lo: Double

    @inline(__always) init(_ x: Double) { hi = x; lo = 0 }

    @inline(__always) init(hi: Double, lo: Double) { self.hi = hi; self.lo = lo }

    /// `a + b` exactly, as a rounded sum and its error.
    @inline(__always) static func twoSum(_ a: Double, _ b: Double) -> DoubleDouble {
        let (s, e) = exactSum(a, b)
        return DoubleDouble(hi: s, lo: e)
    }

    /// `a × b` exactly, as a rounded product and its error (`exactProduct`): exact while the
    /// factors stay below about 1e300; past that a factor is not split (`halves`) and the
    /// product is as exact as a double's.
    @inline(__always) static func twoProduct(_ a: Double, _ b: Double) -> DoubleDouble {
        let (p, e) = exactProduct(a, b)
        return DoubleDouble(hi: p, lo: e)
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
