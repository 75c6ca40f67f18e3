import ShapeGeometry

/// A procedure defined with `def`, with the source it was written in (for diagnostics).
struct Procedure: Sendable, Equatable {
    var parameters: [String]
    var body: [Stmt] { tree.statements }
    private let tree: StatementTree
    var source: Source
    /// Where its name was written, for `help` and `vars`.
    var nameRange: SourceRange
    /// Tells definitions apart: each `def` makes a new one, even with the same text.
    var definition: Int

    init(parameters: [String], body: [Stmt], source: Source, nameRange: SourceRange, definition: Int) {
        self.parameters = parameters
        self.tree = StatementTree(body)
        self.source = source
        self.nameRange = nameRange
        self.definition = definition
    }

    static func == (a: Procedure, b: Procedure) -> Bool { a.definition == b.definition }
}

/// The small part of the session, snapshotted whole for undo and rollback. The path is kept
/// apart: it can be large, so its undo record is "truncate to n elements" for appends.
struct SessionState: Sendable, Equatable {
    var dash: DashPattern = .unit
    /// True once a `dash` ran: the exports then carry its pattern.
    var dashGiven = false
    var handle = Handle()
    var procedures: [String: Procedure] = [:]
    var precision = 4
    /// The transforms applied since the last `reset`, composed.
    var transform = AffineTransform.identity
    /// The path before the first of those transforms, while nothing has been drawn since.
    var untransformed: Path?
    /// Where `rotate` and `scale` turn without `about`, once one has (see `Interpreter.pivot`).
    var pivot: Point?
    /// The sticky badge's bridge broke during the current touch (until `sticky ... release`).
    var stickyBroken = false
    /// `figure keep`: each teaching query's figure joins the ones before (until `figure clear`
    /// or a change of the path that is not an append).
    var figureKeep = false
    /// True once `handle`, `drag` or `snap` ran since the last `clear`: `save ... all` then
    /// draws the handle.
    var handlePlaced = false
    /// The figures the queries drew (`Figure`), at most one a layer but with `figure keep`,
    /// which keeps every teaching query's in the figure layer, in the order they were made.
    var figures: [Figure] = []
    /// The last `sticky` badge drawn since the last `clear` (the workbench's touch circle), and
    /// the last `wander`'s duration (the page's play runs over it).
    var sticky: StickyTouch?
    var wanderSeconds: Double?
}

/// A `sticky` statement's circles as it drew them: the fixed one, the dragged one (back on the
/// fixed one once released) and the break radius, as the page needs them to pull it again.
public struct StickyTouch: Sendable, Equatable {
    public var fixed: Point
    public var restRadius: Double
    public var dragged: Point
    public var draggedRadius: Double
    public var breakRadius: Double
}

/// How to restore the path when a statement is undone or rolled back.
enum PathRestore: Sendable {
    case unchanged
    case truncate(Int)
    /// Boxed: most records truncate, and a record is kept for every statement.
    indirect case replace(Path)
}

/// An optional value held by reference: one word to test (`$name`), clear or destroy. An
/// optional of a large value (a `Figure`, a `Path`, a `Report`) read, cleared or destroyed at
/// every statement went through a merged outlined function that looks its type up and calls its
/// value witnesses (4 calls a plain statement, 8% of the runner's instructions).
@propertyWrapper struct HeldByReference<Value> {
    private final class Box {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
    private var box: Box?
    init(wrappedValue: Value?) { box = wrappedValue.map(Box.init) }
    var wrappedValue: Value? {
        get { box?.value }
        set { box = newValue.map(Box.init) }
    }
    /// Whether a value is held, found without copying it out.
    var projectedValue: Bool { box != nil }
}

/// A session state, held by reference and never changed: the interpreter's current state, the
/// one each statement keeps for rollback, and the undo records of every statement that began from
/// it share one (a script of drawing commands holds one).
final class StateSnapshot: Sendable {
    let state: SessionState
    /// Whether the state remembers a transform (`untransformed` or `pivot`), which drawing
    /// clears: found once here, since reading the optional path at every drawing statement
    /// copied it through its type's value witnesses.
    let remembersTransform: Bool
    init(_ state: SessionState) {
        self.state = state
        remembersTransform = state.untransformed != nil || state.pivot != nil
    }
}

/// One undo step: a few words, so that a script of a million statements can keep them all.
struct UndoRecord: Sendable {
    var snapshot: StateSnapshot
    var state: SessionState { snapshot.state }
    /// The variables the statement set, with what they held before (nil: not defined).
    var globals: [String: Value?]
    var path: PathRestore
    var command: String
    var line: Int

