/// Gauss–Legendre quadrature of order 16: exact for polynomials of degree 31 on an interval.
///
/// The nodes and weights are computed once, by Newton's iteration on the Legendre polynomial
/// P₁₆; they agree with the tabulated values to the last bit or two. Only the 8 non-negative
/// nodes are stored: the rule is symmetric.
enum GaussLegendre16 {
    /// The 8 positive nodes on [-1, 1] and their weights, interleaved: (x0, w0, x1, w1, ...).
    static let nodesAndWeights: [Double] = gaussLegendreTable(order: 16)
}

/// The nodes and weights of the SIMD rules as literals: the values `gaussLegendreTable` computes
/// (a test holds them equal), so that a hot loop uses constants instead of first checking that a
/// lazily made global exists.
enum GaussLegendreVectors {
    /// The 2 positive nodes of the 4-point rule, and their weights.
    @inline(__always) static var nodes4: SIMD2<Double> { SIMD2(0.8611363115940526, 0.3399810435848563) }
    @inline(__always) static var weights4: SIMD2<Double> { SIMD2(0.34785484513745374, 0.6521451548625461) }
    /// The 4 positive nodes of the 8-point rule, and their weights.
    @inline(__always) static var nodes8: SIMD4<Double> {
        SIMD4(0.9602898564975363, 0.7966664774136268, 0.525532409916329, 0.1834346424956498)
    }
    @inline(__always) static var weights8: SIMD4<Double> {
        SIMD4(0.10122853629037618, 0.22238103445337445, 0.3137066458778874, 0.362683783378362)
    }
    /// The 8 positive nodes of the 16-point rule, and their weights.
    @inline(__always) static var nodes16: SIMD8<Double> {
        SIMD8(0.9894009349916499, 0.9445750230732326, 0.8656312023878318, 0.755404408355003,
              0.6178762444026438, 0.45801677765722737, 0.2816035507792589, 0.09501250983763744)
    }
    @inline(__always) static var weights16: SIMD8<Double> {
        SIMD8(0.027152459411754058, 0.062253523938647776, 0.0951585116824929, 0.12462897125553395,
              0.14959598881657682, 0.16915651939500256, 0.1826034150449236, 0.18945061045506847)
    }
    /// The 16 positive nodes of the 32-point rule, as two vectors, and their weights.
    @inline(__always) static var nodes32Low: SIMD8<Double> {
        SIMD8(0.9972638618494816, 0.9856115115452684, 0.9647622555875064, 0.9349060759377397,
              0.8963211557660521, 0.84936761373257, 0.7944837959679424, 0.7321821187402897)
    }
    @inline(__always) static var nodes32High: SIMD8<Double> {
        SIMD8(0.6630442669302152, 0.5877157572407623, 0.5068999089322294, 0.42135127613063533,
              0.33186860228212767, 0.23928736225213706, 0.1444719615827965, 0.0483076656877383)
    }
    @inline(__always) static var weights32Low: SIMD8<Double> {
        SIMD8(0.007018610009470136, 0.01627439473090571, 0.02539206530926214, 0.03427386291302141,
              0.042835898022226704, 0.050998059262376154, 0.05868409347853558, 0.06582222277636195)
    }
    @inline(__always) static var weights32High: SIMD8<Double> {
        SIMD8(0.07234579410884862, 0.07819389578707044, 0.08331192422694672, 0.08765209300440374,
              0.0911738786957639, 0.09384439908080454, 0.09563872007927485, 0.09654008851472785)
    }
}

/// Gauss–Legendre quadrature of orders 8 and 4, for short steps inside a quadrature leaf.
enum GaussLegendre8 {
    static let nodesAndWeights: [Double] = gaussLegendreTable(order: 8)
}
enum GaussLegendre4 {
    static let nodesAndWeights: [Double] = gaussLegendreTable(order: 4)
}

/// ∫ f over [a, b] by the 8-point Gauss–Legendre rule (8 evaluations of `f`).
@inline(__always)
func gaussLegendre8(_ a: Double, _ b: Double, _ f: (Double) -> Double) -> Double {
    gaussLegendre(GaussLegendre8.nodesAndWeights, a, b, f)
}

