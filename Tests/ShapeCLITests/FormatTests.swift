import Foundation
import ShapeLanguage
import Testing

/// `shape fmt`: one layout, idempotent, meaning unchanged (SPEC §11).
@Suite struct FormatTests {
    @Test func theLayoutIsIndentedAndCollapsedAndKeepsEveryLine() {
        let messy = "repeat 2 {\r\n      line   10 -5   # keep  this\n\tif 1 {\n  print \"a  b\"  \n}\n  }\nlet x = max(1,\n2)\n\n\n"
        let expected = "repeat 2 {\n    line 10 -5 # keep  this\n    if 1 {\n        print \"a  b\"\n    }\n}\nlet x = max(1,\n    2)\n"
        #expect(Formatter.format(messy)! == expected)
        #expect(Formatter.format(expected)! == expected)
        // A backslash with a space after it stays no line continuation.
        #expect(Formatter.format("move 0 0 \\ \nline 1 1\n") == "move 0 0 \\ \nline 1 1\n")
        #expect(Formatter.format("") == "")
    }

    /// Trailing comments that start in one column stay aligned (in their column while the code
    /// fits before it, else two past the longest code); one alone follows its code.
    @Test func alignedCommentsStayAligned() {
        func pad(_ code: String, _ column: Int) -> String { code + String(repeating: " ", count: column - code.count) }
        // Two comments in column 24 of one paragraph, with a line without one between: kept
        // there. One alone in its paragraph follows its code.
        let aligned = [pad("line 1 2", 24) + "# one", pad("  curve   1 2 3 4 5 6", 24) + "# two", "move 0 0", pad("line 3 4", 30) + "# alone"]
        let expected = [pad("line 1 2", 24) + "# one", pad("curve 1 2 3 4 5 6", 24) + "# two", "move 0 0", "line 3 4 # alone"]
        #expect(Formatter.format(aligned.joined(separator: "\n")) == expected.joined(separator: "\n") + "\n")
        // Indented by the layout past their column: two spaces past the longest line's code.
        let inBlock = "repeat 1 {\nline 1 2 # a\nline 30 40 # b\n}\n"
        #expect(Formatter.format("repeat 1 {\nline 1 2   # a\nline 30 40 # b\n}\n") == "repeat 1 {\n    line 1 2    # a\n    line 30 40  # b\n}\n")
        // Formatting again changes nothing.
        for text in [aligned.joined(separator: "\n"), inBlock] {
            let once = Formatter.format(text)!
            #expect(Formatter.format(once) == once)
        }
    }

    /// Bytes that are not UTF-8 (a Latin-1 comment) come out as they went in; an indent past
    /// `deepestIndent` stops growing, and a layout past `maximumOutput` is refused, not built.
    @Test func bytesAreKeptAndTheLayoutIsBounded() {
        let latin1: [UInt8] = Array("line  1 2 # caf".utf8) + [0xE9] + Array("\n".utf8)
        #expect(Formatter.format(bytes: latin1) == Array("line 1 2 # caf".utf8) + [0xE9, 0x0A])
        let deep = String(repeating: "(\n", count: 30_000)
        let laidOut = Formatter.format(deep)
        #expect(laidOut != nil)
        #expect((laidOut?.utf8.count ?? 0) <= 30_000 * (2 + 4 * Formatter.deepestIndent))
        #expect(laidOut.map { Formatter.format($0) == $0 } ?? false)
        // Past the limit (64 MiB; here a small one, for speed) nothing is built.
        #expect(Formatter.format(deep, limit: 1 << 20) == nil)
        #expect(Formatter.format(deep, limit: 8 << 20) != nil)
    }

