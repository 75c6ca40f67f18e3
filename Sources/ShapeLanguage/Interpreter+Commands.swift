import ShapeGeometry

/// The arguments of one command, evaluated and checked against its table row.
struct Invocation {
    var name: String
    var numbers: [Double]
    var ranges: [SourceRange]
    var keywords: [String: [Double]]
    var range: SourceRange
    /// The arguments as written, for commands that take text (`CommandSpec.takesText`).
    var arguments: [Expr] = []
    /// The option words given, in order.
    var keywordNames: [String] = []
    /// The names given to words that take one (`as Card`), with where they were written.
    var names: [String: (String, SourceRange)] = [:]
    /// The word chosen for each option that takes a word (`cap round`), its default filled in.
    var words: [String: String] = [:]

    /// The chosen word of option `name` as the enum it names (`LineJoin(rawValue:)`): the table's
    /// choices are the enum's cases' names (a test checks), so this never fails for a bound
    /// invocation.
    func choice<T: RawRepresentable>(_ name: String, _ type: T.Type) -> T where T.RawValue == String {
        T(rawValue: words[name]!)!
    }

    func point(_ i: Int) -> Point { Point(numbers[i], numbers[i + 1]) }
}

extension Interpreter {
    func command(
        _ name: String, nameRange: SourceRange, arguments: [Expr], keywords: [KeywordArgument],
        range: SourceRange
    ) throws(Diagnostic) {
        let row = CommandTable.row(named: name)
        try charge((row?.spec.cost.units(elements: path.elements.count) ?? 1) + WorkCost.commandOverhead, range)
        guard let row else {
            if let procedure = state.procedures[name] {
                try call(name, procedure, arguments: arguments, range: range)
                return
            }
            if arguments.isEmpty, keywords.isEmpty, let value = try? lookup(name, nameRange) {
                return report("value", .value(nil, value))
            }
            let candidates = CommandTable.all.map({ $0.name }) + definedNames
            throw error(.unknownCommand(name), nameRange, suggestion: suggestion(for: name, among: candidates))
        }
        let invocation = try bind(row.spec, arguments: arguments, keywords: keywords, range: range)
        guard let run = row.spec.run else { throw error(.unknownCommand(name), nameRange) }
        try run(self)(invocation)
        if current.nonFiniteReport {
            current.nonFiniteReport = false
            throw error(.nonFiniteResult, range)
        }
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
        var invocation = Invocation(
            name: spec.name, numbers: [], ranges: [], keywords: [:], range: range,
            arguments: arguments, keywordNames: keywords.map({ $0.name }))
        // Text-taking commands (`svg`, `save`, `help`) read their arguments themselves.
        if !spec.takesText {
            invocation.numbers.reserveCapacity(arguments.count)
            invocation.ranges.reserveCapacity(arguments.count)
            for (i, a) in arguments.enumerated() {
                invocation.numbers.append(try number(a, spec.variadic ? spec.variadicNames.each : "'\(spec.parameters[i])'"))
                invocation.ranges.append(a.range)
            }
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
                if let choices = k.choices, let d = defaults.first { invocation.words[k.name] = choices[Int(d)] }
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
                if current.returning != nil { break }
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
        guard path.elements.count != countBefore else {
            // Nothing drawn (`close` with nothing to close, `svg ""`): say where the path stands.
            if !quietly { report(inv.name, path.currentPoint.map { .path(to: $0, segment: 0, length: path.length) } ?? .cleared) }
            return
        }
        guard path.length.isFinite, path.bounds.map({ $0.isFinite }) ?? true else {
            path.truncate(to: countBefore)
            throw self.error(.nonFiniteResult, inv.range)
        }
        do { try path.checkMeasurable(from: countBefore) } catch {
            path.truncate(to: countBefore)
            throw diagnose(error, inv)
        }
        pathDidChange(trackPointsKept: true)
        current.changed = true
        // Drawing after a transform: `reset` must map the new elements back too, and the next
        // rotation or scale turns about the new bounds.
        state.untransformed = nil
        state.pivot = nil
        if !quietly {
            report(inv.name, .path(to: path.currentPoint!, segment: path.length(ofElements: countBefore..<path.elements.count), length: path.length))
        }
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
        if let a = inv.keywords["about"] { return Point(a[0], a[1]) }
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
        try charge(WorkCost.listingCost * points.count, range)
        let request = SaveRequest(
            file: file, from: source.name, path: path, layers: wanted, trackPoints: points,
            handle: wanted.contains(.handle) ? state.handle.point(in: points) : nil,
            nearest: wanted.contains(.nearest) ? lastNearest : nil,
            casteljau: wanted.contains(.casteljau) ? lastCasteljau : nil,
            // Dashed as `dash` dashes it, unless the picture shows the dash's points: then the
            // whole curve is drawn under them.
            figure: wanted.contains(.figure) ? lastFigure : nil, dash: state.dashGiven && !wanted.contains(.points) ? state.dash : nil)
        let written: String
        do { written = try saver(request) } catch {
            throw self.error(.cannotSave(file, reason: "\(error)"), argument.range)
        }
        // A figure asked for that is not there is said, with the teaching query that made none.
        let note: String? =
            wanted.contains(.figure) && lastFigure == nil
            ? "no figure: "
                + (lastFigureless.map { $0 == "casteljau" ? "'casteljau' draws its construction as the casteljau layer" : "'\($0)' draws none" }
                    ?? "no teaching query has made one on this path") : nil
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
        let i = Int(x)
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

    func help(_ topic: String?, _ range: SourceRange) throws(Diagnostic) {
        guard let topic else { return report("help", .help(.all)) }
        // `else` and `in` are parts of `if` and `for`.
        let word = ["else": "if", "in": "for"][topic] ?? topic
        if let spec = CommandTable.helpEntry(named: word) { return report("help", .help(.command(spec))) }
        if let procedure = state.procedures[topic] { return report("help", .help(.procedure(info(topic, procedure)))) }
        if let function = Builtins.function(named: topic) { return report("help", .help(.function(function))) }
        if let value = Builtins.Value(rawValue: topic) { return report("help", .help(.value(value))) }
        let candidates =
            CommandTable.all.map({ $0.name }) + Builtins.functions.map({ $0.name }) + Builtins.Value.allCases.map({ $0.rawValue })
            + state.procedures.keys
        throw error(.unknownCommand(topic), range, suggestion: suggestion(for: topic, among: candidates))
    }
}

// MARK: The commands that take text

extension Interpreter {
    /// `svg "data"`.
    func svgCommand(_ inv: Invocation) throws(Diagnostic) {
        let argument = inv.arguments[0]
        guard case .string(let data) = try evaluate(argument) else { throw error(.notAString("the path data"), argument.range) }
        try importSVG(data, argument: argument, range: inv.range)
    }

    /// `save "file.svg" [layers]`.
    func saveCommand(_ inv: Invocation) throws(Diagnostic) {
        let argument = inv.arguments[0]
        let file = try fileName(argument)
        guard file.asciiLowercased.hasSuffix(".svg") || file.asciiLowercased.hasSuffix(".pdf") else { throw error(.notSVGFile(file), argument.range) }
        // `all` is every layer but `fill`; the other option words name one each.
        // `all`: the handle only once one was placed or shown (else it would sit at P0 unasked).
        let layers =
            inv.keywords["all"] != nil
            ? Set(SaveLayer.allCases).subtracting(state.handlePlaced ? [.fill] : [.fill, .handle])
            : Set(inv.keywordNames.compactMap(SaveLayer.init(rawValue:)))
        try save(file, layers: layers, argument: argument, range: inv.range)
    }

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

    /// `help [command]`: the topic is a bare name or a string.
    func helpCommand(_ inv: Invocation) throws(Diagnostic) {
        let topic: String? = inv.arguments.first.flatMap {
            if case .name(let n, _) = $0 { n } else if case .string(let s, _) = $0 { s } else { nil }
        }
        try help(topic, inv.arguments.first?.range ?? inv.range)
    }
}

// MARK: The commands, one handler each (their table rows name them: `CommandSpec.run`).

extension Interpreter {
    /// `move`.
    func moveCommand(_ inv: Invocation) throws(Diagnostic) {
        try draw(inv) { (p: inout Path) throws(GeometryError) in try p.move(to: inv.point(0)) }
    }

    /// `line`.
    func lineCommand(_ inv: Invocation) throws(Diagnostic) {
        try draw(inv) { (p: inout Path) throws(GeometryError) in try p.line(to: inv.point(0)) }
    }

    /// `quad`.
    func quadCommand(_ inv: Invocation) throws(Diagnostic) {
        try draw(inv) { (p: inout Path) throws(GeometryError) in try p.quad(control: inv.point(0), to: inv.point(2)) }
    }

    /// `catmull x y ... [tension t]`: a Catmull-Rom spline through the points, as cubics.
    func catmullCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        guard !n.isEmpty, n.count % 2 == 0 else { throw error(.catmullPoints, inv.range) }
        let tension = inv.keywords["tension"]![0]
        guard tension > 0, tension.isFinite else { throw error(.catmullTension, inv.range) }
        try charge(n.count / 2, inv.range)
        guard let start = path.currentPoint else { throw error(.noCurrentPoint("catmull"), inv.range) }
        let points = [start] + stride(from: 0, to: n.count, by: 2).map { Point(n[$0], n[$0 + 1]) }
        let cubics = Path.catmullRom(through: points, tension: tension)
        try draw(inv) { (p: inout Path) throws(GeometryError) in
            for c in cubics { try p.curve(control1: c.p1, control2: c.p2, to: c.p3) }
        }
    }

    /// `through bx by x y [cubic]`: the Primer's curve through three points.
    func throughCommand(_ inv: Invocation) throws(Diagnostic) {
        let b = inv.point(0), e = inv.point(2)
        let cubic = inv.keywords["cubic"] != nil
        if let s = path.currentPoint, b.isFinite, e.isFinite, Path.curveThrough(from: s, through: b, to: e, cubic: cubic) == nil {
            throw error(.throughAnEnd, inv.range)
        }
        try draw(inv) { (p: inout Path) throws(GeometryError) in
            guard let s = p.currentPoint, let (segment, _) = Path.curveThrough(from: s, through: b, to: e, cubic: cubic) else {
                // No current point, or numbers that are not finite: as `quad` says it.
                try p.quad(control: b, to: e)
                return
            }
            switch segment {
            case .quadratic(let q): try p.quad(control: q.p1, to: q.p2)
            case .cubic(let c): try p.curve(control1: c.p1, control2: c.p2, to: c.p3)
            case .line, .arc: break
            }
        }
    }

    /// `curve`.
    func curveCommand(_ inv: Invocation) throws(Diagnostic) {
        try draw(inv) { (p: inout Path) throws(GeometryError) in
            try p.curve(control1: inv.point(0), control2: inv.point(2), to: inv.point(4))
        }
    }

    /// `arc`.
    func arcCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        // Past 2^30 radians an angle's last bit is worth more than 1e-7: the sweep it names is noise.
        for k in [3, 4] where abs(n[k]) > Interpreter.largestAngle {
            throw error(.angleTooLarge(Interpreter.largestAngle), inv.ranges[k])
        }
        try draw(inv) { (p: inout Path) throws(GeometryError) in
            try p.arc(
                center: inv.point(0), radius: n[2], startAngle: n[3], endAngle: n[4],
                clockwise: inv.keywords["ccw"] == nil)
        }
    }

