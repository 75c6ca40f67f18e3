/// The arc-length numerics behind `CurveArcLength`: tables of quadrature leaves, the speed
/// functions the integrators evaluate, and the inverse (the parameter at a length), for the curve
/// kinds whose length is an integral of their speed. The public protocols are in Curve.swift; the
/// rules and integrators in GaussLegendre.swift and Quadrature.swift.

/// The accuracy of the inverse arc length (`Tolerance.inverseArcLength`).
let inverseArcLengthAccuracy = Tolerance.inverseArcLength

/// Where a marching Newton step ends (`Tolerance.marchingStep`).
let marchingStepTolerance = Tolerance.marchingStep

/// The length of a curve, tabulated by the adaptive quadrature's accepted intervals: inside each
/// leaf the speed is smooth enough for one 16-point Gauss–Legendre rule to integrate any part of
/// it to full accuracy, so the parameter at a length is found by Newton's method within one leaf.
public struct ArcLengthTable: Sendable {
    /// The accepted intervals, left to right, covering [0, 1].
    package var leaves: [QuadratureLeaf]
    /// The length from t = 0 to the start of each leaf, with the total appended.
    public var cumulative: [Double]
    /// The whole length.
    public var total: Double { cumulative.last ?? 0 }

    init(leaves: [QuadratureLeaf]) {
        self.leaves = leaves
        var c: [Double] = [0]
        c.reserveCapacity(leaves.count + 1)
        var sum = CompensatedSum()
        for leaf in leaves { sum.add(leaf.value); c.append(sum.value) }
        cumulative = c
    }

    /// A table for a curve whose speed is constant (a line, a circular arc).
    init(uniformLength length: Double) {
        leaves = [QuadratureLeaf(start: 0, end: 1, value: length)]
        cumulative = [0, length]
    }
}

/// Curves measured by integrating a speed function; supplies the `CurveArcLength` operations.
protocol SpeedIntegrated: CurveArcLength {
    /// |dP/dt| at `t`.
    func speed(at t: Double) -> Double
    /// The local minima of the speed in (0, 1), with their widths (see `SpeedDip`).
    func speedDips() -> [SpeedDip]
    associatedtype Integrand: SpeedEvaluating
    /// The speed function with whatever the curve can precompute, for many evaluations.
    func integrand() -> Integrand
}

/// A speed function prepared for repeated evaluation.
protocol SpeedEvaluating {
    func speed(at t: Double) -> Double
    /// The speed and its derivative d|P'|/dt (for second-order steps of the inverse).
    func speedAndSlope(at t: Double) -> (speed: Double, slope: Double)
    /// An a-priori bound on `provenRule`'s error over an interval, where the kind has one.
    func errorBound() -> GaussErrorBound?
    /// The rule that `errorBound` speaks of (the 16-point rule unless the kind says otherwise).
    func provenRule(_ a: Double, _ b: Double) -> Double
    /// A lower bound of ∫ speed over [a, b]: the length of a polyline inscribed in the curve.
    func inscribedLength(_ a: Double, _ b: Double) -> Double
    /// ∫ speed over [a, b] by the 16-point Gauss–Legendre rule.
    func gaussLegendre16(_ a: Double, _ b: Double) -> Double
    /// ∫ speed over [a, b] by the 4- and 8-point rules (short steps inside a leaf).
    func gaussLegendre4(_ a: Double, _ b: Double) -> Double
    func gaussLegendre8(_ a: Double, _ b: Double) -> Double
}

extension SpeedEvaluating {
    func errorBound() -> GaussErrorBound? { nil }
    func provenRule(_ a: Double, _ b: Double) -> Double { gaussLegendre16(a, b) }
    func inscribedLength(_ a: Double, _ b: Double) -> Double { 0 }

    /// By a central difference; kinds with a closed form override it.
    func speedAndSlope(at t: Double) -> (speed: Double, slope: Double) {
        let h = Tolerance.differenceStep
        return (speed(at: t), (speed(at: t + h) - speed(at: t - h)) / (2 * h))
    }

