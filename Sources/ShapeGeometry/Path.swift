/// A path of subpaths with UIBezierPath / CGPath semantics, and its lengths and bounds kept up to
/// date incrementally.
///
/// Appending an element measures only that element (O(1) amortised, plus the element's own
/// quadrature), or, while `measuresLater` is set, leaves it to be measured when a length is next
/// asked for; `truncate(to:)` undoes appends in time proportional to what it removes. Whole-path
/// operations (`transform`) rebuild in O(n). Lengths along the path are running sums with
/// Neumaier compensation, so the total of a million elements carries about one rounding error.
public struct Path: Sendable {
    /// One entry of the path's element list.
    public enum Element: Hashable, Sendable {
        /// Starts a subpath at the point.
        case move(Point)
        /// A drawn segment.
        case segment(Segment)
        /// The straight segment that closes a subpath, back to its start; it counts in the length.
        case close(LineSegment)
    }

    /// The elements in drawing order.
    public private(set) var elements: [Element] = []
    /// Running compensated length after each element.
    private(set) var lengthsAfter: [CompensatedSum] = []
    /// Each element's own length, as measured when it was appended (0 for a move). Kept apart
    /// from the running sums: a difference of two totals near 1e7 loses digits of a short element.
    private(set) var elementLengths: [Double] = []
    /// Tight bounds of every element (nil when empty).
    private var runningBounds: Rect?
    /// The bounds after each `boundsStep`-th element (entry j: of the first (j + 1)·`boundsStep`),
    /// from which `truncate` finds the bounds again by measuring at most `boundsStep - 1`
    /// elements: a box for every element took 32 bytes each, a quarter of a long path's memory.
    private var boundsAt: [Rect] = []
    static let boundsStep = 16
    /// Indices of the `move` elements, one per subpath, in order.
    public private(set) var subpathStarts: [Int] = []
    /// Relative accuracy of every length measured in this path.
    public let accuracy: Double
    /// The boxes of the elements in a tree, kept as the path changes, for `contains`,
    /// `winding(at:)` and `nearest(to:)`: of the first elements only while `measuresLater` is
    /// set (the rest are indexed when it is cleared, or by `indexAll()`).
    private var storedIndex = PathIndex()

    /// The index of every element: the one kept, or while appends have left some elements out
    /// of it (`measuresLater`), a copy that takes them in (a host that asks often calls
    /// `indexAll()` first).
    package var index: PathIndex {
        guard storedIndex.count < elements.count else { return storedIndex }
        var copy = storedIndex
        indexRest(into: &copy)
        return copy
    }

    /// An empty path measuring lengths with the given relative accuracy.
    public init(accuracy: Double = defaultArcLengthAccuracy) { self.accuracy = accuracy }

    // MARK: State derived from the elements

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The point the next segment starts from, or `nil` for an empty path. After `close` it is the
    /// closed subpath's start.
    public var currentPoint: Point? { elements.last.map(Path.endPoint) }

    /// The start of the current (last) subpath.
    public var subpathStart: Point? {
        guard let i = subpathStarts.last, case .move(let p) = elements[i] else { return nil }
        return p
    }

    /// The total length of every drawn segment, closing segments included.
    public var length: Double { isMeasured ? lengthsAfter.last?.value ?? 0 : runningLength(to: elements.count).value }

    /// The tight bounds of the exact geometry, lone `move` points included; `nil` when empty.
    public var bounds: Rect? { runningBounds }

    /// The length along the path before element `i` starts.
    public func length(before i: Int) -> Double {
        if i == 0 { return 0 }
        return i <= lengthsAfter.count ? lengthsAfter[i - 1].value : runningLength(to: i).value
    }

    /// The length of element `i` (0 for a move).
    public func length(ofElement i: Int) -> Double {
        i < elementLengths.count ? elementLengths[i] : Path.ownLength(elements[i], accuracy: accuracy)
    }

    /// The summed lengths of the elements in `range` (compensated), each as measured alone:
    /// what a statement that appended them added. O(range.count).
    public func length(ofElements range: Range<Int>) -> Double {
        var sum = CompensatedSum()
        for i in range { sum.add(length(ofElement: i)) }
        return sum.value
    }

    // MARK: Lengths measured later

    /// Whether appends leave the new elements' lengths to be measured when they are next asked
    /// for, by `measure()`, and their boxes out of the index until `indexAll()`: for a host
    /// that may never read them (a script run with `--quiet` draws a font's glyphs one after
    /// another and clears each: measuring its curves was a sixth of the work, and indexing them
    /// for hit tests nobody made a twelfth). Setting it false measures and indexes them. Either
    /// way every length read is the one `append` would have measured, the same running sum in
    /// the same order, and every query sees the index `append` would have built.
    public var measuresLater = false {
        didSet { if !measuresLater { measure(); indexAll() } }
    }

