import ShapeGeometry

// The Primer's constructions, which change elements: Catmull-Rom points, molding, fitting,
// B-splines, offset curves, arcs and Béziers for each other, raising and lowering the degree,
// splitting.
// Each command's row (what the language knows of it) and its handler (what it does).

extension CommandTable {
    /// The tension of `catmull` and `catmullpoints`.
    static let catmullTension = NumberOption("tension", value: "t", "the spline's tension (default 1; larger is tighter)", default: 1)
    /// The degree of `fit` and `bspline`.
    static let degree = NumberOption("degree", value: "n", "2 for a quadratic, 3 for a cubic (default)", default: 3)
    static let offsetCurveTolerance = NumberOption(
        "tolerance", value: "e", "how far the cubics may stray from the true offset (default 0.000001)", default: Tolerance.offset)
    static let arcsTolerance = NumberOption(
        "tolerance", value: "e", "the largest distance allowed between the curve and its arcs (default 0.001)",
        default: Magnitude.defaultFitTolerance)
    static let lowerPrimer = FlagOption(
        "primer", "the Primer's least squares instead, whose ends move: drawn as a figure beside the element, which stays (the path would tear)")

    static let constructions: [CommandSpec] = [
        CommandSpec(
            name: "catmullpoints", parameters: ["i"],
            keywords: [catmullTension.described("the spline's tension (default 1)").spec],
            group: .teaching, cost: .unit, isQuery: true,
            summary: "the four Catmull-Rom points that draw Bézier element i: catmull through them gives it back",
            example: "catmullpoints 2", run: { (i, inv) throws(Diagnostic) in try i.catmullPointsCommand(inv) }),
        CommandSpec(
            name: "mold", parameters: ["i", "t", "x", "y"], group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "move element i's point at t to (x, y), its ends kept (the projection identity; a cubic keeps its tangent there)",
            example: "mold 2 0.5 60 -20", run: { (i, inv) throws(Diagnostic) in try i.moldCommand(inv) }),
        CommandSpec(
            name: "fit", parameters: ["x", "y"], variadic: .coordinatePairs,
            keywords: [degree.spec],
            group: .path, cost: .perElement(0), isQuery: false,
            summary: "the Bézier from the current point to the last point nearest all the points (least squares), and how far it misses",
            example: "fit 10 20 30 25 50 0", run: { (i, inv) throws(Diagnostic) in try i.fitCommand(inv) }),
        CommandSpec(
            name: "bspline", parameters: ["x", "y"], variadic: .coordinatePairs,
            keywords: [degree.described("2 or 3 (default)").spec],
            group: .path, cost: .perElement(0), isQuery: false,
            summary: "the B-spline with the current point and these as control points, from the first to the last, as Béziers",
            example: "bspline 20 40 60 40 80 0", run: { (i, inv) throws(Diagnostic) in try i.bSplineCommand(inv) }),
        CommandSpec(
            name: "offsetcurve", parameters: ["i", "d", "d1"], optionalCount: 1,
            keywords: [offsetCurveTolerance.spec],
            group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "draw the curve at distance d beside element i (growing to d1 at its end: a graduated offset) as a new subpath",
            example: "offsetcurve 2 10", run: { (i, inv) throws(Diagnostic) in try i.offsetCurveCommand(inv) }),
        CommandSpec(
            name: "lengthtable", parameters: ["i", "n"], group: .teaching, cost: .unit, isQuery: true,
            summary: "element i's length summed as n chords (a look-up table) beside the exact length",
            example: "lengthtable 2 10", run: { (i, inv) throws(Diagnostic) in try i.lengthTableCommand(inv) }),
        CommandSpec(
            name: "cubics", parameters: ["i"], optionalCount: 1, group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary:
                "replace arc element i (or every arc) by the cubics CoreGraphics draws it with, a quarter turn at most each, and say how far they stray",
            example: "cubics", run: { (i, inv) throws(Diagnostic) in try i.cubicsCommand(inv) }),
        CommandSpec(
            name: "arcs", parameters: ["i"],
            keywords: [arcsTolerance.spec],
            group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "replace Bézier element i by circular arcs within e of it (lines where it is straight) and say how far they stray",
            example: "arcs 2", run: { (i, inv) throws(Diagnostic) in try i.arcsCommand(inv) }),
        CommandSpec(
            name: "quads", parameters: ["i"], optionalCount: 1, group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "replace arc element i (or every arc) by quadratic Béziers of at most 45° each and say how far they stray",
            example: "quads", run: { (i, inv) throws(Diagnostic) in try i.quadsCommand(inv) }),
        CommandSpec(
            name: "elevate", parameters: ["i"], group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "raise element i's degree by one (a line to a quadratic, a quadratic to a cubic): the curve does not change",
            example: "elevate 1", run: { (i, inv) throws(Diagnostic) in try i.elevateCommand(inv) }),
        CommandSpec(
            name: "lower", parameters: ["i"],
            keywords: [lowerPrimer.spec],
            group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary:
                "lower element i's degree by one, ends pinned (a cubic to the nearest quadratic, a quadratic to its chord) and say how far it moved",
            example: "lower 2", run: { (i, inv) throws(Diagnostic) in try i.lowerCommand(inv) }),
        CommandSpec(
            name: "split", parameters: ["i", "t"], group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "split element i at parameter t into two of its kind (the shape does not change)",
            example: "split 1 0.5", run: { (i, inv) throws(Diagnostic) in try i.splitCommand(inv) }),
    ]
}