    /// Path elements this record keeps a copy of (for a whole-path change).
    var savedElements: Int {
        if case .replace(let p) = path { return p.elements.count }
        return 0
    }
}

/// Reads an included file: given the name written in the script and the name of the source that
/// includes it, returns the resolved name and the text, or throws a reason.
public typealias IncludeLoader = @Sendable (_ file: String, _ from: String) throws(HostFailure) -> (name: String, text: String)

/// Runs statements against one session: a path, its track points and handle, variables and
/// procedures. Every top-level statement is all-or-nothing and one `undo` step.
public final class Interpreter {
    public internal(set) var path = Path() {
        // Any change, in place or whole (no `oldValue`: appends stay in place).
        didSet { pathStamp &+= 1 }
    }
    /// Tells the path's states apart: it changes with every change to the path.
    var pathStamp = 0
    /// The last command looked up in the table (`commandRow`), its name and its row (nil: no
    /// such command). Two properties, read in place: a tuple was copied out at every command, its
    /// references counted up and down.
    var lastCommandName: String?
    var lastCommandRow: CommandTable.Row?
    /// The first eight commands' names and rows: scripts alternate a few commands (a glyph's
    /// `move`, `line`, `quad` and `close`), and a look-up in the table hashes the name.
    var recentCommandNames: [String] = []
    var recentCommandRows: [CommandTable.Row?] = []
    /// The last command's invocation, for the next to bind into (`bind`): its object and its
    /// list of numbers are made once, not at every command.
    var spareInvocation: Invocation?
    /// A band index of the path for hit tests, kept while the path does not change: faster per
    /// query than the path's own tree, but O(n) to build (see `contains(_:rule:)`). Held by
    /// reference: each query reads it, and a copy of the tester (its arrays retained and
    /// released) cost a hundredth of E4's 100,000 queries.
    var containmentCache: ContainmentCache?
    /// How many hit tests have asked about the path in the state `stamp`.
    var containmentQueries = (stamp: -1, count: 0)
    /// The session state, shared with the copy each statement keeps for rollback and with the
    /// undo records: a statement that changes none of it (most) copies one reference, and one
    /// that does makes a new snapshot.
    var snapshot = StateSnapshot(SessionState())
    // A getter, not a `_read` coroutine: with `_read { yield snapshot.state }` this compiler
    // (Swift 6.3.1, debug builds and swiftc -O with AddressSanitizer) read fields of the state
    // from the coroutine's frame after freeing it, at every drawing statement (valgrind: 8
    // invalid reads for `rect 0 0 1 1; line 5 5`; found by `scripts/fuzz format`).
    var state: SessionState {
        get { snapshot.state }
        _modify {
            var changed = snapshot.state
            yield &changed
            snapshot = StateSnapshot(changed)
        }
    }
    /// The track points, kept up to date as the path grows (dropped when it changes otherwise).
    var trackCache: TrackPointCache?
    var undoStack: [UndoRecord] = []
    /// Whether statements are recorded for `undo`. A host turns it off only where no `undo` can
    /// ever run: a script run whose sources neither name it nor include a file
    /// (`ShapeCommand.mayUndo`). A record costs a tenth of a plain statement's time.
    public var keepsUndoHistory = true
    /// How many undo steps were ever recorded (`undoMark`).
    var undoRecorded = 0
    /// The state the last undo record was made from, to be shared by the next if equal.
    var lastSnapshot: StateSnapshot?
    /// The session's variables. Kept apart from `SessionState`, which is copied whole for each
    /// statement: a statement records only the variables it sets (`globalChanges`), so a script
    /// of many `let`s costs linear time and memory, not quadratic.
    var globals: [String: Value] = [:]
    /// The path elements the undo records hold copies of, in all.
    var undoElements = 0
    public var limits: Limits
    /// Values for top-level `let`s given from outside the script (`-D name=value`).
    public var overrides: [String: Value] = [:]
    public var loader: IncludeLoader?
    /// Writes what `save` asks for; without one, `save` is an error.
    public var saver: Saver?
    /// Writes `export ... "file.swift"`; nil where no file may be written.
    public var exporter: Exporter?
    /// What the command running now drew, if anything: `command` files it with the command's
    /// query among the session's figures (`fileFigure`).
    @HeldByReference var drawn: Figure? = nil

