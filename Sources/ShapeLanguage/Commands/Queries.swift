import ShapeGeometry

// Queries about the path: length, area, centroid, points, bounds, contains, winding, nearest,
// intersections, at, elements.
// Each command's row (what the language knows of it) and its handler (what it does).

extension CommandTable {
    static let queries: [CommandSpec] = [
        CommandSpec(
            name: "length", parameters: [], group: .query, cost: .unit, isQuery: true,
            summary: "total length of the path", example: "length", run: { (i, inv) throws(Diagnostic) in try i.lengthCommand(inv) }),
        CommandSpec(
            name: "area", parameters: [], group: .query, cost: .perElement(WorkCost.visitCost), isQuery: true,
            summary:
                "the area the outline encloses (Green's theorem, each subpath closed by a line to its start): clockwise on screen counts positive, counter-clockwise negative",
            example: "area", run: { (i, inv) throws(Diagnostic) in try i.areaCommand(inv) }),
        CommandSpec(
            name: "centroid", parameters: [], group: .query, cost: .perElement(WorkCost.visitCost), isQuery: true,
            summary:
                "the centre of the area the outline encloses (as area counts it): its first moments over its area; its figure marks it",
            example: "centroid", run: { (i, inv) throws(Diagnostic) in try i.centroidCommand(inv) }),
        CommandSpec(
            name: "points", parameters: [], group: .query, cost: .unit, isQuery: true,
            summary: "list the track points", example: "points", run: { (i, inv) throws(Diagnostic) in try i.pointsCommand(inv) }),
        CommandSpec(
            name: "bounds", parameters: [], group: .query, cost: .unit, isQuery: true,
            summary: "tight bounds of the exact geometry", example: "bounds", run: { (i, inv) throws(Diagnostic) in try i.boundsCommand(inv) }),
        CommandSpec(
            name: "contains", parameters: ["x", "y"],
            keywords: [evenOdd.spec],
            group: .query, cost: .units(20), isQuery: true,
            summary: "is (x, y) inside the path?", example: "contains 50 50", run: { (i, inv) throws(Diagnostic) in try i.containsCommand(inv) }),
        CommandSpec(
            name: "winding", parameters: ["x", "y"], group: .query, cost: .units(20), isQuery: true,
            summary:
                "the winding number of the path around (x, y), and what each fill rule makes of it (save ... figure draws the ray and its crossings)",
            example: "winding 50 50", run: { (i, inv) throws(Diagnostic) in try i.windingCommand(inv) }),
        CommandSpec(
            name: "nearest", parameters: ["x", "y"], group: .query, cost: .units(20), isQuery: true,
            summary: "nearest point of the path, its distance and arc-length position", example: "nearest 0 0",
            run: { (i, inv) throws(Diagnostic) in try i.nearestCommand(inv) }),
        CommandSpec(
            name: "intersections", parameters: ["a"], optionalCount: 1, group: .query, cost: .perElement(WorkCost.visitCost),
            isQuery: true,
            summary: "where the path crosses or touches itself, or path value a (points, arc lengths, overlaps)",
            example: "intersections", takesText: true, run: { (i, inv) throws(Diagnostic) in try i.intersectionsCommand(inv) }),
        CommandSpec(
            name: "at", parameters: ["s"], group: .query, cost: .unit, isQuery: true,
            summary: "point and tangent angle at arc length s", example: "at 100", run: { (i, inv) throws(Diagnostic) in try i.atCommand(inv) }),
        CommandSpec(
            name: "elements", parameters: [], group: .query, cost: .perElement(WorkCost.listingCost), isQuery: true,
            summary: "list the path's elements with their lengths", example: "elements",
            run: { (i, inv) throws(Diagnostic) in try i.elementsCommand(inv) }),
    ]
}

extension Interpreter {
    /// `length`.
    func lengthCommand(_ inv: Invocation) throws(Diagnostic) {
        report("length", .length(path.length))
    }

    /// `area`: the path's signed area (`Path.signedArea`: Green's theorem, each subpath closed
    /// by a line back to its start; clockwise on screen positive).
    func areaCommand(_ inv: Invocation) throws(Diagnostic) {
        report("area", .answer(.number(path.signedArea)))
    }

