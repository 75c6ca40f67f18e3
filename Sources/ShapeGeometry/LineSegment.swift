/// A straight segment from `p0` to `p1`. Its length and every query are closed forms.
public struct LineSegment: Hashable, Sendable {
    /// The start point.
    public var p0: Point
    /// The end point.
    public var p1: Point

    /// The segment from p0 to p1.
    @inlinable public init(_ p0: Point, _ p1: Point) { self.p0 = p0; self.p1 = p1 }
}

extension LineSegment: ParametricCurve {
    public var start: Point { p0 }
    public var end: Point { p1 }
    public func point(at t: Double) -> Point { p0.lerp(to: p1, t) }
    public func derivative(at t: Double) -> Vector { p1 - p0 }
    /// Zero: a line does not bend.
    public func secondDerivative(at t: Double) -> Vector { .zero }
    public func split(at t: Double) -> (LineSegment, LineSegment) {
        let m = point(at: t)
        return (LineSegment(p0, m), LineSegment(m, p1))
    }
    public func transformed(by m: AffineTransform) -> LineSegment {
        LineSegment(m.apply(p0), m.apply(p1))
    }
}

extension LineSegment: CurveArcLength {
    /// The exact length |p1 − p0| (the accuracy is not needed).
    public func arcLength(accuracy: Double = defaultArcLengthAccuracy) -> Double { p0.distance(to: p1) }
    public func arcLength(upTo t: Double, accuracy: Double = defaultArcLengthAccuracy) -> Double {
        arcLength() * Swift.min(Swift.max(t, 0), 1)
    }
    public func arcLengthTable(accuracy: Double = defaultArcLengthAccuracy) -> ArcLengthTable {
        ArcLengthTable(uniformLength: arcLength())
    }
    public func parameter(atLength length: Double, in table: ArcLengthTable) -> Double {
        let total = table.total
        guard total > 0 else { return 0 }
        return Swift.min(Swift.max(length / total, 0), 1)
    }
}

extension LineSegment: CurveExtrema {
    /// A line has no interior extremes.
    public func forEachExtremum(along axis: Axis, _ body: (Double) -> Void) {}
}

extension LineSegment: CurveNearest {
    /// The orthogonal projection of `p`, clamped to the segment.
    public func nearest(to p: Point) -> (t: Double, distance: Double) { Projection(self).nearest(to: p) }
}

extension LineSegment {
    /// `nearest(to:)` for many points, with what depends only on the segment found once (the
    /// same doubles: an index measures each of its segments' control points from one chord).
    struct Projection {
        let line: LineSegment
        /// The segment's own scale (a power of two, so exact), its direction in that unit and
        /// the direction's squared length: in that unit the squares neither overflow nor
        /// underflow at any scale.
        let k: Double, d: Vector, l2: Double

        init(_ line: LineSegment) {
            self.line = line
            k = Vector.unitScale(of: line.p1 - line.p0)
            d = (line.p1 - line.p0) * k
            l2 = d.lengthSquared
        }

        /// The orthogonal projection of `p`, clamped to the segment.
        func nearest(to p: Point) -> (t: Double, distance: Double) {
            var t = l2 > 0 ? ((p - line.p0) * k).dot(d) / l2 : 0
            t = Swift.min(Swift.max(t, 0), 1)
            if !t.isFinite { t = 0 }
            return (t, line.point(at: t).quickDistance(to: p))
        }

        /// The distance from `p` to the segment.
        func distance(to p: Point) -> Double { nearest(to: p).distance }
    }
}
