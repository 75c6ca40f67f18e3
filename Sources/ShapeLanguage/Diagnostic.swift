/// Every message the language can report, in one place. Tests assert the `id` and the location;
/// the prose lives only here.
public enum Message: Sendable, Equatable {
    // Lexical
    case unexpectedCharacter(String)
    case badNumber(String)
    case numberTooLarge(String)
    case badNumberSuffix(String)
    case badEscape(String)
    case unterminatedString
    // Syntax
    case expected(String, found: String)
    /// A `{`, `(` or `[` (the bracket given) with no match before the end of the input.
    case unclosedBlock(String)
    case unmatchedClose(String)
    case unknownCommand(String)
    /// `view`, `exit` or `quit`: words of the REPL's prompt, not of the language.
    case promptWord(String)
    case notAssignable(String)
    case reservedName(String)
    case tooDeep(Int)
    case blocksTooDeep(Int)
    case nestingLimit(Int)
    case stringTooLong(Int)
    case angleTooLarge(Double)
    case scaleRange
    case loopBoundTooLarge
    // Arguments
    case wrongArgumentCount(command: String, usage: String, got: Int)
    case unknownOption(command: String, word: String)
    case detachedUnit(number: String, unit: String)
    case exclusiveOptions(command: String, options: [String])
    case missingOption(command: String, options: [String])
    case keywordNeedsValue(String)
    case notANumber(String)
    case notAString(String)
    case notAnInteger(String)
    /// A whole number too large to count or index with (|n| ≥ 9e15).
    case integerTooLarge(String)
    case wrongKind(String, expected: String, found: String)
    case noField(String, kind: String, fields: [String])
    case notIndexable(kind: String)
    case indexOutOfRange(Double, count: Int)
    case notAFunction(String)
    case noReturnValue(String)
    case returnOutsideProcedure
    case noValue(String)
    case valueTooLarge(Int)
    case valueTooDeep(Int)
    case duplicateParameter(String)
    case nonFinite(String)
    // Names
    case undefinedVariable(String)
    case undefinedFunction(String)
    case alreadyDefined(String)
    case wrongCallArity(name: String, expected: Int, got: Int)
    // Geometry
    case noCurrentPoint(String)
    case negativeRadius
    case invalidDash
    case emptyDash
    case tooManyPoints(Int)
    case nonFiniteResult
    case tooSmall(Double)
    case tooLarge(Double)
    case inconsistentOutline(String)
    case inconsistentStroke(String)
    case widthTooLarge(command: String, ratio: Double)
    case noPath(String)
    /// `centroid` of an outline whose area is zero.
    case noArea
    /// `figure keep` already holds `Limits.keptFigures` figures.
    case tooManyFigures(Int)
    case negativeCount(String)
    case negativeDuration
    case zeroScale
    case areaTooSmall
    case badSVG(String)
    case noSuchElement(Double, count: Int)
    case elementIsMove(Int)
    case noSuchPoint(element: Int, point: Double, count: Int)
    case arcsWouldPart(element: Int, other: Int)
    case pointArc(Int)
    case cannotChangeDegree(element: Int, kind: String, up: Bool)
    case notABezier(element: Int, command: String)
    case countRange(String, Int, Int)
    case notAnArc(element: Int, kind: String, command: String)
    case notACurve(element: Int, kind: String, command: String)
    case toleranceRange(command: String)
    case throughAnEnd
    case catmullPoints
    case needsACurve(element: Int, kind: String, command: String, what: String)
    case noCanonicalForm(element: Int)
    case splinePoints(command: String, degree: Int)
    case splineDegree(command: String)
    case fitImpossible
    case intervalRange
    case notAChoice(command: String, option: String, choices: [String])
    case positiveNumber(command: String, what: String)
    case miterLimit(command: String)
    case noOffset
    case rationalWeights(Int)
    case badFileName(String)
    case rationalWeightCount(points: Int, got: Int)
    case moldNearEnd(Double)
    case intervalEmpty
    case catmullTension
    case tooManyPieces(command: String, limit: Int)
    case parameterRange(command: String, open: Bool)
    case notForArcs(element: Int, what: String)
    case lengthRange(command: String, length: Double)
    // Limits and files
    case loopLimit(Int)
    case recursionLimit(Int)
    case includeLimit(Int)
    case includeCycle(String)
    case cannotInclude(String, reason: String)
    case cannotSave(String, reason: String)
    case notSVGFile(String)
    case notSwiftFile(String)
    case exportOptionNeeds(option: String, format: String)
    case notASwiftName(String)
    case exportTwoFiles
    case unsettled(String)
    case cannotTranslate(statement: String, reason: String)
    case fileNameNotString(String)
    case elementLimit(Int)
    case workLimit(Int)
    case interrupted
    case nothingToUndo
    case precisionRange

