import ShapeGeometry

// Transforms of the whole path, and reset (seed 003).
// Each command's row (what the language knows of it) and its handler (what it does).

extension CommandTable {
    static let translateWithin = BoxOption("within", "keep the bounds inside this rectangle, axis by axis (seed 003)")

    static let transforms: [CommandSpec] = [
        CommandSpec(
            name: "translate", parameters: ["dx", "dy"],
            keywords: [translateWithin.spec],
            group: .transform, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "move the path by (dx, dy)", example: "translate 10 0 within 0 0 320 480",
            run: { (i, inv) throws(Diagnostic) in try i.translateCommand(inv) }),
        CommandSpec(
            name: "rotate", parameters: ["angle"], keywords: [about.spec], group: .transform, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "rotate the path (positive turns clockwise on screen)", example: "rotate 30deg about 0 0",
            run: { (i, inv) throws(Diagnostic) in try i.rotateCommand(inv) }),
        CommandSpec(
            name: "scale", parameters: ["s", "sy"], optionalCount: 1, keywords: [about.spec], group: .transform,
            cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "scale the path by s (or s and sy); arcs stay exact", example: "scale 2 0.5",
            run: { (i, inv) throws(Diagnostic) in try i.scaleCommand(inv) }),
        CommandSpec(
            name: "reset", parameters: [], group: .transform, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "undo every transform since the last reset (the seed's triple tap)", example: "reset",
            run: { (i, inv) throws(Diagnostic) in try i.resetCommand(inv) }),
    ]
}

extension Interpreter {
    /// `translate`.
    func translateCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        var dx = n[0], dy = n[1]
        if let w = inv[CommandTable.translateWithin], let b = path.bounds {
            // Seed 003: each axis on its own, so a move blocked on one still slides on the other.
            let area = Rect(x: w[0], y: w[1], width: w[2], height: w[3])
            guard area.isFinite else { throw error(.nonFinite("the 'within' rectangle"), inv.range) }
            dx = Swift.min(Swift.max(dx, area.minX - b.minX), area.maxX - b.maxX)
            dy = Swift.min(Swift.max(dy, area.minY - b.minY), area.maxY - b.maxY)
            if b.width > area.width { dx = 0 }
            if b.height > area.height { dy = 0 }
        }
        try apply(.translation(dx, dy), inv)
        state.pivot = state.pivot.map { Point($0.x + dx, $0.y + dy) }
    }

    /// `rotate`.
    func rotateCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        guard abs(n[0]) <= Interpreter.largestAngle else { throw error(.angleTooLarge(Interpreter.largestAngle), inv.ranges[0]) }
        try apply(.rotation(n[0], about: try pivot(inv)), inv)
    }

    /// `scale`.
    func scaleCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        let sx = n[0], sy = n.count > 1 ? n[1] : n[0]
        guard sx != 0, sy != 0 else { throw error(.zeroScale, inv.range) }
        // A factor far from 1 in size drops the coordinates' digits (1e-320 is subnormal), so that
        // scaling back could not restore them: refused.
        for f in [sx, sy] where !(abs(f) >= Magnitude.smallestScale && abs(f) <= Magnitude.largestScale) { throw error(.scaleRange, inv.range) }
        try apply(.scale(sx, sy, about: try pivot(inv)), inv)
    }

    /// `reset`.
    func resetCommand(_ inv: Invocation) throws(Diagnostic) {
        if let original = state.untransformed {
            try replacePath(with: original, at: inv.range)
        } else if state.transform != .identity {
            guard let inverse = state.transform.inverted() else { throw error(.nonFiniteResult, inv.range) }
            let back: Path
            do { back = try path.transformed(by: inverse) } catch { throw diagnose(error, inv) }
            try replacePath(with: back, at: inv.range)
        }
        state.transform = .identity
        state.untransformed = nil
        state.pivot = nil
        current.changed = true
        report("reset", .transformed(path.bounds))
    }
}

// What transforms report.
extension Wording {
    /// The path's bounds after the transform.
    static func transformed(_ wanted: Wanted, _ command: String, _ bounds: Rect?) -> Wording {
        guard let b = bounds else { return Wording(wanted, "\(command): the path is empty", [("bounds", .null)]) }
        return Wording(wanted, "\(command): bounds \(box: b)", [("bounds", .box(b))])
    }
}
