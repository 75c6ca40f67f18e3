import ShapeLanguage

/// `help` text, from the command table and the list of built-in names alone.
public enum HelpRenderer {
    /// The text for a topic, lines no wider than `width` where the words allow.
    public static func render(_ topic: HelpTopic, width: Int = 100) -> String {
        switch topic {
        case .all: return overview(width: width)
        case .command(let spec): return entry(spec, width: width)
        case .function(let f): return (["usage: \(f.usage)"] + fill(f.summary, first: "  ", rest: "  ", width: width)).joined(separator: "\n")
        case .value(let v): return "\(v.rawValue): \(v.summary) (read-only)"
        case .procedure(let p):
            return "usage: \(p.name) \(p.parameters.joined(separator: " "))\n  a procedure defined at \(p.file):\(p.line): def \(p.signature)"
        }
    }

    /// Every name `help` knows, for a page's help panel and hover: `[{"name", "kind", "group",
    /// "usage", "summary", "help"}]`, the commands and the language's statements by group as
    /// `help` lists them, then the functions and the values; `help` is `help name`'s text.
    public static func index(width: Int = 60) -> JSON {
        var rows: [JSON] = []
        func row(_ name: String, _ kind: String, _ group: String, _ usage: String, _ summary: String, _ topic: HelpTopic) {
            rows.append(
                .object([
                    ("name", .string(name)), ("kind", .string(kind)), ("group", .string(group)), ("usage", .string(usage)),
                    ("summary", .string(summary)), ("help", .string(render(topic, width: width))),
                ]))
        }
        for group in CommandGroup.allCases {
            for s in CommandTable.all where s.group == group {
                row(s.name, group == .language ? "statement" : "command", group.rawValue, s.usage, s.summary, .command(s))
            }
        }
        for f in Builtins.functions { row(f.name, "function", "Functions", f.usage, f.summary, .function(f)) }
        for v in Builtins.Value.allCases { row(v.rawValue, "value", "Values", v.rawValue, v.summary, .value(v)) }
        return .array(rows)
    }

    static func overview(width: Int) -> String {
        var lines: [String] = []
        for group in CommandGroup.allCases {
            let rows = CommandTable.all.filter { $0.group == group }
            guard !rows.isEmpty else { continue }
            lines.append("\(group.rawValue):")
            // Summaries in a column beside the usages, wrapped at the width; a usage too long
            // for the column stands on its own line, its summary under it in the column.
            let column = rows.map({ $0.usage.count }).filter { $0 <= width / 3 }.max() ?? 0
            let indent = String(repeating: " ", count: column + 4)
            for s in rows {
                if s.usage.count <= column {
                    let pad = String(repeating: " ", count: column - s.usage.count)
                    lines += fill(s.summary, first: "  " + s.usage + pad + "  ", rest: indent, width: width)
                } else {
                    lines += fill(s.usage, first: "  ", rest: "      ", width: width)
                    lines += fill(s.summary, first: indent, rest: indent, width: width)
                }
            }
        }
        lines += wrapped("Functions:", Builtins.functions.map({ $0.usage }), width: width)
        lines += wrapped("Values:", Builtins.Value.allCases.map({ $0.rawValue }), width: width)
        lines += fill("Type 'help <name>' for an example. Angles are radians; 45deg is degrees.", first: "", rest: "", width: width)
        return lines.joined(separator: "\n")
    }

    /// `title` and then the words, filled into lines of at most `width` columns.
    static func wrapped(_ title: String, _ words: [String], width: Int) -> [String] {
        [title] + fill(words: words, first: "  ", rest: "  ", width: width)
    }

    /// `text` filled into lines of at most `width` columns (a word longer than a line stands
    /// alone), the first line starting with `first`, the others with `rest`.
    static func fill(_ text: String, first: String, rest: String, width: Int) -> [String] {
        fill(words: text.split(separator: " ").map(String.init), first: first, rest: rest, width: width)
    }

    /// `words` filled into lines as `fill` does, each kept whole.
    static func fill(words: [String], first: String, rest: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = first, empty = true
        for word in words {
            if !empty, line.count + 1 + word.count > width {
                lines.append(line)
                line = rest
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(line)
        return lines
    }

    /// One command's help: its usage, its summary and its options' filled to the width (an
    /// option's further lines indented under its summary), and its example.
    static func entry(_ s: CommandSpec, width: Int) -> String {
        var lines = ["usage: \(s.usage)"] + fill(s.summary, first: "  ", rest: "  ", width: width)
        for k in s.keywords { lines += fill(k.summary, first: "  \(k.name): ", rest: "    ", width: width) }
        lines.append("example: \(s.example)")
        return lines.joined(separator: "\n")
    }
}
