/// The relative accuracy that arc-length computations aim at unless told otherwise.
///
/// It is the acceptance threshold of the adaptive quadrature (see `integrateAdaptively`); the
/// error actually reached is far smaller, and the tests hold every segment kind to a relative
/// error of 1e-12 (docs/geometry.md has the measurements).
public let defaultArcLengthAccuracy: Double = Tolerance.arcLength

/// A curve traced by a parameter t running from 0 (`start`) to 1 (`end`).
///
/// Modelled on kurbo's ParamCurve: every segment kind conforms, and the path's queries are built
/// from these operations alone.
public protocol ParametricCurve: Sendable {
    /// The point at t = 0.
    var start: Point { get }
    /// The point at t = 1.
    var end: Point { get }
    /// The point at parameter `t` in [0, 1].
    func point(at t: Double) -> Point
    /// The derivative dP/dt at `t`: the direction of travel, scaled by the parametric speed.
    func derivative(at t: Double) -> Vector
    /// The two pieces [0, t] and [t, 1], each reparametrised to [0, 1].
    func split(at t: Double) -> (Self, Self)
    /// The exact image of the curve under an affine transform.
    func transformed(by transform: AffineTransform) -> Self
}

/// Curves whose length is measured by integrating their speed |dP/dt|.
public protocol CurveArcLength: ParametricCurve {
    /// The length of the whole curve, with relative error below `accuracy` (see
    /// `defaultArcLengthAccuracy`).
    func arcLength(accuracy: Double) -> Double
    /// A table of the curve's length, from which the parameter at any length is found quickly.
    func arcLengthTable(accuracy: Double) -> ArcLengthTable
    /// The length from t = 0 to `t`.
    func arcLength(upTo t: Double, accuracy: Double) -> Double
    /// The parameter where the length from the start equals `length`, using a table made by
    /// `arcLengthTable`; clamped to [0, 1]; accurate to about 1e-13 of the curve's length.
    func parameter(atLength length: Double, in table: ArcLengthTable) -> Double
}

/// Curves that know where their coordinates turn back.
public protocol CurveExtrema: ParametricCurve {
    /// Calls `body` with each parameter in the open interval (0, 1) where the coordinate along
    /// `axis` turns (dx/dt = 0 for `.x`, dy/dt = 0 for `.y`), in increasing order, without
    /// making a list (a winding number asks it of every segment it looks at).
    func forEachExtremum(along axis: Axis, _ body: (Double) -> Void)
}

/// Curves that can find their point nearest to a given point.
public protocol CurveNearest: ParametricCurve {
    /// The parameter of the point nearest to `p` and the distance to it (computed without
    /// squaring where the squares would overflow or underflow, so that it holds at every scale
    /// the docs accept). Where several points are equally near, the smallest parameter.
    func nearest(to p: Point) -> (t: Double, distance: Double)
}

extension CurveExtrema {
    /// The parameters of `forEachExtremum(along:_:)`, as a list.
    public func extrema(along axis: Axis) -> [Double] {
        var result: [Double] = []
        forEachExtremum(along: axis) { result.append($0) }
        return result
    }

    /// The tight bounding box of the curve: its end points and its extreme points.
    public var tightBounds: Rect {
        var r = Rect(point: start)
        r.include(end)
        forEachExtremum(along: .x) { r.include(point(at: $0)) }
        forEachExtremum(along: .y) { r.include(point(at: $0)) }
        return r
    }
}
