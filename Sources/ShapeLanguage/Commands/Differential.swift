import ShapeGeometry

// What the curve does at a place: tangent, normal, curvature, extrema, the point at a
// parameter, where an arc length falls, inflections.
// Each command's row (what the language knows of it) and its handler (what it does).

extension CommandTable {
    static let differential: [CommandSpec] = [
        CommandSpec(
            name: "tangent", parameters: ["s"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the unit tangent (direction of travel) at arc length s", example: "tangent 10",
            run: { (i, inv) throws(Diagnostic) in try i.tangentCommand(inv) }),
        CommandSpec(
            name: "normal", parameters: ["s"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the unit normal at arc length s: the tangent turned 90° clockwise on screen", example: "normal 10",
            run: { (i, inv) throws(Diagnostic) in try i.normalCommand(inv) }),
        CommandSpec(
            name: "curvature", parameters: ["s"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the signed curvature at arc length s (positive turning clockwise on screen) and its radius",
            example: "curvature 10", run: { (i, inv) throws(Diagnostic) in try i.curvatureCommand(inv) }),
        CommandSpec(
            name: "extrema", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "where element i turns in x and in y: its parameters and points", example: "extrema 1",
            run: { (i, inv) throws(Diagnostic) in try i.extremaCommand(inv) }),
        CommandSpec(
            name: "point", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "element i at parameter t: its point, first and second derivatives in t, curvature and arc length",
            example: "point 1 0.5", run: { (i, inv) throws(Diagnostic) in try i.pointCommand(inv) }),
        CommandSpec(
            name: "locate", parameters: ["s"], group: .teaching, cost: .unit, isQuery: true,
            summary: "where arc length s falls: the element and its parameter t", example: "locate 100",
            run: { (i, inv) throws(Diagnostic) in try i.locateCommand(inv) }),
        CommandSpec(
            name: "inflections", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "where element i's curvature changes sign (the roots of x'y'' - y'x'')", example: "inflections 1",
            run: { (i, inv) throws(Diagnostic) in try i.inflectionsCommand(inv) }),
    ]
}

extension Interpreter {
    /// `tangent`.
    func tangentCommand(_ inv: Invocation) throws(Diagnostic) {
        let (loc, segment) = try location(inv)
        let v = segment.direction(at: loc.t).normalized ?? Vector(1, 0)
        drawn = Figure(title: "tangent at \(NumberFormat.text(inv.numbers[0], precision: 4))", marks: arrowMarks(loc.point, v, .tangent))
        report("tangent", .direction(point: loc.point, vector: v))
    }

    /// `normal`.
    func normalCommand(_ inv: Invocation) throws(Diagnostic) {
        let (loc, segment) = try location(inv)
        let v = (segment.direction(at: loc.t).normalized ?? Vector(1, 0)).perpendicular
        drawn = Figure(title: "normal at \(NumberFormat.text(inv.numbers[0], precision: 4))", marks: arrowMarks(loc.point, v, .normal))
        report("normal", .direction(point: loc.point, vector: v))
    }

    /// `curvature`.
    func curvatureCommand(_ inv: Invocation) throws(Diagnostic) {
        let (loc, segment) = try location(inv)
        let k = segment.curvature(at: loc.t)
        let title = "curvature at \(NumberFormat.text(inv.numbers[0], precision: 4))"
        if segment.isCusp(at: loc.t) {
            drawn = Figure(title: title + ": a cusp", marks: [.point(loc.point, .mark, label: "cusp")])
            return report("curvature", .curvature(point: loc.point, curvature: nil, radius: 0))
        }
        // The osculating circle: its centre along the normal, 1/k away (k signed: clockwise > 0).
        let normal = (segment.direction(at: loc.t).normalized ?? Vector(1, 0)).perpendicular
        if k != 0, (1 / abs(k)).isFinite, 1 / abs(k) < Magnitude.farBeyondThePath * Swift.max(pathSize, Magnitude.tiny) {
            let centre = loc.point + normal * (1 / k)
            drawn = Figure(
                title: title,
                marks: [
                    .circle(center: centre, radius: 1 / abs(k), .circle), .polyline([centre, loc.point], .construction),
                    .point(loc.point, .mark, label: nil), .point(centre, .circle, label: "centre"),
                ])
        } else {
            drawn = Figure(title: title + ": straight", marks: arrowMarks(loc.point, normal.perpendicular, .tangent))
        }
        report("curvature", .curvature(point: loc.point, curvature: k, radius: k != 0 && (1 / abs(k)).isFinite ? 1 / abs(k) : nil))
    }

    /// `extrema`.
    func extremaCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        func turns(_ axis: Axis) -> [ExtremePoint] {
            segment.extrema(along: axis).map { ExtremePoint(t: $0, point: segment.point(at: $0)) }
        }
        let xs = turns(.x), ys = turns(.y)
        drawn = Figure(
            title: "extrema \(i)",
            marks: xs.map { .point($0.point, .xTurn, label: "t \(NumberFormat.text($0.t, precision: 3))") }
                + ys.map { .point($0.point, .yTurn, label: "t \(NumberFormat.text($0.t, precision: 3))") })
        report("extrema", .extrema(element: i, x: xs, y: ys))
    }

    /// `point i t`: element i at parameter t, its first and second derivatives in t, its
    /// curvature and its arc length from the path's start.
    func pointCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let t = try parameter(inv)
        let cusp = segment.isCusp(at: t)
        let at = path.length(before: i) + segment.arcLength(upTo: t, accuracy: path.accuracy)
        // The point, and its derivatives as arrows: B′(t)/n (a control polygon leg's length at the
        // ends) and B″(t)/(n(n − 1)).
        let p = segment.point(at: t), n = Double((segment.bezierPoints?.count ?? 2) - 1)
        var marks: [Figure.Mark] = [.arrow(p, p + segment.derivative(at: t) * (1 / n), .firstDerivative)]
        if n > 1 { marks.append(.arrow(p, p + segment.secondDerivative(at: t) * (1 / (n * (n - 1))), .secondDerivative)) }
        marks.append(.point(p, .mark, label: "t = \(NumberFormat.text(t, precision: 4))"))
        drawn = Figure(
            title: "point \(i) at t = \(NumberFormat.text(t, precision: 4)): B′(t)/\(Int(saturating: n)) and B″(t)/\(Int(saturating: n * (n - 1)))",
            marks: marks)
        report(
            "point",
            .parameterPoint(
                ParameterPoint(
                    element: i, t: t, point: segment.point(at: t), first: segment.derivative(at: t), second: segment.secondDerivative(at: t),
                    curvature: cusp ? nil : segment.curvature(at: t), at: at)))
    }

    /// `locate s`: the element and parameter where arc length s falls.
    func locateCommand(_ inv: Invocation) throws(Diagnostic) {
        let s = inv.numbers[0]
        guard s >= 0 && s <= path.length, !path.isEmpty else { throw error(.lengthRange(command: "locate", length: path.length), inv.ranges[0]) }
        guard let (loc, _) = path.location(atLength: s) else { throw error(.noPath("locate"), inv.range) }
        drawn = Figure(
            title: "locate \(NumberFormat.text(s, precision: 4)): element \(loc.element) at t = \(NumberFormat.text(loc.t, precision: 4))",
            marks: [.point(loc.point, .mark, label: "s = \(NumberFormat.text(s, precision: 4))")])
        report("locate", .located(element: loc.element, t: loc.t))
    }

    /// `inflections i`: where the curvature of element i changes sign.
    func inflectionsCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let list = segment.inflections.map { ExtremePoint(t: $0, point: segment.point(at: $0)) }
        drawn = Figure(
            title: "inflections \(i)", marks: list.map { .point($0.point, .mark, label: "t \(NumberFormat.text($0.t, precision: 3))") })
        report("inflections", .inflections(element: i, list))
    }
}

