import ShapeGeometry

// Drawing: moves, lines, curves, arcs, the shapes, and clear.
// Each command's row (what the language knows of it) and its handler (what it does).

extension CommandTable {
    static let throughCubic = FlagOption("cubic", "a cubic, its tangent at (bx, by) parallel to the line from start to end")
    static let arcClockwise = FlagOption("cw", "increasing angle, clockwise on screen (the default)")
    static let arcCounterClockwise = FlagOption("ccw", "decreasing angle, counter-clockwise on screen")

    static let drawing: [CommandSpec] = [
        CommandSpec(
            name: "move", parameters: ["x", "y"], group: .path, cost: .unit, isQuery: false,
            summary: "start a new subpath at (x, y)", example: "move 10 20", run: { (i, inv) throws(Diagnostic) in try i.moveCommand(inv) }),
        CommandSpec(
            name: "line", parameters: ["x", "y"], group: .path, cost: .unit, isQuery: false,
            summary: "straight segment to (x, y)", example: "line 100 20", run: { (i, inv) throws(Diagnostic) in try i.lineCommand(inv) }),
        CommandSpec(
            name: "quad", parameters: ["cx", "cy", "x", "y"], group: .path, cost: .units(4), isQuery: false,
            summary: "quadratic Bézier with control point (cx, cy) to (x, y)", example: "quad 50 0 100 50",
            run: { (i, inv) throws(Diagnostic) in try i.quadCommand(inv) }),
        CommandSpec(
            name: "through", parameters: ["bx", "by", "x", "y"],
            keywords: [throughCubic.spec],
            group: .path, cost: .unit, isQuery: false,
            summary: "a quadratic (or cubic) from the current point through (bx, by) to (x, y), as the Primer builds it from three points",
            example: "through 50 -20 100 0", run: { (i, inv) throws(Diagnostic) in try i.throughCommand(inv) }),
        CommandSpec(
            name: "catmull", parameters: ["x", "y"], variadic: .coordinatePairs,
            keywords: [catmullTension.spec],
            group: .path, cost: .perElement(0), isQuery: false,
            summary: "a Catmull-Rom spline from the current point through the given points, drawn as cubics (the Primer's conversion)",
            example: "catmull 50 0 100 50 150 0", run: { (i, inv) throws(Diagnostic) in try i.catmullCommand(inv) }),
        CommandSpec(
            name: "curve", parameters: ["c1x", "c1y", "c2x", "c2y", "x", "y"], group: .path, cost: .units(8), isQuery: false,
            summary: "cubic Bézier with control points c1 and c2 to (x, y)", example: "curve 30 0 70 100 100 50",
            run: { (i, inv) throws(Diagnostic) in try i.curveCommand(inv) }),
        CommandSpec(
            name: "arc", parameters: ["cx", "cy", "r", "start", "end"],
            keywords: [
                arcClockwise.spec, arcCounterClockwise.spec,
            ],
            optionGroups: [exclusive("cw", "ccw")], group: .path, cost: .units(8), isQuery: false,
            summary: "circular arc about (cx, cy); joined to the current point by a line",
            example: "arc 160 126.9 80 45deg -225deg ccw", run: { (i, inv) throws(Diagnostic) in try i.arcCommand(inv) }),
        CommandSpec(
            name: "close", parameters: [], group: .path, cost: .unit, isQuery: false,
            summary: "straight segment back to the subpath's start", example: "close", run: { (i, inv) throws(Diagnostic) in try i.closeCommand(inv) }
        ),
        CommandSpec(
            name: "rect", parameters: ["x", "y", "w", "h"], group: .path, cost: .unit, isQuery: false,
            summary: "closed rectangle from (x, y), clockwise", example: "rect 0 0 100 50",
            run: { (i, inv) throws(Diagnostic) in try i.rectCommand(inv) }),
        CommandSpec(
            name: "oval", parameters: ["x", "y", "w", "h"], group: .path, cost: .unit, isQuery: false,
            summary: "closed ellipse inscribed in the rectangle, exact", example: "oval 0 0 100 50",
            run: { (i, inv) throws(Diagnostic) in try i.ovalCommand(inv) }),
        CommandSpec(
            name: "circle", parameters: ["cx", "cy", "r"], group: .path, cost: .unit, isQuery: false,
            summary: "closed circle about (cx, cy), exact", example: "circle 50 50 25",
            run: { (i, inv) throws(Diagnostic) in try i.circleCommand(inv) }),
        CommandSpec(
            name: "roundrect", parameters: ["x", "y", "w", "h", "r"], group: .path, cost: .unit, isQuery: false,
            summary:
                "closed rectangle with circular corners of radius r (exact arcs: not the continuous corners of UIBezierPath(roundedRect:cornerRadius:))",
            example: "roundrect 0 0 200 120 30",
            run: { (i, inv) throws(Diagnostic) in try i.roundrectCommand(inv) }),
        CommandSpec(
            name: "clear", parameters: [], group: .path, cost: .unit, isQuery: false,
            summary: "empty the path (the handle goes too)", example: "clear", run: { (i, inv) throws(Diagnostic) in try i.clearCommand(inv) }),
    ]
}

extension Interpreter {
    /// `move`.
    func moveCommand(_ inv: Invocation) throws(Diagnostic) {
        try draw(inv) { (p: inout Path) throws(GeometryError) in try p.move(to: inv.point(0)) }
    }

    /// `line`.
    func lineCommand(_ inv: Invocation) throws(Diagnostic) {
        try draw(inv) { (p: inout Path) throws(GeometryError) in try p.line(to: inv.point(0)) }
    }