    /// Whether every element is in the index kept (not when appends left some for later).
    public var isIndexed: Bool { storedIndex.count == elements.count }

    /// Indexes the elements appended while `measuresLater` was set, as `append` would have.
    /// O(elements indexed).
    public mutating func indexAll() {
        guard storedIndex.count < elements.count else { return }
        var kept = storedIndex
        storedIndex = PathIndex()  // so that `kept` is not shared and grows in place
        indexRest(into: &kept)
        storedIndex = kept
    }

    /// Appends to `index` the elements after the ones it holds, as `append` appends them (an
    /// empty one built whole, `PathIndex.built`).
    private func indexRest(into index: inout PathIndex) {
        if index.count == 0 {
            index = PathIndex.built(count: elements.count) { indexedSegment(at: $0) }
            return
        }
        for i in index.count..<elements.count {
            index.append(indexedSegment(at: i)) { indexedSegment(at: $0) }
        }
    }

    /// Whether every element's length is measured (`measuresLater`).
    public var isMeasured: Bool { lengthsAfter.count == elements.count }

    /// Measures the elements appended while `measuresLater` was set, as `append` would have.
    /// O(elements measured).
    public mutating func measure() {
        guard lengthsAfter.count < elements.count else { return }
        // (No room reserved for exactly these: measured a few at a time, as a script that
        // alternates drawing and other statements does, the lists were copied at every call.)
        var sum = lengthsAfter.last ?? CompensatedSum()
        for i in lengthsAfter.count..<elements.count {
            let own = Path.ownLength(elements[i], accuracy: accuracy)
            sum.add(own)
            elementLengths.append(own)
            lengthsAfter.append(sum)
        }
    }

    /// The running length after the first `count` elements, measuring the ones not yet measured
    /// without keeping them (a path read while `measuresLater` is set). O(count − measured).
    func runningLength(to count: Int) -> CompensatedSum {
        let measured = Swift.min(count, lengthsAfter.count)
        var sum = measured == 0 ? CompensatedSum() : lengthsAfter[measured - 1]
        for i in measured..<count { sum.add(Path.ownLength(elements[i], accuracy: accuracy)) }
        return sum
    }

    /// An element's own length (0 for a move), as `append` measures it.
    static func ownLength(_ e: Element, accuracy: Double) -> Double {
        switch e {
        case .move: 0
        case .segment(let s): s.arcLength(accuracy: accuracy)
        case .close(let l): l.arcLength()
        }
    }

    /// The segment drawn by element `i`, or `nil` for a move.
    public func segment(at i: Int) -> Segment? {
        switch elements[i] {
        case .move: nil
        case .segment(let s): s
        case .close(let l): .line(l)
        }
    }

    static func endPoint(of element: Element) -> Point {
        switch element {
        case .move(let p): p
        case .segment(let s): s.end
        case .close(let l): l.p1
        }
    }

