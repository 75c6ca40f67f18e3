/// The curves whose offsets `Pen.fit` fits as cubics: their points and first two derivatives.
/// The fit is generic over them because its checks ask for thousands of points and derivatives
/// of one curve; through `Segment` each would go through its switch.
protocol OffsetFitted {
    func point(at t: Double) -> Point
    func derivative(at t: Double) -> Vector
    func secondDerivative(at t: Double) -> Vector
    #if hasFeature(Embedded)
    /// The curve as the module's one fitted type (only `FittedCurve` is fitted there).
    var asFittedCurve: FittedCurve { get }
    #endif
}

/// A cubic for the thousands of points and derivatives a fit asks of one curve: its points in the
/// power basis, P(t) = ((a·t + b)·t + c)·t + p0 (a third of the operations of Bernstein's form,
/// within the rounding of the control points' magnitude of it, its ends exactly: a piece's end
/// is where the next segment's offset starts); its derivatives `CubicBezier`'s own, in
/// Bernstein's form (where the curve comes to rest at an end, its speed there is small, and the
/// power basis would lose its direction to rounding).
struct FittedCubic: OffsetFitted {
    let bezier: CubicBezier
    let a: Vector, b: Vector, c: Vector
    init(_ k: CubicBezier) {
        bezier = k
        (a, b, c) = k.powerBasis
    }
    @inline(__always) func point(at t: Double) -> Point {
        if t == 1 { return bezier.p3 }
        let p0 = bezier.p0
        return Point(((a.dx * t + b.dx) * t + c.dx) * t + p0.x, ((a.dy * t + b.dy) * t + c.dy) * t + p0.y)
    }
    @inline(__always) func derivative(at t: Double) -> Vector { bezier.derivative(at: t) }
    @inline(__always) func secondDerivative(at t: Double) -> Vector { bezier.secondDerivative(at: t) }
}

// (In the playground's module only `FittedCurve` is fitted, below, and a fitted piece is
// measured as a `FittedCubic`.)
#if hasFeature(Embedded)
extension FittedCubic {
    var asFittedCurve: FittedCurve { .cubic(self) }
}
#else
extension CubicBezier: OffsetFitted {}
extension QuadraticBezier: OffsetFitted {}
extension Arc: OffsetFitted {}
#endif

/// The three curves whose offsets are fitted, as one type, for the playground's module: there
/// (Embedded Swift, which copies a generic function for every type it is used with) the fit is
/// made once, for this, at the cost of a switch at each point it asks for, where each curve's
/// own copy of `Pen.fit` and `Pen.geometricFit` took 2 and 6 KB. The same points and
/// derivatives: each case answers with its curve's own.
enum FittedCurve: OffsetFitted {
    case cubic(FittedCubic), quadratic(QuadraticBezier), arc(Arc)

    func point(at t: Double) -> Point {
        switch self {
        case .cubic(let c): c.point(at: t)
        case .quadratic(let c): c.point(at: t)
        case .arc(let c): c.point(at: t)
        }
    }
    func derivative(at t: Double) -> Vector {
        switch self {
        case .cubic(let c): c.derivative(at: t)
        case .quadratic(let c): c.derivative(at: t)
        case .arc(let c): c.derivative(at: t)
        }
    }
    func secondDerivative(at t: Double) -> Vector {
        switch self {
        case .cubic(let c): c.secondDerivative(at: t)
        case .quadratic(let c): c.secondDerivative(at: t)
        case .arc(let c): c.secondDerivative(at: t)
        }
    }
    #if hasFeature(Embedded)
    var asFittedCurve: FittedCurve { self }
    #endif
}

/// A curve `Pen.geometricFit` fits a cubic to, piece by piece: its points, and its points with
/// their derivatives (its velocity) for the Gauss-Newton steps of the fit's check.
protocol FitTarget {
    func point(at t: Double) -> Point
    func pointAndVelocity(at t: Double) -> (point: Point, velocity: Vector)
}

/// The offset of `s` (its curve `curve`) by d + slope·t: `Pen.offsetPoint` and
/// `Pen.offsetPointAndVelocity`, generic over the curve so that the fit's thousands of
/// evaluations are the curve's own.
struct OffsetTarget<C: OffsetFitted>: FitTarget {
    let curve: C
    let segment: Segment
    let d: Double, slope: Double, scale: Double
    @inline(__always) func point(at t: Double) -> Point {
        Pen.offsetPoint(curve, of: segment, by: d, slope: slope, at: t, scale: scale)
    }
    @inline(__always) func pointAndVelocity(at t: Double) -> (point: Point, velocity: Vector) {
        Pen.offsetPointAndVelocity(curve, of: segment, by: d, slope: slope, at: t, scale: scale)
    }
}

