import ShapeGeometry

// The Primer's teaching queries about one element: its construction, its polynomials, its
// matrices, its box turned to its chord, how it joins the next.
// Each command's row (what the language knows of it) and its handler (what it does).

extension CommandTable {
    static let teaching: [CommandSpec] = [
        CommandSpec(
            name: "casteljau", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the de Casteljau construction of element i at parameter t (save ... casteljau draws it)",
            example: "casteljau 1 0.5", run: { (i, inv) throws(Diagnostic) in try i.casteljauCommand(inv) }),
        CommandSpec(
            name: "yforx", parameters: ["i", "x"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the points of element i at x: y for x (the roots of x(t) - x)", example: "yforx 1 10",
            run: { (i, inv) throws(Diagnostic) in try i.yForXCommand(inv) }),
        CommandSpec(
            name: "hodograph", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the control points of element i's derivative: n(P[k+1] - P[k]) for a Bézier of degree n",
            example: "hodograph 1", run: { (i, inv) throws(Diagnostic) in try i.hodographCommand(inv) }),
        CommandSpec(
            name: "components", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "x(t) and y(t) of element i as polynomials (lowest power first)", example: "components 2",
            run: { (i, inv) throws(Diagnostic) in try i.componentsCommand(inv) }),
        CommandSpec(
            name: "align", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "element i's control points moved so that it starts at the origin with its chord along +x",
            example: "align 2", run: { (i, inv) throws(Diagnostic) in try i.alignCommand(inv) }),
        CommandSpec(
            name: "alignedbox", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the corners of element i's tight box turned to its chord (an oriented bounding box)",
            example: "alignedbox 2", run: { (i, inv) throws(Diagnostic) in try i.alignedBoxCommand(inv) }),
        CommandSpec(
            name: "continuity", parameters: [], group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: true,
            summary: "how each element joins the next: C1 (same derivative), G1 (same direction) or a corner and its turn",
            example: "continuity", run: { (i, inv) throws(Diagnostic) in try i.continuityCommand(inv) }),
        CommandSpec(
            name: "abc", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the projection identity of element i at t: A, B on the curve, C on the chord, u and the ratio",
            example: "abc 2 0.3", run: { (i, inv) throws(Diagnostic) in try i.abcCommand(inv) }),
        CommandSpec(
            name: "bernstein", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the weight of each of element i's points at t (the Bernstein polynomials) and the point they make",
            example: "bernstein 1 0.25", run: { (i, inv) throws(Diagnostic) in try i.bernsteinCommand(inv) }),
        CommandSpec(
            name: "rational", parameters: ["i", "t", "w0", "w1", "w2", "w3"], optionalCount: 1, group: .teaching, cost: .unit, isQuery: true,
            summary: "the point at t of the rational curve with element i's points and one weight per point (save ... figure draws that curve)",
            example: "rational 2 0.5 1 2 2 1", run: { (i, inv) throws(Diagnostic) in try i.rationalCommand(inv) }),
        CommandSpec(
            name: "matrix", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "element i in matrix form: B(t) = [1 t t² t³]·M·P, with M, P and the coefficients M·P",
            example: "matrix 1", run: { (i, inv) throws(Diagnostic) in try i.matrixCommand(inv) }),
        CommandSpec(
            name: "splitmatrix", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the two matrices that split element i at t, and the points of both pieces (save ... figure draws them)",
            example: "splitmatrix 1 0.5", run: { (i, inv) throws(Diagnostic) in try i.splitMatrixCommand(inv) }),
        CommandSpec(
            name: "interval", parameters: ["i", "a", "b"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the points of element i's curve over t from a to b, any real numbers: outside 0 to 1 the curve goes on",
            example: "interval 1 -0.5 1.5", run: { (i, inv) throws(Diagnostic) in try i.intervalCommand(inv) }),
        CommandSpec(
            name: "canonical", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary:
                "cubic element i in canonical form: where its last point falls and what that makes it (arch, loop, cusp, one or two inflections)",
            example: "canonical 2", run: { (i, inv) throws(Diagnostic) in try i.canonicalCommand(inv) }),
    ]
}

extension Interpreter {
    /// `casteljau`.
    func casteljauCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let t = try parameter(inv)
        guard let levels = segment.casteljau(at: t) else {
            throw error(.notForArcs(element: i, what: "de Casteljau's construction"), inv.ranges[0])
        }
        drawn = Figure(
            title: "casteljau \(i) at t \(NumberFormat.text(t, precision: 4))",
            marks: Figure.casteljau(levels, t: t), layer: .casteljau)
        report("casteljau", .casteljau(element: i, kind: segment.kindName, t: t, levels: levels))
    }

    /// `yforx i x`: where element i is at x (the Primer's "Finding Y, given X").
    func yForXCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let x = inv.numbers[1]
        let found = segment.parameters(atX: x).map { ExtremePoint(t: $0, point: segment.point(at: $0)) }
        let box = segment.controlBounds
        drawn = Figure(
            title: "yforx \(i) at x \(NumberFormat.text(x, precision: 4))",
            marks: [.polyline([Point(x, box.minY), Point(x, box.maxY)], .construction)]
                + found.map { .point($0.point, .mark, label: "y \(NumberFormat.text($0.point.y, precision: 4))") })
        report("yforx", .yForX(element: i, x: x, found))
    }

