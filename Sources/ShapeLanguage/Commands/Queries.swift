import ShapeGeometry

// Queries about the path and its output (export, save, show, length, ..., elements), and the
// operations between shapes and on outlines (union, intersect, subtract, xor, simplify, stroke,
// dashes, offset).
// Each command's row (what the language knows of it) and its handler (what it does).

extension CommandTable {
    static let queries: [CommandSpec] = [
        CommandSpec(
            name: "export", parameters: ["def", "\"file.swift\""], optionalCount: 2,
            keywords: ExportFormat.allCases.map { flag($0.rawValue, $0.summary) }
                + SwiftTarget.allCases.map { flag($0.rawValue, $0.summary) }
                + [
                    KeywordSpec(
                        name: "as", values: ["NAME"],
                        summary: "the name of the variable, type or function (default: path, Drawing, or the def's name)",
                        takesName: true),
                    flag("angles", "with points: each point with the path's tangent angle there, for keyframes"),
                    flag(
                        "exact",
                        "every bit of every number (else a number within 1e-12 of the path's size of a short decimal is written as it, and angles as .pi fractions)"
                    ),
                ],
            optionGroups: [
                OptionGroup(names: ExportFormat.allCases.map({ $0.rawValue }), required: true),
                OptionGroup(names: SwiftTarget.allCases.map({ $0.rawValue }), required: false),
            ],
            group: .query, cost: .perElement(WorkCost.listingCost), isQuery: true, functionForm: false,
            summary: "print the path as Swift code or SVG path data, or write it to a .swift file; with a def's name, the def as a Swift function",
            example: "export swift cgpath as card", takesText: true, run: Interpreter.exportCommand),
        CommandSpec(
            name: "save", parameters: ["\"file.svg\""],
            keywords: SaveLayer.allCases.map { flag($0.rawValue, $0.summary) } + [flag("all", "every layer but fill")],
            group: .query, cost: .perElement(WorkCost.listingCost), isQuery: true, functionForm: false,
            summary: "write an SVG (or, for a .pdf name, PDF) picture of the path, with optional layers",
            example: "save \"figure.svg\" points handle", takesText: true, run: Interpreter.saveCommand),
        CommandSpec(
            name: "show", parameters: [],
            keywords: [
                flag("ascii", "plain ASCII instead of braille"), flag("controls", "the control polygons, control points as ○ (o in ASCII)"),
                flag("handle", "the handle, as ● (@ in ASCII)"),
            ], group: .query,
            cost: .perElement(3), isQuery: true, functionForm: false,
            summary: "plot the path in the terminal (braille dots), with its control polygons or the handle if asked", example: "show controls",
            run: Interpreter.showCommand),
        CommandSpec(
            name: "length", parameters: [], group: .query, cost: .unit, isQuery: true,
            summary: "total length of the path", example: "length", run: Interpreter.lengthCommand),
        CommandSpec(
            name: "area", parameters: [], group: .query, cost: .perElement(WorkCost.visitCost), isQuery: true,
            summary:
                "the area the outline encloses (Green's theorem, each subpath closed by a line to its start): clockwise on screen counts positive, counter-clockwise negative",
            example: "area", run: Interpreter.areaCommand),
        CommandSpec(
            name: "points", parameters: [], group: .query, cost: .unit, isQuery: true,
            summary: "list the track points", example: "points", run: Interpreter.pointsCommand),
        CommandSpec(
            name: "bounds", parameters: [], group: .query, cost: .unit, isQuery: true,
            summary: "tight bounds of the exact geometry", example: "bounds", run: Interpreter.boundsCommand),
        CommandSpec(
            name: "contains", parameters: ["x", "y"],
            keywords: [flag("evenodd", "use the even-odd rule instead of nonzero winding")],
            group: .query, cost: .units(20), isQuery: true,
            summary: "is (x, y) inside the path?", example: "contains 50 50", run: Interpreter.containsCommand),
        CommandSpec(
            name: "winding", parameters: ["x", "y"], group: .query, cost: .units(20), isQuery: true,
            summary:
                "the winding number of the path around (x, y), and what each fill rule makes of it (save ... figure draws the ray and its crossings)",
            example: "winding 50 50", run: Interpreter.windingCommand),
        CommandSpec(
            name: "nearest", parameters: ["x", "y"], group: .query, cost: .units(20), isQuery: true,
            summary: "nearest point of the path, its distance and arc-length position", example: "nearest 0 0",
            run: Interpreter.nearestCommand),
        CommandSpec(
            name: "intersections", parameters: ["a"], optionalCount: 1, group: .query, cost: .perElement(WorkCost.visitCost),
            isQuery: true,
            summary: "where the path crosses or touches itself, or path value a (points, arc lengths, overlaps)",
            example: "intersections", takesText: true, run: Interpreter.intersectionsCommand),
        combination(
            "union", "the path becomes the outline of its filled area together with path value a's",
            example: "let a = path(); clear; circle 100 20 50; union a"),
        combination(
            "intersect", "the path becomes the outline of where its filled area and path value a's overlap",
            example: "let a = path(); clear; circle 100 20 50; intersect a"),
        combination(
            "subtract", "the path becomes the outline of its filled area with path value a's cut away",
            example: "let hole = path(); clear; rect -50 -50 400 150; subtract hole"),
        combination(
            "xor", "the path becomes the outline of where exactly one of its filled area and path value a's is",
            example: "let a = path(); clear; circle 100 20 50; xor a"),
        CommandSpec(
            name: "stroke", parameters: ["w"],
            keywords: [
                KeywordSpec(
                    name: "cap", values: ["butt|round|square"], summary: "the ends of open subpaths (default butt)", defaults: [0],
                    choices: ["butt", "round", "square"]),
                KeywordSpec(
                    name: "join", values: ["miter|round|bevel"], summary: "the corners (default miter)", defaults: [0],
                    choices: ["miter", "round", "bevel"]),
                miterLimit, offsetTolerance,
            ],
            group: .combine, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "the path becomes the outline CoreGraphics fills when stroking it with width w: no overlaps, no crossings",
            example: "stroke 4 cap round", run: Interpreter.strokeCommand),
        CommandSpec(
            name: "dashes", parameters: ["on", "off"], variadic: true,
            keywords: [KeywordSpec(name: "phase", values: ["p"], summary: "start this far into the pattern", defaults: [0])],
            group: .combine, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "the path becomes its dashes, one subpath each (arcs stay arcs; the pattern and rule of dash)",
            example: "dashes 6 4", run: Interpreter.dashesCommand),
        CommandSpec(
            name: "offset", parameters: ["d"],
            keywords: [
                KeywordSpec(
                    name: "join", values: ["round|miter|bevel"], summary: "the corners of a grown outline (default round)", defaults: [0],
                    choices: ["round", "miter", "bevel"]),
                miterLimit, offsetTolerance,
            ],
            group: .combine, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "the path becomes the outline of its filled area grown by d (shrunk for negative d): every point of it d from the original",
            example: "offset 5", run: Interpreter.offsetCommand),
        CommandSpec(
            name: "simplify", parameters: [], keywords: [flag("evenodd", "fill with the even-odd rule instead of nonzero winding")],
            group: .combine, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "the path becomes the outline of its own filled area: no overlaps, no crossings",
            example: "simplify", run: Interpreter.booleanCommand),
        CommandSpec(
            name: "at", parameters: ["s"], group: .query, cost: .unit, isQuery: true,
            summary: "point and tangent angle at arc length s", example: "at 100", run: Interpreter.atCommand),
        CommandSpec(
            name: "elements", parameters: [], group: .query, cost: .perElement(WorkCost.listingCost), isQuery: true,
            summary: "list the path's elements with their lengths", example: "elements", run: Interpreter.elementsCommand),
    ]
}