    /// `centroid`: `Path.centroid`, reported as a point; its figure marks it, with the area's
    /// sign in its label, and follows the path as every figure does.
    func centroidCommand(_ inv: Invocation) throws(Diagnostic) {
        guard !path.isEmpty else { throw error(.noPath("centroid"), inv.range) }
        guard let c = path.centroid else { throw error(.noArea, inv.range) }
        drawn = Figure(title: "centroid", marks: [.point(c, .mark, label: "centroid")])
        report("centroid", .answer(.point(c)))
    }

    /// `points`.
    func pointsCommand(_ inv: Invocation) throws(Diagnostic) {
        let points = try trackPoints(inv.range)
        try charge(WorkCost.listingCost * points.count, inv.range)
        report("points", .points(points))
    }

    /// `bounds`.
    func boundsCommand(_ inv: Invocation) throws(Diagnostic) {
        report("bounds", .bounds(path.bounds))
    }

    /// `contains`: charged by what the hit test looked at (a ray crossing a comb of a million
    /// teeth costs a million visits, a point beside a square a few).
    func containsCommand(_ inv: Invocation) throws(Diagnostic) {
        var visits = 0
        let inside = contains(inv.point(0), rule: inv[CommandTable.evenOdd] ? .evenOdd : .nonZero, visits: &visits)
        try charge(WorkCost.lookCost * visits, inv.range)
        report("contains", .contains(inside))
    }

    /// `winding x y`: how many times the path turns around (x, y), clockwise on screen counted
    /// positive, and what the fill rules make of it: nonzero fills where it is not 0, evenodd
    /// where it is odd, and a point on the outline is inside by both (as `contains` says). The
    /// figure is the lesson: a ray from the point to the right, each crossing marked +1 where the
    /// path goes down the screen through it and -1 where it goes up; they add up to the number.
    /// Worded here, as a report of its own (`.worded`): text, JSON fields and value.
    func windingCommand(_ inv: Invocation) throws(Diagnostic) {
        let p = inv.point(0)
        guard let box = path.bounds else { throw error(.noPath("winding"), inv.range) }
        var visits = 0
        let w = path.winding(at: p, visits: &visits)
        try charge(WorkCost.lookCost * visits, inv.range)
        let onOutline = path.isOnOutline(p)
        let nonzero = w != 0 || onOutline, evenodd = w & 1 != 0 || onOutline

        // The ray, past the path's right side, and the signed crossings on it.
        var marks: [Figure.Mark] = [.point(p, .mark, label: "winding \(w)")]
        if p.x <= box.maxX {
            let end = Point(box.maxX + 0.1 * Swift.max(box.width, box.height, 1), p.y)
            var ray = Path()
            let found: [PathIntersection], used: Int
            do throws(GeometryError) {
                try ray.move(to: p)
                try ray.line(to: end)
                (found, used) = try path.intersections(with: ray, budget: Swift.max(limits.statementWork - current.work, 0))
            } catch {
                throw diagnose(error, inv)
            }
            marks.append(.arrow(p, end, .construction))
            // Each crossing's sign is what it changes: the winding number just before it on the
            // ray less the one just after (so a graze is 0, two subpaths through one point ±2,
            // and the signs add up to the number at the point). Looked at a millionth of the
            // size away, or half way to the next crossing when that is nearer.
            var xs: [Double] = []
            for x in found.map({ $0.point.x }).stablySorted() where xs.last.map({ x > $0 }) ?? true { xs.append(x) }
            let reach = Swift.max(box.width, box.height) / 1_000_000
            try charge(used + WorkCost.listingCost * xs.count, inv.range)
            for (k, x) in xs.enumerated() {
                let before = k > 0 ? x - xs[k - 1] : x - p.x, after = k + 1 < xs.count ? xs[k + 1] - x : end.x - x
                let step = Swift.min(reach, 0.5 * before, 0.5 * after)
                guard step > 0 else { continue }  // the point itself, on the outline
                var looked = 0
                let change = path.winding(at: Point(x - step, p.y), visits: &looked) - path.winding(at: Point(x + step, p.y), visits: &looked)
                try charge(WorkCost.lookCost * looked, inv.range)
                marks.append(.point(Point(x, p.y), .mark, label: change == 0 ? "touch" : (change > 0 ? "+\(change)" : "\(change)")))
            }
        }
        drawn = Figure(
            title: "winding: a ray from the point; each crossing adds +1 where the path goes down through it, -1 where it goes up", marks: marks)

        func rule(_ inside: Bool) -> String { inside ? "inside" : "outside" }
        let rules = nonzero == evenodd ? "\(rule(nonzero)) by both rules" : "\(rule(nonzero)) by nonzero, \(rule(evenodd)) by evenodd"
        let text: Line = onOutline ? "winding: \(w), on the outline: \(rules)" : "winding: \(w), \(rules)"
        let value = Record([
            "winding": .number(Double(w)), "nonzero": .number(nonzero ? 1 : 0), "evenodd": .number(evenodd ? 1 : 0),
            "outline": .number(onOutline ? 1 : 0),
        ])
        let fields: [(name: String, json: JSON)] = [
            ("winding", .integer(w)), ("nonzero", .bool(nonzero)), ("evenodd", .bool(evenodd)), ("outline", .bool(onOutline)),
        ]
        report("winding", .worded(Wording(text: [text], fields: fields, value: .record(value)), requested: true))
    }

