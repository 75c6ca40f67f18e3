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