    // MARK: Building

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) throws(GeometryError) {
        try Path.check(p, "point")
        append(.move(p))
    }

    /// A straight segment from the current point to `p`.
    public mutating func line(to p: Point) throws(GeometryError) {
        try Path.check(p, "point")
        let from = try drawingStart()
        append(.segment(.line(LineSegment(from, p))))
    }

    /// A quadratic Bézier from the current point, with control point `c`, to `p`.
    public mutating func quad(control c: Point, to p: Point) throws(GeometryError) {
        try Path.check(c, "control point"); try Path.check(p, "point")
        let from = try drawingStart()
        append(.segment(.quadratic(QuadraticBezier(from, c, p))))
    }

    /// A cubic Bézier from the current point, with control points `c1` and `c2`, to `p`.
    public mutating func curve(control1 c1: Point, control2 c2: Point, to p: Point) throws(GeometryError) {
        try Path.check(c1, "first control point"); try Path.check(c2, "second control point")
        try Path.check(p, "point")
        let from = try drawingStart()
        append(.segment(.cubic(CubicBezier(from, c1, c2, p))))
    }

    /// A circular arc as UIBezierPath's addArc(withCenter:radius:startAngle:endAngle:clockwise:)
    /// draws it, with HTML canvas's sweep rule (see `Arc.sweep(from:to:clockwise:)`). With a
    /// current point, a straight line first joins it to the arc's start (skipped when they are the
    /// same point to within 1e-12 of the arc's size); without one, the arc's start begins a
    /// subpath. `clockwise` means increasing
    /// angle, which turns clockwise on screen. A zero radius draws a point.
    public mutating func arc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double,
        clockwise: Bool = true
    ) throws(GeometryError) {
        try Path.check(center, "center")
        guard radius.isFinite else { throw .nonFinite(argument: "radius") }
        guard startAngle.isFinite else { throw .nonFinite(argument: "start angle") }
        guard endAngle.isFinite else { throw .nonFinite(argument: "end angle") }
        guard radius >= 0 else { throw .negativeRadius }
        let sweep = Arc.sweep(from: startAngle, to: endAngle, clockwise: clockwise)
        let arc = Arc(center: center, radius: radius, startAngle: startAngle, sweep: sweep)
        try append(arc: arc)
    }

    /// Appends an arc of any kind (circular or elliptical), joined to the current point by a line
    /// as `arc(center:...)` does.
    public mutating func append(arc: Arc) throws(GeometryError) {
        let start = arc.start
        guard start.isFinite, arc.end.isFinite else { throw .nonFiniteResult }
        if let from = currentPoint {
            let origin = needsImplicitMove ? subpathStart! : from
            if needsImplicitMove { append(.move(origin)) }
            // The joining line, unless the arc starts at the current point (to within rounding of
            // the arc's own trigonometry, 1e-12 of its size).
            let size = Swift.max(abs(arc.center.x), abs(arc.center.y), arc.u.length, arc.v.length)
            if origin.distance(to: start) > Tolerance.rounding * size { append(.segment(.line(LineSegment(origin, start)))) }
        } else {
            append(.move(start))
        }
        append(.segment(.arc(arc)))
    }

    /// Appends the elements of `other` exactly as they are: its subpaths follow this path's. O(k)
    /// for k elements, each measured as it is appended.
    public mutating func append(contentsOf other: Path) throws(GeometryError) {
        guard let first = other.elements.first else { return }
        guard case .move = first else { throw .noCurrentPoint }
        guard other.isFinite else { throw .nonFiniteResult }
        for e in other.elements { append(e) }
    }

    /// Closes the current subpath with a straight segment back to its start. With nothing to
    /// close (an empty path, a subpath that is only a move, or one already closed) it does
    /// nothing, as CGPath.
    public mutating func close() {
        guard let last = elements.last, let start = subpathStart else { return }
        switch last {
        case .move, .close: return
        case .segment(let s): append(.close(LineSegment(s.end, start)))
        }
    }

    /// After `close`, the next drawing command starts a new subpath at the closed one's start.
    private var needsImplicitMove: Bool {
        if case .close = elements.last { return true }
        return false
    }

    /// The point a new segment starts from, adding the implicit move after a close.
    private mutating func drawingStart() throws(GeometryError) -> Point {
        guard let from = currentPoint else { throw .noCurrentPoint }
        if needsImplicitMove { append(.move(from)) }
        return from
    }

    static func check(_ p: Point, _ name: String) throws(GeometryError) {
        guard p.isFinite else { throw .nonFinite(argument: name) }
    }

    /// Makes room for `count` more elements at once (for a path made whole, as a boolean
    /// operation's result is, or drawn again after `clear`: its lists then grow without being
    /// copied again and again).
    package mutating func reserveCapacity(_ count: Int) {
        let total = elements.count + count
        elements.reserveCapacity(total)
        lengthsAfter.reserveCapacity(total)
        elementLengths.reserveCapacity(total)
        boundsAt.reserveCapacity(total / Path.boundsStep + 1)
    }

    /// Appends one element, measuring only it.
    mutating func append(_ e: Element) {
        if case .move = e { subpathStarts.append(elements.count) }
        let measuresNow = !measuresLater
        var sum = CompensatedSum()
        if measuresNow {
            measure()  // (the elements appended while it was set, if any)
            sum = lengthsAfter.last ?? CompensatedSum()
            let own = Path.ownLength(e, accuracy: accuracy)
            sum.add(own)
            elementLengths.append(own)
        }
        var box = Path.ownBounds(e)
        // The element's own tight box, for the index (a move's closing line is measured there).
        let ownTight: Rect? = if case .move = e { nil } else { box }
        if let previous = runningBounds { box = box.union(previous) }
        // (The lists grow in this order: their buffers, given back as each doubles, are then
        // reused as before, and a 100,000-curve script's peak memory stays 3 MB lower.)
        elements.append(e)
        if measuresNow { lengthsAfter.append(sum) }
        runningBounds = box
        if elements.count % Path.boundsStep == 0 { boundsAt.append(box) }
        guard measuresNow else { return }
        if storedIndex.count < elements.count - 1 { indexAll() }
        var kept = storedIndex
        storedIndex = PathIndex()  // so that `kept` is not shared and grows in place
        kept.append(indexedSegment(at: elements.count - 1), tight: ownTight) { indexedSegment(at: $0) }
        storedIndex = kept
    }

    /// An element's own tight box: a move's point, a segment's or closing line's curve.
    static func ownBounds(_ e: Element) -> Rect {
        switch e {
        case .move(let p): Rect(point: p)
        case .segment(let s): s.tightBounds
        case .close(let l): l.tightBounds
        }
    }

    /// The segment element `i` stands for in `index`: its own, or for a `move` after the first,
    /// the line that implicitly closes the subpath before it, if that one is open.
    func indexedSegment(at i: Int) -> Segment? {
        switch elements[i] {
        case .segment(let s): return s
        case .close(let l): return .line(l)
        case .move: return i > 0 ? closingLine(ofSubpathEndingAt: i - 1) : nil
        }
    }

    /// The straight line that closes (for filling) the subpath whose last element is `last`: from
    /// its end back to where its first segment starts, unless it is closed, has no segment, or
    /// ends there. (Not to its move point: an arc's start, found from its centre and angle, may
    /// lie an ulp from the point it was drawn from, and the loop was left open by the ulp, so a
    /// ray through the gap counted one crossing: fuzz O40, where `offset` lost a dot.)
    func closingLine(ofSubpathEndingAt last: Int) -> Segment? {
        guard last >= 0, case .segment(let s) = elements[last] else { return nil }
        // The subpath holding `last`: the last start at or before it.
        var lo = 0, hi = subpathStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if subpathStarts[mid] <= last { lo = mid } else { hi = mid - 1 }
        }
        guard subpathStarts[lo] < last, let first = segment(at: subpathStarts[lo] + 1), s.end != first.start else { return nil }
        return .line(LineSegment(s.end, first.start))
    }

    /// Removes every element from index `count` on, restoring lengths and bounds as they were:
    /// the undo of any sequence of appends. O(number removed).
    public mutating func truncate(to count: Int) {
        guard count < elements.count else { return }
        let n = Swift.max(count, 0)
        elements.removeSubrange(n...)
        if lengthsAfter.count > n {
            lengthsAfter.removeSubrange(n...)
            elementLengths.removeSubrange(n...)
        }
        boundsAt.removeSubrange((n / Path.boundsStep)...)
        // The elements after the last kept step, measured again as `append` measured them.
        runningBounds = boundsAt.last
        for i in (n / Path.boundsStep * Path.boundsStep)..<n {
            var box = Path.ownBounds(elements[i])
            if let previous = runningBounds { box = box.union(previous) }
            runningBounds = box
        }
        while let last = subpathStarts.last, last >= n { subpathStarts.removeLast() }
        // (An index that holds fewer than `n` elements, while `measuresLater` is set, is kept.)
        var kept = storedIndex
        storedIndex = PathIndex()  // so that `kept` is not shared and is cut in place
        kept.truncate(to: n) { indexedSegment(at: $0) }
        storedIndex = kept
    }

    /// Empties the path.
    public mutating func removeAll() { truncate(to: 0) }

    /// The path mapped by `transform`, exactly (arcs stay arcs). O(n): every element is measured
    /// again. Throws when the transform or any resulting coordinate is not finite.
    public func transformed(by transform: AffineTransform) throws(GeometryError) -> Path {
        guard transform.isFinite else { throw .invalidTransform }
        var result = Path(accuracy: accuracy)
        result.elements.reserveCapacity(elements.count)
        for e in elements {
            let mapped: Element
            switch e {
            case .move(let p): mapped = .move(transform.apply(p))
            case .segment(let s): mapped = .segment(s.transformed(by: transform))
            case .close(let l): mapped = .close(l.transformed(by: transform))
            }
            guard Path.endPoint(of: mapped).isFinite else { throw .nonFiniteResult }
            result.append(mapped)
        }
        guard result.length.isFinite else { throw .nonFiniteResult }
        return result
    }

    /// The same path with element `i` split at parameter `t` into two elements of its kind (a
    /// closing segment becomes a line and a shorter close). The geometry is unchanged. O(n).
    public func splitting(elementAt i: Int, at t: Double) throws(GeometryError) -> Path {
        guard t.isFinite else { throw .nonFinite(argument: "t") }
        var result = Path(accuracy: accuracy)
        for (k, e) in elements.enumerated() {
            guard k == i, t > 0, t < 1 else { result.append(e); continue }
            switch e {
            case .move: result.append(e)
            case .segment(let s):
                let (a, b) = s.split(at: t)
                result.append(.segment(a)); result.append(.segment(b))
            case .close(let l):
                let (a, b) = l.split(at: t)
                result.append(.segment(.line(a))); result.append(.close(b))
            }
        }
        return result
    }

    /// The elements grouped by subpath: for each subpath, the range of element indices from its
    /// `move` up to the next `move`.
    public var subpathRanges: [Range<Int>] {
        var result: [Range<Int>] = []
        result.reserveCapacity(subpathStarts.count)
        for (k, s) in subpathStarts.enumerated() {
            let e = k + 1 < subpathStarts.count ? subpathStarts[k + 1] : elements.count
            result.append(s..<e)
        }
        return result
    }
}

