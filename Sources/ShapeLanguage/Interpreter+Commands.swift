import ShapeGeometry

/// The arguments of one command, evaluated and checked against its table row. Held by
/// reference: binding makes it, and the command's handler and the closures it passes to the
/// geometry read it (copies of a value of eight arrays and tables cost a thirtieth of a script of
/// plain commands).
final class Invocation {
    private(set) var name: String
    var numbers: [Double]
    /// Where each positional argument was written: its expression's range, made when an error
    /// first asks for it (binding makes no list for it).
    var ranges: [SourceRange] {
        if let r = givenRanges { return r }
        let r = arguments.map { $0.range }
        givenRanges = r
        return r
    }
    private var givenRanges: [SourceRange]?
    var keywords: [String: [Double]]
    private(set) var range: SourceRange
    /// The arguments as written, for commands that take text (`CommandSpec.takesText`).
    private(set) var arguments: [Expr]
    /// The option words given, in order.
    private(set) var keywordNames: [String]
    /// The names given to words that take one (`as Card`), with where they were written.
    var names: [String: (String, SourceRange)] = [:]
    /// The word chosen for each option that takes a word (`cap round`), its default filled in.
    var words: [String: String] = [:]

    init(
        name: String, numbers: [Double], ranges: [SourceRange]? = nil, keywords: [String: [Double]], range: SourceRange,
        arguments: [Expr] = [], keywordNames: [String] = []
    ) {
        self.name = name; self.numbers = numbers; self.keywords = keywords; self.range = range
        self.arguments = arguments; self.keywordNames = keywordNames
        givenRanges = ranges
    }

    /// Makes this invocation a new one with no numbers, options or names yet, keeping the room
    /// its lists had (the interpreter binds each command into the one its last command left).
    func reuse(name: String, ranges: [SourceRange]?, range: SourceRange, arguments: [Expr], keywordNames: [String]) {
        self.name = name; self.range = range; self.arguments = arguments; self.keywordNames = keywordNames
        boundRow = nil
        givenRanges = ranges
        numbers.removeAll(keepingCapacity: true)
        clearOptions()
    }

    /// No option values, names or words yet (the tables keep their room).
    private func clearOptions() {
        if !keywords.isEmpty { keywords.removeAll(keepingCapacity: true) }
        if !names.isEmpty { names.removeAll(keepingCapacity: true) }
        if !words.isEmpty { words.removeAll(keepingCapacity: true) }
    }

    /// The row whose name `name` is, when it was set from one (its identity: rows live as long
    /// as the program).
    private var boundRow: ObjectIdentifier?

    /// Makes this invocation `row`'s with `arguments`, when each is a number literal: what
    /// `reuse` and the general binding would make of them (no option words, no ranges yet). False,
    /// with the invocation to be made anew, when one is not a literal.
    func rebind(_ row: CommandTable.Row, range: SourceRange, numbersOnly arguments: [Expr]) -> Bool {
        numbers.removeAll(keepingCapacity: true)
        for i in arguments.indices {
            guard case .number(let x, _) = arguments[i] else { return false }
            numbers.append(x)
        }
        if boundRow != ObjectIdentifier(row) {
            name = row.spec.name
            boundRow = ObjectIdentifier(row)
        }
        self.range = range
        self.arguments = arguments
        if givenRanges != nil { givenRanges = nil }
        if !keywordNames.isEmpty { keywordNames = [] }
        clearOptions()
        return true
    }

    /// Whether the option word was given, for words a row makes from an enum's cases (the
    /// export formats and targets, `save`'s layers); the others are read through their typed
    /// declarations (`Options.swift`).
    func has(_ word: String) -> Bool { keywords[word] != nil }

    /// The point positional arguments i and i + 1 give.
    func point(_ i: Int) -> Point { Point(numbers[i], numbers[i + 1]) }
}

extension Interpreter {
    /// `CommandTable.row(named:)`, remembered for the next statement: a script's statements
    /// mostly repeat the command before them, and comparing a short name costs far less than
    /// hashing it.
    func commandRow(_ name: String) -> CommandTable.Row? {
        if lastCommandName == name { return lastCommandRow }
        let row: CommandTable.Row?
        if let k = recentCommandNames.firstIndex(of: name) {
            row = recentCommandRows[k]
        } else {
            row = CommandTable.row(named: name)
            if recentCommandNames.count < 8 {
                recentCommandNames.append(name)
                recentCommandRows.append(row)
            }
        }
        (lastCommandName, lastCommandRow) = (name, row)
        return row
    }

