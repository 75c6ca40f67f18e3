/// The two ways numbers are written.
///
/// Text: at most `precision` decimals, rounded half away from zero **on the shortest decimal
/// that reads back as the same double** (so 2.675 shows as 2.68, as it reads), trailing zeros
/// and a trailing point trimmed, never `-0`. Magnitudes of 1e16 and more keep Swift's shortest
/// form with an exponent (`1e+16`). A value that is not zero never prints as 0: one too small to
/// show at `precision` decimals is written with `precision` significant digits instead, in
/// fixed notation down to 1e-6 (`0.000027`) and with an exponent below (`1e-9`, `1.2346e-10`).
///
/// JSON: the shortest round-trip form, integers without `.0`, `-0` written as `0`.
public enum NumberFormat {
    public static func text(_ x: Double, precision: Int = 4) -> String {
        var out = ""
        text(x, precision: precision, into: &out)
        return out
    }

    /// `text(x, precision:)` appended to `out`: the common case's digits are written straight
    /// in, with no string made for them (a script's reports write tens of thousands).
    public static func text<Sink: TextSink>(_ x: Double, precision: Int = 4, into out: inout Sink) {
        guard x.isFinite else { return out.write(x.isNaN ? "nan" : (x < 0 ? "-inf" : "inf")) }
        if x == 0 { return out.write("0") }
        let magnitude = Swift.abs(x)
        if magnitude >= Magnitude.plainText { return out.write(x.description) }
        // Digits and decimal exponent of the shortest representation: value = 0.d1d2... × 10^e.
        if magnitude < 0.5 * tenToThe(-precision) { return out.write(small(x, significant: Swift.max(precision, 1))) }
        if scaled(x, precision: precision, { out.write(ascii: $0) }) != nil { return }
        out.write(shortestRounded(x, precision: precision))
    }

    /// An error bound or a tolerance in text: below 1, `precision` significant digits (8.2e-5
    /// as `0.000082`, not `0.0001`, which reads as past a tolerance of 8.4e-5), else as `text`.
    public static func bound(_ x: Double, precision: Int = 4) -> String {
        guard x.isFinite, x != 0, Swift.abs(x) < 1 else { return text(x, precision: precision) }
        return small(x, significant: Swift.max(precision, 1))
    }

    /// `scaled` as a string (its test reads it).
    static func scaled(_ x: Double, precision: Int) -> String? {
        scaled(x, precision: precision) { String(decoding: $0, as: UTF8.self) }
    }