    /// `close`.
    func closeCommand(_ inv: Invocation) throws(Diagnostic) {
        try draw(inv) { (p: inout Path) throws(GeometryError) in p.close() }
    }

    /// `rect`.
    func rectCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        try draw(inv) { (p: inout Path) throws(GeometryError) in try p.addRect(x: n[0], y: n[1], width: n[2], height: n[3]) }
    }

    /// `oval`.
    func ovalCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        try draw(inv) { (p: inout Path) throws(GeometryError) in try p.addOval(x: n[0], y: n[1], width: n[2], height: n[3]) }
    }

    /// `circle`.
    func circleCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        try draw(inv) { (p: inout Path) throws(GeometryError) in try p.addCircle(center: inv.point(0), radius: n[2]) }
    }

    /// `roundrect`.
    func roundrectCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        try draw(inv) { (p: inout Path) throws(GeometryError) in
            try p.addRoundedRect(x: n[0], y: n[1], width: n[2], height: n[3], cornerRadius: n[4])
        }
    }

    /// `clear`.
    func clearCommand(_ inv: Invocation) throws(Diagnostic) {
        try replacePath(with: Path(), at: inv.range)
        state.handle = Handle()
        state.transform = .identity
        state.untransformed = nil
        state.pivot = nil
        // A new drawing is drawn and exported whole until its own `dash` (the pattern itself
        // stays, for the track points).
        state.dashGiven = false
        state.handlePlaced = false
        report("clear", .cleared)
    }

    /// `translate`.
    func translateCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        var dx = n[0], dy = n[1]
        if let w = inv.keywords["within"], let b = path.bounds {
            // Seed 003: each axis on its own, so a move blocked on one still slides on the other.
            let area = Rect(x: w[0], y: w[1], width: w[2], height: w[3])
            guard area.isFinite else { throw error(.nonFinite("the 'within' rectangle"), inv.range) }
            dx = Swift.min(Swift.max(dx, area.minX - b.minX), area.maxX - b.maxX)
            dy = Swift.min(Swift.max(dy, area.minY - b.minY), area.maxY - b.maxY)
            if b.width > area.width { dx = 0 }
            if b.height > area.height { dy = 0 }
        }
        try apply(.translation(dx, dy), inv)
        state.pivot = state.pivot.map { Point($0.x + dx, $0.y + dy) }
    }

    /// The largest angle `arc` and `rotate` take, in radians (2^30): beyond it the double's
    /// spacing passes 1e-7 radians, and the angle modulo a turn is noise.
    static let largestAngle = 1_073_741_824.0

    /// `rotate`.
    func rotateCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        guard abs(n[0]) <= Interpreter.largestAngle else { throw error(.angleTooLarge(Interpreter.largestAngle), inv.ranges[0]) }
        try apply(.rotation(n[0], about: try pivot(inv)), inv)
    }

    /// `scale`.
    func scaleCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        let sx = n[0], sy = n.count > 1 ? n[1] : n[0]
        guard sx != 0, sy != 0 else { throw error(.zeroScale, inv.range) }
        // A factor far from 1 in size drops the coordinates' digits (1e-320 is subnormal), so that
        // scaling back could not restore them: refused.
        for f in [sx, sy] where !(abs(f) >= 1e-100 && abs(f) <= 1e100) { throw error(.scaleRange, inv.range) }
        try apply(.scale(sx, sy, about: try pivot(inv)), inv)
    }

    /// `reset`.
    func resetCommand(_ inv: Invocation) throws(Diagnostic) {
        if let original = state.untransformed {
            try replacePath(with: original, at: inv.range)
        } else if state.transform != .identity {
            guard let inverse = state.transform.inverted() else { throw error(.nonFiniteResult, inv.range) }
            let back: Path
            do { back = try path.transformed(by: inverse) } catch { throw diagnose(error, inv) }
            try replacePath(with: back, at: inv.range)
        }
        state.transform = .identity
        state.untransformed = nil
        state.pivot = nil
        current.changed = true
        report("reset", .transformed(path.bounds))
    }

    /// `sticky`.
    func stickyCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        let breakRadius = inv.keywords["break"]?.first ?? n[2] / 2
        guard n[2] >= 0, n[5] >= 0, breakRadius >= 0 else { throw error(.negativeRadius, inv.range) }
        var badge = StickyBadge(
            fixedCenter: inv.point(0), restRadius: n[2], draggedCenter: inv.point(3),
            draggedRadius: n[5], breakRadius: breakRadius)
        badge.brokenEarlier = state.stickyBroken
        if inv.keywords["release"] != nil { badge = badge.released() }
        let shape: Path
        do { shape = try badge.path(accuracy: path.accuracy) } catch { throw diagnose(error, inv) }
        guard badge.fixedRadius.isFinite, badge.distance.isFinite else { throw error(.nonFiniteResult, inv.range) }
        try replacePath(with: shape, at: inv.range)
        state.pivot = nil
        state.stickyBroken = badge.isBroken
        report("sticky", .sticky(radius: badge.fixedRadius, distance: badge.distance, broken: badge.isBroken, length: path.length))
    }

    /// `wander`.
    func wanderCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        let duration = n[0], speed = n.count > 1 ? n[1] : 15
        guard duration >= 0, speed >= 0 else { throw error(.negativeDuration, inv.range) }
        let w = inv.keywords["within"]!  // defaults from the table
        let from = Point(inv.keywords["from"]![0], inv.keywords["from"]![1])
        // Without `seed`, a new curve each time, as the seed's app draws; the report names the
        // seed so that any run can be drawn again.
        let seed = inv.keywords["seed"]?[0] ?? Double(UInt64.random(in: 1...999_999))
        guard seed >= 0, seed == seed.rounded(), seed < 1.8e19 else { throw error(.notAnInteger("the seed"), inv.range) }
        var random = SeededRandom(seed: UInt64(seed))
        let arcs: [Arc]
        do {
            arcs = try Wander.arcs(
                length: duration * speed, start: from, area: Rect(x: w[0], y: w[1], width: w[2], height: w[3]),
                random: &random, arcLimit: Swift.min(1_000_000, limits.pathElements))
        } catch {
            if case .nonFiniteResult = error { throw self.error(.areaTooSmall, inv.range) }
            throw diagnose(error, inv)
        }
        try charge(arcs.count, inv.range)
        let lengthBefore = path.length, countBefore = path.elements.count
        try draw(inv, quietly: true) { (p: inout Path) throws(GeometryError) in
            try p.move(to: arcs[0].start)
            for a in arcs { try p.append(arc: a) }
        }
        report(
            "wander",
            .wander(
                arcs: arcs.count, to: path.currentPoint!, segment: added(since: countBefore, lengthBefore), length: path.length, seed: UInt64(seed)))
    }

    /// `dash`.
    func dashCommand(_ inv: Invocation) throws(Diagnostic) {
        let pattern: DashPattern
        do { pattern = try DashPattern(inv.numbers, phase: inv.keywords["phase"]![0]) } catch { throw diagnose(error, inv) }
        let previous = state.dash, previousCache = trackCache
        state.dash = pattern
        state.dashGiven = true
        trackCache = nil
        do {
            let points = try trackPoints(inv.range)  // keeps the handle's index, wrapped
            current.changed = true
            report("dash", .dash(count: points.count))
        } catch {
            state.dash = previous
            trackCache = previousCache
            throw error
        }
    }

    /// `handle`.
    func handleCommand(_ inv: Invocation) throws(Diagnostic) {
        state.handlePlaced = true
        let n = inv.numbers
        let points = try trackPoints(inv.range)
        if n.isEmpty { return handleReport("handle", points, query: true) }
        guard n[0] == n[0].rounded(), abs(n[0]) < 9e15 else { throw error(.notAnInteger("the handle index"), inv.ranges[0]) }
        state.handle.jump(to: Int(n[0]), count: points.count)
        current.changed = true
        handleReport("handle", points)
    }

    /// `drag`.
    func dragCommand(_ inv: Invocation) throws(Diagnostic) {
        state.handlePlaced = true
        let points = try trackPoints(inv.range)
        // The table's option group makes exactly one of `to` and `by` present.
        if let to = inv.keywords["to"] {
            state.handle.follow(toward: Point(to[0], to[1]), in: points)
        } else if let by = inv.keywords["by"] {
            state.handle.follow(by: Vector(by[0], by[1]), in: points)
        }
        if let t = state.handle.target, !t.isFinite { throw error(.nonFiniteResult, inv.range) }
        current.changed = true
        handleReport("drag", points)
    }

    /// `snap`.
    func snapCommand(_ inv: Invocation) throws(Diagnostic) {
        state.handlePlaced = true
        let points = try trackPoints(inv.range)
        try charge(points.count, inv.range)
        state.handle.snap(to: inv.point(0), in: points)
        current.changed = true
        handleReport("snap", points)
    }

    /// `show`.
    func showCommand(_ inv: Invocation) throws(Diagnostic) {
        // The plot samples up to this many points besides two per element (charged as visits).
        try charge(Limits.plotSamples, inv.range)
        // The handle is drawn when asked for and its track points can be had (not past their limit).
        let points: [Point]? = path.isEmpty || inv.keywords["handle"] == nil ? nil : (try? trackPoints(inv.range))
        let handle = points.flatMap { state.handle.point(in: $0) }
        report("show", .plot(path: path, handle: handle, ascii: inv.keywords["ascii"] != nil, controls: inv.keywords["controls"] != nil))
    }

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

    /// With `figure keep`, the bottom of the lowest chart the figure holds: a new chart goes
    /// under it.
    var chartFloor: Double? {
        guard state.figureKeep, let figure = lastFigure else { return nil }
        var floor: Double?
        for m in figure.marks { if case .polyline(let ps, .axis) = m { for p in ps { floor = Swift.max(floor ?? p.y, p.y) } } }
        return floor
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

    /// The report of `bernstein` and `rational`: the weights at t and the point they make.
    func reportWeighted(_ name: String, _ i: Int, _ segment: Segment, _ t: Double, _ weights: [Double], _ p: Point) {
        report(
            name,
            .facts(
                element: i, title: "\(Interpreter.degreeName(segment)), t \(NumberFormat.text(t, precision: 17))",
                Record(["weights": .list(weights.map(Value.number)), "x": .number(p.x), "y": .number(p.y)])))
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
        let tension = inv.keywords["tension"]![0]
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

    /// Points from the current point and the pairs of `inv`'s numbers, for `fit` and `bspline`.
    func splinePoints(_ inv: Invocation, degree: Int) throws(Diagnostic) -> [Point] {
        let n = inv.numbers
        guard n.count % 2 == 0, n.count / 2 >= degree else { throw error(.splinePoints(command: inv.name, degree: degree), inv.range) }
        try charge(n.count / 2, inv.range)
        guard let start = path.currentPoint else { throw error(.noCurrentPoint(inv.name), inv.range) }
        return [start] + stride(from: 0, to: n.count, by: 2).map { Point(n[$0], n[$0 + 1]) }
    }

    func splineDegree(_ inv: Invocation) throws(Diagnostic) -> Int {
        let d = inv.keywords["degree"]![0]
        guard d == 2 || d == 3 else { throw error(.splineDegree(command: inv.name), inv.range) }
        return Int(d)
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

    /// The larger side of the path's bounds (0 when empty), for the size of a figure's arrows.
    var pathSize: Double { path.bounds.map { Swift.max($0.width, $0.height) } ?? 0 }

    /// An arrow from p along unit vector v, a sixth of the path's size long, with p marked.
    func arrowMarks(_ p: Point, _ v: Vector, _ role: Figure.Role) -> [Figure.Mark] {
        let size = Swift.max(pathSize, 1e-9)
        return [.arrow(p, p + v * (size / 6), role), .point(p, .mark, label: nil)]
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

    /// `quads [i]`: an arc (or every arc) as quadratics of at most 45°, and how far they stray.
    func quadsCommand(_ inv: Invocation) throws(Diagnostic) { try arcsAsCurves(inv, quadratic: true) }

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
            lastFigure = Figure(
                title:
                    "\(inv.name): the radial error ×\(NumberFormat.text(gain, precision: 3)) (at most \(NumberFormat.text(largest, precision: 3)))",
                marks: marks)
        }
        report(inv.name, .cubics(element: inv.numbers.isEmpty ? -1 : targets[0], count: count, error: moved, made: quadratic ? .quadratics : .cubics))
    }

    /// `arcs i [tolerance e]`: a Bézier as circular arcs within e of it, and how far they stray.
    func arcsCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        switch segment {
        case .quadratic, .cubic: break
        case .line, .arc: throw error(.notACurve(element: i, kind: Interpreter.degreeName(segment), command: "arcs"), inv.ranges[0])
        }
        let tolerance = inv.keywords["tolerance"]?.first ?? 1e-3
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
        if inv.keywords["primer"] != nil {
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

    /// `export`.
    func exportCommand(_ inv: Invocation) throws(Diagnostic) {
        // The table's option groups make exactly one format present, and one target at most.
        let format = ExportFormat.allCases.first { inv.keywords[$0.rawValue] != nil }!
        let given = SwiftTarget.allCases.first { inv.keywords[$0.rawValue] != nil }
        if let given, format != .swift { throw error(.exportOptionNeeds(option: given.rawValue, format: "swift"), inv.range) }
        if inv.keywords["angles"] != nil, format != .points { throw error(.exportOptionNeeds(option: "angles", format: "points"), inv.range) }
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
            ?? (format == .points ? (inv.keywords["angles"] != nil ? "keyframes" : "points") : target.defaultName)
        if let (n, r) = inv.names["as"] {
            guard SwiftTranslation.isSwiftName(n) else { throw error(.notASwiftName(n), r) }
            name = n
        } else if let (word, _, r) = procedure, !SwiftTranslation.isSwiftName(name) {
            throw error(.notASwiftName(word), r, suggestion: "give the function a name with 'as'")
        }
        var request = ExportRequest(
            format: format, target: target, name: name, exact: inv.keywords["exact"] != nil, path: path,
            dash: state.dashGiven ? state.dash : nil, points: [], angles: nil, function: nil, file: file?.0, from: source.name)
        if format == .points {
            if inv.keywords["angles"] != nil {
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

    /// `length`.
    func lengthCommand(_ inv: Invocation) throws(Diagnostic) {
        report("length", .length(path.length))
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

    /// Whether the path holds `p`. The path's own tree answers in O(log n) plus the segments
    /// near p's height, and follows every change; a `ContainmentTester` answers faster but costs
    /// O(n) to build. It is built once the queries on the unchanged path number a 32nd of its
    /// elements, so that building costs at most 32 queries' worth each, and kept until the path
    /// changes: a long run of queries on one path goes at the tester's speed, and queries between
    /// edits of a large path never pay for a build.
    /// Whether the path holds `p`, adding to `visits` the pieces looked at (and the elements of
    /// the band index when one is built).
    func contains(_ p: Point, rule: FillRule, visits: inout Int) -> Bool {
        if let cache = containmentCache, cache.stamp == pathStamp { return cache.tester.contains(p, rule: rule, visits: &visits) }
        if containmentQueries.stamp != pathStamp { containmentQueries = (pathStamp, 0) }
        containmentQueries.count += 1
        guard containmentQueries.count * 32 >= path.elements.count else { return path.contains(p, rule: rule, visits: &visits) }
        let tester = ContainmentTester(path)
        visits += path.elements.count
        containmentCache = (pathStamp, tester)
        return tester.contains(p, rule: rule, visits: &visits)
    }

    /// `contains`: charged by what the hit test looked at (a ray crossing a comb of a million
    /// teeth costs a million visits, a point beside a square a few).
    func containsCommand(_ inv: Invocation) throws(Diagnostic) {
        var visits = 0
        let inside = contains(inv.point(0), rule: inv.keywords["evenodd"] != nil ? .evenOdd : .nonZero, visits: &visits)
        try charge(WorkCost.lookCost * visits, inv.range)
        report("contains", .contains(inside))
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

    /// `setpoint i k x y`: point k of element i, as `elements` writes it, moved to (x, y), with
    /// the anchors it shares (`Path.movingPoint`); reported like a drawing command, with where
    /// the point landed (an anchor on an arc lands on its circle) and the element's length.
    func setpointCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        guard n[0] == n[0].rounded() else { throw error(.notAnInteger("the element index"), inv.ranges[0]) }
        guard n[0] >= 0, n[0] < Double(path.elements.count) else { throw error(.noSuchElement(n[0], count: path.elements.count), inv.ranges[0]) }
        let i = Int(n[0])
        let count = path.pointCount(ofElement: i)
        guard n[1] == n[1].rounded() else { throw error(.notAnInteger("the point index"), inv.ranges[1]) }
        guard n[1] >= 0, n[1] < Double(count) else { throw error(.noSuchPoint(element: i, point: n[1], count: count), inv.ranges[1]) }
        let k = Int(n[1])
        let moved: Path
        do { moved = try path.movingPoint(ofElement: i, k, to: inv.point(2)) } catch {
            switch error {
            case .noSuchPoint(_, let c): throw self.error(.noSuchPoint(element: i, point: n[1], count: c), inv.ranges[1])
            case .arcsWouldPart(let a, let b): throw self.error(.arcsWouldPart(element: a, other: b), inv.range)
            case .pointArc: throw self.error(.pointArc(i), inv.range)
            case .geometry(let g): throw diagnose(g, inv)
            }
        }
        try replacePath(with: moved, at: inv.range)
        report("setpoint", .path(to: path.point(ofElement: i, k) ?? inv.point(2), segment: path.length(ofElement: i), length: path.length))
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

    /// `union a`, `intersect a`, `subtract a`, `xor a`, `simplify` (each `[evenodd]`): the path
    /// becomes the outline of the combined filled areas (SPEC §10).
    func booleanCommand(_ inv: Invocation) throws(Diagnostic) {
        let rule: FillRule = inv.keywords["evenodd"] != nil ? .evenOdd : .nonZero
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

    /// `offsetcurve i d [d1] [tolerance e]`: the offset of element i, drawn beside it.
    func offsetCurveCommand(_ inv: Invocation) throws(Diagnostic) {
        let (i, segment) = try element(inv)
        let d = inv.numbers[1], end = inv.numbers.count > 2 ? inv.numbers[2] : d
        let tolerance = inv.keywords["tolerance"]![0]
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
        do { pattern = try DashPattern(inv.numbers, phase: inv.keywords["phase"]![0]) } catch { throw diagnose(error, inv) }
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

    /// A stroke's width (an offset's twice its distance) may be at most a million times the
    /// path's size: the result's tolerance is relative to its own size, and past that the path's
    /// own shape falls below it (a square of side 10 stroked 1e14 wide vanished). A path of no
    /// extent (a dot) has no such limit: its stroke is a disk or a square.
    func checkWidth(_ w: Double, _ inv: Invocation) throws(Diagnostic) {
        guard let box = path.bounds else { return }
        let size = Swift.max(box.width, box.height)
        guard size > 0, w > 1e6 * size else { return }
        throw error(.widthTooLarge(command: inv.name, ratio: w / size), inv.ranges[0])
    }

    func strokeStyle(_ inv: Invocation, width: Double, cap: LineCap, join: LineJoin) throws(Diagnostic) -> StrokeStyle {
        let limit = inv.keywords["limit"]![0], tolerance = inv.keywords["tolerance"]![0]
        guard limit >= 1, limit.isFinite else { throw error(.miterLimit(command: inv.name), inv.range) }
        guard tolerance > 0, tolerance.isFinite else { throw error(.toleranceRange(command: inv.name), inv.range) }
        return StrokeStyle(width: width, cap: cap, join: join, miterLimit: limit, tolerance: tolerance)
    }

    /// `draw p`: appends the subpaths of path value p, exactly as they are.
    func drawCommand(_ inv: Invocation) throws(Diagnostic) {
        let other = try pathArgument(inv.arguments[0], "what 'draw' draws", inv, costPerElement: WorkCost.visitCost)
        // Before a single element is copied: a path drawn onto itself doubles each time.
        guard path.elements.count + other.elements.count <= limits.pathElements else {
            throw error(.elementLimit(limits.pathElements), inv.range)
        }
        try draw(inv) { (p: inout Path) throws(GeometryError) in try p.append(contentsOf: other) }
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

    /// `undo`.
    func undoCommand(_ inv: Invocation) throws(Diagnostic) {
        guard let last = undoStack.last else { throw error(.nothingToUndo, inv.range) }
        // Restoring a whole path costs a visit of each of its elements, and so does the copy a
        // block keeps for its own rollback.
        if case .replace(let p) = last.path { try charge(WorkCost.visitCost * (p.elements.count + path.elements.count), inv.range) }
        let record = undoStack.removeLast()
        undoElements -= record.savedElements
        keepPathForRollback()  // inside a block that fails later, the path must come back
        state = record.state
        for (name, old) in record.globals {
            if current.globalChanges[name] == nil { current.globalChanges[name] = .some(globals[name]) }
            globals[name] = old
        }
        restorePath(record.path)
        trackCache = nil
        report("undo", .undone(command: record.command, line: record.line))
    }

    /// `vars`.
    func varsCommand(_ inv: Invocation) throws(Diagnostic) {
        let variables = globals.stablySorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        let procedures = state.procedures.stablySorted { $0.key < $1.key }.map { info($0.key, $0.value) }
        try charge(WorkCost.listingCost * (variables.count + procedures.count), inv.range)
        report("vars", .names(variables: variables, procedures: procedures))
    }

    func info(_ name: String, _ p: Procedure) -> ProcedureInfo {
        ProcedureInfo(name: name, parameters: p.parameters, file: p.source.name, line: p.source.location(of: p.nameRange.start).line)
    }

    /// `precision`.
    func figureCommand(_ inv: Invocation) throws(Diagnostic) {
        if inv.keywords["keep"] != nil { state.figureKeep = true }
        if inv.keywords["replace"] != nil { state.figureKeep = false }
        if inv.keywords["clear"] != nil { lastFigure = nil }
        current.changed = true
        report("figure", .figureMode(keep: state.figureKeep, marks: lastFigure?.marks.count ?? 0))
    }

    /// `precision n`.
    func precisionCommand(_ inv: Invocation) throws(Diagnostic) {
        let n = inv.numbers
        guard n[0] == n[0].rounded(), n[0] >= 0, n[0] <= 17 else { throw error(.precisionRange, inv.ranges[0]) }
        state.precision = Int(n[0])
        current.changed = true
        report("precision", .precision(state.precision))
    }
}
