/// A location in the plane, in screen coordinates: x grows to the right, y grows **down** (as in
/// UIKit and SVG).
///
/// Points and vectors are distinct types: `Point - Point` is a `Vector`, `Point + Vector` is a
/// `Point`, and `Point + Point` does not exist.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate (down on screen, as in UIKit).
    public var y: Double

    /// The point (x, y).
    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    /// The point (x, y).
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The origin.
    public static let zero = Point(0, 0)

    /// True when both coordinates are finite (neither NaN nor infinite).
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The straight-line distance to `other`, computed without overflow or underflow (hypot).
    @inlinable public func distance(to other: Point) -> Double { (other - self).length }

    /// The square of the distance to `other`.
    @inlinable public func distanceSquared(to other: Point) -> Double { (other - self).lengthSquared }
    /// `distance(to:)` as `Vector.quickLength`, for comparing with tolerances.
    @inlinable func quickDistance(to other: Point) -> Double { (other - self).quickLength }

    /// The point a fraction `t` of the way from `self` to `other` (t = 0 is `self`, 1 is `other`).
    @inlinable public func lerp(to other: Point, _ t: Double) -> Point {
        Point(x + (other.x - x) * t, y + (other.y - y) * t)
    }

    /// The midpoint of `self` and `other`.
    @inlinable public func midpoint(_ other: Point) -> Point { lerp(to: other, 0.5) }

    /// The vector from the origin to this point.
    @inlinable public var vector: Vector { Vector(x, y) }

    public var description: String { "(\(x), \(y))" }

    @inlinable public static func - (a: Point, b: Point) -> Vector { Vector(a.x - b.x, a.y - b.y) }
    @inlinable public static func + (a: Point, v: Vector) -> Point { Point(a.x + v.dx, a.y + v.dy) }
    @inlinable public static func - (a: Point, v: Vector) -> Point { Point(a.x - v.dx, a.y - v.dy) }
    @inlinable public static func += (a: inout Point, v: Vector) { a = a + v }
}