extension Interpreter {
    /// `catmullpoints i [tension t]`: the four Catmull-Rom points that draw the curve.
    func catmullPointsCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let tension = inv[CommandTable.catmullTension]
        guard tension > 0, tension.isFinite else { throw error(.catmullTension, inv.range) }
        guard let points = segment.catmullRomPoints(tension: tension) else {
            throw error(
                .needsACurve(element: i, kind: Interpreter.degreeName(segment), command: "catmullpoints", what: "a quadratic or cubic Bézier"),
                inv.ranges[0])
        }
        drawn = Figure(
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
        drawn = Figure(
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
        drawn = Figure(
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
        drawn = Figure(
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
        let tolerance = inv[CommandTable.offsetCurveTolerance]
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
        func runs(_ t: Double) -> Double {
            (q(Swift.min(t + Magnitude.parameterStep, 1)) - q(Swift.max(t - Magnitude.parameterStep, 0))).dot(segment.direction(at: t))
        }
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
        drawn = Figure(
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
        try charge(Int(saturating: x), inv.range)
        // The chords themselves, drawn when there are few enough to see.
        let chords = Int(saturating: x)
        let title = "lengthtable \(i): \(chords) chord\(plural(chords))"
        if chords <= 1000 {
            let points = (0...chords).map { segment.point(at: Double($0) / Double(chords)) }
            drawn = Figure(title: title, marks: [.polyline(points, .construction)] + points.map { .point($0, .mark, label: nil) })
        } else {
            drawn = Figure(title: title + " (too many to draw)", marks: [])
        }
        report("lengthtable", .lengthTable(element: i, chords: chords, approximate: segment.chordLength(chords), exact: path.length(ofElement: i)))
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
        let tolerance = inv[CommandTable.arcsTolerance]
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
        drawn = Figure(
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
        if inv[CommandTable.lowerPrimer] {
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
            drawn = Figure(
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
        drawn = Figure(title: "lower \(i): the curve before, dashed, and the lowered one", marks: [.curve(segment, .before, label: nil)])
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
            drawn = Figure(title: title, marks: Figure.split(first, second, t: t))
        } else {
            let label = "t = \(NumberFormat.text(t, precision: 4))"
            drawn = Figure(
                title: title, marks: [.curve(a, .first, label: nil), .curve(b, .second, label: nil), .point(a.end, .mark, label: label)])
        }
        try replacePath(with: split, at: inv.range)
        report("split", .split(element: i, count: path.elements.count))
    }
}

// What the constructions report.
extension Wording {
    static func split(_ wanted: Wanted, _ command: String, element i: Int, count: Int) -> Wording {
        Wording(
            wanted, "\(command): element \(i) is now elements \(i) and \(i + 1) (\(count) elements)",
            [("element", .integer(i)), ("count", .integer(count))])
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
