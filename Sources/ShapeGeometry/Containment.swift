/// How overlapping parts of a path count as inside.
public enum FillRule: String, Sendable, CaseIterable {
    /// Inside where the winding number is not zero (CGPath's default).
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}

/// Answers "is this point inside the path?" exactly against the curves, for many points.
///
/// Method: every segment (and, for each open subpath, the implicit closing line, as CGPath fills)
/// is cut at its vertical extremes into pieces along which y is monotone, and those pieces are cut
/// again where they cross the boundaries of a stack of horizontal bands. A horizontal ray from the
/// query point towards +x can only cross the pieces listed in the point's band; it crosses one
/// when its y-range holds the point's y (half-open, so a crossing at a shared end counts once).
/// The crossing's x is needed only when the point lies inside the piece's x-range, which the band
/// cut makes narrow; it is then found by bisection with Newton steps on the monotone y(t). Each
/// crossing adds ±1 to the winding number, by the direction of y.
///
/// Building costs O(n · bands crossed); a query costs O(pieces in its band), which is about the
/// number of times the path crosses the horizontal line through the point.
public struct ContainmentTester: Sendable {
    struct Piece: Sendable {
        var y0: Double, y1: Double
        var minX: Double, maxX: Double
        var t0: Double, t1: Double
        var segment: Int32
    }
    /// The segments, including implicit closing lines.
    var segments: [Segment] = []
    /// Pieces, grouped by band: band k holds `pieces[bandStart[k] ..< bandStart[k + 1]]`.
    var pieces: [Piece] = []
    var bandStart: [Int] = []
    var bandTop = 0.0, bandHeight = 1.0
    /// Horizontal pieces (lines, or curves along a line), by band: they never change the winding
    /// number but are part of the outline.
    var flats: [Flat] = []
    var flatStart: [Int] = []
    /// How near the outline a point must be to count as on it: `outlineTolerance` of the size.
    var tolerance = 0.0

    struct Flat: Sendable {
        var y: Double, minX: Double, maxX: Double
    }

    /// Points within this much of the outline, relative to the larger side of the bounds, count
    /// as on it, and a point on the outline is inside under both rules (so the four extreme
    /// points of a circle are all inside). Far below what changes a drawn shape, and far above
    /// the rounding of computed points on it (about 1e-15 of the size).
    public static let outlineTolerance = Tolerance.meeting
    /// Bounds of everything; points outside are outside.
    var bounds: Rect?