    func command(
        _ name: String, nameRange: SourceRange, arguments: [Expr], keywords: [KeywordArgument],
        range: SourceRange
    ) throws(Diagnostic) {
        let row = commandRow(name)
        // A command that reads no length (`CommandTable.Row.leavesLengths`: drawing, `clear`, the
        // outlines, `area`, `contains`) at the top level of a run that drops the reports nobody
        // asked for leaves the path's lengths to be measured when something asks for them; any
        // other statement has them measured first.
        let leaves = row?.leavesLengths == true && !emitsUnrequested && current.nesting == 0 && current.capturing == 0
        if path.measuresLater != leaves { path.measuresLater = leaves }
        try charge((row?.spec.cost.units(elements: path.elements.count) ?? 1) + WorkCost.commandOverhead, range)
        guard let row else {
            if let procedure = state.procedures[name] {
                try call(name, procedure, arguments: arguments, range: range)
                return
            }
            if arguments.isEmpty, keywords.isEmpty, let value = try? lookup(name, nameRange) {
                return report("value", .value(nil, value))
            }
            if Interpreter.promptWords.contains(name) { throw error(.promptWord(name), nameRange) }
            let candidates = CommandTable.all.map({ $0.name }) + definedNames
            throw error(.unknownCommand(name), nameRange, suggestion: suggestion(for: name, among: candidates))
        }
        var invocation = try bind(row, arguments: arguments, keywords: keywords, range: range)
        // The next command binds into this one, unless something the command made keeps it.
        defer { if isKnownUniquelyReferenced(&invocation) { spareInvocation = invocation } }
        guard let run = row.spec.run else { throw error(.unknownCommand(name), nameRange) }
        drawn = nil
        try run(self, invocation)
        if $drawn || row.spec.group == .teaching { try fileFigure(invocation, teaching: row.spec.group == .teaching) }
        if current.nonFiniteReport {
            current.nonFiniteReport = false
            throw error(.nonFiniteResult, range)
        }
    }

    /// `bind` for a command's row of the table. (Read here, from the row passed in, its spec is
    /// borrowed; `bind(row.spec, ...)` where the row was looked up copied the whole spec, every
    /// list and string in it, at every statement: 4% of the work of a script of plain commands.)
    func bind(_ row: CommandTable.Row, arguments: [Expr], keywords: [KeywordArgument], range: SourceRange) throws(Diagnostic) -> Invocation {
        // The quick way, for a command given only number literals (nearly every statement of a
        // long script): into the invocation the last command left, without the checks that
        // find nothing to say (the general way made and dropped a dozen references for them).
        if keywords.isEmpty, row.bindsNumbersAlone, row.arity.contains(arguments.count), let spare = spareInvocation,
            spare.rebind(row, range: range, numbersOnly: arguments)
        {
            spareInvocation = nil
            return spare
        }
        return try bind(row.spec, arguments: arguments, keywords: keywords, range: range)
    }

