/// The integrators of arc length: adaptive and proven Gauss–Legendre quadrature over the rules of
/// GaussLegendre.swift, and the accepted intervals (leaves) they report.

/// One accepted interval of an adaptive integration: [start, end] and the integral over it.
package struct QuadratureLeaf: Sendable, Equatable {
    /// Where the leaf starts, in the segment's parameter.
    public var start: Double
    /// Where it ends.
    public var end: Double
    /// The integral over it.
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
                || isAccurate(lo, hi, tolerancePerWidth * (hi - lo))
            {
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
    points.stablySort()
    return points
}
