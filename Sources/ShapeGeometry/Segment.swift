/// One drawn piece of a path. A closed set of kinds: every query switches over all of them, so a
/// new kind does not compile until each query handles it.
public enum Segment: Hashable, Sendable {
    /// A straight line.
    case line(LineSegment)
    /// A quadratic Bézier.
    case quadratic(QuadraticBezier)
    /// A cubic Bézier.
    case cubic(CubicBezier)
    /// A circular or elliptical arc.
    case arc(Arc)
}

extension Segment: ParametricCurve {
    public var start: Point {
        switch self {
        case .line(let s): s.start
        case .quadratic(let s): s.start
        case .cubic(let s): s.start
        case .arc(let s): s.start
        }
    }
    public var end: Point {
        switch self {
        case .line(let s): s.end
        case .quadratic(let s): s.end
        case .cubic(let s): s.end
        case .arc(let s): s.end
        }
    }
    public func point(at t: Double) -> Point {
        switch self {
        case .line(let s): s.point(at: t)
        case .quadratic(let s): s.point(at: t)
        case .cubic(let s): s.point(at: t)
        case .arc(let s): s.point(at: t)
        }
    }
    public func derivative(at t: Double) -> Vector {
        switch self {
        case .line(let s): s.derivative(at: t)
        case .quadratic(let s): s.derivative(at: t)
        case .cubic(let s): s.derivative(at: t)
        case .arc(let s): s.derivative(at: t)
        }
    }
    public func split(at t: Double) -> (Segment, Segment) {
        switch self {
        case .line(let s): let (a, b) = s.split(at: t); return (.line(a), .line(b))
        case .quadratic(let s): let (a, b) = s.split(at: t); return (.quadratic(a), .quadratic(b))
        case .cubic(let s): let (a, b) = s.split(at: t); return (.cubic(a), .cubic(b))
        case .arc(let s): let (a, b) = s.split(at: t); return (.arc(a), .arc(b))
        }
    }
    public func transformed(by m: AffineTransform) -> Segment {
        switch self {
        case .line(let s): .line(s.transformed(by: m))
        case .quadratic(let s): .quadratic(s.transformed(by: m))
        case .cubic(let s): .cubic(s.transformed(by: m))
        case .arc(let s): .arc(s.transformed(by: m))
        }
    }
}

extension Segment: CurveArcLength {
    public func arcLength(accuracy: Double = defaultArcLengthAccuracy) -> Double {
        switch self {
        case .line(let s): s.arcLength(accuracy: accuracy)
        case .quadratic(let s): s.arcLength(accuracy: accuracy)
        case .cubic(let s): s.arcLength(accuracy: accuracy)
        case .arc(let s): s.arcLength(accuracy: accuracy)
        }
    }
    public func arcLength(upTo t: Double, accuracy: Double = defaultArcLengthAccuracy) -> Double {
        switch self {
        case .line(let s): s.arcLength(upTo: t, accuracy: accuracy)
        case .quadratic(let s): s.arcLength(upTo: t, accuracy: accuracy)
        case .cubic(let s): s.arcLength(upTo: t, accuracy: accuracy)
        case .arc(let s): s.arcLength(upTo: t, accuracy: accuracy)
        }
    }
    public func arcLengthTable(accuracy: Double = defaultArcLengthAccuracy) -> ArcLengthTable {
        switch self {
        case .line(let s): s.arcLengthTable(accuracy: accuracy)
        case .quadratic(let s): s.arcLengthTable(accuracy: accuracy)
        case .cubic(let s): s.arcLengthTable(accuracy: accuracy)
        case .arc(let s): s.arcLengthTable(accuracy: accuracy)
        }
    }
    public func parameter(atLength length: Double, in table: ArcLengthTable) -> Double {
        switch self {
        case .line(let s): s.parameter(atLength: length, in: table)
        case .quadratic(let s): s.parameter(atLength: length, in: table)
        case .cubic(let s): s.parameter(atLength: length, in: table)
        case .arc(let s): s.parameter(atLength: length, in: table)
        }
    }
}

extension Segment {
    /// The parameters at increasing lengths from the start: closed forms for lines and circular
    /// arcs, a marching inverse (see `SpeedIntegrated.parameters(atLengths:in:)`) for the rest.
    public func parameters(atLengths lengths: [Double], in table: ArcLengthTable) -> [Double] {
        switch self {
        case .quadratic(let s): return s.parameters(atLengths: lengths, in: table)
        case .cubic(let s): return s.parameters(atLengths: lengths, in: table)
        case .arc(let s) where !s.isCircular: return s.parameters(atLengths: lengths, in: table)
        case .line, .arc: return lengths.map { parameter(atLength: $0, in: table) }
        }
    }