    @inline(__always) func gaussLegendre16(_ a: Double, _ b: Double) -> Double {
        ShapeGeometry.gaussLegendre16(a, b) { speed(at: $0) }
    }
    @inline(__always) func gaussLegendre4(_ a: Double, _ b: Double) -> Double {
        ShapeGeometry.gaussLegendre4(a, b) { speed(at: $0) }
    }
    @inline(__always) func gaussLegendre8(_ a: Double, _ b: Double) -> Double {
        ShapeGeometry.gaussLegendre8(a, b) { speed(at: $0) }
    }
}

extension CubicBezier.DerivativeCoefficients: SpeedEvaluating {}
extension QuadraticBezier: SpeedEvaluating {
    func integrand() -> QuadraticBezier { self }
}
extension Arc: SpeedEvaluating {
    func integrand() -> Arc { self }
}

extension SpeedIntegrated {
    /// ∫ speed over [0, t], graded towards the speed's dips.
    func integratedSpeed(
        upTo t: Double, accuracy: Double,
        leaf: (Double, Double, Double) -> Void = { _, _, _ in }
    ) -> Double {
        let f = integrand()
        let end = Swift.min(Swift.max(t, 0), 1)
        // With a proven bound no dip can fool the integration, so no breakpoints are needed.
        if let bound = f.errorBound() {
            return integrateProvenly(
                from: 0, to: end, accuracy: accuracy, lowerBound: f.inscribedLength(0, end),
                rule: { f.provenRule($0, $1) }, isAccurate: { bound.ruleIsAccurate($0, $1, $2) }, leaf: leaf)
        }
        return integrateAdaptively(
            from: 0, to: end, breakpoints: gradedBreakpoints(speedDips()),
            accuracy: accuracy, rule: { f.gaussLegendre16($0, $1) }, leaf: leaf)
    }

    public func arcLength(accuracy: Double = defaultArcLengthAccuracy) -> Double { integratedSpeed(upTo: 1, accuracy: accuracy) }

    public func arcLength(upTo t: Double, accuracy: Double = defaultArcLengthAccuracy) -> Double {
        integratedSpeed(upTo: t, accuracy: accuracy)
    }

    public func arcLengthTable(accuracy: Double = defaultArcLengthAccuracy) -> ArcLengthTable {
        quadratureTable(accuracy: accuracy)
    }

    /// The table of the adaptive quadrature's accepted leaves.
    func quadratureTable(accuracy: Double) -> ArcLengthTable {
        var leaves: [QuadratureLeaf] = []
        _ = integratedSpeed(upTo: 1, accuracy: accuracy) { a, b, v in
            leaves.append(QuadratureLeaf(start: a, end: b, value: v))
        }
        return ArcLengthTable(leaves: leaves)
    }

    public func parameter(atLength length: Double, in table: ArcLengthTable) -> Double {
        tabulatedParameter(atLength: length, in: table)
    }

    /// The parameter at `length` from a table of quadrature leaves: the leaf holding the length
    /// by binary search, then Newton within it.
    func tabulatedParameter(atLength length: Double, in table: ArcLengthTable) -> Double {
        let total = table.total
        guard length > 0, total > 0 else { return 0 }
        guard length < total else { return 1 }
        // The last leaf whose start lies at or before `length`.
        var lo = 0, hi = table.leaves.count - 1
        while lo < hi {
            let m = (lo + hi + 1) / 2
            if table.cumulative[m] <= length { lo = m } else { hi = m - 1 }
        }
        let leaf = table.leaves[lo]
        let target = length - table.cumulative[lo]
        return solveForLength(target, in: leaf, tolerance: inverseArcLengthAccuracy * total)
    }

    /// The parameters at increasing lengths `lengths`, marching: each point starts from the one
    /// before it in the same leaf and integrates only the step between them with a 4- or
    /// 8-point rule (a step under 1/64 or 1/8 of the leaf is far inside the leaf's region of
    /// convergence, so the rule is exact to rounding there), from a second-order first guess; a longer step, or a new leaf, is solved from the leaf's
    /// start as `parameter(atLength:in:)` does, so errors never accumulate past a leaf.
    public func parameters(atLengths lengths: [Double], in table: ArcLengthTable) -> [Double] {
        var result: [Double] = []
        result.reserveCapacity(lengths.count)
        marchParameters(count: lengths.count, length: { lengths[$0] }, in: table) { result.append($0) }
        return result
    }

