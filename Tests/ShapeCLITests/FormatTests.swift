import Foundation
import ShapeLanguage
import Testing

/// `shape fmt`: one layout, idempotent, meaning unchanged (SPEC §11).
@Suite struct FormatTests {
    @Test func theLayoutIsIndentedAndCollapsedAndKeepsEveryLine() {
        let messy = "repeat 2 {\r\n      line   10 -5   # keep  this\n\tif 1 {\n  print \"a  b\"  \n}\n  }\nlet x = max(1,\n2)\n\n\n"
        let expected = "repeat 2 {\n    line 10 -5 # keep  this\n    if 1 {\n        print \"a  b\"\n    }\n}\nlet x = max(1,\n    2)\n"
        #expect(Formatter.format(messy) == expected)
        #expect(Formatter.format(expected) == expected)
        // A backslash with a space after it stays no line continuation.
        #expect(Formatter.format("move 0 0 \\ \nline 1 1\n") == "move 0 0 \\ \nline 1 1\n")
        #expect(Formatter.format("") == "")
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
                let once = Formatter.format(text)
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