    /// The one binding step from parsed arguments to an invocation, for every command: option
    /// words the parser could not know (misspelt, or in the wrong case) are reported as such,
    /// then option groups, then the arity; numbers are evaluated and defaults filled in.
    func bind(_ spec: CommandSpec, arguments: [Expr], keywords: [KeywordArgument], range: SourceRange) throws(Diagnostic) -> Invocation {
        // A bare name the session does not define, among the arguments, is a word meant as an
        // option (`arc 0 0 10 0 1 CW`, `export swif`) or a unit cut off its number (`90 deg`).
        for (i, argument) in arguments.enumerated() {
            guard case .name(let word, let wordRange) = argument, !isDefined(word), state.procedures[word] == nil else { continue }
            if word == "deg" || word == "°", i > 0, case .number(_, let numberRange) = arguments[i - 1] {
                throw error(.detachedUnit(number: source.text(numberRange), unit: word), SourceRange(numberRange.start, wordRange.end))
            }
            let options = spec.keywords.map({ $0.name })
            if let close = options.first(where: { $0.asciiLowercased == word.asciiLowercased }) {
                throw error(.unknownOption(command: spec.name, word: word), wordRange, suggestion: "did you mean '\(close)'?")
            }
            if let hint = suggestion(for: word, among: options) {
                throw error(.unknownOption(command: spec.name, word: word), wordRange, suggestion: hint)
            }
            if !options.isEmpty, !spec.arity.contains(arguments.count) {
                throw error(
                    .unknownOption(command: spec.name, word: word), wordRange,
                    suggestion: "its options are " + Message.list(options, "and"))
            }
        }
        for group in spec.optionGroups {
            let given = keywords.filter { group.names.contains($0.name) }
            if Set(given.map({ $0.name })).count > 1 { throw error(.exclusiveOptions(command: spec.name, options: group.names), range) }
            if group.required, given.isEmpty {
                let choices = group.names.compactMap { spec.keyword(named: $0) }.map { ([$0.name] + $0.values).joined(separator: " ") }
                throw error(.missingOption(command: spec.name, options: choices), range)
            }
        }
        if !spec.arity.contains(arguments.count) {
            let maximum = spec.parameters.count
            let at = arguments.count > maximum ? SourceRange(arguments[maximum].range.start, range.end) : range
            throw error(.wrongArgumentCount(command: spec.name, usage: spec.arityDescription, got: arguments.count), at)
        }
        // Text-taking commands (`svg`, `save`, `help`) read their arguments themselves.
        let invocation: Invocation
        if let spare = spareInvocation {
            spareInvocation = nil
            spare.reuse(
                name: spec.name, ranges: spec.takesText ? [] : nil, range: range, arguments: arguments, keywordNames: keywords.map({ $0.name }))
            invocation = spare
        } else {
            invocation = Invocation(
                name: spec.name, numbers: [], ranges: spec.takesText ? [] : nil, keywords: [:], range: range,
                arguments: arguments, keywordNames: keywords.map({ $0.name }))
        }
        if !spec.takesText {
            // Filled in a list of its own (the invocation's, taken over with its room), not
            // through the object at every number.
            var numbers = invocation.numbers
            invocation.numbers = []
            numbers.reserveCapacity(arguments.count)
            for i in arguments.indices {
                if case .number(let x, _) = arguments[i] {
                    numbers.append(x)  // a literal, as most arguments are
                } else {
                    numbers.append(try number(arguments[i], spec.variadicValues?.each ?? "'\(spec.parameters[i])'"))
                }
            }
            invocation.numbers = numbers
        }
        for k in keywords {
            var values: [Double] = []
            if spec.keyword(named: k.name)?.takesName == true, let v = k.values.first {
                guard case .name(let word, let r) = v else { throw error(.notASwiftName(source.text(v.range)), v.range) }
                invocation.names[k.name] = (word, r)
                continue
            }
            if let choices = spec.keyword(named: k.name)?.choices {
                for v in k.values {
                    guard case .name(let word, _) = v, let index = choices.firstIndex(of: word) else {
                        throw error(.notAChoice(command: spec.name, option: k.name, choices: choices), v.range)
                    }
                    values.append(Double(index))
                    invocation.words[k.name] = word
                }
                invocation.keywords[k.name] = values
                continue
            }
            for v in k.values { values.append(try number(v, "the value of '\(k.name)'")) }
            invocation.keywords[k.name] = values
        }
        for k in spec.keywords where k.defaults != nil && invocation.keywords[k.name] == nil {
            if let defaults = k.defaults {
                invocation.keywords[k.name] = defaults
                if let choices = k.choices, let d = defaults.first { invocation.words[k.name] = choices[Int(saturating: d)] }
            }
        }
        return invocation
    }

    /// True when `name` has a value here: a variable in scope, a global or a built-in value.
    func isDefined(_ name: String) -> Bool {
        current.scopes.contains { $0[name] != nil } || globals[name] != nil || Builtins.Value(rawValue: name) != nil
    }

    /// Runs a procedure with its arguments; returns what its `return` gave, if it ran one. Called
    /// as a command at the top level, a procedure that drew reports its overall effect.
    @discardableResult
    func call(
        _ name: String, _ procedure: Procedure, arguments: [Expr], range: SourceRange, asCommand: Bool = true
    ) throws(Diagnostic)
        -> Value?
    {
        guard arguments.count == procedure.parameters.count else {
            throw error(.wrongCallArity(name: name, expected: procedure.parameters.count, got: arguments.count), range)
        }
        guard current.callDepth < limits.callDepth else { throw error(.recursionLimit(limits.callDepth), range) }
        var frame: [String: Value] = [:]
        for (p, a) in zip(procedure.parameters, arguments) { frame[p] = try evaluate(a) }
        // A call costs what a few statements do, so that exponential recursion meets the budget
        // within seconds.
        try charge(WorkCost.callCost, range)
        try enter(range)
        let savedScopes = current.scopes, savedSource = source
        current.scopes = [frame]
        source = procedure.source
        current.callDepth += 1
        let lengthBefore = path.length, countBefore = path.elements.count
        defer { current.scopes = savedScopes; source = savedSource; current.callDepth -= 1; current.nesting -= 1 }
        do {
            for s in procedure.body {
                try run(s)
                if current.$returning { break }
            }
        } catch {
            throw error.calledFrom(.call, savedSource, range)
        }
        let result = current.returning
        current.returning = nil
        if asCommand, current.nesting == 1, path.elements.count != countBefore, let end = path.currentPoint {
            emit(
                Report(
                    command: name, line: statementLine, kind: .path(to: end, segment: added(since: countBefore, lengthBefore), length: path.length)))
        }
        return result
    }