    /// The statement running now: everything it keeps is read and written here
    /// (`current.work`, `current.scopes`, ...), never through copies on the interpreter.
    var current = StatementState()
    /// The work units the last top-level statement spent (all of them, for one stopped by the
    /// limit): a host that bounds many statements together adds them up.
    public var workSpent: Int { current.work }
    var includeStack: [String] = []
    var source: Source
    var emit: (Report) -> Void = { _ in }
    /// Whether `emit` wants the reports nobody asked for (`RunSink.unrequested`).
    var emitsUnrequested = true
    var statementLine = 1
    /// Where the last statement's line was found (`Source.line(of:hint:)`).
    var lineHint = 0
    /// How many procedures have been defined (each definition is told apart by its number).
    var definitions = 0

    /// Asked as work is charged (at every eighth charge: loop turns, commands; and before any
    /// larger piece of work): true stops the statement, which is undone (the REPL answers it
    /// for Ctrl-C).
    public var isCancelled: () -> Bool = { false }
    /// Charges left before `charge` asks `isCancelled` again.
    var chargesBeforeAsking = 0

    public init(limits: Limits = Limits(), loader: IncludeLoader? = nil) {
        self.limits = limits
        self.loader = loader
        self.source = Source(name: "", text: "")
    }

    /// An independent copy of the session as it stands between statements: its path, state,
    /// variables, undo history and hosts' hooks (the playground keeps the session as the
    /// statements before a drag's leave it, and runs the rest on a copy at each frame).
    public func copy() -> Interpreter {
        let c = Interpreter(limits: limits, loader: loader)
        c.path = path
        c.pathStamp = pathStamp
        c.snapshot = snapshot
        c.trackCache = trackCache
        c.undoStack = undoStack
        c.undoRecorded = undoRecorded
        c.lastSnapshot = lastSnapshot
        c.globals = globals
        c.undoElements = undoElements
        c.overrides = overrides
        c.saver = saver
        c.exporter = exporter
        c.includeStack = includeStack
        c.source = source
        c.statementLine = statementLine
        c.definitions = definitions
        c.isCancelled = isCancelled
        return c
    }

    /// Digits after the point in text output (0 to 17; `precision n` changes it too).
    public var precision: Int {
        get { state.precision }
        set { state.precision = Swift.min(Swift.max(newValue, 0), 17) }
    }

    /// The names of variables and procedures, for completion and suggestions.
    public var definedNames: [String] { variableNames + procedureNames }
    /// The session's variables, sorted.
    public var variableNames: [String] { globals.keys.stablySorted() }
    /// The session's procedures, sorted.
    public var procedureNames: [String] { state.procedures.keys.stablySorted() }

    /// Runs every statement of `program` in order, reporting through `emit`; stops at the first
    /// error and returns it. Each statement that fails leaves the session as it was before it.
    @discardableResult
    public func run(_ program: Program, emit: @escaping (Report) -> Void) -> Diagnostic? {
        self.emit = emit
        defer { self.emit = { _ in } }
        for statement in program.statements {
            do {
                try execute(statement, in: program.source)
            } catch {
                return error
            }
        }
        return nil
    }

    /// Runs one top-level statement of `source` (as `Parser.nextStatement` hands them out, so
    /// that a long script never holds its whole syntax tree), reporting through `emit`.
    /// Returns its error, if any; a statement that fails leaves the session as it was before it.
    @discardableResult
    public func run(_ statement: Stmt, in source: Source, emit: @escaping (Report) -> Void) -> Diagnostic? {
        self.emit = emit
        defer { self.emit = { _ in } }
        do { try execute(statement, in: source) } catch { return error }
        return nil
    }

    /// Makes `source` the one top-level statements run from (their lines, errors and includes
    /// are its). A statement leaves it so: an include or a call puts back what it changed.
    func enterTopLevel(_ source: Source) {
        if !self.source.isIdentical(to: source) {
            self.source = source
            includeStack = [source.name]
        } else if includeStack.count != 1 {
            includeStack = [source.name]
        }
    }

    /// One top-level statement, all or nothing.
    func execute(_ statement: Stmt, in source: Source) throws(Diagnostic) {
        enterTopLevel(source)
        try execute(statement)
    }

