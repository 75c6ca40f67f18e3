import Testing
@testable import ShapeGeometry

/// The bit-level exponent, significand and powers of two give what the standard library's
/// general forms give, for every kind of double: normal, subnormal, zero, infinite, NaN (the
/// standard library is the reference: the hot paths only swapped one for the other).
@Suite struct BitsTests {
    /// Edge values and 200,000 doubles drawn from all bit patterns (every exponent alike).
    static var values: [Double] {
        var values: [Double] = [
            0, -0.0, 1, -1, 2, 0.5, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
            .infinity, -.infinity, .nan, Double.leastNormalMagnitude.nextDown, Double.leastNormalMagnitude.nextUp,
            1.414_213_562_373_095_1, 0x1p-1022, 0x1p1023, 0x1.fffffffffffffp1023, 0x1p-1074, 0x1.8p-1030,
        ]
        var random = SeededRandom(seed: 49)
        for _ in 0..<200_000 { values.append(Double(bitPattern: random.next())) }
        return values
    }

    @Test func exponentAndSignificandAreTheStandardLibrarys() {
        for x in BitsTests.values {
            #expect(x.binaryExponent == x.exponent, "\(x)")
            let (fast, general) = (x.unitSignificand, x.significand)
            #expect(fast.bitPattern == general.bitPattern || (fast.isNaN && general.isNaN), "\(x)")
        }
    }

    @Test func powersOfTwoAreTheStandardLibrarys() {
        for n in -1200...1200 {
            #expect(Double.powerOfTwo(n).bitPattern == Double(sign: .plus, exponent: n, significand: 1).bitPattern, "\(n)")
        }
        var random = SeededRandom(seed: 7)
        for x in BitsTests.values where x.isFinite && x != 0 {
            let m = x.unitSignificand
            let n = Int(truncatingIfNeeded: random.next() % 2400) - 1200
            let (fast, general) = (Double.withExponent(n, significand: m), Double(sign: .plus, exponent: n, significand: m))
            #expect(fast.bitPattern == general.bitPattern, "\(x) \(n)")
        }
        // Significands outside [1, 2) take the general path.
        #expect(Double.withExponent(3, significand: 3).bitPattern == Double(sign: .plus, exponent: 3, significand: 3).bitPattern)
    }

    @Test func unitScalesAreThoseOfTheLargestCoordinate() {
        let v = Vector(3, -0.25), w = Vector(-1e-300, 0x1p-1029), big = Vector(0x1p1000, 1)
        #expect(Vector.unitScale(of: v) == 0.5)
        #expect(Vector.unitScale(of: w, Vector(0, 0)) == Double(sign: .plus, exponent: 997, significand: 1))
        #expect(Vector.unitScale(of: v, big, w) == 0x1p-1000)
        #expect(Vector.unitScale(of: Vector(0, 0), Vector(0, 0), Vector(0, 0), Vector(0, 0)) == 1)
        #expect(Vector.unitScale(of: v, w, Vector(0, 0), Vector(7, 0)) == 0.25)
        #expect(Vector.unitScale(of: Vector(.nan, 1)) == 1)
    }

    /// A grid cell's index (`GridCell.index`, a floor by conversion toward 0) is the standard
    /// library's floor held within ±1e18, 0 for a NaN: at whole numbers and just beside them,
    /// below 0, past the limit, and for the 200,000 drawn doubles over sides of several sizes.
    @Test func gridIndicesAreTheClampedFloor() {
        func reference(_ v: Double, _ side: Double) -> Int64 {
            let q = (v / side).rounded(.down)
            if q.isNaN { return 0 }
            return Int64(Swift.max(Swift.min(q, 1e18), -1e18))
        }
        var values = BitsTests.values
        for n in [-3.0, -1, 0, 1, 2, 1e15, 0x1p52, 0x1p53, 1e18, 2e18] {
            values += [n, -n, n.nextUp, n.nextDown, -n.nextUp, -n.nextDown, n + 0.5, n - 0.5]
        }
        for side in [1.0, 3e-7, 8e-9, 0.1, 7e5] {
            for v in values {
                #expect(GridCell.index(v, side: side) == reference(v, side), "\(v) / \(side)")
            }
        }
    }
}