/// The evolute of `segment` on [a, b] (its centres of curvature, B + n·ρ with ρ = 1/κ), whose
/// derivative is ρ′·n (B′ and ρ·n′ cancel). ρ = s³/c with s = |B′| and c = B′ × B″, so
/// ρ′ = s·(3(B′·B″)·c − s²·(B′ × B‴))/c², exact where the curve moves; where it nearly stops
/// (a cusp's end, below `Tolerance.nearRest` of its speed bound) a central difference
/// (one-sided at the stretch's ends) over `Tolerance.differenceStep` of the stretch. (The
/// difference alone, near a bend's end where ρ runs from a few units to the stroke's half width
/// within 1e-6 of the parameter, made the ends' derivatives wrong by a part in ten whatever the
/// piece: a stroke 1,000 wide of `curve 20 120 25.01 125 25 125` made 250,000 pieces of
/// evolute and ran out of work.)
struct EvoluteTarget: FitTarget {
    let segment: Segment
    let a: Double, b: Double
    let bound: Double
    init(segment: Segment, a: Double, b: Double) {
        self.segment = segment
        self.a = a
        self.b = b
        bound = segment.speedBound
    }
    func radius(_ t: Double) -> Double {
        let k = segment.curvature(at: t)
        return k != 0 ? 1 / k : 0
    }
    func normal(_ t: Double) -> Vector { Pen.tangent(segment, at: t)?.perpendicular ?? Vector(0, 0) }
    /// ρ′ at t.
    func radiusSlope(_ t: Double) -> Double {
        let v = segment.derivative(at: t), w = segment.secondDerivative(at: t)
        let s = v.length, c = v.cross(w)
        if s > Tolerance.nearRest * bound, c != 0 {
            let slope = s * (3 * v.dot(w) * c - s * s * v.cross(segment.thirdDerivative(at: t))) / (c * c)
            if slope.isFinite { return slope }
        }
        let step = Tolerance.differenceStep * (b - a)
        let lo = Swift.max(a, t - step), hi = Swift.min(b, t + step)
        return hi > lo ? (radius(hi) - radius(lo)) / (hi - lo) : 0
    }
    func point(at t: Double) -> Point { segment.point(at: t) + normal(t) * radius(t) }
    func pointAndVelocity(at t: Double) -> (point: Point, velocity: Vector) {
        let n = normal(t)
        return (segment.point(at: t) + n * radius(t), n * radiusSlope(t))
    }
}

#if hasFeature(Embedded)
/// The two curves `Pen.geometricFit` fits (an offset, an evolute) as one type, for the
/// playground's module: Embedded Swift copies a generic function for every type it is used with,
/// and the fit's copy for each took 6 and 8 KB there; made once for this, at the cost of a switch
/// at each point it asks for. Natively each keeps its own.
enum FitTargets: FitTarget {
    case offset(OffsetTarget<FittedCurve>), evolute(EvoluteTarget)

    func point(at t: Double) -> Point {
        switch self {
        case .offset(let o): o.point(at: t)
        case .evolute(let e): e.point(at: t)
        }
    }
    func pointAndVelocity(at t: Double) -> (point: Point, velocity: Vector) {
        switch self {
        case .offset(let o): o.pointAndVelocity(at: t)
        case .evolute(let e): e.pointAndVelocity(at: t)
        }
    }
}
#endif

/// The offset's point at an end of a piece `Pen.fit` fits and, where the curve moves there, the
/// offset's derivative q′: the two halves of a piece share the one where they meet, and each
/// its other with the piece, found once.
struct OffsetEnd {
    let point: Point
    let velocity: Vector?
}

/// A segment's tangent angles and curvatures at t = k/128 (the curvature just inside the ends,
/// where a cusp's is a limit rounding cannot reach), which `Pen.approximateOffset` cuts its
/// offset by: the same for both sides of a stroke.
struct SegmentSamples {
    static let count = 128
    let angles: [Double]
    let curvatures: [Double]

    /// t moved just inside [0, 1].
    static func inside(_ t: Double) -> Double { Swift.min(Swift.max(t, Tolerance.insideEnd), 1 - Tolerance.insideEnd) }