/// The non-negative nodes of the Gauss–Legendre rule of even `order` and their weights,
/// interleaved, by Newton's iteration on the Legendre polynomial from Tricomi's first guess.
func gaussLegendreTable(order n: Int) -> [Double] {
    var table: [Double] = []
    for i in 1...(n / 2) {
        var x = cosine(Double.pi * (Double(i) - 0.25) / (Double(n) + 0.5))
        var derivative = 0.0
        for _ in 0..<100 {
            var p0 = 1.0, p1 = x
            for k in 2...n {
                let pk = ((2 * Double(k) - 1) * x * p1 - (Double(k) - 1) * p0) / Double(k)
                p0 = p1; p1 = pk
            }
            derivative = Double(n) * (x * p1 - p0) / (x * x - 1)
            let step = p1 / derivative
            x -= step
            if abs(step) < 1e-17 { break }
        }
        table.append(x); table.append(2 / ((1 - x * x) * derivative * derivative))
    }
    return table
}

/// ∫ f over [a, b] by the 4-point Gauss–Legendre rule (4 evaluations of `f`).
@inline(__always)
func gaussLegendre4(_ a: Double, _ b: Double, _ f: (Double) -> Double) -> Double {
    gaussLegendre(GaussLegendre4.nodesAndWeights, a, b, f)
}

/// ∫ f over [a, b] by the 16-point Gauss–Legendre rule (16 evaluations of `f`).
@inline(__always)
func gaussLegendre16(_ a: Double, _ b: Double, _ f: (Double) -> Double) -> Double {
    gaussLegendre(GaussLegendre16.nodesAndWeights, a, b, f)
}

/// ∫ f over [a, b] by the symmetric Gauss–Legendre rule whose non-negative nodes and weights are
/// interleaved in `table` (see `gaussLegendreTable`).
@inline(__always)
func gaussLegendre(_ table: [Double], _ a: Double, _ b: Double, _ f: (Double) -> Double) -> Double {
    let half = 0.5 * (b - a), mid = 0.5 * (a + b)
    var sum = 0.0
    table.withUnsafeBufferPointer { t in
        var i = 0
        while i < t.count {
            let dx = half * t[i]
            sum += t[i + 1] * (f(mid - dx) + f(mid + dx))
            i += 2
        }
    }
    return sum * half
}

/// One accepted interval of an adaptive integration: [start, end] and the integral over it.
public struct QuadratureLeaf: Sendable, Equatable {
    public var start: Double
    public var end: Double
    public var value: Double
}

/// Adaptive Gauss–Legendre quadrature of a non-negative integrand (a speed), with an error
/// estimate, over [a, b] cut first at `breakpoints`. `rule(lo, hi)` is the 16-point rule applied
/// to the integrand on [lo, hi] (an integrand may evaluate its nodes in SIMD).
///
/// Method: on each interval the 16-point rule is compared with the sum of the rule on its two
/// halves; an interval is accepted when the two differ by at most `accuracy · I · w`, where `I`
/// is the first estimate of the whole integral and `w` the interval's share of the whole width.
/// The halves' sum is kept, which is far more accurate than the difference suggests (the rule's
/// error falls by a factor of 10⁷ or more per halving once no singularity hides near the
/// interval), so the result's relative error is normally orders of magnitude below `accuracy`.
/// Intervals are never split more than 48 times, and one integration refines at most
/// `adaptiveRefinementBudget` intervals (hostile input, such as control points near 1e143, could
/// otherwise keep rounding noise above the tolerance on every interval); past the budget the
/// remaining intervals are accepted as they stand, so the time per segment is bounded. Ordinary
/// curves use a few dozen. Evaluations are reused: each accepted pair costs 32 evaluations of `f`.
///
/// The comparison is fooled when a narrow dip of the integrand lies between an interval's end and
/// its first node (about 0.26% of its width in): both estimates then see a smooth function and
/// agree on the wrong value. The caller prevents that with `breakpoints` graded towards each dip
/// (see `gradedBreakpoints`).
///
/// `leaf` is called for every accepted interval, in increasing order of position.
///
/// Kinds with an a-priori error bound (cubics and quadratics) use `integrateProvenly` instead.
@inline(__always)
func integrateAdaptively(
    from a: Double, to b: Double, breakpoints: [Double] = [], accuracy: Double,
    rule: (Double, Double) -> Double,
    leaf: (Double, Double, Double) -> Void
) -> Double {
    guard b > a else { return 0 }
    var cuts = [a]
    for x in breakpoints where x > a && x < b && x > cuts.last! { cuts.append(x) }
    cuts.append(b)
    // Explicit stack of pending intervals with their one-rule estimates; pushed right to left so
    // that leaves come out left to right.
    var stack: [(Double, Double, Double, Int)] = []
    stack.reserveCapacity(cuts.count + 64)
    var whole = 0.0
    for k in stride(from: cuts.count - 1, to: 0, by: -1) {
        let estimate = rule(cuts[k - 1], cuts[k])
        whole += estimate
        stack.append((cuts[k - 1], cuts[k], estimate, 0))
    }
    let tolerancePerWidth = Swift.max(accuracy * abs(whole), Double.leastNormalMagnitude) / (b - a)
    var total = CompensatedSum()
    var refinements = 0
    while let (lo, hi, estimate, depth) = stack.popLast() {
        let mid = 0.5 * (lo + hi)
        let left = rule(lo, mid)
        let right = rule(mid, hi)
        let refined = left + right
        refinements += 1
        if abs(refined - estimate) <= tolerancePerWidth * (hi - lo) || depth >= 48 || refinements >= adaptiveRefinementBudget {
            leaf(lo, mid, left)
            leaf(mid, hi, right)
            total.add(refined)
        } else {
            stack.append((mid, hi, right, depth + 1))
            stack.append((lo, mid, left, depth + 1))
        }
    }
    return total.value
}