    /// `hodograph i`: the control points of element i's derivative.
    func hodographCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        guard let points = segment.hodograph else { throw error(.notABezier(element: i, command: "hodograph"), inv.ranges[0]) }
        // The hodograph as a curve under the path, drawn to one scale in x and y (it is a curve of
        // directions), with its origin: the derivative at t is the arrow from 0 to its point at t.
        let chart = Chart.oneScale(under: path, below: chartFloor, points + [Point(0, 0)])
        let (lo, w, h) = (
            Point(chart.x.lowerBound, chart.y.lowerBound), chart.x.upperBound - chart.x.lowerBound, chart.y.upperBound - chart.y.lowerBound
        )
        let mapped = points.map { chart.point($0.x, $0.y) }
        var marks = chart.axes(x: "x′", y: "y′ ↓")
        marks.append(.polyline([chart.point(lo.x, 0), chart.point(lo.x + w, 0)], .construction))
        marks.append(.polyline([chart.point(0, lo.y), chart.point(0, lo.y + h)], .construction))
        if let curve = Segment.bezier(mapped) { marks.append(.curve(curve, .hodograph, label: nil)) }
        marks.append(.polyline(mapped, .control))
        marks += mapped.enumerated().map { .point($0.element, .control, label: "H\($0.offset)") }
        marks.append(.point(chart.point(0, 0), .mark, label: "0"))
        drawn = Figure(title: "hodograph \(i): the derivative's curve; B′(t) is the arrow from 0 to it", marks: marks)
        report("hodograph", .pointList(element: i, points))
    }

    /// `components i`: x(t) and y(t) in the power basis.
    func componentsCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        guard let (xs, ys) = segment.powerCoefficients else { throw error(.notABezier(element: i, command: "components"), inv.ranges[0]) }
        // Two charts under the path, t across its width: x(t) with larger values up, then y(t)
        // with larger values down, as y runs in the path; each axis with its values.
        func range(_ f: (Double) -> Double) -> ClosedRange<Double> {
            let samples = (0...64).map { f(Double($0) / 64) }
            return samples.min()!...samples.max()!
        }
        let xOfT = { (t: Double) in segment.point(at: t).x }, yOfT = { (t: Double) in segment.point(at: t).y }
        let top = Chart(under: path, below: chartFloor, x: 0...1, y: range(xOfT))
        let bottom = Chart(under: path, below: top.frame.maxY, x: 0...1, y: range(yOfT), down: true)
        drawn = Figure(
            title: "components \(i): x(t) and y(t) against t",
            marks: top.axes(x: "t", y: "x") + [.polyline(top.graph(xOfT), .xOfT)] + bottom.axes(x: "t", y: "y ↓")
                + [.polyline(bottom.graph(yOfT), .yOfT)])
        report("components", .components(element: i, x: xs, y: ys))
    }

    /// `align i`: the control points aligned to the chord.
    func alignCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let aligned = segment.alignedPoints
        // The aligned curve under the path, to one scale, its chord on the x axis.
        let chart = Chart.oneScale(under: path, below: chartFloor, aligned + [Point(0, 0)])
        let mapped = aligned.map { chart.point($0.x, $0.y) }
        var marks = chart.axes(x: "along the chord", y: "across ↓")
        marks.append(.polyline([chart.point(chart.x.lowerBound, 0), chart.point(chart.x.upperBound, 0)], .construction))
        if let curve = Segment.bezier(mapped) { marks.append(.curve(curve, .aligned, label: nil)) }
        marks.append(.polyline(mapped, .control))
        marks += mapped.enumerated().map { .point($0.element, .control, label: "P\($0.offset)") }
        drawn = Figure(title: "align \(i): the curve moved and turned so that its chord lies on the x axis", marks: marks)
        report("align", .pointList(element: i, aligned))
    }

    /// `alignedbox i`: the oriented tight box's corners.
    func alignedBoxCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let box = segment.orientedBox
        drawn = Figure(title: "alignedbox \(i)", marks: [.polyline(box + box.prefix(1), .construction)])
        report("alignedbox", .pointList(element: i, box))
    }

    /// `continuity`: the path's joints.
    func continuityCommand(_ inv: Invocation) throws(Diagnostic) {
        let joints = path.joints()
        // Each joint marked with what it is.
        let marks: [Figure.Mark] = joints.compactMap { j in
            guard let s = path.segment(at: j.to) else { return nil }
            let kind = j.c1 ? "C1" : j.g1 ? "G1" : "C0, turns \(NumberFormat.text(j.turn * 180 / .pi, precision: 1))°"
            return .point(s.start, .mark, label: kind)
        }
        drawn = Figure(title: "continuity: \(joints.count) joint\(plural(joints.count))", marks: marks)
        report("continuity", .continuity(joints))
    }

    /// `abc i t`: the projection identity (A, B, C, u, ratio).
    func abcCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let t = try parameter(inv, open: true)
        guard let x = segment.projectionIdentity(at: t) else {
            throw error(.notABezier(element: i, command: "abc"), inv.ranges[0])
        }
        drawn = Figure(
            title: "abc \(i) at t \(NumberFormat.text(t, precision: 4))",
            marks: [
                .polyline([x.a, x.c], .construction), .polyline([segment.start, segment.end], .construction),
                .point(x.a, .mark, label: "A"), .point(x.b, .mark, label: "B"), .point(x.c, .mark, label: "C"),
            ])
        report("abc", .abc(element: i, t: t, x))
    }

    /// `bernstein i t`: the weight of each control point at t, and the point they make.
    func bernsteinCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment, points) = try bezierElement(inv)
        let t = try parameter(inv)
        let n = points.count - 1
        let weights = Bernstein.weights(degree: n, at: t)
        let point = Bernstein.apply([weights], to: points)[0]
        // The Primer's plot: the basis functions over t under the path, the weights at t marked.
        let chart = Chart(under: path, below: chartFloor, x: 0...1, y: 0...1)
        var marks = chart.axes(x: "t", y: "weight")
        for k in 0...n {
            marks.append(.polyline(chart.graph { Bernstein.weights(degree: n, at: $0)[k] }, .basis))
            // Each named at its peak, t = k/n, unless the line at t, where the weights are marked,
            // passes near it: then further along its own curve, away from t (on the side with
            // more room when t is at the peak), so that no weight's dot sits on a name.
            let peak = Double(k) / Double(n)
            let clearance = 0.15
            var at = peak
            if abs(peak - t) < clearance {
                let right = t + clearance, left = t - clearance
                at = right <= 1 && (left < 0 || peak >= t) ? right : left
            }
            let top = chart.point(at, Bernstein.weights(degree: n, at: at)[k])
            let anchor: Figure.TextAnchor = at == 0 ? .start : at == 1 ? .end : .middle
            let dx = at == 0 ? chart.frame.width * 0.02 : at == 1 ? -chart.frame.width * 0.02 : 0
            marks.append(.text(Point(top.x + dx, top.y - chart.frame.height * 0.06), "b\(k)", .basis, anchor: anchor))
        }
        marks.append(.polyline([chart.point(t, 0), chart.point(t, 1)], .construction))
        for k in 0...n { marks.append(.point(chart.point(t, weights[k]), .mark, label: "b\(k) \(NumberFormat.text(weights[k], precision: 3))")) }
        marks.append(.point(point, .mark, label: "t = \(NumberFormat.text(t, precision: 4))"))
        drawn = Figure(title: "bernstein \(i) at t = \(NumberFormat.text(t, precision: 4)): each control point's weight", marks: marks)
        reportWeighted("bernstein", i, segment, t, weights, point)
    }

    /// `rational i t w0 w1 w2 [w3]`: the point at t of the rational curve with element i's
    /// control points and these weights; the figure draws that curve beside the element.
    func rationalCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment, points) = try bezierElement(inv, needs: "a quadratic or cubic Bézier (one weight per point)")
        let t = try parameter(inv)
        let weights = Array(inv.numbers.dropFirst(2))
        guard points.count > 2 else {
            throw error(
                .needsACurve(element: i, kind: Interpreter.degreeName(segment), command: "rational", what: "a quadratic or cubic Bézier"),
                inv.ranges[0])
        }
        guard weights.count == points.count else {
            // At the first weight too many, or at the command when one is missing.
            let culprit = weights.count > points.count ? inv.ranges[2 + points.count] : inv.range
            throw error(.rationalWeightCount(points: points.count, got: weights.count), culprit)
        }
        if let k = weights.firstIndex(where: { !($0 > 0 && $0.isFinite) }) { throw error(.rationalWeights(points.count), inv.ranges[2 + k]) }
        let p = Bernstein.rationalPoint(points, weights: weights, at: t)
        let curve = (0...64).map { Bernstein.rationalPoint(points, weights: weights, at: Double($0) / 64) }
        drawn = Figure(
            title: "rational \(i), weights " + weights.map { NumberFormat.text($0, precision: 4) }.joined(separator: " "),
            marks: [.polyline(curve, .rational), .polyline(points, .control)]
                + points.enumerated().map { .point($0.element, .control, label: "P\($0.offset)") }
                + [.point(p, .mark, label: "t = \(NumberFormat.text(t, precision: 4))")])
        reportWeighted("rational", i, segment, t, weights, p)
    }

    /// `matrix i`: the basis matrix of the element's degree and the power-basis coefficients it gives.
    func matrixCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment, points) = try bezierElement(inv)
        let m = Bernstein.matrix(degree: points.count - 1)
        report(
            "matrix",
            .facts(
                element: i, title: Interpreter.degreeName(segment),
                Record([
                    "matrix": Interpreter.matrixValue(m), "points": Interpreter.pointsValue(points),
                    "coefficients": Interpreter.pointsValue(Bernstein.apply(m, to: points)),
                ])))
    }

    /// `splitmatrix i t`: the two matrices that split the element at t, and the pieces' points.
    func splitMatrixCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment, points) = try bezierElement(inv)
        let t = try parameter(inv, open: true)
        let (q, q2) = Bernstein.splitMatrices(degree: points.count - 1, at: t)
        let first = Bernstein.apply(q, to: points), second = Bernstein.apply(q2, to: points)
        drawn = Figure(title: "splitmatrix \(i) at t \(NumberFormat.text(t, precision: 4))", marks: Figure.split(first, second))
        report(
            "splitmatrix",
            .facts(
                element: i, title: "\(Interpreter.degreeName(segment)), t \(NumberFormat.text(t, precision: 17))",
                Record([
                    "first": Interpreter.pointsValue(first), "second": Interpreter.pointsValue(second),
                    "firstmatrix": Interpreter.matrixValue(q), "secondmatrix": Interpreter.matrixValue(q2),
                ])))
    }

    /// `interval i a b`: the element's polynomial over [a, b] (outside [0, 1] it goes on).
    func intervalCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment, _) = try bezierElement(inv)
        let a = inv.numbers[1], b = inv.numbers[2]
        guard abs(a) <= Magnitude.largestInterval, abs(b) <= Magnitude.largestInterval else {
            throw error(.intervalRange, inv.ranges[abs(a) <= Magnitude.largestInterval ? 2 : 1])
        }
        guard a != b else { throw error(.intervalEmpty, inv.ranges[2]) }
        let piece = segment.interval(from: a, to: b)!
        let points = piece.bezierPoints!
        drawn = Figure(
            title: "interval \(i) from t \(NumberFormat.text(a, precision: 4)) to \(NumberFormat.text(b, precision: 4))",
            marks: [.curve(piece, .continued, label: "t in [\(NumberFormat.text(a, precision: 4)), \(NumberFormat.text(b, precision: 4))]")]
                + points.enumerated().map { .point($0.element, .control, label: "Q\($0.offset)") })
        report(
            "interval",
            .facts(
                element: i,
                title: "\(Interpreter.degreeName(segment)), t from \(NumberFormat.text(a, precision: 17)) to \(NumberFormat.text(b, precision: 17))",
                Record(["points": Interpreter.pointsValue(points)])))
    }

    /// `canonical i`: where a cubic's last point falls in the canonical form, and what it says.
    func canonicalCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        guard case .cubic(let c) = segment else {
            throw error(.needsACurve(element: i, kind: Interpreter.degreeName(segment), command: "canonical", what: "a cubic"), inv.ranges[0])
        }
        guard let form = c.canonicalForm else { throw error(.noCanonicalForm(element: i), inv.ranges[0]) }
        // The Primer's chart: the canonical frame (P0, P1, P2 at (0, 0), (0, 1), (1, 1), y up),
        // the regions' boundaries, and P3 where this curve puts it.
        let p3 = form.point
        let xRange = Swift.min(-3, p3.x - 0.5)...Swift.max(2, p3.x + 0.5)
        let yRange = Swift.min(-2, p3.y - 0.5)...Swift.max(2, p3.y + 0.5)
        let chart = Chart(
            under: path, below: chartFloor, x: xRange, y: yRange,
            aspect: (yRange.upperBound - yRange.lowerBound) / (xRange.upperBound - xRange.lowerBound))
        func curve(from a: Double, to b: Double, _ f: (Double) -> Double) -> Figure.Mark {
            let points = (0...96).compactMap { k -> Point? in
                let x = a + (b - a) * Double(k) / 96, y = f(x)
                return yRange.contains(y) ? chart.point(x, y) : nil
            }
            return .polyline(points, .construction)
        }
        var marks = chart.axes(x: "x", y: "y")
        marks += [
            .polyline([chart.point(xRange.lowerBound, 1), chart.point(xRange.upperBound, 1)], .construction),
            .polyline([chart.point(1, yRange.lowerBound), chart.point(1, 1)], .construction),
            curve(from: xRange.lowerBound, to: 1) { (-$0 * $0 + 2 * $0 + 3) / 4 },
            curve(from: 0, to: 1) { ((3 * (4 * $0 - $0 * $0)).squareRoot() - $0) / 2 },
            curve(from: xRange.lowerBound, to: 0) { (3 * $0 - $0 * $0) / 3 },
        ]
        let names: [(Double, Double, String)] = [
            // Each inside its region, clear of P0, P1 and P2.
            (xRange.lowerBound + 0.3, 1.4, "one inflection"), (xRange.upperBound - 0.2, -1, "arch"), (-2.85, 0.5, "two inflections"),
            (-0.9, -0.4, "loop"), (-1.2, -1.85, "arch"),
        ]
        for (x, y, name) in names { marks.append(.text(chart.point(x, y), name, .axis, anchor: x > 1 ? .end : .start)) }
        for (k, q) in [Point(0, 0), Point(0, 1), Point(1, 1)].enumerated() { marks.append(.point(chart.point(q.x, q.y), .control, label: "P\(k)")) }
        marks.append(.point(chart.point(p3.x, p3.y), .mark, label: "P3: \(form.kind.rawValue)"))
        drawn = Figure(title: "canonical \(i): where P3 falls once P0, P1, P2 are mapped to (0, 0), (0, 1), (1, 1)", marks: marks)
        report(
            "canonical",
            .facts(element: i, title: "cubic", Record(["x": .number(form.point.x), "y": .number(form.point.y), "kind": .string(form.kind.rawValue)])))
    }
}

