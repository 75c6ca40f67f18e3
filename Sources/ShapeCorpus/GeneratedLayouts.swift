import ShapeGeometry

/// Scripts made at random for the differential tests of `shape fmt`: statements of every kind
/// (drawing, `let` and `=`, `print` of strings with spaces, `#` and escapes in them, `repeat`,
/// `for`, `if`/`else`, a def and its call, lists over several lines, queries), laid out badly on
/// purpose: runs of spaces and tabs, indents at random, operators spaced every way (`10 -5` is
/// two arguments, `10 - 5` one), trailing comments, backslashes that continue a line or, with a
/// space after them or at the end of the file, do not, CRLF line ends, blank lines, a byte-order
/// mark, a missing final newline. Many of them do not run: formatting must keep the error as it
/// keeps a script that runs.
public enum GeneratedLayout {
    /// The script made from `seed`: the same seed, the same script.
    public static func script(seed: UInt64) -> String {
        var random = SeededRandom(seed: seed)
        func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(truncatingIfNeeded: random.next() % UInt64(truncatingIfNeeded: range.count))
        }
        func pick(_ list: [String]) -> String { list[int(0...(list.count - 1))] }
        func gap() -> String { pick([" ", " ", " ", "  ", "\t", " \t ", "   "]) }
        func number() -> String {
            pick(["1", "2", "10", "0.5", "3deg", "-5", "x", "(x)", "x+1", "x + 1", "x -1", "x- 1", "-x", "max(1,2)", "max(1, x)"])
        }
        // Most of them run: x, f and a path are there before the rest.
        var lines = ["let" + gap() + "x" + gap() + "=" + gap() + "2", "def f(a,\(gap())b) {" + gap() + "line a b }", "move" + gap() + "0 0"]
        var open = 0
        let statements = int(4...14)
        for _ in 0..<statements {
            var words: [String]
            switch int(0...15) {
            case 0: words = ["move", number(), number()]
            case 1: words = ["line", number(), number()]
            case 2: words = ["curve", number(), number(), number(), number(), number(), number()]
            case 3: words = ["circle", number(), number(), pick(["3", "x", "2 * x"])]
            case 4: words = ["let", "x", "=", number()]
            case 5: words = ["x", "=", number(), pick(["+", "-", "*"]), number()]
            case 6:
                words = [
                    "print", pick(["\"a  b\"", "\"#  not a comment\"", "\"quote \\\" and  \\\\\"", "x"]), pick([",", "", "", "", ""]), number(),
                ]
            case 7:
                words = ["repeat", pick(["2", "x", "1"]), "{"]
                open += 1
            case 8:
                words = ["for", "i", "in", "0..<" + pick(["2", "3"]), "{"]
                open += 1
            case 9:
                words = ["if", number(), pick([">", "<", "=="]), number(), "{"]
                open += 1
            case 10:
                guard open > 0 else { words = ["length"]; break }
                words = int(0...2) == 0 ? ["}", "else", "{"] : ["}"]
                if words.count == 1 { open -= 1 }
            case 11: words = ["def", "g(a,", "b)", "{", "line", "a", "b", "}"]
            case 12: words = ["f", number(), number()]
            case 13: words = ["let", "l", "=", "[1,", pick(["2,\n", "2, "]) + "3]"]
            case 14: words = [pick(["points", "length", "bounds", "elements", "undo"])]
            default: words = ["# a comment", pick(["\\", "  spaced", "{", "}", "", ""])]
            }
            var line = String(repeating: pick(["", " ", "\t", "    ", "  "]), count: int(0...2))
            line += words.filter { !$0.isEmpty }.joined(separator: gap())
            switch int(0...39) {
            case 0...3: line += gap() + "# trailing" + gap() + "comment"
            case 4: line += " \\"  // continues on the next line
            case 5: line += " \\ "  // a backslash with a space after it continues nothing
            case 6...9: line += gap()
            default: break
            }
            lines.append(line)
            if int(0...5) == 0 { lines.append(pick(["", "  ", "\t"])) }
        }
        let closeAll = int(0...7) != 0
        while open > 0, closeAll || int(0...1) == 0 {
            lines.append(pick(["}", "  }", "\t}"]))
            open -= 1
        }
        var text = (int(0...9) == 0 ? "\u{FEFF}" : "") + lines.joined(separator: int(0...4) == 0 ? "\r\n" : "\n")
        switch int(0...9) {
        case 0: break  // no final newline
        case 1: text += " \\"  // ends in a backslash
        case 2: text += "\n\n\n"
        default: text += "\n"
        }
        return text
    }
}
