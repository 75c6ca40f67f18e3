import ShapeGeometry
import ShapeLanguage

/// Every command of the command table called with numbers at the ends of what integers hold:
/// past 2⁶³ and 2³¹ (WebAssembly's `Int`), their negatives, 1e300, and ordinary ones, in its
/// arguments and in its option words' values, made from the table itself. An index, a count or
/// a size taken from such a number and then added to or multiplied would stop the process
/// (Swift traps on integer overflow); the corpus is how the project holds its integer
/// arithmetic to "no trap anywhere", beside the lint of conversions (IntegerConversionLintTests).
public enum ExtremeNumberCorpus {
    public struct Case: Sendable, CustomStringConvertible {
        public var command: String
        /// Statements, one a line, each to run on a prepared session.
        public var statements: [String]
        public var description: String { command }
    }

    public static let numbers = [
        "9223372036854775807", "-9223372036854775808", "9.3e18", "-9.3e18", "1e19", "1e300", "-1e300",
        "2147483648", "-2147483649", "4294967296", "0", "-1", "3", "0.5",
    ]

    /// Eight calls for every command that is not a language form, its argument counts within
    /// its arity (a few more for a variadic one), every option word of the command once; and
    /// its function form, where it has one, with none, one and a few arguments, all one extreme.
    public static var cases: [Case] {
        var random = SeededRandom(seed: 45)
        func number() -> String { numbers[Int(random.next() % UInt64(numbers.count))] }
        var result: [Case] = []
        for spec in CommandTable.all where spec.group != .language {
            var statements: [String] = []
            for variant in 0..<8 {
                let upper = spec.variadic ? spec.arity.lowerBound + 6 : spec.arity.upperBound
                let span = UInt64(upper - spec.arity.lowerBound + 1)
                let count = spec.arity.lowerBound + Int(random.next() % span)
                var words = [spec.name] + (0..<count).map { _ in spec.takesText ? "\"a\"" : number() }
                // The required option group's first word, and one more option in turn.
                var options = spec.optionGroups.filter(\.required).compactMap { $0.names.first }
                if !spec.keywords.isEmpty { options.append(spec.keywords[variant % spec.keywords.count].name) }
                for name in options {
                    guard let option = spec.keyword(named: name), !words.contains(name) else { continue }
                    words.append(name)
                    words += option.values.map { _ in option.takesName ? "x" : (option.choices?.first ?? number()) }
                }
                statements.append(words.joined(separator: " "))
            }
            // The function form, where the command has one: `print length(9.3e18)`.
            if spec.hasFunctionForm {
                for count in Set([spec.arity.lowerBound, Swift.min(spec.arity.upperBound, spec.arity.lowerBound + 2), 1]).sorted() {
                    for extreme in ["9223372036854775807", "-9.3e18", "2147483648", "1e300"] {
                        let arguments = Array(repeating: spec.takesText ? "\"a\"" : extreme, count: count)
                        statements.append("print \(spec.name)(\(arguments.joined(separator: ", ")))")
                    }
                }
            }
            result.append(Case(command: spec.name, statements: statements))
        }
        // The language's own forms that take a count or an index.
        result.append(
            Case(
                command: "language",
                statements: [
                    "repeat 1e300 { }", "repeat 9223372036854775807 { }", "for i in 9.2e18..<9.3e18 { let j = i }",
                    "for i in -9.3e18..<-9.2e18 { }", "for i in 0..<1e300 { }", "let a = [1, 2, 3]\nprint a[9.3e18]",
                    "let a = [1, 2, 3]\nprint a[-9.3e18]", "print 9e18 * 9e18", "print -9223372036854775808 % -1",
                    "print range(9.3e18)", "print range(-9.3e18)", "let s = \"abc\"\nprint s[9.3e18]",
                    "print round(1e300) + 1", "print floor(-1e300)",
                ]))
        return result
    }
}
