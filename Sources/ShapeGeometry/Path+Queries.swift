/// A place on a path: which element, where in it, and where along the whole path.
public struct PathLocation: Sendable, Equatable {
    /// Index into `Path.elements`.
    public var element: Int
    /// Parameter within that element's segment, in [0, 1].
    public var t: Double
    /// The point.
    public var point: Point
    /// Arc length from the start of the path.
    public var position: Double
}

extension Path {
    /// The point at arc length `s` along the whole path and the direction of travel there, as an
    /// angle atan2(dy, dx) in radians (increasing angles turn clockwise on screen). At a boundary
    /// shared by two elements or subpaths the earlier element's end is reported. `s` is clamped
    /// to [0, length]; `nil` for an empty path. Accurate to about 1e-13 of the path's length.
    /// O(log n) to find the element, then one table of that element's length.
    public func location(atLength s: Double) -> (location: PathLocation, angle: Double)? {
        guard !elements.isEmpty else { return nil }
        // (A path with lengths not yet measured is measured in a copy first.)
        guard isMeasured else {
            var measured = self
            measured.measure()
            return measured.location(atLength: s)
        }
        let s = Swift.min(Swift.max(s, 0), length)
        // The first element whose running length reaches s.
        var lo = 0, hi = elements.count - 1
        while lo < hi {
            let m = (lo + hi) / 2
            if lengthsAfter[m].value >= s { hi = m } else { lo = m + 1 }
        }
        var i = lo
        // A zero-length element is found only at the very start (s = 0 or a path of no length):
        // use the first element that has a length, or else the first segment.
        if length(ofElement: i) == 0 {
            let later = i..<elements.count
            i = later.first { length(ofElement: $0) > 0 } ?? later.first { segment(at: $0) != nil } ?? i
        }
        guard let seg = segment(at: i) else {
            return (PathLocation(element: i, t: 0, point: Path.endPoint(of: elements[i]), position: s), 0)
        }
        let local = s - length(before: i)
        let t = seg.parameter(atLength: local, in: seg.arcLengthTable(accuracy: accuracy))
        let d = seg.direction(at: t)
        // `+ 0` turns a -0 angle into 0.
        let angle = d.lengthSquared > 0 ? d.angle + 0 : 0
        return (PathLocation(element: i, t: t, point: seg.point(at: t), position: s), angle)
    }

    /// The point of the path nearest to `p`, its distance, and its arc-length position. Where
    /// several points are nearest to within 1e-12 of the path's size (a crossing, a closed
    /// subpath's start), the one with the smallest arc length. Lone `move` points count only for
    /// an otherwise empty path. `nil` for an empty path.
    ///
    /// Each segment's exact nearest point comes from its kind (polynomial roots for Bézier curves,
    /// a closed form for circular arcs). The path's `index` is searched nearer boxes first, and
    /// boxes farther than the best distance so far are skipped: O(log n) boxes plus the segments
    /// near the answer.
    public func nearest(to p: Point) -> (location: PathLocation, distance: Double)? {
        var visits = 0
        return nearest(to: p, visits: &visits)
    }

    /// `nearest(to:)`, adding to `visits` the index nodes and segments it looked at.
    public func nearest(to p: Point, visits: inout Int) -> (location: PathLocation, distance: Double)? {
        guard let box = bounds else { return nil }
        var seen = 0
        defer { visits += seen }
        let tie = Tolerance.rounding * Swift.max(box.width, box.height, 1)
        var bestDistance = Double.infinity
        // Every segment found within `tie` of the best so far; the answer is among them.
        var candidates: [(element: Int, t: Double, distance: Double)] = []
        let limit = { bestDistance + tie }
        index.walkNearest(
            distance: {
                seen += 1
                return $0.distanceLowerBound(to: p)
            }, limit: limit,
            { range in
                seen += range.count
                for i in range {
                    guard let seg = segment(at: i) else { continue }
                    let l = limit()
                    if seg.controlBounds.distance(to: p) > l || seg.distanceLowerBound(to: p) > l { continue }
                    // A segment's own nearest point (polynomial roots) costs about ten visits.
                    seen += 10
                    let (t, d) = seg.nearest(to: p)
                    if d <= l {
                        candidates.append((i, t, d))
                        bestDistance = Swift.min(bestDistance, d)
                    }
                }
            })
        guard let b = candidates.filter({ $0.distance <= bestDistance + tie }).min(by: { $0.element < $1.element }) else {
            // Only moves: the nearest move point.
            var bestMove: (Int, Double)?
            for (i, e) in elements.enumerated() {
                let d = Path.endPoint(of: e).distance(to: p)
                if bestMove == nil || d < bestMove!.1 { bestMove = (i, d) }
            }
            let (i, d) = bestMove!
            return (PathLocation(element: i, t: 0, point: Path.endPoint(of: elements[i]), position: length(before: i)), d)
        }
        let seg = segment(at: b.element)!
        var position = length(before: b.element) + seg.arcLength(upTo: b.t, accuracy: accuracy)
        position = Swift.min(position, length(before: b.element + 1))
        return (PathLocation(element: b.element, t: b.t, point: seg.point(at: b.t), position: position), b.distance)
    }

    /// The box spanned by every control point (and every arc's tight box): it holds the path,
    /// usually loosely. `nil` for an empty path.
    public var controlBounds: Rect? {
        var result: Rect?
        for (i, e) in elements.enumerated() {
            let box: Rect
            if let s = segment(at: i) { box = s.controlBounds } else { box = Rect(point: Path.endPoint(of: e)) }
            result = result.map { $0.union(box) } ?? box
        }
        return result
    }
}