    /// Runs a path-building operation and reports the new end point, the length it added and the
    /// total. Geometry errors become diagnostics at the command.
    func draw(_ inv: Invocation, quietly: Bool = false, _ build: (inout Path) throws(GeometryError) -> Void) throws(Diagnostic) {
        // (Lengths left to be measured later: the report, which nobody reads, is not made.)
        let quietly = quietly || path.measuresLater
        switch try drawing(into: &path, inv, build) {
        case .nothing(let at, let length):
            // Nothing drawn (`close` with nothing to close, `svg ""`): say where the path stands.
            if !quietly { report(inv.name, at.map { .path(to: $0, segment: 0, length: length) } ?? .cleared) }
        case .drawn(let to, let segment, let length):
            pathDidChange(trackPointsKept: true)
            current.changed = true
            // Drawing after a transform: `reset` must map the new elements back too, and the next
            // rotation or scale turns about the new bounds.
            if snapshot.remembersTransform {
                state.untransformed = nil
                state.pivot = nil
            }
            if !quietly { report(inv.name, .path(to: to, segment: segment, length: length)) }
        }
    }

    /// What `draw` drew: where the path ends, what it added, its length.
    enum Drawing {
        case nothing(at: Point?, length: Double)
        case drawn(to: Point, segment: Double, length: Double)
    }

    /// `draw`'s work on the path, in one access to it: the drawing and every check of it (the
    /// element limit, the work, a finite and measurable result), undone when one fails. (Each
    /// method called on the stored property copied the path first, its buffers retained and
    /// released: two copies a statement.)
    func drawing(into path: inout Path, _ inv: Invocation, _ build: (inout Path) throws(GeometryError) -> Void) throws(Diagnostic) -> Drawing {
        let countBefore = path.elements.count
        do { try build(&path) } catch { throw diagnose(error, inv) }
        if path.elements.count > limits.pathElements {
            path.truncate(to: countBefore)
            throw self.error(.elementLimit(limits.pathElements), inv.range)
        }
        do { try charge(WorkCost.elementCost * (path.elements.count - countBefore), inv.range) } catch {
            path.truncate(to: countBefore)
            throw error
        }
        if path.measuresLater {
            guard path.elements.count != countBefore else { return .nothing(at: path.currentPoint, length: 0) }
            // The elements before were checked as these are: when these pass, the checks below
            // would all pass (`Path.isFinite(measurable:)`). If not, the path is measured and
            // they run, for the error they give.
            if (try? path.checkMeasurable(from: countBefore)) != nil, path.isFinite(measurable: true) {
                return .drawn(to: path.currentPoint!, segment: 0, length: 0)
            }
            path.measuresLater = false
        }
        guard path.elements.count != countBefore else { return .nothing(at: path.currentPoint, length: path.length) }
        guard path.length.isFinite, path.bounds.map({ $0.isFinite }) ?? true else {
            path.truncate(to: countBefore)
            throw self.error(.nonFiniteResult, inv.range)
        }
        do { try path.checkMeasurable(from: countBefore) } catch {
            path.truncate(to: countBefore)
            throw diagnose(error, inv)
        }
        return .drawn(to: path.currentPoint!, segment: path.length(ofElements: countBefore..<path.elements.count), length: path.length)
    }

    /// Applies a transform to the whole path, remembering what `reset` needs.
    func apply(_ m: AffineTransform, _ inv: Invocation) throws(Diagnostic) {
        guard !path.isEmpty else { throw error(.noPath(inv.name), inv.range) }
        let moved: Path
        do { moved = try path.transformed(by: m) } catch { throw diagnose(error, inv) }
        if state.transform == .identity && state.untransformed == nil { state.untransformed = path }
        state.transform = state.transform.concatenating(m)
        try replacePath(with: moved, at: inv.range)
        report(inv.name, .transformed(path.bounds))
    }

    /// The fixed point of `rotate` and `scale`: `about x y`, else the centre of the bounds.
    /// The fixed point of `rotate` and `scale`: `about x y`, else the centre of the bounds as
    /// they were at the last drawing command or `reset`, moved by every `translate` since (seed
    /// 003 turns a view about its centre, which only pans move), so that rotations and scales
    /// compose: two turns of 30° are one of 60°.
    func pivot(_ inv: Invocation) throws(Diagnostic) -> Point {
        if let a = inv[CommandTable.about] { return a }
        if let p = state.pivot { return p }
        guard let b = path.bounds else { throw error(.noPath(inv.name), inv.range) }
        state.pivot = b.center
        return b.center
    }

    func diagnose(_ e: GeometryError, _ inv: Invocation) -> Diagnostic {
        switch e {
        case .noCurrentPoint: error(.noCurrentPoint(inv.name), inv.range)
        case .negativeRadius: error(.negativeRadius, inv.range)
        case .nonFinite(let what): error(.nonFinite(what), inv.range)
        case .invalidDashLength: error(.invalidDash, inv.range)
        case .emptyDashPattern: error(.emptyDash, inv.range)
        case .tooManyPoints(let n): error(.tooManyPoints(n), inv.range)
        case .nonFiniteResult, .invalidTransform: error(.nonFiniteResult, inv.range)
        case .tooSmall(let size): error(.tooSmall(size), inv.range)
        case .tooLarge(let x): error(.tooLarge(x), inv.range)
        case .unsettled: error(.unsettled(inv.name), inv.range)
        case .outOfWork: error(.workLimit(limits.statementWork), inv.range)
        }
    }

