import Testing
@testable import ShapeLanguage
import ShapeOutput
import ShapeGeometry

/// Runs `text` in `interpreter`, collecting the reports; returns the error if any.
@discardableResult
func run(_ interpreter: Interpreter, _ text: String, reports: inout [Report]) -> Diagnostic? {
    do {
        let program = try Parser.parse(Source(name: "t", text: text))
        var collected: [Report] = []
        let error = interpreter.run(program) { collected.append($0) }
        reports += collected
        return error
    } catch {
        return error.diagnostic
    }
}

@discardableResult
func run(_ interpreter: Interpreter, _ text: String) -> Diagnostic? {
    var ignored: [Report] = []
    return run(interpreter, text, reports: &ignored)
}

@Suite struct LexerTests {
    /// A token with what it holds: a number's value, a string's text, a name's spelling.
    enum Seen: Equatable {
        case number(Double), string(String), identifier(String), other(Token.Kind)
        static let end = Seen.other(.end), newline = Seen.other(.newline)
    }

    func kinds(_ text: String) throws -> [Seen] {
        let source = Source(name: "t", text: text)
        var lexer = Lexer(source)
        return try lexer.tokenize().map { t in
            switch t.kind {
            case .number: .number(t.number)
            case .string: .string(Lexer.stringValue(source.bytes, t.range))
            case .identifier: .identifier(source.text(t.range))
            default: .other(t.kind)
            }
        }
    }

    @Test func numbersStringsAndDegrees() throws {
        #expect(try kinds("12 .5 1e3 2.5e-3") == [.number(12), .number(0.5), .number(1000), .number(0.0025), .end])
        let d = try kinds("45deg 90°")
        guard case .number(let a) = d[0], case .number(let b) = d[1] else { Issue.record("not numbers"); return }
        #expect(a == Double.pi / 4 && b == Double.pi / 2)
        #expect(try kinds("\"a\\\"b\\n\"") == [.string("a\"b\n"), .end])
        #expect(try kinds("#!/usr/bin/env shape\nmove # comment\n") == [.newline, .identifier("move"), .newline, .end])
        #expect(try kinds("pen.x a...b") == [.identifier("pen.x"), .identifier("a"), .other(.op(.closedRange)), .identifier("b"), .end])
        // Names and strings with text beyond ASCII: byte offsets, whole characters.
        #expect(try kinds("größe \"日本 🎉\" é") == [.identifier("größe"), .string("日本 🎉"), .identifier("é"), .end])
    }

    /// Numbers far from a rounding tie are written by scaling, without finding the shortest
    /// decimal first: the result is the rule's, which finds it, for values of every size.
    @Test func scaledNumbersAreWrittenByTheRule() {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [2.675, 1.005, 0.125, 14.999999999999998, 1e-4, 0.00015, 123456.78905, 99999.99995, 0.5]
        for _ in 0..<60_000 {
            let magnitude = Double.random(in: -8...15, using: &rng)
            var v =
                (Bool.random(using: &rng) ? 1 : -1) * Double.random(in: 1...10, using: &rng) * NumberFormat.tenToThe(Int(magnitude.rounded(.down)))
            // Some on exact decimals, where ties live.
            if Int.random(in: 0..<4, using: &rng) == 0 { v = (v * 1000).rounded() / 1000 + 0.0005 }
            values.append(v)
        }
        var checked = 0
        for v in values {
            for p in [0, 1, 2, 4, 6, 9, 12] where Swift.abs(v) >= 0.5 * NumberFormat.tenToThe(-p) {
                guard let fast = NumberFormat.scaled(v, precision: p) else { continue }
                checked += 1
                #expect(fast == NumberFormat.shortestRounded(v, precision: p), "\(v) at \(p)")
            }
        }
        #expect(checked > 100_000)
    }