    /// One top-level statement of the source `enterTopLevel` set, all or nothing (a run of many
    /// sets it once).
    func execute(_ statement: Stmt) throws(Diagnostic) {
        let stateBefore = snapshot
        current.begin(at: path.elements.count)
        (statementLine, lineHint) = source.line(of: statement.range.start, hint: lineHint)
        // (A command has its path measured or not itself, and reads no length from before it.)
        let lengthBefore: Double
        if case .command = statement {
            lengthBefore = 0
        } else {
            if path.measuresLater { path.measuresLater = false }
            lengthBefore = path.length
        }
        do {
            try run(statement, topLevel: true, lengthBefore: lengthBefore)
        } catch {
            snapshot = stateBefore
            restoreGlobals(current.globalChanges)
            // The steps `undo` took back, back on the history (the list was not copied for
            // every statement in case one failed).
            while let record = current.undone.popLast() {
                undoStack.append(record)
                undoElements += record.savedElements
            }
            restorePath(current.savedPath.map { .replace($0) } ?? .truncate(current.start))
            throw error
        }
        // A statement that left everything as it was (a `clear` of an empty path, `precision`
        // to the precision in force) is no undo step.
        // (The path as it was, when the statement replaced it; whether it is now other than that.)
        let replaced = current.$savedPath ? current.savedPath!.elements != path.elements : nil
        let pathUnchanged = replaced.map { !$0 } ?? (path.elements.count == current.start)
        // A figure follows its path (SPEC §14): a change other than appending (a transform,
        // `setpoint`, a boolean) makes the queries' figures this statement did not make again from
        // their queries, on the path as it is now; one that empties the path (`clear`) drops
        // them, a new drawing. (Appending leaves the elements they show as they were.)
        if replaced == true, !state.figures.isEmpty, state.figures.contains(where: { !current.drewLayers.contains($0.layer) }) {
            // A figure of a command that changed the path itself (`cubics`, `mold`, `split`) shows
            // that change: it goes, as a query's that cannot follow does (its element is gone).
            let layers = current.drewLayers
            var kept: [Figure] = []
            for figure in state.figures {
                if layers.contains(figure.layer) || figure.isPlaceholder {
                    kept.append(figure)
                } else if !path.isEmpty, let q = figure.query, commandRow(q.command)?.spec.isQuery == true {
                    kept.append(recompute(figure))
                }
            }
            state.figures = kept
        }
        let globalsUnchanged = current.globalChanges.allSatisfy { globals[$0.key] == $0.value }
        if current.changed, pathUnchanged, globalsUnchanged, snapshot === stateBefore || state == stateBefore.state { current.changed = false }
        if current.changed, keepsUndoHistory, statement.commandName != "undo" {
            let restore: PathRestore =
                current.savedPath.map { .replace($0) }
                ?? (path.elements.count != current.start ? .truncate(current.start) : .unchanged)
            let same = lastSnapshot.map { $0 === stateBefore || $0.state == stateBefore.state } ?? false
            if !same {
                lastSnapshot = stateBefore
            } else if lastSnapshot !== stateBefore, snapshot === stateBefore {
                // The same state in another object (a `clear` sets it anew): the interpreter takes
                // the one the records share, so that the next statement finds it by identity
                // instead of comparing the whole state again.
                snapshot = lastSnapshot!
            }
            // Past a page of records, room for the whole history at once (it is cut back to
            // `undoHistory` when it doubles): the list is not copied again as a long script
            // runs, and its pages are taken only as records fill them.
            if undoStack.count == undoStack.capacity, undoStack.count >= 64 { undoStack.reserveCapacity(2 * limits.undoHistory + 1) }
            undoStack.append(
                UndoRecord(
                    snapshot: lastSnapshot!, globals: current.globalChanges, path: restore, command: statement.commandName, line: statementLine))
            undoElements += undoStack.last!.savedElements
            undoRecorded += 1
            if undoStack.count > 2 * limits.undoHistory { dropOldestUndo(undoStack.count - limits.undoHistory) }
            // Whole-path changes keep a copy of the path each: the oldest go first past the budget,
            // so forty rotations of a million elements do not hold forty copies.
            var drop = 0
            var held = undoElements
            while held > limits.undoElements, drop < undoStack.count - 1 {
                held -= undoStack[drop].savedElements
                drop += 1
            }
            dropOldestUndo(drop)
        }
    }