    /// "'a' or 'b'", "'a', 'b' or 'c'".
    static func list(_ words: [String], _ conjunction: String) -> String {
        let quoted = words.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted.last!
    }

    /// A number inside a message, as text output writes it at the default precision.
    static func number(_ x: Double) -> String { NumberFormat.text(x) }

    /// A stable identifier for tests and JSON.
    public var id: String {
        // Written out (no reflection: the core builds for Embedded Swift).
        switch self {
        case .unexpectedCharacter: "unexpectedCharacter"
        case .badNumber: "badNumber"
        case .numberTooLarge: "numberTooLarge"
        case .badNumberSuffix: "badNumberSuffix"
        case .badEscape: "badEscape"
        case .unterminatedString: "unterminatedString"
        case .expected: "expected"
        case .unclosedBlock: "unclosedBlock"
        case .unmatchedClose: "unmatchedClose"
        case .unknownCommand: "unknownCommand"
        case .promptWord: "promptWord"
        case .notAssignable: "notAssignable"
        case .reservedName: "reservedName"
        case .tooDeep: "tooDeep"
        case .blocksTooDeep: "blocksTooDeep"
        case .nestingLimit: "nestingLimit"
        case .stringTooLong: "stringTooLong"
        case .angleTooLarge: "angleTooLarge"
        case .scaleRange: "scaleRange"
        case .loopBoundTooLarge: "loopBoundTooLarge"
        case .wrongArgumentCount: "wrongArgumentCount"
        case .unknownOption: "unknownOption"
        case .detachedUnit: "detachedUnit"
        case .exclusiveOptions: "exclusiveOptions"
        case .missingOption: "missingOption"
        case .keywordNeedsValue: "keywordNeedsValue"
        case .notANumber: "notANumber"
        case .notAString: "notAString"
        case .notAnInteger: "notAnInteger"
        case .integerTooLarge: "integerTooLarge"
        case .wrongKind: "wrongKind"
        case .noField: "noField"
        case .notIndexable: "notIndexable"
        case .indexOutOfRange: "indexOutOfRange"
        case .notAFunction: "notAFunction"
        case .noReturnValue: "noReturnValue"
        case .returnOutsideProcedure: "returnOutsideProcedure"
        case .noValue: "noValue"
        case .valueTooLarge: "valueTooLarge"
        case .valueTooDeep: "valueTooDeep"
        case .duplicateParameter: "duplicateParameter"
        case .nonFinite: "nonFinite"
        case .undefinedVariable: "undefinedVariable"
        case .undefinedFunction: "undefinedFunction"
        case .alreadyDefined: "alreadyDefined"
        case .wrongCallArity: "wrongCallArity"
        case .noCurrentPoint: "noCurrentPoint"
        case .negativeRadius: "negativeRadius"
        case .invalidDash: "invalidDash"
        case .emptyDash: "emptyDash"
        case .tooManyPoints: "tooManyPoints"
        case .nonFiniteResult: "nonFiniteResult"
        case .tooSmall: "tooSmall"
        case .tooLarge: "tooLarge"
        case .inconsistentOutline: "inconsistentOutline"
        case .inconsistentStroke: "inconsistentStroke"
        case .widthTooLarge: "widthTooLarge"
        case .noPath: "noPath"
        case .noArea: "noArea"
        case .tooManyFigures: "tooManyFigures"
        case .negativeCount: "negativeCount"
        case .negativeDuration: "negativeDuration"
        case .zeroScale: "zeroScale"
        case .areaTooSmall: "areaTooSmall"
        case .badSVG: "badSVG"
        case .noSuchElement: "noSuchElement"
        case .elementIsMove: "elementIsMove"
        case .noSuchPoint: "noSuchPoint"
        case .arcsWouldPart: "arcsWouldPart"
        case .pointArc: "pointArc"
        case .cannotChangeDegree: "cannotChangeDegree"
        case .notABezier: "notABezier"
        case .countRange: "countRange"
        case .notAnArc: "notAnArc"
        case .notACurve: "notACurve"
        case .toleranceRange: "toleranceRange"
        case .throughAnEnd: "throughAnEnd"
        case .catmullPoints: "catmullPoints"
        case .needsACurve: "needsACurve"
        case .noCanonicalForm: "noCanonicalForm"
        case .splinePoints: "splinePoints"
        case .splineDegree: "splineDegree"
        case .fitImpossible: "fitImpossible"
        case .intervalRange: "intervalRange"
        case .notAChoice: "notAChoice"
        case .positiveNumber: "positiveNumber"
        case .miterLimit: "miterLimit"
        case .noOffset: "noOffset"
        case .rationalWeights: "rationalWeights"
        case .badFileName: "badFileName"
        case .rationalWeightCount: "rationalWeightCount"
        case .moldNearEnd: "moldNearEnd"
        case .intervalEmpty: "intervalEmpty"
        case .catmullTension: "catmullTension"
        case .tooManyPieces: "tooManyPieces"
        case .parameterRange: "parameterRange"
        case .notForArcs: "notForArcs"
        case .lengthRange: "lengthRange"
        case .loopLimit: "loopLimit"
        case .recursionLimit: "recursionLimit"
        case .includeLimit: "includeLimit"
        case .includeCycle: "includeCycle"
        case .cannotInclude: "cannotInclude"
        case .cannotSave: "cannotSave"
        case .notSVGFile: "notSVGFile"
        case .notSwiftFile: "notSwiftFile"
        case .exportOptionNeeds: "exportOptionNeeds"
        case .notASwiftName: "notASwiftName"
        case .exportTwoFiles: "exportTwoFiles"
        case .unsettled: "unsettled"
        case .cannotTranslate: "cannotTranslate"
        case .fileNameNotString: "fileNameNotString"
        case .elementLimit: "elementLimit"
        case .workLimit: "workLimit"
        case .interrupted: "interrupted"
        case .nothingToUndo: "nothingToUndo"
        case .precisionRange: "precisionRange"
        }
    }