    /// The lexer's own decimal conversion gives the double nearest the numeral, as the standard
    /// library's `Double(String)` (strtod) does, for numerals of every length and exponent.
    @Test func numbersConvertToTheNearestDouble() {
        var rng = SystemRandomNumberGenerator()
        var numerals = [
            "0", "0.0", "1", "9007199254740993", "9007199254740992.5", "18446744073709551615", "0.1", "0.30000000000000004",
            "2.2250738585072014e-308", "1.7976931348623157e308", "4.9e-324", "1e19", "1e-19", "1e-20", "1e22", "1e23",
            "123456789012345678901234567890", "0.000000000000000000000001", "5e-324", "2.5", "3.5", "0.5e1",
            "7.2057594037927933e16", "9999999999999999999", "1.0000000000000002", "285.50868439696666",
        ]
        for _ in 0..<60_000 {
            let digits = Int.random(in: 1...22, using: &rng)
            var n = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
            if Bool.random(using: &rng) { n.insert(".", at: n.index(n.startIndex, offsetBy: Int.random(in: 0...digits, using: &rng))) }
            if n.first == "." || n.last == "." { n = "0" + n + "0" }
            if Int.random(in: 0..<3, using: &rng) == 0 { n += "e\(Int.random(in: -40...40, using: &rng))" }
            numerals.append(n)
        }
        var wrong: [String] = []
        for n in numerals {
            let bytes = Array(n.utf8)
            if DecimalParser.parse(bytes, 0..<bytes.count)?.bitPattern != Double(n)?.bitPattern { wrong.append(n) }
            // The lexer's one-pass scan reads the whole numeral to the same value.
            let scanned = bytes.withUnsafeBufferPointer { DecimalParser.scan($0, from: 0) }
            if scanned.end != bytes.count || scanned.value?.bitPattern != Double(n)?.bitPattern { wrong.append("scan " + n) }
            // Followed by more text, as in a script: eight bytes read at once may run past the
            // numeral into a space and digits, or into letters.
            // Bytes just past "9" (":"), just before "0" ("/") and past ASCII end it as well.
            for tail in [" 12345678", "x1234567", "0 1234567", ":1234567", "/9876543", "é123456", "12)4567"] {
                let more = Array((n + tail).utf8)
                // (Digits after it are more digits of the numeral.)
                let lead = String(tail.prefix { $0.isASCII && $0.isNumber })
                let expected = Double(n + lead)
                let end = bytes.count + lead.utf8.count
                let s = more.withUnsafeBufferPointer { DecimalParser.scan($0, from: 0) }
                if s.end != end || s.value?.bitPattern != expected?.bitPattern { wrong.append("scan " + n + tail) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func whitespaceRuleForOperators() throws {
        var lexer = Lexer(Source(name: "t", text: "w-30 w - 30 x -5 (-5)"))
        let ops = try lexer.tokenize().filter { if case .op = $0.kind { true } else { false } }
        #expect(ops.map(\.isBinaryOperator) == [true, true, false, false])
    }

    @Test func lexicalErrorsAreLocated() {
        var lexer = Lexer(Source(name: "t", text: "move 1 @"))
        #expect(throws: Diagnostic.self) { try lexer.tokenize() }
        do { var l = Lexer(Source(name: "t", text: "x = \"open")); _ = try l.tokenize() } catch {
            #expect(error.message == .unterminatedString)
            #expect(error.location.line == 1 && error.location.column == 5)
        }
    }
}

@Suite struct ParserTests {
    func parse(_ text: String) -> Result<Program, ParseFailure> {
        do { return .success(try Parser.parse(Source(name: "t", text: text))) } catch { return .failure(error) }
    }

    @Test func incompleteInputIsADistinctResult() {
        for text in ["repeat 3 {", "repeat 3 {\n line 1 1", "let x = (1 +", "let x = 1 +", "print sin(1,", "if 1 { } else {", "def f(a) {"] {
            guard case .failure(.incomplete) = parse(text) else { Issue.record("\(text) should need more input"); continue }
        }
        for text in ["}", "let = 3", "move 1 @", "repeat 3 }", "for i 0..<3 { }"] {
            guard case .failure(.invalid) = parse(text) else { Issue.record("\(text) should be invalid"); continue }
        }
    }

    @Test func whatThePromptContinuesCanBeCompleted() {
        // Each entry the prompt continues (a value after `=`, a range after `in`, parameters in
        // an open parenthesis) is completed by the line typed next.
        let continued = [
            ("let x =", "5"), ("x =", "5"), ("for i in", "0..<3 { }"), ("for i in 0..<", "3 { }"),
            ("def f(a,", "b) { }"), ("def f(", "a) { }"),
        ]
        for (first, next) in continued {
            guard case .failure(.incomplete) = parse(first) else { Issue.record("'\(first)' should need more input"); continue }
            guard case .success = parse(first + "\n" + next) else { Issue.record("'\(first)' then '\(next)' should parse"); continue }
        }
        // A statement that cannot go on to the next line is reported at once, not continued.
        for text in ["let", "let x", "for", "for i", "for i in 0", "repeat 3", "if 1", "def", "def f", "def f(a)"] {
            guard case .failure(.invalid) = parse(text) else { Issue.record("'\(text)' should be reported at once"); continue }
        }
    }

    @Test func aMissingBraceSaysWhereItWasOpened() {
        guard case .failure(.incomplete(let d)) = parse("move 0 0\nrepeat 2 {\n  line 1 1\n") else { Issue.record("expected incomplete"); return }
        #expect(d.message == .unclosedBlock("{"))
        #expect(d.location.line == 2 && d.location.column == 10)
        #expect(d.note != nil)
        // A parenthesis left open is named as written, not as a block's brace.
        for (text, bracket, column) in [("length 1 (\n", "(", 10), ("repeat 2 { length (1 +\n", "(", 19)] {
            guard case .failure(.incomplete(let d)) = parse(text) else {
                Issue.record("expected incomplete: \(text)")
                continue
            }
            #expect(d.message == .unclosedBlock(bracket), "\(text)")
            #expect(d.message.text == "this '\(bracket)' is never closed", "\(text)")
            #expect(d.location.column == column, "\(text)")
        }
    }

    @Test func argumentsFollowTheWhitespaceRule() throws {
        let program = try Parser.parse(Source(name: "t", text: "line w-30 0\nline 10 -5\nline w - 30 0\nline w -30 0"))
        let counts = program.statements.map { s -> Int in
            if case .command(_, _, let args, _, _) = s { return args.count }
            return -1
        }
        #expect(counts == [2, 2, 2, 3])
    }

    /// `-5` written as an argument or a value is one number literal, its range from the sign;
    /// where `^`, an index or another operator binds to the number first, the sign stays an
    /// operator (`-2^2` is `-(2^2)`), and a `-` with space on both sides is a subtraction.
    @Test func aNegativeLiteralIsOneNumber() throws {
        let text = "line -5 -6.5\nline -5 - 6 7\nprint -2^2 -(3) --4\nline -1e2 -3deg"
        let program = try Parser.parse(Source(name: "t", text: text))
        func arguments(_ k: Int) -> [Expr] {
            switch program.statements[k] {
            case .command(_, _, let args, _, _): args
            case .printValues(let values, _): values
            default: []
            }
        }
        func literal(_ e: Expr) -> (Double, String)? {
            guard case .number(let v, let r) = e else { return nil }
            return (v, program.source.text(r))
        }
        #expect(arguments(0).compactMap(literal).map(\.0) == [-5, -6.5])
        #expect(arguments(0).compactMap(literal).map(\.1) == ["-5", "-6.5"])
        // `-5 - 6` is one argument (a subtraction whose left side is the literal -5), then 7.
        guard case .binary(.minus, .number(-5, _), .number(6, _), _) = arguments(1)[0] else {
            Issue.record("\(arguments(1))")
            return
        }
        #expect(arguments(1).count == 2)
        // -2^2: the negation of 2^2; -(3): the negation of a parenthesis; --4: of the literal -4.
        let values = arguments(2)
        #expect(values.count == 3)
        guard case .unary(.negate, .binary(.power, .number(2, _), .number(2, _), _), _) = values[0],
            case .unary(.negate, .number(3, _), _) = values[1],
            case .unary(.negate, .number(-4, _), _) = values[2]
        else {
            Issue.record("\(values)")
            return
        }
        #expect(arguments(3).compactMap(literal).map(\.0) == [-100, -3 * Double.pi / 180])
        // And they evaluate as the negations did.
        var reports: [Report] = []
        #expect(run(Interpreter(), "print -2^2 -(3) --4 -0", reports: &reports) == nil)
        guard case .printed(let printed)? = reports.last?.kind else {
            Issue.record("\(reports)")
            return
        }
        let numbers = printed.compactMap { v -> Double? in if case .number(let x) = v { x } else { nil } }
        #expect(numbers == [-4, -3, 4, 0])
        #expect(numbers.last?.sign == .minus)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = "let x = " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        guard case .failure(.invalid(let d)) = parse(text) else { Issue.record("expected an error"); return }
        #expect(d.message == .tooDeep(Parser.nestingLimit))
    }
}

@Suite struct InterpreterTests {
    @Test func aFailingStatementLeavesNoTrace() {
        let i = Interpreter()
        run(i, "move 0 0\nline 10 0\nlet n = 0")
        let before = (i.path.elements.count, i.path.length)
        let d = run(i, "repeat 5 {\n n = n + 1\n line 10 n*10\n if n == 3 { line 1/0 0 }\n}")
        #expect(d?.message == .nonFinite("the result of '/'"))
        #expect(i.path.elements.count == before.0 && i.path.length == before.1)
        var reports: [Report] = []
        run(i, "print n", reports: &reports)
        guard case .printed(let values) = reports.last?.kind else { Issue.record("no print"); return }
        #expect(values == [.number(0)])
    }

    /// Each command binds into the invocation the one before it used (`Interpreter.bind`):
    /// nothing of the last command's arguments, options or chosen words may carry over. Two
    /// squares drawn the same way round cover (1.5, 1.5) twice: inside by the nonzero rule,
    /// outside by the even-odd one.
    @Test func aCommandKeepsNothingOfTheLastCommandsArguments() {
        let i = Interpreter()
        var reports: [Report] = []
        run(i, "rect 0 0 2 2\nrect 1 1 2 2", reports: &reports)
        reports = []
        let d = run(i, "contains 1.5 1.5 evenodd\ncontains 1.5 1.5\ncontains 3.5 3.5\ncontains 2.5 2.5 evenodd\ncontains 1.5 1.5", reports: &reports)
        #expect(d == nil)
        let answers = reports.map { r -> Bool? in if case .contains(let inside) = r.kind { inside } else { nil } }
        #expect(answers == [false, true, false, true, true])
        // A stroke with a round cap, then one left to the default butt cap: the second is the
        // stroke a fresh session makes.
        let fresh = Interpreter()
        run(i, "clear\nmove 0 0\nline 10 0\nstroke 2 cap round\nclear\nmove 0 0\nline 10 0\nstroke 2")
        run(fresh, "move 0 0\nline 10 0\nstroke 2")
        #expect(i.path.elements == fresh.path.elements)
        #expect(i.path.bounds == Rect(x: 0, y: -1, width: 10, height: 2))
    }

    @Test func oneUndoRevertsAWholeCompoundStatement() {
        let i = Interpreter()
        run(i, "move 0 0\ndef zig(n) { repeat n { line pen.x+1 1; line pen.x+1 0 } }")
        run(i, "zig 3")
        #expect(i.path.elements.count == 7)
        run(i, "undo")
        #expect(i.path.elements.count == 1)
        run(i, "undo")  // the def
        #expect(run(i, "zig 1")?.message == .unknownCommand("zig"))
    }

    /// `view`, `exit` and `quit` are the REPL prompt's words: a script or `help` that meets one
    /// is told so (where it stands), not that the word is unknown; a variable or procedure of
    /// that name is still itself.
    @Test func promptWordsAreSaidToBeThePrompts() {
        let i = Interpreter()
        for word in ["view", "exit", "quit"] {
            let d = run(i, word)
            #expect(d?.message == .promptWord(word) && d?.range == SourceRange(0, word.utf8.count))
            #expect(run(i, "help \(word)")?.message == .promptWord(word))
            #expect(d.map { DiagnosticRenderer.render($0) }?.contains("REPL's prompt") == true)
        }
        #expect(run(i, "vew")?.message == .unknownCommand("vew"))
        var reports: [Report] = []
        #expect(run(i, "let view = 3\nprint view + 1", reports: &reports) == nil)
        #expect(reports.last.flatMap { TextPrinter().format($0) } == "4")
    }

    @Test func clearAndUndoRestoreTheWholePath() {
        let i = Interpreter()
        run(i, "circle 0 0 10\nrect 0 0 5 5\nclear")
        #expect(i.path.isEmpty)
        run(i, "undo")
        #expect(i.path.elements.count == 8)
    }

    @Test func limitsGiveErrors() {
        var limits = Limits()
        limits.loopIterations = 1000
        // A test's thread has far less stack than the 512 MiB one the command runs the
        // interpreter on: the real depth is reached through the binary (golden scripts).
        limits.callDepth = 60
        let i = Interpreter(limits: limits)
        #expect(run(i, "repeat 2000 { }")?.message == .loopLimit(1000))
        #expect(run(i, "repeat 10 { repeat 200 { } }")?.message == .loopLimit(1000))
        #expect(run(i, "def f(n) { f n }\nf 1")?.message == .recursionLimit(60))
        #expect(run(i, "repeat -1 { }")?.message == .negativeCount("the repeat count"))
    }

    @Test func aStatementsWorkIsBounded() {
        var limits = Limits()
        limits.statementWork = 10_000
        let i = Interpreter(limits: limits)
        #expect(run(i, "move 0 0\nrepeat 99 { line pen.x + 1 0 }") == nil)  // 100 elements
        let length = i.path.length
        // The `repeat` costs 4 and its count's expression 1. A turn costs 4, `elements` 1 + 20
        // per element listed + the command overhead (20), `line 0 0` 1 + 20 + 2 for its two
        // numbers: 2,048 + 20k for turn k (the path grows by one each turn), so after four turns
        // 8,317 units are spent, and the fifth goes past 10,000 at its `elements` (10,422): four
        // listings were reported, and the whole loop is undone.
        var reports: [Report] = []
        let failure = run(i, "repeat 20 { elements; line 0 0 }", reports: &reports)
        #expect(failure?.message == .workLimit(10_000))
        #expect(failure.map { $0.source.text($0.range) } == "elements")
        #expect(reports.count == 4)
        #expect(i.path.elements.count == 100 && i.path.length == length)
        // Visiting costs 12 per element: a `rotate` turn costs 4 + (1 + 1,200 + 10 + 1) = 1,216
        // units, so 8 turns fit (5 + 9,728) and 9 do not (10,949).
        #expect(run(i, "repeat 8 { rotate 1 }") == nil)
        #expect(run(i, "repeat 9 { rotate 1 }")?.message == .workLimit(10_000))
        // Track points are charged as they are made (one each), and 20 each when listed.
        let j = Interpreter(limits: limits)
        #expect(run(j, "move 0 0\nline 20000 0") == nil)
        #expect(run(j, "dash 1 1")?.message == .workLimit(10_000))  // 20,000 points
        var dashed: [Report] = []
        #expect(run(j, "dash 4 4", reports: &dashed) == nil)
        guard case .dash(let count)? = dashed.first?.kind else { Issue.record("no dash report"); return }
        #expect(count == 5000)
        #expect(run(j, "points")?.message == .workLimit(10_000))  // 100,000 units to list them
        #expect(run(j, "dash 80 80\npoints") == nil)  // 250 points: 5,000 units and 21 for the command
        // A plot is charged its sample budget: two `show`s of a short path go past a budget
        // that one fits in.
        var plotLimits = Limits()
        plotLimits.statementWork = Limits.plotSamples + 100
        let k = Interpreter(limits: plotLimits)
        #expect(run(k, "move 0 0\nline 10 0\nshow") == nil)
        #expect(run(k, "repeat 2 { show }")?.message == .workLimit(Limits.plotSamples + 100))
    }

    @Test func aCancelledStatementIsUndone() {
        let i = Interpreter()
        #expect(run(i, "move 0 0\nline 5 0") == nil)
        nonisolated(unsafe) var asked = 0
        i.isCancelled = {
            asked += 1; return asked > 50
        }
        let failure = run(i, "repeat 1000 { line pen.x + 1 0 }")
        #expect(failure?.message == .interrupted)
        #expect(i.path.length == 5 && i.path.elements.count == 2)
        i.isCancelled = { false }
        #expect(run(i, "line 6 0") == nil && i.path.length == 6)
    }

    @Test func includesUseTheLoaderAndDetectCycles() {
        let files = ["a.shape": "include \"b.shape\"", "b.shape": "rect 0 0 1 1", "loop.shape": "include \"loop.shape\""]
        let i = Interpreter(loader: { name, _ throws(HostFailure) in
            guard let text = files[name] else { throw HostFailure("no such file") }
            return (name, text)
        })
        #expect(run(i, "include \"a.shape\"") == nil)
        #expect(i.path.length == 4)
        #expect(run(i, "include \"loop.shape\"")?.message == .includeCycle("loop.shape"))
        #expect(run(i, "include \"nope.shape\"")?.message.id == "cannotInclude")
    }
    struct Failure: Error {}

    @Test func messagesSayWhatIsWrong() {
        let i = Interpreter()
        #expect(run(i, "move 0 0\nquad 50 100 100 0") == nil)
        // A t too near an end, not "a quadratic needs a quadratic".
        var d = run(i, "mold 1 1e-200 10 10")
        #expect(d?.message == .moldNearEnd(1e-200))
        #expect(d?.location.column == 8)
        // One weight too many is a count, at the extra weight.
        d = run(i, "rational 1 0.5 1 2 1 5")
        #expect(d?.message == .rationalWeightCount(points: 3, got: 4))
        #expect(d?.location.column == 22)
        d = run(i, "rational 1 0.5 1 -2 1")
        #expect(d?.message == .rationalWeights(3))
        #expect(d?.location.column == 18)
        // A line is still told it is a line.
        #expect(run(i, "line 0 50\nmold 2 0.5 1 1")?.message.id == "needsACurve")
    }

    @Test func elementsBelowTheSmallestSizeAreRefused() {
        let i = Interpreter()
        #expect(run(i, "circle 0 0 1e-170")?.message == .tooSmall(1e-170))
        #expect(run(i, "move 0 0\nline 1e-160 0")?.message == .tooSmall(1e-160))
        #expect(run(i, "move 0 0\nquad 0 1e-151 2e-151 0")?.message == .tooSmall(2e-151))
        // Nothing was kept of the failing statements but their moves' own statements.
        #expect(i.path.elements.count == 2)
        // A scale that would make the path too small is refused whole.
        let j = Interpreter()
        #expect(run(j, "circle 0 0 1e-140") == nil)
        #expect(run(j, "scale 1e-20")?.message.id == "tooSmall")
        #expect(j.path.length == 2 * Double.pi * 1e-140)
        // At 1e-140 every query still holds: the bottom of the circle is 2e-140 from (0, 3e-140).
        #expect(run(j, "nearest 0 3e-140") == nil)
        let n = j.path.nearest(to: Point(0, 3e-140))!
        #expect(abs(n.distance - 2e-140) <= 1e-152 && abs(n.location.point.y - 1e-140) <= 1e-152)
    }

    @Test func noNaNOrInfinityEntersTheState() {
        let i = Interpreter()
        for text in ["let a = 0/0", "let b = sqrt(-1)", "let c = 1e308 * 10", "move 1e308*10 0", "circle 0 0 1/0", "let d = asin(2)"] {
            #expect(run(i, text) != nil, "\(text)")
        }
        #expect(i.path.isEmpty)
        #expect(run(i, "a") != nil)
    }

    @Test func everyCommandRowCarriesItsHandler() {
        // Dispatch runs the row's handler: every command has one, the language's statements none
        // (the interpreter runs them as statements).
        for spec in CommandTable.all {
            #expect((spec.run != nil) == (spec.group != .language), "\(spec.name)")
        }
        // Only the rows that take text skip the evaluation of numbers.
        #expect(
            CommandTable.all.filter(\.takesText).map(\.name).sorted() == [
                "draw", "export", "help", "intersect", "intersections", "save", "subtract", "svg", "union", "xor",
            ])
        // A handler runs its own command: `circle` through its row draws a circle.
        let i = Interpreter()
        let circle = CommandTable.spec(named: "circle")!
        let inv = Invocation(name: "circle", numbers: [0, 0, 2], ranges: [], keywords: [:], range: SourceRange(0, 0))
        #expect(throws: Never.self) { try circle.run!(i, inv) }
        #expect(abs(i.path.length - 4 * Double.pi) < 1e-12)
    }

    @Test func suggestionsForCommandsAndVariables() {
        let i = Interpreter()
        run(i, "let radius = 2")
        #expect(run(i, "lien 1 1")?.suggestion == "did you mean 'line'?")
        #expect(run(i, "print radus")?.suggestion == "did you mean 'radius'?")
    }

    @Test func theFigureEightInTheLanguage() {
        let i = Interpreter()
        let text = """
            let W = 320
            let H = 480
            let radius = H / 6
            let shift = 2 * radius * sqrt(0.5)
            arc W/2 H/2-shift radius 45deg -225deg ccw
            arc W/2 H/2+shift radius -45deg 225deg
            close
            dash 1 1
            """
        var reports: [Report] = []
        #expect(run(i, text, reports: &reports) == nil)
        #expect(abs(i.path.length - (320 + 240 * Double.pi)) < 1e-12 * 1074)
        guard case .dash(let count) = reports.last?.kind else { Issue.record("no dash report"); return }
        #expect(count == 1074)
        let b = i.path.bounds!
        #expect(abs(b.minY - 46.86291501015239) < 1e-12 && abs(b.maxY - 433.1370849898476) < 1e-12)
    }
}

@Suite struct NumberFormatTests {
    /// An error bound is written with significant digits below 1: rounded to four decimals, one of
    /// 8.2e-5 read as 0.0001, past a tolerance of 8.4e-5.
    @Test func boundsKeepTheirSignificantDigits() {
        #expect(NumberFormat.bound(8.2e-5) == "0.000082")
        #expect(NumberFormat.bound(0.00081944) == "0.0008194")
        #expect(NumberFormat.bound(0.25) == "0.25")
        #expect(NumberFormat.bound(9.4678e-7) == "9.468e-7")
        #expect(NumberFormat.bound(0.00081944, precision: 2) == "0.00082")
        #expect(NumberFormat.bound(12.34567) == "12.3457")
        #expect(NumberFormat.bound(0) == "0")
        let report = Report(command: "offset", line: 1, kind: .outline(subpaths: 1, elements: 9, length: 12, error: 8.2e-5))
        #expect(TextPrinter(precision: 4).format(report) == "offset: 1 subpath, 9 elements, length 12, Bézier offsets within 0.000082 of exact")
    }

    @Test func textNumbers() {
        #expect(NumberFormat.text(-0.0) == "0")
        // A value that is not zero never prints as 0: significant digits instead.
        #expect(NumberFormat.text(-0.00004) == "-0.00004")
        #expect(NumberFormat.text(0.000027) == "0.000027")
        #expect(NumberFormat.text(1e-9) == "1e-9")
        #expect(NumberFormat.text(1.23456789e-10) == "1.235e-10")
        #expect(NumberFormat.text(-2.5e-7, precision: 2) == "-2.5e-7")
        #expect(NumberFormat.text(0.3, precision: 0) == "0.3")
        #expect(NumberFormat.text(.leastNonzeroMagnitude) == "5e-324")  // its shortest form
        // Beside a larger coordinate, noise below 1e-12 of it is 0; alone, a small one shows.
        #expect(NumberFormat.text(pair: 6.123233995736766e-16, 10) == ("0", "10"))
        #expect(NumberFormat.text(pair: 1e-9, 0) == ("1e-9", "0"))
        #expect(NumberFormat.text(pair: 0.000027, 5) == ("0.000027", "5"))
        // A value that shows at the precision is written, however large the other: (1e14, 5)
        // is no arc's rounding noise.
        #expect(NumberFormat.text(pair: 1e14, 5) == ("100000000000000", "5"))
        #expect(NumberFormat.text(pair: 1e14, 0.001) == ("100000000000000", "0.001"))
        #expect(NumberFormat.text(pair: 1e14, 0.00001) == ("100000000000000", "0"))
        #expect(NumberFormat.text(0.25, beside: 1e16) == "0.25")
        #expect(NumberFormat.text(1.0) == "1")
        #expect(NumberFormat.text(2.675, precision: 2) == "2.68")
        #expect(NumberFormat.text(9.99995) == "10")
        #expect(NumberFormat.text(0.5, precision: 0) == "1")
        #expect(NumberFormat.text(123456.78901) == "123456.789")
        #expect(NumberFormat.text(1e-5) == "0.00001")
        #expect(NumberFormat.text(1.5e-4) == "0.0002")
        #expect(NumberFormat.text(-1234.5) == "-1234.5")
        #expect(NumberFormat.text(1e20) == "1e+20")
        #expect(NumberFormat.text(1073.9822368615503, precision: 10) == "1073.9822368616")
    }

    @Test func jsonNumbers() {
        #expect(NumberFormat.json(-0.0) == "0")
        #expect(NumberFormat.json(3) == "3")
        #expect(NumberFormat.json(0.1) == "0.1")
        #expect(NumberFormat.json(1.0 / 3) == "0.3333333333333333")
        #expect(NumberFormat.json(1e-7) == "1e-07")
    }
}

/// The work counter saturates: a cost as large as an Int can hold, charged twice, is the
/// located "too much work" error, not an overflow that stops the process.
@Suite struct WorkChargeTests {
    @Test func aHugeChargeIsTheWorkLimitError() {
        let i = Interpreter()
        let range = SourceRange(0, 0)
        #expect(throws: Diagnostic.self) { try i.charge(Int.max, range) }
        #expect(throws: Diagnostic.self) { try i.charge(Int.max, range) }
        #expect(i.workSpent == Int.max)
        do { try i.charge(Int.max, range) } catch { #expect(error.message.id == "workLimit") }
    }
}
