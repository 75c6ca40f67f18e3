/// A small, fast, seedable pseudo-random generator (SplitMix64, Steele, Lea & Flood 2014): one seed
/// gives the same sequence on every machine, which is what reproducible examples, benchmarks and
/// tests need. Not for cryptography.
package struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// The generator started from `seed`: the same seed, the same numbers.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double uniform in [lo, hi), from the top 53 bits.
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) * 0x1p-53
    }

    /// A point with both coordinates uniform in [lo, hi).
    public mutating func point(_ lo: Double, _ hi: Double) -> Point { Point(uniform(lo, hi), uniform(lo, hi)) }
}
