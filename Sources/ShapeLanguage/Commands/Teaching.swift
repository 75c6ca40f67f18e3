import ShapeGeometry

// The Primer's teaching queries and constructions.
// Each command's row (what the language knows of it) and its handler (what it does).

extension CommandTable {
    static let teaching: [CommandSpec] = [
        CommandSpec(
            name: "casteljau", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the de Casteljau construction of element i at parameter t (save ... casteljau draws it)",
            example: "casteljau 1 0.5", run: Interpreter.casteljauCommand),
        CommandSpec(
            name: "yforx", parameters: ["i", "x"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the points of element i at x: y for x (the roots of x(t) - x)", example: "yforx 1 10",
            run: Interpreter.yForXCommand),
        CommandSpec(
            name: "hodograph", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the control points of element i's derivative: n(P[k+1] - P[k]) for a Bézier of degree n",
            example: "hodograph 1", run: Interpreter.hodographCommand),
        CommandSpec(
            name: "components", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "x(t) and y(t) of element i as polynomials (lowest power first)", example: "components 2",
            run: Interpreter.componentsCommand),
        CommandSpec(
            name: "align", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "element i's control points moved so that it starts at the origin with its chord along +x",
            example: "align 2", run: Interpreter.alignCommand),
        CommandSpec(
            name: "alignedbox", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the corners of element i's tight box turned to its chord (an oriented bounding box)",
            example: "alignedbox 2", run: Interpreter.alignedBoxCommand),
        CommandSpec(
            name: "continuity", parameters: [], group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: true,
            summary: "how each element joins the next: C1 (same derivative), G1 (same direction) or a corner and its turn",
            example: "continuity", run: Interpreter.continuityCommand),
        CommandSpec(
            name: "abc", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the projection identity of element i at t: A, B on the curve, C on the chord, u and the ratio",
            example: "abc 2 0.3", run: Interpreter.abcCommand),
        CommandSpec(
            name: "bernstein", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the weight of each of element i's points at t (the Bernstein polynomials) and the point they make",
            example: "bernstein 1 0.25", run: Interpreter.bernsteinCommand),
        CommandSpec(
            name: "rational", parameters: ["i", "t", "w0", "w1", "w2", "w3"], optionalCount: 1, group: .teaching, cost: .unit, isQuery: true,
            summary: "the point at t of the rational curve with element i's points and one weight per point (save ... figure draws that curve)",
            example: "rational 2 0.5 1 2 2 1", run: Interpreter.rationalCommand),
        CommandSpec(
            name: "matrix", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "element i in matrix form: B(t) = [1 t t² t³]·M·P, with M, P and the coefficients M·P",
            example: "matrix 1", run: Interpreter.matrixCommand),
        CommandSpec(
            name: "splitmatrix", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the two matrices that split element i at t, and the points of both pieces (save ... figure draws them)",
            example: "splitmatrix 1 0.5", run: Interpreter.splitMatrixCommand),
        CommandSpec(
            name: "interval", parameters: ["i", "a", "b"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the points of element i's curve over t from a to b, any real numbers: outside 0 to 1 the curve goes on",
            example: "interval 1 -0.5 1.5", run: Interpreter.intervalCommand),
        CommandSpec(
            name: "canonical", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary:
                "cubic element i in canonical form: where its last point falls and what that makes it (arch, loop, cusp, one or two inflections)",
            example: "canonical 2", run: Interpreter.canonicalCommand),
        CommandSpec(
            name: "catmullpoints", parameters: ["i"],
            keywords: [KeywordSpec(name: "tension", values: ["t"], summary: "the spline's tension (default 1)", defaults: [1])],
            group: .teaching, cost: .unit, isQuery: true,
            summary: "the four Catmull-Rom points that draw Bézier element i: catmull through them gives it back",
            example: "catmullpoints 2", run: Interpreter.catmullPointsCommand),
        CommandSpec(
            name: "mold", parameters: ["i", "t", "x", "y"], group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "move element i's point at t to (x, y), its ends kept (the projection identity; a cubic keeps its tangent there)",
            example: "mold 2 0.5 60 -20", run: Interpreter.moldCommand),
        CommandSpec(
            name: "fit", parameters: ["x", "y"], variadic: true, variadicNames: ("each coordinate", "pairs of coordinates (x y ...)"),
            keywords: [KeywordSpec(name: "degree", values: ["n"], summary: "2 for a quadratic, 3 for a cubic (default)", defaults: [3])],
            group: .path, cost: .perElement(0), isQuery: false,
            summary: "the Bézier from the current point to the last point nearest all the points (least squares), and how far it misses",
            example: "fit 10 20 30 25 50 0", run: Interpreter.fitCommand),
        CommandSpec(
            name: "bspline", parameters: ["x", "y"], variadic: true, variadicNames: ("each coordinate", "pairs of coordinates (x y ...)"),
            keywords: [KeywordSpec(name: "degree", values: ["n"], summary: "2 or 3 (default)", defaults: [3])],
            group: .path, cost: .perElement(0), isQuery: false,
            summary: "the B-spline with the current point and these as control points, from the first to the last, as Béziers",
            example: "bspline 20 40 60 40 80 0", run: Interpreter.bSplineCommand),
        CommandSpec(
            name: "offsetcurve", parameters: ["i", "d", "d1"], optionalCount: 1,
            keywords: [
                KeywordSpec(
                    name: "tolerance", values: ["e"], summary: "how far the cubics may stray from the true offset (default 0.000001)",
                    defaults: [Tolerance.offset])
            ],
            group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "draw the curve at distance d beside element i (growing to d1 at its end: a graduated offset) as a new subpath",
            example: "offsetcurve 2 10", run: Interpreter.offsetCurveCommand),
        CommandSpec(
            name: "lengthtable", parameters: ["i", "n"], group: .teaching, cost: .unit, isQuery: true,
            summary: "element i's length summed as n chords (a look-up table) beside the exact length",
            example: "lengthtable 2 10", run: Interpreter.lengthTableCommand),
        CommandSpec(
            name: "cubics", parameters: ["i"], optionalCount: 1, group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary:
                "replace arc element i (or every arc) by the cubics CoreGraphics draws it with, a quarter turn at most each, and say how far they stray",
            example: "cubics", run: Interpreter.cubicsCommand),
        CommandSpec(
            name: "arcs", parameters: ["i"],
            keywords: [
                KeywordSpec(
                    name: "tolerance", values: ["e"], summary: "the largest distance allowed between the curve and its arcs (default 0.001)",
                    defaults: [1e-3])
            ],
            group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "replace Bézier element i by circular arcs within e of it (lines where it is straight) and say how far they stray",
            example: "arcs 2", run: Interpreter.arcsCommand),
        CommandSpec(
            name: "quads", parameters: ["i"], optionalCount: 1, group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "replace arc element i (or every arc) by quadratic Béziers of at most 45° each and say how far they stray",
            example: "quads", run: Interpreter.quadsCommand),
        CommandSpec(
            name: "elevate", parameters: ["i"], group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "raise element i's degree by one (a line to a quadratic, a quadratic to a cubic): the curve does not change",
            example: "elevate 1", run: Interpreter.elevateCommand),
        CommandSpec(
            name: "lower", parameters: ["i"],
            keywords: [
                flag(
                    "primer",
                    "the Primer's least squares instead, whose ends move: drawn as a figure beside the element, which stays (the path would tear)")
            ],
            group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary:
                "lower element i's degree by one, ends pinned (a cubic to the nearest quadratic, a quadratic to its chord) and say how far it moved",
            example: "lower 2", run: Interpreter.lowerCommand),
        CommandSpec(
            name: "split", parameters: ["i", "t"], group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "split element i at parameter t into two of its kind (the shape does not change)",
            example: "split 1 0.5", run: Interpreter.splitCommand),
        CommandSpec(
            name: "tangent", parameters: ["s"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the unit tangent (direction of travel) at arc length s", example: "tangent 10",
            run: Interpreter.tangentCommand),
        CommandSpec(
            name: "normal", parameters: ["s"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the unit normal at arc length s: the tangent turned 90° clockwise on screen", example: "normal 10",
            run: Interpreter.normalCommand),
        CommandSpec(
            name: "curvature", parameters: ["s"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the signed curvature at arc length s (positive turning clockwise on screen) and its radius",
            example: "curvature 10", run: Interpreter.curvatureCommand),
        CommandSpec(
            name: "extrema", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "where element i turns in x and in y: its parameters and points", example: "extrema 1",
            run: Interpreter.extremaCommand),
        CommandSpec(
            name: "point", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "element i at parameter t: its point, first and second derivatives in t, curvature and arc length",
            example: "point 1 0.5", run: Interpreter.pointCommand),
        CommandSpec(
            name: "locate", parameters: ["s"], group: .teaching, cost: .unit, isQuery: true,
            summary: "where arc length s falls: the element and its parameter t", example: "locate 100", run: Interpreter.locateCommand),
        CommandSpec(
            name: "inflections", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "where element i's curvature changes sign (the roots of x'y'' - y'x'')", example: "inflections 1",
            run: Interpreter.inflectionsCommand),
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
        lastCasteljau = levels
        report("casteljau", .casteljau(element: i, kind: segment.kindName, t: t, levels: levels))
    }

    /// `yforx i x`: where element i is at x (the Primer's "Finding Y, given X").
    func yForXCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let x = inv.numbers[1]
        let found = segment.parameters(atX: x).map { ExtremePoint(t: $0, point: segment.point(at: $0)) }
        let box = segment.controlBounds
        lastFigure = Figure(
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
        lastFigure = Figure(title: "hodograph \(i): the derivative's curve; B′(t) is the arrow from 0 to it", marks: marks)
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
        lastFigure = Figure(
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
        lastFigure = Figure(title: "align \(i): the curve moved and turned so that its chord lies on the x axis", marks: marks)
        report("align", .pointList(element: i, aligned))
    }

    /// `alignedbox i`: the oriented tight box's corners.
    func alignedBoxCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let box = segment.orientedBox
        lastFigure = Figure(title: "alignedbox \(i)", marks: [.polyline(box + box.prefix(1), .construction)])
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
        lastFigure = Figure(title: "continuity: \(joints.count) joint\(joints.count == 1 ? "" : "s")", marks: marks)
        report("continuity", .continuity(joints))
    }

    /// `abc i t`: the projection identity (A, B, C, u, ratio).
    func abcCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let t = try parameter(inv, open: true)
        guard let x = segment.projectionIdentity(at: t) else {
            throw error(.notABezier(element: i, command: "abc"), inv.ranges[0])
        }
        lastFigure = Figure(
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
            // Each named at its peak, t = k/n.
            let peak = Double(k) / Double(n)
            let top = chart.point(peak, Bernstein.weights(degree: n, at: peak)[k])
            let anchor: Figure.TextAnchor = k == 0 ? .start : k == n ? .end : .middle
            let dx = k == 0 ? chart.frame.width * 0.02 : k == n ? -chart.frame.width * 0.02 : 0
            marks.append(.text(Point(top.x + dx, top.y - chart.frame.height * 0.06), "b\(k)", .basis, anchor: anchor))
        }
        marks.append(.polyline([chart.point(t, 0), chart.point(t, 1)], .construction))
        for k in 0...n { marks.append(.point(chart.point(t, weights[k]), .mark, label: "b\(k) \(NumberFormat.text(weights[k], precision: 3))")) }
        marks.append(.point(point, .mark, label: "t = \(NumberFormat.text(t, precision: 4))"))
        lastFigure = Figure(title: "bernstein \(i) at t = \(NumberFormat.text(t, precision: 4)): each control point's weight", marks: marks)
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
        lastFigure = Figure(
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
        lastFigure = Figure(title: "splitmatrix \(i) at t \(NumberFormat.text(t, precision: 4))", marks: Figure.split(first, second))
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
        guard abs(a) <= 1e6, abs(b) <= 1e6 else { throw error(.intervalRange, inv.ranges[abs(a) <= 1e6 ? 2 : 1]) }
        guard a != b else { throw error(.intervalEmpty, inv.ranges[2]) }
        let piece = segment.interval(from: a, to: b)!
        let points = piece.bezierPoints!
        lastFigure = Figure(
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
        lastFigure = Figure(title: "canonical \(i): where P3 falls once P0, P1, P2 are mapped to (0, 0), (0, 1), (1, 1)", marks: marks)
        report(
            "canonical",
            .facts(element: i, title: "cubic", Record(["x": .number(form.point.x), "y": .number(form.point.y), "kind": .string(form.kind.rawValue)])))
    }

    /// `catmullpoints i [tension t]`: the four Catmull-Rom points that draw the curve.
    func catmullPointsCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let tension = inv.number("tension")
        guard tension > 0, tension.isFinite else { throw error(.catmullTension, inv.range) }
        guard let points = segment.catmullRomPoints(tension: tension) else {
            throw error(
                .needsACurve(element: i, kind: Interpreter.degreeName(segment), command: "catmullpoints", what: "a quadratic or cubic Bézier"),
                inv.ranges[0])
        }
        lastFigure = Figure(
            title: "catmullpoints \(i)",
            marks: [.polyline(points, .construction)] + points.enumerated().map { .point($0.element, .control, label: "V\($0.offset + 1)") })
        report("catmullpoints", .facts(element: i, title: Interpreter.degreeName(segment), Record(["points": Interpreter.pointsValue(points)])))
    }

    /// `mold i t x y`: element i's point at t moved to (x, y), its ends kept.
    func moldCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let t = try parameter(inv, open: true)
        let target = inv.point(2)
        guard let molded = segment.molded(at: t, to: target) else {
            switch segment {
            case .quadratic, .cubic: throw error(.moldNearEnd(t), inv.ranges[1])
            case .line, .arc:
                throw error(
                    .needsACurve(element: i, kind: Interpreter.degreeName(segment), command: "mold", what: "a quadratic or cubic Bézier"),
                    inv.ranges[0])
            }
        }
        let before = segment.point(at: t)
        let changed: Path
        do { changed = try path.replacing(elementAt: i, with: molded) } catch { throw diagnose(error, inv) }
        try replacePath(with: changed, at: inv.range)
        lastFigure = Figure(
            title: "mold \(i) at t \(NumberFormat.text(t, precision: 4))",
            marks: [.curve(segment, .before, label: "before"), .arrow(before, target, .construction), .point(target, .mark, label: "B")])
        report("mold", .molded(element: i, t: t, point: target))
    }

    /// `fit x y ... [degree n]`: the Bézier nearest the points, from the current point to the last.
    func fitCommand(_ inv: Invocation) throws(Diagnostic) {
        let degree = try splineDegree(inv)
        let points = try splinePoints(inv, degree: degree)
        guard points.allSatisfy({ $0.isFinite }), let fit = Path.fit(points, degree: degree) else { throw error(.fitImpossible, inv.range) }
        try draw(inv, quietly: true) { (p: inout Path) throws(GeometryError) in
            switch fit.segment {
            case .quadratic(let q): try p.quad(control: q.p1, to: q.p2)
            case .cubic(let c): try p.curve(control1: c.p1, control2: c.p2, to: c.p3)
            case .line, .arc: break
            }
        }
        // Each point joined to the curve's point at its parameter: the residuals the fit minimizes.
        let residuals: [Figure.Mark] = zip(points, fit.parameters).map { .polyline([$0, fit.segment.point(at: $1)], .residual) }
        lastFigure = Figure(
            title: "fit: \(points.count) points, each joined to the curve at its t (the largest \(NumberFormat.text(fit.error, precision: 4)))",
            marks: residuals + points.map { .point($0, .mark, label: nil) })
        report(
            "fit",
            .fitted(kind: Interpreter.degreeName(fit.segment), points: points.count, error: fit.error, to: path.currentPoint!, length: path.length))
    }

    /// `bspline x y ... [degree n]`: the clamped uniform B-spline of the points, as Béziers.
    func bSplineCommand(_ inv: Invocation) throws(Diagnostic) {
        let degree = try splineDegree(inv)
        let points = try splinePoints(inv, degree: degree)
        let segments = Path.bSpline(points, degree: degree)
        lastFigure = Figure(
            title: "bspline",
            marks: [.polyline(points, .construction)] + points.enumerated().map { .point($0.element, .control, label: "P\($0.offset)") })
        try draw(inv) { (p: inout Path) throws(GeometryError) in
            for s in segments {
                switch s {
                case .quadratic(let q): try p.quad(control: q.p1, to: q.p2)
                case .cubic(let c): try p.curve(control1: c.p1, control2: c.p2, to: c.p3)
                case .line, .arc: break
                }
            }
        }
    }

    /// `offsetcurve i d [d1] [tolerance e]`: the offset of element i, drawn beside it.
    func offsetCurveCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let d = inv.numbers[1], end = inv.numbers.count > 2 ? inv.numbers[2] : d
        let tolerance = inv.number("tolerance")
        guard tolerance > 0, tolerance.isFinite else { throw error(.toleranceRange(command: "offsetcurve"), inv.range) }
        let (pieces, err) = segment.offsetCurve(by: d, to: end, tolerance: tolerance)
        try charge(pieces.count, inv.range)
        guard let first = pieces.first else { throw error(.noOffset, inv.range) }
        try draw(inv, quietly: true) { (p: inout Path) throws(GeometryError) in
            try p.move(to: first.start)
            for s in pieces {
                switch s {
                case .line(let l): try p.line(to: l.p1)
                case .quadratic(let q): try p.quad(control: q.p1, to: q.p2)
                case .cubic(let c): try p.curve(control1: c.p1, control2: c.p2, to: c.p3)
                case .arc(let a): try p.append(arc: a)
                }
            }
        }
        // The offset's cusps: where the offset point stops and turns back, the radius of curvature
        // equal to the distance (between two of them the offset loops back: a swallowtail).
        var marks: [Figure.Mark] = [.curve(segment, .before, label: nil)]
        let n = 512
        func offsetPoint(_ t: Double, side: Double) -> Point {
            let distance = d + (end - d) * t
            guard let unit = segment.direction(at: t).normalized else { return segment.point(at: t) }
            return segment.point(at: t) + unit.perpendicular * (distance * side)
        }
        // The side `offsetCurve` draws: the one whose first point is its first.
        let side: Double = offsetPoint(0, side: 1).distance(to: first.start) <= offsetPoint(0, side: -1).distance(to: first.start) ? 1 : -1
        func q(_ t: Double) -> Point { offsetPoint(t, side: side) }
        // Forward or backward along the curve's own direction.
        func runs(_ t: Double) -> Double { (q(Swift.min(t + 1e-6, 1)) - q(Swift.max(t - 1e-6, 0))).dot(segment.direction(at: t)) }
        var cusps: [Point] = []
        var previous = runs(0.5 / Double(n))
        for k in 1..<n {
            let t = (Double(k) + 0.5) / Double(n)
            let now = runs(t)
            if (now < 0) != (previous < 0) {
                var lo = t - 1 / Double(n), hi = t
                for _ in 0..<50 {
                    let mid = (lo + hi) / 2
                    if (runs(mid) < 0) == (previous < 0) { lo = mid } else { hi = mid }
                }
                cusps.append(q((lo + hi) / 2))
            }
            previous = now
        }
        marks += cusps.map { .point($0, .cusp, label: "cusp") }
        lastFigure = Figure(
            title:
                "offsetcurve \(i) by \(NumberFormat.text(d, precision: 4)): \(cusps.isEmpty ? "no cusps" : "\(cusps.count) cusps, a swallowtail between each two")",
            marks: marks)
        report("offsetcurve", .cubics(element: i, count: pieces.count, error: err, made: .offset))
    }

    /// `lengthtable i n`: n chords against the exact length.
    func lengthTableCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let x = inv.numbers[1]
        guard x == x.rounded(), x >= 1, x <= 1_000_000 else { throw error(.countRange("the number of chords", 1, 1_000_000), inv.ranges[1]) }
        try charge(Int(x), inv.range)
        // The chords themselves, drawn when there are few enough to see.
        let chords = Int(x)
        let title = "lengthtable \(i): \(chords) chord\(chords == 1 ? "" : "s")"
        if chords <= 1000 {
            let points = (0...chords).map { segment.point(at: Double($0) / Double(chords)) }
            lastFigure = Figure(title: title, marks: [.polyline(points, .construction)] + points.map { .point($0, .mark, label: nil) })
        } else {
            lastFigure = Figure(title: title + " (too many to draw)", marks: [])
        }
        report("lengthtable", .lengthTable(element: i, chords: Int(x), approximate: segment.chordLength(Int(x)), exact: path.length(ofElement: i)))
    }

    /// `cubics [i]`: an arc (or every arc) as CoreGraphics's cubics, and how far they stray.
    func cubicsCommand(_ inv: Invocation) throws(Diagnostic) { try arcsAsCurves(inv, quadratic: false) }

    /// `arcs i [tolerance e]`: a Bézier as circular arcs within e of it, and how far they stray.
    func arcsCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        switch segment {
        case .quadratic, .cubic: break
        case .line, .arc: throw error(.notACurve(element: i, kind: Interpreter.degreeName(segment), command: "arcs"), inv.ranges[0])
        }
        let tolerance = inv.givenNumber("tolerance") ?? 1e-3
        guard tolerance > 0, tolerance.isFinite else { throw error(.toleranceRange(command: "arcs"), inv.range) }
        guard let fit = segment.circularArcs(tolerance: tolerance) else {
            throw error(.tooManyPieces(command: "arcs", limit: 10_000), inv.range)
        }
        try charge(fit.pieces.count * WorkCost.visitCost, inv.range)
        let replaced: Path
        do { replaced = try path.replacing(elementAt: i, with: fit.pieces) } catch { throw diagnose(error, inv) }
        try replacePath(with: replaced, at: inv.range)
        // Each arc's centre with its radii to the ends; the curve it replaced, dashed.
        var marks: [Figure.Mark] = [.curve(segment, .before, label: nil)]
        for piece in fit.pieces {
            guard case .arc(let a) = piece else { continue }
            marks.append(.polyline([a.start, a.center, a.end], .centre))
            marks.append(.point(a.center, .centre, label: nil))
        }
        lastFigure = Figure(
            title: "arcs \(i): \(fit.pieces.count) arcs within \(NumberFormat.text(tolerance, precision: 6)), their centres", marks: marks)
        report("arcs", .cubics(element: i, count: fit.pieces.count, error: fit.error, made: .arcs))
    }

    /// `quads [i]`: an arc (or every arc) as quadratics of at most 45°, and how far they stray.
    func quadsCommand(_ inv: Invocation) throws(Diagnostic) { try arcsAsCurves(inv, quadratic: true) }

    /// `elevate i`: the element one degree up, exactly (a cubic is the highest degree there is).
    func elevateCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let raised: Segment
        switch segment {
        case .line(let l): raised = .quadratic(l.elevated)
        case .quadratic(let q): raised = .cubic(q.elevated)
        case .cubic, .arc: throw error(.cannotChangeDegree(element: i, kind: Interpreter.degreeName(segment), up: true), inv.ranges[0])
        }
        try replaceElement(i, with: raised, inv)
        report("elevate", .degree(element: i, kind: Interpreter.degreeName(raised), error: nil))
    }

