import ShapeGeometry

#if canImport(Glibc)
import Glibc
#endif

/// The pairs of shapes boolean operations are checked on (tests, fuzzing seeds, the peer
/// benchmark): random polygons and curved shapes, rotated copies of one shape, shapes sharing
/// edges, circles tangent inside and outside, holes, the seeds' card and badge, and degenerate
/// input. Deterministic: the same pairs on every machine.
public enum BooleanCorpus {
    public struct Pair: Sendable {
        public var name: String
        public var a: Path, b: Path
        /// The fill rule the pair is meant for (self-crossing shapes are run under both).
        public var rules: [FillRule]
    }

    /// The whole corpus: over 500 pairs.
    public static func pairs() -> [Pair] {
        var r = SeededRandom(seed: 2026_12_01)
        var list: [Pair] = []
        func add(_ name: String, _ a: Path, _ b: Path, rules: [FillRule] = [.nonZero]) {
            list.append(Pair(name: name, a: a, b: b, rules: rules))
        }
        for k in 0..<110 {
            let a = star(&r, center: r.point(30, 70), radius: r.uniform(15, 40), corners: 3 + k % 10, curved: false)
            let b = star(&r, center: r.point(30, 70), radius: r.uniform(15, 40), corners: 3 + (k / 10) % 9, curved: false)
            add("polygons \(k)", a, b)
        }
        for k in 0..<60 {
            let a = scribble(&r, points: 4 + k % 6), b = scribble(&r, points: 3 + k % 5)
            add("self-crossing polygons \(k)", a, b, rules: [.nonZero, .evenOdd])
        }
        for k in 0..<110 {
            let a = star(&r, center: r.point(30, 70), radius: r.uniform(15, 40), corners: 3 + k % 7, curved: true)
            let b = star(&r, center: r.point(30, 70), radius: r.uniform(15, 40), corners: 3 + (k / 7) % 6, curved: true)
            add("curved shapes \(k)", a, b)
        }
        for k in 0..<40 {
            let a = star(&r, center: Point(50, 50), radius: 30, corners: 3 + k % 6, curved: k % 2 == 0)
            let angles = [0, 1e-3, Double.pi / 7, Double.pi / 2, Double.pi, 2.5]
            let about = k % 3 == 0 ? a.elements.first.map(anchor) ?? Point(50, 50) : Point(50, 50)
            add("rotated copy \(k)", a, try! a.transformed(by: .rotation(angles[k % angles.count], about: about)))
        }
        for k in 0..<40 {
            let w = Double(5 + k % 4 * 5), shift = Double(k % 7) * 2.5 - 5
            let a = rect(0, 0, 20, 20)
            let b: Path
            switch k % 5 {
            case 0: b = rect(20, shift, w, 20)  // side by side, sharing part of an edge
            case 1: b = rect(shift, 20, 20, w)  // stacked
            case 2: b = rect(5, 0, w, 20)  // sharing top and bottom edges inside
            case 3: b = rect(0, 0, 20, 20)  // the same square
            default: b = rect(20, 20, w, w)  // touching at a corner
            }
            add("shared edges \(k)", a, b)
        }
        for k in 0..<40 {
            let r1 = 20.0, r2 = [5.0, 10, 20, 30][k % 4]
            var a = Path(), b = Path()
            try! a.addCircle(center: Point(50, 50), radius: r1)
            let d: Double
            switch k / 4 % 10 {
            case 0: d = r1 + r2  // tangent outside
            case 1: d = abs(r1 - r2)  // tangent inside
            case 2: d = 0  // concentric (the same circle for r2 = 20)
            case 3: d = r1 + r2 - 1e-6  // nearly tangent, crossing
            case 4: d = r1 + r2 + 1e-6  // nearly tangent, apart
            case 5: d = 0.5 * (r1 + r2)
            case 6: d = abs(r1 - r2) + 1e-6
            case 7: d = r1
            case 8: d = 1e-3
            default: d = 0.1 * (r1 + r2)
            }
            let angle = Double(k) * 0.7
            try! b.addCircle(center: Point(50 + d * cos(angle), 50 + d * sin(angle)), radius: r2)
            add("circles \(k)", a, b)
        }
        for k in 0..<30 {
            let a = withHole(rect(10, 10, 80, 80), rect(30, 30, 40, 40))
            let b: Path
            switch k % 3 {
            case 0: b = star(&r, center: r.point(20, 80), radius: r.uniform(10, 40), corners: 5, curved: k % 2 == 0)
            case 1: b = rect(30, 30, 40, 40)  // the hole itself
            default:
                var c = Path()
                try! c.addCircle(center: Point(50, 50), radius: [20.0, 28.284271247461902, 35, 45][k % 4])
                b = c
            }
            add("with a hole \(k)", a, b)
        }
        for k in 0..<30 {
            let a = card(335, 200, 30, 30)
            var b = Path()
            switch k % 5 {
            case 0: try! b.addCircle(center: Point(167.5, 0), radius: 20 + Double(k))  // a notch in the top edge
            case 1: b = try! card(335, 200, 30, 30).transformed(by: .rotation(Double(k) * 0.05, about: Point(167.5, 100)))
            case 2: try! b.addRoundedRect(x: 0, y: 0, width: 335, height: 170, cornerRadius: 30)  // shares the corners
            case 3: b = badge(Point(Double(k) * 10, 185), Point(Double(k) * 10 + 60, 150))
            default: try! b.addOval(x: 100, y: 150, width: 135, height: 60)
            }
            add("card \(k)", a, b)
        }
        for k in 0..<20 {
            let a = badge(Point(50, 50), Point(50 + Double(k) * 3, 80))
            var b = Path()
            try! b.addCircle(center: Point(50 + Double(k) * 3, 80), radius: 12)
            add("badge \(k)", a, b)
        }
        for k in 0..<20 {
            var a = Path()
            try! a.addOval(x: 10, y: 30, width: 80, height: 40)
            let b = try! a.transformed(by: .rotation(Double(k) * Double.pi / 20, about: Point(50 + Double(k % 3), 50)))
            add("ellipses \(k)", a, b)
        }
        add("empty and a square", Path(), rect(0, 0, 10, 10))
        add("a square and empty", rect(0, 0, 10, 10), Path())
        add("empty and empty", Path(), Path())
        var zero = Path()
        try! zero.move(to: Point(0, 0)); try! zero.line(to: Point(10, 0)); try! zero.line(to: Point(10, 0))
        try! zero.curve(control1: Point(10, 0), control2: Point(10, 0), to: Point(10, 0)); try! zero.line(to: Point(10, 10))
        try! zero.line(to: Point(0, 10)); zero.close()
        add("zero-length elements", zero, rect(5, 5, 10, 10))
        var open = Path()
        try! open.move(to: Point(0, 0)); try! open.line(to: Point(20, 0)); try! open.line(to: Point(10, 15))
        add("an open triangle", open, rect(5, -5, 10, 30))
        var lone = rect(0, 0, 10, 10)
        try! lone.move(to: Point(50, 50))
        add("a lone move", lone, rect(5, 5, 10, 10))
        var dot = Path()
        try! dot.arc(center: Point(5, 5), radius: 0, startAngle: 0, endAngle: 1)
        add("a point", dot, rect(0, 0, 10, 10))
        var line = Path()
        try! line.move(to: Point(-5, 5)); try! line.line(to: Point(15, 5))
        add("a line alone", line, rect(0, 0, 10, 10))
        var figure = Path()
        try! figure.move(to: Point(0, 0)); try! figure.line(to: Point(20, 20)); try! figure.line(to: Point(20, 0))
        try! figure.line(to: Point(0, 20)); figure.close()
        add("a bow tie", figure, rect(5, 5, 10, 10), rules: [.nonZero, .evenOdd])
        var twice = rect(0, 0, 10, 10)
        try! twice.append(contentsOf: rect(0, 0, 10, 10))
        add("a square drawn twice", twice, rect(5, 5, 10, 10), rules: [.nonZero, .evenOdd])
        var loop = Path()
        try! loop.move(to: Point(0, 0)); try! loop.curve(control1: Point(30, 30), control2: Point(-10, 30), to: Point(20, 0))
        loop.close()
        add("a cubic's own loop", loop, rect(0, 0, 10, 10), rules: [.nonZero, .evenOdd])
        return list
    }

