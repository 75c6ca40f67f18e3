import ShapeLanguage

/// Renders a diagnostic as `file:line:column: error: message`, then the source line and a caret
/// under the culprit (columns count characters; tabs in the line are kept in the caret's indent
/// so that it lines up), then a suggestion and a note where there are any, and for an error in a
/// procedure or an included file each place that called or included it.
public enum DiagnosticRenderer {
    public static func render(_ d: Diagnostic) -> String {
        var lines = [header(d.source, d.range, "error", d.message.text)]
        lines += excerpt(d.source, d.range)
        if let s = d.suggestion { lines.append("help: \(s)") }
        if let note = d.note {
            lines.append(header(d.source, note.range, "note", note.text))
            lines += excerpt(d.source, note.range)
        }
        // Deep recursion: the innermost callers and the top-level statement, the rest counted.
        let shown =
            d.callers.count <= maximumCallers
            ? Array(d.callers.indices)
            : Array(0..<(maximumCallers - 1)) + [d.callers.count - 1]
        for (k, i) in shown.enumerated() {
            if k > 0, i != shown[k - 1] + 1 { lines.append("note: ... \(i - shown[k - 1] - 1) more calls ...") }
            let caller = d.callers[i]
            lines.append(header(caller.source, caller.range, "note", caller.kind.rawValue))
            lines += excerpt(caller.source, caller.range)
        }
        return lines.joined(separator: "\n")
    }

    /// The most callers shown under an error.
    static let maximumCallers = 6

    static func header(_ source: Source, _ range: SourceRange, _ level: String, _ text: String) -> String {
        let (line, column) = source.location(of: range.start)
        // Names and strings quoted in a message may hold control characters too.
        return "\(source.name):\(line):\(column): \(level): " + String(text.map(visible))
    }

    static func excerpt(_ source: Source, _ range: SourceRange) -> [String] {
        let text = source.lineText(containing: range.start)
        let (_, column) = source.location(of: range.start)
        var chars = Array(text).map(visible)
        var start = Swift.max(0, Swift.min(column - 1, chars.count))
        var width = Swift.max(1, Swift.min(source.characterCount(range.start..<range.end), Swift.max(1, chars.count - start)))
        // A long line is shown as a window around the culprit, so a 5 MB line prints a few
        // hundred characters, not 10 MB.
        if chars.count > maximumLine {
            let from = Swift.max(0, start - maximumLine / 2)
            let to = Swift.min(chars.count, Swift.max(start + Swift.min(width, maximumLine / 2), from + maximumLine))
            let head: [Character] = from > 0 ? ["…"] : [], tail: [Character] = to < chars.count ? ["…"] : []
            chars = head + chars[from..<to] + tail
            start = start - from + head.count
            width = Swift.min(width, to - (start - head.count + from))
        }
        var indent = ""
        for i in 0..<start { indent += chars[i] == "\t" ? "\t" : String(repeating: " ", count: cells(chars[i])) }
        // The caret spans the culprit's cells: a CJK character or an emoji takes two.
        let span = chars[start..<Swift.min(chars.count, start + Swift.max(1, width))].reduce(0) { $0 + cells($1) }
        return ["    " + String(chars), "    " + indent + "^" + String(repeating: "~", count: Swift.max(1, span) - 1)]
    }

    /// How many terminal cells a character takes: two for the wide characters of East Asian
    /// scripts and for emoji shown as pictures, one otherwise. (Columns in the header still count
    /// characters; this only keeps the caret under the culprit.)
    static func cells(_ c: Character) -> Int {
        guard let scalar = c.unicodeScalars.first else { return 1 }
        if UnicodeProperties.isEmojiPresentation(scalar) { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    /// The longest stretch of a source line shown under an error.
    static let maximumLine = 160

    /// A control character as its Unicode picture (ESC as ␛), one column wide, so that a source
    /// line cannot drive the terminal and the caret stays in place; a tab stays a tab.
    static func visible(_ c: Character) -> Character {
        guard c != "\t", let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1 else { return c }
        if scalar.value < 0x20 { return Character(UnicodeScalar(0x2400 + scalar.value)!) }
        if scalar.value == 0x7F { return "␡" }
        return c
    }
}
