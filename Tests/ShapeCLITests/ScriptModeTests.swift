import Foundation
@testable import ShapeCLI
import ShapeLanguage
import ShapeTestSupport
import Testing

@Suite struct ScriptModeTests {
    @Test func standardInputRunsAsAScript() throws {
        let r = try BinaryRunner.run([], stdin: "move 0 0\nline 3 4\nlength\n")
        #expect(r.stdout == "move: to (0, 0), segment 0, length 0\nline: to (3, 4), segment 5, length 5\nlength: 5\n")
        #expect(r.status == 0)
        let bad = try BinaryRunner.run([], stdin: "move 0 0\nlne 1 1\nlength\n")
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("<stdin>:2:1: error: unknown command or variable 'lne'"))
        #expect(!bad.stdout.contains("length:"))  // the first error stops the script
    }

    /// A script longer than `Session.wholeTreeLimit` (2 MiB) is checked whole first, then parsed
    /// again a statement at a time as it runs: every statement runs once, in order, and a syntax
    /// error on the last line runs nothing.
    @Test func aScriptLongerThanTheWholeTreeLimitRunsEveryStatementOnce() throws {
        let padding = " # " + String(repeating: "x", count: 1000)
        let count = 2_200  // about 2.2 MB
        var text = "move 0 0\n"
        for k in 1...count { text += "line \(k) 0\(padding)\n" }
        #expect(text.utf8.count > 2 << 20)
        let r = try BinaryRunner.run([], stdin: text + "length\n")
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == count + 2)
        // The k-th unit segment along the x axis ends at (k, 0) with length k.
        var wrong: [Int] = []
        for k in 1...count where lines[k] != "line: to (\(k), 0), segment 1, length \(k)" { wrong.append(k) }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(lines.last == "length: \(count)")
        let bad = try BinaryRunner.run([], stdin: text + "length 1 (\n")
        #expect(bad.status == 1)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr.hasPrefix("<stdin>:\(count + 2):"))
    }

    /// A 3-4-5 walk of `count` lines from the origin: the k-th ends at (3k, 4k), 5 from the last,
    /// 5k along the path; at line `precisionAt` the precision goes to 2 between two `print 1/3`.
    static func walk(_ count: Int, precisionAt: Int) -> (text: String, expected: [String]) {
        var text = "move 0 0\n", expected = ["move: to (0, 0), segment 0, length 0"]
        for k in 1...count {
            if k == precisionAt {
                text += "print 1/3\nprecision 2\nprint 1/3\n"
                expected += ["0.3333", "precision: 2", "0.33"]
            }
            text += "line \(3 * k) \(4 * k)\n"
            expected.append("line: to (\(3 * k), \(4 * k)), segment 5, length \(5 * k)")
        }
        return (text, expected)
    }

    /// A script of `Session.pipelineLeast` (32 KiB) or more runs as a pipeline: parsed on one
    /// thread, run on another, printed on the first once the whole source has parsed. What it
    /// prints, saves and stops at is what the statements do run in turn.
    @Test func aLongScriptRunsAsItsStatementsDoInTurn() throws {
        let (text, expected) = ScriptModeTests.walk(3_000, precisionAt: 1_500)
        #expect(text.utf8.count > 32 << 10)
        for arguments in [[], ["-"]] {
            let r = try BinaryRunner.run(arguments, stdin: text)
            #expect(r.status == 0)
            #expect(r.stderr.isEmpty)
            let lines = r.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == expected.count)
            let wrong = zip(lines, expected).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            #expect(wrong.isEmpty, "lines \(wrong.prefix(5)) differ")
        }
        // In JSON, one object a statement, the last with the whole length.
        let json = try BinaryRunner.run(["--json"], stdin: text)
        let objects = json.stdout.split(separator: "\n")
        #expect(objects.count == expected.count)
        #expect(objects.last?.hasSuffix("\"length\": 15000}") == true, "\(objects.last ?? "")")
    }

    /// The pipeline's two ways to stop: a syntax error on the last line runs nothing (no report,
    /// no file saved), and an error while running stops there, after the reports and files of
    /// the statements before it and before those after it.
    @Test func aLongScriptStopsAsItsStatementsDoInTurn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-pipeline-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let (walk, expected) = ScriptModeTests.walk(3_000, precisionAt: 0)
        let first = "save \"first.svg\"\n", last = "save \"last.svg\"\n"
        let lineCount = walk.split(separator: "\n").count

        // The runner reaches the save long before the parser reaches the last line.
        let (longWalk, _) = ScriptModeTests.walk(20_000, precisionAt: 0)
        let unparsed = try BinaryRunner.run([], stdin: "move 0 0\nline 1 1\n" + first + longWalk + "length 1 (\n", in: dir)
        #expect(unparsed.status == 1)
        #expect(unparsed.stdout.isEmpty)
        #expect(unparsed.stderr.hasPrefix("<stdin>:20005:"), "\(unparsed.stderr.prefix(200))")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("first.svg").path))

        let failing = try BinaryRunner.run([], stdin: walk + first + "lne 1 1\n" + last + "length\n", in: dir)
        #expect(failing.status == 1)
        let printed: [String] = failing.stdout.split(separator: "\n").map { String($0) }
        #expect(printed.dropLast() == expected[...])
        #expect(failing.stdout.hasSuffix("\nsave: wrote first.svg\n"), "\(failing.stdout.suffix(100))")
        #expect(failing.stderr.hasPrefix("<stdin>:\(lineCount + 2):1: error: unknown command or variable 'lne'"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("first.svg").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("last.svg").path))
    }

    /// A script past 2 MiB is parsed once, and at most `ScriptPipeline.waiting` statements wait
    /// for the runner: a syntax error on the last line still runs, prints and saves nothing; a
    /// statement that fails stops the script after the reports and the save of the statements
    /// before it; and a save near the start, which waits for the whole source to have parsed
    /// (the rest is then checked without being kept, and handed on after), is followed by every
    /// report after it, in order.
    @Test func aScriptPastTwoMebibytesRunsAsItsStatementsDoInTurn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-long-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let (walk, expected) = ScriptModeTests.walk(130_000, precisionAt: 70_000)
        #expect(walk.utf8.count > 2 << 20)
        let save = "save \"first.svg\"\n"
        let lineCount = walk.split(separator: "\n").count

        let unparsed = try BinaryRunner.run([], stdin: "move 0 0\nline 1 1\n" + save + walk + "length 1 (\n", in: dir)
        #expect(unparsed.status == 1)
        #expect(unparsed.stdout.isEmpty)
        #expect(unparsed.stderr.hasPrefix("<stdin>:\(lineCount + 4):"), "\(unparsed.stderr.prefix(200))")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("first.svg").path))

        let failing = try BinaryRunner.run([], stdin: walk + save + "lne 1 1\nlength\n", in: dir)
        #expect(failing.status == 1)
        let printed: [String] = failing.stdout.split(separator: "\n").map { String($0) }
        #expect(printed == expected + ["save: wrote first.svg"])
        #expect(failing.stderr.hasPrefix("<stdin>:\(lineCount + 2):1: error: unknown command or variable 'lne'"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("first.svg").path))

        var lines = walk.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert("save \"early.svg\"", at: 3)
        var reports = expected
        reports.insert("save: wrote early.svg", at: 3)
        let early = try BinaryRunner.run([], stdin: lines.joined(separator: "\n") + "length\n", in: dir)
        #expect(early.status == 0)
        #expect(early.stderr.isEmpty, "\(early.stderr.prefix(200))")
        let got = early.stdout.split(separator: "\n").map(String.init)
        #expect(got.count == reports.count + 1)
        let wrong = zip(got, reports).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(wrong.isEmpty, "lines \(wrong.prefix(5)) differ")
        #expect(got.last == "length: 650000")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("early.svg").path))
    }

    @Test func scriptsReadTheSameWhateverTheirLineEndsAndBOM() throws {
        // A first comment line, accented names, CJK in a string and a comment, an emoji, an
        // error on the last line: the same output and the same located error (columns in
        // characters) with LF, CRLF, CR, and with a byte-order mark.
        let lines = ["# première ligne, 注释 😀", "let rayon = 5", "circle 0 0 rayon", "print \"周长\" path.length", "lne 1 1"]
        let reference = try BinaryRunner.run([], stdin: lines.joined(separator: "\n") + "\n")
        #expect(reference.status == 1)
        #expect(reference.stdout == "let rayon = 5\ncircle: to (5, 0), segment 31.4159, length 31.4159\n周长 31.4159\n")
        #expect(reference.stderr.hasPrefix("<stdin>:5:1: error: unknown command or variable 'lne'"))
        for (name, end, bom) in [("CRLF", "\r\n", ""), ("CR", "\r", ""), ("LF+BOM", "\n", "\u{FEFF}"), ("CRLF+BOM", "\r\n", "\u{FEFF}")] {
            let r = try BinaryRunner.run([], stdin: bom + lines.joined(separator: end) + end)
            #expect(r.stdout == reference.stdout, "\(name)")
            #expect(r.stderr == reference.stderr, "\(name)")
            #expect(r.status == 1, "\(name)")
        }
        // A CRLF comment in an LF file does not swallow the next line.
        let mixed = try BinaryRunner.run([], stdin: "# note\r\nmove 0 0\nline 3 4\n")
        #expect(mixed.stdout.hasSuffix("line: to (3, 4), segment 5, length 5\n"))
    }

    /// Nesting at and past every limit, generated: within the limits it runs (on the stack the
    /// command gives the interpreter, in a debug build), past them it is a located error, never a
    /// crash. Limits: 1,000 nested blocks, 10,000 chained operators, 4,000 blocks, calls and
    /// includes inside each other while a statement runs.
    @Test func nestingAtAndPastItsLimits() throws {
        func run(_ text: String) throws -> BinaryRunner.Result { try BinaryRunner.run([], stdin: text) }
        let fine = [
            "move 0 0\n" + String(repeating: "repeat 1 {\n", count: 1_000) + "line 1 1\n" + String(repeating: "}\n", count: 1_000),
            "let x = " + String(repeating: "1+", count: 10_000) + "1\n",
            // 96 calls, each through 40 blocks: 3,936 levels.
            "def f(n) { if n > 0 {" + String(repeating: " if 1 {", count: 39) + " f n-1 " + String(repeating: "}", count: 39) + "} }\nf 96\n",
            "def g(n) { if n > 0 { return g(n - 1) + 1 } else { return 0 } }\nprint g(199)\n",
        ]
        for text in fine {
            let r = try run(text)
            #expect(r.status == 0, "\(text.prefix(60)): \(r.stderr.prefix(300))")
        }
        let past: [(String, String)] = [
            (String(repeating: "repeat 1 {\n", count: 1_001) + String(repeating: "}\n", count: 1_001), "blocks nest more than 1000 deep"),
            (String(repeating: "if 1 {\n", count: 2_300), "blocks nest more than 1000 deep"),
            (String(repeating: "if 0 { } else ", count: 3_600) + "{ }\n", "blocks nest more than 1000 deep"),
            ("let x = " + String(repeating: "1+", count: 20_000) + "1\n", "expressions nest more than 10000 deep"),
            (
                "def f(n) { if n > 0 {" + String(repeating: " if 1 {", count: 39) + " f n-1 " + String(repeating: "}", count: 39) + "} }\nf 150\n",
                "nest more than 4000 deep"
            ),
            (
                "def f(n) { if n > 0 {" + String(repeating: " if 1 {", count: 16) + " f n-1 " + String(repeating: "}", count: 16) + "} }\nf 500\n",
                "calls nested more than 200 deep"
            ),
        ]
        for (text, message) in past {
            let r = try run(text)
            #expect(r.status == 1, "\(text.prefix(60))")
            #expect(r.stderr.hasPrefix("<stdin>:") && r.stderr.contains("error: ") && r.stderr.contains(message), "\(r.stderr.prefix(300))")
        }
    }

    @Test func inputsThatNeverEndAreRefused() throws {
        // A device that never ends, as a file, as standard input and as an include; a FIFO with
        // no writer, included (it used to block for ever).
        let shape = BinaryRunner.executable.path
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("shape-fifo-\(getpid())").path
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let cases: [(String, String)] = [
            ("'\(shape)' /dev/zero", "shape: cannot read '/dev/zero': it is not a regular file"),
            ("'\(shape)' < /dev/zero", "shape: cannot read standard input: it is larger than 32 MiB"),
            ("'\(shape)' -e 'include \"/dev/zero\"'", "cannot include '/dev/zero': it is not a regular file"),
            ("'\(shape)' -e 'include \"\(fifo)\"'", "it is not a regular file"),
        ]
        for (command, message) in cases {
            let r = try Subprocess.run("/bin/sh", ["-c", command + "; echo \"status $?\""], timeout: 10)
            #expect(!r.timedOut && r.stdout.contains("status 1"), "\(command)")
            #expect(r.stderr.contains(message), "\(command): \(r.stderr)")
        }
    }

    @Test func exponentialRecursionMeetsTheWorkBudget() throws {
        // 2^41 calls: each call is charged as a few statements, so the budget stops it (with the
        // default budget a release build stops it in 6.5 s; a smaller one keeps this test quick).
        let r = try BinaryRunner.run(["--work-limit", "2000000", "-e", "def f(n) { if n > 0 { f n-1; f n-1 } }\nf 40"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("error: this statement does too much work"))
    }

    @Test func outputThatCannotBeWrittenIsAFailure() throws {
        // A full disk, a closed standard output, a reader that left with SIGPIPE ignored.
        let shape = BinaryRunner.executable.path
        for (redirect, reason) in [("> /dev/full", "No space left on device"), (">&-", "Bad file descriptor")] {
            let r = try Subprocess.run("/bin/sh", ["-c", "'\(shape)' -e 'print 1' \(redirect); echo \"status $?\""])
            #expect(r.stdout.contains("status 1"), "\(redirect): \(r.stdout)")
            #expect(r.stderr.contains("shape: cannot write the output: \(reason)"), "\(redirect): \(r.stderr)")
        }
        let pipe = try Subprocess.run(
            "/bin/sh", ["-c", "trap '' PIPE; ( '\(shape)' -e 'repeat 100000 { print 123456789 }'; echo \"status $?\" >&2 ) | head -1"])
        #expect(pipe.stderr.contains("Broken pipe") && pipe.stderr.contains("status 1"), "\(pipe.stderr)")
    }

    @Test func dashEAndSeveralSources() throws {
        let r = try BinaryRunner.run(["-e", "let r = 2", "-e", "circle 0 0 r; length", "--quiet"])
        #expect(r.stdout == "length: 12.5664\n")
        let files = try BinaryRunner.run(["--quiet", "path-move-line.shape", "-e", "length"])
        #expect(files.stdout == "length: 11\n")  // one session across the sources
    }

    @Test func usageErrorsExitTwo() throws {
        for args in [["--bogus"], ["--precision"], ["--precision", "99"], ["-e"]] {
            let r = try BinaryRunner.run(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.contains("usage: shape"))
        }
        let missing = try BinaryRunner.run(["no-such-file.shape"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read 'no-such-file.shape'"))
    }

    /// `-D name=value` gives a top-level `let` its value from the command line (SPEC §11).
    @Test func definesOverrideTopLevelLets() throws {
        let script = ["-e", "let size = 10\nlet label = \"box\"\nrect 0 0 size size\nrepeat 1 { let size = 3 }\nprint label size"]
        let given = try BinaryRunner.run(["-D", "size=25", "-Dlabel=card"] + script)
        #expect(given.status == 0)
        // The top-level lets take the values (a number, and text as a string); a `let` inside a
        // block is no top-level one and keeps its own.
        #expect(given.stdout.contains("let size = 25") && given.stdout.contains("length 100") && given.stdout.contains("card 25"), "\(given.stdout)")
        let plain = try BinaryRunner.run(script)
        #expect(plain.stdout.contains("let size = 10") && plain.stdout.contains("box 10"))
        for (args, message) in [
            (["-D", "width=3"], "no script defines it"), (["-D", "size"], "needs NAME=VALUE"), (["-D", "3x=1"], "is not a name"),
            (["-D"], "needs NAME=VALUE"),
        ] {
            let r = try BinaryRunner.run(args + script)
            #expect(r.status == 2 && r.stderr.contains(message), "\(args): \(r.stderr)")
            #expect(r.stdout.isEmpty, "nothing runs: \(args)")
        }
        // A number that is not finite is no value a script could hold; a word is only text.
        let huge = try BinaryRunner.run(["-D", "size=1e999"] + script)
        #expect(huge.status == 2 && huge.stderr.contains("'1e999' is not a finite number") && huge.stdout.isEmpty, "\(huge.stderr)")
        let word = try BinaryRunner.run(["-D", "label=inf"] + script)
        #expect(word.status == 0 && word.stdout.contains("inf 10"), "\(word.stdout)")
        // A script read from standard input takes them too, and the same checks.
        let text = "let size = 10\nprint size + 1\n"
        let piped = try BinaryRunner.run(["-D", "size=2"], stdin: text)
        #expect(piped.status == 0 && piped.stdout.contains("let size = 2") && piped.stdout.contains("\n3\n"), "\(piped.stdout)")
        let unknown = try BinaryRunner.run(["-D", "width=2"], stdin: text)
        #expect(unknown.status == 2 && unknown.stderr.contains("no script defines it") && unknown.stdout.isEmpty)
    }

    @Test func versionAndHelp() throws {
        let version = try BinaryRunner.run(["--version"]).stdout
        #expect(version.hasPrefix("shape ") && version.split(separator: "\n").count == 1, "\(version)")
        let help = try BinaryRunner.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("--json"))
        // Said once, though `main` reads the options before `run` does.
        #expect(help.stdout.components(separatedBy: "exit status:").count == 2, "\(help.stdout)")
        let inside = try BinaryRunner.run(["-e", "help arc"])
        #expect(inside.stdout.contains("usage: arc cx cy r start end [cw|ccw]"))
        #expect(inside.stdout.contains("example: arc"))
        let all = try BinaryRunner.run(["-e", "help"])
        for word in ["move", "dash", "drag to x y", "contains", "undo", "repeat"] { #expect(all.stdout.contains(word)) }
    }

    /// Only runs that end with their scripts get the allocator's settings for them
    /// (`ScriptMemory`): the REPL and the commands that stay running keep glibc's.
    @Test func theRunsThatEndWithTheirScripts() {
        for stays in [["view"], ["view", "a.shape"], ["lsp"], ["watch", "a.shape"]] {
            #expect(!ShapeCommand.endsWithItsScripts(stays), "\(stays)")
        }
        for ends in [["a.shape"], ["-e", "line 1 1"], ["--json", "-", "--precision", "3"], ["fmt", "a.shape"], ["--help"], ["--bogus"]] {
            #expect(ShapeCommand.endsWithItsScripts(ends), "\(ends)")
        }
        // No script named: the REPL on a terminal, else the script on standard input.
        #expect(ShapeCommand.endsWithItsScripts(["--json"]) == !FileSystem.standardInputIsTerminal)
    }

    @Test func anExecutableScriptWithAShebang() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-shebang-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // `env shape` finds the binary on PATH, as an installed shape would be found.
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("shape"), withDestinationURL: BinaryRunner.executable)
        let script = dir.appendingPathComponent("square.shape")
        try "#!/usr/bin/env shape\nrect 0 0 2 2\nlength\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let r = try Subprocess.run(script.path, environment: ["PATH": dir.path + ":/usr/bin:/bin"])
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("length: 8\n"))
    }

    @Test func outputStaysInOrderOnOnePipe() throws {
        let r = try Subprocess.run("/bin/sh", ["-c", "'\(BinaryRunner.executable.path)' -e 'move 0 0' -e 'print 1; lne 2' 2>&1 | cat"])
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "move: to (0, 0), segment 0, length 0")
        #expect(lines[1] == "1")
        #expect(lines[2].hasPrefix("-e:1:10: error: unknown command"))
    }

    @Test func jsonErrorsGoToBothStreams() throws {
        let r = try BinaryRunner.run(["--json", "-e", "move 0 0\nline 1"])
        let objects = r.stdout.split(separator: "\n")
        #expect(objects.count == 2)
        #expect(objects[1].contains("\"error\": {\"message\": \"'line' takes 2 arguments (x y), got 1 argument\""))
        #expect(objects[1].contains("\"line\": 2, \"column\": 1"))
        #expect(r.stderr.hasPrefix("-e:2:1: error:"))
        #expect(r.status == 1)
    }

    /// Under `--quiet` a pipelined script's drawing commands make no reports (the sink says it
    /// drops them), and what it asks for still prints, at the precision in force.
    @Test func aQuietLongScriptPrintsOnlyWhatItAsksFor() throws {
        let (text, _) = ScriptModeTests.walk(3_000, precisionAt: 1_500)
        #expect(text.utf8.count >= 32 << 10)
        let r = try BinaryRunner.run(["--quiet"], stdin: text + "length\n")
        #expect(r.status == 0)
        #expect(r.stdout == "0.3333\n0.33\nlength: 15000\n")
    }

    /// A script run keeps no undo records when none of its sources can undo (names neither `undo`
    /// nor `include`); any one that does keeps them for all: an `-e` after a file takes back the
    /// file's last statement, and an `undo` inside a long pipelined script takes back the one
    /// before it.
    @Test func undoWorksWheneverAnySourceCanUndo() throws {
        #expect(!ShapeCommand.mayUndo([Source(name: "a", text: "move 0 0\nline 3 4\n")]))
        #expect(ShapeCommand.mayUndo([Source(name: "a", text: "move 0 0\n"), Source(name: "-e", text: "undo")]))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-undo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "move 0 0\nline 3 4\nline 3 0\n".write(to: dir.appendingPathComponent("a.shape"), atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["--quiet", "a.shape", "-e", "undo\nlength"], in: dir)
        #expect(r.status == 0)
        #expect(r.stdout == "length: 5\n")
        // A pipelined script (past 32 KiB) with an undo half way.
        let (text, _) = ScriptModeTests.walk(3_000, precisionAt: 10)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let undone = lines.prefix(2_000).joined(separator: "\n") + "\nundo\nlength\n"
        let u = try BinaryRunner.run(["--quiet"], stdin: undone)
        #expect(u.status == 0)
        // 1,996 lines of the walk ran (the first four are the move and the precision's three),
        // the last taken back: 1,995 steps of 5.
        #expect(u.stdout.hasSuffix("length: \(5 * 1_995)\n"), "\(u.stdout.suffix(40))")
    }
}
