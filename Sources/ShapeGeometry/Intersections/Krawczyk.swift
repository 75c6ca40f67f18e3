// The Krawczyk test of interval analysis, which settles a pair of pieces, and its enclosures.

extension Intersections {
    /// A piece of a segment: the segment restricted to [lo, hi] of the original's parameter.
    struct Piece {
        var segment: Segment
        var lo: Double, hi: Double
        /// The segment's control box, computed once (a piece meets many others).
        var box: Rect
        init(_ s: Segment, _ lo: Double, _ hi: Double) { segment = s; self.lo = lo; self.hi = hi; box = s.controlBounds }
        func halves() -> (Piece, Piece) {
            let (p, q) = segment.split(at: 0.5)
            let mid = 0.5 * (lo + hi)
            return (Piece(p, lo, mid), Piece(q, mid, hi))
        }
    }

    enum Verdict { case none, unique, unknown }

    /// The Krawczyk test for A(σ) = B(τ) on the pieces' own parameters, σ, τ in [0, 1].
    static func krawczyk(_ a: Segment, _ b: Segment) -> Verdict { krawczykTest(a, b).verdict }

    /// The Krawczyk test, and whether K came out narrower than the box (by a tenth) in both
    /// parameters: only then can a box grown a little prove what this one did not. `boxes`, the
    /// pieces' control boxes when the caller has them.
    static func krawczykTest(_ a: Segment, _ b: Segment, boxes: (Rect, Rect)? = nil) -> (verdict: Verdict, contracting: Bool) {
        let da = a.derivative(at: 0.5), db = b.derivative(at: 0.5)
        // J(m) = [A'(m) | −B'(m)]; Y = J(m)⁻¹.
        let det = da.dx * (-db.dy) - (-db.dx) * da.dy
        let scale = Swift.max(da.quickLength, db.quickLength)
        guard scale > 0, abs(det) > Tolerance.singularJacobian * scale * scale else { return (.unknown, false) }
        let y11 = -db.dy / det, y12 = db.dx / det, y21 = -da.dy / det, y22 = da.dx / det
        let fm = a.point(at: 0.5) - b.point(at: 0.5)
        let (ax, ay) = hodographBox(a), (bx, by) = hodographBox(b)
        // M = I − Y·J(X), J(X) = [[ax, −bx], [ay, −by]].
        let m11 = Interval(1) - (ax * y11 + ay * y12)
        let m12 = Interval(0) - ((-bx) * y11 + (-by) * y12)
        let m21 = Interval(0) - (ax * y21 + ay * y22)
        let m22 = Interval(1) - ((-bx) * y21 + (-by) * y22)
        let h = Interval(-0.5, 0.5)
        let k1 = Interval(0.5 - (y11 * fm.dx + y12 * fm.dy)) + m11 * h + m12 * h
        let k2 = Interval(0.5 - (y21 * fm.dx + y22 * fm.dy)) + m21 * h + m22 * h
        // Outward rounding, approximately: widen by a few ulps of the terms, and by what the
        // rounding of F(m) can move the Newton step: F's coordinates are exact only to a few
        // ulps of their magnitude, which in the parameters of small pieces far from the origin
        // is far more than 1e-12 (a meeting at a piece's end was once proved absent).
        let (ba, bb) = boxes ?? (a.controlBounds, b.controlBounds)
        let magnitude = Swift.max(abs(ba.minX), abs(ba.maxX), abs(ba.minY), abs(ba.maxY), abs(bb.minX), abs(bb.maxX), abs(bb.minY), abs(bb.maxY))
        let roundingOfF = 64 * Double.ulpOfOne * magnitude
        let k1w = Interval(k1.lo - (abs(y11) + abs(y12)) * roundingOfF, k1.hi + (abs(y11) + abs(y12)) * roundingOfF).widened(
            Tolerance.outwardRounding)
        let k2w = Interval(k2.lo - (abs(y21) + abs(y22)) * roundingOfF, k2.hi + (abs(y21) + abs(y22)) * roundingOfF).widened(
            Tolerance.outwardRounding)
        if k1w.hi < 0 || k1w.lo > 1 || k2w.hi < 0 || k2w.lo > 1 { return (.none, false) }
        if k1w.lo > 0, k1w.hi < 1, k2w.lo > 0, k2w.hi < 1 { return (.unique, true) }
        return (.unknown, k1w.hi - k1w.lo < 0.9 && k2w.hi - k2w.lo < 0.9)
    }
}

/// Three or four points held inline, for the hot loops of the search that would otherwise make
/// an array of a segment's control points each time.
struct FourPoints {
    var p0: Point, p1: Point, p2: Point, p3: Point
    var count: Int