    /// Sets a variable, remembering (once per statement) what it held, for rollback and undo.
    func setGlobal(_ name: String, _ value: Value) {
        if current.globalChanges[name] == nil { current.globalChanges[name] = .some(globals[name]) }
        globals[name] = value
    }

    /// Puts variables back as `changes` recorded them before.
    func restoreGlobals(_ changes: [String: Value?]) {
        for (name, old) in changes { globals[name] = old }
    }

    /// Forgets the `count` oldest undo steps.
    func dropOldestUndo(_ count: Int) {
        guard count > 0 else { return }
        for r in undoStack[..<count] { undoElements -= r.savedElements }
        undoStack.removeFirst(count)
    }

    func restorePath(_ restore: PathRestore) {
        switch restore {
        case .unchanged: return
        case .truncate(let n):
            guard path.elements.count != n else { return }
            path.truncate(to: n)
            // The undo of appends: the kept data goes back with the path (its index and lengths
            // by themselves), the track points by dropping what the appends added.
            trackCache?.truncate(to: path)
            pathDidChange(trackPointsKept: true)
        case .replace(let p): path = p; pathDidChange()
        }
    }

    /// After any change to the path: track points are kept when elements were only appended
    /// (they are brought up to date when next needed), dropped otherwise.
    func pathDidChange(trackPointsKept: Bool = false) {
        if !trackPointsKept { trackCache = nil }
        // (Tested first: most statements leave the session state as it was, shared with the
        // copy kept for rollback.)
        if state.handle.target != nil { state.handle.target = nil }
    }

    /// Replaces the whole path (clear, transforms), keeping what undo needs.
    /// The one gate for whole paths built by a command (constructions, transforms, `split`): every
    /// coordinate, the length and the bounds must be finite, or the command fails at `range`.
    func replacePath(with new: Path, at range: SourceRange) throws(Diagnostic) {
        // (Its lengths left for later are not measured for the check when its coordinates pass:
        // `Path.isFinite(measurable:)`; otherwise the errors come in the order they always did.)
        var unmeasurable: GeometryError?
        do { try new.checkMeasurable() } catch { unmeasurable = error }
        guard new.isFinite(measurable: unmeasurable == nil) else { throw error(.nonFiniteResult, range) }
        switch unmeasurable {
        case nil: break
        case .tooSmall(let size)?: throw error(.tooSmall(size), range)
        case .tooLarge(let x)?: throw error(.tooLarge(x), range)
        default: throw error(.nonFiniteResult, range)
        }
        keepPathForRollback()
        path = new
        pathDidChange()
        current.changed = true
    }

    /// Before the statement changes the path other than by appending: keeps the path as it was
    /// when the statement began, for rollback and undo (once per statement).
    func keepPathForRollback() {
        guard !current.$savedPath else { return }
        var original = path
        original.truncate(to: current.start)
        current.savedPath = original
    }

    /// Goes one level deeper into blocks, calls and includes; past `limits.nesting` it is an
    /// error, so that the native recursion that runs them stays within the interpreter's stack.
    func enter(_ range: SourceRange) throws(Diagnostic) {
        guard current.nesting < limits.nesting else { throw error(.nestingLimit(limits.nesting), range) }
        current.nesting += 1
    }

    /// Counts `units` of work against the statement's budget, and stops when asked to.
    func charge(_ units: Int, _ range: SourceRange) throws(Diagnostic) {
        // Held at Int.max, never past it: a cost computed from a huge count must give the
        // located error, not stop the process.
        let (sum, overflow) = current.work.addingReportingOverflow(units)
        current.work = overflow ? .max : sum
        if current.work > limits.statementWork { throw error(.workLimit(limits.statementWork), range) }
        // The host is asked at every eighth charge, and before any larger piece of work: a
        // closure read from the interpreter and called at every charge (two a plain statement)
        // retained and released its context each time. Eight small charges are well under a
        // microsecond.
        chargesBeforeAsking -= 1
        if chargesBeforeAsking <= 0 || units >= 64 {
            chargesBeforeAsking = 8
            if isCancelled() { throw error(.interrupted, range) }
        }
    }

    func error(_ message: Message, _ range: SourceRange, suggestion: String? = nil) -> Diagnostic {
        Diagnostic(message, at: range, in: source, suggestion: suggestion)
    }

