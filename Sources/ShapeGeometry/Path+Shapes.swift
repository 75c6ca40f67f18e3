/// Whole closed subpaths, built as the UIBezierPath initialisers build them, but exact: ovals and
/// circles are arcs, not cubic approximations. Each starts a new subpath (it never joins the
/// current point) and ends closed.
extension Path {
    /// A rectangle: starts at its top-left corner (x, y) and runs clockwise on screen, as
    /// UIBezierPath(rect:). Negative sizes are standardised as CGRect does.
    public mutating func addRect(x: Double, y: Double, width: Double, height: Double) throws(GeometryError) {
        try Path.checkNumbers([x, y, width, height], ["x", "y", "width", "height"])
        let r = Rect(x: x, y: y, width: width, height: height)
        try allOrNothing { (p: inout Path) throws(GeometryError) in
            try p.move(to: Point(r.minX, r.minY))
            try p.line(to: Point(r.maxX, r.minY))
            try p.line(to: Point(r.maxX, r.maxY))
            try p.line(to: Point(r.minX, r.maxY))
            p.close()
        }
    }

    /// The ellipse inscribed in the rectangle, as one exact elliptical arc: starts at the
    /// rightmost point (angle 0) and runs clockwise on screen.
    public mutating func addOval(x: Double, y: Double, width: Double, height: Double) throws(GeometryError) {
        try Path.checkNumbers([x, y, width, height], ["x", "y", "width", "height"])
        let r = Rect(x: x, y: y, width: width, height: height)
        let arc = Arc(
            center: r.center, u: Vector(r.width / 2, 0), v: Vector(0, r.height / 2),
            startAngle: 0, sweep: fullTurn)
        try addClosedArc(arc)
    }

    /// A full circle of radius `r` about (cx, cy), as one exact arc: starts at the rightmost point
    /// and runs clockwise on screen.
    public mutating func addCircle(center: Point, radius: Double) throws(GeometryError) {
        try Path.check(center, "center")
        guard radius.isFinite else { throw .nonFinite(argument: "radius") }
        guard radius >= 0 else { throw .negativeRadius }
        try addClosedArc(Arc(center: center, radius: radius, startAngle: 0, sweep: fullTurn))
    }

    /// A rectangle with circular corners of radius `cornerRadius` (clamped to half the shorter
    /// side, as UIKit does): starts where the top edge leaves the top-left corner, (x + r, y), and
    /// runs clockwise on screen: top edge, top-right corner, right edge, and so on, closed.
    public mutating func addRoundedRect(
        x: Double, y: Double, width: Double, height: Double,
        cornerRadius: Double
    ) throws(GeometryError) {
        try Path.checkNumbers([x, y, width, height, cornerRadius], ["x", "y", "width", "height", "radius"])
        guard cornerRadius >= 0 else { throw .negativeRadius }
        let b = Rect(x: x, y: y, width: width, height: height)
        let r = Swift.min(cornerRadius, b.width / 2, b.height / 2)
        let quarter = Double.pi / 2
        let corners = [
            (Point(b.maxX - r, b.minY + r), -quarter), (Point(b.maxX - r, b.maxY - r), 0),
            (Point(b.minX + r, b.maxY - r), quarter), (Point(b.minX + r, b.minY + r), 2 * quarter),
        ]
        try allOrNothing { (p: inout Path) throws(GeometryError) in
            try p.move(to: Point(b.minX + r, b.minY))
            for (center, start) in corners {
                try p.append(arc: Arc(center: center, radius: r, startAngle: start, sweep: quarter))
            }
            p.close()
        }
    }

    private mutating func addClosedArc(_ arc: Arc) throws(GeometryError) {
        guard arc.start.isFinite, arc.center.isFinite else { throw .nonFiniteResult }
        try allOrNothing { (p: inout Path) throws(GeometryError) in
            try p.move(to: arc.start)
            try p.append(arc: arc)
            p.close()
        }
    }

    /// Runs `build` on the path itself; if it throws, takes back what it appended (`truncate`
    /// restores lengths, bounds and index exactly). No copy of the path: a copy per shape made a
    /// script of many shapes quadratic (80,000 circles in one block took 136 s).
    mutating func allOrNothing(_ build: (inout Path) throws(GeometryError) -> Void) throws(GeometryError) {
        let count = elements.count
        do { try build(&self) } catch {
            truncate(to: count)
            throw error
        }
    }

    static func checkNumbers(_ values: [Double], _ names: [String]) throws(GeometryError) {
        for (v, n) in zip(values, names) where !v.isFinite { throw .nonFinite(argument: n) }
    }
}
