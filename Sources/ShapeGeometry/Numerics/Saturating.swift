extension Int {
    /// `x` rounded toward zero, held within `Int`'s range: the checked form of `Int(x)`, which
    /// stops the process on a NaN, an infinity or a value past `Int`'s range (±2⁶³ natively,
    /// ±2³¹ in WebAssembly). A NaN gives 0, and a value past either end (infinities included)
    /// gives that end. Every conversion of a `Double` to an integer in the project's sources
    /// goes through it or through `Int(exactly:)` (`IntegerConversionLintTests` holds the
    /// sources to that).
    @inlinable public init(saturating x: Double) {
        if x.isNaN {
            self = 0
        } else if x >= Double(Int.max) {  // natively 2⁶³, the first double past Int.max
            self = .max
        } else if x <= Double(Int.min) {
            self = .min
        } else {
            self.init(x)
        }
    }
}