    /// The text shown to the user.
    public var text: String {
        switch self {
        case .unexpectedCharacter(let c):
            // A control character by its code, so that the message cannot drive the terminal.
            c.unicodeScalars.count == 1 && (c.unicodeScalars.first!.value < 0x20 || c.unicodeScalars.first!.value == 0x7F)
                ? "unexpected control character U+\(String(c.unicodeScalars.first!.value, radix: 16, uppercase: true).leftPadded(to: 4))"
                : "unexpected character '\(c)'"
        case .badNumber(let t): "'\(t)' is not a number"
        case .numberTooLarge(let t): "the number \(t) is too large"
        case .badNumberSuffix(let s): "unknown number suffix '\(s)' (only 'deg' and '°' are allowed)"
        case .badEscape(let e): "unknown escape '\\\(e)' in a string (use \\n, \\t, \\\" or \\\\)"
        case .unterminatedString: "unterminated string (strings end on the same line with \")"
        case .expected(let what, let found): "expected \(what), found \(found)"
        case .unclosedBlock(let open): "this '\(open)' is never closed"
        case .unmatchedClose(let c): "unmatched '\(c)'"
        case .unknownCommand(let n): "unknown command or variable '\(n)'"
        case .promptWord(let w):
            w == "view"
                ? "'view' belongs to the REPL's prompt, not to scripts: typed there alone, it opens the session in a browser (from a shell: shape view file.shape)"
                : "'\(w)' belongs to the REPL's prompt, not to scripts: typed there alone, it leaves; a script ends at its end"
        case .notAssignable(let n): "'\(n)' cannot be assigned to"
        case .reservedName(let n): "'\(n)' is a built-in name and cannot be redefined"
        case .tooDeep(let n): "expressions nest more than \(n) deep"
        case .blocksTooDeep(let n): "blocks nest more than \(n) deep"
        case .stringTooLong(let n): "the string would be longer than \(n) bytes"
        case .angleTooLarge(let n): "an angle must be at most \(Message.number(n)) radians in size (2^30): past it a turn is noise"
        case .scaleRange: "a scale factor must be between 1e-100 and 1e100 in size"
        case .loopBoundTooLarge: "loop bounds must be below 2^53 in size (past it, adding 1 changes nothing)"
        case .nestingLimit(let n): "blocks, calls and includes nest more than \(n) deep while this statement runs"
        case .wrongArgumentCount(let c, let usage, let got):
            "'\(c)' takes \(usage.isEmpty ? "no arguments" : usage), got \(got) argument\(plural(got))"
        case .unknownOption(let c, let w): "'\(c)' has no option '\(w)'"
        case .detachedUnit(let n, let u): "'\(u)' must be written against its number, with no space: '\(n)\(u)'"
        case .exclusiveOptions(let c, let o):
            o.count == 2 ? "'\(c)' takes either " + Message.list(o, "or") + ", not both" : "'\(c)' takes only one of " + Message.list(o, "or")
        case .missingOption(let c, let o): "'\(c)' needs " + Message.list(o, "or")
        case .keywordNeedsValue(let k): "'\(k)' needs a value after it"
        case .notANumber(let what): "\(what) must be a number"
        case .notAString(let what): "\(what) must be a string"
        case .notAnInteger(let what): "\(what) must be a whole number"
        case .integerTooLarge(let what): "\(what) must be a whole number of at most 15 digits"
        case .wrongKind(let what, let expected, let found): "\(what) must be \(expected), not \(found)"
        case .noField(let name, let kind, let fields):
            fields.isEmpty
                ? "\(kind) has no fields ('\(name)' asked)"
                : "\(kind) with fields " + Message.list(fields, "and") + " has no field '\(name)'"
        case .notIndexable(let kind): "only a list can be indexed, and this is \(kind)"
        case .indexOutOfRange(let x, let count):
            count == 0
                ? "the list is empty: there is no item \(Message.number(x))"
                : "there is no item \(Message.number(x)) (the list has \(count): 0 to \(count - 1))"
        case .notAFunction(let n): "'\(n)' is a command that changes the path, not a query: it has no value (write it as a statement)"
        case .noReturnValue(let n): "'\(n)' has no 'return': it draws, and has no value; call it as a command ('\(n) ...')"
        case .returnOutsideProcedure: "'return' is only allowed inside a procedure ('def')"
        case .noValue(let n): "'\(n)' prints or writes; it has no function form"
        case .valueTooLarge(let n): "this list would hold more than \(n) values (nested ones counted)"
        case .valueTooDeep(let n): "lists nest more than \(n) deep"
        case .duplicateParameter(let p): "the parameter '\(p)' is named twice"
        case .nonFinite(let what): "\(what) is not a finite number"
        case .undefinedVariable(let n):
            // A built-in name cannot be defined: the hint says what it is instead.
            if Builtins.statementWords.contains(n) {
                "'\(n)' begins a statement; it has no value in an expression"
            } else if Builtins.function(named: n) != nil {
                "'\(n)' is a function: call it with its arguments, '\(n)(...)'"
            } else if let command = CommandTable.helpEntry(named: n) {
                command.hasFunctionForm
                    ? "'\(n)' is a command: for its answer as a value, call it as '\(n)(...)'"
                    : "'\(n)' is a command; it has no value in an expression"
            } else {
                "'\(n)' is not defined (use 'let \(n) = ...' to define it)"
            }
        case .undefinedFunction(let n): "unknown function '\(n)'"
        case .alreadyDefined(let n): "'\(n)' is already defined (assign with '\(n) = ...')"
        case .wrongCallArity(let n, let e, let g): "'\(n)' takes \(e) argument\(plural(e)), got \(g)"
        case .noCurrentPoint(let c): "'\(c)' needs a current point: start with 'move x y'"
        case .negativeRadius: "a radius cannot be negative"
        case .invalidDash: "dash lengths must be finite and not negative"
        case .emptyDash: "a dash pattern needs a positive total length"
        case .tooManyPoints(let n): "that would make more than \(n) track points"
        case .nonFiniteResult: "the result would not be finite"
        case .inconsistentStroke(let command):
            "'\(command)' could not make a consistent outline of its pieces at this width (a failure of shape's own, not of the input: docs/robustness.md says how to report it; a slightly different width may avoid it)"
        case .inconsistentOutline(let command):
            "'\(command)' could not make a consistent outline: edges of the shapes run within a ten-millionth of their size of each other, "
                + "too near to tell apart and too far to take as one (move one of them, or make them meet exactly)"
        case .tooLarge(let x):
            "a coordinate of \(NumberFormat.text(x)) is too large: coordinates up to about 1e150 are measured (their squares would overflow)"
        case .widthTooLarge(let command, let ratio):
            "\(command == "stroke" ? "the width" : "twice the distance") of '\(command)' is \(NumberFormat.text(ratio, precision: 0)) times the path's size: "
                + "at most a million times can be computed (beyond it the path's shape is smaller than the result's rounding)"
        case .tooSmall(let size):
            "an element \(NumberFormat.text(size)) across is too small to measure: sizes from 1e-150 up are (scale the drawing up)"
        case .noPath(let c): "'\(c)' needs a path: draw something first"
        case .noArea: "the outline encloses no area (a line, or loops that cancel out), so it has no centroid"
        case .tooManyFigures(let n): "'figure keep' holds at most \(n) figures: 'figure clear' drops them, 'figure replace' keeps one"
        case .negativeCount(let what): "\(what) cannot be negative"
        case .negativeDuration: "duration and speed cannot be negative"
        case .zeroScale: "a scale factor cannot be 0"
        case .areaTooSmall: "the safe area cannot hold the curve"
        case .badSVG(let why): "bad SVG path data: \(why)"
        case .noSuchElement(let x, let n): "there is no element \(Message.number(x)) (the path has \(n); see 'elements')"
        case .elementIsMove(let i): "element \(i) is a move: it draws nothing"
        case .noSuchPoint(let i, _, 0):
            "element \(i) is a close: it has no point of its own to move (move the subpath's start, point 0 of its move)"
        case .noSuchPoint(let i, let k, let n):
            "element \(i) has no point \(Message.number(k)): its points are 0 to \(n - 1) (\(n == 1 ? "its end" : n == 2 ? "control, end" : n == 3 ? "control 1, control 2, end" : "centre, start, end, radius"))"
        case .arcsWouldPart(let i, let j):
            "moving element \(i) would part it from the arc of element \(j): an end two arcs share moves only along both circles (move the other arc's end instead)"
        case .pointArc(let i): "element \(i) is an arc of radius 0: its ends have no angle to slide to (set its radius, point 3, first)"
        case .notAnArc(let i, let kind, let command):
            "element \(i) is a \(kind): '\(command)' turns an arc into \(command == "quads" ? "quadratics" : "cubics")"
        case .notACurve(let i, let kind, let command):
            "element \(i) is \(kind == "arc" ? "an arc" : "a " + kind): '\(command)' turns a quadratic or cubic Bézier into arcs"
        case .needsACurve(let i, let kind, let command, let what):
            "element \(i) is \(kind == "arc" ? "an arc" : "a " + kind): '\(command)' needs \(what)"
        case .noCanonicalForm(let i):
            "element \(i) has no canonical form: its first three points lie on one line (no map takes them to (0, 0), (0, 1), (1, 1))"
        case .splinePoints(let command, let degree):
            "'\(command)' needs pairs of coordinates x y: at least \(degree) points after the current point for degree \(degree)"
        case .splineDegree(let command): "'\(command)' takes degree 2 or 3"
        case .badFileName(let why): "that is not a file name: \(why)"
        case .rationalWeights(let n): "'rational' needs a weight above 0 for each of the element's \(n) points"
        case .rationalWeightCount(let n, let got):
            "'rational' needs one weight for each of the element's \(n) points, got \(got) weight\(plural(got))"
        case .moldNearEnd(let t):
            "'mold' cannot move the curve by its point at t = \(NumberFormat.text(t)): so near an end, the end itself decides where it is (choose t well inside 0 to 1)"
        case .notAChoice(let c, let o, let choices): "'\(c)' takes \(o) \(Message.list(choices, "or"))"
        case .positiveNumber(let c, let what): "'\(c)' needs \(what) above 0"
        case .noOffset: "'offsetcurve' has nothing to draw: the element has no length"
        case .miterLimit(let c): "'\(c)' needs a miter limit of at least 1 (CoreGraphics' default is 10)"
        case .intervalRange: "'interval' takes parameters between -1000000 and 1000000"
        case .intervalEmpty: "'interval' needs two different parameters"
        case .fitImpossible: "'fit' cannot fit these points: they have no length, or too few of them are apart"
        case .catmullPoints: "'catmull' needs points: pairs of coordinates x y, at least one"
        case .catmullTension: "'catmull' needs a tension above 0"
        case .throughAnEnd: "'through' needs a point to pass through that is neither the current point nor the end"
        case .toleranceRange(let c): "'\(c)' needs a tolerance above 0 (a distance, as the path's coordinates)"
        case .tooManyPieces(let c, let n): "'\(c)' would need more than \(n) pieces at this tolerance: allow a larger one"
        case .countRange(let what, let lo, let hi): "\(what) must be a whole number from \(lo) to \(hi)"
        case .notABezier(let i, let command): "element \(i) is an arc: '\(command)' needs a line or a Bézier curve (an arc is no polynomial)"
        case .cannotChangeDegree(let i, let kind, let up):
            up
                ? "element \(i) is \(kind == "arc" ? "an arc" : "a " + kind): only lines and quadratics can be raised (a cubic is the highest degree here)"
                : "element \(i) is \(kind == "arc" ? "an arc" : "a " + kind): only cubics and quadratics can be lowered"
        case .parameterRange(let c, let open): open ? "'\(c)' needs 0 < t < 1" : "'\(c)' needs 0 <= t <= 1"
        case .notForArcs(let i, let what): "element \(i) is an arc: \(what) is for lines and Bézier curves"
        case .lengthRange(let c, let l): "'\(c)' needs 0 <= s <= length (\(Message.number(l)))"
        case .loopLimit(let n): "more than \(n) loop iterations in one statement"
        case .recursionLimit(let n): "calls nested more than \(n) deep"
        case .includeLimit(let n): "includes nested more than \(n) deep"
        case .includeCycle(let f): "'\(f)' includes itself"
        case .cannotInclude(let f, let reason): "cannot include '\(f)': \(reason)"
        case .cannotSave(let f, let reason): "cannot save '\(f)': \(reason)"
        case .notSVGFile(let f): "'save' writes SVG or PDF: the file name must end in .svg or .pdf, not '\(f)'"
        case .notSwiftFile(let f): "'export' writes Swift to a file: its name must end in .swift, not '\(f)' (save writes SVG and PDF pictures)"
        case .exportOptionNeeds(let option, let format): "'\(option)' goes with 'export \(format)'"
        case .notASwiftName(let n):
            "'\(n)' is not a Swift name as export writes them: ASCII letters, digits and _, not starting with a digit, and no Swift keyword"
        case .exportTwoFiles: "'export' takes one file name and one def at most"
        case .unsettled(let command): "'\(command)' gave up before it settled every point"
        case .cannotTranslate(let statement, let reason): "'\(statement)' cannot be written as Swift: \(reason)"
        case .fileNameNotString(let w): "file names are strings: write \"\(w)\" in quotes"
        case .elementLimit(let n): "the path would have more than \(n) elements"
        case .workLimit(let n):
            "this statement does too much work (more than \(n) units, a few seconds: statements, expressions, "
                + "commands, elements made, visited or listed, geometry computed; see docs/robustness.md, or raise it with --work-limit)"
        case .interrupted: "interrupted: the statement was undone"
        case .nothingToUndo: "nothing to undo"
        case .precisionRange: "precision must be a whole number from 0 to 17"
        }
    }
}

