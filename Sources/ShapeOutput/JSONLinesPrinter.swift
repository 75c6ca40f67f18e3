import ShapeGeometry
import ShapeLanguage

/// Formats reports as one JSON object per line with the keys of SPEC §7, numbers at full
/// precision (shortest round-trip).
public struct JSONLinesPrinter {
    public init() {}

    /// The string as a JSON literal: quotes, backslashes and control characters escaped.
    public static func string(_ s: String) -> String {
        // Most strings need no escape: copied whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + s + "\"" }
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// A value of the language as JSON: records as objects, lists as arrays, a path as
    /// `{"elements", "length", "svg"}`.
    static func json(_ v: Value) -> JSON {
        switch v {
        case .number(let x): .number(x)
        case .string(let s): .string(s)
        case .record(let r): .object(zip(r.names, r.values).map { ($0, json($1)) })
        case .list(let items): .array(items.map(json))
        case .path(let p): .object([("elements", .integer(p.elements.count)), ("length", .number(p.length)), ("svg", .string(PathExport.svg(p)))])
        }
    }

    /// `string(s)` appended to `out`: copied whole when nothing needs escaping.
    public static func string<Sink: TextSink>(_ s: String, into out: inout Sink) {
        if s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return out.write(string(s)) }
        out.write("\"")
        out.write(s)
        out.write("\"")
    }

    /// The JSON object for one report: `"cmd"`, `"line"`, then the fields of its wording.
    public func format(_ r: Report) -> String? {
        var out = ""
        write(r, into: &out)
        return out
    }

    /// `format(r)` appended to `out`. Into bytes (what `shape --json` prints with), no string is
    /// made for each number, name and field.
    public func write<Sink: TextSink>(_ r: Report, into out: inout Sink) {
        out.write(#"{"cmd": "#)
        JSONLinesPrinter.string(r.command, into: &out)
        out.write(#", "line": "#)
        out.write(String(r.line))
        for field in r.wording(.fields).fields {
            out.write(", ")
            JSONLinesPrinter.string(field.name, into: &out)
            out.write(": ")
            write(field.json, into: &out)
        }
        out.write("}")
    }

    func render(_ json: JSON) -> String {
        var out = ""
        write(json, into: &out)
        return out
    }

    /// The JSON value as compact text (no spaces after "," and ":"): what the workbench's page,
    /// the playground and the language server are sent. The one writer of JSON in the project,
    /// with the reports' (`write`).
    public static func compact(_ json: JSON) -> String {
        var out = ""
        JSONLinesPrinter().write(json, into: &out, compact: true)
        return out
    }

    /// `render(json)` appended to `out`; `compact` leaves out the spaces after "," and ":".
    func write<Sink: TextSink>(_ json: JSON, into out: inout Sink, compact: Bool = false) {
        let comma = compact ? "," : ", ", colon = compact ? ":" : ": "
        func separated(_ count: Int, _ open: String, _ close: String, _ item: (Int, inout Sink) -> Void) {
            out.write(open)
            for k in 0..<count {
                if k > 0 { out.write(comma) }
                item(k, &out)
            }
            out.write(close)
        }
        switch json {
        case .number(let x): NumberFormat.json(x, into: &out)
        case .integer(let i): out.write(String(i))
        case .unsigned(let u): out.write(String(u))
        case .bool(let b): out.write(b ? "true" : "false")
        case .string(let s): JSONLinesPrinter.string(s, into: &out)
        case .null: out.write("null")
        case .pair(let p):
            out.write("[")
            NumberFormat.json(p.x, into: &out)
            out.write(comma)
            NumberFormat.json(p.y, into: &out)
            out.write("]")
        case .array(let items): separated(items.count, "[", "]") { k, out in write(items[k], into: &out, compact: compact) }
        case .each(let count, let item): separated(count, "[", "]") { k, out in write(item(k), into: &out, compact: compact) }
        case .object(let fields):
            separated(fields.count, "{", "}") { k, out in
                JSONLinesPrinter.string(fields[k].name, into: &out)
                out.write(colon)
                write(fields[k].json, into: &out, compact: compact)
            }
        case .value(let v): write(JSONLinesPrinter.json(v), into: &out, compact: compact)
        case .text(let lines, let precision): JSONLinesPrinter.string(TextPrinter(precision: precision).render(lines), into: &out)
        case .document(.plot(let path, let handle, let ascii, let controls)):
            JSONLinesPrinter.string(TerminalPlot(width: 72, ascii: ascii).render(path, handle: handle, controls: controls), into: &out)
        case .document(.export(let request)): JSONLinesPrinter.string(PathExport.render(request), into: &out)
        case .document(.help(let topic)): JSONLinesPrinter.string(HelpRenderer.render(topic), into: &out)
        }
    }

    /// The JSON object for an error.
    public func format(_ d: Diagnostic, command: String) -> String {
        let (line, column) = d.location
        var message = d.message.text
        if let s = d.suggestion { message += "; " + s }
        return render(
            .object([
                ("cmd", .string(command)), ("line", .integer(line)),
                (
                    "error",
                    .object([
                        ("message", .string(message)), ("id", .string(d.message.id)), ("file", .string(d.source.name)), ("line", .integer(line)),
                        ("column", .integer(column)),
                    ])
                ),
            ]))
    }
}