    /// The common case without finding the shortest decimal: x·10^precision rounded to a whole
    /// number, when that product is far from a tie (a tie is where rounding the shortest
    /// decimal and rounding the double could differ, as for 2.675, and the product carries a
    /// rounding error of its own). nil when it is near one or too large to be exact; else what
    /// `body` makes of its text's bytes.
    @inline(__always)
    static func scaled<R>(_ x: Double, precision: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard precision <= 15 else { return nil }
        let s = Swift.abs(x) * DecimalParser.tenTo(precision)
        guard s < Magnitude.exactWhole else { return nil }
        let whole = s.rounded(.down)
        let fraction = s - whole
        // The product's own error is below 1e-15 of it; the shortest decimal is within half an
        // ulp of x: together under 3e-16 of s. Far from .5 by 1e-12 of s, both round the same way.
        guard Swift.abs(fraction - 0.5) > noiseFloor * Swift.max(s, 1) else { return nil }
        guard let w = UInt64(exactly: whole) else { return nil }
        var n = w + (fraction > 0.5 ? 1 : 0)
        guard n > 0 else { return nil }  // rounds to 0: `small` writes it
        var decimals = precision
        while decimals > 0, n % 10 == 0 { n /= 10; decimals -= 1 }
        // Written from the right into a buffer on the stack: the decimals, the point, the whole
        // part (at least its 0), the sign.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var k = 40
            func put(_ b: UInt8) { k -= 1; buffer[k] = b }
            func digit() { put(0x30 + UInt8(n % 10)); n /= 10 }
            if decimals > 0 {
                for _ in 0..<decimals { digit() }
                put(0x2E)
            }
            repeat { digit() } while n > 0
            if x < 0 { put(0x2D) }
            return body(UnsafeBufferPointer(rebasing: buffer[k..<40]))
        }
    }

    /// `text` by the rule itself: the shortest decimal, rounded half away from zero.
    static func shortestRounded(_ x: Double, precision: Int) -> String {
        var (digits, exponent) = decimalDigits(Swift.abs(x))
        let keep = exponent + precision  // digits that stay
        if keep < 0 { return small(x, significant: Swift.max(precision, 1)) }
        round(&digits, &exponent, keeping: keep)
        return fixed(digits, exponent, negative: x < 0)
    }

    /// `x` in fixed notation, never with an exponent whatever its size (PDF's numbers have
    /// none): at most `decimals` decimals, rounded half away from zero on the shortest decimal,
    /// trailing zeros trimmed; 0 for a value that rounds to zero (never `-0`) and for a value
    /// that is not finite.
    public static func plain(_ x: Double, decimals: Int) -> String {
        guard x.isFinite, x != 0 else { return "0" }
        var (digits, exponent) = decimalDigits(Swift.abs(x))
        let keep = exponent + decimals
        if keep < 0 { return "0" }
        round(&digits, &exponent, keeping: keep)
        return fixed(digits, exponent, negative: x < 0)
    }

    /// The decimal `digits` (value 0.d₁d₂… × 10^`exponent`) laid out around the decimal point,
    /// trailing zeros of the fraction trimmed; "0" when none is left.
    static func fixed(_ digits: [UInt8], _ exponent: Int, negative: Bool) -> String {
        var digits = digits
        while let last = digits.last, last == 0 { digits.removeLast() }
        if digits.isEmpty { return "0" }
        // Lay out the digits around the decimal point, as ASCII bytes.
        var out: [UInt8] = []
        out.reserveCapacity(digits.count + Swift.max(0, -exponent) + Swift.max(0, exponent) + 3)
        if negative { out.append(0x2D) }
        func append(_ ds: ArraySlice<UInt8>) { for d in ds { out.append(0x30 + d) } }
        func zeros(_ n: Int) { for _ in 0..<Swift.max(n, 0) { out.append(0x30) } }
        if exponent <= 0 {
            out.append(0x30); out.append(0x2E)
            zeros(-exponent)
            append(digits[...])
        } else if exponent >= digits.count {
            append(digits[...])
            zeros(exponent - digits.count)
        } else {
            append(digits[..<exponent])
            out.append(0x2E)
            append(digits[exponent...])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The coordinates of a point or vector in text: each as `text(_:beside:precision:)` writes
    /// it beside the larger one.
    public static func text(pair x: Double, _ y: Double, precision: Int = 4) -> (String, String) {
        let scale = pairScale(x, y)
        return (text(x, beside: scale, precision: precision), text(y, beside: scale, precision: precision))
    }

    /// The scale each coordinate of a pair is written beside: the larger.
    public static func pairScale(_ x: Double, _ y: Double) -> Double { Swift.max(Swift.abs(x), Swift.abs(y)) }

    /// `x` as `text` writes it, except that a value that is rounding noise beside `scale` shows
    /// as 0: below `noiseFloor` of it (the end of a quarter arc of radius 10 computes as
    /// x = 6.1e-16) and too small to show at `precision` decimals. A value that does show at
    /// `precision` decimals is written whatever its size beside `scale` (a point drawn at
    /// (1e14, 5) keeps its 5).
    public static func text(_ x: Double, beside scale: Double, precision: Int = 4) -> String {
        var out = ""
        text(x, beside: scale, precision: precision, into: &out)
        return out
    }

    /// `text(x, beside: scale, precision:)` appended to `out`.
    public static func text<Sink: TextSink>(_ x: Double, beside scale: Double, precision: Int = 4, into out: inout Sink) {
        let v = Swift.abs(x)
        if v < noiseFloor * Swift.abs(scale), v < 0.5 * tenToThe(-precision) { return out.write("0") }
        text(x, precision: precision, into: &out)
    }

    /// The relative size below which one coordinate of a point is noise beside the other: the
    /// geometry's lengths and points are accurate to about 1e-12 relative (docs/geometry.md).
    public static let noiseFloor = 1e-12

    /// Keeps the first `count` of the decimal `digits` (value 0.d₁d₂… × 10^`exponent`), rounding
    /// half away from zero on them; a carry past the first digit adds one in front.
    static func round(_ digits: inout [UInt8], _ exponent: inout Int, keeping count: Int) {
        guard count < digits.count else { return }
        let roundUp = digits[count] >= 5
        digits.removeSubrange(count...)
        guard roundUp else { return }
        var i = count - 1
        while i >= 0 {
            if digits[i] == 9 { digits[i] = 0; i -= 1 } else { digits[i] += 1; break }
        }
        if i < 0 { digits.insert(1, at: 0); exponent += 1 }
    }

    /// 10ⁿ for small whole n, exactly as a literal would read: for |n| ≤ 22 from exact powers
    /// (1 / 10ⁿ is one correctly rounded division of exact numbers, the double nearest 10⁻ⁿ, as
    /// the literal is).
    static func tenToThe(_ n: Int) -> Double {
        if n <= 0, n >= -22 { return 1 / DecimalParser.tenTo(-n) }
        if n > 0, n <= 22 { return DecimalParser.tenTo(n) }
        return Double("1e\(n)")!
    }

    /// A non-zero value below what `precision` decimals show: `significant` digits, rounded half
    /// away from zero on the shortest decimal, trailing zeros trimmed.
    static func small(_ x: Double, significant: Int) -> String {
        var (digits, exponent) = decimalDigits(Swift.abs(x))
        round(&digits, &exponent, keeping: significant)
        while digits.count > 1, digits.last == 0 { digits.removeLast() }
        let sign = x < 0 ? "-" : ""
        let text = String(decoding: digits.map { 0x30 + $0 }, as: UTF8.self)
        // value = 0.d₁d₂… × 10^exponent
        if exponent > -6 {
            return sign + "0." + String(repeating: "0", count: -exponent) + text
        }
        let mantissa = digits.count == 1 ? text : String(text.first!) + "." + text.dropFirst()
        return sign + mantissa + "e-" + String(1 - exponent)
    }

    /// The decimal digits of the shortest round-trip representation of a positive finite double,
    /// and the exponent e with value = 0.d₁d₂… × 10ᵉ.
    static func decimalDigits(_ x: Double) -> ([UInt8], Int) {
        // Swift's description is ASCII: digits, an optional ".", an optional "e±NN".
        var digits: [UInt8] = []
        digits.reserveCapacity(20)
        var integerCount = 0, seenDot = false, exponent = 0, exponentSign = 1, inExponent = false
        for b in x.description.utf8 {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    exponent = exponent * 10 + Int(b - 48)
                } else {
                    digits.append(b - 48)
                    if !seenDot { integerCount += 1 }
                }
            case UInt8(ascii: "."): seenDot = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-"): if inExponent { exponentSign = -1 }
            default: break
            }
        }
        var e = exponentSign * exponent + integerCount
        var leading = 0
        while leading < digits.count - 1, digits[leading] == 0 { leading += 1; e -= 1 }
        if leading > 0 { digits.removeFirst(leading) }
        return (digits, e)
    }

    /// The shortest decimal of at most 6 decimal places within `tolerance` of x (the exports'
    /// clean numbers: 16 for 15.999999999999996, 0 for 2.4e-15 when the tolerance is 1e-12 of a
    /// path's size): x rounded to 0, 1, ..., 6 decimals until one is that near; x itself (every
    /// bit, as 4.330127018922194 stays) when none is. Rounding noise goes, real digits stay.
    public static func clean(_ x: Double, tolerance: Double) -> String {
        guard x.isFinite else { return json(x) }
        if Swift.abs(x) <= tolerance { return "0" }
        for places in 0...6 {
            let scale = DecimalParser.tenTo(places)
            let d = (x * scale).rounded() / scale
            if d.isFinite, Swift.abs(d - x) <= tolerance { return json(d) }
        }
        return json(x)
    }

    public static func json(_ x: Double) -> String {
        var out = ""
        json(x, into: &out)
        return out
    }

    /// `json(x)` written straight into `out`, with no string made for the number (the
    /// workbench's scene writes a hundred thousand of them, `--json` as many as a script prints).
    public static func json<Sink: TextSink>(_ x: Double, into out: inout Sink) {
        if !x.isFinite {
            out.write("null")
        } else if x == 0 {
            out.write("0")
        } else if Swift.abs(x) < Magnitude.exactWhole, let n = Int64(exactly: x) {
            out.write(String(n))  // short: no string is allocated for it
        } else {
            out.write(x)
        }
    }
}