// What the teaching queries report.
extension Wording {
    /// `casteljau`: each level's points, then the point on the curve.
    static func casteljau(_ wanted: Wanted, _ command: String, element i: Int, kind: String, t: Double, levels: [[Point]]) -> Wording {
        var lines: [Line] = ["\(command): element \(i) (\(kind)) at t = \(t)"]
        for (k, level) in levels.enumerated() {
            lines.append(k == levels.count - 1 ? "  point: \(level[0])" : "  level \(k): \(Line.joined(level.map { "\($0)" }, separator: " "))")
        }
        let point = levels.last![0]
        func points(_ ps: [Point]) -> Value { .list(ps.map(Value.point)) }
        return Wording(
            wanted, lines,
            [
                ("element", .integer(i)), ("kind", .string(kind)), ("t", .number(t)),
                ("levels", .array(levels.map { .array($0.map { .pair($0) }) })), ("point", .pair(point)),
            ],
            value: .record(Record(["x": .number(point.x), "y": .number(point.y), "levels": .list(levels.map(points))])))
    }

    /// `yforx`: each y with its t, or none.
    static func yForX(_ wanted: Wanted, _ command: String, element i: Int, x: Double, _ list: [ExtremePoint]) -> Wording {
        // Each y is written as the second of its point's pair (`NumberFormat.text(pair:)`).
        let ys: Line =
            list.isEmpty
            ? "none"
            : Line.joined(
                list.map { e in "y \(formatted: { NumberFormat.text(pair: e.point.x, e.point.y, precision: $0).1 }) (t \(e.t))" }, separator: ", ")
        let records = turnRecords(list)
        return Wording(
            wanted, "\(command): element \(i) at x \(x), \(ys)",
            [("element", .integer(i)), ("x", .number(x)), ("points", .array(records.map { .value($0) }))],
            value: .list(records))
    }