extension Path: Equatable {
    /// Two paths are equal when they have the same elements (their lengths and bounds follow).
    /// O(n), and O(1) for copies that share their storage.
    public static func == (a: Path, b: Path) -> Bool { a.elements == b.elements }
}

extension Path {
    /// The length, the bounds (their size included) and so every coordinate are finite: what any
    /// path a command makes must be.
    public var isFinite: Bool { length.isFinite && (bounds?.isFinite ?? true) }

    /// `isFinite`, told whether every element passes `checkMeasurable` (every coordinate within
    /// `largestCoordinate`): then every length is bounded far below overflow, and lengths not
    /// yet measured (`measuresLater`) are not measured for the answer.
    public func isFinite(measurable: Bool) -> Bool {
        measurable && !isMeasured ? bounds?.isFinite ?? true : isFinite
    }

    /// The least size of an element that is not a single point: below it, squares of its
    /// coordinates' differences (speeds, distances) fall under the smallest normal double, and
    /// lengths, nearest points and intersections lose every digit. It mirrors the largest
    /// coordinates, about 1e150, whose squares overflow (docs/robustness.md, "Limits").
    public static let smallestSize = Tolerance.smallestSize

    /// The largest coordinate an element may reach: past it, squares of coordinates and of their
    /// differences (speeds, distances, cross products) overflow.
    public static let largestCoordinate = Tolerance.largestCoordinate

