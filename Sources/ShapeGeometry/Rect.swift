/// An axis-aligned rectangle given by its extremes, in screen coordinates (y down).
///
/// `Rect` is always standardised (min ≤ max); `init(x:y:width:height:)` accepts negative sizes and
/// standardises them as `CGRect.standardized` does.
public struct Rect: Hashable, Sendable {
    /// The smallest x.
    public var minX: Double
    /// The smallest y.
    public var minY: Double
    /// The largest x.
    public var maxX: Double
    /// The largest y.
    public var maxY: Double

    /// The rectangle spanned by two corners, in any order.
    @inlinable public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = Swift.min(minX, maxX); self.maxX = Swift.max(minX, maxX)
        self.minY = Swift.min(minY, maxY); self.maxY = Swift.max(minY, maxY)
    }

    /// The rectangle with origin (x, y) and size (width, height); negative sizes are standardised.
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    /// The degenerate rectangle holding one point.
    @inlinable public init(point p: Point) { minX = p.x; maxX = p.x; minY = p.y; maxY = p.y }

    /// The smallest rectangle holding every point of `points`, or `nil` for an empty sequence.
    public init?<S: Sequence>(enclosing points: S) where S.Element == Point {
        var it = points.makeIterator()
        guard let first = it.next() else { return nil }
        var r = Rect(point: first)
        while let p = it.next() { r.include(p) }
        self = r
    }

    /// maxX − minX.
    public var width: Double { maxX - minX }
    /// maxY − minY.
    public var height: Double { maxY - minY }
    /// The x in the middle.
    public var midX: Double { (minX + maxX) / 2 }
    /// The y in the middle.
    public var midY: Double { (minY + maxY) / 2 }
    /// The middle point.
    public var center: Point { Point(midX, midY) }

    /// Grows the rectangle to hold `p`.
    @inlinable public mutating func include(_ p: Point) {
        if p.x < minX { minX = p.x }
        if p.x > maxX { maxX = p.x }
        if p.y < minY { minY = p.y }
        if p.y > maxY { maxY = p.y }
    }

    /// The smallest rectangle holding both.
    @inlinable public func union(_ o: Rect) -> Rect {
        Rect(
            minX: Swift.min(minX, o.minX), minY: Swift.min(minY, o.minY),
            maxX: Swift.max(maxX, o.maxX), maxY: Swift.max(maxY, o.maxY))
    }

    /// True when `p` lies inside or on the edge.
    @inlinable public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    /// The square of the distance from `p` to the nearest point of the rectangle (0 inside).
    @inlinable public func distanceSquared(to p: Point) -> Double {
        let dx = p.x < minX ? minX - p.x : (p.x > maxX ? p.x - maxX : 0)
        let dy = p.y < minY ? minY - p.y : (p.y > maxY ? p.y - maxY : 0)
        return dx * dx + dy * dy
    }

    /// The distance from `p` to the nearest point of the rectangle (0 inside), without overflow
    /// or underflow.
    @inlinable public func distance(to p: Point) -> Double {
        let dx = p.x < minX ? minX - p.x : (p.x > maxX ? p.x - maxX : 0)
        let dy = p.y < minY ? minY - p.y : (p.y > maxY ? p.y - maxY : 0)
        return Vector(dx, dy).quickLength
    }
}

extension Rect {
    /// Every edge and the size are finite (a box wider than the largest double is not).
    public var isFinite: Bool {
        minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite && (maxX - minX).isFinite && (maxY - minY).isFinite
    }
}