    static func pointList(_ wanted: Wanted, _ command: String, element i: Int, _ list: [Point]) -> Wording {
        let records = list.map { Value.record(Record.numbers(["x": $0.x, "y": $0.y])) }
        return Wording(
            wanted, "\(command): element \(i), \(Line.joined(list.map { "\($0)" }, separator: ", "))",
            [("element", .integer(i)), ("points", .array(records.map { .value($0) }))], value: .list(records))
    }

    /// `components`: x(t) and y(t) as polynomials, lowest power first.
    static func components(_ wanted: Wanted, _ command: String, element i: Int, x xs: [Double], y ys: [Double]) -> Wording {
        @Sendable func polynomial(_ cs: [Double], _ precision: Int) -> String {
            var terms: [String] = []
            for (k, c) in cs.enumerated() where c != 0 || cs.count == 1 {
                let power = k == 0 ? "" : (k == 1 ? "t" : "t" + ["", "", "²", "³"][k])
                let magnitude = NumberFormat.text(abs(c), precision: precision)
                terms.append((terms.isEmpty ? (c < 0 ? "-" : "") : (c < 0 ? " - " : " + ")) + (k > 0 && magnitude == "1" ? "" : magnitude) + power)
            }
            return terms.isEmpty ? "0" : terms.joined()
        }
        return Wording(
            wanted, "\(command): element \(i), x(t) = \(formatted: { polynomial(xs, $0) }), y(t) = \(formatted: { polynomial(ys, $0) })",
            [("element", .integer(i)), ("x", .numbers(xs)), ("y", .numbers(ys))],
            value: .record(Record(["x": .list(xs.map { .number($0) }), "y": .list(ys.map { .number($0) })])))
    }