    static func anchor(_ e: Path.Element) -> Point {
        if case .move(let p) = e { return p }
        return Point(0, 0)
    }

    public static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
        var p = Path()
        try! p.addRect(x: x, y: y, width: w, height: h)
        return p
    }

    /// `outer` with `hole` drawn the other way inside it.
    static func withHole(_ outer: Path, _ hole: Path) -> Path {
        var p = outer
        var reversed = Path()
        let segments = hole.elements.indices.compactMap { hole.segment(at: $0) }.reversed()
        try! reversed.move(to: segments.first!.end)
        for s in segments {
            try! reversed.line(to: s.start)
        }
        reversed.close()
        try! p.append(contentsOf: reversed)
        return p
    }

    /// A star-shaped closed outline around `center`: corners at random angles and radii, joined by
    /// lines, or by quadratics, cubics and arcs (`curved`).
    static func star(_ r: inout SeededRandom, center: Point, radius: Double, corners: Int, curved: Bool) -> Path {
        var angles = (0..<corners).map { _ in r.uniform(0, 2 * Double.pi) }.sorted()
        if corners == 3 { angles = [0, 2.1, 4.2].map { $0 + r.uniform(0, 0.5) } }
        let points = angles.map { a in
            let d = radius * r.uniform(0.4, 1)
            return Point(center.x + d * cos(a), center.y + d * sin(a))
        }
        var p = Path()
        try! p.move(to: points[0])
        for k in 1...corners {
            let q = points[k % corners], from = points[k - 1]
            guard curved else {
                if k < corners { try! p.line(to: q) }
                continue
            }
            let mid = Point(0.5 * (from.x + q.x), 0.5 * (from.y + q.y))
            let bulge = radius * r.uniform(-0.3, 0.5)
            let outward = Point(mid.x + bulge * (mid.x - center.x) / radius, mid.y + bulge * (mid.y - center.y) / radius)
            switch r.next() % 4 {
            case 0: try! p.line(to: q)
            case 1: try! p.quad(control: outward, to: q)
            case 2:
                let c1 = Point(from.x + (outward.x - from.x) * r.uniform(0.5, 1.5), from.y + (outward.y - from.y) * r.uniform(0.5, 1.5))
                let c2 = Point(q.x + (outward.x - q.x) * r.uniform(0.5, 1.5), q.y + (outward.y - q.y) * r.uniform(0.5, 1.5))
                try! p.curve(control1: c1, control2: c2, to: q)
            default:
                // A circular arc from `from` to `q`, bulging out: centre on the chord's bisector.
                let chord = q - from
                let half = 0.5 * chord.length
                let normal = Vector(chord.dy, -chord.dx) * (1 / chord.length)
                let h = half * r.uniform(0.2, 2)
                let c = mid + normal * h
                let start = (from - c).angle, end = (q - c).angle
                try! p.arc(center: c, radius: (from - c).length, startAngle: start, endAngle: end, clockwise: true)
            }
        }
        p.close()
        return p
    }

    /// A random polygon through random points: it crosses itself.
    static func scribble(_ r: inout SeededRandom, points: Int) -> Path {
        var p = Path()
        try! p.move(to: r.point(0, 100))
        for _ in 1..<points { try! p.line(to: r.point(0, 100)) }
        p.close()
        return p
    }

    /// Seed 004's card, as examples/lib/card.shape draws it.
    public static func card(_ w: Double, _ h: Double, _ radius: Double, _ s: Double) -> Path {
        let bottom = h - s, deg = Double.pi / 180
        var p = Path()
        try! p.move(to: Point(radius, 0))
        try! p.line(to: Point(w - radius, 0))
        try! p.arc(center: Point(w - radius, radius), radius: radius, startAngle: 270 * deg, endAngle: 0)
        try! p.line(to: Point(w, bottom - radius))
        try! p.arc(center: Point(w - radius, bottom - radius), radius: radius, startAngle: 0, endAngle: 90 * deg)
        try! p.line(to: Point(w / 4 * 3, bottom))
        try! p.arc(center: Point(w / 4 * 3 - s, bottom), radius: s, startAngle: 0, endAngle: 90 * deg)
        try! p.line(to: Point(w / 4 + s, bottom + s))
        try! p.arc(center: Point(w / 4 + s, bottom), radius: s, startAngle: 90 * deg, endAngle: 180 * deg)
        try! p.line(to: Point(radius, bottom))
        try! p.arc(center: Point(radius, bottom - radius), radius: radius, startAngle: 90 * deg, endAngle: 180 * deg)
        try! p.line(to: Point(0, radius))
        try! p.arc(center: Point(radius, radius), radius: radius, startAngle: 180 * deg, endAngle: 270 * deg)
        p.close()
        return p
    }

    /// Seed 001's badge, simplified: a fixed circle, a dragged one, and a bridge of two
    /// quadratics between them (as one path of three subpaths that overlap).
    public static func badge(_ fixed: Point, _ dragged: Point) -> Path {
        var p = Path()
        let r1 = 10.0, r2 = 12.0
        try! p.addCircle(center: fixed, radius: r1)
        try! p.addCircle(center: dragged, radius: r2)
        let d = dragged - fixed
        guard d.length > 0 else { return p }
        let n = Vector(-d.dy, d.dx) * (1 / d.length)
        let a = fixed + n * r1, b = fixed - n * r1, c = dragged - n * r2, e = dragged + n * r2
        let o = Point(0.5 * (fixed.x + dragged.x), 0.5 * (fixed.y + dragged.y))
        try! p.move(to: a)
        try! p.quad(control: o, to: e)
        try! p.line(to: c)
        try! p.quad(control: o, to: b)
        p.close()
        return p
    }
}