    /// Prepares `path` for hit tests, with at most `maximumBands` horizontal bands (1 builds no
    /// index: right for a single query). The number of bands is also held down so that the band
    /// cuts stay within a fixed budget (50,000), so building is O(n) even when every piece spans
    /// the whole height.
    public init(_ path: Path, maximumBands: Int = 1024) {
        segments = path.fillSegments
        // Monotone pieces first, to choose the number of bands.
        var monotone: [(segment: Int, t0: Double, t1: Double, a: Point, b: Point)] = []
        var flatPieces: [Flat] = []
        for (index, s) in segments.enumerated() {
            let box = s.tightBounds
            bounds = bounds.map { $0.union(box) } ?? box
            let cuts = [0.0] + s.extrema(along: .y) + [1.0]
            var a = s.start
            for k in 1..<cuts.count {
                let b = k == cuts.count - 1 ? s.end : s.point(at: cuts[k])
                if a.y != b.y {
                    monotone.append((index, cuts[k - 1], cuts[k], a, b))
                } else if a.y == s.start.y && a.y == s.end.y {
                    // Flat between two y-extrema only when the whole segment is: its x-range is
                    // its bounds'.
                    flatPieces.append(Flat(y: a.y, minX: box.minX, maxX: box.maxX))
                }
                a = b
            }
        }
        guard let box = bounds else { bandStart = [0, 0]; flatStart = [0, 0]; return }
        tolerance = ContainmentTester.outlineTolerance * Swift.max(box.width, box.height)
        guard box.height > 0 else {
            bandStart = [0, 0]
            flats = flatPieces
            flatStart = [0, flats.count]
            return
        }
        var bandCount = Swift.min(Swift.max(monotone.count / 4, 1), Swift.max(maximumBands, 1))
        // Each piece is cut about (its height / band height) times: keep the total bounded.
        let heights = monotone.reduce(0.0) { $0 + abs($1.b.y - $1.a.y) }
        if heights > 0 { bandCount = Swift.min(bandCount, Swift.max(1, Int(saturating: Swift.min(50_000 * box.height / heights, 1_000_000)))) }
        bandTop = box.minY
        bandHeight = box.height / Double(bandCount)
        var perBand = [[Piece]](repeating: [], count: bandCount)
        for m in monotone {
            let s = segments[m.segment]
            let increasing = m.b.y > m.a.y
            // Cut where the piece crosses band boundaries, keeping each shared end's y identical
            // in both neighbours.
            var cuts: [(t: Double, p: Point)] = [(m.t0, m.a)]
            let lowY = Swift.min(m.a.y, m.b.y), highY = Swift.max(m.a.y, m.b.y)
            let first = Int(saturating: ((lowY - bandTop) / bandHeight).rounded(.down)) + 1
            let last = Int(saturating: ((highY - bandTop) / bandHeight).rounded(.up)) - 1
            if first <= last {
                var boundaries = (first...last).map { bandTop + Double($0) * bandHeight }
                if !increasing { boundaries.reverse() }
                for y in boundaries where y > lowY && y < highY {
                    let t = ContainmentTester.solve(s, y: y, from: cuts.last!.t, to: m.t1, increasing: increasing)
                    cuts.append((t, s.point(at: t)))
                }
            }
            cuts.append((m.t1, m.b))
            let xTurns = s.extrema(along: .x)
            for k in 1..<cuts.count {
                let (ta, pa) = cuts[k - 1], (tb, pb) = cuts[k]
                guard pa.y != pb.y else { continue }
                var minX = Swift.min(pa.x, pb.x), maxX = Swift.max(pa.x, pb.x)
                for t in xTurns where t > ta && t < tb {
                    let x = s.point(at: t).x
                    minX = Swift.min(minX, x); maxX = Swift.max(maxX, x)
                }
                let piece = Piece(y0: pa.y, y1: pb.y, minX: minX, maxX: maxX, t0: ta, t1: tb, segment: Int32(m.segment))
                let bandLow = band(of: Swift.min(pa.y, pb.y), count: bandCount)
                let bandHigh = band(of: Swift.max(pa.y, pb.y), count: bandCount)
                for k in bandLow...bandHigh { perBand[k].append(piece) }
            }
        }
        bandStart = [0]
        for list in perBand { pieces += list; bandStart.append(pieces.count) }
        var flatsPerBand = [[Flat]](repeating: [], count: bandCount)
        for f in flatPieces { flatsPerBand[band(of: f.y, count: bandCount)].append(f) }
        flatStart = [0]
        for list in flatsPerBand { flats += list; flatStart.append(flats.count) }
    }

    private func band(of y: Double, count: Int) -> Int {
        // Clamped as a double first: a position past the range of Int must not trap.
        let k = ((y - bandTop) / bandHeight).rounded(.down)
        guard k.isFinite else { return k > 0 ? count - 1 : 0 }
        return Int(saturating: Swift.min(Swift.max(k, 0), Double(count - 1)))
    }

    /// The winding number of the path around `p`: positive for paths that turn clockwise on
    /// screen around it.
    public func winding(at p: Point) -> Int {
        var visits = 0
        return winding(at: p, visits: &visits)
    }

    /// `winding(at:)`, adding to `visits` the pieces of the band it looked at.
    public func winding(at p: Point, visits: inout Int) -> Int {
        guard let b = bounds, b.contains(p), bandStart.count >= 2 else { return 0 }
        let k = band(of: p.y, count: bandStart.count - 1)
        visits += bandStart[k + 1] - bandStart[k]
        var w = 0
        pieces.withUnsafeBufferPointer { list in
            for i in bandStart[k]..<bandStart[k + 1] {
                let piece = list[i]
                // Half-open in y: counts when exactly one end lies at or above p.y.
                guard (piece.y0 <= p.y) != (piece.y1 <= p.y), p.x < piece.maxX else { continue }
                if p.x < piece.minX || crossingX(of: piece, at: p.y) > p.x {
                    w += piece.y1 > piece.y0 ? 1 : -1
                }
            }
        }
        return w
    }