extension Interpreter {
    /// `export`.
    func exportCommand(_ inv: Invocation) throws(Diagnostic) {
        // The table's option groups make exactly one format present, and one target at most.
        let format = ExportFormat.allCases.first { inv.flag($0.rawValue) }!
        let given = SwiftTarget.allCases.first { inv.flag($0.rawValue) }
        if let given, format != .swift { throw error(.exportOptionNeeds(option: given.rawValue, format: "swift"), inv.range) }
        if inv.flag("angles"), format != .points { throw error(.exportOptionNeeds(option: "angles", format: "points"), inv.range) }
        let target = given ?? .uikit
        // The arguments: a def's name and a file name, each once at most, in either order.
        var procedure: (String, Procedure, SourceRange)?
        var file: (String, SourceRange)?
        for argument in inv.arguments {
            if case .name(let word, let r) = argument, let p = state.procedures[word], procedure == nil {
                procedure = (word, p, r)
            } else if file == nil {
                file = (try fileName(argument), argument.range)
            } else {
                throw error(.exportTwoFiles, argument.range)
            }
        }
        if let (f, r) = file, format == .svg || !f.asciiLowercased.hasSuffix(".swift") { throw error(.notSwiftFile(f), r) }
        if let (_, _, r) = procedure, format != .swift { throw error(.exportOptionNeeds(option: "a def", format: "swift"), r) }
        // A def's function takes its name; a Shape type, its name capitalized.
        var name =
            procedure.map { target == .shape ? String($0.0.prefix(1)).asciiUppercased + $0.0.dropFirst() : $0.0 }
            ?? (format == .points ? (inv.flag("angles") ? "keyframes" : "points") : target.defaultName)
        if let (n, r) = inv.names["as"] {
            guard SwiftTranslation.isSwiftName(n) else { throw error(.notASwiftName(n), r) }
            name = n
        } else if let (word, _, r) = procedure, !SwiftTranslation.isSwiftName(name) {
            throw error(.notASwiftName(word), r, suggestion: "give the function a name with 'as'")
        }
        var request = ExportRequest(
            format: format, target: target, name: name, exact: inv.flag("exact"), path: path,
            dash: state.dashGiven ? state.dash : nil, points: [], angles: nil, function: nil, file: file?.0, from: source.name)
        if format == .points {
            if inv.flag("angles") {
                let pairs: [(point: Point, angle: Double)]
                do { pairs = try TrackPoints.computeWithAngles(path, pattern: state.dash, limit: limits.trackPoints) } catch {
                    throw diagnose(error, inv)
                }
                request.points = pairs.map { $0.point }
                request.angles = pairs.map { $0.angle }
            } else {
                request.points = try trackPoints(inv.range)
            }
            try charge(WorkCost.listingCost * request.points.count, inv.range)
        }
        if let (word, p, r) = procedure {
            var translation = SwiftTranslation(target: target, source: p.source)
            request.function = try translation.function(word, p, at: r)
        }
        guard let (f, r) = file else { return report("export", .export(request)) }
        guard let exporter else { throw error(.cannotSave(f, reason: "writing files is not available here"), r) }
        let written: String
        do { written = try exporter(request) } catch { throw self.error(.cannotSave(f, reason: "\(error)"), r) }
        report("export", .saved(written))
    }

