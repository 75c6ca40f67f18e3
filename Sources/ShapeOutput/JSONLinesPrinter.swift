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
    func pair(_ p: Point) -> String { "[\(n(p.x)), \(n(p.y))]" }
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

    /// The JSON object for one report, or `nil` for reports that say nothing.
    public func format(_ r: Report) -> String? {
        var fields = ["\"cmd\": \(JSONLinesPrinter.string(r.command))", "\"line\": \(r.line)"]
        switch r.kind {
        case .path(let to, let segment, let length):
            fields += ["\"to\": \(pair(to))", "\"segment\": \(n(segment))", "\"length\": \(n(length))"]
        case .cleared: fields.append("\"length\": 0")
        case .transformed(let b?): fields.append("\"bounds\": [\(n(b.minX)), \(n(b.minY)), \(n(b.maxX)), \(n(b.maxY))]")
        case .transformed(nil): fields.append("\"bounds\": null")
        case .sticky(let radius, let distance, let broken, let length):
            fields += ["\"radius\": \(n(radius))", "\"distance\": \(n(distance))", "\"broken\": \(broken)", "\"length\": \(n(length))"]
        case .wander(let arcs, let to, let segment, let length, let seed):
            fields += ["\"arcs\": \(arcs)", "\"to\": \(pair(to))", "\"segment\": \(n(segment))", "\"length\": \(n(length))", "\"seed\": \(seed)"]
        case .dash(let count): fields.append("\"count\": \(count)")
        case .points(let list):
            fields.append("\"count\": \(list.count)")
            fields.append("\"points\": [" + list.map(pair).joined(separator: ", ") + "]")
        case .handle(let i, let q), .handleQuery(let i, let q):
            if let q {
                fields.append("\"handle\": {\"index\": \(i), \"x\": \(n(q.x)), \"y\": \(n(q.y))}")
            } else {
                fields.append("\"handle\": {\"index\": \(i), \"x\": null, \"y\": null}")
            }
        case .value(let name, let v, _):
            if let name { fields.append("\"name\": \(JSONLinesPrinter.string(name))") }
            fields.append("\"value\": \(value(v))")
        case .printed(let values):
            fields.append("\"values\": [" + values.map(value).joined(separator: ", ") + "]")
            fields.append("\"text\": \(JSONLinesPrinter.string(TextPrinter(precision: 17).format(r) ?? ""))")
        case .length(let l): fields.append("\"length\": \(n(l))")
        case .bounds(let b?): fields.append("\"bounds\": [\(n(b.minX)), \(n(b.minY)), \(n(b.maxX)), \(n(b.maxY))]")
        case .bounds(nil): fields.append("\"bounds\": null")
        case .contains(let c): fields.append("\"contains\": \(c)")
        case .nearest(let q, let d, let s):
            fields.append("\"nearest\": {\"x\": \(n(q.x)), \"y\": \(n(q.y)), \"distance\": \(n(d)), \"at\": \(n(s))}")
        case .at(let q, let a): fields += ["\"x\": \(n(q.x))", "\"y\": \(n(q.y))", "\"angle\": \(n(a))"]
        case .elements(let list):
            // What `elements()` returns: records with the element's full geometry.
            fields.append("\"elements\": [" + list.map { value($0.value) }.joined(separator: ", ") + "]")
        case .parameterPoint(let q):
            if case .record(let r) = q.value {
                fields += ["\"element\": \(q.element)", "\"t\": \(n(q.t))"] + zip(r.names, r.values).map { "\"\($0)\": \(value($1))" }
            }
        case .located(let i, let t): fields += ["\"element\": \(i)", "\"t\": \(n(t))"]
        case .inflections(let i, let list):
            fields.append("\"element\": \(i)")
            fields.append(
                "\"inflections\": [" + list.map { "{\"t\": \(n($0.t)), \"x\": \(n($0.point.x)), \"y\": \(n($0.point.y))}" }.joined(separator: ", ")
                    + "]")
        case .yForX(let i, let x, let list):
            fields += ["\"element\": \(i)", "\"x\": \(n(x))"]
            fields.append(
                "\"points\": [" + list.map { "{\"t\": \(n($0.t)), \"x\": \(n($0.point.x)), \"y\": \(n($0.point.y))}" }.joined(separator: ", ") + "]")
        case .components(let i, let xs, let ys):
            fields += [
                "\"element\": \(i)", "\"x\": [" + xs.map(n).joined(separator: ", ") + "]", "\"y\": [" + ys.map(n).joined(separator: ", ") + "]",
            ]
        case .continuity(let list):
            fields.append(
                "\"joints\": ["
                    + list.map {
                        "{\"from\": \($0.from), \"to\": \($0.to), \"c1\": \($0.c1), \"g1\": \($0.g1), \"turn\": \(n($0.turn * 180 / Double.pi))}"
                    }
                    .joined(separator: ", ") + "]")
        case .abc(let i, let t, let x):
            func point(_ p: Point) -> String { "{\"x\": \(n(p.x)), \"y\": \(n(p.y))}" }
            fields += [
                "\"element\": \(i)", "\"t\": \(n(t))", "\"a\": \(point(x.a))", "\"b\": \(point(x.b))", "\"c\": \(point(x.c))", "\"u\": \(n(x.u))",
                "\"ratio\": \(n(x.ratio))",
            ]
        case .answer(.record(let record)): fields += zip(record.names, record.values).map { "\"\($0)\": \(value($1))" }
        case .answer(let v): fields.append("\"value\": \(value(v))")
        case .facts(let i, _, let record):
            fields.append("\"element\": \(i)")
            fields += zip(record.names, record.values).map { "\"\($0)\": \(value($1))" }
        case .molded(let i, let t, let q): fields += ["\"element\": \(i)", "\"t\": \(n(t))", "\"point\": \(pair(q))"]
        case .fitted(let kind, let count, let error, let to, let length):
            fields += [
                "\"kind\": \(JSONLinesPrinter.string(kind))", "\"points\": \(count)", "\"error\": \(n(error))", "\"to\": \(pair(to))",
                "\"length\": \(n(length))",
            ]
        case .lengthTable(let i, let chords, let approximate, let exact):
            fields += ["\"element\": \(i)", "\"chords\": \(chords)", "\"approximate\": \(n(approximate))", "\"exact\": \(n(exact))"]
        case .pointList(let i, let list):
            fields.append("\"element\": \(i)")
            fields.append("\"points\": [" + list.map { "{\"x\": \(n($0.x)), \"y\": \(n($0.y))}" }.joined(separator: ", ") + "]")
        case .outline(let subpaths, let elements, let length, let error):
            fields += ["\"subpaths\": \(subpaths)", "\"elements\": \(elements)", "\"length\": \(n(length))"]
            if let error { fields.append("\"error\": \(n(error))") }
        case .cubics(let i, let count, let moved, _):
            fields += ["\"element\": \(i)", "\"count\": \(count)", "\"error\": \(n(moved))"]
        case .degree(let i, let kind, let moved, let method, let applied):
            fields += ["\"element\": \(i)", "\"kind\": \(JSONLinesPrinter.string(kind))"]
            if let moved { fields.append("\"error\": \(n(moved))") }
            if let method { fields.append("\"method\": \(JSONLinesPrinter.string(method))") }
            if !applied { fields.append("\"applied\": false") }
        case .intersections(let list):
            fields.append("\"count\": \(list.count)")
            fields.append(
                "\"intersections\": ["
                    + list.map { m in
                        "{\"x\": \(n(m.point.x)), \"y\": \(n(m.point.y)), \"at\": \(n(m.at)), \"other\": \(n(m.other))"
                            + (m.overlap.map { ", \"overlap\": \(n($0))" } ?? "") + "}"
                    }.joined(separator: ", ") + "]")
        case .undone(let command, let line):
            fields.append("\"undone\": {\"cmd\": \(JSONLinesPrinter.string(command)), \"line\": \(line)}")
        case .precision(let d): fields.append("\"precision\": \(d)")
        case .figureMode(let keep, let marks): fields += ["\"keep\": \(keep)", "\"marks\": \(marks)"]
        case .defined(let name): fields.append("\"name\": \(JSONLinesPrinter.string(name))")
        case .names(let variables, let procedures):
            let vs = variables.map { "{\"name\": \(JSONLinesPrinter.string($0.name)), \"value\": \(value($0.value))}" }
            let ps = procedures.map {
                "{\"name\": \(JSONLinesPrinter.string($0.name)), \"parameters\": ["
                    + $0.parameters.map(JSONLinesPrinter.string).joined(separator: ", ")
                    + "], \"file\": \(JSONLinesPrinter.string($0.file)), \"line\": \($0.line)}"
            }
            fields += ["\"variables\": [" + vs.joined(separator: ", ") + "]", "\"procedures\": [" + ps.joined(separator: ", ") + "]"]
        case .help(let topic): fields.append("\"text\": \(JSONLinesPrinter.string(HelpRenderer.render(topic)))")
        case .saved(let file, let note):
            fields.append("\"file\": \(JSONLinesPrinter.string(file))")
            if let note { fields.append("\"note\": \(JSONLinesPrinter.string(note))") }
        case .casteljau(let i, let kind, let t, let levels):
            fields += [
                "\"element\": \(i)", "\"kind\": \"\(kind)\"", "\"t\": \(n(t))",
                "\"levels\": [" + levels.map { "[" + $0.map(pair).joined(separator: ", ") + "]" }.joined(separator: ", ") + "]",
                "\"point\": \(pair(levels.last![0]))",
            ]
        case .split(let i, let count): fields += ["\"element\": \(i)", "\"count\": \(count)"]
        case .direction(let q, let v): fields += ["\"x\": \(n(q.x))", "\"y\": \(n(q.y))", "\"direction\": [\(n(v.dx)), \(n(v.dy))]"]
        case .curvature(let q, let k, let radius):
            // At a cusp the curvature is unbounded: null, with "cusp": true and radius 0.
            fields += [
                "\"x\": \(n(q.x))", "\"y\": \(n(q.y))", "\"curvature\": \(k.map(n) ?? "null")", "\"radius\": \(radius.map(n) ?? "null")",
                "\"cusp\": \(k == nil)",
            ]
        case .extrema(let i, let xs, let ys):
            func list(_ e: [ExtremePoint]) -> String {
                "[" + e.map { "{\"t\": \(n($0.t)), \"point\": \(pair($0.point))}" }.joined(separator: ", ") + "]"
            }
            fields += ["\"element\": \(i)", "\"x\": \(list(xs))", "\"y\": \(list(ys))"]
        case .plot(let path, let handle, let ascii, let controls):
            fields.append(
                "\"text\": \(JSONLinesPrinter.string(TerminalPlot(width: 72, ascii: ascii).render(path, handle: handle, controls: controls)))")
        case .export(let request):
            fields.append("\"format\": \"\(request.format.rawValue)\"")
            if request.format == .swift { fields.append("\"target\": \"\(request.target.rawValue)\"") }
            fields.append("\"text\": \(JSONLinesPrinter.string(PathExport.render(request)))")
        }
        return "{" + fields.joined(separator: ", ") + "}"
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