    /// True when `p` is inside under `rule`; a point on the outline (within `outlineTolerance`)
    /// is inside under both rules. The outline is looked at only for points the winding number
    /// puts outside, so points inside cost no more than the winding number.
    public func contains(_ p: Point, rule: FillRule = .nonZero) -> Bool {
        var visits = 0
        return contains(p, rule: rule, visits: &visits)
    }

    /// `contains(_:rule:)`, adding to `visits` the pieces it looked at.
    public func contains(_ p: Point, rule: FillRule = .nonZero, visits: inout Int) -> Bool {
        let w = winding(at: p, visits: &visits)
        switch rule {
        case .nonZero: if w != 0 { return true }
        case .evenOdd: if w & 1 != 0 { return true }
        }
        return isOnOutline(p)
    }

    /// Whether `p` lies within `tolerance` of the outline: of a horizontal piece, or of a
    /// monotone piece whose box (widened by the tolerance) holds it.
    public func isOnOutline(_ p: Point) -> Bool {
        guard let b = bounds, bandStart.count >= 2 else { return false }
        let tol = tolerance
        guard p.x >= b.minX - tol, p.x <= b.maxX + tol, p.y >= b.minY - tol, p.y <= b.maxY + tol else { return false }
        // Every band within the tolerance of p's height (a point on a band's edge may be on a
        // piece of the next band).
        let count = bandStart.count - 1
        for k in band(of: p.y - tol, count: count)...band(of: p.y + tol, count: count) {
            for f in flats[flatStart[k]..<flatStart[k + 1]] where abs(f.y - p.y) <= tol && p.x >= f.minX - tol && p.x <= f.maxX + tol {
                return true
            }
            for i in bandStart[k]..<bandStart[k + 1] where near(pieces[i], p, tol) { return true }
        }
        return false
    }

    /// Whether `p` is within `tol` of `piece`, which it is near in x or y: the point of the piece
    /// at p's height, clamped to the piece's ends, is within `tol` of it.
    @inline(__always) private func near(_ piece: Piece, _ p: Point, _ tol: Double) -> Bool {
        guard p.x >= piece.minX - tol, p.x <= piece.maxX + tol else { return false }
        let y = Swift.min(Swift.max(p.y, Swift.min(piece.y0, piece.y1)), Swift.max(piece.y0, piece.y1))
        return abs(y - p.y) <= tol && abs(crossingX(of: piece, at: y) - p.x) <= tol
    }

    /// The x where a y-monotone piece meets the horizontal line at `y`.
    private func crossingX(of piece: Piece, at y: Double) -> Double {
        let s = segments[Int(piece.segment)]
        let t = ContainmentTester.solve(s, y: y, from: piece.t0, to: piece.t1, increasing: piece.y1 > piece.y0)
        return s.point(at: t).x
    }

    /// The parameter in [lo, hi] where y(t) = y on a piece along which y is monotone
    /// (`BracketedNewton`, to `parameterTolerance`).
    static func solve(_ s: Segment, y: Double, from lo: Double, to hi: Double, increasing: Bool) -> Double {
        let ya = s.point(at: lo).y, yb = s.point(at: hi).y
        let guess = ya == yb ? 0.5 * (lo + hi) : lo + (hi - lo) * Swift.min(Swift.max((y - ya) / (yb - ya), 0), 1)
        return BracketedNewton.solve(
            in: lo, hi, from: guess, increasing: increasing,
            tolerance: .init(absoluteStep: parameterTolerance, maximumIterations: 100),
            value: { s.point(at: $0).y - y }, slope: { s.derivative(at: $0).dy })
    }

    /// How closely a crossing's parameter is found: far below what changes its x in a double.
    static let parameterTolerance = Tolerance.crossingParameter
}