    /// `save "file.svg" [layers]`.
    func saveCommand(_ inv: Invocation) throws(Diagnostic) {
        let argument = inv.arguments[0]
        let file = try fileName(argument)
        guard file.asciiLowercased.hasSuffix(".svg") || file.asciiLowercased.hasSuffix(".pdf") else { throw error(.notSVGFile(file), argument.range) }
        // `all` is every layer but `fill`; the other option words name one each.
        // `all`: the handle only once one was placed or shown (else it would sit at P0 unasked).
        let layers =
            inv.flag("all")
            ? Set(SaveLayer.allCases).subtracting(state.handlePlaced ? [.fill] : [.fill, .handle])
            : Set(inv.keywordNames.compactMap(SaveLayer.init(rawValue:)))
        try save(file, layers: layers, argument: argument, range: inv.range)
    }

    /// `show`.
    func showCommand(_ inv: Invocation) throws(Diagnostic) {
        // The plot samples up to this many points besides two per element (charged as visits).
        try charge(Limits.plotSamples, inv.range)
        // The handle is drawn when asked for and its track points can be had (not past their limit).
        let points: [Point]? = path.isEmpty || !inv.flag("handle") ? nil : (try? trackPoints(inv.range))
        let handle = points.flatMap { state.handle.point(in: $0) }
        report("show", .plot(path: path, handle: handle, ascii: inv.flag("ascii"), controls: inv.flag("controls")))
    }