/// A located error: what went wrong, where, and optionally a suggestion and a related place.
public struct Diagnostic: Error, Sendable {
    /// The fields, held by reference: every throwing function of the interpreter passes a
    /// `Diagnostic` (typed throws), and 176 bytes held in place made every place that throws
    /// one build and copy all of them (in the WebAssembly module, N KB of code).
    private final class Fields: @unchecked Sendable {
        var message: Message
        var range: SourceRange
        var source: Source
        var suggestion: String?
        var note: (text: String, range: SourceRange)?
        var callers: [(kind: CallerKind, source: Source, range: SourceRange)] = []
        init(_ message: Message, _ range: SourceRange, _ source: Source, _ suggestion: String?) {
            (self.message, self.range, self.source, self.suggestion) = (message, range, source, suggestion)
        }
        func copy() -> Fields {
            let f = Fields(message, range, source, suggestion)
            (f.note, f.callers) = (note, callers)
            return f
        }
    }
    private var fields: Fields

    /// The fields, unshared, for a change (a copy of the error changes only itself).
    private mutating func unique() -> Fields {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
        return fields
    }

    public var message: Message {
        get { fields.message }
        set { unique().message = newValue }
    }
    public var range: SourceRange {
        get { fields.range }
        set { unique().range = newValue }
    }
    public var source: Source {
        get { fields.source }
        set { unique().source = newValue }
    }
    /// "did you mean ...?" text, when one helps.
    public var suggestion: String? {
        get { fields.suggestion }
        set { unique().suggestion = newValue }
    }
    /// A second place worth showing (where an unclosed block was opened).
    public var note: (text: String, range: SourceRange)? {
        get { fields.note }
        set { unique().note = newValue }
    }
    /// For an error inside a procedure or an included file: where it was called or included
    /// from, innermost first, down to the top-level statement.
    public var callers: [(kind: CallerKind, source: Source, range: SourceRange)] {
        get { fields.callers }
        set { unique().callers = newValue }
    }