extension Path {
    /// The segments that bound the path's fill: every drawn segment, and for each open subpath
    /// that does not end where it starts the line that closes it, as CGPath fills it.
    public var fillSegments: [Segment] {
        var list: [Segment] = []
        // (At most every element and a closing line for each subpath: room made once.)
        list.reserveCapacity(elements.count + subpathStarts.count)
        for range in subpathRanges {
            for i in range { if let s = segment(at: i) { list.append(s) } }
            // (To where its first segment starts: `closingLine`.)
            if let closer = closingLine(ofSubpathEndingAt: range.upperBound - 1) { list.append(closer) }
        }
        return list
    }

    /// True when `p` is inside the path under `rule`; open subpaths are closed implicitly, as
    /// CGPath fills them, and a point on the outline (within `ContainmentTester.outlineTolerance`
    /// of the path's size) is inside under both rules. The same answers as a
    /// `ContainmentTester`, from the path's kept `index`: O(log n) nodes plus the segments near
    /// the horizontal line through `p` that are not wholly to one side of it.
    public func contains(_ p: Point, rule: FillRule = .nonZero) -> Bool {
        var visits = 0
        return contains(p, rule: rule, visits: &visits)
    }

    /// `contains(_:rule:)`, adding to `visits` the index nodes and segments it looked at.
    public func contains(_ p: Point, rule: FillRule = .nonZero, visits: inout Int) -> Bool {
        let w = winding(at: p, visits: &visits)
        switch rule {
        case .nonZero: if w != 0 { return true }
        case .evenOdd: if w & 1 != 0 { return true }
        }
        return isOnOutline(p)
    }

    /// The winding number of the path around `p`: positive for paths that turn clockwise on
    /// screen around it. A ray from `p` leaves the path's bounds by their nearest side (right,
    /// left, down or up), so that a point in a long row or column of shapes crosses few of them;
    /// each segment it crosses adds ±1 (half-open along the ray's normal, so a crossing at a
    /// shared end counts once). The ray is taken towards +x in a frame turned by a multiple of a
    /// quarter turn, which keeps winding numbers.
    public func winding(at p: Point) -> Int {
        var visits = 0
        return winding(at: p, visits: &visits)
    }

    /// `winding(at:)`, adding to `visits` the index nodes and segments it looked at (the work of
    /// the ray: about the number of segments it passes, and the log of the path's size).
    public func winding(at p: Point, visits: inout Int) -> Int {
        guard let box = index.tightBounds, box.minX <= p.x, p.x <= box.maxX, box.minY <= p.y, p.y <= box.maxY else { return 0 }
        // The shortest way out of the box.
        let ways: [(Double, Ray)] = [(box.maxX - p.x, .right), (p.x - box.minX, .left), (box.maxY - p.y, .down), (p.y - box.minY, .up)]
        let way = ways.min { $0.0 < $1.0 }!.1
        return winding(at: p, towards: way, visits: &visits)
    }

    /// Which way a containment ray goes from its point (y down, on screen).
    enum Ray {
        case right, left, down, up
    }