    /// `nearest`: charged by the index nodes and segments it looked at.
    func nearestCommand(_ inv: Invocation) throws(Diagnostic) {
        var visits = 0
        let found = path.nearest(to: inv.point(0), visits: &visits)
        try charge(WorkCost.lookCost * visits, inv.range)
        guard let (loc, d) = found else { throw error(.noPath("nearest"), inv.range) }
        let q = inv.point(0)
        drawn = Figure(
            title: "nearest to (\(NumberFormat.text(q.x, precision: 4)), \(NumberFormat.text(q.y, precision: 4)))",
            marks: [.polyline([q, loc.point], .query), .point(q, .query, label: nil), .point(loc.point, .query, label: nil)], layer: .nearest)
        report("nearest", .nearest(point: loc.point, distance: d, at: loc.position))
    }

    /// `intersections [a]`: where the path crosses or touches itself, or path value `a`.
    func intersectionsCommand(_ inv: Invocation) throws(Diagnostic) {
        guard !path.isEmpty else { throw error(.noPath("intersections"), inv.range) }
        let other = try inv.arguments.first.map { (a) throws(Diagnostic) in try pathArgument(a, "what 'intersections' meets", inv) }
        let left = Swift.max(limits.statementWork - current.work, 0)
        let (found, used): ([PathIntersection], Int)
        do throws(GeometryError) {
            if let other {
                (found, used) = try path.intersections(with: other, budget: left)
            } else {
                (found, used) = try path.selfIntersections(budget: left)
            }
        } catch {
            throw diagnose(error, inv)
        }
        try charge(used, inv.range)
        // Each one listed (or made a value of).
        try charge(WorkCost.listingCost * found.count, inv.range)
        drawn = Figure(title: "intersections", marks: found.map { .point($0.point, .mark, label: nil) })
        report("intersections", .intersections(found))
    }

    /// `at`.
    func atCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        let s = n[0]
        guard s >= 0 && s <= path.length else {
            throw error(.lengthRange(command: "at", length: path.length), inv.ranges[0])
        }
        guard let (loc, angle) = path.location(atLength: s) else { throw error(.noPath("at"), inv.range) }
        report("at", .at(point: loc.point, angle: angle))
    }

    /// `elements`.
    func elementsCommand(_ inv: Invocation) throws(Diagnostic) {
        var list: [ElementInfo] = []
        list.reserveCapacity(path.elements.count)
        for (i, e) in path.elements.enumerated() {
            let from: Point =
                switch e {
                case .move(let p): p
                case .segment(let s): s.start
                case .close(let l): l.p0
                }
            list.append(ElementInfo(index: i, element: e, from: from, length: path.length(ofElement: i)))
        }
        report("elements", .elements(list))
    }
}

// What the queries report.
extension Wording {
    /// `points`: the track points, one per line.
    static func points(_ wanted: Wanted, _ command: String, _ list: [Point]) -> Wording {
        // One line of pieces with breaks of its own: a list as long as the path, made only when
        // the text is wanted.
        func text() -> Line {
            var line: Line = "\(command): \(list.count)"
            line.pieces.reserveCapacity(1 + 2 * list.count)
            for (i, q) in list.enumerated() { line.pieces += [.words("\n  \(i): "), .point(q)] }
            return line
        }
        return Wording(
            wanted, text(), [("count", .integer(list.count)), ("points", .each(count: list.count) { .pair(list[$0]) })],
            value: .list(list.map(Value.point)))
    }

