import ShapeGeometry

/// The check of strokes and offsets shared by the tests, the fuzz target and the benchmark: at
/// random points away from the region's boundary, a result holds a point exactly when the
/// region does (with winding number 1 inside and 0 outside, so both fill rules agree), and its
/// subpaths close. The regions are written with the nearest-point search, independently of how
/// strokes are built: a round stroke is every point within half the width of the path's drawn
/// segments; an offset by d > 0 the area and every point within d of its outline, by d < 0 the
/// area less those.
public enum StrokeSampling {
    /// The distance from x to the nearest of `segments`.
    public static func distance(_ x: Point, to segments: [Segment]) -> Double {
        var best = Double.infinity
        for s in segments {
            let b = s.controlBounds
            // A box farther than the best so far holds nothing nearer.
            let dx = Swift.max(b.minX - x.x, 0, x.x - b.maxX), dy = Swift.max(b.minY - x.y, 0, x.y - b.maxY)
            if dx * dx + dy * dy >= best * best { continue }
            best = Swift.min(best, s.nearest(to: x).distance)
        }
        return best
    }

    /// The path that draws `segment` alone.
    public static func path(_ segment: Segment) -> Path {
        var path = Path()
        try! path.move(to: segment.start)
        switch segment {
        case .line(let l): try! path.line(to: l.p1)
        case .quadratic(let q): try! path.quad(control: q.p1, to: q.p2)
        case .cubic(let c): try! path.curve(control1: c.p1, control2: c.p2, to: c.p3)
        case .arc(let a): try! path.append(arc: a)
        }
        return path
    }

    /// The drawn segments of a path (closing lines of closed subpaths included).
    public static func drawn(_ p: Path) -> [Segment] { p.elements.indices.compactMap { p.segment(at: $0) } }

    /// Problems with `result` as the round stroke of `path` with width w.
    public static func roundStrokeProblems(_ path: Path, width w: Double, result: Path, samples: Int, seed: UInt64) -> [String] {
        let segments = drawn(path)
        let h = w / 2
        let size = Swift.max(path.bounds.map { Swift.max($0.width, $0.height) } ?? 0, w)
        let clearance = 1e-5 * size
        return problems(result: result, around: path, margin: 1.5 * h, samples: samples, seed: seed, clearance: clearance) { x in
            let d = distance(x, to: segments)
            return abs(d - h) < clearance ? nil : d <= h
        }
    }