    /// The winding number by a ray `way` from p: worked as a ray towards +x in a frame turned so
    /// that `way` is +x (a half turn for left, a quarter turn taking +y to +x for down, the other
    /// quarter for up).
    func winding(at p: Point, towards way: Ray, visits: inout Int) -> Int {
        @inline(__always) func turn(_ q: Point) -> Point {
            switch way {
            case .right: q
            case .left: Point(-q.x, -q.y)
            case .down: Point(q.y, -q.x)
            case .up: Point(-q.y, q.x)
            }
        }
        let transform: AffineTransform? =
            switch way {
            case .right: nil
            case .left: AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
            case .down: AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0)
            case .up: AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
            }
        let q = turn(p)
        var w = 0
        var seen = 0
        index.walk(
            { node in
                seen += 1
                guard node.hasSegments else { return .skip }
                // The node's box in the turned frame.
                let c = node.control
                let a = turn(Point(c.minX, c.minY)), b = turn(Point(c.maxX, c.maxY))
                let minX = Swift.min(a.x, b.x), maxX = Swift.max(a.x, b.x), minY = Swift.min(a.y, b.y), maxY = Swift.max(a.y, b.y)
                guard q.y >= minY, q.y <= maxY, q.x < maxX else { return .skip }
                // A chain wholly ahead: the ray crosses it as its ends say.
                if q.x < minX, node.continuous {
                    w += Path.crossing(from: turn(node.first), to: turn(node.last), at: q.y)
                    return .done
                }
                return .descend
            },
            { range in
                seen += range.count
                for k in range {
                    guard let s = indexedSegment(at: k) else { continue }
                    w += Path.crossings(of: transform.map { s.transformed(by: $0) } ?? s, from: q)
                }
            })
        visits += seen
        if let closer = closingLine(ofSubpathEndingAt: elements.count - 1) {
            w += Path.crossings(of: transform.map { closer.transformed(by: $0) } ?? closer, from: q)
        }
        return w
    }

    /// What a chain from `a` to `b` adds to the winding number of a point at height `y` that it
    /// passes wholly to the right of.
    @inline(__always) static func crossing(from a: Point, to b: Point, at y: Double) -> Int {
        (a.y <= y ? 1 : 0) - (b.y <= y ? 1 : 0)
    }

    /// What segment `s` adds to the winding number around `p`: its pieces along which y is
    /// monotone, each crossed by the ray when its y-range holds p.y (half-open) and its point at
    /// that height lies right of p.
    @inline(__always) static func crossings(of s: Segment, from p: Point) -> Int {
        // Lines, the commonest, in closed form where the caller is; curves below.
        if case .line(let l) = s { return crossings(of: l, from: p) }
        return crossings(ofCurve: s, from: p)
    }

    /// `crossings(of:from:)` for a curve (a Bézier or an arc).
    static func crossings(ofCurve s: Segment, from p: Point) -> Int {
        // A box that holds the segment, for the early answers: for an arc its whole ellipse's,
        // without the trigonometry of its tight box (most segments a ray passes are answered here).
        let b: Rect
        if case .arc(let a) = s {
            let rx = abs(a.u.dx) + abs(a.v.dx), ry = abs(a.u.dy) + abs(a.v.dy)
            b = Rect(minX: a.center.x - rx, minY: a.center.y - ry, maxX: a.center.x + rx, maxY: a.center.y + ry)
        } else {
            b = s.controlBounds
        }
        return crossings(ofCurve: s, within: b, from: p)
    }

    /// `crossings(of:from:)` for a segment whose control points' box (`controlBounds`) the
    /// caller keeps (a boolean's edges): the same answer, without making the box again.
    @inline(__always) static func crossings(of s: Segment, controlBounds b: Rect, from p: Point) -> Int {
        switch s {
        case .line(let l): return crossings(of: l, from: p)
        case .arc: return crossings(ofCurve: s, from: p)
        case .quadratic, .cubic: return crossings(ofCurve: s, within: b, from: p)
        }
    }

    /// `crossings(ofCurve:from:)` given a box that holds the curve.
    static func crossings(ofCurve s: Segment, within b: Rect, from p: Point) -> Int {
        guard p.y >= b.minY, p.y <= b.maxY, p.x < b.maxX else { return 0 }
        if p.x < b.minX { return crossing(from: s.start, to: s.end, at: p.y) }
        var w = 0
        // A circle's crossing at height y is at x = cx ± √(r² − (y − cy)²), + on the half where
        // y grows with the angle (which turns with u towards v): no equation to solve.
        var circle: (center: Point, radius: Double, growing: Bool)?
        if case .arc(let arc) = s, arc.isCircular { circle = (arc.center, arc.radius, (arc.sweep > 0) == (arc.u.cross(arc.v) > 0)) }
        forEachMonotonePiece(of: s) { t0, t1, a, c in
            guard (a.y <= p.y) != (c.y <= p.y) else { return }
            let x: Double
            if let circle {
                let dy = p.y - circle.center.y
                let h = Swift.max((circle.radius - dy) * (circle.radius + dy), 0).squareRoot()
                x = circle.center.x + ((c.y > a.y) == circle.growing ? h : -h)
            } else {
                x = s.point(at: ContainmentTester.solve(s, y: p.y, from: t0, to: t1, increasing: c.y > a.y)).x
            }
            if x > p.x { w += c.y > a.y ? 1 : -1 }
        }
        return w
    }

    /// `crossings(of:from:)` for a line, in closed form: the ray meets it (half-open in y) at
    /// x = x₀ + (y − y₀)·(x₁ − x₀)/(y₁ − y₀).
    @inline(__always) static func crossings(of l: LineSegment, from p: Point) -> Int {
        let a = l.p0, c = l.p1
        guard (a.y <= p.y) != (c.y <= p.y), p.x < Swift.max(a.x, c.x) else { return 0 }
        let x = p.x < Swift.min(a.x, c.x) ? Double.infinity : a.x + (p.y - a.y) * ((c.x - a.x) / (c.y - a.y))
        return x > p.x ? (c.y > a.y ? 1 : -1) : 0
    }

    /// Calls `body(t0, t1, start, end)` for each piece of `s` between its vertical extremes along
    /// which y changes, and `flat()` when the whole segment is horizontal.
    static func forEachMonotonePiece(
        of s: Segment, flat: () -> Void = {}, _ body: (Double, Double, Point, Point) -> Void
    ) {
        var a = s.start, t0 = 0.0
        func piece(to t1: Double, _ c: Point) {
            if a.y != c.y {
                body(t0, t1, a, c)
            } else if a.y == s.start.y && a.y == s.end.y {
                flat()
            }
            a = c
            t0 = t1
        }
        // The turns one by one (no list made: this runs for every segment a winding number
        // looks at).
        s.forEachExtremum(along: .y) { piece(to: $0, s.point(at: $0)) }
        piece(to: 1, s.end)
    }

    /// Whether `p` lies within `outlineTolerance` of the path's size of its outline (the closing
    /// lines of open subpaths included).
    public func isOnOutline(_ p: Point) -> Bool {
        guard let box = index.tightBounds else { return false }
        let tol = ContainmentTester.outlineTolerance * Swift.max(box.maxX - box.minX, box.maxY - box.minY)
        var found = false
        index.walk(
            { node in
                let b = node.control
                guard !found, node.hasSegments, p.x >= b.minX - tol, p.x <= b.maxX + tol, p.y >= b.minY - tol, p.y <= b.maxY + tol else {
                    return .skip
                }
                return .descend
            },
            { range in
                for k in range where !found {
                    if let s = indexedSegment(at: k), Path.isNear(s, p, tol) { found = true }
                }
            })
        if !found, let closer = closingLine(ofSubpathEndingAt: elements.count - 1) { found = Path.isNear(closer, p, tol) }
        return found
    }

    /// Whether `p` is within `tol` of segment `s`: of a horizontal segment, or of a piece along
    /// which y is monotone whose box (widened by `tol`) holds it, at the point of the piece at
    /// p's height clamped to the piece's ends.
    static func isNear(_ s: Segment, _ p: Point, _ tol: Double) -> Bool {
        let b = s.controlBounds
        guard p.x >= b.minX - tol, p.x <= b.maxX + tol, p.y >= b.minY - tol, p.y <= b.maxY + tol else { return false }
        var near = false
        let xTurns = s.extrema(along: .x)
        forEachMonotonePiece(
            of: s,
            flat: {
                let tight = s.tightBounds
                if abs(s.start.y - p.y) <= tol, p.x >= tight.minX - tol, p.x <= tight.maxX + tol { near = true }
            },
            { t0, t1, a, c in
                guard !near else { return }
                var minX = Swift.min(a.x, c.x), maxX = Swift.max(a.x, c.x)
                for t in xTurns where t > t0 && t < t1 {
                    let x = s.point(at: t).x
                    minX = Swift.min(minX, x); maxX = Swift.max(maxX, x)
                }
                guard p.x >= minX - tol, p.x <= maxX + tol else { return }
                let y = Swift.min(Swift.max(p.y, Swift.min(a.y, c.y)), Swift.max(a.y, c.y))
                guard abs(y - p.y) <= tol else { return }
                let t = ContainmentTester.solve(s, y: y, from: t0, to: t1, increasing: c.y > a.y)
                if abs(s.point(at: t).x - p.x) <= tol { near = true }
            })
        return near
    }
}