/// Proven mode: `isAccurate(lo, hi, tolerance)` is true when `rule`'s error on [lo, hi] is proven
/// within `tolerance` (see `GaussErrorBound`); other intervals are halved. The bound needs no
/// evaluation, so only accepted intervals are evaluated. `lowerBound` is at most the integral (an
/// inscribed polyline's length), so the relative tolerance holds against the true value. The stack
/// is on the machine stack (no heap allocation): intervals are halved only until proven, so the
/// pending ones never exceed the depth limit + 1. Past the limits an interval is accepted as it is.
@inline(__always)
func integrateProvenly(
    from a: Double, to b: Double, accuracy: Double, lowerBound: Double,
    rule: (Double, Double) -> Double, isAccurate: (Double, Double, Double) -> Bool,
    leaf: (Double, Double, Double) -> Void
) -> Double {
    guard b > a else { return 0 }
    let tolerancePerWidth = Swift.max(accuracy * lowerBound, Double.leastNormalMagnitude) / (b - a)
    // Intervals are not halved below 2⁻⁴⁸ of the whole (the depth limit). 60 pending intervals
    // of 16 bytes stay under the 1 KiB up to which the allocation is on the stack.
    let narrowest = (b - a) * 0x1p-48
    return withUnsafeTemporaryAllocation(of: (Double, Double).self, capacity: 60) { stack in
        var count = 1
        stack[0] = (a, b)
        var total = CompensatedSum()
        var refinements = 0
        while count > 0 {
            count -= 1
            let (lo, hi) = stack[count]
            if hi - lo <= narrowest || count >= 57 || refinements >= adaptiveRefinementBudget
                || isAccurate(lo, hi, tolerancePerWidth * (hi - lo)) {
                let value = rule(lo, hi)
                leaf(lo, hi, value)
                total.add(value)
            } else {
                let mid = 0.5 * (lo + hi)
                refinements += 1
                stack[count] = (mid, hi)
                stack[count + 1] = (lo, mid)
                count += 2
            }
        }
        return total.value
    }
}

/// The most intervals one adaptive integration refines (see `integrateAdaptively`).
let adaptiveRefinementBudget = 4096

/// A dip of a speed function: a parameter where the speed has a local minimum, and the width (in
/// parameter units) over which the dip is rounded, about minimum speed / |second derivative of
/// the position|. A true cusp has width 0.
struct SpeedDip {
    var t: Double
    var width: Double
}

/// Breakpoints in (0, 1) that grade the intervals towards each narrow dip: the dip itself, then
/// t ± w, t ± 2w, t ± 4w, … up to a width of 1/16. Each interval is then about as wide as its
/// distance from the dip, so the dip's singularities (at t ± i·w in the complex plane) stay
/// outside every interval's reach and the rule converges fast on each. Dips wider than 1/32 need
/// no help; widths are floored at 2⁻⁴⁸ (at most about 45 breakpoints a side).
func gradedBreakpoints(_ dips: [SpeedDip]) -> [Double] {
    var points: [Double] = []
    for dip in dips where dip.width < 1.0 / 32 && dip.t > 0 && dip.t < 1 {
        points.append(dip.t)
        var w = Swift.max(dip.width, 0x1p-48)
        while w < 1.0 / 16 {
            if dip.t - w > 0 { points.append(dip.t - w) }
            if dip.t + w < 1 { points.append(dip.t + w) }
            w *= 2
        }
    }
    points.sort()
    return points
}
