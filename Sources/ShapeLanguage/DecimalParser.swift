/// Decimal numerals to the nearest double, from bytes, without making a string.
///
/// A numeral of at most 19 significant digits with a decimal exponent of at most 19 either way
/// (nearly every number a script holds) is converted exactly: as one correctly rounded operation
/// on two exact doubles when both fit in 53 bits (Clinger's fast path), otherwise (on x86-64) by
/// one operation in 80-bit extended precision whose result is checked not to be a double
/// rounding case, or else by 128-bit integer arithmetic rounded half to even. Anything else goes to the standard library's
/// conversion. Either way the result is the double nearest the numeral, the same as `Double(text)`.
enum DecimalParser {
    /// The value of the numeral `bytes[range]` (digits, an optional fraction, an optional
    /// exponent), or nil when it is not one.
    static func parse(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        bytes.withUnsafeBufferPointer { parse($0, range) }
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var k = range.lowerBound
        let end = range.upperBound
        var mantissa: UInt64 = 0
        var digits = 0  // significant digits in `mantissa`
        var exponent = 0  // decimal exponent of the last digit taken
        var sawDigit = false
        var tooLong = false
        // The whole part, then the fraction: leading zeros are not significant, and past 19
        // significant digits the numeral goes to the standard library.
        var fraction = false
        while k < end {
            let b = bytes[k]
            if b == 0x2E, !fraction {
                fraction = true
                k += 1
                continue
            }
            let d = b &- 0x30
            guard d < 10 else { break }
            sawDigit = true
            k += 1
            if digits == 0, d == 0 {
                if fraction { exponent -= 1 }
                continue
            }
            if digits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                digits += 1
                if fraction { exponent -= 1 }
            } else {
                tooLong = true
            }
        }
        guard sawDigit else { return nil }
        if k < end, bytes[k] == 0x65 || bytes[k] == 0x45 {
            k += 1
            var negative = false
            if k < end, bytes[k] == 0x2B || bytes[k] == 0x2D { negative = bytes[k] == 0x2D; k += 1 }
            guard k < end else { return nil }
            var e = 0
            while k < end, bytes[k] >= 0x30, bytes[k] <= 0x39 {
                if e < 100_000 { e = e * 10 + Int(bytes[k] - 0x30) }
                k += 1
            }
            exponent += negative ? -e : e
        }
        guard k == end else { return nil }
        return convert(mantissa: mantissa, exponent: exponent, exact: !tooLong, bytes, range)
    }

    /// Scans the numeral at `start` by the lexer's rules (digits; a fraction unless the point
    /// begins `..`; an exponent only when digits follow the `e` and its sign) and converts it in
    /// the same pass. Returns where it ends and its value.
    @inline(__always)
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, value: Double?) {
        var k = start
        let n = bytes.count
        var mantissa: UInt64 = 0
        var digits = 0, exponent = 0
        var exact = true
        // The digits from k on, into the mantissa: runs of up to eight at a time while they fit in
        // the 19 significant digits kept, then one at a time (near the end of the source too).
        // Returns how many were kept (a fraction's lower the exponent by as many).
        func takeDigits() -> Int {
            let before = digits
            while k + 8 <= n {
                let run = digitRun(bytes, at: k)
                guard run.count > 0, digits + run.count <= 19 else { break }
                mantissa = mantissa &* integerTenTo(run.count) &+ run.value
                digits += run.count
                k += run.count
                if run.count < 8 { break }
            }
            while k < n {
                let d = bytes[k] &- 0x30
                guard d < 10 else { break }
                k += 1
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(d); digits += 1 } else { exact = false }
            }
            return digits - before
        }
        // Leading zeros are not significant.
        while k < n, bytes[k] == 0x30 { k += 1 }
        _ = takeDigits()
        if k < n, bytes[k] == 0x2E, !(k + 1 < n && bytes[k + 1] == 0x2E) {
            k += 1
            if digits == 0 {
                while k < n, bytes[k] == 0x30 { exponent -= 1; k += 1 }
            }
            exponent -= takeDigits()
        }
        if k < n, bytes[k] | 0x20 == 0x65 {  // e or E
            var j = k + 1
            var negative = false
            if j < n, bytes[j] == 0x2B || bytes[j] == 0x2D { negative = bytes[j] == 0x2D; j += 1 }
            if j < n, bytes[j] &- 0x30 < 10 {
                var e = 0
                while j < n, bytes[j] &- 0x30 < 10 {
                    if e < 100_000 { e = e * 10 + Int(bytes[j] &- 0x30) }
                    j += 1
                }
                exponent += negative ? -e : e
                k = j
            }
        }
        return (k, convert(mantissa: mantissa, exponent: exponent, exact: exact, bytes, start..<k))
    }

    /// The digits that begin the eight bytes at `k` (the caller checks that eight bytes are
    /// there): how many (0 to 8) and their value, the first the most significant. The bytes are
    /// read as one word; xor with "0" leaves a digit's byte 0 to 9, and any other byte has a bit
    /// in its high half, or gains one when 6 is added. (A carry out of a byte only reaches the
    /// bytes after it, which lie past the first one that is not a digit.)
    @inline(__always)
    static func digitRun(_ bytes: UnsafeBufferPointer<UInt8>, at k: Int) -> (count: Int, value: UInt64) {
        let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + k).loadUnaligned(as: UInt64.self))
        let x = word ^ 0x3030_3030_3030_3030
        let other = (x | (x &+ 0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0
        let count = other.trailingZeroBitCount >> 3
        guard count > 0 else { return (0, 0) }
        // The run moved to the top of the word: the bytes below it read as leading zeros.
        let d = x << UInt64(64 - 8 * count)
        // The first byte read is the lowest: each pair is 10 · lower byte + higher byte.
        let pairs = (d & 0x00FF_00FF_00FF_00FF) &* 10 &+ ((d >> 8) & 0x00FF_00FF_00FF_00FF)
        let fours = (pairs & 0x0000_FFFF_0000_FFFF) &* 100 &+ ((pairs >> 16) & 0x0000_FFFF_0000_FFFF)
        return (count, (fours & 0xFFFF_FFFF) &* 10_000 &+ (fours >> 32))
    }

    /// 10^k for k in 1...8, as an integer (`tenTo` gives doubles).
    @inline(__always) static func integerTenTo(_ k: Int) -> UInt64 {
        switch k {
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }

    /// mantissa · 10^exponent, or when `exact` is false (more than 19 digits) the numeral
    /// `bytes[range]` through the standard library.
    @inline(__always)
    static func convert(mantissa: UInt64, exponent: Int, exact: Bool, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        if !exact || exponent > 19 || exponent < -19 {
            return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
        }
        if mantissa == 0 { return 0 }
        // Clinger: both operands exact, one rounding.
        if mantissa < 1 << 53 {
            let m = Double(mantissa)
            if exponent >= 0, exponent <= 22 { return m * tenTo(exponent) }
            if exponent < 0, exponent >= -22 { return m / tenTo(-exponent) }
        }
        #if arch(x86_64)
        // One operation on two exact 64-bit-significand numbers rounds once; rounding that to
        // a double again is exact unless the first rounding landed on a midpoint between
        // two doubles (the 11 bits below a double's 53 read 0x400): then the integer way.
        let wide = Float80(mantissa)
        let x = exponent >= 0 ? wide * Float80(tenTo(exponent)) : wide / Float80(tenTo(-exponent))
        if x.significandBitPattern & 0x7FF != 0x400 { return Double(x) }
        #endif
        if exponent >= 0 {
            let p = mantissa.multipliedFullWidth(by: UInt64(tenTo(exponent)))
            return rounded(high: p.high, low: p.low, sticky: false, binaryExponent: 0)
        }
        // mantissa / 10^k: normalise the mantissa to 64 bits, then a 128-bit quotient from two
        // 128/64 divisions; the remainder only says whether anything was left over.
        let d = UInt64(tenTo(-exponent))
        let shift = mantissa.leadingZeroBitCount
        let m = mantissa << shift
        let (q1, r1) = m.quotientAndRemainder(dividingBy: d)
        let (q0, r0) = d.dividingFullWidth((high: r1, low: 0))
        return rounded(high: q1, low: q0, sticky: r0 != 0, binaryExponent: -64 - shift)
    }

    /// (high·2^64 + low + a nonzero fraction below one if `sticky`) · 2^binaryExponent, rounded
    /// half to even to 53 bits. The value must be nonzero and far from the subnormal range.
    static func rounded(high: UInt64, low: UInt64, sticky: Bool, binaryExponent: Int) -> Double {
        // The top 64 significant bits, and whether anything below them is set.
        var top: UInt64, rest: Bool, exponent: Int
        if high != 0 {
            let z = high.leadingZeroBitCount
            top = z == 0 ? high : (high << z) | (low >> (64 - z))
            rest = (z == 0 ? low : low << z) != 0 || sticky
            exponent = binaryExponent + 64 - z
        } else {
            let z = low.leadingZeroBitCount
            top = low << z
            rest = sticky
            exponent = binaryExponent - z
        }
        // top has its leading bit at 63: keep 53, round on the 11 below.
        var significand = top >> 11
        let dropped = top & 0x7FF
        if dropped > 0x400 || (dropped == 0x400 && (rest || significand & 1 == 1)) { significand += 1 }
        // value = significand · 2^(exponent + 11); an overflow to 2^53 stays exact as a double.
        return Double(sign: .plus, exponent: exponent + 11, significand: Double(significand))
    }

    /// 10^k for k in 0...22, each exact: a table in the code, not an array to initialise.
    @inline(__always) static func tenTo(_ k: Int) -> Double {
        switch k {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }
}
