/// Areas and first moments of the regions paths bound, by Green's theorem, for every kind of
/// segment (as kurbo gives every curve its signed area): a segment contributes what the region
/// between it and a point `o` contributes, so a closed outline sums to the region's, whatever `o`.
/// Worked about a point near the path (the bounds' centre, for a path) so that the cross
/// products do not cancel far from the origin.
///
/// Accuracy: the areas are closed forms (exact to rounding). The moments of lines and Béziers
/// are Gauss–Legendre sums of 5 points, exact for their polynomials (degree at most 8); an arc's
/// are 8-point sums over pieces of at most 45°, within 2e-17 of its integrand's size. Tests:
/// AreaTests (against closed forms: discs, ellipses, half discs, Archimedes' parabolic
/// segment, polygons by the shoelace formula).
extension Segment {
    /// ½∫(B − o) × B′: the signed area swept by the segment as seen from `o`, positive when it
    /// turns clockwise on screen (y down) about `o`.
    public func signedArea(about o: Point = .zero) -> Double {
        func chord(_ a: Point, _ b: Point) -> Double { 0.5 * (a - o).cross(b - o) }
        switch self {
        case .line(let l): return chord(l.p0, l.p1)
        case .arc(let a):
            // x = c + u·cos θ + v·sin θ: the integrand is c×(v cos θ − u sin θ) + u×v.
            let c = a.center - o, from = a.startAngle, to = a.startAngle + a.sweep
            let sines: Double = Maths.sin(to) - Maths.sin(from), cosines: Double = Maths.cos(to) - Maths.cos(from)
            let turned: Double = a.sweep * a.u.cross(a.v)
            return 0.5 * (c.cross(a.v) * sines + c.cross(a.u) * cosines + turned)
        // ½∫(B − o)×B′ dt in the control points (the integrals of the Bernstein products).
        case .quadratic(let q):
            let (a, b, c) = (q.p0 - o, q.p1 - o, q.p2 - o)
            return (2 * a.cross(b) + a.cross(c) + 2 * b.cross(c)) / 6
        case .cubic(let k):
            let (a, b, c, d) = (k.p0 - o, k.p1 - o, k.p2 - o, k.p3 - o)
            return (6 * a.cross(b) + 3 * a.cross(c) + a.cross(d) + 3 * b.cross(c) + 3 * b.cross(d) + 6 * c.cross(d)) / 20
        }
    }

    /// The first moments the segment contributes, about `o`: (½∫X² dY, −½∫Y² dX) with X, Y
    /// its coordinates less `o`'s. Summed over a closed outline they are ∬X dA and ∬Y dA of the
    /// region it bounds (signed as `signedArea`).
    public func firstMoments(about o: Point = .zero) -> Vector {
        func sum(_ x: Double, _ y: Double, _ dx: Double, _ dy: Double, weight: Double) -> Vector {
            Vector(0.5 * weight * x * x * dy, -0.5 * weight * y * y * dx)
        }
        switch self {
        case .line, .quadratic, .cubic:
            var m = Vector(0, 0)
            for (t, w) in Area.gauss5 {
                let p = point(at: t) - o, d = derivative(at: t)
                m = m + sum(p.dx, p.dy, d.dx, d.dy, weight: w)
            }
            return m
        case .arc(let a):
            let pieces = Swift.max(1, Int(saturating: (Swift.abs(a.sweep) / (Double.pi / 4)).rounded(.up)))
            let step = a.sweep / Double(pieces)
            var m = Vector(0, 0)
            for k in 0..<pieces {
                let from = a.startAngle + step * Double(k)
                for (t, w) in Area.gauss8 {
                    let theta = from + step * t
                    let cosine = Maths.cos(theta), sine = Maths.sin(theta)
                    let p = (a.center - o) + a.u * cosine + a.v * sine
                    let d = (a.v * cosine - a.u * sine) * step
                    m = m + sum(p.dx, p.dy, d.dx, d.dy, weight: w)
                }
            }
            return m
        }
    }
}

extension Path {
    /// The signed area the outline encloses: ½∮(x dy − y dx) over every subpath, each closed by a
    /// line back to its start, so a region counts once for each time the outline winds clockwise
    /// (on screen) about it, and negatively counter-clockwise: the area of a simple shape, signed by
    /// its direction. (The area a path fills with overlaps counted once is that of its union with
    /// itself.) Every kind in closed form, about the bounds' centre.
    public var signedArea: Double {
        guard let b = bounds else { return 0 }
        let o = Point(0.5 * (b.minX + b.maxX), 0.5 * (b.minY + b.maxY))
        var total = 0.0
        forEachClosedPiece { total += $0.signedArea(about: o) }
        return total
    }

    /// The centre of the area the outline encloses (counted as `signedArea` counts it): its first
    /// moments over its area. Nil when that area is zero (no path, a line, a figure 8 whose loops
    /// cancel).
    public var centroid: Point? {
        guard let b = bounds else { return nil }
        let o = Point(0.5 * (b.minX + b.maxX), 0.5 * (b.minY + b.maxY))
        var area = 0.0, moments = Vector(0, 0)
        forEachClosedPiece {
            area += $0.signedArea(about: o)
            moments = moments + $0.firstMoments(about: o)
        }
        guard area != 0, area.isFinite else { return nil }
        return o + moments * (1 / area)
    }

    /// Each segment, then each subpath's closing line back to its start where it is open.
    func forEachClosedPiece(_ body: (Segment) -> Void) {
        var start: Point?, current: Point?
        func closing() {
            if let s = start, let c = current, s != c { body(.line(LineSegment(c, s))) }
        }
        for e in elements {
            switch e {
            case .move(let p):
                closing()
                (start, current) = (p, p)
            case .segment(let s):
                body(s)
                current = s.end
            case .close(let l):
                body(.line(l))
                current = l.p1
            }
        }
        closing()
    }
}

/// Gauss–Legendre nodes and weights on [0, 1].
enum Area {
    /// 5 points: exact for polynomials of degree 9.
    static let gauss5: [(Double, Double)] = [
        (0.046910077030668004, 0.11846344252809454), (0.23076534494715845, 0.23931433524968324), (0.5, 0.28444444444444444),
        (0.76923465505284155, 0.23931433524968324), (0.95308992296933200, 0.11846344252809454),
    ]
    /// 8 points: exact for polynomials of degree 15.
    static let gauss8: [(Double, Double)] = [
        (0.019855071751231856, 0.050614268145188129), (0.10166676129318664, 0.11119051722668724),
        (0.23723379504183550, 0.15685332293894364), (0.40828267875217510, 0.18134189168918099),
        (0.59171732124782490, 0.18134189168918099), (0.76276620495816450, 0.15685332293894364),
        (0.89833323870681336, 0.11119051722668724), (0.98014492824876814, 0.050614268145188129),
    ]
}
