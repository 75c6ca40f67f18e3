import ShapeLanguage

/// `help` text, from the command table alone.
public enum HelpRenderer {
    public static func render(_ specs: [CommandSpec]) -> String {
        if specs.count == 1 { return entry(specs[0]) }
        var lines: [String] = []
        for group in CommandGroup.allCases {
            let rows = specs.filter { $0.group == group }
            guard !rows.isEmpty else { continue }
            lines.append("\(group.rawValue):")
            let width = rows.map { $0.usage.count }.max() ?? 0
            for s in rows {
                lines.append("  " + s.usage + String(repeating: " ", count: width - s.usage.count) + "  " + s.summary)
            }
        }
        lines.append("Type 'help <command>' for an example. Angles are radians; 45deg is degrees.")
        return lines.joined(separator: "\n")
    }

    static func entry(_ s: CommandSpec) -> String {
        var lines = ["usage: \(s.usage)", "  \(s.summary)"]
        for k in s.keywords { lines.append("  \(k.name): \(k.summary)") }
        lines.append("example: \(s.example)")
        return lines.joined(separator: "\n")
    }
}
