// The elementary functions, written in Swift from IEEE arithmetic alone, so that every build
// computes the same bits: the native binary and the WebAssembly module (whose host's `Math`
// differs from one JavaScript engine to the next) print the same digits. `Maths` calls them.
//
// Each function works in double-double arithmetic (a value as an unevaluated sum hi + lo, about
// 106 bits) and rounds once at the end, so its result is within one unit in the last place of
// the true value and is the correctly rounded one but for rare cases very near a midpoint.
// ElementaryTests checks them against mpmath's values and against the C library.
//
// Methods: sine and cosine reduce the angle by quarter turns (Cody and Waite's three-part π/2
// below 2²⁰, Payne and Hanek's product with the bits of 2/π above) and sum the Taylor series
// to degree 17 on [-π/4, π/4]; the inverse tangent subtracts the nearest of atan(i/8) and sums
// its series on the remainder (|t| ≤ 1/16); the inverse sine and cosine are inverse tangents of a
// square root; the logarithm is 2·atanh((m - 1)/(m + 1)) of the significand; the power is
// exp(y·log x) with both in double-double; the cube root is Newton's method with a double-double
// residual.

/// A double-double value: hi + lo, with |lo| at most half an ulp of hi.
struct Wide {
    var hi: Double
    var lo: Double

    init(_ hi: Double, _ lo: Double = 0) {
        self.hi = hi
        self.lo = lo
    }

    var value: Double { hi + lo }

    static prefix func - (a: Wide) -> Wide { Wide(-a.hi, -a.lo) }

    static func + (a: Wide, b: Wide) -> Wide {
        let (s, e) = exactSum(a.hi, b.hi)
        return quickSum(s, e + a.lo + b.lo)
    }

    static func - (a: Wide, b: Wide) -> Wide { a + (-b) }

    static func * (a: Wide, b: Wide) -> Wide {
        let (p, e) = exactProduct(a.hi, b.hi)
        return quickSum(p, e + (a.hi * b.lo + a.lo * b.hi))
    }

    static func / (a: Wide, b: Wide) -> Wide {
        let q = a.hi / b.hi
        let (p, e) = exactProduct(q, b.hi)
        // a.hi - p is exact: p is within a rounding of a.hi.
        let r = (((a.hi - p) - e) + a.lo - q * b.lo) / b.hi
        return quickSum(q, r)
    }

    /// The square root, for hi > 0.
    func squareRoot() -> Wide {
        let s = hi.squareRoot()
        let (p, e) = exactProduct(s, s)
        return quickSum(s, (((hi - p) - e) + lo) / (2 * s))
    }
}

/// a + b as the rounded sum and its exact error.
@inline(__always) func exactSum(_ a: Double, _ b: Double) -> (Double, Double) {
    let s = a + b
    let b1 = s - a
    return (s, (a - (s - b1)) + (b - b1))
}

/// a + b as a `Wide`, when |a| ≥ |b| (or a is 0).
@inline(__always) func quickSum(_ a: Double, _ b: Double) -> Wide {
    let s = a + b
    return Wide(s, b - (s - a))
}

