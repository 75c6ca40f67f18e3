import ShapeGeometry

// The session: undo, vars, figure, precision, help.
// Each command's row (what the language knows of it) and its handler (what it does).

extension CommandTable {
    static let figureKeep = FlagOption(
        "keep", "from now on each teaching query's figure joins the ones before (tangent and normal in one picture)")
    static let figureReplace = FlagOption("replace", "from now on each figure replaces the last (the default)")
    static let figureClear = FlagOption("clear", "drop the figure now (the mode stays)")

    static let session: [CommandSpec] = [
        CommandSpec(
            name: "undo", parameters: [], group: .session, cost: .unit, isQuery: false,
            summary: "revert the last command that changed the state", example: "undo", run: { (i, inv) throws(Diagnostic) in try i.undoCommand(inv) }
        ),
        CommandSpec(
            name: "vars", parameters: [], group: .session, cost: .unit, isQuery: true, functionForm: false,
            summary: "list the variables and procedures defined in this session", example: "vars",
            run: { (i, inv) throws(Diagnostic) in try i.varsCommand(inv) }),
        CommandSpec(
            name: "figure", parameters: [],
            keywords: [
                figureKeep.spec, figureReplace.spec, figureClear.spec,
            ],
            optionGroups: [OptionGroup(names: ["keep", "replace", "clear"], required: true)],
            group: .session, cost: .unit, isQuery: false,
            summary: "whether the teaching queries' figures accumulate for save ... figure, or clear them",
            example: "figure keep", run: { (i, inv) throws(Diagnostic) in try i.figureCommand(inv) }),
        CommandSpec(
            name: "precision", parameters: ["n"], group: .session, cost: .unit, isQuery: false,
            summary: "decimals shown in text output (default 4)", example: "precision 6",
            run: { (i, inv) throws(Diagnostic) in try i.precisionCommand(inv) }),
        CommandSpec(
            name: "help", parameters: ["command"], optionalCount: 1, group: .session, cost: .unit, isQuery: true, functionForm: false,
            summary: "list the commands, or show one with an example", example: "help arc", takesText: true,
            run: { (i, inv) throws(Diagnostic) in try i.helpCommand(inv) }),
    ]
}

extension Interpreter {
    /// `undo`.
    func undoCommand(_ inv: Invocation) throws(Diagnostic) {
        guard let last = undoStack.last else { throw error(.nothingToUndo, inv.range) }
        // Restoring a whole path costs a visit of each of its elements, and so does the copy a
        // block keeps for its own rollback.
        if case .replace(let p) = last.path { try charge(WorkCost.visitCost * (p.elements.count + path.elements.count), inv.range) }
        let record = undoStack.removeLast()
        undoElements -= record.savedElements
        current.undone.append(record)  // back on the history if the statement fails
        keepPathForRollback()  // inside a block that fails later, the path must come back
        snapshot = record.snapshot
        // The figures it restores are those of the path it restores.
        current.drewLayers = Figure.Layer.allCases
        for (name, old) in record.globals {
            if current.globalChanges[name] == nil { current.globalChanges[name] = .some(globals[name]) }
            globals[name] = old
        }
        restorePath(record.path)
        trackCache = nil
        report("undo", .undone(command: record.command, line: record.line))
    }

    /// Where the undo history stands: how many steps were ever recorded, and how many are held.
    /// A host compares marks to know that nothing else ran between a gesture's frames.
    public var undoMark: UndoMark { UndoMark(recorded: undoRecorded, held: undoStack.count) }

    /// Makes the last `count` undo steps one (a gesture's frames, SPEC §14): `undo` then takes
    /// them all back at once, to the session as it was before the first of them. The step keeps
    /// the first's command and line.
    public func joinUndoSteps(_ count: Int) {
        let n = Swift.min(count, undoStack.count)
        guard n > 1 else { return }
        var joined = undoStack[undoStack.count - n]
        for later in undoStack[(undoStack.count - n + 1)...] {
            // A variable first set by a later step held, before it, what it held before them all.
            for (name, old) in later.globals where joined.globals[name] == nil { joined.globals[name] = .some(old) }
            switch (joined.path, later.path) {
            case (.unchanged, _): joined.path = later.path
            case (.truncate(let k), .replace(var p)):
                // The steps before only appended past k: the path before them is this one's start.
                p.truncate(to: k)
                joined.path = .replace(p)
            case (.truncate, .unchanged), (.truncate, .truncate), (.replace, _): break
            }
        }
        for r in undoStack[(undoStack.count - n)...] { undoElements -= r.savedElements }
        undoStack.removeLast(n)
        undoStack.append(joined)
        undoElements += joined.savedElements
    }

