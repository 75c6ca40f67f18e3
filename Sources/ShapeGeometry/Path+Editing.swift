/// Moving one point of a path, as a hand drags it (`setpoint`, the workbench).
///
/// The points of an element are those its statement writes, in order:
///
/// | element | points |
/// |---|---|
/// | move | the point |
/// | line | its end |
/// | quad | control, end |
/// | curve | control 1, control 2, end |
/// | arc | centre, start, end, radius |
/// | close | none |
///
/// The end of an element is an anchor shared with the next element's start, and, where the
/// subpath's last segment ends on its move, with that move: they move together, so the path stays
/// joined. An arc's centre moves the whole arc; its start and end slide along its circle (or
/// ellipse) to the angle of the point seen from the centre, the sweep changing by as much (so a
/// drag across the start of a full circle shortens it rather than jumping); its radius point is
/// the arc's middle, and moving it scales the arc about its centre to pass through the point's
/// distance. An anchor that is also the end of an arc other than the one moved slides along that
/// arc: it lands on the arc's circle at the angle of the point.
public enum PointEditError: Error, Equatable, Sendable {
    /// The element has `count` points: `point` is not one of them.
    case noSuchPoint(point: Int, count: Int)
    /// The moved arc's end is shared with another arc's, which cannot follow it off its circle.
    case arcsWouldPart(element: Int, other: Int)
    /// An arc with no size (radius zero): its ends have no angle to slide to.
    case pointArc
    /// The result is not finite, or not measurable.
    case geometry(GeometryError)
}

extension Path {
    /// How many points element `i` has, as `setpoint` numbers them.
    public func pointCount(ofElement i: Int) -> Int {
        switch elements[i] {
        case .move: 1
        case .close: 0
        case .segment(.line): 1
        case .segment(.quadratic): 2
        case .segment(.cubic): 3
        case .segment(.arc): 4
        }
    }

    /// Point k of element i, where it is now (an arc's radius point is its middle).
    public func point(ofElement i: Int, _ k: Int) -> Point? {
        guard elements.indices.contains(i), k >= 0, k < pointCount(ofElement: i) else { return nil }
        switch elements[i] {
        case .move(let p): return p
        case .close: return nil
        case .segment(let s):
            switch s {
            case .line(let l): return l.p1
            case .quadratic(let q): return [q.p1, q.p2][k]
            case .cubic(let c): return [c.p1, c.p2, c.p3][k]
            case .arc(let a): return [a.center, a.start, a.end, a.point(at: 0.5)][k]
            }
        }
    }

    /// This path with point k of element i moved to p (see the type's notes for what moves
    /// with it). O(n − i) elements re-measured.
    public func movingPoint(ofElement i: Int, _ k: Int, to p: Point) throws(PointEditError) -> Path {
        guard p.isFinite else { throw .geometry(.nonFinite(argument: "point")) }
        let count = pointCount(ofElement: i)
        guard k >= 0, k < count else { throw .noSuchPoint(point: k, count: count) }
        var e = elements
        let range = subpathRange(holding: i)
        // Anchors are the same point to within the rounding of an arc's trigonometry.
        let size = Swift.max(bounds.map { Swift.max($0.width, $0.height) } ?? 0, Tolerance.sizeFloor)
        let near = Tolerance.meetingDistance(Swift.max(size, abs(p.x), abs(p.y)))
        // The subpath's last segment, when it ends on the move (a closed corner shared with it).
        let lastSegment = range.reversed().first { if case .segment = e[$0] { true } else { false } }
        let startCorner: Int? = {
            guard let last = lastSegment, case .move(let m) = e[range.lowerBound], case .segment(let s) = e[last] else { return nil }
            return s.end.distance(to: m) <= near ? last : nil
        }()

        // The anchors the edit moves: (the element whose end it is, its new place), the edited
        // element's own start and end.
        var movedEnds: [(owner: Int, to: Point)] = []
        switch e[i] {
        case .move:
            movedEnds.append((i, p))
        case .close:
            break
        case .segment(let s):
            switch s {
            case .line(var l):
                l.p1 = p; e[i] = .segment(.line(l)); movedEnds.append((i, p))
            case .quadratic(var q):
                if k == 0 { q.p1 = p } else { q.p2 = p; movedEnds.append((i, p)) }
                e[i] = .segment(.quadratic(q))
            case .cubic(var c):
                if k == 0 { c.p1 = p } else if k == 1 { c.p2 = p } else { c.p3 = p; movedEnds.append((i, p)) }
                e[i] = .segment(.cubic(c))
            case .arc(var a):
                let oldStart = a.start
                switch k {
                case 0: a.center = p
                case 1, 2:
                    guard let angle = a.angle(toward: p) else { throw .pointArc }
                    a = a.sliding(end: k == 2, to: angle)
                default:
                    let middle = a.point(at: 0.5)
                    let from = middle.distance(to: a.center), to = p.distance(to: a.center)
                    guard from > 0 else { throw .pointArc }
                    a.u = a.u * (to / from); a.v = a.v * (to / from)
                }
                e[i] = .segment(.arc(a))
                if a.start != oldStart, i > range.lowerBound { movedEnds.append((i - 1, a.start)) }
                if k != 1 { movedEnds.append((i, a.end)) }
            }
        }

        // Each moved anchor: the elements that end and start there follow; an arc among them
        // (other than the edited one) slides its end to the angle of the anchor, which then
        // lands on that arc.
        for (owner, target) in movedEnds {
            var anchor = target
            // Who shares it: the owner's end, the next element's start, and at the subpath's
            // start the move, the first segment's start and a last segment ending on the move.
            var enders: Set<Int> = [owner], starters: Set<Int> = []
            if owner + 1 < range.upperBound { starters.insert(owner + 1) }
            if owner == range.lowerBound, let c = startCorner { enders.insert(c) }
            if owner == startCorner {
                enders.insert(range.lowerBound)
                if range.lowerBound + 1 < range.upperBound { starters.insert(range.lowerBound + 1) }
            }
            let sharers = enders.stablySorted().map { ($0, true) } + starters.stablySorted().map { ($0, false) }
            for (j, isEnd) in sharers where j != i {
                guard case .segment(.arc(let other)) = e[j], let angle = other.angle(toward: anchor) else { continue }
                let slid = other.sliding(end: isEnd, to: angle)
                let landed = isEnd ? slid.end : slid.start
                if case .segment(.arc) = e[i], landed.distance(to: anchor) > near { throw .arcsWouldPart(element: i, other: j) }
                e[j] = .segment(.arc(slid))
                anchor = landed
            }
            // (An arc's own ends are its angles: these leave arcs as they are.)
            for (j, isEnd) in sharers { e[j] = isEnd ? Path.element(e[j], endingAt: anchor) : Path.element(e[j], startingAt: anchor) }
        }
        // A close follows its subpath's move.
        if case .move(let m) = e[range.lowerBound], let last = range.last, case .close(var l) = e[last] {
            l.p1 = m
            if let previous = range.dropLast().last { l.p0 = Path.endPoint(of: e[previous]) }
            e[last] = .close(l)
        }

        var result = self
        result.truncate(to: range.lowerBound)
        for j in range.lowerBound..<e.count { result.append(e[j]) }
        do { try result.checkMeasurable(from: range.lowerBound) } catch { throw .geometry(error) }
        guard result.isFinite else { throw .geometry(.nonFiniteResult) }
        return result
    }

