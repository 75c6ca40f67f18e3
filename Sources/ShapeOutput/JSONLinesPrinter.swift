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

    /// `string(s)` appended to bytes: copied whole when nothing needs escaping.
    public static func string(_ s: String, into out: inout [UInt8]) {
        if s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return out.append(contentsOf: string(s).utf8) }
        out.append(0x22)
        out.append(contentsOf: s.utf8)
        out.append(0x22)
    }

    /// `format(r)` appended to `out`: the same text, with no string made for each number, name and
    /// field (what `shape --json` prints with).
    public func write(_ r: Report, into out: inout [UInt8]) {
        out.append(contentsOf: #"{"cmd": "#.utf8)
        JSONLinesPrinter.string(r.command, into: &out)
        out.append(contentsOf: #", "line": "#.utf8)
        out.append(contentsOf: String(r.line).utf8)
        for field in r.wording(.fields).fields {
            out.append(0x2C)
            out.append(0x20)
            JSONLinesPrinter.string(field.name, into: &out)
            out.append(0x3A)
            out.append(0x20)
            write(field.json, into: &out)
        }
        out.append(0x7D)
    }

    /// `render(json)` appended to `out`.
    func write(_ json: JSON, into out: inout [UInt8]) {
        func separated(_ count: Int, _ open: UInt8, _ close: UInt8, _ item: (Int, inout [UInt8]) -> Void) {
            out.append(open)
            for k in 0..<count {
                if k > 0 {
                    out.append(0x2C)
                    out.append(0x20)
                }
                item(k, &out)
            }
            out.append(close)
        }
        switch json {
        case .number(let x): NumberFormat.json(x, into: &out)
        case .integer(let i): out.append(contentsOf: String(i).utf8)
        case .unsigned(let u): out.append(contentsOf: String(u).utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .string(let s): JSONLinesPrinter.string(s, into: &out)
        case .null: out.append(contentsOf: "null".utf8)
        case .pair(let p):
            out.append(0x5B)
            NumberFormat.json(p.x, into: &out)
            out.append(0x2C)
            out.append(0x20)
            NumberFormat.json(p.y, into: &out)
            out.append(0x5D)
        case .array(let items): separated(items.count, 0x5B, 0x5D) { k, out in write(items[k], into: &out) }
        case .each(let count, let item): separated(count, 0x5B, 0x5D) { k, out in write(item(k), into: &out) }
        case .object(let fields):
            separated(fields.count, 0x7B, 0x7D) { k, out in
                JSONLinesPrinter.string(fields[k].name, into: &out)
                out.append(0x3A)
                out.append(0x20)
                write(fields[k].json, into: &out)
            }
        default: out.append(contentsOf: render(json).utf8)
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
