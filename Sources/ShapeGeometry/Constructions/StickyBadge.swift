/// Seed 001, the "sticky" drag badge: a fixed circle and a dragged circle joined by a gooey
/// bridge of two quadratic curves.
///
/// As the dragged circle moves away, the fixed circle shrinks to r₀ − d/20 (d the distance
/// between the centres). The bridge runs through six key points: with sin = (x₂ − x₁)/d and
/// cos = (y₁ − y₂)/d,
///
///     A = c₁ − (cos·r₁, sin·r₁)     B = c₁ + (cos·r₁, sin·r₁)     (across the fixed circle)
///     D = c₂ − (cos·r₂, sin·r₂)     C = c₂ + (cos·r₂, sin·r₂)     (across the dragged circle)
///     O = A + (d/2)·(sin, −cos)     P = B + (d/2)·(sin, −cos)     (the control points)
///
/// and is drawn move A, quad (O) to D, line to C, quad (P) to B, close. When the shrunken radius
/// falls below the break radius, the bridge and the fixed circle are gone.
public struct StickyBadge: Sendable, Equatable {
    /// The centre of the badge that stays put.
    public var fixedCenter: Point
    /// The fixed circle's radius at rest.
    public var restRadius: Double
    /// The centre of the circle being dragged.
    public var draggedCenter: Point
    /// The radius of the circle being dragged.
    public var draggedRadius: Double
    /// Below this shrunken radius the bridge breaks.
    public var breakRadius: Double

    public init(fixedCenter: Point, restRadius: Double, draggedCenter: Point, draggedRadius: Double, breakRadius: Double) {
        self.fixedCenter = fixedCenter; self.restRadius = restRadius
        self.draggedCenter = draggedCenter; self.draggedRadius = draggedRadius; self.breakRadius = breakRadius
    }

    /// The distance between the two centres.
    public var distance: Double { fixedCenter.distance(to: draggedCenter) }
    /// The fixed circle's radius: shrunken to r₀ − d/20 while the bridge holds, and 0 once it
    /// has broken (the fixed circle is gone, as the seed hides its view): never negative.
    public var fixedRadius: Double { isBroken ? 0 : shrunkenRadius }
    /// r₀ − d/20, which the seed compares with the break radius (negative far enough away).
    var shrunkenRadius: Double { restRadius - distance / 20 }
    /// True when the shrunken radius is below the break radius.
    public var isBroken: Bool { shrunkenRadius < breakRadius || brokenEarlier }
    /// The bridge broke earlier in the same touch: as in the seed, it stays broken, however
    /// close the dragged circle comes back, until the touch ends (`released()`).
    public var brokenEarlier = false

    /// The six key points of the bridge, or `nil` when the centres coincide (no direction).
    public var keyPoints: (a: Point, b: Point, c: Point, d: Point, o: Point, p: Point)? {
        let dist = distance
        guard dist > 0 else { return nil }
        let sin = (draggedCenter.x - fixedCenter.x) / dist
        let cos = (fixedCenter.y - draggedCenter.y) / dist
        let r1 = shrunkenRadius, r2 = draggedRadius
        let c1 = fixedCenter, c2 = draggedCenter
        let a = Point(c1.x - cos * r1, c1.y - sin * r1)
        let b = Point(c1.x + cos * r1, c1.y + sin * r1)
        let d = Point(c2.x - cos * r2, c2.y - sin * r2)
        let c = Point(c2.x + cos * r2, c2.y + sin * r2)
        let p = Point(b.x + dist / 2 * sin, b.y - dist / 2 * cos)
        let o = Point(a.x + dist / 2 * sin, a.y - dist / 2 * cos)
        return (a, b, c, d, o, p)
    }

    /// The badge while dragging: the shrunken fixed circle and the bridge (unless broken), then
    /// the dragged circle, as closed subpaths in that order.
    public func path(accuracy: Double = defaultArcLengthAccuracy) throws(GeometryError) -> Path {
        var path = Path(accuracy: accuracy)
        if !isBroken {
            try path.addCircle(center: fixedCenter, radius: fixedRadius)
            if let k = keyPoints {
                try path.move(to: k.a)
                try path.quad(control: k.o, to: k.d)
                try path.line(to: k.c)
                try path.quad(control: k.p, to: k.b)
                path.close()
            }
        }
        try path.addCircle(center: draggedCenter, radius: draggedRadius)
        return path
    }

    /// After release: the dragged circle springs back onto the fixed one, which regains its
    /// rest radius.
    public func released() -> StickyBadge {
        var badge = self
        badge.draggedCenter = fixedCenter
        badge.brokenEarlier = false
        return badge
    }
}