    static func length(_ wanted: Wanted, _ command: String, _ l: Double) -> Wording {
        Wording(wanted, "\(command): \(l)", [("length", .number(l))], value: .number(l))
    }

    static func bounds(_ wanted: Wanted, _ command: String, _ bounds: Rect?) -> Wording {
        guard let b = bounds else { return Wording(wanted, "\(command): the path is empty", [("bounds", .null)]) }
        let record = Record.numbers(["minX": b.minX, "minY": b.minY, "maxX": b.maxX, "maxY": b.maxY, "width": b.width, "height": b.height])
        return Wording(wanted, "\(command): \(box: b)", [("bounds", .box(b))], value: .record(record))
    }

    static func contains(_ wanted: Wanted, _ command: String, _ c: Bool) -> Wording {
        Wording(wanted, "\(command): \(c ? "true" : "false")", [("contains", .bool(c))], value: .number(c ? 1 : 0))
    }

    static func nearest(_ wanted: Wanted, _ command: String, point q: Point, distance d: Double, at s: Double) -> Wording {
        Wording(
            wanted, "\(command): \(q), distance \(d), at \(s)",
            [("nearest", .object([("x", .number(q.x)), ("y", .number(q.y)), ("distance", .number(d)), ("at", .number(s))]))],
            value: .record(Record.numbers(["x": q.x, "y": q.y, "distance": d, "at": s])))
    }

    static func at(_ wanted: Wanted, _ command: String, point q: Point, angle a: Double) -> Wording {
        Wording(
            wanted, "\(command): \(q), angle \(a, beside: .pi)", [("x", .number(q.x)), ("y", .number(q.y)), ("angle", .number(a))],
            value: .record(Record.numbers(["x": q.x, "y": q.y, "angle": a])))
    }

    /// `elements`: each as the command that draws it, to paste back, and its length; in JSON and
    /// as a value, records with the element's whole geometry.
    static func elements(_ wanted: Wanted, _ command: String, _ list: [ElementInfo]) -> Wording {
        // As `points`: one line of pieces, made only when the text is wanted.
        func text() -> Line {
            var line: Line = "\(command): \(list.count)"
            let total = list.reduce(0) { $0 + $1.length }
            for e in list {
                let entry: Line = "\n  \(e.index): \(formatted: { e.command(precision: $0) })  # length \(e.length, beside: total)"
                line.pieces += entry.pieces
            }
            return line
        }
        return Wording(wanted, text(), [("elements", .each(count: list.count) { .value(list[$0].value) })], value: .list(list.map { $0.value }))
    }

    static func intersections(_ wanted: Wanted, _ command: String, _ list: [PathIntersection]) -> Wording {
        func lines() -> [Line] {
            ["\(command): \(list.count)"]
                + list.enumerated().map { k, m in
                    "  \(k): \(m.point) at \(m.at), other \(m.other)\(m.overlap.map { o -> Line in ", overlap \(o)" } ?? "")"
                }
        }
        @Sendable func record(_ m: PathIntersection) -> Record {
            var r = Record.numbers(["x": m.point.x, "y": m.point.y, "at": m.at, "other": m.other])
            if let o = m.overlap { r.append("overlap", .number(o)) }
            return r
        }
        return Wording(
            wanted, lines(), [("count", .integer(list.count)), ("intersections", .each(count: list.count) { .value(.record(record(list[$0]))) })],
            value: .list(list.map { .record(record($0)) }))
    }

    /// A query's answer: one value on the line, or a record's fields one per line.
    static func answer(_ wanted: Wanted, _ command: String, _ v: Value) -> Wording {
        guard case .record(let fields) = v else { return Wording(wanted, "\(command): \(v, quoted: true)", [("value", .value(v))], value: v) }
        var lines: [Line] = ["\(command):"]
        for (name, field) in zip(fields.names, fields.values) { lines.append("  \(name): \(field, quoted: false)") }
        return Wording(wanted, lines, JSON.fields(of: fields), value: v)
    }
}