    /// `quad`.
    func quadCommand(_ inv: Invocation) throws(Diagnostic) {
        try draw(inv) { (p: inout Path) throws(GeometryError) in try p.quad(control: inv.point(0), to: inv.point(2)) }
    }

    /// `through bx by x y [cubic]`: the Primer's curve through three points.
    func throughCommand(_ inv: Invocation) throws(Diagnostic) {
        let b = inv.point(0), e = inv.point(2)
        let cubic = inv[CommandTable.throughCubic]
        if let s = path.currentPoint, b.isFinite, e.isFinite, Path.curveThrough(from: s, through: b, to: e, cubic: cubic) == nil {
            throw error(.throughAnEnd, inv.range)
        }
        try draw(inv) { (p: inout Path) throws(GeometryError) in
            guard let s = p.currentPoint, let (segment, _) = Path.curveThrough(from: s, through: b, to: e, cubic: cubic) else {
                // No current point, or numbers that are not finite: as `quad` says it.
                try p.quad(control: b, to: e)
                return
            }
            switch segment {
            case .quadratic(let q): try p.quad(control: q.p1, to: q.p2)
            case .cubic(let c): try p.curve(control1: c.p1, control2: c.p2, to: c.p3)
            case .line, .arc: break
            }
        }
    }

    /// `catmull x y ... [tension t]`: a Catmull-Rom spline through the points, as cubics.
    func catmullCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        guard !n.isEmpty, n.count % 2 == 0 else { throw error(.catmullPoints, inv.range) }
        let tension = inv[CommandTable.catmullTension]
        guard tension > 0, tension.isFinite else { throw error(.catmullTension, inv.range) }
        try charge(n.count / 2, inv.range)
        guard let start = path.currentPoint else { throw error(.noCurrentPoint("catmull"), inv.range) }
        let points = [start] + stride(from: 0, to: n.count, by: 2).map { Point(n[$0], n[$0 + 1]) }
        let cubics = Path.catmullRom(through: points, tension: tension)
        try draw(inv) { (p: inout Path) throws(GeometryError) in
            for c in cubics { try p.curve(control1: c.p1, control2: c.p2, to: c.p3) }
        }
    }

    /// `curve`.
    func curveCommand(_ inv: Invocation) throws(Diagnostic) {
        try draw(inv) { (p: inout Path) throws(GeometryError) in
            try p.curve(control1: inv.point(0), control2: inv.point(2), to: inv.point(4))
        }
    }

    /// `arc`.
    func arcCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        // Past 2^30 radians an angle's last bit is worth more than 1e-7: the sweep it names is noise.
        for k in [3, 4] where abs(n[k]) > Interpreter.largestAngle {
            throw error(.angleTooLarge(Interpreter.largestAngle), inv.ranges[k])
        }
        try draw(inv) { (p: inout Path) throws(GeometryError) in
            try p.arc(
                center: inv.point(0), radius: n[2], startAngle: n[3], endAngle: n[4],
                clockwise: !inv[CommandTable.arcCounterClockwise])
        }
    }

    /// `close`.
    func closeCommand(_ inv: Invocation) throws(Diagnostic) {
        try draw(inv) { (p: inout Path) throws(GeometryError) in p.close() }
    }

    /// `rect`.
    func rectCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        try draw(inv) { (p: inout Path) throws(GeometryError) in try p.addRect(x: n[0], y: n[1], width: n[2], height: n[3]) }
    }

    /// `oval`.
    func ovalCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        try draw(inv) { (p: inout Path) throws(GeometryError) in try p.addOval(x: n[0], y: n[1], width: n[2], height: n[3]) }
    }

    /// `circle`.
    func circleCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        try draw(inv) { (p: inout Path) throws(GeometryError) in try p.addCircle(center: inv.point(0), radius: n[2]) }
    }

    /// `roundrect`.
    func roundrectCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        try draw(inv) { (p: inout Path) throws(GeometryError) in
            try p.addRoundedRect(x: n[0], y: n[1], width: n[2], height: n[3], cornerRadius: n[4])
        }
    }

    /// `clear`.
    func clearCommand(_ inv: Invocation) throws(Diagnostic) {
        // The next drawing is likely to be about as long as this one (a font's glyphs, a
        // sketch redrawn): room for it at once, up to 4,096 elements, rather than lists grown from
        // nothing (about forty allocations for a glyph of forty elements).
        var fresh = Path()
        fresh.reserveCapacity(Swift.min(path.elements.count, 4_096))
        try replacePath(with: fresh, at: inv.range)
        // (Changed in a copy set once: each change of `state` copies it into a new snapshot.)
        var cleared = state
        cleared.handle = Handle()
        cleared.transform = .identity
        cleared.untransformed = nil
        cleared.pivot = nil
        // A new drawing is drawn and exported whole until its own `dash` (the pattern itself
        // stays, for the track points).
        cleared.dashGiven = false
        cleared.handlePlaced = false
        cleared.sticky = nil
        state = cleared
        report("clear", .cleared)
    }
}

// What drawing commands report.
extension Wording {
    /// Every drawing command: where the pen is now, the new segment's length and the path's.
    static func path(_ wanted: Wanted, _ command: String, to: Point, segment: Double, length: Double) -> Wording {
        Wording(
            wanted, "\(command): to \(to), segment \(segment, beside: length), length \(length)",
            [("to", .pair(to)), ("segment", .number(segment)), ("length", .number(length))])
    }

    /// `clear`.
    static func cleared(_ wanted: Wanted, _ command: String) -> Wording {
        Wording(wanted, "\(command): the path is empty", [("length", .integer(0))])
    }
}