    /// The project's own scripts are in the layout already.
    @Test func theExamplesAreFormatted() throws {
        let root = ExampleTests.root.appendingPathComponent("examples")
        let names = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".shape") }
        #expect(names.count > 40)
        for name in names {
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent(name)))
            #expect(Formatter.format(bytes: bytes) == bytes, "examples/\(name) is not in the layout: run shape fmt on it")
        }
    }

    /// `shape fmt -` formats standard input to standard output (for editors' format-on-save);
    /// `--help` says how to use it.
    @Test func standardInputAndHelp() throws {
        let piped = try BinaryRunner.run(["fmt", "-"], stdin: "repeat 2 {\nline  1 2\n}\n")
        #expect(piped.status == 0 && piped.stdout == "repeat 2 {\n    line 1 2\n}\n", "\(piped.stdout)")
        let check = try BinaryRunner.run(["fmt", "--check", "-"], stdin: "line  1 2\n")
        #expect(check.status == 1 && check.stdout == "-\n")
        let help = try BinaryRunner.run(["fmt", "--help"])
        #expect(help.status == 0 && help.stdout.contains("usage: shape fmt"))
        let watch = try BinaryRunner.run(["watch", "--help"])
        #expect(watch.status == 0 && watch.stdout.contains("usage: shape watch"))
    }

    /// Every example and golden script, formatted in a copy of its folder: formatting again
    /// changes nothing, and the formatted script prints the same JSON (columns aside: they are
    /// layout) and ends the same way.
    @Test func everyExampleAndGoldenMeansTheSameFormatted() throws {
        let fm = FileManager.default
        let scratch = fm.temporaryDirectory.appendingPathComponent("shape-fmt-\(getpid())")
        try? fm.removeItem(at: scratch)
        defer { try? fm.removeItem(at: scratch) }
        let golden = BinaryRunner.goldenDirectory
        let examples = golden.deletingLastPathComponent().appendingPathComponent("Examples")
        var checked = 0
        for folder in [golden, examples] where fm.fileExists(atPath: folder.path) {
            let original = scratch.appendingPathComponent("original-" + folder.lastPathComponent)
            let formatted = scratch.appendingPathComponent("formatted-" + folder.lastPathComponent)
            try fm.createDirectory(at: scratch, withIntermediateDirectories: true)
            try fm.copyItem(at: folder, to: original)
            try fm.copyItem(at: folder, to: formatted)
            let names = try fm.contentsOfDirectory(atPath: formatted.path).filter { $0.hasSuffix(".shape") }.sorted()
            for name in names {
                let url = formatted.appendingPathComponent(name)
                let text = try String(contentsOf: url, encoding: .utf8)
                let once = try #require(Formatter.format(text))
                #expect(Formatter.format(once) == once, "\(name) is not formatted in one pass")
                try once.write(to: url, atomically: true, encoding: .utf8)
            }
            for name in names {
                let text = try String(contentsOf: original.appendingPathComponent(name), encoding: .utf8)
                let args = text.split(separator: "\n").filter { $0.hasPrefix("# args:") }.flatMap {
                    $0.dropFirst(7).split(separator: " ").map(String.init)
                }
                let a = try BinaryRunner.run(["--json"] + args + [name], in: original)
                let b = try BinaryRunner.run(["--json"] + args + [name], in: formatted)
                #expect(a.status == b.status, "\(name): exit status")
                #expect(FormatTests.withoutColumns(a.stdout) == FormatTests.withoutColumns(b.stdout), "\(name): JSON output")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    /// JSON text with the values of "column" removed.
    static func withoutColumns(_ s: String) -> String {
        var out = ""
        var rest = Substring(s)
        while let r = rest.range(of: "\"column\": ") {
            out += rest[..<r.upperBound]
            rest = rest[r.upperBound...].drop { $0.isNumber }
        }
        return out + rest
    }

    @Test func checkNamesTheFilesThatWouldChangeAndChangesNothing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-fmt-check-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "move 0 0\n   line 1 1\n".write(to: dir.appendingPathComponent("messy.shape"), atomically: true, encoding: .utf8)
        try "move 0 0\nline 1 1\n".write(to: dir.appendingPathComponent("tidy.shape"), atomically: true, encoding: .utf8)
        let check = try BinaryRunner.run(["fmt", "--check", "messy.shape", "tidy.shape"], in: dir)
        #expect(check.status == 1 && check.stdout == "messy.shape\n")
        #expect(try String(contentsOf: dir.appendingPathComponent("messy.shape"), encoding: .utf8) == "move 0 0\n   line 1 1\n")
        let write = try BinaryRunner.run(["fmt", "messy.shape"], in: dir)
        #expect(write.status == 0)
        #expect(try String(contentsOf: dir.appendingPathComponent("messy.shape"), encoding: .utf8) == "move 0 0\nline 1 1\n")
        #expect(try BinaryRunner.run(["fmt", "--check", "messy.shape"], in: dir).status == 0)
        #expect(try BinaryRunner.run(["fmt"], in: dir).status == 2)
        #expect(try BinaryRunner.run(["fmt", "no-such.shape"], in: dir).status == 1)
    }
}
