import ShapeLanguage

/// `help` text, from the command table and the list of built-in names alone.
public enum HelpRenderer {
    /// The text for a topic, lines no wider than `width` where the words allow.
    public static func render(_ topic: HelpTopic, width: Int = 100) -> String {
        switch topic {
        case .all: return overview(width: width)
        case .command(let spec): return entry(spec)
        case .function(let f): return "usage: \(f.usage)\n  \(f.summary)"
        case .value(let v): return "\(v.rawValue): \(v.summary) (read-only)"
        }
    }

    static func overview(width: Int) -> String {
        var lines: [String] = []
        for group in CommandGroup.allCases {
            let rows = CommandTable.all.filter { $0.group == group }
            guard !rows.isEmpty else { continue }
            lines.append("\(group.rawValue):")
            let column = rows.map { $0.usage.count }.max() ?? 0
            for s in rows {
                lines.append("  " + s.usage + String(repeating: " ", count: column - s.usage.count) + "  " + s.summary)
            }
        }
        lines += wrapped("Functions:", Builtins.functions.map(\.usage), width: width)
        lines += wrapped("Values:", Builtins.Value.allCases.map(\.rawValue), width: width)
        lines.append("Type 'help <name>' for an example. Angles are radians; 45deg is degrees.")
        return lines.joined(separator: "\n")
    }

    /// `title` and then the words, filled into lines of at most `width` columns.
    static func wrapped(_ title: String, _ words: [String], width: Int) -> [String] {
        var lines = [title]
        var line = " "
        for w in words {
            if line.count + 1 + w.count > width, line.count > 1 { lines.append(line); line = " " }
            line += " " + w
        }
        lines.append(line)
        return lines
    }

    static func entry(_ s: CommandSpec) -> String {
        var lines = ["usage: \(s.usage)", "  \(s.summary)"]
        for k in s.keywords { lines.append("  \(k.name): \(k.summary)") }
        lines.append("example: \(s.example)")
        return lines.joined(separator: "\n")
    }
}
