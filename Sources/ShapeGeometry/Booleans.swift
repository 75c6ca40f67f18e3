/// The four ways two filled areas combine.
public enum BooleanOperation: String, Sendable, CaseIterable {
    /// Inside either.
    case union
    /// Inside both.
    case intersect
    /// Inside the first and not the second.
    case subtract
    /// Inside exactly one.
    case xor

    /// Whether a point inside `a` (or not) and inside `b` (or not) is inside the combination.
    public func combine(_ a: Bool, _ b: Bool) -> Bool {
        switch self {
        case .union: a || b
        case .intersect: a && b
        case .subtract: a && !b
        case .xor: a != b
        }
    }
}

extension FillRule {
    /// Whether winding number `w` is inside under the rule.
    @inline(__always) func fills(_ w: Int) -> Bool { self == .nonZero ? w != 0 : w & 1 != 0 }
}

/// Why a boolean operation, a stroke or an offset gave no result.
public enum BooleanFailure: Error, Sendable, Equatable {
    /// The work budget ran out.
    case outOfWork
    /// No consistent outline could be made, even with edges within 1e-7 of the size of each
    /// other taken as one: the classification of the edges did not close into loops.
    case inconsistent
}

extension Path {
    /// The outline of this path's filled area combined with `other`'s by `operation` (both filled
    /// under `rule`, open subpaths closed implicitly), as closed subpaths that do not cross, outer
    /// ones clockwise on screen and holes counter-clockwise. Every element of the result is a piece
    /// of an element of either path, of the same kind. `tolerance`, relative to the paths' size
    /// (`Tolerance.meeting` unless told; clamped to 1e-12 ... 1e-3): meetings and vertices closer
    /// than it are one, and edges that near each other one edge (the result is right to within
    /// it). Its work counts against `budget`: nil when it runs out, or when no consistent outline
    /// can be made (`combinedResult` says which). See `BooleanBuilder` for the method.
    public func combined(
        with other: Path, _ operation: BooleanOperation, rule: FillRule = .nonZero, tolerance: Double = Tolerance.meeting,
        budget: Int = .max
    ) -> (path: Path, work: Int)? {
        try? combinedResult(with: other, operation, rule: rule, tolerance: tolerance, budget: budget).get()
    }

    /// `combined(with:_:rule:tolerance:budget:)`, saying why when there is no result.
    public func combinedResult(
        with other: Path, _ operation: BooleanOperation, rule: FillRule = .nonZero, tolerance: Double = Tolerance.meeting,
        budget: Int = .max
    ) -> Result<(path: Path, work: Int), BooleanFailure> {
        var builder = BooleanBuilder(self, other, rule: rule) { operation.combine($0, $1) }
        builder.tolerance = Path.relativeTolerance(tolerance) * builder.size
        return builder.runWithRetries(budget: budget)
    }

    /// A relative tolerance as the searches take it: `Tolerance.meeting` when not finite,
    /// else clamped to `Tolerance.leastCallerTolerance` ... `largestCallerTolerance`.
    static func relativeTolerance(_ t: Double) -> Double {
        t.isFinite ? Swift.min(Swift.max(t, Tolerance.leastCallerTolerance), Tolerance.largestCallerTolerance) : Tolerance.meeting
    }

    /// The outline of this path's own filled area under `rule`, with no overlaps and no
    /// crossings: the same conventions as `combined(with:_:rule:budget:)`.
    public func simplified(rule: FillRule = .nonZero, tolerance: Double = Tolerance.meeting, budget: Int = .max) -> (path: Path, work: Int)? {
        try? simplifiedResult(rule: rule, tolerance: tolerance, budget: budget).get()
    }

    /// `simplified(rule:tolerance:budget:)`, saying why when there is no result.
    public func simplifiedResult(
        rule: FillRule = .nonZero, tolerance: Double = Tolerance.meeting, budget: Int = .max
    ) -> Result<(path: Path, work: Int), BooleanFailure> {
        var builder = BooleanBuilder(self, Path(accuracy: accuracy), rule: rule) { a, _ in a }
        builder.tolerance = Path.relativeTolerance(tolerance) * builder.size
        return builder.runWithRetries(budget: budget)
    }
}