    /// Emits a report. Inside a block, a procedure or an include only what a query or `print`
    /// asks for is shown; the top-level statement reports its overall effect itself.
    func report(_ command: String, _ kind: Report.Kind) {
        // A report nobody asked for, which the sink would drop (`RunSink.unrequested`), is not
        // made when its kind tells its finiteness at once: only the gate is kept (made, copied and
        // dropped, a drawing command's report was a twentieth of its statement).
        if !emitsUnrequested, current.capturing == 0, !kind.isRequested, let finite = kind.finiteAtOnce {
            if !finite { current.nonFiniteReport = true }
            return
        }
        let r = Report(command: command, line: statementLine, kind: kind)
        // The finiteness gate of every result: the command that made it fails (see `command`).
        guard r.isFinite else { current.nonFiniteReport = true; return }
        if current.capturing > 0 { current.captured = r; return }
        if current.nesting == 0 || r.isRequested { emit(r) }
    }

    // MARK: Statements

    /// Runs a statement. Each kind runs in a function of its own, never inlined here: calls and
    /// blocks nest through this function, and a small frame lets them nest as deep as the limits
    /// allow in a browser's smaller stack (docs/playground.md).
    func run(_ statement: Stmt, topLevel: Bool = false, lengthBefore: Double = 0) throws(Diagnostic) {
        // Every statement costs a unit (a command charges its own cost instead), so that no
        // statement without geometry (a billion `let`s) runs past the budget.
        if case .command = statement {} else { try charge(WorkCost.statementCost, statement.range) }
        switch statement {
        case .command(let name, let nameRange, let arguments, let keywords, let range):
            try command(name, nameRange: nameRange, arguments: arguments, keywords: keywords, range: range)
        case .define(let name, let nameRange, let value, _):
            try runDefine(name, nameRange, value, topLevel: topLevel)
        case .assign(let name, let nameRange, let value, _):
            try runAssign(name, nameRange, value)
        case .repeatLoop(let countExpr, let body, _):
            try runRepeat(countExpr, body, statement.range)
            if topLevel { summarize("repeat", lengthBefore: lengthBefore) }
        case .forLoop(let variable, let fromExpr, let toExpr, let inclusive, let body, let range):
            try runFor(variable, fromExpr, toExpr, inclusive, body, range, statement.range)
            if topLevel { summarize("for", lengthBefore: lengthBefore) }
        case .forEach(let variable, let listExpr, let body, let range):
            try runForEach(variable, listExpr, body, range, statement.range)
            if topLevel { summarize("for", lengthBefore: lengthBefore) }
        case .returnValue(let valueExpr, let range):
            guard current.callDepth > 0 else { throw error(.returnOutsideProcedure, range) }
            current.returning = try evaluate(valueExpr)
        case .conditional(let condition, let then, let otherwise, _):
            let c = try number(condition, "the condition")
            try block(c != 0 ? then : (otherwise ?? []), binding: nil, at: statement.range)
            if topLevel { summarize("if", lengthBefore: lengthBefore) }
        case .procedure(let name, let nameRange, let parameters, let body, _):
            try runProcedure(name, nameRange, parameters, body)
        case .printValues(let values, let range):
            try runPrint(values, range)
        case .include(let fileExpr, _):
            try include(try fileName(fileExpr), range: fileExpr.range)
            if topLevel { summarize("include", lengthBefore: lengthBefore) }
        case .expression(let e, _):
            report("value", .value(nil, try evaluate(e)))
        }
    }

    /// `let name = value`.
    @inline(never) func runDefine(_ name: String, _ nameRange: SourceRange, _ value: Expr, topLevel: Bool) throws(Diagnostic) {
        try checkAssignable(name, nameRange)
        // `-D name=value`: a top-level `let` of a script takes the value given.
        let v: Value
        if topLevel, current.scopes.isEmpty, let given = overrides[name] { v = given } else { v = try evaluate(value) }
        if current.scopes.isEmpty { setGlobal(name, v) } else { current.scopes[current.scopes.count - 1][name] = v }
        current.changed = true
        report("let", .value(name, v, declared: true))
    }