    /// The track points for the current path and dash pattern, brought up to date when first
    /// needed after a change (after appends, only from the element that was last: see
    /// `TrackPointCache`); the handle keeps its index, wrapped into the new range.
    func trackPoints(_ range: SourceRange) throws(Diagnostic) -> [Point] {
        if trackCache?.pattern != state.dash { trackCache = TrackPointCache(pattern: state.dash) }
        if trackCache!.isCurrent(for: path) { return trackCache!.points }
        do {
            try trackCache!.update(for: path, limit: limits.trackPoints)
        } catch {
            throw diagnose(error, Invocation(name: "dash", numbers: [], ranges: [], keywords: [:], range: range))
        }
        try charge(trackCache!.lastWork, range)
        state.handle.rewrap(count: trackCache!.points.count)
        return trackCache!.points
    }

    func handleReport(_ name: String, _ points: [Point], query: Bool = false) {
        let p = state.handle.point(in: points)
        report(name, query ? .handleQuery(index: state.handle.index, point: p) : .handle(index: state.handle.index, point: p))
    }

    func save(_ file: String, layers: Set<SaveLayer>, argument: Expr, range: SourceRange) throws(Diagnostic) {
        guard !path.isEmpty else { throw error(.noPath("save"), range) }
        guard let saver else { throw error(.cannotSave(file, reason: "saving is not available here"), argument.range) }
        let wanted = layers
        let points = wanted.contains(.points) || wanted.contains(.handle) ? try trackPoints(range) : []
        var request = SaveRequest(
            file: file, from: source.name, path: path, layers: wanted, trackPoints: points,
            handle: wanted.contains(.handle) ? state.handle.point(in: points) : nil,
            figures: state.figures.filter { wanted.contains($0.layer.saveLayer) && !$0.isPlaceholder },
            // Dashed as `dash` dashes it, unless the picture shows the dash's points: then the
            // whole curve is drawn under them.
            dash: state.dashGiven && !wanted.contains(.points) ? state.dash : nil)
        // The row charges the elements' listing; the request what it draws besides (its track
        // points among them).
        try charge(request.work, range)
        request.workLeft = Swift.max(0, limits.statementWork - current.work)
        let written: String
        do { written = try saver(request) } catch {
            if error.outOfWork { throw self.error(.workLimit(limits.statementWork), range) }
            throw self.error(.cannotSave(file, reason: "\(error)"), argument.range)
        }
        // A figure asked for that is not there is said, with the teaching query that made none.
        let layer = figures(in: .figure)
        let note: String? =
            wanted.contains(.figure) && !layer.contains(where: { !$0.isPlaceholder })
            ? "no figure: " + (layer.last?.query.map { placeholderReason($0.command) } ?? "no teaching query has made one on this path") : nil
        report("save", .saved(written, note: note))
    }

    /// `svg "..."`: errors point into the string when it is written out literally.
    func importSVG(_ data: String, argument: Expr, range: SourceRange) throws(Diagnostic) {
        let inv = Invocation(name: "svg", numbers: [], ranges: [argument.range], keywords: [:], range: range)
        var failure: SVGPathData.Failure?
        let lengthBefore = path.length, countBefore = path.elements.count
        try draw(inv, quietly: true) { (p: inout Path) throws(GeometryError) in
            do throws(SVGPathData.Failure) { try SVGPathData.append(data, to: &p) } catch { failure = error }
        }
        if let failure {
            var at = argument.range
            if case .string = argument {
                // Offsets are UTF-8 bytes of the data, as source positions are; the literal's
                // bytes start after the quote.
                let start = argument.range.start + 1 + failure.offset
                at = SourceRange(start, start + 1)
            }
            throw error(.badSVG(failure.message), at)
        }
        report("svg", path.currentPoint.map { .path(to: $0, segment: added(since: countBefore, lengthBefore), length: path.length) } ?? .cleared)
    }

    /// The element named by the first argument, which must draw something.
    func element(_ inv: Invocation) throws(Diagnostic) -> (Int, Segment) {
        let x = inv.numbers[0]
        guard x == x.rounded() else { throw error(.notAnInteger("the element index"), inv.ranges[0]) }
        guard x >= 0, x < Double(path.elements.count) else {
            throw error(.noSuchElement(x, count: path.elements.count), inv.ranges[0])
        }
        let i = Int(saturating: x)
        guard let segment = path.segment(at: i) else { throw error(.elementIsMove(i), inv.ranges[0]) }
        return (i, segment)
    }

    /// The parameter t (the second argument): in [0, 1], or in (0, 1) when `open`.
    func parameter(_ inv: Invocation, open: Bool = false) throws(Diagnostic) -> Double {
        let t = inv.numbers[1]
        guard open ? t > 0 && t < 1 : t >= 0 && t <= 1 else {
            throw error(.parameterRange(command: inv.name, open: open), inv.ranges[1])
        }
        return t
    }