    /// Problems with `result` as the butt-capped (or square-capped) stroke of one drawn segment
    /// with width w: every
    /// point on a normal of the segment within w/2 of it (the area its normals sweep). A point's
    /// feet on the segment (where x − B(t) is perpendicular to B′(t)) are found by 2,000 samples
    /// of (x − B(t))·B′(t) and bisection of its sign changes, not by the polynomial roots the
    /// stroke itself uses; a point within `clearance` of w/2 from its nearest foot, or whose
    /// foot is that near an end, is too near the outline to tell.
    /// With `cap: .square`, the squares of side w beyond each end (half on each side) are in too.
    public static func buttStrokeProblems(
        _ segment: Segment, width w: Double, cap: LineCap = .butt, result: Path, samples: Int, seed: UInt64
    ) -> [String] {
        let h = w / 2
        let box = segment.controlBounds
        let size = Swift.max(box.width, box.height, w)
        let clearance = 1e-5 * size
        let path = StrokeSampling.path(segment)
        let n = 2000
        // A cubic's third derivative, constant: where B′ and B″ both vanish (its last three or
        // first three points coincide), B′ near the end is B‴·(t − end)²/2.
        let third: Vector? = {
            guard case .cubic(let c) = segment else { return nil }
            return (c.p3 - c.p0 + (c.p1 - c.p2) * 3) * 6
        }()
        // Where a Bézier stops and turns back inside (0, 1): the stroke holds a disk of radius h
        // there (docs/geometry.md, as Skia's stroker does). Found here from the derivative's
        // components by the quadratic formula, apart from the stroke's own search.
        let stops = interiorStops(segment)
        // An arc never rests: its derivative, however short (a sweep of 1e-15), points along
        // it, where the second derivative points to its centre (fuzz run O30).
        let isArc = { if case .arc = segment { true } else { false } }()
        return problems(result: result, around: path, margin: 1.5 * h, samples: samples, seed: seed, clearance: clearance) { x in
            func f(_ t: Double) -> Double { (x - segment.point(at: t)).dot(segment.derivative(at: t)) }
            var inside = false, unsure = false
            func foot(_ t: Double) {
                // Where the curve is at rest (B′ = 0, coincident control points) every x is a root:
                // a foot only on the normal of the direction it leaves in (B″ there).
                var direction = segment.derivative(at: t)
                if direction.length <= 1e-12 * size, !isArc { direction = segment.secondDerivative(at: t) }
                if direction.length <= 1e-12 * size, !isArc, let third { direction = third }
                let w = x - segment.point(at: t)
                guard direction.length > 0, abs(w.dot(direction)) <= 1e-6 * w.length * direction.length else { return }
                let d = segment.point(at: t).distance(to: x)
                let length = segment.derivative(at: t).length
                // How far the foot is from an end, along the curve (roughly).
                let fromEnd = Swift.min(t, 1 - t) * length
                if abs(d - h) < clearance || (d < h + clearance && fromEnd < clearance) { unsure = true }
                if d <= h, fromEnd >= 0 { inside = true }
            }
            // At an end at rest f is 0 whatever x is: its sign just inside the end stands for it
            // there, so that a foot between the end and the sample next to it is not lost (O29:
            // a foot at t = 0.99991, between the last two samples, where f(1) = 0).
            let justInside = 1e-9
            var previous = f(0)
            if previous == 0 {
                foot(0)
                previous = f(justInside)
            }
            for k in 1...n {
                let t = Double(k) / Double(n)
                var value = f(t)
                if value == 0 {
                    foot(t)
                    if k == n { value = f(1 - justInside) }
                }
                if value != 0, (value < 0) != (previous < 0), previous != 0 {
                    var lo = Double(k - 1) / Double(n), hi = t, flo = previous
                    for _ in 0..<60 {
                        let mid = 0.5 * (lo + hi), fm = f(mid)
                        if (fm < 0) == (flo < 0) { lo = mid; flo = fm } else { hi = mid }
                    }
                    foot(0.5 * (lo + hi))
                }
                previous = value
            }
            // Near a cap's line (the end normals) the answer turns: too near to tell. A square
            // cap reaches h farther along the direction it leaves in.
            for t in [0.0, 1.0] {
                let p = segment.point(at: t)
                var direction = segment.derivative(at: t)
                // At rest at an end, B′ near it is B″·(t − end): the curve arrives along −B″ at
                // t = 1 and leaves along B″ at t = 0.
                if direction.length <= 1e-12 * size, !isArc { direction = segment.secondDerivative(at: t) * (t == 0 ? 1 : -1) }
                // At rest to the second order too: it arrives and leaves along B‴ (the square
                // (t − end)² keeps its sign).
                if direction.length <= 1e-12 * size, !isArc, let third { direction = third }
                guard var u = direction.normalized else { continue }
                if t == 0 { u = u * -1 }
                let along = (x - p).dot(u), across = abs((x - p).cross(u))
                let reach = cap == .square ? h : 0
                if abs(along - reach) < clearance, across < h + clearance { unsure = true }
                if cap == .square, along >= -clearance, along <= reach + clearance, abs(across - h) < clearance { unsure = true }
                if cap == .square, along >= 0, along <= reach, across <= h { inside = true }
            }
            for stop in stops {
                let d = x.distance(to: stop)
                if abs(d - h) < clearance { unsure = true }
                if d <= h { inside = true }
            }
            return unsure ? nil : inside
        }
    }