    /// `parameters(atLengths:in:)` without arrays: the lengths come from `length(i)` for i in
    /// 0..<count (increasing), and each parameter goes to `body` in order.
    @inline(__always)
    func marchParameters(count: Int, length lengthAt: (Int) -> Double, in table: ArcLengthTable, _ body: (Double) -> Void) {
        let total = table.total
        guard total > 0, !table.leaves.isEmpty else {
            for _ in 0..<count { body(0) }
            return
        }
        let f = integrand()
        let tolerance = inverseArcLengthAccuracy * total
        var leafIndex = 0
        // The previous point, inside the current leaf, with the speed and its slope from its last
        // Newton step (at a parameter within 1e-8 of the leaf's width of it: close enough for a
        // first guess), or NaN when that step was not taken.
        var anchor: (t: Double, s: Double, speed: Double, slope: Double)? = nil
        for i in 0..<count {
            let length = lengthAt(i)
            guard length > 0 else { body(0); continue }
            guard length < total else { body(1); continue }
            var moved = false
            while leafIndex + 1 < table.leaves.count, table.cumulative[leafIndex + 1] <= length {
                leafIndex += 1
                moved = true
            }
            if moved { anchor = nil }
            let leaf = table.leaves[leafIndex]
            let leafStart = table.cumulative[leafIndex]
            let from = anchor ?? (leaf.start, leafStart, .nan, .nan)
            let (speed, slope) = from.speed.isNaN ? f.speedAndSlope(at: from.t) : (from.speed, from.slope)
            let step = length - from.s
            // Second order: s(t) ≈ v·Δt + ½·v′·Δt², solved in its stable form, or for a small
            // c = v′·s/v² by its expansion Δt ≈ (s/v)·(1 − c/2 + c²/2), which needs no root.
            let discriminant = speed * speed + 2 * slope * step
            let correction = slope * step / (speed * speed)
            let guess =
                !(speed > 0 && discriminant > 0)
                ? leaf.end
                : abs(correction) < Tolerance.seriesLimit
                    ? from.t + step / speed * (1 - 0.5 * correction * (1 - correction))
                    : from.t + 2 * step / (speed + discriminant.squareRoot())
            var t: Double
            var newtonSpeed = Double.nan, newtonSlope = Double.nan
            if speed > 0, guess - from.t <= (leaf.end - leaf.start) / 8, guess <= leaf.end {
                let width = leaf.end - leaf.start
                // A step under 1/64 of the leaf is so far from the speed's singularities (at
                // least as far as the leaf's own) that 4 points integrate it to rounding.
                let short = guess - from.t <= width / 64
                t = BracketedNewton.solve(
                    in: from.t, leaf.end, from: guess,
                    tolerance: .init(value: tolerance, absoluteStep: marchingStepTolerance * width, maximumIterations: 20),
                    value: { t in
                        newtonSpeed = .nan
                        return (short ? f.gaussLegendre4(from.t, t) : f.gaussLegendre8(from.t, t)) - step
                    },
                    slope: { t in
                        (newtonSpeed, newtonSlope) = f.speedAndSlope(at: t)
                        return newtonSpeed
                    })
            } else {
                t = solveForLength(length - leafStart, in: leaf, tolerance: tolerance)
            }
            anchor = (t, length, newtonSpeed, newtonSlope)
            body(t)
        }
    }

    /// The parameter t in the leaf where ∫ speed from the leaf's start to t equals `target` to
    /// within `tolerance`: `BracketedNewton` on the leaf's rule.
    func solveForLength(_ target: Double, in leaf: QuadratureLeaf, tolerance: Double) -> Double {
        guard leaf.value > 0 else { return leaf.start }
        let guess = leaf.start + (leaf.end - leaf.start) * Swift.min(Swift.max(target / leaf.value, 0), 1)
        // The rule the leaf was accepted with (a leaf proven for the 32-point rule may be too
        // wide for the 16-point one); any part of the leaf is integrated at least as well.
        let f = integrand()
        let proven = f.errorBound() != nil
        return BracketedNewton.solve(
            in: leaf.start, leaf.end, from: guess, tolerance: .init(value: tolerance, maximumIterations: 60),
            value: { t in (proven ? f.provenRule(leaf.start, t) : f.gaussLegendre16(leaf.start, t)) - target },
            slope: { t in speed(at: t) })
    }
}
