/// A running sum with Neumaier's compensation: the rounding error of each addition is carried
/// separately, so the sum of n terms is accurate to about one rounding of the result rather than
/// n of them.
package struct CompensatedSum: Sendable, Equatable {
    private var sum = 0.0
    private var compensation = 0.0

    /// A sum of nothing.
    public init() {}

    /// Adds `x` to the sum.
    @inline(__always) public mutating func add(_ x: Double) {
        let t = sum + x
        if abs(sum) >= abs(x) {
            compensation += (sum - t) + x
        } else {
            compensation += (x - t) + sum
        }
        sum = t
    }

    /// The compensated total.
    @inline(__always) public var value: Double { sum + compensation }
}
