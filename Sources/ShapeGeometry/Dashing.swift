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
    public static func compute(
        _ path: Path, pattern: DashPattern = .unit,
        limit: Int = defaultLimit
    ) throws(GeometryError) -> [Point] {
        var cache = TrackPointCache(pattern: pattern)
        try cache.update(for: path, limit: limit)
        return cache.points
    }

    /// Refuses, before any work, a path and pattern whose dash boundaries could exceed `limit`.
    static func checkLimit(_ path: Path, _ pattern: DashPattern, _ limit: Int) throws(GeometryError) {
        guard boundaryBound(path, pattern) <= Double(limit) else { throw .tooManyPoints(limit: limit) }
    }

    /// An upper bound on the number of dash boundaries, hence of track points: two per period
    /// per subpath, plus the pattern's entries for each subpath's partial period and phase. O(1).
    public static func boundaryBound(_ path: Path, _ pattern: DashPattern) -> Double {
        let perPeriod = Double(pattern.lengths.count)
        return path.length / pattern.period * perPeriod + Double(path.subpathStarts.count) * (perPeriod + 2)
    }

    /// Track point `index` of `path` (the point `compute` would give at that index), found by
    /// walking the path only as far as it: O(elements and points up to it) rather than O(path).
    /// Nil when the walk reaches the path's end first (the point is then the last or beyond, and
    /// the whole computation is needed: the last-versus-first rule may take the last one off).
    public static func point(at index: Int, of path: Path, pattern: DashPattern = .unit) -> Point? {
        guard index >= 0, !path.elements.isEmpty else { return nil }
        var kept: [Point] = []
        kept.reserveCapacity(Swift.min(index + 2, 1 << 16))
        var prior = Point(Double.infinity, Double.infinity)
        var checkpoints: [(kept: Int, prior: Point)] = []
        // One point past it: then it is not the last, which the final rule could remove.
        _ = dash(path, pattern: pattern, from: 0, kept: &kept, prior: &prior, checkpoints: &checkpoints, stopPast: index + 1)
        return kept.count > index + 1 ? kept[index] : nil
    }

    /// Dashes `path` from element `start` on (the whole path from 0), thinning as the points come:
    /// each point closer than `minimumSpacing` to `prior`, the last kept one, is dropped. Returns
    /// the work done (boundaries made and elements walked) and the thinning's state just before the
    /// path's last element made its first boundary: where a later update resumes.
    ///
    /// `checkpoints` holds, for each element before `start`, the thinning's state when the walk
    /// reached it; the elements from `start` on are added (for undo: see `TrackPointCache`).
    /// `stopPast`: the walk stops at the first element after more than that many points are kept
    /// (`point(at:)`).
    static func dash(
        _ path: Path, pattern: DashPattern, from start: Int, kept: inout [Point],
        prior: inout Point, checkpoints: inout [(kept: Int, prior: Point)], stopPast: Int = .max
    ) -> (work: Int, checkpoint: (kept: Int, prior: Point)) {
        // Squared distances against 0.1²: the same test as the seed's hypot, without the root.
        let spacing = minimumSpacing * minimumSpacing
        let last = path.elements.count - 1
        var work = path.elements.count - start
        // The subpath holding `start`: the last one starting at or before it.
        let starts = path.subpathStarts
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= start { lo = mid } else { hi = mid - 1 }
        }
        for i in lo..<starts.count where kept.count <= stopPast {
            let range = starts[i]..<(i + 1 < starts.count ? starts[i + 1] : path.elements.count)
            work += appendBoundaries(
                of: path, subpath: range, from: Swift.max(start, range.lowerBound), pattern: pattern,
                willEmit: { element in
                    // The state when the walk reached this element, and every one it passed.
                    while checkpoints.count <= element { checkpoints.append((kept.count, prior)) }
                }, stop: { kept.count > stopPast }
            ) { p in
                let dx = p.x - prior.x, dy = p.y - prior.y
                if !(dx * dx + dy * dy < spacing) {
                    kept.append(p)
                    prior = p
                }
            }
        }
        // Stopped early: the checkpoints of the elements not walked are not made.
        if kept.count > stopPast { return (work, (kept.count, prior)) }
        while checkpoints.count <= last { checkpoints.append((kept.count, prior)) }
        return (work, checkpoints[last])
    }

    /// The dash start and end points of one subpath, in order, from element `from` on: when it is
    /// past the subpath's move, only the boundaries beyond that element's start (the ones before
    /// belong to earlier elements). Returns how many boundaries it made.
    @inline(__always)
    static func appendBoundaries(
        of path: Path, subpath: Range<Int>, from: Int, pattern: DashPattern,
        willEmit: (Int) -> Void, stop: () -> Bool = { false }, _ emit: (Point) -> Void
    ) -> Int {
        let base = path.length(before: subpath.lowerBound)
        let total = path.length(before: subpath.upperBound) - base
        // Resuming: boundaries at or before the start of `from` belong to earlier elements; every
        // period before `first` ends before it (two periods of margin against rounding).
        let period = pattern.period
        let after: Double? = from > subpath.lowerBound ? path.length(before: from) : nil
        let skipped = after.map { Swift.max(0, (($0 - base + reducedPhase(pattern)) / period).rounded(.down) - 2) } ?? 0
        var positions: [Double] = []
        let remaining = total - (after.map { $0 - base } ?? 0)
        positions.reserveCapacity(
            Int(saturating: Swift.min(Swift.max(remaining, 0) / period * Double(pattern.lengths.count), Double(defaultLimit))) + pattern.lengths.count
                + 2)
        forEachDash(total: total, pattern: pattern, fromPeriod: skipped) { a, b in
            if let after {
                if base + a > after { positions.append(a) }
                if base + b > after { positions.append(b) }
            } else {
                positions.append(a)
                positions.append(b)
            }
        }
        appendPoints(
            of: path, subpath: subpath, from: after == nil ? subpath.lowerBound : from, base: base,
            positions: positions, willEmit: willEmit, stop: stop, emit)
        return positions.count
    }

    /// The pattern's phase reduced into [0, period).
    static func reducedPhase(_ pattern: DashPattern) -> Double {
        var phase = pattern.phase.truncatingRemainder(dividingBy: pattern.period)
        if phase < 0 { phase += pattern.period }
        return phase
    }

    /// The dashes of a subpath `total` long, from period `first` on, each as its (start, end)
    /// lengths from the subpath's start, clipped to it. Dash j of period k spans
    /// [k·P + prefix[j] − phase, k·P + prefix[j+1] − phase]: each end is computed with one
    /// rounding, never by accumulation, so it stays exact to about one ulp of the path's length
    /// however many dashes precede it, and a later period can be started without the ones before.
    @inline(__always)
    static func forEachDash(total: Double, pattern: DashPattern, fromPeriod first: Double = 0, _ body: (Double, Double) -> Void) {
        let lengths = pattern.lengths, period = pattern.period
        var prefix = [0.0]
        for l in lengths { prefix.append(prefix.last! + l) }
        let phase = reducedPhase(pattern)
        var k = first
        while true {
            for j in stride(from: 0, to: lengths.count, by: 2) {
                let dashStart = k * period + prefix[j] - phase
                let dashEnd = k * period + prefix[j + 1] - phase
                if dashStart >= total { return }
                if dashEnd < 0 || (dashEnd == 0 && dashStart < 0) { continue }
                body(Swift.max(dashStart, 0), Swift.min(dashEnd, total))
            }
            k += 1
        }
    }

    /// The points at the given increasing positions along a subpath, walking its elements once
    /// from element `from`; `stop` is asked before each element's points.
    @inline(__always)
    static func appendPoints(
        of path: Path, subpath: Range<Int>, from: Int, base: Double, positions: [Double],
        willEmit: (Int) -> Void, stop: () -> Bool, _ emit: (Point) -> Void
    ) {
        guard case .move(let start) = path.elements[subpath.lowerBound] else { return }
        var element = from
        var k = 0
        while k < positions.count, !stop() {
            let s = base + positions[k]
            // Advance to the element holding s; a boundary belongs to the earlier element.
            while element + 1 < subpath.upperBound, path.length(before: element + 1) < s { element += 1 }
            willEmit(element)
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

/// Track points kept up to date as a path grows. An update after elements were appended dashes
/// again only from the element that was last: the boundaries of the elements before it, and the
/// thinning up to them, are what a whole computation would give, bit for bit (each element's
/// boundaries are marched from its own start, and the dash positions are computed, not
/// accumulated). So a script that alternates drawing and dragging costs what it draws.
package struct TrackPointCache: Sendable {
    /// The track points, as of the last update.
    public private(set) var points: [Point] = []
    /// The pattern they are for.
    public let pattern: DashPattern
    /// How many of the path's elements they are for (nil before the first update).
    public private(set) var elementCount: Int?
    /// The boundaries made and elements walked by the last update.
    public private(set) var lastWork = 0
    /// The thinning's state before the last element's first boundary, and the point the
    /// last-versus-first rule took off, if it did.
    var checkpoint = (kept: 0, prior: Point(Double.infinity, Double.infinity))
    var removedLast: Point?
    /// For each element, the thinning's state when the walk reached it: where an update
    /// resumes after appends, and where `truncate` goes back to.
    var checkpoints: [(kept: Int, prior: Point)] = []

    /// An empty cache for points dashed with `pattern`.
    public init(pattern: DashPattern) { self.pattern = pattern }

    /// True when the points are for `path` (the caller vouches that it only ever appended to it).
    public func isCurrent(for path: Path) -> Bool { elementCount == path.elements.count }

    /// Brings the points up to `path`: the path of the last update with elements appended, or any
    /// path for a new cache. Throws `tooManyPoints`, before changing anything, when the dash
    /// boundaries could exceed `limit`.
    public mutating func update(for path: Path, limit: Int = TrackPoints.defaultLimit) throws(GeometryError) {
        if isCurrent(for: path) { lastWork = 0; return }
        try TrackPoints.checkLimit(path, pattern, limit)
        var start = 0
        var prior = Point(Double.infinity, Double.infinity)
        if let count = elementCount, count > 0 {
            if let r = removedLast { points.append(r) }
            points.removeSubrange(checkpoint.kept...)
            prior = checkpoint.prior
            start = count - 1
        } else {
            points.removeAll()
        }
        checkpoints.removeSubrange(start...)
        removedLast = nil
        guard !path.elements.isEmpty else {
            elementCount = 0
            lastWork = 0
            return
        }
        lastWork = redash(path, from: start, prior: prior, limit: limit)
    }

    /// Brings the points back to `path`, the path of the last update cut to fewer elements (the
    /// undo of appends): the points of the elements kept stay, and only the new last element is
    /// dashed again, as after an append. O(points of one element) plus what is removed.
    public mutating func truncate(to path: Path) {
        let n = path.elements.count
        guard let count = elementCount, n < count else { return }
        if let r = removedLast { points.append(r) }
        removedLast = nil
        guard n > 0 else {
            points.removeAll()
            checkpoints.removeAll()
            checkpoint = (0, Point(Double.infinity, Double.infinity))
            elementCount = 0
            lastWork = 0
            return
        }
        let mark = checkpoints[n - 1]
        points.removeSubrange(mark.kept...)
        checkpoints.removeSubrange((n - 1)...)
        lastWork = redash(path, from: n - 1, prior: mark.prior, limit: Int.max)
    }

    /// Dashes `path` from element `start` on, the points and checkpoints before it being in place.
    private mutating func redash(_ path: Path, from start: Int, prior: Point, limit: Int) -> Int {
        var prior = prior
        // Room for every boundary to come at once: the list is written once, not copied as it
        // doubles (a copy touches fresh memory, and page faults were a tenth of the time).
        let coming = (path.length - path.length(before: start)) / pattern.period * Double(pattern.lengths.count)
        // (Growing by at least half again, so that updates after each of many small appends stay
        // amortised O(1): reserving exactly would copy the whole list every time.)
        let needed = points.count + Int(saturating: Swift.min(Swift.max(coming, 0), Double(limit))) + 2 * pattern.lengths.count + 4
        if needed > points.capacity { points.reserveCapacity(Swift.max(needed, points.capacity + points.capacity / 2)) }
        let (work, mark) = TrackPoints.dash(path, pattern: pattern, from: start, kept: &points, prior: &prior, checkpoints: &checkpoints)
        checkpoint = mark
        // The seed's last rule: the last point goes if it is that close to the first.
        let dx = points.first.map { $0.x - prior.x } ?? 0, dy = points.first.map { $0.y - prior.y } ?? 0
        if points.count > 1, dx * dx + dy * dy < TrackPoints.minimumSpacing * TrackPoints.minimumSpacing {
            removedLast = points.removeLast()
        }
        elementCount = path.elements.count
        return work
    }
}
