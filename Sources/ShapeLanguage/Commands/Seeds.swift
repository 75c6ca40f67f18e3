import ShapeGeometry

// The seeds' constructions (the sticky badge of seed 001, the wander of 002), and paths drawn
// from SVG data and from path values (svg, draw).
// Each command's row (what the language knows of it) and its handler (what it does).

extension CommandTable {
    static let stickyBreak = OptionalNumberOption("break", value: "b", "the radius below which the bridge breaks (default r0/2)")
    static let stickyRelease = FlagOption("release", "the finger lifted: spring back to rest")
    static let wanderSeed = OptionalNumberOption("seed", value: "n", "the random seed (default: a new one each time, reported)")
    static let wanderWithin = BoxOption("within", "the safe area (default 0 0 375 667)", default: [0, 0, 375, 667])
    static let wanderFrom = PointOption("from", "the start point (default 80 517)", default: Point(80, 517))

    static let seeds: [CommandSpec] = [
        CommandSpec(
            name: "sticky", parameters: ["x0", "y0", "r0", "x", "y", "r"],
            keywords: [
                stickyBreak.spec, stickyRelease.spec,
            ],
            group: .path, cost: .unit, isQuery: false,
            summary: "seed 001: a fixed circle, a dragged circle and the gooey bridge between them",
            example: "sticky 160 60 20 200 160 20", run: { (i, inv) throws(Diagnostic) in try i.stickyCommand(inv) }),
        CommandSpec(
            name: "wander", parameters: ["duration", "speed"], optionalCount: 1,
            keywords: [
                wanderSeed.spec, wanderWithin.spec, wanderFrom.spec,
            ],
            group: .path, cost: .unit, isQuery: false,
            summary: "seed 002: a random smooth curve of tangent arcs, duration × speed long (speed 15)",
            example: "wander 60 seed 7", run: { (i, inv) throws(Diagnostic) in try i.wanderCommand(inv) }),
        CommandSpec(
            name: "svg", parameters: ["\"data\""], group: .path, cost: .unit, isQuery: false,
            summary: "append SVG path data (M L H V C S Q T A Z, absolute and relative); arcs stay exact",
            example: "svg \"M 10 10 h 80 a 20 20 0 0 1 20 20 v 40 Z\"", takesText: true, run: { (i, inv) throws(Diagnostic) in try i.svgCommand(inv) }
        ),
        CommandSpec(
            name: "draw", parameters: ["p"], group: .path, cost: .unit, isQuery: false,
            summary: "append the subpaths of path value p (from path() or a function), exactly as they are",
            example: "draw path()", takesText: true, run: { (i, inv) throws(Diagnostic) in try i.drawCommand(inv) }),
    ]
}

extension Interpreter {
    /// `sticky`.
    func stickyCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        let breakRadius = inv[CommandTable.stickyBreak] ?? n[2] / 2
        guard n[2] >= 0, n[5] >= 0, breakRadius >= 0 else { throw error(.negativeRadius, inv.range) }
        var badge = StickyBadge(
            fixedCenter: inv.point(0), restRadius: n[2], draggedCenter: inv.point(3),
            draggedRadius: n[5], breakRadius: breakRadius)
        badge.brokenEarlier = state.stickyBroken
        if inv[CommandTable.stickyRelease] { badge = badge.released() }
        let shape: Path
        do { shape = try badge.path(accuracy: path.accuracy) } catch { throw diagnose(error, inv) }
        guard badge.fixedRadius.isFinite, badge.distance.isFinite else { throw error(.nonFiniteResult, inv.range) }
        try replacePath(with: shape, at: inv.range)
        state.pivot = nil
        state.stickyBroken = badge.isBroken
        let released = inv[CommandTable.stickyRelease]
        state.sticky = StickyTouch(
            fixed: inv.point(0), restRadius: n[2], dragged: released ? inv.point(0) : inv.point(3), draggedRadius: n[5], breakRadius: breakRadius)
        report("sticky", .sticky(radius: badge.fixedRadius, distance: badge.distance, broken: badge.isBroken, length: path.length))
    }

    /// `wander`.
    func wanderCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        let duration = n[0], speed = n.count > 1 ? n[1] : 15
        guard duration >= 0, speed >= 0 else { throw error(.negativeDuration, inv.range) }
        let w = inv[CommandTable.wanderWithin]!  // defaults from the table
        let from = inv[CommandTable.wanderFrom]!  // a default from the table
        // Without `seed`, a new curve each time, as the seed's app draws; the report names the
        // seed so that any run can be drawn again.
        let seed = inv[CommandTable.wanderSeed] ?? Double(UInt64.random(in: 1...999_999))
        guard seed < Magnitude.seedLimit, let seedNumber = UInt64(exactly: seed) else { throw error(.notAnInteger("the seed"), inv.range) }
        var random = SeededRandom(seed: seedNumber)
        let arcs: [Arc]
        do {
            arcs = try Wander.arcs(
                length: duration * speed, start: from, area: Rect(x: w[0], y: w[1], width: w[2], height: w[3]),
                random: &random, arcLimit: Swift.min(1_000_000, limits.pathElements))
        } catch {
            if case .nonFiniteResult = error { throw self.error(.areaTooSmall, inv.range) }
            throw diagnose(error, inv)
        }
        try charge(arcs.count, inv.range)
        state.wanderSeconds = duration
        let lengthBefore = path.length, countBefore = path.elements.count
        try draw(inv, quietly: true) { (p: inout Path) throws(GeometryError) in
            try p.move(to: arcs[0].start)
            for a in arcs { try p.append(arc: a) }
        }
        report(
            "wander",
            .wander(
                arcs: arcs.count, to: path.currentPoint!, segment: added(since: countBefore, lengthBefore), length: path.length, seed: seedNumber))
    }

    /// `svg "data"`.
    func svgCommand(_ inv: Invocation) throws(Diagnostic) {
        let argument = inv.arguments[0]
        guard case .string(let data) = try evaluate(argument) else { throw error(.notAString("the path data"), argument.range) }
        try importSVG(data, argument: argument, range: inv.range)
    }

    /// `draw p`: appends the subpaths of path value p, exactly as they are.
    func drawCommand(_ inv: Invocation) throws(Diagnostic) {
        let other = try pathArgument(inv.arguments[0], "what 'draw' draws", inv, costPerElement: WorkCost.visitCost)
        // Before a single element is copied: a path drawn onto itself doubles each time.
        guard path.elements.count + other.elements.count <= limits.pathElements else {
            throw error(.elementLimit(limits.pathElements), inv.range)
        }
        try draw(inv) { (p: inout Path) throws(GeometryError) in try p.append(contentsOf: other) }
    }
}

// What the seeds' constructions report.
extension Wording {
    static func sticky(_ wanted: Wanted, _ command: String, radius: Double, distance: Double, broken: Bool, length: Double) -> Wording {
        Wording(
            wanted, "\(command): fixed radius \(radius), distance \(distance), \(broken ? "broken (until release)" : "joined"), length \(length)",
            [("radius", .number(radius)), ("distance", .number(distance)), ("broken", .bool(broken)), ("length", .number(length))])
    }

    static func wander(_ wanted: Wanted, _ command: String, arcs: Int, to: Point, segment: Double, length: Double, seed: UInt64) -> Wording {
        Wording(
            wanted, "\(command): \(arcs) arc\(plural(arcs)) to \(to), segment \(segment), length \(length), seed \(seed)",
            [("arcs", .integer(arcs)), ("to", .pair(to)), ("segment", .number(segment)), ("length", .number(length)), ("seed", .unsigned(seed))])
    }
}