/// A displacement in the plane (a difference of points, a derivative, a direction).
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal component.
    public var dx: Double
    /// The vertical component.
    public var dy: Double

    /// The vector (dx, dy).
    @inlinable public init(_ dx: Double, _ dy: Double) { self.dx = dx; self.dy = dy }
    /// The vector (dx, dy).
    @inlinable public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }

    /// The zero vector.
    public static let zero = Vector(0, 0)

    /// The Euclidean length, computed without overflow or underflow (hypot).
    @inlinable public var length: Double { hypotenuse(dx, dy) }
    /// The square of the length (no square root).
    @inlinable public var lengthSquared: Double { dx * dx + dy * dy }
    /// The length as √(dx² + dy²): within an ulp or two of `length`, and several times cheaper,
    /// for comparing with tolerances in the hot loops of intersections and booleans; hypot where
    /// the squares would overflow or lose digits, and 0 for the zero vector without it (as
    /// hypot's: the distance between two points that are one, which the fits and the cuts ask
    /// at every shared end).
    @inlinable var quickLength: Double {
        let s = dx * dx + dy * dy
        if s >= Tolerance.safeSquareLow && s <= Tolerance.safeSquareHigh { return s.squareRoot() }
        return dx == 0 && dy == 0 ? 0 : hypotenuse(dx, dy)
    }
    /// A power of two k (so that multiplying by it is exact) that brings the largest of the
    /// vectors' coordinates to between 1 and 2; 1 when they are all 0. Sums of products of the
    /// scaled vectors (dot products, polynomial coefficients made of them) then neither overflow
    /// nor underflow, at any scale the geometry accepts.
    /// (Up to four vectors, the rest zero, which changes no maximum: a variadic list is an
    /// array, made at every call.)
    @inlinable static func unitScale(of a: Vector, _ b: Vector = .zero, _ c: Vector = .zero, _ d: Vector = .zero) -> Double {
        var m = Swift.max(0.0, abs(a.dx), abs(a.dy))
        m = Swift.max(m, abs(b.dx), abs(b.dy))
        m = Swift.max(m, abs(c.dx), abs(c.dy))
        m = Swift.max(m, abs(d.dx), abs(d.dy))
        guard m > 0, m.isFinite else { return 1 }
        return Double.powerOfTwo(Swift.min(Swift.max(-m.binaryExponent, -1022), 1022))
    }
    /// The dot product.
    @inlinable public func dot(_ o: Vector) -> Double { dx * o.dx + dy * o.dy }
    /// The z component of the cross product: positive when `o` turns clockwise on screen from `self`
    /// (y down), as sin of the angle from `self` to `o`.
    @inlinable public func cross(_ o: Vector) -> Double { dx * o.dy - dy * o.dx }
    /// The angle of the vector, atan2(dy, dx), in radians in (-π, π]; increasing angles turn
    /// clockwise on screen.
    @inlinable public var angle: Double { arcTangent2(dy, dx) }
    /// The vector turned by 90 degrees clockwise on screen: (-dy, dx).
    @inlinable public var perpendicular: Vector { Vector(-dy, dx) }
    /// The vector scaled to length 1, or `nil` when its length is zero or not finite.
    @inlinable public var normalized: Vector? {
        let l = length
        guard l > 0, l.isFinite else { return nil }
        return Vector(dx / l, dy / l)
    }
    /// Both components are finite.
    @inlinable public var isFinite: Bool { dx.isFinite && dy.isFinite }

    public var description: String { "<\(dx), \(dy)>" }

    @inlinable public static func + (a: Vector, b: Vector) -> Vector { Vector(a.dx + b.dx, a.dy + b.dy) }
    @inlinable public static func - (a: Vector, b: Vector) -> Vector { Vector(a.dx - b.dx, a.dy - b.dy) }
    @inlinable public static prefix func - (a: Vector) -> Vector { Vector(-a.dx, -a.dy) }
    @inlinable public static func * (a: Vector, s: Double) -> Vector { Vector(a.dx * s, a.dy * s) }
    @inlinable public static func * (s: Double, a: Vector) -> Vector { Vector(a.dx * s, a.dy * s) }
    @inlinable public static func / (a: Vector, s: Double) -> Vector { Vector(a.dx / s, a.dy / s) }
}

/// A coordinate axis: x to the right, y down (screen coordinates).
public enum Axis: String, Sendable, CaseIterable {
    case x, y
}

extension Point {
    /// The coordinate along `axis`.
    @inline(__always) public subscript(axis: Axis) -> Double { axis == .x ? x : y }
}

extension Vector {
    /// The component along `axis`.
    @inline(__always) public subscript(axis: Axis) -> Double { axis == .x ? dx : dy }
}

/// Of `point(0)`, …, `point(count − 1)`, the one farthest from `origin` (the first of equals, and
/// `origin` itself when none is farther), with its distance: the axis of a straight Bézier or of
/// two straight pieces (the pair search asks it of every pair of segments). Chosen by squared
/// distances, with one hypot for the distance, where the largest square neither overflows nor
/// lies near underflow; else by hypot's distances.
func farthestPoint(from origin: Point, count: Int, _ point: (Int) -> Point) -> (point: Point, distance: Double) {
    func farthest(_ measure: (Point) -> Double) -> (Point, Double) {
        var far = origin, largest = 0.0
        for k in 0..<count {
            let p = point(k)
            let d = measure(p)
            if d > largest { (far, largest) = (p, d) }
        }
        return (far, largest)
    }
    let (far, square) = farthest { ($0 - origin).lengthSquared }
    if square >= Tolerance.safeSquareLow && square <= Tolerance.safeSquareHigh { return (far, far.distance(to: origin)) }
    return farthest { $0.distance(to: origin) }
}