    /// Words the REPL's prompt takes before the language sees the line (REPL.swift): said so
    /// where a script or `help` meets them.
    static let promptWords: Set<String> = ["view", "exit", "quit"]

    func help(_ topic: String?, _ range: SourceRange) throws(Diagnostic) {
        guard let topic else { return report("help", .help(.all)) }
        // `else` and `in` are parts of `if` and `for`.
        let word = ["else": "if", "in": "for"][topic] ?? topic
        if let spec = CommandTable.helpEntry(named: word) { return report("help", .help(.command(spec))) }
        if let procedure = state.procedures[topic] { return report("help", .help(.procedure(info(topic, procedure)))) }
        if let function = Builtins.function(named: topic) { return report("help", .help(.function(function))) }
        if let value = Builtins.Value(rawValue: topic) { return report("help", .help(.value(value))) }
        if Interpreter.promptWords.contains(topic) { throw error(.promptWord(topic), range) }
        let candidates =
            CommandTable.all.map({ $0.name }) + Builtins.functions.map({ $0.name }) + Builtins.Value.allCases.map({ $0.rawValue })
            + state.procedures.keys
        throw error(.unknownCommand(topic), range, suggestion: suggestion(for: topic, among: candidates))
    }
}

// MARK: File names

extension Interpreter {
    /// The file name a string argument holds; a bare word such as `x.svg` that is not a defined
    /// name gets a message saying that file names are strings.
    func fileName(_ argument: Expr) throws(Diagnostic) -> String {
        if case .name(let word, let range) = argument, !isDefined(word) { throw error(.fileNameNotString(word), range) }
        guard case .string(let file) = try evaluate(argument) else { throw error(.notAString("the file name"), argument.range) }
        // The C library would read the name only up to the NUL, and open another file.
        guard !file.utf8.contains(0), !file.isEmpty else {
            throw error(.badFileName(file.isEmpty ? "it is empty" : "it holds a NUL byte"), argument.range)
        }
        return file
    }
}

// MARK: What the handlers share (each handler is in Commands/, beside its row)

extension Interpreter {
    /// The largest angle `arc` and `rotate` take, in radians (2^30): beyond it the double's
    /// spacing passes 1e-7 radians, and the angle modulo a turn is noise.
    static let largestAngle = 1_073_741_824.0

    /// With `figure keep`, the bottom of the lowest chart the figure holds: a new chart goes
    /// under it.
    var chartFloor: Double? {
        guard state.figureKeep else { return nil }
        var floor: Double?
        for figure in state.figures where figure.layer == .figure {
            for m in figure.marks { if case .polyline(let ps, .axis) = m { for p in ps { floor = Swift.max(floor ?? p.y, p.y) } } }
        }
        return floor
    }

    /// Element i as a Bézier (a line, quadratic or cubic) for the Primer's algebra, or a located
    /// error naming what `inv`'s command needs.
    func bezierElement(
        _ inv: Invocation, needs what: String = "a line or a Bézier curve (an arc is no polynomial)"
    ) throws(Diagnostic) -> (
        Int, Segment, [Point]
    ) {
        let (i, segment) = try element(inv)
        guard let points = segment.bezierPoints else {
            throw error(.needsACurve(element: i, kind: Interpreter.degreeName(segment), command: inv.name, what: what), inv.ranges[0])
        }
        return (i, segment, points)
    }

    static func matrixValue(_ m: [[Double]]) -> Value { .list(m.map { .list($0.map(Value.number)) }) }
    static func pointsValue(_ ps: [Point]) -> Value { .list(ps.map(Value.point)) }

    /// The report of `bernstein` and `rational`: the weights at t and the point they make.
    func reportWeighted(_ name: String, _ i: Int, _ segment: Segment, _ t: Double, _ weights: [Double], _ p: Point) {
        report(
            name,
            .facts(
                element: i, title: "\(Interpreter.degreeName(segment)), t \(NumberFormat.text(t, precision: 17))",
                Record(["weights": .list(weights.map(Value.number)), "x": .number(p.x), "y": .number(p.y)])))
    }

    /// Points from the current point and the pairs of `inv`'s numbers, for `fit` and `bspline`.
    func splinePoints(_ inv: Invocation, degree: Int) throws(Diagnostic) -> [Point] {
        let n = inv.numbers
        guard n.count % 2 == 0, n.count / 2 >= degree else { throw error(.splinePoints(command: inv.name, degree: degree), inv.range) }
        try charge(n.count / 2, inv.range)
        guard let start = path.currentPoint else { throw error(.noCurrentPoint(inv.name), inv.range) }
        return [start] + stride(from: 0, to: n.count, by: 2).map { Point(n[$0], n[$0 + 1]) }
    }

