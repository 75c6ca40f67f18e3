// A double's exponent and significand, and powers of two, read and made from its bits: what the
// standard library's `exponent`, `significand` and `init(sign:exponent:significand:)` give, for
// the normal numbers the hot paths meet, without their general paths (which handle subnormals,
// zeros, infinities and any exponent, and are not inlined: the logarithm of every quadratic's
// length, and every unit scale, called all three). Other values take the standard library's
// path, so the results are the same for every double (`BitsTests`).

extension Double {
    /// `exponent`: for a normal number, its biased exponent less the bias.
    @inlinable var binaryExponent: Int {
        let biased = Int(truncatingIfNeeded: (bitPattern >> 52) & 0x7FF)
        guard biased != 0, biased != 0x7FF else { return exponent }
        return biased - 1023
    }

    /// `significand`: for a normal number, its significand bits under the exponent of 1.
    @inlinable var unitSignificand: Double {
        let biased = (bitPattern >> 52) & 0x7FF
        guard biased != 0, biased != 0x7FF else { return significand }
        return Double(bitPattern: (bitPattern & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
    }

    /// `Double(sign: .plus, exponent: n, significand: 1)`: for n in -1022...1023, the biased
    /// exponent alone.
    @inlinable static func powerOfTwo(_ n: Int) -> Double {
        guard n >= -1022, n <= 1023 else { return Double(sign: .plus, exponent: n, significand: 1) }
        return Double(bitPattern: UInt64(truncatingIfNeeded: n + 1023) << 52)
    }

    /// `Double(sign: .plus, exponent: n, significand: m)` for m in [1, 2): for n in -1022...1023,
    /// m's bits under that exponent.
    @inlinable static func withExponent(_ n: Int, significand m: Double) -> Double {
        guard n >= -1022, n <= 1023, m >= 1, m < 2 else { return Double(sign: .plus, exponent: n, significand: m) }
        return Double(bitPattern: (m.bitPattern & 0x000F_FFFF_FFFF_FFFF) | (UInt64(truncatingIfNeeded: n + 1023) << 52))
    }
}