    init(_ s: Segment) {
        var angles: [Double] = [], curvatures: [Double] = []
        angles.reserveCapacity(SegmentSamples.count + 1)
        curvatures.reserveCapacity(SegmentSamples.count + 1)
        // The derivative at each sample serves both: as the direction where the curve moves
        // (else `direction(at:)`'s limit), and for the curvature (but at the ends, where it is
        // taken just inside). Lengths are √(x² + y²) (`quickLength`): only the curvature's sign
        // against 1/d and the turning past 45° are read from them.
        let scale = s.directionScale
        func curvature(_ d1: Vector, _ t: Double) -> Double {
            let speed = d1.quickLength
            guard speed > 0 else { return 0 }
            let k = d1.cross(s.secondDerivative(at: t)) / (speed * speed * speed)
            return k.isFinite ? k : 0
        }
        for k in 0...SegmentSamples.count {
            let t = Double(k) / Double(SegmentSamples.count)
            let d1 = s.derivative(at: t)
            let moving = scale > 0 && d1.isFinite && d1.quickLength > Tolerance.rounding * scale
            let direction = moving ? d1 : s.direction(at: t, scale: scale)
            angles.append(direction.isFinite ? arcTangent2(direction.dy, direction.dx) : 0)
            let inside = SegmentSamples.inside(t)
            curvatures.append(curvature(inside == t ? d1 : s.derivative(at: inside), inside))
        }
        self.angles = angles
        self.curvatures = curvatures
    }
}

/// The offset's points along a fitted piece, for the way back of the fit's check: which of them
/// is nearest to a point of the cubic, the first of equals, as a look at every one would find.
/// The offset turns by less than a quarter turn along a piece (pieces are cut every 45° of the
/// curve's turning, and where the offset turns back), so along the chord from the first point
/// to the last its points run one way: their projections grow with their index. Then
/// |c − sⱼ| ≥ |(c − sⱼ)·u| bounds each one's distance from below, and the search spreads from
/// a starting index only while that bound could still beat the nearest found: a few points
/// looked at instead of all 33. Where the projections do not grow (rounding on a piece of
/// nothing), every point is looked at.
struct OrderedSamples {
    let points: [Point]
    /// (sⱼ − s₀)·u, or empty when they do not grow strictly with j.
    let projections: [Double]
    let axis: Vector
    /// The projections' span, the scale of their rounding.
    var span: Double { projections.last ?? 0 }

    init(_ points: [Point]) {
        var projections: [Double] = []
        self.init(points, reusing: &projections)
    }

    /// The same, writing the projections into `buffer`'s storage (emptied first; a caller that
    /// orders many sets of samples keeps one buffer and allocates once).
    init(_ points: [Point], reusing buffer: inout [Double]) {
        self.points = points
        let axis = points.count > 1 ? (points[points.count - 1] - points[0]).normalized : nil
        self.axis = axis ?? Vector(0, 0)
        var projections: [Double] = []
        swap(&projections, &buffer)
        projections.removeAll(keepingCapacity: true)
        if let axis {
            projections.reserveCapacity(points.count)
            for p in points {
                let x = (p - points[0]).dot(axis)
                if let last = projections.last, !(x > last) {
                    projections.removeAll(keepingCapacity: true)
                    break
                }
                projections.append(x)
            }
        }
        self.projections = projections
        buffer = projections
    }

    /// The index of the point nearest to c (by squared distances), the first of equals; the
    /// search starts at `start`.
    func nearest(to c: Point, from start: Int) -> Int {
        guard !projections.isEmpty else {
            var i = 0
            var nearest = (points[0] - c).lengthSquared
            for j in points.indices.dropFirst() {
                let dj = (points[j] - c).lengthSquared
                if dj < nearest {
                    i = j
                    nearest = dj
                }
            }
            return i
        }
        let x = (c - points[0]).dot(axis)
        // Beyond this the rounding of a projection (a few ulps of the span and of c's own) cannot
        // make the bound pass the true distance.
        let margin = Tolerance.rounding * (span + abs(x))
        let first = Swift.min(Swift.max(start, 0), points.count - 1)
        var i = first
        var nearest = (points[i] - c).lengthSquared
        // Toward the first point, where an equal distance comes first; then toward the last.
        var j = first - 1
        while j >= 0 {
            let gap = x - projections[j] - margin
            if gap > 0, gap * gap > nearest { break }
            let dj = (points[j] - c).lengthSquared
            if dj <= nearest {
                i = j
                nearest = dj
            }
            j -= 1
        }
        j = first + 1
        while j < points.count {
            let gap = projections[j] - x - margin
            if gap > 0, gap * gap >= nearest { break }
            let dj = (points[j] - c).lengthSquared
            if dj < nearest {
                i = j
                nearest = dj
            }
            j += 1
        }
        return i
    }
}