    /// `name = value`.
    @inline(never) func runAssign(_ name: String, _ nameRange: SourceRange, _ value: Expr) throws(Diagnostic) {
        try checkAssignable(name, nameRange)
        let v = try evaluate(value)
        if let i = current.scopes.lastIndex(where: { $0[name] != nil }) {
            current.scopes[i][name] = v
        } else if globals[name] != nil {
            setGlobal(name, v)
        } else {
            throw error(.undefinedVariable(name), nameRange, suggestion: suggestion(for: name, among: visibleNames))
        }
        current.changed = true
        report("assign", .value(name, v))
    }

    /// `repeat n { ... }`.
    @inline(never) func runRepeat(_ countExpr: Expr, _ body: [Stmt], _ statementRange: SourceRange) throws(Diagnostic) {
        // Checked as a number first: a count of 1e300 is whole, and past the loop limit.
        let n = try number(countExpr, "the repeat count")
        guard n == n.rounded() else { throw error(.notAnInteger("the repeat count"), countExpr.range) }
        guard n >= 0 else { throw error(.negativeCount("the repeat count"), countExpr.range) }
        guard n <= Double(limits.loopIterations - current.iterations) else { throw error(.loopLimit(limits.loopIterations), countExpr.range) }
        let count = Int(saturating: n)
        for _ in 0..<count {
            try loopBody(body, statementRange, binding: nil)
            if current.$returning { break }
        }
    }

    /// `for i in a..<b { ... }`, `for i in a...b { ... }`.
    @inline(never) func runFor(
        _ variable: String, _ fromExpr: Expr, _ toExpr: Expr, _ inclusive: Bool, _ body: [Stmt], _ range: SourceRange, _ statementRange: SourceRange
    ) throws(Diagnostic) {
        try checkAssignable(variable, range)
        let from = try number(fromExpr, "the loop start"), to = try number(toExpr, "the loop end")
        // Past 2^53 adding 1 changes nothing: the loop would never advance.
        for (x, e) in [(from, fromExpr), (to, toExpr)] where abs(x) >= 9_007_199_254_740_992 {
            throw error(.loopBoundTooLarge, e.range)
        }
        let span = (to - from).rounded(.up) + (inclusive ? 1 : 0)
        if span > Double(limits.loopIterations - current.iterations) { throw error(.loopLimit(limits.loopIterations), toExpr.range) }
        var i = from
        while inclusive ? i <= to : i < to {
            try loopBody(body, statementRange, binding: (variable, .number(i)))
            if current.$returning { break }
            i += 1
        }
    }

    /// `for x in list { ... }`.
    @inline(never) func runForEach(
        _ variable: String, _ listExpr: Expr, _ body: [Stmt], _ range: SourceRange, _ statementRange: SourceRange
    ) throws(Diagnostic) {
        try checkAssignable(variable, range)
        let v = try evaluate(listExpr)
        guard case .list(let items) = v else {
            throw error(.wrongKind("what 'for ... in' runs over", expected: "a list or a range a..<b", found: v.kindName), listExpr.range)
        }
        guard items.count <= limits.loopIterations - current.iterations else { throw error(.loopLimit(limits.loopIterations), listExpr.range) }
        for item in items {
            try loopBody(body, statementRange, binding: (variable, item))
            if current.$returning { break }
        }
    }

    /// `def name(parameters) { ... }`.
    @inline(never) func runProcedure(_ name: String, _ nameRange: SourceRange, _ parameters: [String], _ body: [Stmt]) throws(Diagnostic) {
        if Builtins.isReserved(name) {
            throw error(.reservedName(name), nameRange)
        }
        // Parameters are variables: no built-in names, no name twice.
        for (k, p) in parameters.enumerated() {
            try checkAssignable(p, nameRange)
            if parameters[..<k].contains(p) { throw error(.duplicateParameter(p), nameRange) }
        }
        definitions += 1
        state.procedures[name] = Procedure(
            parameters: parameters, body: body, source: source, nameRange: nameRange, definition: definitions)
        current.changed = true
        report("def", .defined(name))
    }

    /// `print values...`.
    @inline(never) func runPrint(_ values: [Expr], _ range: SourceRange) throws(Diagnostic) {
        var out: [Value] = []
        for v in values { out.append(try evaluate(v)) }
        // Writing a value out costs like listing its parts.
        try charge(WorkCost.listingCost * out.reduce(0) { $0 + $1.size(upTo: limits.statementWork) }, range)
        report("print", .printed(out))
    }