    /// The points at `count` increasing lengths from the start, `length(i)` for i in 0..<count,
    /// passed to `body` in order: `parameters(atLengths:in:)` without arrays or a per-point switch.
    @inline(__always)
    func forEachPoint(count: Int, length: (Int) -> Double, in table: ArcLengthTable, _ body: (Point) -> Void) {
        switch self {
        case .quadratic(let s): s.marchParameters(count: count, length: length, in: table) { body(s.point(at: $0)) }
        case .cubic(let s): s.marchParameters(count: count, length: length, in: table) { body(s.point(at: $0)) }
        case .arc(let s) where !s.isCircular: s.marchParameters(count: count, length: length, in: table) { body(s.point(at: $0)) }
        case .line, .arc: for i in 0..<count { body(point(at: parameter(atLength: length(i), in: table))) }
        }
    }
}

extension Segment: CurveExtrema {
    /// The tight bounding box, from each kind's own.
    public var tightBounds: Rect {
        switch self {
        case .line(let s): s.tightBounds
        case .quadratic(let s): s.tightBounds
        case .cubic(let s): s.tightBounds
        case .arc(let s): s.tightBounds
        }
    }

    @inline(__always) public func forEachExtremum(along axis: Axis, _ body: (Double) -> Void) {
        switch self {
        case .line: break
        case .quadratic(let s): s.forEachExtremum(along: axis, body)
        case .cubic(let s): s.forEachExtremum(along: axis, body)
        case .arc(let s): s.forEachExtremum(along: axis, body)
        }
    }
}

extension Segment: CurveNearest {
    public func nearest(to p: Point) -> (t: Double, distance: Double) {
        switch self {
        case .line(let s): s.nearest(to: p)
        case .quadratic(let s): s.nearest(to: p)
        case .cubic(let s): s.nearest(to: p)
        case .arc(let s): s.nearest(to: p)
        }
    }
}

extension Segment {
    /// d²P/dt² at `t`.
    public func secondDerivative(at t: Double) -> Vector {
        switch self {
        case .line(let s): s.secondDerivative(at: t)
        case .quadratic(let s): s.secondDerivative(at: t)
        case .cubic(let s): s.secondDerivative(at: t)
        case .arc(let s): s.secondDerivative(at: t)
        }
    }

    /// d³P/dt³ at `t` (a cubic's is constant; a line's and a quadratic's are zero).
    public func thirdDerivative(at t: Double) -> Vector {
        switch self {
        case .line, .quadratic: Vector(0, 0)
        case .cubic(let c): 6 * ((c.p3 - c.p0) + 3 * (c.p1 - c.p2))
        case .arc(let a): a.thirdDerivative(at: t)
        }
    }

    /// Signed curvature at `t`: (x′y″ − y′x″)/|P′|³, positive where the path turns clockwise on
    /// screen (y down); 0 where the speed vanishes.
    /// The parameters in (0, 1) where the curvature changes sign: the roots of x′y″ − y′x″.
    /// Only a cubic has them (for a quadratic it is a constant, for lines and arcs it has one
    /// sign); for a cubic it is a quadratic in t (its t³ terms cancel), whose roots come in closed
    /// form. A double root touches zero without a change of sign and is no inflection.
    public var inflections: [Double] {
        guard case .cubic(let c) = self else { return [] }
        let (a, b, d) = c.powerBasis
        // B′ × B″ with B′ = 3a t² + 2b t + d and B″ = 6a t + 2b.
        let q2 = -6 * a.cross(b), q1 = 6 * d.cross(a), q0 = 2 * d.cross(b)
        if q2 != 0, q1 * q1 - 4 * q2 * q0 <= 4 * Double.ulpOfOne * Swift.max(q1 * q1, Swift.abs(4 * q2 * q0)) { return [] }
        return Polynomial([q0, q1, q2]).roots(in: 0, 1).array.filter { $0 > 0 && $0 < 1 }
    }

    /// True when the curve stops at `t` (its speed is below `cuspThreshold` of `speedBound`):
    /// a cusp, where the direction jumps and the curvature is unbounded.
    public func isCusp(at t: Double) -> Bool {
        let bound = speedBound
        return bound > 0 && derivative(at: t).length <= Segment.cuspThreshold * bound
    }

    /// How slow, relative to its largest speed, a curve must be at a point to count as stopped
    /// there (`Tolerance.cusp`, which says why its value).
    public static let cuspThreshold = Tolerance.cusp

    public func curvature(at t: Double) -> Double {
        let d1 = derivative(at: t), d2 = secondDerivative(at: t)
        let speed = d1.length
        guard speed > 0 else { return 0 }
        let k = d1.cross(d2) / (speed * speed * speed)
        return k.isFinite ? k : 0
    }