    /// Throws `tooLarge` for the first element from `start` on that reaches past
    /// `largestCoordinate`, and `tooSmall` for the first whose size (the farthest its control
    /// points, or an arc's axes, reach from its start along x or y) is not 0 but below
    /// `smallestSize`. Closing lines are not checked for size: one that only makes up for the
    /// rounding of the subpath before it (a circle's end computed 1e-16 of its radius from its
    /// start) is measured exactly, as every line is. O(elements checked).
    public func checkMeasurable(from start: Int = 0) throws(GeometryError) {
        guard start < elements.count else { return }
        for i in start..<elements.count {
            let reach: Double
            switch elements[i] {
            case .move(let p): reach = Swift.max(abs(p.x), abs(p.y))
            case .close(let l): reach = Swift.max(abs(l.p1.x), abs(l.p1.y))
            case .segment(let s):
                let size = s.size
                if size > 0, size < Path.smallestSize { throw .tooSmall(size: size) }
                let box = s.controlBounds
                reach = Swift.max(abs(box.minX), abs(box.maxX), abs(box.minY), abs(box.maxY))
            }
            if reach > Path.largestCoordinate { throw .tooLarge(coordinate: reach) }
        }
    }
}

extension Segment {
    /// How far the segment reaches from its start along x or y: the largest coordinate difference
    /// of a control point from the start; an arc's largest axis component (0 for no sweep).
    var size: Double {
        // (Folded point by point from 0, without a list: every drawn element is asked.)
        let o = start
        func reach(_ m: Double, _ p: Point) -> Double { Swift.max(m, abs(p.x - o.x), abs(p.y - o.y)) }
        switch self {
        case .line(let l): return reach(0, l.p1)
        case .quadratic(let q): return reach(reach(0, q.p1), q.p2)
        case .cubic(let c): return reach(reach(reach(0, c.p1), c.p2), c.p3)
        case .arc(let a): return a.sweep == 0 ? 0 : Swift.max(abs(a.u.dx), abs(a.u.dy), abs(a.v.dx), abs(a.v.dy))
        }
    }
}