    /// `continuity`: how each element joins the next.
    static func continuity(_ wanted: Wanted, _ command: String, _ list: [Joint]) -> Wording {
        var lines: [Line] = ["\(command): \(list.count) joint\(plural(list.count))"]
        for j in list {
            let kind: Line = j.c1 ? "C1" : (j.g1 ? "G1 (same direction, not the same speed)" : "a corner, turning \(j.turn * 180 / Double.pi)°")
            lines.append("  \(j.from) to \(j.to): \(kind)")
        }
        let json: [JSON] = list.map {
            .object([
                ("from", .integer($0.from)), ("to", .integer($0.to)), ("c1", .bool($0.c1)), ("g1", .bool($0.g1)),
                ("turn", .number($0.turn * 180 / Double.pi)),
            ])
        }
        let value = Value.list(
            list.map {
                .record(
                    Record.numbers([
                        "from": Double($0.from), "to": Double($0.to), "c1": $0.c1 ? 1 : 0, "g1": $0.g1 ? 1 : 0, "turn": $0.turn * 180 / Double.pi,
                    ]))
            })
        return Wording(wanted, lines, [("joints", .array(json))], value: value)
    }

    /// `abc`: the projection identity.
    static func abc(_ wanted: Wanted, _ command: String, element i: Int, t: Double, _ x: ProjectionIdentity) -> Wording {
        Wording(
            wanted, "\(command): element \(i) at t \(t), A \(x.a), B \(x.b), C \(x.c), u \(x.u), ratio \(x.ratio)",
            [
                ("element", .integer(i)), ("t", .number(t)), ("a", .point(x.a)), ("b", .point(x.b)), ("c", .point(x.c)), ("u", .number(x.u)),
                ("ratio", .number(x.ratio)),
            ],
            value: .record(Record(["a": .point(x.a), "b": .point(x.b), "c": .point(x.c), "u": .number(x.u), "ratio": .number(x.ratio)])))
    }

    /// An element's facts, one per line: `bbox`, `align`, `radius`, ...
    static func facts(_ wanted: Wanted, _ command: String, element i: Int, title: String, _ fields: Record) -> Wording {
        var lines: [Line] = ["\(command): element \(i) (\(title))"]
        for (name, v) in zip(fields.names, fields.values) { lines.append("  \(name): \(v, quoted: false)") }
        return Wording(wanted, lines, [("element", .integer(i))] + JSON.fields(of: fields), value: .record(fields))
    }
}