/// Where numbers and text are written: a string, or UTF-8 bytes on their way out (`OutputBytes`)
/// (`NumberFormat`'s writers and the printers take either, with one implementation).
public protocol TextSink {
    mutating func write(_ s: String)
    /// ASCII bytes, as the number writers make them on the stack.
    mutating func write(ascii: UnsafeBufferPointer<UInt8>)
    /// A double's shortest round-trip text (`description`).
    mutating func write(_ x: Double)
}

extension String: TextSink {
    public mutating func write(ascii: UnsafeBufferPointer<UInt8>) { self += String(decoding: ascii, as: UTF8.self) }
    public mutating func write(_ x: Double) { x.write(to: &self) }
}

/// UTF-8 bytes on their way out (what `shape` prints with): words and numbers are copied straight
/// into its storage (appending to an array went through the generic sequence copy, about 150
/// instructions for each word of a report, a tenth of a plain script's time).
public final class OutputBytes: TextSink {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    public private(set) var count = 0

    public init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    public func removeAll() { count = 0 }

    /// The bytes written so far.
    public var bytes: [UInt8] { withBytes { Array($0) } }

    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R { body(UnsafeRawBufferPointer(start: base, count: count)) }

    public func append(_ byte: UInt8) {
        if count == capacity { grow(count + 1) }
        base[count] = byte
        count += 1
    }

    public func write(ascii bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = bytes.baseAddress else { return }
        if count + bytes.count > capacity { grow(count + bytes.count) }
        (base + count).update(from: from, count: bytes.count)
        count += bytes.count
    }

    public func write(_ s: String) {
        var s = s
        s.withUTF8 { write(ascii: $0) }
    }

    public func write(_ x: Double) { write(x.description) }

    @inline(never) private func grow(_ needed: Int) {
        let larger = Swift.max(needed, 2 * capacity)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
