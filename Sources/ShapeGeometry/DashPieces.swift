/// The path cut into its dashes, and the track points with the path's direction at each.
extension Path {
    /// The dashes of the path dashed with `pattern`, each a subpath of its own: the pieces of the
    /// path's own elements between the dash's ends (lines stay lines, arcs stay arcs, Béziers are
    /// cut by de Casteljau), found by the same exact inverse arc length and the same rule as the
    /// track points (each subpath starts the pattern at its phase; a dash that would start at or
    /// after the end of its subpath is not drawn; one that runs past the end is cut there). Dashes
    /// of no length are left out. Throws `tooManyPoints` before any work when the dashes could
    /// number more than `limit`. O(n + dashes).
    public func dashed(_ pattern: DashPattern, limit: Int = TrackPoints.defaultLimit) throws(GeometryError) -> Path {
        try TrackPoints.checkLimit(self, pattern, limit)
        var result = Path(accuracy: accuracy)
        let starts = subpathStarts
        for (k, first) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : elements.count
            let base = length(before: first), total = length(before: end) - base
            var element = first
            var intervals: [(Double, Double)] = []
            TrackPoints.forEachDash(total: total, pattern: pattern) { a, b in intervals.append((a, b)) }
            for (a, b) in intervals where b > a {
                var started = false
                // The elements the dash crosses, from the one holding its start.
                while element + 1 < end, length(before: element + 1) - base <= a { element += 1 }
                var i = element
                while i < end {
                    let elementStart = length(before: i) - base, elementEnd = length(before: i + 1) - base
                    if elementStart >= b { break }
                    if let seg = segment(at: i), elementEnd > elementStart {
                        let table = seg.arcLengthTable(accuracy: accuracy)
                        let t0 = a <= elementStart ? 0 : seg.parameter(atLength: a - elementStart, in: table)
                        let t1 = b >= elementEnd ? 1 : seg.parameter(atLength: b - elementStart, in: table)
                        if t1 > t0 {
                            let piece = seg.piece(from: t0, to: t1)
                            if !started {
                                result.append(.move(piece.start))
                                started = true
                            }
                            result.append(.segment(piece))
                        }
                    }
                    i += 1
                }
            }
        }
        guard result.isFinite else { throw .nonFiniteResult }
        return result
    }
}

extension TrackPoints {
    /// The track points (see `compute`) with the direction of the path at each, as the angle
    /// atan2(dy, dx) in radians (increasing angles turn clockwise on screen, y down). The points
    /// are the ones `compute` gives, each found by the same inverse arc length.
    public static func computeWithAngles(
        _ path: Path, pattern: DashPattern = .unit, limit: Int = defaultLimit
    ) throws(GeometryError) -> [(point: Point, angle: Double)] {
        try checkLimit(path, pattern, limit)
        let spacing = minimumSpacing * minimumSpacing
        var kept: [(point: Point, angle: Double)] = []
        var prior = Point(Double.infinity, Double.infinity)
        let starts = path.subpathStarts
        for (k, first) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : path.elements.count
            guard case .move(let start) = path.elements[first] else { continue }
            let base = path.length(before: first), total = path.length(before: end) - base
            var element = first
            var intervals: [(Double, Double)] = []
            forEachDash(total: total, pattern: pattern) { a, b in intervals.append((a, b)) }
            for (a, b) in intervals {
                for s in [a, b] {
                    // A boundary belongs to the earlier element, as in `appendPoints`.
                    while element + 1 < end, path.length(before: element + 1) - base < s { element += 1 }
                    let point: Point, angle: Double
                    if let seg = path.segment(at: element) {
                        let t = seg.parameter(atLength: s - (path.length(before: element) - base), in: seg.arcLengthTable(accuracy: path.accuracy))
                        let d = seg.direction(at: t)
                        point = seg.point(at: t)
                        // `+ 0` turns a -0 angle into 0, as `location(atLength:)` does.
                        angle = d.lengthSquared > 0 ? d.angle + 0 : 0
                    } else {
                        // The subpath's start: the direction its first drawn element leaves in.
                        point = start
                        let next = (element + 1..<end).first { path.segment(at: $0) != nil && path.length(ofElement: $0) > 0 }
                        let d = next.flatMap { path.segment(at: $0) }?.direction(at: 0) ?? .zero
                        angle = d.lengthSquared > 0 ? d.angle + 0 : 0
                    }
                    let dx = point.x - prior.x, dy = point.y - prior.y
                    if !(dx * dx + dy * dy < spacing) {
                        kept.append((point, angle))
                        prior = point
                    }
                }
            }
        }
        // The seed's last rule: the last point goes if it is that close to the first.
        if kept.count > 1, let f = kept.first?.point, let l = kept.last?.point {
            let dx = f.x - l.x, dy = f.y - l.y
            if dx * dx + dy * dy < spacing { kept.removeLast() }
        }
        return kept
    }
}
