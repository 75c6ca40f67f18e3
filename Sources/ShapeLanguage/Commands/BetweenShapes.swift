import ShapeGeometry

// Operations between shapes and on outlines: union, intersect, subtract, xor, stroke, dashes,
// offset, simplify.
// Each command's row (what the language knows of it) and its handler (what it does).

extension CommandTable {
    static let strokeCap = ChoiceOption("cap", "the ends of open subpaths (default butt)", default: LineCap.butt)
    static let strokeJoin = ChoiceOption("join", "the corners (default miter)", default: LineJoin.miter)
    static let offsetJoin = ChoiceOption(
        "join", "the corners of a grown outline (default round)", default: LineJoin.round, order: [.round, .miter, .bevel])

    static let betweenShapes: [CommandSpec] = [
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
                strokeCap.spec, strokeJoin.spec, miterLimit.spec, offsetTolerance.spec,
            ],
            group: .combine, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "the path becomes the outline CoreGraphics fills when stroking it with width w: no overlaps, no crossings",
            example: "stroke 4 cap round", run: { (i, inv) throws(Diagnostic) in try i.strokeCommand(inv) }),
        CommandSpec(
            name: "dashes", parameters: ["on", "off"], variadic: .lengths,
            keywords: [dashPhase.spec],
            group: .combine, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "the path becomes its dashes, one subpath each (arcs stay arcs; the pattern and rule of dash)",
            example: "dashes 6 4", run: { (i, inv) throws(Diagnostic) in try i.dashesCommand(inv) }),
        CommandSpec(
            name: "offset", parameters: ["d"],
            keywords: [
                offsetJoin.spec, miterLimit.spec, offsetTolerance.spec,
            ],
            group: .combine, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "the path becomes the outline of its filled area grown by d (shrunk for negative d): every point of it d from the original",
            example: "offset 5", run: { (i, inv) throws(Diagnostic) in try i.offsetCommand(inv) }),
        CommandSpec(
            name: "simplify", parameters: [], keywords: [evenOdd.described("fill with the even-odd rule instead of nonzero winding").spec],
            group: .combine, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "the path becomes the outline of its own filled area: no overlaps, no crossings",
            example: "simplify", run: { (i, inv) throws(Diagnostic) in try i.booleanCommand(inv) }),
    ]
}

extension Interpreter {
    /// `stroke w [cap ...] [join ...] [limit m] [tolerance e]`: the stroke's outline.
    func strokeCommand(_ inv: Invocation) throws(Diagnostic) {
        let w = inv.numbers[0]
        guard w > 0, w.isFinite else { throw error(.positiveNumber(command: "stroke", what: "a width"), inv.ranges[0]) }
        let style = try strokeStyle(
            inv, width: w, cap: inv[CommandTable.strokeCap], join: inv[CommandTable.strokeJoin])
        guard !path.isEmpty else { throw error(.noPath("stroke"), inv.range) }
        try checkWidth(w, inv)
        let (result, err) = try outline(inv) { left in path.strokedResult(style, budget: left) }
        try replacePath(with: result, at: inv.range)
        report(inv.name, .outline(subpaths: result.subpathStarts.count, elements: result.elements.count, length: result.length, error: err))
    }

    /// `dashes on off ... [phase p]`: the path cut into the dashes of the pattern.
    func dashesCommand(_ inv: Invocation) throws(Diagnostic) {
        let pattern: DashPattern
        do { pattern = try DashPattern(inv.numbers, phase: inv[CommandTable.dashPhase]) } catch { throw diagnose(error, inv) }
        guard !path.isEmpty else { throw error(.noPath("dashes"), inv.range) }
        let result: Path
        do { result = try path.dashed(pattern, limit: limits.trackPoints) } catch { throw diagnose(error, inv) }
        try charge(WorkCost.listingCost * result.elements.count, inv.range)
        try replacePath(with: result, at: inv.range)
        // The dashes are the path now: drawn and exported whole, not dashed a second time by
        // an earlier `dash` (whose pattern stays, for the track points).
        state.dashGiven = false
        report(inv.name, .outline(subpaths: result.subpathStarts.count, elements: result.elements.count, length: result.length, error: nil))
    }

    /// `offset d [join ...] [limit m] [tolerance e]`: the filled area grown or shrunk by d.
    func offsetCommand(_ inv: Invocation) throws(Diagnostic) {
        let d = inv.numbers[0]
        guard d.isFinite else { throw error(.positiveNumber(command: "offset", what: "a finite distance"), inv.ranges[0]) }
        let join = inv[CommandTable.offsetJoin]
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
        let rule: FillRule = inv[CommandTable.evenOdd] ? .evenOdd : .nonZero
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
        // (Lengths left to be measured later: the report, which nobody reads, is not made.)
        guard !path.measuresLater else { return }
        report(inv.name, .outline(subpaths: result.subpathStarts.count, elements: result.elements.count, length: result.length, error: nil))
    }
}

// What the operations on outlines report.
extension Wording {
    /// `stroke`, `offset`, `outline`: what the outline is made of, and the Bézier offsets' error.
    static func outline(_ wanted: Wanted, _ command: String, subpaths: Int, elements: Int, length: Double, error: Double?) -> Wording {
        // (The bound in significant digits: rounded to the printer's decimals, one of 8.2e-5
        // read as 0.0001, past a tolerance of 8.4e-5.)
        let within: Line =
            error.map { e in e > 0 ? ", Bézier offsets within \(formatted: { NumberFormat.bound(e, precision: $0) }) of exact" : "" } ?? ""
        var fields: [(name: String, json: JSON)] = [("subpaths", .integer(subpaths)), ("elements", .integer(elements)), ("length", .number(length))]
        if let error { fields.append(("error", .number(error))) }
        return Wording(
            wanted, "\(command): \(subpaths) subpath\(plural(subpaths)), \(elements) element\(plural(elements)), length \(length)\(within)", fields)
    }
}