    init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) { (self.p0, self.p1, self.p2, self.p3, count) = (p0, p1, p2, p3, 4) }
    init(_ p0: Point, _ p1: Point, _ p2: Point) { (self.p0, self.p1, self.p2, self.p3, count) = (p0, p1, p2, p2, 3) }
    init(_ p0: Point, _ p1: Point) { (self.p0, self.p1, self.p2, self.p3, count) = (p0, p1, p1, p1, 2) }

    /// Whether the points cannot all lie within `tolerance` of one line: a middle point strays
    /// from the chord (first to last) by more than twice what that allows. If every point lies
    /// within t of a line, the chord's ends do, which turns the chord from it by at most 2t / D
    /// (D the chord's length), so a middle point at distance r from the first lies within
    /// 2t + 2r·t / D of the chord: |(p − first) × chord| ≤ 2t·(D + r). (D and r are bounded by
    /// their L1 lengths, and the factor 2 covers the rounding.) A quick refusal before the
    /// search for the line, which most curves fail at once.
    func clearlyCurved(tolerance: Double) -> Bool {
        let first = self[0], chord = self[count - 1] - first
        let d = abs(chord.dx) + abs(chord.dy)
        guard d > 0, count > 2 else { return false }
        for k in 1..<(count - 1) {
            let v = self[k] - first
            if abs(v.cross(chord)) > 4 * tolerance * (d + abs(v.dx) + abs(v.dy)) { return true }
        }
        return false
    }

    subscript(k: Int) -> Point {
        switch k {
        case 0: p0
        case 1: p1
        case 2: p2
        default: p3
        }
    }
}

/// A closed interval of doubles, for enclosures.
struct Interval {
    var lo: Double, hi: Double
    init(_ x: Double) { lo = x; hi = x }
    init(_ lo: Double, _ hi: Double) { self.lo = lo; self.hi = hi }
    static func + (a: Interval, b: Interval) -> Interval { Interval(a.lo + b.lo, a.hi + b.hi) }
    static func - (a: Interval, b: Interval) -> Interval { Interval(a.lo - b.hi, a.hi - b.lo) }
    static prefix func - (a: Interval) -> Interval { Interval(-a.hi, -a.lo) }
    static func * (a: Interval, k: Double) -> Interval { k >= 0 ? Interval(a.lo * k, a.hi * k) : Interval(a.hi * k, a.lo * k) }
    static func * (a: Interval, b: Interval) -> Interval {
        let p = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi]
        return Interval(p.min()!, p.max()!)
    }
    func widened(_ relative: Double) -> Interval {
        let w = relative * Swift.max(abs(lo), abs(hi), 1)
        return Interval(lo - w, hi + w)
    }
}

extension Intersections {
    /// Boxes holding the derivative of the segment over its whole parameter range: the hull of
    /// its hodograph's control points for a Bézier; for an arc, from the ranges of sine and
    /// cosine over its angles.
    static func hodographBox(_ s: Segment) -> (Interval, Interval) {
        func box(_ points: [Vector]) -> (Interval, Interval) {
            var x = Interval(points[0].dx), y = Interval(points[0].dy)
            for p in points.dropFirst() {
                x = Interval(Swift.min(x.lo, p.dx), Swift.max(x.hi, p.dx))
                y = Interval(Swift.min(y.lo, p.dy), Swift.max(y.hi, p.dy))
            }
            return (x, y)
        }
        switch s {
        case .line(let l): return box([l.p1 - l.p0])
        case .quadratic(let q): return box([(q.p1 - q.p0) * 2, (q.p2 - q.p1) * 2])
        case .cubic(let c): return box([(c.p1 - c.p0) * 3, (c.p2 - c.p1) * 3, (c.p3 - c.p2) * 3])
        case .arc(let a):
            let lo = Swift.min(a.startAngle, a.startAngle + a.sweep), hi = Swift.max(a.startAngle, a.startAngle + a.sweep)
            let sine = trigRange(lo, hi, phase: 0), cosine = trigRange(lo, hi, phase: Double.pi / 2)
            // d/dt = sweep·(v cos θ − u sin θ).
            let x = (cosine * a.v.dx - sine * a.u.dx) * a.sweep
            let y = (cosine * a.v.dy - sine * a.u.dy) * a.sweep
            return (x.widened(Tolerance.outwardRounding), y.widened(Tolerance.outwardRounding))
        }
    }

    /// The range of sin(θ + phase) for θ in [lo, hi].
    static func trigRange(_ lo: Double, _ hi: Double, phase: Double) -> Interval {
        guard hi - lo < 2 * Double.pi else { return Interval(-1, 1) }
        let a = sine(lo + phase), b = sine(hi + phase)
        var r = Interval(Swift.min(a, b), Swift.max(a, b))
        // A peak at π/2 + 2kπ and a trough at −π/2 + 2kπ inside the range.
        let halfPi = Double.pi / 2
        if ((lo + phase - halfPi) / (2 * Double.pi)).rounded(.up) <= ((hi + phase - halfPi) / (2 * Double.pi)).rounded(.down) { r.hi = 1 }
        if ((lo + phase + halfPi) / (2 * Double.pi)).rounded(.up) <= ((hi + phase + halfPi) / (2 * Double.pi)).rounded(.down) { r.lo = -1 }
        return r
    }
}