    /// `lower i`: the element one degree down, and how far that moves it.
    func lowerCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        if inv.flag("primer") {
            // The Primer's least squares moves the ends: drawn beside the element, not put in.
            let (lowered, moved): (Segment, Double)
            switch segment {
            case .cubic(let c):
                guard let l = c.leastSquaresLowered else { throw error(.fitImpossible, inv.range) }
                (lowered, moved) = (.quadratic(l.quadratic), l.error)
            case .quadratic(let q):
                let l = q.leastSquaresLowered
                (lowered, moved) = (.line(l.line), l.error)
            case .line, .arc: throw error(.cannotChangeDegree(element: i, kind: Interpreter.degreeName(segment), up: false), inv.ranges[0])
            }
            let points = lowered.bezierPoints ?? []
            lastFigure = Figure(
                title: "lower \(i) primer: the least-squares \(Interpreter.degreeName(lowered)), its ends moved",
                marks: [.curve(lowered, .lowered, label: nil), .polyline(points, .lowered)]
                    + points.enumerated().map { .point($0.element, .lowered, label: "Q\($0.offset)") })
            return report(
                "lower",
                .degree(
                    element: i, kind: Interpreter.degreeName(lowered), error: moved,
                    method: "the Primer's least squares, its ends moved: drawn as a figure, the path unchanged", applied: false))
        }
        let (lowered, moved): (Segment, Double)
        switch segment {
        case .cubic(let c):
            let l = c.lowered
            (lowered, moved) = (.quadratic(l.quadratic), l.error)
        case .quadratic(let q):
            let l = q.lowered
            (lowered, moved) = (.line(l.line), l.error)
        case .line, .arc: throw error(.cannotChangeDegree(element: i, kind: Interpreter.degreeName(segment), up: false), inv.ranges[0])
        }
        try replaceElement(i, with: lowered, inv)
        lastFigure = Figure(title: "lower \(i): the curve before, dashed, and the lowered one", marks: [.curve(segment, .before, label: nil)])
        report("lower", .degree(element: i, kind: Interpreter.degreeName(lowered), error: moved, method: "ends pinned"))
    }

    /// `split`.
    func splitCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let t = try parameter(inv, open: true)
        let split: Path
        do { split = try path.splitting(elementAt: i, at: t) } catch { throw diagnose(error, inv) }
        let (a, b) = segment.split(at: t)
        let title = "split \(i) at t \(NumberFormat.text(t, precision: 4))"
        if let first = a.bezierPoints, let second = b.bezierPoints {
            lastFigure = Figure(title: title, marks: Figure.split(first, second, t: t))
        } else {
            let label = "t = \(NumberFormat.text(t, precision: 4))"
            lastFigure = Figure(
                title: title, marks: [.curve(a, .first, label: nil), .curve(b, .second, label: nil), .point(a.end, .mark, label: label)])
        }
        try replacePath(with: split, at: inv.range)
        report("split", .split(element: i, count: path.elements.count))
    }

    /// `tangent`.
    func tangentCommand(_ inv: Invocation) throws(Diagnostic) {
        let (loc, segment) = try location(inv)
        let v = segment.direction(at: loc.t).normalized ?? Vector(1, 0)
        lastFigure = Figure(title: "tangent at \(NumberFormat.text(inv.numbers[0], precision: 4))", marks: arrowMarks(loc.point, v, .tangent))
        report("tangent", .direction(point: loc.point, vector: v))
    }

    /// `normal`.
    func normalCommand(_ inv: Invocation) throws(Diagnostic) {
        let (loc, segment) = try location(inv)
        let v = (segment.direction(at: loc.t).normalized ?? Vector(1, 0)).perpendicular
        lastFigure = Figure(title: "normal at \(NumberFormat.text(inv.numbers[0], precision: 4))", marks: arrowMarks(loc.point, v, .normal))
        report("normal", .direction(point: loc.point, vector: v))
    }

    /// `curvature`.
    func curvatureCommand(_ inv: Invocation) throws(Diagnostic) {
        let (loc, segment) = try location(inv)
        let k = segment.curvature(at: loc.t)
        let title = "curvature at \(NumberFormat.text(inv.numbers[0], precision: 4))"
        if segment.isCusp(at: loc.t) {
            lastFigure = Figure(title: title + ": a cusp", marks: [.point(loc.point, .mark, label: "cusp")])
            return report("curvature", .curvature(point: loc.point, curvature: nil, radius: 0))
        }
        // The osculating circle: its centre along the normal, 1/k away (k signed: clockwise > 0).
        let normal = (segment.direction(at: loc.t).normalized ?? Vector(1, 0)).perpendicular
        if k != 0, (1 / abs(k)).isFinite, 1 / abs(k) < 1e6 * Swift.max(pathSize, 1e-300) {
            let centre = loc.point + normal * (1 / k)
            lastFigure = Figure(
                title: title,
                marks: [
                    .circle(center: centre, radius: 1 / abs(k), .circle), .polyline([centre, loc.point], .construction),
                    .point(loc.point, .mark, label: nil), .point(centre, .circle, label: "centre"),
                ])
        } else {
            lastFigure = Figure(title: title + ": straight", marks: arrowMarks(loc.point, normal.perpendicular, .tangent))
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
        lastFigure = Figure(
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
        lastFigure = Figure(
            title: "point \(i) at t = \(NumberFormat.text(t, precision: 4)): B′(t)/\(Int(n)) and B″(t)/\(Int(n * (n - 1)))", marks: marks)
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
        lastFigure = Figure(
            title: "locate \(NumberFormat.text(s, precision: 4)): element \(loc.element) at t = \(NumberFormat.text(loc.t, precision: 4))",
            marks: [.point(loc.point, .mark, label: "s = \(NumberFormat.text(s, precision: 4))")])
        report("locate", .located(element: loc.element, t: loc.t))
    }

    /// `inflections i`: where the curvature of element i changes sign.
    func inflectionsCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let list = segment.inflections.map { ExtremePoint(t: $0, point: segment.point(at: $0)) }
        lastFigure = Figure(
            title: "inflections \(i)", marks: list.map { .point($0.point, .mark, label: "t \(NumberFormat.text($0.t, precision: 3))") })
        report("inflections", .inflections(element: i, list))
    }
}