    /// After a block at top level: one line saying where the path now ends, when it changed.
    func summarize(_ command: String, lengthBefore: Double) {
        guard current.$savedPath || path.elements.count != current.start, let end = path.currentPoint else { return }
        report(command, .path(to: end, segment: added(since: current.start, lengthBefore), length: path.length))
    }

    /// What the path gained since it had `count` elements and `lengthBefore` length: the
    /// appended elements' own lengths, summed (exact to their accuracy however long the path);
    /// after a whole-path change, the difference of the totals.
    func added(since count: Int, _ lengthBefore: Double) -> Double {
        !current.$savedPath && path.elements.count >= count
            ? path.length(ofElements: count..<path.elements.count) : path.length - lengthBefore
    }

    func loopBody(_ body: [Stmt], _ range: SourceRange, binding: (String, Value)?) throws(Diagnostic) {
        current.iterations += 1
        if current.iterations > limits.loopIterations { throw error(.loopLimit(limits.loopIterations), range) }
        try charge(WorkCost.statementCost, range)
        try block(body, binding: binding, at: range)
    }

    /// Runs a block's statements in a new scope (with the loop variable, if any), reporting only
    /// what they ask for: the top-level statement reports its overall effect once the block is done.
    func block(_ body: [Stmt], binding: (String, Value)?, at range: SourceRange) throws(Diagnostic) {
        try enter(range)
        current.scopes.append(binding.map { [$0.0: $0.1] } ?? [:])
        defer { current.scopes.removeLast(); current.nesting -= 1 }
        for s in body {
            try run(s)
            if current.$returning { return }  // a `return` ends every block up to its procedure
        }
    }

    var visibleNames: [String] {
        var names = Array(globals.keys) + Builtins.Value.allCases.map({ $0.rawValue })
        for scope in current.scopes { names += scope.keys }
        return names
    }

    func checkAssignable(_ name: String, _ range: SourceRange) throws(Diagnostic) {
        // Functions live apart from variables (`sin` the function, `sin` a variable), so a
        // variable may share a function's name.
        if CommandTable.helpEntry(named: name) != nil || Builtins.Value(rawValue: name) != nil || name.contains(".") {
            throw error(.reservedName(name), range)
        }
    }

    func include(_ file: String, range: SourceRange) throws(Diagnostic) {
        guard includeStack.count <= limits.includeDepth else { throw error(.includeLimit(limits.includeDepth), range) }
        guard let loader else { throw error(.cannotInclude(file, reason: "includes are not available here"), range) }
        let loaded: (name: String, text: String)
        do { loaded = try loader(file, source.name) } catch {
            throw self.error(.cannotInclude(file, reason: "\(error)"), range)
        }
        guard !includeStack.contains(loaded.name) else { throw error(.includeCycle(file), range) }
        try charge(WorkCost.includeCost + loaded.text.utf8.count / WorkCost.includeBytesPerUnit, range)
        let included = Source(name: loaded.name, text: loaded.text)
        // An error in a file not named .shape shows none of its text (`include "/etc/shadow"`
        // once put its first line in the message), nor of a file it includes: only the line of
        // it where it stopped.
        let script = loaded.name.asciiLowercased.hasSuffix(".shape")
        let includer = source
        func unshown(_ d: Diagnostic) -> Diagnostic {
            let at = d.source.name == loaded.name ? d.range.start : d.callers.first { $0.source.name == loaded.name }?.range.start ?? 0
            let reason = "it is not named .shape, and it stops at its line \(included.line(of: at)) (nothing of it is shown)"
            return Diagnostic(.cannotInclude(file, reason: reason), at: range, in: includer)
        }
        let program: Program
        do { program = try Parser.parse(included) } catch {
            throw script ? error.diagnostic.calledFrom(.include, includer, range) : unshown(error.diagnostic)
        }
        try enter(range)
        includeStack.append(loaded.name)
        source = included
        defer { source = includer; includeStack.removeLast(); current.nesting -= 1 }
        do {
            for s in program.statements { try run(s) }
        } catch {
            guard script else { throw unshown(error) }
            throw error.calledFrom(.include, includer, range)
        }
    }
}

/// A path's containment tester and the path state (`pathStamp`) it was built for.
final class ContainmentCache: Sendable {
    let stamp: Int
    let tester: ContainmentTester

    init(stamp: Int, tester: ContainmentTester) {
        self.stamp = stamp
        self.tester = tester
    }
}
