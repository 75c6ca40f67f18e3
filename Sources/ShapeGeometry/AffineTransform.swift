/// An affine map of the plane, laid out as CGAffineTransform is:
///
///     [ a   b   0 ]
///     [ c   d   0 ]        (x', y', 1) = (x, y, 1) · M
///     [ tx  ty  1 ]
///
/// so x' = a·x + c·y + tx and y' = b·x + d·y + ty. Coordinates are screen coordinates (y down),
/// so a positive rotation angle turns **clockwise on screen**, as in UIKit.
///
/// Composition follows CGAffineTransform: `t1.concatenating(t2)` applies `t1` first, then `t2`
/// (the matrix product t1 · t2 in the row-vector convention above).
public struct AffineTransform: Hashable, Sendable {
    /// The x scale part (as CGAffineTransform: x′ = a·x + c·y + tx).
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// The transform with these six entries, in CGAffineTransform's order.
    @inlinable public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (dx, dy).
    public static func translation(_ dx: Double, _ dy: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: dx, ty: dy)
    }

    /// A scale by (sx, sy) about `center` (the origin by default).
    public static func scale(_ sx: Double, _ sy: Double, about center: Point = .zero) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: center.x - sx * center.x, ty: center.y - sy * center.y)
    }

    /// A rotation by `angle` radians about `center` (the origin by default); positive angles turn
    /// clockwise on screen (y down), as CGAffineTransform(rotationAngle:) does in UIKit.
    public static func rotation(_ angle: Double, about center: Point = .zero) -> AffineTransform {
        let cs = cosine(angle), sn = sine(angle)
        // Rotate about the origin, then move the origin to the centre.
        return AffineTransform(
            a: cs, b: sn, c: -sn, d: cs,
            tx: center.x - (cs * center.x - sn * center.y),
            ty: center.y - (sn * center.x + cs * center.y))
    }

    /// `self` followed by `other` (CGAffineTransformConcat(self, other)).
    public func concatenating(_ o: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * o.a + b * o.c, b: a * o.b + b * o.d,
            c: c * o.a + d * o.c, d: c * o.b + d * o.d,
            tx: tx * o.a + ty * o.c + o.tx, ty: tx * o.b + ty * o.d + o.ty)
    }

    /// The determinant a·d − b·c of the linear part; negative for a reflection.
    public var determinant: Double { a * d - b * c }

    /// The inverse transform, or `nil` when the transform is singular or not finite.
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineTransform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// True when every coefficient is finite.
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The image of a point.
    @inlinable public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The image of a vector (the linear part only; translation does not move vectors).
    @inlinable public func apply(_ v: Vector) -> Vector {
        Vector(a * v.dx + c * v.dy, b * v.dx + d * v.dy)
    }
}