    /// The de Casteljau construction at `t`: the control points, then each level of
    /// interpolation, down to the single point on the curve. Lines have two levels; arcs none.
    public func casteljau(at t: Double) -> [[Point]]? {
        var level: [Point]
        switch self {
        case .line(let l): level = [l.p0, l.p1]
        case .quadratic(let q): level = [q.p0, q.p1, q.p2]
        case .cubic(let c): level = [c.p0, c.p1, c.p2, c.p3]
        case .arc: return nil
        }
        var levels = [level]
        while level.count > 1 {
            level = (1..<level.count).map { level[$0 - 1].lerp(to: level[$0], t) }
            levels.append(level)
        }
        return levels
    }

    /// A box that holds the whole segment, cheap to compute: the control points' box for Bézier
    /// curves, the tight box for lines and arcs. Used to skip segments in nearest-point searches.
    public var controlBounds: Rect {
        switch self {
        case .line(let s): return Rect(minX: s.p0.x, minY: s.p0.y, maxX: s.p1.x, maxY: s.p1.y)
        case .quadratic(let s):
            var r = Rect(point: s.p0); r.include(s.p1); r.include(s.p2); return r
        case .cubic(let s):
            var r = Rect(point: s.p0); r.include(s.p1); r.include(s.p2); r.include(s.p3); return r
        case .arc: return tightBounds
        }
    }

    /// The direction of travel at `t`, never NaN: the derivative where it is non-zero; where it
    /// vanishes (coincident control points, a cusp) the limit of the derivative's direction from
    /// inside the segment, along the second derivative (or a cubic's constant third), which the
    /// derivative follows there: P′(t ± ε) ≈ ±ε·P″(t), leaving t for t < 1 and arriving at the
    /// end (and just before an end at rest, within the rounding of it, where the derivative
    /// still points back along P″), or ≈ ½ε²·P‴ either way. (Differences of nearby points round
    /// to the last bit of the coordinates: at a start at rest they gave a direction 0.02 rad
    /// off.) Then the chord of the whole segment; a zero vector only for a segment that is a
    /// single point.
    public func direction(at t: Double) -> Vector {
        direction(at: t, scale: nil)
    }

    /// The size that tells a rest of the derivative from rounding in `direction(at:)`: the
    /// larger side of the control points' box. Found once by callers that ask for many
    /// directions along one segment.
    var directionScale: Double {
        let box = controlBounds
        return Swift.max(box.width, box.height)
    }

    /// `direction(at:)` with its `directionScale` given (nil: found here when needed).
    func direction(at t: Double, scale given: Double?) -> Vector {
        let d = derivative(at: t)
        // An arc's box is never wider than the arc is long, sweep · (|u| + |v|) at most: past
        // that the derivative is no rest, without the box's trigonometry.
        if case .arc(let a) = self, d.isFinite, d.quickLength > Tolerance.rounding * abs(a.sweep) * (a.u.quickLength + a.v.quickLength) { return d }
        let scale = given ?? directionScale
        guard scale > 0 else { return .zero }
        if d.quickLength > Tolerance.rounding * scale, d.isFinite { return d }
        let second = secondDerivative(at: t)
        if second.length > Tolerance.rounding * scale, second.isFinite {
            // Within the rounding of an end at rest, before it: the derivative, however small,
            // still points back along P″ (P′(t) ≈ (t − 1)·P″), and the curve is arriving there
            // (taken as leaving, the offsets' last pieces crossed the end normal from one side to
            // the other: O29 in docs/results.md).
            if t < 1, d.dot(second) < 0, derivative(at: 1).quickLength <= Tolerance.rounding * scale { return second * -1 }
            return t < 1 ? second : second * -1
        }
        if case .cubic(let c) = self {
            let third = (c.p3 - c.p0) + (c.p1 - c.p2) * 3
            if third.length > Tolerance.rounding * scale { return third }
        }
        return end - start
    }

    /// The SPEC name of the segment's kind: `line`, `quad`, `curve` or `arc`.
    public var kindName: String {
        switch self {
        case .line: "line"
        case .quadratic: "quad"
        case .cubic: "curve"
        case .arc: "arc"
        }
    }
}

extension Segment {
    /// An upper bound of the speed |dP/dt| over t in [0, 1], in closed form: a Bézier curve's
    /// derivative is a Bézier curve on the scaled differences of its control points (so inside
    /// their convex hull), and an arc's is `sweep · (v cos θ − u sin θ)`. n equal steps in t are
    /// then at most `speedBound / n` apart along the curve.
    public var speedBound: Double {
        switch self {
        case .line(let s): s.p0.distance(to: s.p1)
        case .quadratic(let s): 2 * Swift.max(s.p0.distance(to: s.p1), s.p1.distance(to: s.p2))
        case .cubic(let s): 3 * Swift.max(s.p0.distance(to: s.p1), s.p1.distance(to: s.p2), s.p2.distance(to: s.p3))
        case .arc(let s): abs(s.sweep) * (s.u.length + s.v.length)
        }
    }
}