    func splineDegree(_ inv: Invocation) throws(Diagnostic) -> Int {
        let d = inv[CommandTable.degree]
        guard d == 2 || d == 3 else { throw error(.splineDegree(command: inv.name), inv.range) }
        return Int(saturating: d)
    }

    /// The larger side of the path's bounds (0 when empty), for the size of a figure's arrows.
    var pathSize: Double { path.bounds.map { Swift.max($0.width, $0.height) } ?? 0 }

    /// An arrow from p along unit vector v, a sixth of the path's size long, with p marked.
    func arrowMarks(_ p: Point, _ v: Vector, _ role: Figure.Role) -> [Figure.Mark] {
        let size = Swift.max(pathSize, Magnitude.smallestFrame)
        return [.arrow(p, p + v * (size / 6), role), .point(p, .mark, label: nil)]
    }

    func arcsAsCurves(_ inv: Invocation, quadratic: Bool) throws(Diagnostic) {
        var targets: [Int] = []
        if inv.numbers.isEmpty {
            targets = path.elements.indices.filter { if case .segment(.arc) = path.elements[$0] { true } else { false } }
        } else {
            let (i, segment) = try element(inv)
            guard case .arc = segment else {
                throw error(.notAnArc(element: i, kind: Interpreter.degreeName(segment), command: inv.name), inv.ranges[0])
            }
            targets = [i]
        }
        var replacements: [Int: [Segment]] = [:]
        var count = 0, moved = 0.0
        // The radial error of each circular arc's pieces, sampled: (centre, radius, point).
        var radial: [(Point, Double, [Point])] = []
        for i in targets {
            guard case .segment(.arc(let arc)) = path.elements[i] else { continue }
            let pieces: [Segment], error: Double
            if quadratic {
                let q = arc.quadratics
                (pieces, error) = (q.pieces.map { .quadratic($0) }, q.error)
            } else {
                let c = arc.cubics
                (pieces, error) = (c.pieces.map { .cubic($0) }, c.error)
            }
            // Each piece's distance from its arc is searched on 257 samples and 60 golden
            // sections (circular arcs of one turn share theirs), then the piece is appended.
            try charge(WorkCost.curveApproximationCost * (arc.isCircular ? 1 : pieces.count) + WorkCost.elementCost * pieces.count, inv.range)
            replacements[i] = pieces
            if arc.isCircular {
                radial.append((arc.center, arc.radius, pieces.flatMap { s in (0...32).map { s.point(at: Double($0) / 32) } }))
            }
            count += pieces.count
            moved = Swift.max(moved, error)
        }
        if !targets.isEmpty {
            let replaced: Path
            do { replaced = try path.replacing(elements: replacements) } catch { throw diagnose(error, inv) }
            try replacePath(with: replaced, at: inv.range)
        }
        // The Primer's picture: the error r(θ) − R drawn around each circle, magnified so that
        // the largest is a fifth of the radius.
        let largest = radial.flatMap { c, r, ps in ps.map { abs($0.distance(to: c) - r) } }.max() ?? 0
        if largest > 0, let smallest = radial.map({ $0.1 }).min(), smallest > 0 {
            let gain = 0.2 * smallest / largest
            var marks: [Figure.Mark] = []
            for (c, r, ps) in radial {
                marks.append(
                    .polyline(
                        ps.map { p in
                            let d = p.distance(to: c)
                            return d > 0 ? c + (p - c) * ((r + gain * (d - r)) / d) : p
                        }, .error))
            }
            drawn = Figure(
                title:
                    "\(inv.name): the radial error ×\(NumberFormat.text(gain, precision: 3)) (at most \(NumberFormat.text(largest, precision: 3)))",
                marks: marks)
        }
        report(inv.name, .cubics(element: inv.numbers.isEmpty ? -1 : targets[0], count: count, error: moved, made: quadratic ? .quadratics : .cubics))
    }

    /// The kind of a segment in words: line, quadratic, cubic, arc.
    static func degreeName(_ s: Segment) -> String {
        switch s {
        case .line: "line"
        case .quadratic: "quadratic"
        case .cubic: "cubic"
        case .arc: "arc"
        }
    }

    func replaceElement(_ i: Int, with segment: Segment, _ inv: Invocation) throws(Diagnostic) {
        let replaced: Path
        do { replaced = try path.replacing(elementAt: i, with: segment) } catch { throw diagnose(error, inv) }
        try replacePath(with: replaced, at: inv.range)
    }

    /// The point and segment at arc length s (the first argument) for `tangent`, `normal` and
    /// `curvature`.
    func location(_ inv: Invocation) throws(Diagnostic) -> (PathLocation, Segment) {
        let s = inv.numbers[0]
        guard s >= 0 && s <= path.length, !path.isEmpty else {
            throw error(.lengthRange(command: inv.name, length: path.length), inv.ranges[0])
        }
        guard let (loc, _) = path.location(atLength: s), let segment = path.segment(at: loc.element) else {
            throw error(.noPath(inv.name), inv.range)
        }
        return (loc, segment)
    }

