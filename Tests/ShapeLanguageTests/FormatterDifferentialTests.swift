import Foundation
import ShapeCorpus
import ShapeOutput
import Testing

@testable import ShapeLanguage

/// `shape fmt` checked against the interpreter with scripts made at random
/// (`GeneratedLayout`: every kind of statement laid out badly on purpose, many of them wrong):
/// the formatted script prints what the original prints and stops with the same error on the
/// same line (its column may move with the indent), and formatting it again changes nothing.
/// `scripts/fuzz-fmt` runs many more seeds than the suite's 400.
@Suite struct FormatterDifferentialTests {
    /// What a script does: its reports as the text printer writes them, then its error's kind and
    /// line, if it stops with one.
    static func outcome(_ text: String) -> [String] {
        let interpreter = Interpreter()
        var reports: [Report] = []
        let error = run(interpreter, text, reports: &reports)
        let printer = TextPrinter()
        var lines = reports.compactMap { printer.format($0) }
        if let error { lines.append("error \(error.message.id) at line \(error.source.line(of: error.range.start)): \(error.message.text)") }
        return lines
    }

    /// Inputs `scripts/fuzz format` found whose formatted text stopped with another error or on
    /// another line: an expression cut off by the end of the input (then reported after the
    /// blank lines and comments the formatter drops; now just after the last token), and a
    /// bracket left open at the very end (where the formatter's final line end turned "never
    /// closed" into "found the end of the line"; in a string left open by a last backslash, the
    /// space the formatter adds after a last backslash made a bad escape).
    static let fuzzFindings = [
        "repearepeat -", "leP[-", "print (1 +\n\n\n# a comment\n\n", "let a = [1,\n  2,", "f(1,", "print \"abc",
        "repeat 3 {\n    line 1 1\n\n# end\n", "prirint \"abc\\",
    ]

    @Test(arguments: FormatterDifferentialTests.fuzzFindings)
    func theFuzzersFindingsKeepWhatTheyDo(_ script: String) throws {
        let formatted = try #require(Formatter.format(script))
        #expect(Formatter.format(formatted) == formatted)
        #expect(Self.outcome(script) == Self.outcome(formatted), "\(Self.outcome(script)) then \(Self.outcome(formatted))")
    }

    static var seeds: Range<UInt64> {
        let given = ProcessInfo.processInfo.environment["SHAPE_FMT_SEEDS"]?.split(separator: "-").compactMap { UInt64($0) }
        if let given, given.count == 2, given[0] < given[1] { return given[0]..<given[1] }
        return 0..<400
    }

    @Test func formattingKeepsWhatAScriptDoes() throws {
        var ran = 0, failed = 0
        for seed in Self.seeds {
            let script = GeneratedLayout.script(seed: seed)
            let formatted = try #require(Formatter.format(script))
            #expect(Formatter.format(formatted) == formatted, "seed \(seed): formatting twice changes it\n\(script)")
            let before = Self.outcome(script), after = Self.outcome(formatted)
            #expect(before == after, "seed \(seed):\n--- the script\n\(script)\n--- formatted\n\(formatted)\n--- does\n\(before)\n--- then\n\(after)")
            if before.last?.hasPrefix("error ") == true { failed += 1 } else { ran += 1 }
        }
        // Both kinds are there in numbers: scripts that run and scripts that stop.
        if Self.seeds == 0..<400 { #expect(ran > 40 && failed > 40, "\(ran) ran, \(failed) stopped") }
    }
}
