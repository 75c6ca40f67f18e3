import ShapeGeometry

// Track points and the handle (seed 000): dash, handle, drag, snap; and setpoint, which the
// workbench's point drags run.
// Each command's row (what the language knows of it) and its handler (what it does).

extension CommandTable {
    /// `dash`'s and `dashes`'s phase.
    static let dashPhase = NumberOption("phase", value: "p", "start this far into the pattern", default: 0)
    static let dragTo = PointOption("to", "drag toward the point (x, y)")
    static let dragBy = PointOption("by", values: ["dx", "dy"], "move the drag target by (dx, dy)")

    static let trackPoints: [CommandSpec] = [
        CommandSpec(
            name: "dash", parameters: ["on", "off"], variadic: .lengths,
            keywords: [dashPhase.spec],
            group: .track, cost: .unit, isQuery: false,
            summary: "compute the track points: the ends of every dash of the pattern",
            example: "dash 1 1", run: { (i, inv) throws(Diagnostic) in try i.dashCommand(inv) }),
        CommandSpec(
            name: "handle", parameters: ["i"], optionalCount: 1, group: .track, cost: .unit, isQuery: false, functionForm: true,
            summary: "show the handle, or put it on track point i (wrapping)", example: "handle 10",
            run: { (i, inv) throws(Diagnostic) in try i.handleCommand(inv) }),
        CommandSpec(
            name: "drag", parameters: [],
            keywords: [
                dragTo.spec, dragBy.spec,
            ],
            optionGroups: [oneOf("to", "by")], group: .track, cost: .unit, isQuery: false,
            summary: "slide the handle along the track points toward a target",
            example: "drag to 200 300", run: { (i, inv) throws(Diagnostic) in try i.dragCommand(inv) }),
        CommandSpec(
            name: "setpoint", parameters: ["i", "k", "x", "y"], group: .path, cost: .perElement(WorkCost.elementCost), isQuery: false,
            summary:
                "move point k of element i to (x, y): an anchor moves for both elements that share it; an arc's points are centre, start, end, radius",
            example: "setpoint 1 0 50 20", run: { (i, inv) throws(Diagnostic) in try i.setpointCommand(inv) }),
        CommandSpec(
            name: "snap", parameters: ["x", "y"], group: .track, cost: .unit, isQuery: false,
            summary: "jump the handle to the track point nearest (x, y)", example: "snap 80 120",
            run: { (i, inv) throws(Diagnostic) in try i.snapCommand(inv) }),
    ]
}

extension Interpreter {
    /// `dash`.
    func dashCommand(_ inv: Invocation) throws(Diagnostic) {
        let pattern: DashPattern
        do { pattern = try DashPattern(inv.numbers, phase: inv[CommandTable.dashPhase]) } catch { throw diagnose(error, inv) }
        let previous = state.dash, previousCache = trackCache
        state.dash = pattern
        state.dashGiven = true
        trackCache = nil
        do {
            let points = try trackPoints(inv.range)  // keeps the handle's index, wrapped
            current.changed = true
            report("dash", .dash(count: points.count))
        } catch {
            state.dash = previous
            trackCache = previousCache
            throw error
        }
    }

    /// `handle`.
    func handleCommand(_ inv: Invocation) throws(Diagnostic) {
        state.handlePlaced = true
        let n = inv.numbers
        let points = try trackPoints(inv.range)
        if n.isEmpty { return handleReport("handle", points, query: true) }
        guard n[0] == n[0].rounded() else { throw error(.notAnInteger("the handle index"), inv.ranges[0]) }
        guard abs(n[0]) < Magnitude.largestWhole else { throw error(.integerTooLarge("the handle index"), inv.ranges[0]) }
        state.handle.jump(to: Int(saturating: n[0]), count: points.count)
        current.changed = true
        handleReport("handle", points)
    }

    /// `drag`.
    func dragCommand(_ inv: Invocation) throws(Diagnostic) {
        state.handlePlaced = true
        let points = try trackPoints(inv.range)
        // The table's option group makes exactly one of `to` and `by` present.
        if let to = inv[CommandTable.dragTo] {
            state.handle.follow(toward: to, in: points)
        } else if let by = inv[CommandTable.dragBy] {
            state.handle.follow(by: Vector(by.x, by.y), in: points)
        }
        if let t = state.handle.target, !t.isFinite { throw error(.nonFiniteResult, inv.range) }
        current.changed = true
        handleReport("drag", points)
    }

    /// `setpoint i k x y`: point k of element i, as `elements` writes it, moved to (x, y), with
    /// the anchors it shares (`Path.movingPoint`); reported like a drawing command, with where
    /// the point landed (an anchor on an arc lands on its circle) and the element's length.
    func setpointCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        guard n[0] == n[0].rounded() else { throw error(.notAnInteger("the element index"), inv.ranges[0]) }
        guard n[0] >= 0, n[0] < Double(path.elements.count) else { throw error(.noSuchElement(n[0], count: path.elements.count), inv.ranges[0]) }
        let i = Int(saturating: n[0])
        let count = path.pointCount(ofElement: i)
        guard n[1] == n[1].rounded() else { throw error(.notAnInteger("the point index"), inv.ranges[1]) }
        guard n[1] >= 0, n[1] < Double(count) else { throw error(.noSuchPoint(element: i, point: n[1], count: count), inv.ranges[1]) }
        let k = Int(saturating: n[1])
        let moved: Path
        do { moved = try path.movingPoint(ofElement: i, k, to: inv.point(2)) } catch {
            switch error {
            case .noSuchPoint(_, let c): throw self.error(.noSuchPoint(element: i, point: n[1], count: c), inv.ranges[1])
            case .arcsWouldPart(let a, let b): throw self.error(.arcsWouldPart(element: a, other: b), inv.range)
            case .pointArc: throw self.error(.pointArc(i), inv.range)
            case .geometry(let g): throw diagnose(g, inv)
            }
        }
        try replacePath(with: moved, at: inv.range)
        report("setpoint", .path(to: path.point(ofElement: i, k) ?? inv.point(2), segment: path.length(ofElement: i), length: path.length))
    }

    /// `snap`.
    func snapCommand(_ inv: Invocation) throws(Diagnostic) {
        state.handlePlaced = true
        let points = try trackPoints(inv.range)
        try charge(points.count, inv.range)
        state.handle.snap(to: inv.point(0), in: points)
        current.changed = true
        handleReport("snap", points)
    }
}

// What the track points' commands report.
extension Wording {
    /// `dash`: how many track points the pattern makes.
    static func dash(_ wanted: Wanted, _ command: String, count: Int) -> Wording {
        Wording(wanted, "\(command): \(count) point\(plural(count))", [("count", .integer(count))])
    }

    /// A command that moves the handle (`drag`, `handle i`), or the query `handle`, which names
    /// itself `handle` whatever called it: the index, and the point while there are track points.
    static func handle(_ wanted: Wanted, _ command: String, index: Int, point: Point?, query: Bool) -> Wording {
        let at: Line = point.map { " at \($0)" } ?? " (no track points)"
        let json: JSON = .object([("index", .integer(index)), ("x", .numberOrNull(point?.x)), ("y", .numberOrNull(point?.y))])
        let value = query ? point.map { Value.record(Record(["index": .number(Double(index)), "x": .number($0.x), "y": .number($0.y)])) } : nil
        return Wording(wanted, query ? "handle: \(index)\(at)" : "\(command): handle \(index)\(at)", [("handle", json)], value: value)
    }
}
