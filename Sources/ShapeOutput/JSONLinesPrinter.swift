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

    func n(_ x: Double) -> String { NumberFormat.json(x) }
    /// Records as objects, lists as arrays, a path as `{"elements", "length", "svg"}`.
    func value(_ v: Value) -> String {
        switch v {
        case .number(let x): n(x)
        case .string(let s): JSONLinesPrinter.string(s)
        case .record(let r):
            "{" + zip(r.names, r.values).map { "\(JSONLinesPrinter.string($0)): \(value($1))" }.joined(separator: ", ") + "}"
        case .list(let items): "[" + items.map(value).joined(separator: ", ") + "]"
        case .path(let p):
            "{\"elements\": \(p.elements.count), \"length\": \(n(p.length)), \"svg\": \(JSONLinesPrinter.string(PathExport.svg(p)))}"
        }
    }

    /// The JSON object for one report: `"cmd"`, `"line"`, then the fields of its wording.
    public func format(_ r: Report) -> String? {
        var out = "{\"cmd\": " + JSONLinesPrinter.string(r.command) + ", \"line\": " + String(r.line)
        for field in r.wording(.fields).fields { out += ", " + JSONLinesPrinter.string(field.name) + ": " + render(field.json) }
        return out + "}"
    }

    func render(_ json: JSON) -> String {
        switch json {
        case .number(let x): n(x)
        case .integer(let i): String(i)
        case .unsigned(let u): String(u)
        case .bool(let b): b ? "true" : "false"
        case .string(let s): JSONLinesPrinter.string(s)
        case .null: "null"
        case .pair(let p): "[" + n(p.x) + ", " + n(p.y) + "]"
        case .array(let items): "[" + items.map(render).joined(separator: ", ") + "]"
        case .each(let count, let item): "[" + (0..<count).map { render(item($0)) }.joined(separator: ", ") + "]"
        case .object(let fields): "{" + fields.map { JSONLinesPrinter.string($0.name) + ": " + render($0.json) }.joined(separator: ", ") + "}"
        case .value(let v): value(v)
        case .text(let lines, let precision): JSONLinesPrinter.string(TextPrinter(precision: precision).render(lines))
        case .document(.plot(let path, let handle, let ascii, let controls)):
            JSONLinesPrinter.string(TerminalPlot(width: 72, ascii: ascii).render(path, handle: handle, controls: controls))
        case .document(.export(let request)): JSONLinesPrinter.string(PathExport.render(request))
        case .document(.help(let topic)): JSONLinesPrinter.string(HelpRenderer.render(topic))
        }
    }

    /// The JSON object for an error.
    public func format(_ d: Diagnostic, command: String) -> String {
        let (line, column) = d.location
        var message = d.message.text
        if let s = d.suggestion { message += "; " + s }
        return
            "{\"cmd\": \(JSONLinesPrinter.string(command)), \"line\": \(line), \"error\": {\"message\": \(JSONLinesPrinter.string(message)), \"id\": \(JSONLinesPrinter.string(d.message.id)), \"file\": \(JSONLinesPrinter.string(d.source.name)), \"line\": \(line), \"column\": \(column)}}"
    }
}