// What the differential queries report.
extension Wording {
    static func direction(_ wanted: Wanted, _ command: String, point q: Point, vector v: Vector) -> Wording {
        Wording(
            wanted, "\(command): \(q), direction \(Point(v.dx, v.dy)), angle \(v.angle + 0, beside: .pi)",
            [("x", .number(q.x)), ("y", .number(q.y)), ("direction", .pair(Point(v.dx, v.dy)))],
            value: .record(Record.numbers(["x": q.x, "y": q.y, "dx": v.dx, "dy": v.dy])))
    }

    /// `curvature`: at a cusp the curvature is unbounded: JSON null with `"cusp": true`; the value
    /// says `cusp: 1` and has no curvature.
    static func curvature(_ wanted: Wanted, _ command: String, point q: Point, curvature k: Double?, radius: Double?) -> Wording {
        let text: Line =
            k.map { "\(command): \(q), \($0)\(radius.map { r -> Line in ", radius \(r)" } ?? " (straight)")" }
            ?? "\(command): \(q), a cusp (the curve stops and turns: curvature unbounded, radius 0)"
        var record = Record.numbers(["x": q.x, "y": q.y])
        if let k { record.append("curvature", .number(k)) }
        if let radius { record.append("radius", .number(radius)) }
        record.append("cusp", .number(k == nil ? 1 : 0))
        return Wording(
            wanted, text,
            [
                ("x", .number(q.x)), ("y", .number(q.y)), ("curvature", .numberOrNull(k)), ("radius", .numberOrNull(radius)),
                ("cusp", .bool(k == nil)),
            ],
            value: .record(record))
    }