// What the teaching queries and constructions report.
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

    static func split(_ wanted: Wanted, _ command: String, element i: Int, count: Int) -> Wording {
        Wording(
            wanted, "\(command): element \(i) is now elements \(i) and \(i + 1) (\(count) elements)",
            [("element", .integer(i)), ("count", .integer(count))])
    }

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

    static func molded(_ wanted: Wanted, _ command: String, element i: Int, t: Double, point q: Point) -> Wording {
        Wording(
            wanted, "\(command): element \(i) now passes through \(q) at t \(t)", [("element", .integer(i)), ("t", .number(t)), ("point", .pair(q))])
    }

    static func fitted(_ wanted: Wanted, _ command: String, kind: String, points: Int, error: Double, to: Point, length: Double) -> Wording {
        Wording(
            wanted, "\(command): a \(kind) to \(points) points, off by at most \(error, beside: length), to \(to), length \(length)",
            [("kind", .string(kind)), ("points", .integer(points)), ("error", .number(error)), ("to", .pair(to)), ("length", .number(length))])
    }

    /// `chords`: the Primer's table of chord lengths against the exact length.
    static func lengthTable(_ wanted: Wanted, _ command: String, element i: Int, chords: Int, approximate: Double, exact: Double) -> Wording {
        let short = exact > 0 ? (exact - approximate) / exact * 100 : 0
        return Wording(
            wanted, "\(command): element \(i), \(chords) chord\(plural(chords)) \(approximate), exact \(exact), short by \(short)%",
            [("element", .integer(i)), ("chords", .integer(chords)), ("approximate", .number(approximate)), ("exact", .number(exact))],
            value: .record(Record.numbers(["chords": Double(chords), "approximate": approximate, "exact": exact])))
    }

    /// `cubics`, `quads`, `arcs`, `offsetcurve`: what an element became, and how far it moved.
    static func pieces(_ wanted: Wanted, _ command: String, element i: Int, count: Int, error moved: Double, made: Pieces) -> Wording {
        let pieces = "\(count) piece\(plural(count))"
        let text: Line
        switch made {
        case .offset:
            text = "\(command): the offset of element \(i) drawn as a new subpath of \(pieces), off the true offset by at most \(moved)"
        case .arcs:
            text = "\(command): element \(i) is now \(pieces) (circular arcs, lines where straight), off the curve by at most \(moved)"
        case .cubics, .quadratics:
            let what = i < 0 ? "the arcs are" : "element \(i) is"
            let kind = made == .quadratics ? "quadratic" : "cubic"
            text = "\(command): \(what) now \(count) \(kind)\(plural(count)), off the arc by at most \(moved)"
        }
        return Wording(wanted, text, [("element", .integer(i)), ("count", .integer(count)), ("error", .number(moved))])
    }

    /// `raise`, `lower`, `degree`: the element's new kind, or how far off it would be.
    static func degree(
        _ wanted: Wanted, _ command: String, element i: Int, kind: String, error moved: Double?, method: String?, applied: Bool
    ) -> Wording {
        let how = method.map { " (" + $0 + ")" } ?? ""
        let text: Line =
            applied
            ? "\(command): element \(i) is now a \(kind)\(moved.map { m -> Line in ", moved at most \(m)" } ?? ", the same curve")\(how)"
            : "\(command): element \(i) as a \(kind) is off by at most \(moved ?? 0)\(how)"
        var fields: [(name: String, json: JSON)] = [("element", .integer(i)), ("kind", .string(kind))]
        if let moved { fields.append(("error", .number(moved))) }
        if let method { fields.append(("method", .string(method))) }
        if !applied { fields.append(("applied", .bool(false))) }
        return Wording(wanted, text, fields)
    }
}