    /// The elements of the subpath holding element i (its move up to the next move).
    func subpathRange(holding i: Int) -> Range<Int> {
        var lo = 0, hi = subpathStarts.count - 1
        guard hi >= 0 else { return 0..<elements.count }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if subpathStarts[mid] <= i { lo = mid } else { hi = mid - 1 }
        }
        let start = subpathStarts[lo] <= i ? subpathStarts[lo] : 0
        let end = lo + 1 < subpathStarts.count ? subpathStarts[lo + 1] : elements.count
        return start..<end
    }

    /// The signed turn from angle a to angle b, in (−π, π].
    static func signedTurn(from a: Double, to b: Double) -> Double {
        var d = floatingRemainder(b - a, 2 * Double.pi)
        if d > Double.pi { d -= 2 * Double.pi }
        if d <= -Double.pi { d += 2 * Double.pi }
        return d
    }

    /// The element with its end moved to p (a move's point, a segment's last point).
    static func element(_ e: Element, endingAt p: Point) -> Element {
        switch e {
        case .move: return .move(p)
        case .close(var l): l.p1 = p; return .close(l)
        case .segment(let s):
            switch s {
            case .line(var l): l.p1 = p; return .segment(.line(l))
            case .quadratic(var q): q.p2 = p; return .segment(.quadratic(q))
            case .cubic(var c): c.p3 = p; return .segment(.cubic(c))
            case .arc: return e
            }
        }
    }

    /// The element with its start moved to p (a segment's first point; a close's).
    static func element(_ e: Element, startingAt p: Point) -> Element {
        switch e {
        case .move: return e
        case .close(var l): l.p0 = p; return .close(l)
        case .segment(let s):
            switch s {
            case .line(var l): l.p0 = p; return .segment(.line(l))
            case .quadratic(var q): q.p0 = p; return .segment(.quadratic(q))
            case .cubic(var c): c.p0 = p; return .segment(.cubic(c))
            case .arc: return e
            }
        }
    }
}

extension Arc {
    /// The arc with its start (or end) turned by the least angle that brings it to `angle`, the
    /// other end kept; a sweep that would pass a full turn wraps by one (dragging the start of a
    /// full circle backwards gives the short arc that is left, never an arc over itself).
    func sliding(end: Bool, to angle: Double) -> Arc {
        var a = self
        let current = end ? startAngle + sweep : startAngle
        let turn = Path.signedTurn(from: current, to: angle)
        if end { a.sweep += turn } else { a.startAngle += turn; a.sweep -= turn }
        let full = 2 * Double.pi
        if a.sweep > full { a.sweep -= full } else if a.sweep < -full { a.sweep += full }
        return a
    }

    /// The angle θ at which the arc's ellipse, seen from its centre, points toward p (p − centre
    /// written in the axes u and v); nil for an arc of no size or p at the centre.
    func angle(toward p: Point) -> Double? {
        let d = p - center
        let det = u.dx * v.dy - u.dy * v.dx
        guard det != 0, det.isFinite else { return nil }
        // Solve d = u·a + v·b.
        let a = (d.dx * v.dy - d.dy * v.dx) / det
        let b = (u.dx * d.dy - u.dy * d.dx) / det
        guard a != 0 || b != 0 else { return nil }
        return arcTangent2(b, a)
    }
}
