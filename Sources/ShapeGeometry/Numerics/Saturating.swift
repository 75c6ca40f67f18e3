extension FixedWidthInteger {
    /// `x` rounded toward zero, held within the type's range: the checked form of `Int(x)`
    /// (and of `Int64(x)`, ...), which stops the process on a NaN, an infinity or a value past
    /// the type's range (for `Int`, ±2⁶³ natively but ±2³¹ in WebAssembly). A NaN gives 0, and a
    /// value past either end (infinities included) gives that end. Every conversion of a
    /// `Double` to an integer in the project's sources goes through it or through
    /// `init(exactly:)` (`IntegerConversionLintTests` holds the sources to that).
    @inlinable public init(saturating x: Double) {
        self = saturated(x, Self.min, Self.max, { Self($0) })
    }
}

// `Int` and `Int64`, the types the hot loops use, convert with the machine's own instruction:
// through the generic initializer the standard library takes a slow, generic path.
extension Int {
    /// `x` rounded toward zero, held within `Int`'s range (see `FixedWidthInteger.init(saturating:)`).
    @inlinable public init(saturating x: Double) { self = saturated(x, .min, .max, { Int($0) }) }
}

extension Int64 {
    /// `x` rounded toward zero, held within `Int64`'s range (see `FixedWidthInteger.init(saturating:)`).
    @inlinable public init(saturating x: Double) { self = saturated(x, .min, .max, { Int64($0) }) }
}

/// `x` through `convert` when it lies strictly inside `min...max` (as doubles); else 0 for a NaN
/// and the end it lies past.
@inlinable @inline(__always)
func saturated<T: FixedWidthInteger>(_ x: Double, _ min: T, _ max: T, _ convert: (Double) -> T) -> T {
    if x.isNaN { return 0 }
    if x >= Double(max) { return max }  // for 64 bits, 2⁶³ or 2⁶⁴: the first double past max
    if x <= Double(min) { return min }
    return convert(x)
}