/// a·b as the rounded product and its exact error (Dekker's product: no fused multiply-add,
/// which WebAssembly lacks). Exact with both below 2⁹⁹⁶ in magnitude; past it the error is a
/// double's rounding (see `halves`).
@inline(__always) func exactProduct(_ a: Double, _ b: Double) -> (Double, Double) {
    let p = a * b
    let (ah, al) = halves(a)
    let (bh, bl) = halves(b)
    return (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

/// a as the sum of two doubles of 26 significant bits each (Veltkamp's split); a past 2⁹⁹⁶,
/// whose split would overflow, as itself and 0.
@inline(__always) func halves(_ a: Double) -> (Double, Double) {
    let c = 134_217_729.0 * a
    guard c.isFinite else { return (a, 0) }
    let h = c - (c - a)
    return (h, a - h)
}

/// x·2ⁿ, rounded once when it is subnormal.
func timesPowerOfTwo(_ x: Double, _ n: Int) -> Double {
    var x = x
    var n = n
    while n > 1000 {
        x *= 0x1p1000
        n -= 1000
    }
    while n < -1000 {
        x *= 0x1p-1000
        n += 1000
    }
    return x * Double.powerOfTwo(n)
}

/// Each function is `@inline(never)`: `Maths` is inlinable, and the WebAssembly module (one
/// module, -Osize) copied their bodies into every call, 121 KB.
public enum Elementary {
    /// π/2, π and ln 2 as double-doubles; ln 2's high part has 41 bits, so k·ln2High is exact
    /// for |k| < 2¹².
    static let halfPi = Wide(0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54)
    static let pi = Wide(0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53)
    static let ln2High = 0x1.62e42fefa3000p-1
    static let ln2Low = 0x1.3de6af278ece6p-42
    /// 1/4!, which the sine, the cosine and the exponential share.
    static let f4 = 1.0 / 24

    // MARK: Sine, cosine, tangent

    @inline(never) public static func sin(_ x: Double) -> Double {
        if !x.isFinite { return .nan }
        if Swift.abs(x) < 0x1p-26 { return x }  // sin x = x - x³/6: the x³/6 is below half an ulp
        let (n, r) = quarterTurns(x)
        switch n {
        case 0: return sineNear(r).value
        case 1: return cosineNear(r).value
        case 2: return -sineNear(r).value
        default: return -cosineNear(r).value
        }
    }

    @inline(never) public static func cos(_ x: Double) -> Double {
        if !x.isFinite { return .nan }
        if Swift.abs(x) < 0x1p-27 { return 1 }
        let (n, r) = quarterTurns(x)
        switch n {
        case 0: return cosineNear(r).value
        case 1: return -sineNear(r).value
        case 2: return -cosineNear(r).value
        default: return sineNear(r).value
        }
    }

    @inline(never) public static func tan(_ x: Double) -> Double {
        if !x.isFinite { return .nan }
        if Swift.abs(x) < 0x1p-27 { return x }
        let (n, r) = quarterTurns(x)
        let s = sineNear(r)
        let c = cosineNear(r)
        return n % 2 == 0 ? (s / c).value : -(c / s).value
    }

    /// sin r for |r| ≤ π/4 (a little more is fine): r - r³/6 in double-double, the rest of the
    /// Taylor series to r¹⁷/17! in double.
    static func sineNear(_ r: Wide) -> Wide {
        let x = r.hi
        let (z, zl) = exactProduct(x, x)
        let (c, ce) = exactProduct(z, x)
        let cl = ce + zl * x
        let q = c / 6  // x³/6 as q + ql; c - p is exact (p is within a rounding of c)
        let (p, pe) = exactProduct(q, 6)
        let ql = (((c - p) - pe) + cl) / 6
        let f5 = 1.0 / 120
        let f7 = 1.0 / 5_040
        let f9 = 1.0 / 362_880
        let f11 = 1.0 / 39_916_800
        let f13 = 1.0 / 6_227_020_800
        let f15 = 1.0 / 1_307_674_368_000
        let f17 = 1.0 / 355_687_428_096_000
        let rest = c * z * (f5 + z * (-f7 + z * (f9 + z * (-f11 + z * (f13 + z * (-f15 + z * f17))))))
        let (s, e) = exactSum(x, -q)
        return quickSum(s, e - ql + rest + r.lo * (1 - 0.5 * z + z * z * f4))
    }

    /// cos r for |r| ≤ π/4: 1 - r²/2 in double-double, the rest of the series to r¹⁶/16!.
    static func cosineNear(_ r: Wide) -> Wide {
        let x = r.hi
        let (z, zl) = exactProduct(x, x)
        let f6 = 1.0 / 720
        let f8 = 1.0 / 40_320
        let f10 = 1.0 / 3_628_800
        let f12 = 1.0 / 479_001_600
        let f14 = 1.0 / 87_178_291_200
        let f16 = 1.0 / 20_922_789_888_000
        let rest = (z * z + 2 * z * zl) * (f4 + z * (-f6 + z * (f8 + z * (-f10 + z * (f12 + z * (-f14 + z * f16))))))
        let (s, e) = exactSum(1, -0.5 * z)
        return quickSum(s, e - 0.5 * zl + rest - r.lo * x * (1 - z / 6))
    }

    /// x - n·π/2 with n the nearest whole number of quarter turns: n mod 4 and the remainder
    /// (|r| ≤ π/4 and a rounding) as a double-double.
    static func quarterTurns(_ x: Double) -> (Int, Wide) {
        if Swift.abs(x) <= 0.785_398_163_397_448_3 { return (0, Wide(x)) }
        if Swift.abs(x) >= 0x1p20 { return farQuarterTurns(x) }
        // Cody and Waite: π/2 as four parts, the first three of 33 bits, so k·part is exact
        // for |k| < 2²⁰ (here |k| < 2²⁰·2/π); x - k·first is exact (the two are within a factor of 2).
        let k = (x * 0x1.45f306dc9c883p-1).rounded(.toNearestOrEven)
        let t = x - k * 0x1.921fb544p+0
        let (s1, e1) = exactSum(t, -k * 0x1.0b4611a6p-34)
        let (s2, e2) = exactSum(s1, -k * 0x1.3198a2ep-69)
        let r = quickSum(s2, (e1 + e2) - k * 0x1.b839a252049c1p-104)
        return (Int(saturating: k) & 3, r)
    }

    /// 2/π in words of 32 bits, most significant first: 1,280 bits, enough for any double.
    static let twoOverPiWords: [UInt64] = [
        0xA2F9_836E, 0x4E44_1529, 0xFC27_57D1, 0xF534_DDC0, 0xDB62_9599, 0x3C43_9041, 0xFE51_63AB, 0xDEBB_C561,
        0xB724_6E3A, 0x424D_D2E0, 0x0649_2EEA, 0x09D1_921C, 0xFE1D_EB1C, 0xB129_A73E, 0xE882_35F5, 0x2EBB_4484,
        0xE99C_7026, 0xB45F_7E41, 0x3991_D639, 0x8353_39F4, 0x9C84_5F8B, 0xBDF9_283B, 0x1FF8_97FF, 0xDE05_980F,
        0xEF2F_118B, 0x5A0A_6D1F, 0x6D36_7ECF, 0x27CB_09B7, 0x4F46_3F66, 0x9E5F_EA2D, 0x7527_BAC7, 0xEBE5_F17B,
        0x3D07_39F7, 0x8A52_92EA, 0x6BFB_5FB1, 0x1F8D_5D08, 0x5603_3046, 0xFC7B_6BAB, 0xF0CF_BC20, 0x9AF4_361D,
    ]

    /// `quarterTurns` for |x| ≥ 2²⁰, after Payne and Hanek: x = M·2ᴱ with M an integer of 53
    /// bits; x·(2/π) mod 8 needs only the words of 2/π from the one whose product with M is no
    /// longer a multiple of 8, and eight of them give 190 bits of the fraction and more.
    static func farQuarterTurns(_ x: Double) -> (Int, Wide) {
        let m = x.significandBitPattern | (1 << 52)
        let e = x.exponent - 52
        let first = e >= 35 ? (e - 35) / 32 + 1 : 0
        let count = 8
        // limbs: M times the words first ..< first + count, 32 bits each, least significant first.
        var limbs = [UInt64](repeating: 0, count: count + 2)
        for (half, multiplier) in [m & 0xFFFF_FFFF, m >> 32].enumerated() {
            var carry: UInt64 = 0
            for i in 0..<count {
                let word = twoOverPiWords[first + count - 1 - i]
                let t = word * multiplier + limbs[i + half] + carry
                limbs[i + half] = t & 0xFFFF_FFFF
                carry = t >> 32
            }
            limbs[count + half] += carry
        }
        // The product's binary point lies `point` bits from its bottom.
        let point = 32 * (first + count) - e
        func bits(at p: Int) -> UInt64 {  // bits p ..< p + 64 of the product (p ≥ 0)
            func limb(_ i: Int) -> UInt64 { i < limbs.count ? limbs[i] : 0 }
            let low = (limb(p / 32 + 1) << 32) | limb(p / 32)
            let shift = p % 32
            return (low >> shift) | (limb(p / 32 + 2) << (64 - shift))
        }
        var turns = Int(truncatingIfNeeded: bits(at: point) & 7)
        var fraction = [bits(at: point - 64), bits(at: point - 128), bits(at: point - 192)]
        // Centre the fraction on 0: from [1/2, 1) to [-1/2, 0), one more quarter turn.
        var negative = false
        if fraction[0] >> 63 == 1 {
            turns += 1
            negative = true
            var carry: UInt64 = 1
            for i in [2, 1, 0] {
                let (sum, over) = (~fraction[i]).addingReportingOverflow(carry)
                fraction[i] = sum
                carry = over ? 1 : 0
            }
        }
        // Normalise: the leading one to the top.
        var shift = 0
        while shift < 128, fraction[0] == 0 {
            fraction = [fraction[1], fraction[2], 0]
            shift += 64
        }
        let lead = fraction[0].leadingZeroBitCount
        if lead == 64 { return (turns & 3, Wide(0)) }
        if lead > 0 {
            fraction[0] = (fraction[0] << lead) | (fraction[1] >> (64 - lead))
            fraction[1] = (fraction[1] << lead) | (fraction[2] >> (64 - lead))
        }
        shift += lead
        let high = timesPowerOfTwo(Double(fraction[0] >> 11), -53 - shift)
        let low = timesPowerOfTwo(Double(fraction[0] & 0x7FF) + Double(fraction[1]) * 0x1p-64, -64 - shift)
        var r = quickSum(high, low) * halfPi
        if negative { r = -r }
        if x < 0 {
            r = -r
            turns = -turns
        }
        return (turns & 3, r)
    }

    // MARK: Inverse tangent, sine and cosine

    @inline(never) public static func atan(_ x: Double) -> Double { atan2(x, 1) }

    @inline(never) public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        let pi = Self.pi.hi
        if y == 0 {
            // ±0 toward +x, ±π toward -x (also for x = -0).
            return x > 0 || (x == 0 && x.sign == .plus) ? y : (y.sign == .minus ? -pi : pi)
        }
        if x == 0 { return y > 0 ? halfPi.hi : -halfPi.hi }
        if x.isInfinite {
            let angle = y.isInfinite ? (x > 0 ? pi / 4 : 3 * pi / 4) : (x > 0 ? 0 : pi)
            return y < 0 ? -angle : angle
        }
        if y.isInfinite { return y > 0 ? halfPi.hi : -halfPi.hi }
        // Both scaled by one power of two (exactly but where the smaller one underflows, when
        // the angle is below any double anyway).
        let scale = -Swift.max(x.binaryExponent, y.binaryExponent)
        let a = Wide(scaledMagnitude(x, scale))
        let b = Wide(scaledMagnitude(y, scale))
        // Toward +x at an angle below 2⁻³⁰, atan u = u - u³/3 rounds to u: the quotient, rounded
        // once (also where it is subnormal, where double-doubles lose their meaning).
        if x > 0 && b.hi < 0x1p-30 * a.hi { return y / x }
        var angle = firstQuadrant(b, a)
        if x < 0 { angle = Self.pi - angle }
        return y < 0 ? -angle.value : angle.value
    }

    @inline(never) public static func asin(_ x: Double) -> Double {
        if x.isNaN || Swift.abs(x) > 1 { return .nan }
        if Swift.abs(x) < 0x1p-26 { return x }
        let a = Swift.abs(x)
        let angle = firstQuadrant(Wide(a), complementRoot(a))
        return x < 0 ? -angle.value : angle.value
    }

    @inline(never) public static func acos(_ x: Double) -> Double {
        if x.isNaN || Swift.abs(x) > 1 { return .nan }
        var angle = firstQuadrant(complementRoot(Swift.abs(x)), Wide(Swift.abs(x)))
        if x < 0 { angle = Self.pi - angle }
        return angle.value
    }

    /// √((1 - a)(1 + a)) for 0 ≤ a ≤ 1, in double-double.
    static func complementRoot(_ a: Double) -> Wide {
        let (d, de) = exactSum(1, -a)
        let (s, se) = exactSum(1, a)
        let w = Wide(d, de) * Wide(s, se)
        return w.hi > 0 ? w.squareRoot() : Wide(0)
    }

    /// |x|·2ⁿ.
    static func scaledMagnitude(_ x: Double, _ n: Int) -> Double {
        Double.withExponent(x.binaryExponent + n, significand: x.unitSignificand)
    }

    /// The angle of (x, y) for x, y ≥ 0, not both 0, in [0, π/2].
    static func firstQuadrant(_ y: Wide, _ x: Wide) -> Wide {
        y.hi <= x.hi ? arcTangentNear(y / x) : halfPi - arcTangentNear(x / y)
    }

    /// atan u for 0 ≤ u ≤ 1: atan(i/8) + atan(t), t = (u - i/8)/(1 + u·i/8) with i the nearest
    /// eighth, so |t| ≤ 1/16 and the series to t¹⁷ is enough.
    static func arcTangentNear(_ u: Wide) -> Wide {
        let i = (u.hi * 8).rounded(.toNearestOrEven)
        let c = i / 8
        let (n, ne) = exactSum(u.hi - c, u.lo)  // u.hi - c is exact: the two are within a factor of 2
        let (p, pe) = exactProduct(u.hi, c)
        let (d, de) = exactSum(1, p)
        let t = Wide(n, ne) / quickSum(d, de + pe + u.lo * c)
        let z = t.hi * t.hi
        let series = -1.0 / 3 + z * (1.0 / 5 + z * (-1.0 / 7 + z * (1.0 / 9 + z * (-1.0 / 11 + z * (1.0 / 13 + z * (-1.0 / 15 + z / 17))))))
        let rest = t.hi * z * series
        let base = arcTangentOfEighths[Int(saturating: i)]
        let (s, e) = exactSum(base.hi, t.hi)
        return quickSum(s, e + base.lo + t.lo * (1 - z) + rest)
    }

    /// atan(i/8) for i = 0 ... 8, as double-doubles (from mpmath, in hexadecimal: every bit exact).
    static let arcTangentOfEighths: [Wide] = [
        Wide(0, 0),
        Wide(0x1.fd5ba9aac2f6ep-4, -0x1.cd37686760c17p-59),
        Wide(0x1.f5b75f92c80ddp-3, 0x1.8ab6e3cf7afbdp-57),
        Wide(0x1.6f61941e4def1p-2, -0x1.c63aae6f6e918p-56),
        Wide(0x1.dac670561bb4fp-2, 0x1.a2b7f222f65e2p-56),
        Wide(0x1.1e00babdefeb4p-1, -0x1.928df287a668fp-58),
        Wide(0x1.4978fa3269ee1p-1, 0x1.2419a87f2a458p-56),
        Wide(0x1.700a7c5784634p-1, -0x1.8c34d25aadef6p-56),
        Wide(0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55),
    ]

    // MARK: Hypotenuse, logarithm, power, cube root

    @inline(never) public static func hypot(_ x: Double, _ y: Double) -> Double {
        if x.isInfinite || y.isInfinite { return .infinity }
        if x.isNaN || y.isNaN { return .nan }
        let big = Swift.max(Swift.abs(x), Swift.abs(y))
        let small = Swift.min(Swift.abs(x), Swift.abs(y))
        if small == 0 { return big }
        let n = big.binaryExponent
        let a = scaledMagnitude(big, -n)
        let b = scaledMagnitude(small, -n)
        let (p, pe) = exactProduct(a, a)
        let (q, qe) = exactProduct(b, b)
        let (s, se) = exactSum(p, q)
        let root = quickSum(s, se + pe + qe).squareRoot()
        return timesPowerOfTwo(root.value, n)
    }

    @inline(never) public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x.isInfinite { return x }
        return logarithm(x).value
    }

    /// ln x for finite x > 0: k·ln 2 + 2·atanh(s), x = m·2ᵏ with m in [√½, √2] and
    /// s = (m - 1)/(m + 1), |s| ≤ 0.172: 2s + 2s³/3 in double-double, the series to s²⁷ in double.
    static func logarithm(_ x: Double) -> Wide {
        var k = x.binaryExponent
        var m = x.unitSignificand
        if m > 1.414_213_562_373_095_1 {
            m *= 0.5
            k += 1
        }
        let (d, de) = exactSum(m, 1)
        let s = Wide(m - 1) / Wide(d, de)  // m - 1 is exact
        let (z, zl) = exactProduct(s.hi, s.hi)
        let (c, ce) = exactProduct(z, s.hi)
        let cl = ce + zl * s.hi
        let q = 2 * c / 3  // 2s³/3 as q + ql
        let (p, pe) = exactProduct(q, 3)
        let ql = (((2 * c - p) - pe) + 2 * cl) / 3
        let series =
            1.0 / 5 + z
            * (1.0 / 7 + z
                * (1.0 / 9 + z
                    * (1.0 / 11 + z
                        * (1.0 / 13 + z * (1.0 / 15 + z * (1.0 / 17 + z * (1.0 / 19 + z * (1.0 / 21 + z * (1.0 / 23 + z * (1.0 / 25 + z / 27))))))))))
        let rest = 2 * c * z * series
        let kk = Double(k)
        let (a, ae) = exactSum(kk * ln2High, 2 * s.hi)
        let (b, be) = exactSum(a, q)
        return quickSum(b, ae + be + kk * ln2Low + ql + 2 * s.lo * (1 + z) + rest)
    }

    /// eᵗ for a double-double t with |t.hi| ≤ 746, rounded once: t = k·ln 2 + r, |r| ≤ ln 2 / 2,
    /// 1 + r + r²/2 in double-double, the rest of the series to r¹⁵/15! in double.
    static func exponential(_ t: Wide) -> Double {
        let k = (t.hi * 0x1.71547652b82fep+0).rounded(.toNearestOrEven)
        let (r1, r1e) = exactSum(t.hi, -k * ln2High)
        let r = quickSum(r1, r1e + t.lo - k * ln2Low)
        let (z, zl) = exactProduct(r.hi, r.hi)
        let x = r.hi
        let f3 = 1.0 / 6
        let f5 = 1.0 / 120
        let f6 = 1.0 / 720
        let f7 = 1.0 / 5_040
        let f8 = 1.0 / 40_320
        let f9 = 1.0 / 362_880
        let f10 = 1.0 / 3_628_800
        let f11 = 1.0 / 39_916_800
        let f12 = 1.0 / 479_001_600
        let f13 = 1.0 / 6_227_020_800
        let f14 = 1.0 / 87_178_291_200
        let f15 = 1.0 / 1_307_674_368_000
        let series =
            f3 + x * (f4 + x * (f5 + x * (f6 + x * (f7 + x * (f8 + x * (f9 + x * (f10 + x * (f11 + x * (f12 + x * (f13 + x * (f14 + x * f15)))))))))))
        let rest = x * z * series
        let (s1, e1) = exactSum(1, r.hi)
        let (s2, e2) = exactSum(s1, 0.5 * z)
        let v = s2 + (e1 + e2 + 0.5 * zl + r.lo * (1 + r.hi) + rest)
        return timesPowerOfTwo(v, Int(saturating: k))
    }

    @inline(never) public static func pow(_ x: Double, _ y: Double) -> Double {
        // The special cases of C's pow (C11 F.10.4.4).
        if y == 0 || x == 1 { return 1 }
        if x.isNaN || y.isNaN { return .nan }
        let whole = y.rounded(.towardZero) == y
        let odd = whole && Swift.abs(y) < 0x1p53 && y.truncatingRemainder(dividingBy: 2) != 0
        if y.isInfinite {
            let a = Swift.abs(x)
            return a == 1 ? 1 : ((a < 1) == (y < 0) ? .infinity : 0)
        }
        if x == 0 {
            if y < 0 { return odd && x.sign == .minus ? -.infinity : .infinity }
            return odd ? x : 0
        }
        if x.isInfinite {
            let magnitude = y < 0 ? 0.0 : .infinity
            return x < 0 && odd ? -magnitude : magnitude
        }
        if x < 0 && !whole { return .nan }
        let sign = x < 0 && odd ? -1.0 : 1.0
        let l = logarithm(Swift.abs(x))
        if l.hi == 0 { return sign }  // x = -1
        let estimate = l.hi * y
        if estimate > 710 { return sign * .infinity }
        if estimate < -746 { return sign * 0 }
        let (p, pe) = exactProduct(l.hi, y)
        return sign * exponential(quickSum(p, pe + l.lo * y))
    }

    @inline(never) public static func cbrt(_ x: Double) -> Double {
        if x == 0 || !x.isFinite { return x }
        let e = x.exponent
        let third = e >= 0 ? e / 3 : (e - 2) / 3  // ⌊e/3⌋
        let m = Double(sign: .plus, exponent: e - 3 * third, significand: x.significand)  // [1, 8)
        var y = 1 + (m - 1) / 7
        for _ in 0..<6 { y -= (y * y * y - m) / (3 * y * y) }
        // One more step with the residual m - y³ in double-double (m - c is exact).
        let (s, se) = exactProduct(y, y)
        let (c, ce) = exactProduct(s, y)
        let residual = (m - c) - (ce + se * y)
        y += residual / (3 * y * y)
        let root = Double(sign: .plus, exponent: third, significand: y)
        return x < 0 ? -root : root
    }
}