    /// The points inside (0, 1) where a quadratic or cubic Bézier's derivative vanishes (both
    /// components, to 1e-9 of the control polygon's largest step): the roots of each component
    /// of B′ (of degree 1 or 2) by the quadratic formula.
    static func interiorStops(_ s: Segment) -> [Point] {
        let points: [Point]
        switch s {
        case .quadratic(let q): points = [q.p0, q.p1, q.p2]
        case .cubic(let c): points = [c.p0, c.p1, c.p2, c.p3]
        case .line, .arc: return []
        }
        let steps = (1..<points.count).map { points[$0] - points[$0 - 1] }
        let scale = steps.map { $0.length }.max() ?? 0
        guard scale > 0 else { return [] }
        // B′(t)/n is the Bézier of the steps: its components as a·t² + b·t + c.
        func roots(_ v: [Double]) -> [Double] {
            let (a, b, c): (Double, Double, Double) =
                v.count == 2 ? (0, v[1] - v[0], v[0]) : (v[0] - 2 * v[1] + v[2], 2 * (v[1] - v[0]), v[0])
            if a == 0 { return b == 0 ? [] : [-c / b] }
            let disc = b * b - 4 * a * c
            guard disc >= 0 else { return [] }
            let r = disc.squareRoot()
            return [(-b - r) / (2 * a), (-b + r) / (2 * a)]
        }
        var found: [Point] = []
        for t in roots(steps.map { $0.dx }) + roots(steps.map { $0.dy }) where t > 1e-9 && t < 1 - 1e-9 {
            guard s.derivative(at: t).length <= 1e-9 * scale * Double(points.count - 1) else { continue }
            let p = s.point(at: t)
            if !found.contains(where: { $0.distance(to: p) <= 1e-9 * scale }) { found.append(p) }
        }
        return found
    }

    /// Problems with `result` as `path`'s filled area offset by d (round joins).
    public static func offsetProblems(_ path: Path, by d: Double, result: Path, samples: Int, seed: UInt64) -> [String] {
        let outline = path.fillSegments
        let size = Swift.max(path.bounds.map { Swift.max($0.width, $0.height) } ?? 0, abs(d))
        let clearance = 1e-5 * size
        return problems(result: result, around: path, margin: 1.5 * abs(d), samples: samples, seed: seed, clearance: clearance) { x in
            let dist = distance(x, to: outline)
            if abs(dist - abs(d)) < clearance || dist < clearance { return nil }
            let inside = path.contains(x)
            return d > 0 ? inside || dist <= d : inside && dist > -d
        }
    }

    /// Samples in the path's box grown by `margin`; `expected` says inside, outside, or nil for
    /// too near its boundary to tell; points within `clearance` of the result's outline are
    /// skipped too, and fewer than `minimumTested` points left is a problem of its own.
    public static func problems(
        result: Path, around path: Path, margin: Double, samples: Int, seed: UInt64, clearance: Double, minimumTested: Int = 0,
        expected: (Point) -> Bool?
    ) -> [String] {
        var found: [String] = []
        for range in result.subpathRanges {
            guard case .move(let start) = result.elements[range.lowerBound] else { continue }
            let end = result.segment(at: range.upperBound - 1)?.end ?? start
            if end.distance(to: start) > clearance { found.append("subpath at \(start) is not closed") }
        }
        guard let box0 = path.bounds else { return found }
        let box = Rect(minX: box0.minX - margin, minY: box0.minY - margin, maxX: box0.maxX + margin, maxY: box0.maxY + margin)
        let outline = result.fillSegments
        var rng = SeededRandom(seed: seed)
        var tested = 0
        for _ in 0..<samples {
            let x = Point(
                box.width > 0 ? Double.random(in: box.minX...box.maxX, using: &rng) : box.minX,
                box.height > 0 ? Double.random(in: box.minY...box.maxY, using: &rng) : box.minY)
            guard let want = expected(x) else { continue }
            if distance(x, to: outline) < clearance { continue }
            tested += 1
            let w = result.winding(at: x)
            if w != (want ? 1 : 0) { found.append("\(x): winding \(w), should be \(want ? "inside (1)" : "outside (0)")") }
        }
        if tested < minimumTested { found.append("only \(tested) points tested") }
        return found
    }
}
