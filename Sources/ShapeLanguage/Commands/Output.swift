import ShapeGeometry

// Output: export, save, show.
// Each command's row (what the language knows of it) and its handler (what it does).

extension CommandTable {
    static let exportAngles = FlagOption("angles", "with points: each point with the path's tangent angle there, for keyframes")
    static let exportExact = FlagOption(
        "exact",
        "every bit of every number (else a number within 1e-12 of the path's size of a short decimal is written as it, and angles as .pi fractions)"
    )
    static let saveAll = FlagOption("all", "every layer but fill")
    static let showASCII = FlagOption("ascii", "plain ASCII instead of braille")
    static let showControls = FlagOption("controls", "the control polygons, control points as ○ (o in ASCII)")
    static let showHandle = FlagOption("handle", "the handle, as ● (@ in ASCII)")

    static let output: [CommandSpec] = [
        CommandSpec(
            name: "export", parameters: ["def", "\"file.swift\""], optionalCount: 2,
            keywords: ExportFormat.allCases.map { flag($0.rawValue, $0.summary) }
                + SwiftTarget.allCases.map { flag($0.rawValue, $0.summary) }
                + [
                    KeywordSpec(
                        name: "as", values: ["NAME"],
                        summary: "the name of the variable, type or function (default: path, Drawing, or the def's name)",
                        takesName: true),
                    exportAngles.spec, exportExact.spec,
                ],
            optionGroups: [
                OptionGroup(names: ExportFormat.allCases.map({ $0.rawValue }), required: true),
                OptionGroup(names: SwiftTarget.allCases.map({ $0.rawValue }), required: false),
            ],
            group: .query, cost: .perElement(WorkCost.listingCost), isQuery: true, functionForm: false,
            summary: "print the path as Swift code or SVG path data, or write it to a .swift file; with a def's name, the def as a Swift function",
            example: "export swift cgpath as card", takesText: true, run: { (i, inv) throws(Diagnostic) in try i.exportCommand(inv) }),
        CommandSpec(
            name: "save", parameters: ["\"file.svg\""],
            keywords: SaveLayer.allCases.map { flag($0.rawValue, $0.summary) } + [saveAll.spec],
            group: .query, cost: .perElement(WorkCost.listingCost), isQuery: true, functionForm: false,
            summary: "write an SVG (or, for a .pdf name, PDF) picture of the path, with optional layers",
            example: "save \"figure.svg\" points handle", takesText: true, run: { (i, inv) throws(Diagnostic) in try i.saveCommand(inv) }),
        CommandSpec(
            name: "show", parameters: [],
            keywords: [
                showASCII.spec, showControls.spec, showHandle.spec,
            ], group: .query,
            cost: .perElement(3), isQuery: true, functionForm: false,
            summary: "plot the path in the terminal (braille dots), with its control polygons or the handle if asked", example: "show controls",
            run: { (i, inv) throws(Diagnostic) in try i.showCommand(inv) }),
    ]
}

extension Interpreter {
    /// `export`.
    func exportCommand(_ inv: Invocation) throws(Diagnostic) {
        // The table's option groups make exactly one format present, and one target at most.
        let format = ExportFormat.allCases.first { inv.has($0.rawValue) }!
        let given = SwiftTarget.allCases.first { inv.has($0.rawValue) }
        if let given, format != .swift { throw error(.exportOptionNeeds(option: given.rawValue, format: "swift"), inv.range) }
        if inv[CommandTable.exportAngles], format != .points { throw error(.exportOptionNeeds(option: "angles", format: "points"), inv.range) }
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
            ?? (format == .points ? (inv[CommandTable.exportAngles] ? "keyframes" : "points") : target.defaultName)
        if let (n, r) = inv.names["as"] {
            guard SwiftTranslation.isSwiftName(n) else { throw error(.notASwiftName(n), r) }
            name = n
        } else if let (word, _, r) = procedure, !SwiftTranslation.isSwiftName(name) {
            throw error(.notASwiftName(word), r, suggestion: "give the function a name with 'as'")
        }
        var request = ExportRequest(
            format: format, target: target, name: name, exact: inv[CommandTable.exportExact], path: path,
            dash: state.dashGiven ? state.dash : nil, points: [], angles: nil, function: nil, file: file?.0, from: source.name)
        if format == .points {
            if inv[CommandTable.exportAngles] {
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
            inv[CommandTable.saveAll]
            ? Set(SaveLayer.allCases).subtracting(state.handlePlaced ? [.fill] : [.fill, .handle])
            : Set(inv.keywordNames.compactMap(SaveLayer.init(rawValue:)))
        try save(file, layers: layers, argument: argument, range: inv.range)
    }

    /// `show`.
    func showCommand(_ inv: Invocation) throws(Diagnostic) {
        // The plot samples up to this many points besides two per element (charged as visits).
        try charge(Limits.plotSamples, inv.range)
        // The handle is drawn when asked for and its track points can be had (not past their limit).
        let points: [Point]? = path.isEmpty || !inv[CommandTable.showHandle] ? nil : (try? trackPoints(inv.range))
        let handle = points.flatMap { state.handle.point(in: $0) }
        report("show", .plot(path: path, handle: handle, ascii: inv[CommandTable.showASCII], controls: inv[CommandTable.showControls]))
    }
}

// What the output commands report.
extension Wording {
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