    /// How an outer place led to the error.
    public enum CallerKind: String, Sendable {
        case call = "called from here"
        case include = "included from here"
    }

    public init(_ message: Message, at range: SourceRange, in source: Source, suggestion: String? = nil) {
        fields = Fields(message, range, source, suggestion)
    }

    /// The same error, noting that `range` of `source` called or included the place it is in.
    func calledFrom(_ kind: CallerKind, _ source: Source, _ range: SourceRange) -> Diagnostic {
        var d = self
        d.callers.append((kind, source, range))
        return d
    }

    /// 1-based line and column of the start.
    public var location: (line: Int, column: Int) { source.location(of: range.start) }
}

/// The "did you mean" text for `name`: a word users bring from elsewhere (`bbox`, `lineTo`) names
/// its command here; otherwise the candidate nearest in edit distance (a swap of two neighbours
/// counts one), when that distance is small beside the word: 1 for words of up to four
/// characters, 2 up to eight, 3 beyond. So `lne` suggests `line`, `circel` `circle`, but `quit`
/// does not suggest `quad`.
func suggestion(for name: String, among candidates: [String]) -> String? {
    if let alias = Builtins.aliases[name] ?? Builtins.aliases[name.asciiLowercased], candidates.contains(alias) {
        return "did you mean '\(alias)'?"
    }
    let length = name.count
    guard length <= 64 else { return nil }
    let limit = length <= 4 ? 1 : (length <= 8 ? 2 : 3)
    var best: (String, Int)?
    for c in candidates where c != name {
        // The difference in length is a lower bound on the distance.
        guard abs(c.count - length) <= limit else { continue }
        let d = editDistance(name, c)
        if d <= limit, best == nil || d < best!.1 { best = (c, d) }
    }
    return best.map { "did you mean '\($0.0)'?" }
}

/// The optimal string alignment distance: insertions, deletions, substitutions and swaps of two
/// neighbouring characters, each counting one.
func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a), y = Array(b)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var before = [Int](repeating: 0, count: y.count + 1)
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
        current[0] = i
        for j in 1...y.count {
            let cost = x[i - 1] == y[j - 1] ? 0 : 1
            current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] { current[j] = Swift.min(current[j], before[j - 2] + 1) }
        }
        (before, previous, current) = (previous, current, before)
    }
    return previous[y.count]
}

extension String {
    /// The string with zeros in front up to `width` characters.
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: Swift.max(0, width - count)) + self }
}
