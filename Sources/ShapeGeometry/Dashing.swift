/// A dash pattern: alternating "on" and "off" lengths, and a phase (how far into the pattern the
/// dashing starts), as CGPathCreateCopyByDashingPath and SVG's stroke-dasharray take them.
public struct DashPattern: Hashable, Sendable {
    /// On and off lengths, an even number of them.
    public private(set) var lengths: [Double]
    /// How far into the pattern each subpath starts.
    public private(set) var phase: Double

    /// The seed's pattern: 1 on, 1 off.
    public static let unit = try! DashPattern([1, 1])

    /// A pattern from `lengths`: an odd count is repeated to make it even (`[5]` is `[5, 5]`, as
    /// SVG does); an empty list is `[1, 1]`. Zero lengths are allowed while the sum is positive;
    /// negative or non-finite lengths, or a non-finite phase, are errors.
    public init(_ lengths: [Double], phase: Double = 0) throws(GeometryError) {
        var l = lengths.isEmpty ? [1, 1] : lengths
        for x in l where !(x.isFinite && x >= 0) { throw .invalidDashLength }
        guard phase.isFinite else { throw .nonFinite(argument: "phase") }
        if l.count % 2 == 1 { l += l }
        guard l.reduce(0, +) > 0 else { throw .emptyDashPattern }
        self.lengths = l
        self.phase = phase
    }

    /// The length of one whole period of the pattern.
    public var period: Double { lengths.reduce(0, +) }
}

/// The track points of SPEC section 4 (seed 000): the end points of every dash of the path dashed
/// with a pattern, then thinned.
///
/// For each subpath, the pattern restarts at its phase; every dash contributes its start and its
/// end (a dash that would start at or after the end of its subpath is not drawn; one that runs past
/// the end is cut there). Dash boundaries are placed by the exact inverse arc length of each
/// segment. Then, as the seed does, every point closer than `minimumSpacing` (0.1) to the
/// previously kept point is dropped, and the last point too if it is that close to the first.
public enum TrackPoints {
    /// The spacing below which a point is dropped, as in the seed.
    public static let minimumSpacing = 0.1
    /// The most points `compute` will produce before refusing.
    public static let defaultLimit = 10_000_000

    /// The track points of `path` dashed with `pattern`. Throws `tooManyPoints` — before doing the
    /// work — when the dash boundaries would exceed `limit`. O(n + number of points).
    public static func compute(_ path: Path, pattern: DashPattern = .unit,
                               limit: Int = defaultLimit) throws(GeometryError) -> [Point] {
        // An upper bound on the number of boundaries: two per period per subpath, plus the
        // pattern's entries for each subpath's partial period and phase.
        let perPeriod = Double(pattern.lengths.count)
        let estimate = path.length / pattern.period * perPeriod
            + Double(path.subpathStarts.count) * (perPeriod + 2)
        guard estimate <= Double(limit) else { throw .tooManyPoints(limit: limit) }

        // Thinning, exactly as the seed, as the points come: against the previously kept point,
        // then last vs first.
        var kept: [Point] = []
        kept.reserveCapacity(Int(estimate) + 1)
        // Squared distances against 0.1²: the same test as the seed's hypot, without the root.
        let limit = minimumSpacing * minimumSpacing
        func close(_ a: Point, _ b: Point) -> Bool {
            let dx = a.x - b.x, dy = a.y - b.y
            return dx * dx + dy * dy < limit
        }
        var prior = Point(Double.infinity, Double.infinity)
        for range in path.subpathRanges {
            appendBoundaries(of: path, subpath: range, pattern: pattern) { p in
                if !close(p, prior) {
                    kept.append(p)
                    prior = p
                }
            }
        }
        if kept.count > 1, close(kept[0], prior) { kept.removeLast() }
        return kept
    }

    /// The dash start and end points of one subpath, in order.
    @inline(__always)
    static func appendBoundaries(of path: Path, subpath: Range<Int>, pattern: DashPattern,
                                 _ emit: (Point) -> Void) {
        let base = path.length(before: subpath.lowerBound)
        let total = path.length(before: subpath.upperBound) - base
        // Dash j of period k spans [k·P + prefix[j] − phase, k·P + prefix[j+1] − phase]: each
        // boundary is computed with one rounding, never by accumulation, so it stays exact to
        // about one ulp of the path's length however many dashes precede it.
        let lengths = pattern.lengths
        let period = pattern.period
        var prefix = [0.0]
        for l in lengths { prefix.append(prefix.last! + l) }
        var phase = pattern.phase.truncatingRemainder(dividingBy: period)
        if phase < 0 { phase += period }
        var positions: [Double] = []
        positions.reserveCapacity(Int(Swift.min(total / period * Double(lengths.count), 1e7)) + lengths.count + 2)
        var k = 0.0
        periods: while true {
            for j in stride(from: 0, to: lengths.count, by: 2) {
                let dashStart = k * period + prefix[j] - phase
                let dashEnd = k * period + prefix[j + 1] - phase
                if dashStart >= total { break periods }
                if dashEnd < 0 || (dashEnd == 0 && dashStart < 0) { continue }
                positions.append(Swift.max(dashStart, 0))
                positions.append(Swift.min(dashEnd, total))
            }
            k += 1
        }
        appendPoints(of: path, subpath: subpath, base: base, positions: positions, emit)
    }

    /// The points at the given increasing positions along a subpath, walking its elements once.
    @inline(__always)
    static func appendPoints(of path: Path, subpath: Range<Int>, base: Double, positions: [Double],
                             _ emit: (Point) -> Void) {
        guard case .move(let start) = path.elements[subpath.lowerBound] else { return }
        var element = subpath.lowerBound
        var k = 0
        while k < positions.count {
            let s = base + positions[k]
            // Advance to the element holding s; a boundary belongs to the earlier element.
            while element + 1 < subpath.upperBound, path.length(before: element + 1) < s { element += 1 }
            guard let seg = path.segment(at: element) else { emit(start); k += 1; continue }
            // Every position in this element, measured from its start, solved in one march.
            let elementStart = path.length(before: element)
            let elementEnd = path.length(before: element + 1)
            let first = k
            while k < positions.count, base + positions[k] <= elementEnd || element + 1 >= subpath.upperBound { k += 1 }
            let table = seg.arcLengthTable(accuracy: path.accuracy)
            seg.forEachPoint(count: k - first, length: { base + positions[first + $0] - elementStart }, in: table, emit)
        }
    }
}