    /// `length`.
    func lengthCommand(_ inv: Invocation) throws(Diagnostic) {
        report("length", .length(path.length))
    }

    /// `area`: ½∮(x dy − y dx) over every subpath, each closed by a line back to its start
    /// (Green's theorem), so a region counts once for each time the outline winds clockwise (on
    /// screen) about it, and negatively counter-clockwise: the area of a simple shape, signed by
    /// its direction. (The area a path fills with overlaps counted once is that of its
    /// `simplify`.) Exact to rounding: every kind in closed form, about the bounds' centre.
    func areaCommand(_ inv: Invocation) throws(Diagnostic) {
        report("area", .answer(.number(Interpreter.enclosedArea(path))))
    }

    static func enclosedArea(_ path: Path) -> Double {
        // About the bounds' centre, so that the cross products do not cancel far from the origin.
        guard let b = path.bounds else { return 0 }
        let o = Point(0.5 * (b.minX + b.maxX), 0.5 * (b.minY + b.maxY))
        func chord(_ a: Point, _ b: Point) -> Double { 0.5 * (a - o).cross(b - o) }
        func piece(_ s: Segment) -> Double {
            switch s {
            case .line(let l): return chord(l.p0, l.p1)
            case .arc(let a):
                // x = c + u·cos θ + v·sin θ: the integrand is c×(v cos θ − u sin θ) + u×v.
                let c = a.center - o, from = a.startAngle, to = a.startAngle + a.sweep
                let sines: Double = Maths.sin(to) - Maths.sin(from), cosines: Double = Maths.cos(to) - Maths.cos(from)
                let turned: Double = a.sweep * a.u.cross(a.v)
                return 0.5 * (c.cross(a.v) * sines + c.cross(a.u) * cosines + turned)
            // ½∫(B − o)×B′ dt in the control points (the integrals of the Bernstein products).
            case .quadratic(let q):
                let (a, b, c) = (q.p0 - o, q.p1 - o, q.p2 - o)
                return (2 * a.cross(b) + a.cross(c) + 2 * b.cross(c)) / 6
            case .cubic(let k):
                let (a, b, c, d) = (k.p0 - o, k.p1 - o, k.p2 - o, k.p3 - o)
                return (6 * a.cross(b) + 3 * a.cross(c) + a.cross(d) + 3 * b.cross(c) + 3 * b.cross(d) + 6 * c.cross(d)) / 20
            }
        }
        var total = 0.0
        var start: Point?, current: Point?
        for e in path.elements {
            switch e {
            case .move(let p):
                if let s = start, let c = current { total += chord(c, s) }
                (start, current) = (p, p)
            case .segment(let s):
                total += piece(s)
                current = s.end
            case .close(let l):
                total += chord(l.p0, l.p1)
                current = l.p1
            }
        }
        if let s = start, let c = current { total += chord(c, s) }
        return total
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
        let inside = contains(inv.point(0), rule: inv.flag("evenodd") ? .evenOdd : .nonZero, visits: &visits)
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
            try charge(used + WorkCost.listingCost * found.count, inv.range)
            marks.append(.arrow(p, end, .construction))
            for m in found.stablySorted(by: { $0.other < $1.other }) {
                let down = path.location(atLength: m.at).map { Maths.sin($0.angle) } ?? 0
                let label = abs(down) < Tolerance.turn ? "touch" : (down > 0 ? "+1" : "-1")
                marks.append(.point(m.point, .mark, label: label))
            }
        }
        lastFigure = Figure(title: "winding: a ray from the point; each crossing adds +1 (downwards) or -1 (upwards)", marks: marks)

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
        lastNearest = (inv.point(0), loc.point)
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
        lastFigure = Figure(title: "intersections", marks: found.map { .point($0.point, .mark, label: nil) })
        report("intersections", .intersections(found))
    }

    /// `stroke w [cap ...] [join ...] [limit m] [tolerance e]`: the stroke's outline.
    func strokeCommand(_ inv: Invocation) throws(Diagnostic) {
        let w = inv.numbers[0]
        guard w > 0, w.isFinite else { throw error(.positiveNumber(command: "stroke", what: "a width"), inv.ranges[0]) }
        let style = try strokeStyle(
            inv, width: w, cap: inv.choice("cap", LineCap.self), join: inv.choice("join", LineJoin.self))
        guard !path.isEmpty else { throw error(.noPath("stroke"), inv.range) }
        try checkWidth(w, inv)
        let (result, err) = try outline(inv) { left in path.strokedResult(style, budget: left) }
        try replacePath(with: result, at: inv.range)
        report(inv.name, .outline(subpaths: result.subpathStarts.count, elements: result.elements.count, length: result.length, error: err))
    }

    /// `dashes on off ... [phase p]`: the path cut into the dashes of the pattern.
    func dashesCommand(_ inv: Invocation) throws(Diagnostic) {
        let pattern: DashPattern
        do { pattern = try DashPattern(inv.numbers, phase: inv.number("phase")) } catch { throw diagnose(error, inv) }
        guard !path.isEmpty else { throw error(.noPath("dashes"), inv.range) }
        let result: Path
        do { result = try path.dashed(pattern, limit: limits.trackPoints) } catch { throw diagnose(error, inv) }
        try charge(WorkCost.listingCost * result.elements.count, inv.range)
        try replacePath(with: result, at: inv.range)
        report(inv.name, .outline(subpaths: result.subpathStarts.count, elements: result.elements.count, length: result.length, error: nil))
    }

    /// `offset d [join ...] [limit m] [tolerance e]`: the filled area grown or shrunk by d.
    func offsetCommand(_ inv: Invocation) throws(Diagnostic) {
        let d = inv.numbers[0]
        guard d.isFinite else { throw error(.positiveNumber(command: "offset", what: "a finite distance"), inv.ranges[0]) }
        let join = inv.choice("join", LineJoin.self)
        let style = try strokeStyle(inv, width: 2 * abs(d), cap: .butt, join: join)
        guard !path.isEmpty else { throw error(.noPath("offset"), inv.range) }
        try checkWidth(2 * abs(d), inv)
        let (result, err) = try outline(inv) { left in
            path.offsetResult(by: d, join: join, miterLimit: style.miterLimit, tolerance: style.tolerance, budget: left)
        }
        try replacePath(with: result, at: inv.range)
        report(inv.name, .outline(subpaths: result.subpathStarts.count, elements: result.elements.count, length: result.length, error: err))
    }

    /// `union a`, `intersect a`, `subtract a`, `xor a`, `simplify` (each `[evenodd]`): the path
    /// becomes the outline of the combined filled areas (SPEC §10).
    func booleanCommand(_ inv: Invocation) throws(Diagnostic) {
        let rule: FillRule = inv.flag("evenodd") ? .evenOdd : .nonZero
        let operation = BooleanOperation(rawValue: inv.name)
        let other = try operation.map { (_) throws(Diagnostic) in try pathArgument(inv.arguments[0], "what '\(inv.name)' combines with", inv) }
        let left = Swift.max(limits.statementWork - current.work, 0)
        let outcome =
            if let operation, let other { path.combinedResult(with: other, operation, rule: rule, budget: left) } else {
                path.simplifiedResult(rule: rule, budget: left)
            }
        let result: Path
        switch outcome {
        case .success(let (path, used)):
            try charge(used, inv.range)
            result = path
        case .failure(.outOfWork): throw error(.workLimit(limits.statementWork), inv.range)
        case .failure(.inconsistent): throw error(.inconsistentOutline(inv.name), inv.range)
        }
        try replacePath(with: result, at: inv.range)
        report(inv.name, .outline(subpaths: result.subpathStarts.count, elements: result.elements.count, length: result.length, error: nil))
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

// What the queries and the output commands report.
extension Wording {
    /// `points`: the track points, one per line.
    static func points(_ wanted: Wanted, _ command: String, _ list: [Point]) -> Wording {
        var lines: [Line] = ["\(command): \(list.count)"]
        for (i, q) in list.enumerated() { lines.append("  \(i): \(q)") }
        return Wording(
            wanted, lines, [("count", .integer(list.count)), ("points", .array(list.map { .pair($0) }))], value: .list(list.map(Value.point)))
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
        var lines: [Line] = ["\(command): \(list.count)"]
        let total = list.reduce(0) { $0 + $1.length }
        for e in list { lines.append("  \(e.index): \(formatted: { e.command(precision: $0) })  # length \(e.length, beside: total)") }
        return Wording(wanted, lines, [("elements", .array(list.map { .value($0.value) }))], value: .list(list.map { $0.value }))
    }

    static func intersections(_ wanted: Wanted, _ command: String, _ list: [PathIntersection]) -> Wording {
        var lines: [Line] = ["\(command): \(list.count)"]
        for (k, m) in list.enumerated() {
            lines.append("  \(k): \(m.point) at \(m.at), other \(m.other)\(m.overlap.map { o -> Line in ", overlap \(o)" } ?? "")")
        }
        func record(_ m: PathIntersection) -> Record {
            var r = Record.numbers(["x": m.point.x, "y": m.point.y, "at": m.at, "other": m.other])
            if let o = m.overlap { r.append("overlap", .number(o)) }
            return r
        }
        return Wording(
            wanted, lines, [("count", .integer(list.count)), ("intersections", .array(list.map { .value(.record(record($0))) }))],
            value: .list(list.map { .record(record($0)) }))
    }

    /// `stroke`, `offset`, `outline`: what the outline is made of, and the Bézier offsets' error.
    static func outline(_ wanted: Wanted, _ command: String, subpaths: Int, elements: Int, length: Double, error: Double?) -> Wording {
        let within: Line = error.map { $0 > 0 ? ", Bézier offsets within \($0) of exact" : "" } ?? ""
        var fields: [(name: String, json: JSON)] = [("subpaths", .integer(subpaths)), ("elements", .integer(elements)), ("length", .number(length))]
        if let error { fields.append(("error", .number(error))) }
        return Wording(
            wanted, "\(command): \(subpaths) subpath\(plural(subpaths)), \(elements) element\(plural(elements)), length \(length)\(within)", fields)
    }

    /// A query's answer: one value on the line, or a record's fields one per line.
    static func answer(_ wanted: Wanted, _ command: String, _ v: Value) -> Wording {
        guard case .record(let fields) = v else { return Wording(wanted, "\(command): \(v, quoted: true)", [("value", .value(v))], value: v) }
        var lines: [Line] = ["\(command):"]
        for (name, field) in zip(fields.names, fields.values) { lines.append("  \(name): \(field, quoted: false)") }
        return Wording(wanted, lines, JSON.fields(of: fields), value: v)
    }

    static func saved(_ wanted: Wanted, _ command: String, file: String, note: String?) -> Wording {
        var fields: [(name: String, json: JSON)] = [("file", .string(file))]
        if let note { fields.append(("note", .string(note))) }
        return Wording(wanted, "\(command): wrote \(file)\(note.map { " (" + $0 + ")" } ?? "")", fields)
    }

    /// `show`: the terminal plot, drawn by the output format.
    static func plot(_ wanted: Wanted, path: Path, handle: Point?, ascii: Bool, controls: Bool) -> Wording {
        let plot = Document.plot(path: path, handle: handle, ascii: ascii, controls: controls)
        return Wording(wanted, Line([.document(plot)]), [("text", .document(plot))])
    }

    /// `export`: the text, drawn by the output format.
    static func export(_ wanted: Wanted, _ request: ExportRequest) -> Wording {
        var fields: [(name: String, json: JSON)] = [("format", .string(request.format.rawValue))]
        if request.format == .swift { fields.append(("target", .string(request.target.rawValue))) }
        fields.append(("text", .document(.export(request))))
        return Wording(wanted, Line([.document(.export(request))]), fields)
    }
}
