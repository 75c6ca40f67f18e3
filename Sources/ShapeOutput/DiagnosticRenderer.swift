import ShapeLanguage

/// Renders a diagnostic as `file:line:column: error: message`, then the source line and a caret
/// under the culprit (columns count characters; tabs in the line are kept in the caret's indent
/// so that it lines up), then a suggestion and a note where there are any.
public enum DiagnosticRenderer {
    public static func render(_ d: Diagnostic) -> String {
        var lines = [header(d.source, d.range, "error", d.message.text)]
        lines += excerpt(d.source, d.range)
        if let s = d.suggestion { lines.append("help: \(s)") }
        if let note = d.note {
            lines.append(header(d.source, note.range, "note", note.text))
            lines += excerpt(d.source, note.range)
        }
        return lines.joined(separator: "\n")
    }

    static func header(_ source: Source, _ range: SourceRange, _ level: String, _ text: String) -> String {
        let (line, column) = source.location(of: range.start)
        return "\(source.name):\(line):\(column): \(level): \(text)"
    }

    static func excerpt(_ source: Source, _ range: SourceRange) -> [String] {
        let text = source.lineText(containing: range.start)
        let (_, column) = source.location(of: range.start)
        let chars = Array(text)
        var indent = ""
        for i in 0..<Swift.max(0, Swift.min(column - 1, chars.count)) { indent.append(chars[i] == "\t" ? "\t" : " ") }
        let available = Swift.max(1, chars.count - (column - 1))
        let width = Swift.max(1, Swift.min(range.end - range.start, available))
        return ["    " + text, "    " + indent + "^" + String(repeating: "~", count: width - 1)]
    }
}