    /// The fewest queries on an unchanged path before `contains` builds a `ContainmentTester`.
    static let testerLeastQueries = 32

    /// Whether the path holds `p`, adding to `visits` the pieces looked at (and the elements of
    /// the band index when one is built). The path's own tree answers in O(log n) plus the segments
    /// near p's height, and follows every change; a `ContainmentTester` answers faster but costs
    /// O(n) to build. It is built once the queries on the unchanged path number a 32nd of its
    /// elements, so that building costs at most 32 queries' worth each, and kept until the path
    /// changes: a long run of queries on one path goes at the tester's speed, and queries between
    /// edits of a large path never pay for a build. And not before `testerLeastQueries` queries:
    /// a small path's tester costs as much as about 20 queries of its tree (a glyph of 40
    /// elements: 142,000 instructions to build, 6,600 a `contains` through the tree), and a
    /// font's glyphs asked four times each built one per glyph.
    func contains(_ p: Point, rule: FillRule, visits: inout Int) -> Bool {
        // The elements drawn while `Path.measuresLater` was set, indexed once. (Only when some
        // are left: any change of `path`, this one too, counts as a new path for the caches below.)
        if !path.isIndexed { path.indexAll() }
        if let cache = containmentCache, cache.stamp == pathStamp { return cache.tester.contains(p, rule: rule, visits: &visits) }
        if containmentQueries.stamp != pathStamp { containmentQueries = (pathStamp, 0) }
        containmentQueries.count += 1
        guard containmentQueries.count >= Interpreter.testerLeastQueries, containmentQueries.count * 32 >= path.elements.count else {
            return path.contains(p, rule: rule, visits: &visits)
        }
        let tester = ContainmentTester(path)
        visits += path.elements.count
        containmentCache = ContainmentCache(stamp: pathStamp, tester: tester)
        return tester.contains(p, rule: rule, visits: &visits)
    }

    /// A stroke's width (an offset's twice its distance) may be at most a million times the
    /// path's size: the result's tolerance is relative to its own size, and past that the path's
    /// own shape falls below it (a square of side 10 stroked 1e14 wide vanished). A path of no
    /// extent (a dot) has no such limit: its stroke is a disk or a square.
    func checkWidth(_ w: Double, _ inv: Invocation) throws(Diagnostic) {
        guard let box = path.bounds else { return }
        let size = Swift.max(box.width, box.height)
        guard size > 0, w > Magnitude.farBeyondThePath * size else { return }
        throw error(.widthTooLarge(command: inv.name, ratio: w / size), inv.ranges[0])
    }

    func strokeStyle(_ inv: Invocation, width: Double, cap: LineCap, join: LineJoin) throws(Diagnostic) -> StrokeStyle {
        let limit = inv[CommandTable.miterLimit], tolerance = inv[CommandTable.offsetTolerance]
        guard limit >= 1, limit.isFinite else { throw error(.miterLimit(command: inv.name), inv.range) }
        guard tolerance > 0, tolerance.isFinite else { throw error(.toleranceRange(command: inv.name), inv.range) }
        return StrokeStyle(width: width, cap: cap, join: join, miterLimit: limit, tolerance: tolerance)
    }

    /// The path value `argument` gives (`what` names it in the error if it gives something
    /// else), charged `costPerElement` per element of it.
    func pathArgument(_ argument: Expr, _ what: String, _ inv: Invocation, costPerElement: Int = WorkCost.visitCost) throws(Diagnostic) -> Path {
        let v = try evaluate(argument)
        guard case .path(let other) = v else { throw error(.wrongKind(what, expected: "a path", found: v.kindName), argument.range) }
        try charge(costPerElement * other.elements.count, inv.range)
        return other
    }

    /// Runs a budgeted search with what is left of the statement's work budget, charges the work
    /// it reports, and gives its answer; a search that runs out is the work-limit error.
    /// A stroke's or offset's outline with the work left, charged; out of work and an outline that
    /// could not be made consistent are located errors of their own.
    func outline(
        _ inv: Invocation, _ make: (Int) -> Result<(path: Path, work: Int, error: Double), BooleanFailure>
    ) throws(Diagnostic) -> (Path, Double) {
        switch make(Swift.max(limits.statementWork - current.work, 0)) {
        case .success(let (path, used, err)):
            try charge(used, inv.range)
            return (path, err)
        case .failure(.outOfWork): throw error(.workLimit(limits.statementWork), inv.range)
        case .failure(.inconsistent): throw error(.inconsistentStroke(inv.name), inv.range)
        }
    }

    func info(_ name: String, _ p: Procedure) -> ProcedureInfo {
        ProcedureInfo(name: name, parameters: p.parameters, file: p.source.name, line: p.source.location(of: p.nameRange.start).line)
    }

}