    /// `point i t`: everything at a parameter.
    static func parameterPoint(_ wanted: Wanted, _ command: String, _ q: ParameterPoint) -> Wording {
        let k: Line = q.curvature.map { "curvature \($0)" } ?? "a cusp (curvature unbounded)"
        var fields: [(name: String, json: JSON)] = [("element", .integer(q.element)), ("t", .number(q.t))]
        if case .record(let r) = q.value { fields += JSON.fields(of: r) }
        return Wording(
            wanted,
            "\(command): element \(q.element) at t \(q.t): \(q.point), d \(Point(q.first.dx, q.first.dy)), dd \(Point(q.second.dx, q.second.dy)), \(k), at \(q.at)",
            fields, value: q.value)
    }

    static func located(_ wanted: Wanted, _ command: String, element i: Int, t: Double) -> Wording {
        Wording(
            wanted, "\(command): element \(i), t \(t)", [("element", .integer(i)), ("t", .number(t))],
            value: .record(Record.numbers(["element": Double(i), "t": t])))
    }

    /// Parameters and points, as "t 0.5 at (1, 2), ..." or "none".
    static func turns(_ list: [ExtremePoint]) -> Line {
        list.isEmpty ? "none" : Line.joined(list.map { "t \($0.t) at \($0.point)" }, separator: ", ")
    }

    /// `{t, x, y}` for each.
    static func turnRecords(_ list: [ExtremePoint]) -> [Value] {
        list.map { .record(Record.numbers(["t": $0.t, "x": $0.point.x, "y": $0.point.y])) }
    }

    static func inflections(_ wanted: Wanted, _ command: String, element i: Int, _ list: [ExtremePoint]) -> Wording {
        let records = turnRecords(list)
        return Wording(
            wanted, "\(command): element \(i), \(turns(list))", [("element", .integer(i)), ("inflections", .array(records.map { .value($0) }))],
            value: .list(records))
    }

    static func extrema(_ wanted: Wanted, _ command: String, element i: Int, x xs: [ExtremePoint], y ys: [ExtremePoint]) -> Wording {
        func list(_ e: [ExtremePoint]) -> JSON { .array(e.map { .object([("t", .number($0.t)), ("point", .pair($0.point))]) }) }
        // Both axes' turns in order of t, x before y where they tie: an insertion sort, stable,
        // of at most six turns.
        var both = xs.map { ("x", $0) } + ys.map { ("y", $0) }
        for k in both.indices.dropFirst() {
            var j = k
            while j > 0, both[j].1.t < both[j - 1].1.t {
                both.swapAt(j, j - 1)
                j -= 1
            }
        }
        let value = Value.list(
            both.map { .record(Record(["axis": .string($0.0), "t": .number($0.1.t), "x": .number($0.1.point.x), "y": .number($0.1.point.y)])) })
        return Wording(
            wanted, "\(command): element \(i), x turns: \(turns(xs)); y turns: \(turns(ys))",
            [("element", .integer(i)), ("x", list(xs)), ("y", list(ys))],
            value: value)
    }
}