    /// `vars`.
    func varsCommand(_ inv: Invocation) throws(Diagnostic) {
        let variables = globals.stablySorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        let procedures = state.procedures.stablySorted { $0.key < $1.key }.map { info($0.key, $0.value) }
        try charge(WorkCost.listingCost * (variables.count + procedures.count), inv.range)
        report("vars", .names(variables: variables, procedures: procedures))
    }

    /// `precision`.
    func figureCommand(_ inv: Invocation) throws(Diagnostic) {
        if inv[CommandTable.figureKeep] { state.figureKeep = true }
        if inv[CommandTable.figureReplace] { state.figureKeep = false }
        if inv[CommandTable.figureClear] { state.figures.removeAll { $0.layer == .figure } }
        current.changed = true
        report("figure", .figureMode(keep: state.figureKeep, marks: figures(in: .figure).reduce(0) { $0 + $1.marks.count }))
    }

    /// `precision n`.
    func precisionCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        guard n[0] == n[0].rounded(), n[0] >= 0, n[0] <= 17 else { throw error(.precisionRange, inv.ranges[0]) }
        state.precision = Int(saturating: n[0])
        current.changed = true
        report("precision", .precision(state.precision))
    }

    /// `help [command]`: the topic is a bare name or a string.
    func helpCommand(_ inv: Invocation) throws(Diagnostic) {
        let topic: String? = inv.arguments.first.flatMap {
            if case .name(let n, _) = $0 { n } else if case .string(let s, _) = $0 { s } else { nil }
        }
        try help(topic, inv.arguments.first?.range ?? inv.range)
    }
}

// What the session's commands report.
extension Wording {
    static func undone(_ wanted: Wanted, _ command: String, reverted: String, line: Int) -> Wording {
        Wording(
            wanted, "\(command): reverted '\(reverted)' from line \(line)",
            [("undone", .object([("cmd", .string(reverted)), ("line", .integer(line))]))])
    }

    static func precision(_ wanted: Wanted, _ command: String, _ digits: Int) -> Wording {
        Wording(wanted, "\(command): \(digits)", [("precision", .integer(digits))])
    }

    static func figureMode(_ wanted: Wanted, _ command: String, keep: Bool, marks: Int) -> Wording {
        Wording(
            wanted, "\(command): \(keep ? "figures accumulate" : "one figure at a time"), \(marks) mark\(plural(marks)) now",
            [("keep", .bool(keep)), ("marks", .integer(marks))])
    }

    /// `vars`: every variable as the `let` that makes it, every procedure with where it is.
    static func names(_ wanted: Wanted, _ command: String, variables: [(name: String, value: Value)], procedures: [ProcedureInfo]) -> Wording {
        var lines: [Line] = []
        for v in variables { lines.append("let \(v.name) = \(v.value, quoted: v.value.isString)") }
        for p in procedures { lines.append("def \(p.signature)  # \(p.file):\(p.line)") }
        if lines.isEmpty { lines = ["\(command): nothing defined yet"] }
        let vs: [JSON] = variables.map { .object([("name", .string($0.name)), ("value", .value($0.value))]) }
        let ps: [JSON] = procedures.map {
            .object([
                ("name", .string($0.name)), ("parameters", .array($0.parameters.map { .string($0) })), ("file", .string($0.file)),
                ("line", .integer($0.line)),
            ])
        }
        return Wording(wanted, lines, [("variables", .array(vs)), ("procedures", .array(ps))])
    }

    /// `help`: the text, drawn by the output format (to the terminal's width).
    static func help(_ wanted: Wanted, _ topic: HelpTopic) -> Wording {
        Wording(wanted, Line([.document(.help(topic))]), [("text", .document(.help(topic)))])
    }
}

/// Where a session's undo history stands (`Interpreter.undoMark`).
public struct UndoMark: Equatable, Sendable {
    /// Steps recorded since the session began (joined or undone ones included).
    public var recorded: Int
    /// Steps held now.
    public var held: Int
}
