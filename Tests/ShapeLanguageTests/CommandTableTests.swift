import Foundation
import ShapeGeometry
import ShapeOutput
import Testing

@testable import ShapeLanguage

/// What the command table says about each command holds when the command runs.
@Suite struct CommandTableTests {
    /// Runs `text` on `interpreter`, collecting the reports.
    func run(_ interpreter: Interpreter, _ text: String) -> (reports: [Report], error: Diagnostic?) {
        var reports: [Report] = []
        let program = try! Parser.parse(Source(name: "t", text: text))
        let d = interpreter.run(program, emit: { reports.append($0) })
        return (reports, d)
    }

    @Test(arguments: CommandTable.all.filter { $0.group != .language }.map(\.name))
    func aQueryReportsWhatWasAskedAndChangesNothing(_ name: String) {
        let spec = CommandTable.spec(named: name)!
        let i = HostileStateTests.preparedSession()
        i.saver = { $0.file }
        // Examples name elements and lengths of a path with curves in it (element 2 a cubic,
        // element 3 a quadratic).
        _ = run(i, "curve 30 60 50 -20 60 5\nquad 70 30 80 20\nline 200 20")
        let before = HostileStateTests.Snapshot(i)
        let (reports, error) = run(i, spec.example)
        #expect(error == nil, "\(name): \(error?.message.text ?? "")")
        #expect(!reports.isEmpty, "\(name) reports nothing")
        // An example that shapes the path leaves something to see (`subtract path()` left nothing).
        if spec.group == .combine { #expect(!i.path.isEmpty, "\(name)'s example empties the path") }
        for r in reports {
            // `save` changes nothing, but says where it wrote only without --quiet: a script
            // that saves and exports leaves standard output to the export.
            let shown = spec.isQuery && name != "save"
            #expect(r.isRequested == shown, "\(name): report \(r.kind) shown under --quiet: \(r.isRequested)")
        }
        let after = HostileStateTests.Snapshot(i)
        if spec.isQuery {
            #expect(
                after.elements == before.elements && after.undo == before.undo && after.globals == before.globals,
                "\(name) is a query but changed the session")
        } else if name != "undo" {
            // A command that changed something is one undo step; one that changed nothing, none.
            let changed =
                after.elements != before.elements || after.globals != before.globals || after.undoable != before.undoable
            // An example of several statements (`let a = path(); clear; ...; union a`) is a step each.
            let statements = (try? Parser.parse(Source(name: "e", text: spec.example)).statements.count) ?? 1
            #expect(
                changed ? after.undo.count == before.undo.count + statements : after.undo.count == before.undo.count,
                "\(name): undo steps \(before.undo.count) -> \(after.undo.count)")
        }
    }

    /// Options that take a word come back as the enum they name (`Invocation.choice`): every
    /// word of the table is a case's name, so no hand-kept list maps indices to cases.
    @Test func choiceWordsAreTheEnumsCases() throws {
        for name in ["stroke", "offset"] {
            let spec = try #require(CommandTable.spec(named: name))
            for k in spec.keywords {
                guard let choices = k.choices else { continue }
                let cases = k.name == "cap" ? LineCap.allCases.map { $0.rawValue } : LineJoin.allCases.map { $0.rawValue }
                #expect(Set(choices) == Set(cases), "\(name) \(k.name)")
            }
        }
        // The defaults: butt caps and miter joins for stroke (CoreGraphics'), round joins for offset.
        let i = Interpreter()
        let stroke = try i.bind(
            try #require(CommandTable.spec(named: "stroke")), arguments: [.number(4, SourceRange(0, 1))], keywords: [], range: SourceRange(0, 1))
        #expect(stroke[CommandTable.strokeCap] == .butt && stroke[CommandTable.strokeJoin] == .miter)
        let offset = try i.bind(
            try #require(CommandTable.spec(named: "offset")), arguments: [.number(4, SourceRange(0, 1))], keywords: [], range: SourceRange(0, 1))
        #expect(offset[CommandTable.offsetJoin] == .round)
        let bevel = try i.bind(
            try #require(CommandTable.spec(named: "offset")), arguments: [.number(4, SourceRange(0, 1))],
            keywords: [KeywordArgument(name: "join", values: [.name("bevel", SourceRange(0, 1))], range: SourceRange(0, 1))], range: SourceRange(0, 1)
        )
        #expect(bevel[CommandTable.offsetJoin] == .bevel)
    }

    @Test func optionDefaultsAndGroupsAgreeWithTheOptions() {
        for spec in CommandTable.all {
            for k in spec.keywords {
                if let d = k.defaults { #expect(d.count == k.valueCount, "\(spec.name) \(k.name)") }
            }
            for g in spec.optionGroups {
                #expect(g.names.count >= 2, "\(spec.name)")
                for n in g.names { #expect(spec.keyword(named: n) != nil, "\(spec.name): group names '\(n)'") }
            }
            #expect(!spec.summary.isEmpty && spec.example.contains(spec.name), "\(spec.name)")
        }
    }

    @Test func theWorkCostGrowsWithThePathOnlyWhereTheRowSaysSo() {
        #expect(WorkCost.unit.units(elements: 1_000) == 1)
        #expect(WorkCost.perElement(3).units(elements: 1_000) == 3_001)
        // Measured: a command that visits the whole path is charged per element; a hit test by
        // what it looks at (a point beside a line of 1,000 segments, few of them).
        for (name, expected) in [("contains 1 1", false), ("nearest 1 1", false), ("length", false), ("elements", true), ("at 1", false)] {
            let small = Interpreter(), large = Interpreter()
            _ = run(small, "move 0 0\nline 1 0")
            _ = run(large, "move 0 0\nrepeat 1000 { line pen.x+1 0 }")
            _ = run(small, name)
            _ = run(large, name)
            #expect((large.current.work > small.current.work + 500) == expected, "\(name): \(small.current.work) vs \(large.current.work)")
        }
    }

    /// Hit tests and nearest points are charged by the segments and index nodes they look at:
    /// at the centre of a 1,000-gon every side is as near as the nearest, and every one is
    /// looked at; beside one corner, a few.
    @Test func hitTestsAreChargedByWhatTheyLookAt() {
        let polygon = "move 100 0\nfor i in 1..<1000 { line 100*cos(i*tau/1000) 100*sin(i*tau/1000) }\nclose"
        func work(_ query: String) -> Int {
            let i = Interpreter()
            _ = run(i, polygon)
            _ = run(i, query)
            return i.current.work
        }
        #expect(work("nearest 0 0") > 10 * 1_000)
        #expect(work("nearest 200 0") < 1_000)
        // A ray from the centre crosses one side; from a point beside the polygon, none.
        #expect(work("contains 0 0") < 1_000)
    }

    /// A small path asked a few times is answered from its tree: its band index (costly to build
    /// for its size) only from the 32nd query on the unchanged path, with the same answers.
    @Test func aSmallPathBuildsItsBandIndexOnlyAfterThirtyTwoQueries() {
        let i = Interpreter()
        _ = run(i, "move 0 0\nline 10 0\nline 10 10\nquad 5 20 0 10\nclose")
        var answers: [String] = []
        for k in 1...40 {
            let reports = run(i, k % 2 == 0 ? "contains 5 5" : "contains 5 16").reports
            answers.append(reports.last.map { TextPrinter().format($0) ?? "" } ?? "")
            #expect((i.containmentCache != nil) == (k >= Interpreter.testerLeastQueries), "after \(k) queries")
        }
        #expect(Interpreter.testerLeastQueries == 32)
        // (5, 16) lies above the quadratic's top (y = 15 at x = 5): outside; (5, 5) inside, whichever answers.
        #expect(Set(answers.enumerated().map { "\($0.offset % 2) \($0.element)" }).count == 2)
        #expect(answers[1] == "contains: true" && answers[0] == "contains: false")
    }

    @Test func optionWordErrorsNameTheOption() {
        func message(_ text: String) -> (String, String?) {
            let i = Interpreter()
            let d = run(i, "move 0 0\nline 10 0\n" + text).error
            return (d?.message.id ?? "none", d?.suggestion)
        }
        #expect(message("export swif") == ("unknownOption", "did you mean 'swift'?"))
        #expect(message("arc 0 0 10 0 1 CW") == ("unknownOption", "did you mean 'cw'?"))
        #expect(message("save \"a.svg\" control") == ("unknownOption", "did you mean 'controls'?"))
        #expect(message("rotate 90 deg").0 == "detachedUnit")
        #expect(message("arc 0 0 10 0 1 cw ccw").0 == "exclusiveOptions")
        #expect(message("drag 1 2").0 == "missingOption")
        #expect(message("export").0 == "missingOption")
        // A defined variable is an argument, not an option word.
        #expect(message("let x = 3\nline x 0").0 == "none")
        // An undefined name where no option is meant stays an undefined variable.
        #expect(message("line zz 0").0 == "undefinedVariable")
    }

    /// A built-in name used as a value cannot be defined with 'let': the message says what it
    /// is instead of suggesting that.
    @Test func builtInNamesUsedAsValuesSayWhatTheyAre() {
        func text(_ source: String) -> String? { run(Interpreter(), source).error?.message.text }
        #expect(text("print if") == "'if' begins a statement; it has no value in an expression")
        #expect(text("let x = repeat") == "'repeat' begins a statement; it has no value in an expression")
        #expect(text("print sqrt") == "'sqrt' is a function: call it with its arguments, 'sqrt(...)'")
        #expect(text("print line") == "'line' is a command; it has no value in an expression")
        #expect(text("print length") == "'length' is a command: for its answer as a value, call it as 'length(...)'")
        #expect(text("print nosuch") == "'nosuch' is not defined (use 'let nosuch = ...' to define it)")
    }
}

@Suite struct HelpTests {
    @Test(arguments: [40, 60, 80, 100, 146])
    func helpFitsTheTerminal(_ width: Int) {
        let text = HelpRenderer.render(.all, width: width)
        for line in text.split(separator: "\n") {
            // Only a single word longer than the line may stick out.
            #expect(line.count <= width || !line.trimmingCharacters(in: .whitespaces).contains(" "), "\(width): \(line)")
        }
        // Every command, function and value is listed.
        for spec in CommandTable.all { #expect(text.contains("\n  \(spec.name) ") || text.contains("\n  \(spec.name)\n"), "\(spec.name)") }
        for f in Builtins.functions { #expect(text.contains(f.usage), "\(f.name)") }
        for v in Builtins.Value.allCases { #expect(text.contains(v.rawValue), "\(v.rawValue)") }
    }

    /// `help <command>` too: the summary and the options' are filled to the width (the usage
    /// line stands whole), and no word of them is lost.
    @Test(arguments: [40, 72, 100])
    func aCommandsHelpFitsTheTerminal(_ width: Int) {
        for spec in CommandTable.all {
            let text = HelpRenderer.render(.command(spec), width: width)
            for line in text.split(separator: "\n") where !line.hasPrefix("usage: ") && !line.hasPrefix("example: ") {
                #expect(line.count <= width || !line.trimmingCharacters(in: .whitespaces).contains(" "), "\(spec.name) at \(width): \(line)")
            }
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
            #expect(words.contains(spec.summary.split(separator: " ").joined(separator: " ")), "\(spec.name)")
        }
    }
}

/// The help a page's panel and hover show (`HelpRenderer.index`): every name `help` knows, once,
/// in `help`'s order, with its usage, its one-line help and the text `help name` prints.
@Suite struct HelpIndexTests {
    @Test func theIndexHoldsEveryNameWithItsHelp() throws {
        guard case .array(let rows) = HelpRenderer.index() else { Issue.record("not an array"); return }
        func field(_ row: JSON, _ name: String) -> String? {
            guard case .object(let fields) = row, case .string(let s)? = fields.first(where: { $0.name == name })?.json else { return nil }
            return s
        }
        let names = rows.compactMap { field($0, "name") }
        let expected =
            CommandGroup.allCases.flatMap { g in CommandTable.all.filter { $0.group == g }.map(\.name) }
            + Builtins.functions.map(\.name) + Builtins.Value.allCases.map(\.rawValue)
        #expect(names == expected)
        let curve = try #require(rows.first { field($0, "name") == "curve" })
        #expect(field(curve, "usage") == "curve c1x c1y c2x c2y x y" && field(curve, "kind") == "command" && field(curve, "group") == "Drawing")
        #expect(
            field(curve, "help")
                == "usage: curve c1x c1y c2x c2y x y\n  cubic Bézier with control points c1 and c2 to (x, y)\nexample: curve 30 0 70 100 100 50")
        let sqrt = try #require(rows.first { field($0, "name") == "sqrt" })
        #expect(field(sqrt, "kind") == "function" && field(sqrt, "help") == "usage: sqrt(x)\n  square root")
        let letRow = try #require(rows.first { field($0, "name") == "let" })
        #expect(field(letRow, "kind") == "statement" && field(letRow, "usage") == "let name = value")
    }
}

/// Where a page marks an error in its script (`ErrorPlace`): the error's own place when it is in
/// the script; else the script's statement that led to it (an include); byte offsets, and the
/// line and column the error's text gives.
@Suite struct ErrorPlaceTests {
    func place(_ text: String, files: [String: String] = [:]) -> (ErrorPlace?, String) {
        let script = Source(name: "page.shape", text: text)
        let i = Interpreter(loader: { file, from throws(HostFailure) in
            let path = Source.resolve(file, from: from)
            guard let text = files[file] else { throw HostFailure("No such file or directory") }
            return (path, text)
        })
        guard let d = i.run(script, into: RunSink(report: { _ in }))?.diagnostic else { return (nil, "") }
        return (ErrorPlace(d, in: script), DiagnosticRenderer.render(d))
    }

    @Test func anErrorInTheScriptIsMarkedWhereItIs() throws {
        // "# é ✓\n" is 9 bytes (é 2, ✓ 3); `zz` starts at byte 9 + 7 of line 2, column 8.
        let (p, text) = place("# é ✓\nline 1 zz\n")
        let at = try #require(p)
        #expect(at.start == 16 && at.end == 18 && at.line == 2 && at.column == 8)
        #expect(text.hasPrefix("page.shape:2:8:"), "\(text)")
        // In a procedure's body: the body's place, in the script.
        let (q, _) = place("def f() {\n  line 1 yy\n}\nf\n")
        #expect(q?.line == 2 && q?.column == 10)
    }

    @Test func anErrorInAnIncludedFileIsMarkedAtTheInclude() throws {
        let (p, text) = place("move 0 0\ninclude \"lib.shape\"\n", files: ["lib.shape": "line 1 1\nline 2 qq\n"])
        let at = try #require(p, "\(text)")
        // The include's file name: "move 0 0\n" is 9 bytes, `include ` 8 more, `"lib.shape"` 11.
        #expect(at.line == 2 && at.column == 9 && at.start == 17 && at.end == 28, "\(at) \(text)")
    }
}

@Suite struct CompletionTests {
    func complete(_ line: String, variables: [String] = ["radius"], procedures: [String] = ["dot"]) -> [String] {
        // The word being completed runs back from the end to the last word break.
        let bytes = Array(line.utf8)
        var start = bytes.count
        while start > 0, !Completion.wordBreaks.utf8.contains(bytes[start - 1]) { start -= 1 }
        return Completion.candidates(line: line, start: start, variables: variables, procedures: procedures)
    }

    /// The names of a kind that start with `prefix`, sorted: what each context offers, from the
    /// tables themselves (a command added to the table is offered without this test changing).
    func expected(_ names: [String], _ prefix: String) -> [String] { Array(Set(names.filter { $0.hasPrefix(prefix) })).sorted() }
    var commands: [String] { CommandTable.all.map(\.name) }
    var functions: [String] { Builtins.functions.map(\.name) + Builtins.Value.allCases.map(\.rawValue) + Completion.functionForms }

    @Test func completesByContext() throws {
        // At the start of a statement: commands, statement words, procedures, variables; no option
        // words, no functions.
        for prefix in ["c", "d", "s", "r"] {
            #expect(complete(prefix) == expected(commands + Builtins.statementWords + ["dot", "radius"], prefix), "\(prefix)")
        }
        #expect(complete("c").contains("casteljau") && !complete("c").contains("cos") && !complete("c").contains("ccw"))
        #expect(complete("d").contains("def") && complete("d").contains("dot"))
        #expect(complete("move 0 0; ci") == expected(commands, "ci") && complete("move 0 0; ci").contains("circle"))
        #expect(complete("repeat 2 { li") == expected(commands, "li") && complete("repeat 2 { li").contains("line"))
        // After a command: its option words, then names with values and functions.
        let arc = try #require(CommandTable.spec(named: "arc"))
        #expect(complete("arc 0 0 10 0 1 c") == expected(arc.keywords.map(\.name) + functions + ["radius"], "c"))
        #expect(
            complete("arc 0 0 10 0 1 c").contains("ccw") && complete("arc 0 0 10 0 1 c").contains("cos")
                && !complete("arc 0 0 10 0 1 c").contains("clear"))
        let save = try #require(CommandTable.spec(named: "save"))
        #expect(complete("save \"a.svg\" con") == expected(save.keywords.map(\.name) + functions, "con"))
        #expect(complete("save \"a.svg\" con").contains("controls"))
        #expect(Completion.startsStatement(line: "move 0 0; nea", start: 10) && !Completion.startsStatement(line: "let n = nea", start: 8))
        // After an operator written without spaces, and inside parentheses: values only.
        #expect(complete("line 10+rad") == ["radius"])
        #expect(complete("let x = sq") == ["sqrt"])
        #expect(complete("print max(1, pen.") == ["pen.x", "pen.y"])
        #expect(complete("line 10+c") == expected(functions, "c") && !complete("line 10+c").contains("ccw"))
        #expect(complete("let n = nea") == expected(functions, "nea") && complete("let n = nea").contains("nearest"))
        // What `help` is asked about: any topic, and a name, not a call (no parenthesis).
        #expect(
            complete("help inter")
                == expected(commands + Builtins.statementWords + Builtins.functions.map(\.name) + Builtins.Value.allCases.map(\.rawValue), "inter"))
        #expect(complete("help inter").contains("intersections"))
        // After an option that takes a word: its words only, as the table gives them.
        let stroke = try #require(CommandTable.spec(named: "stroke")), offset = try #require(CommandTable.spec(named: "offset"))
        #expect(complete("stroke 4 cap ") == (stroke.keyword(named: "cap")?.choices ?? []).sorted())
        #expect(complete("stroke 4 cap ") == ["butt", "round", "square"])
        #expect(complete("stroke 4 join r") == ["round"])
        #expect(complete("offset 3 join ") == (offset.keyword(named: "join")?.choices ?? []).sorted())
        #expect(complete("help sq") == ["sqrt"])
        #expect(Completion.isHelpTopic(line: "help inter", start: 5) && !Completion.isHelpTopic(line: "let x = inter", start: 8))
    }

    /// What follows a word taken alone: a function's parenthesis where a value goes (and a query
    /// has its function form there), else a space; a topic of `help` is a name.
    @Test func aWordTakenAloneIsFollowedByWhatComesNext() {
        #expect(Completion.suffix(for: "sqrt", line: "let a = sq", start: 8) == "(")
        #expect(Completion.suffix(for: "length", line: "let a = len", start: 8) == "(")
        #expect(Completion.suffix(for: "length", line: "len", start: 0) == " ")
        #expect(Completion.suffix(for: "radius", line: "line 10 rad", start: 8) == " ")
        #expect(Completion.suffix(for: "sqrt", line: "help sq", start: 5) == " ")
    }
}

@Suite struct DiagnosticRenderingTests {
    func rendered(_ text: String) -> String {
        let i = Interpreter()
        guard let program = try? Parser.parse(Source(name: "t", text: text)) else {
            do { _ = try Parser.parse(Source(name: "t", text: text)) } catch { return DiagnosticRenderer.render(error.diagnostic) }
            return ""
        }
        return i.run(program, emit: { _ in }).map(DiagnosticRenderer.render) ?? ""
    }

    @Test func theEchoedLineIsShortAndInert() {
        // A 600,000-character line: a window of at most 160 characters around the culprit,
        // the caret under it.
        let long = rendered("move " + String(repeating: "1 ", count: 300_000) + "zz")
        let lines = long.split(separator: "\n")
        #expect(lines.count >= 3 && lines.allSatisfy { $0.count <= 200 }, "\(lines.map(\.count))")
        let echoed = Array(lines[1]), caret = Array(lines[2])
        let at = caret.firstIndex(of: "^")!
        #expect(echoed[at] == "1" || echoed[at] == "z")
        // Control characters never reach the terminal: ESC shows as ␛, in the line and the message.
        let escape = rendered("move 0 0\nline 1 \u{1b}[31m")
        #expect(!escape.unicodeScalars.contains { $0.value == 0x1b })
        #expect(escape.contains("␛[31m") && escape.contains("U+001B"))
    }
}
