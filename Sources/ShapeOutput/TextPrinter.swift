import ShapeGeometry
import ShapeLanguage

/// Formats reports as the one-line text of SPEC §7 (some reports, such as `points`, add lines).
public struct TextPrinter {
    public var precision: Int
    /// Show only what queries and `print` ask for.
    public var quiet: Bool

    /// Columns and rows for `show`.
    public var columns: Int = 72
    public var rows: Int = 24
    /// Whether the terminal shows Unicode (braille); `show` falls back to ASCII when not.
    public var unicode: Bool = true

    public init(precision: Int = 4, quiet: Bool = false, columns: Int = 72, rows: Int = 24, unicode: Bool = true) {
        self.precision = precision; self.quiet = quiet; self.columns = columns; self.rows = rows; self.unicode = unicode
    }

    func n(_ x: Double) -> String { NumberFormat.text(x, precision: precision) }
    /// A length beside the path's: rounding noise of it (a closing line of 7e-15 after an arc)
    /// shows as 0 (`NumberFormat.text(_:beside:precision:)`).
    func n(_ x: Double, beside whole: Double) -> String { NumberFormat.text(x, beside: whole, precision: precision) }
    /// A box's corners, "(minX, minY) to (maxX, maxY)", rounding noise beside the box's size as 0.
    func box(_ b: Rect) -> String {
        let size = Swift.max(Swift.abs(b.minX), Swift.abs(b.maxX), Swift.abs(b.minY), Swift.abs(b.maxY))
        func n(_ v: Double) -> String { self.n(v, beside: size) }
        return "(\(n(b.minX)), \(n(b.minY))) to (\(n(b.maxX)), \(n(b.maxY)))"
    }

    func p(_ q: Point) -> String {
        let (x, y) = NumberFormat.text(pair: q.x, q.y, precision: precision)
        return "(\(x), \(y))"
    }
    func value(_ v: Value) -> String { v.text(precision: precision) }

    /// The text for one report, or `nil` when nothing is shown.
    public func format(_ r: Report) -> String? {
        if quiet && !r.isRequested { return nil }
        switch r.kind {
        case .path(let to, let segment, let length):
            return "\(r.command): to \(p(to)), segment \(n(segment, beside: length)), length \(n(length))"
        case .cleared: return "\(r.command): the path is empty"
        case .transformed(let b?): return "\(r.command): bounds \(box(b))"
        case .transformed(nil): return "\(r.command): the path is empty"
        case .sticky(let radius, let distance, let broken, let length):
            return "\(r.command): fixed radius \(n(radius)), distance \(n(distance)), " + (broken ? "broken (until release)" : "joined")
                + ", length \(n(length))"
        case .wander(let arcs, let to, let segment, let length, let seed):
            return "\(r.command): \(arcs) arc\(arcs == 1 ? "" : "s") to \(p(to)), segment \(n(segment)), length \(n(length)), seed \(seed)"
        case .dash(let count): return "\(r.command): \(count) point\(count == 1 ? "" : "s")"
        case .points(let list):
            var lines = ["\(r.command): \(list.count)"]
            for (i, q) in list.enumerated() { lines.append("  \(i): \(p(q))") }
            return lines.joined(separator: "\n")
        case .handle(let i, let q):
            return "\(r.command): handle \(i)" + (q.map { " at \(p($0))" } ?? " (no track points)")
        case .handleQuery(let i, let q):
            return "handle: \(i)" + (q.map { " at \(p($0))" } ?? " (no track points)")
        case .value(let name?, let v, let declared):
            if case .string(let s) = v { return "\(declared ? "let " : "")\(name) = \"\(s)\"" }
            return "\(declared ? "let " : "")\(name) = \(value(v))"
        case .value(nil, let v, _): return value(v)
        case .printed(let values): return values.map(value).joined(separator: " ")
        case .length(let l): return "\(r.command): \(n(l))"
        case .bounds(let b?): return "\(r.command): \(box(b))"
        case .bounds(nil): return "\(r.command): the path is empty"
        case .contains(let c): return "\(r.command): \(c)"
        case .nearest(let q, let d, let s): return "\(r.command): \(p(q)), distance \(n(d)), at \(n(s))"
        case .at(let q, let a): return "\(r.command): \(p(q)), angle \(n(a, beside: .pi))"
        case .elements(let list):
            var lines = ["\(r.command): \(list.count)"]
            let total = list.reduce(0) { $0 + $1.length }
            // Each as the command that draws it, to paste back, and its length.
            for e in list { lines.append("  \(e.index): \(e.command(precision: precision))  # length \(n(e.length, beside: total))") }
            return lines.joined(separator: "\n")
        case .undone(let command, let line): return "\(r.command): reverted '\(command)' from line \(line)"
        case .precision(let d): return "\(r.command): \(d)"
        case .figureMode(let keep, let marks):
            return "\(r.command): " + (keep ? "figures accumulate" : "one figure at a time") + ", \(marks) mark\(marks == 1 ? "" : "s") now"
        case .defined(let name): return "\(r.command): \(name)"
        case .names(let variables, let procedures):
            if variables.isEmpty && procedures.isEmpty { return "\(r.command): nothing defined yet" }
            var lines: [String] = []
            for v in variables { lines.append("let \(v.name) = " + (v.value.isString ? "\"\(value(v.value))\"" : value(v.value))) }
            for p in procedures { lines.append("def \(p.signature)  # \(p.file):\(p.line)") }
            return lines.joined(separator: "\n")
        case .help(let topic): return HelpRenderer.render(topic, width: Swift.max(columns, 40))
        case .saved(let file, let note): return "\(r.command): wrote \(file)" + (note.map { " (\($0))" } ?? "")
        case .casteljau(let i, let kind, let t, let levels):
            var lines = ["\(r.command): element \(i) (\(kind)) at t = \(n(t))"]
            for (k, level) in levels.enumerated() {
                lines.append(k == levels.count - 1 ? "  point: \(p(level[0]))" : "  level \(k): " + level.map(p).joined(separator: " "))
            }
            return lines.joined(separator: "\n")
        case .split(let i, let count): return "\(r.command): element \(i) is now elements \(i) and \(i + 1) (\(count) elements)"
        case .direction(let q, let v): return "\(r.command): \(p(q)), direction \(p(Point(v.dx, v.dy))), angle \(n(v.angle + 0, beside: .pi))"
        case .curvature(let q, nil, _):
            return "\(r.command): \(p(q)), a cusp (the curve stops and turns: curvature unbounded, radius 0)"
        case .curvature(let q, let k?, let radius):
            return "\(r.command): \(p(q)), \(n(k))" + (radius.map { ", radius \(n($0))" } ?? " (straight)")
        case .parameterPoint(let q):
            let k = q.curvature.map { "curvature \(n($0))" } ?? "a cusp (curvature unbounded)"
            return "\(r.command): element \(q.element) at t \(n(q.t)): \(p(q.point)), d \(p(Point(q.first.dx, q.first.dy))), "
                + "dd \(p(Point(q.second.dx, q.second.dy))), \(k), at \(n(q.at))"
        case .located(let i, let t): return "\(r.command): element \(i), t \(n(t))"
        case .yForX(let i, let x, let list):
            return "\(r.command): element \(i) at x \(n(x)), "
                + (list.isEmpty
                    ? "none"
                    : list.map { "y \(NumberFormat.text(pair: $0.point.x, $0.point.y, precision: precision).1) (t \(n($0.t)))" }.joined(
                        separator: ", "))
        case .pointList(let i, let list):
            return "\(r.command): element \(i), " + list.map { p($0) }.joined(separator: ", ")
        case .components(let i, let xs, let ys):
            func polynomial(_ cs: [Double]) -> String {
                var terms: [String] = []
                for (k, c) in cs.enumerated() where c != 0 || cs.count == 1 {
                    let power = k == 0 ? "" : (k == 1 ? "t" : "t" + ["", "", "²", "³"][k])
                    let magnitude = n(abs(c))
                    terms.append(
                        (terms.isEmpty ? (c < 0 ? "-" : "") : (c < 0 ? " - " : " + ")) + (k > 0 && magnitude == "1" ? "" : magnitude) + power)
                }
                return terms.isEmpty ? "0" : terms.joined()
            }
            return "\(r.command): element \(i), x(t) = \(polynomial(xs)), y(t) = \(polynomial(ys))"
        case .continuity(let list):
            var lines = ["\(r.command): \(list.count) joint\(list.count == 1 ? "" : "s")"]
            for j in list {
                let kind = j.c1 ? "C1" : (j.g1 ? "G1 (same direction, not the same speed)" : "a corner, turning \(n(j.turn * 180 / Double.pi))°")
                lines.append("  \(j.from) to \(j.to): \(kind)")
            }
            return lines.joined(separator: "\n")
        case .answer(.record(let fields)):
            var lines = ["\(r.command):"]
            for (name, v) in zip(fields.names, fields.values) { lines.append("  \(name): \(v.text(quoteStrings: false, precision: precision))") }
            return lines.joined(separator: "\n")
        case .answer(let v): return "\(r.command): \(v.text(quoteStrings: true, precision: precision))"
        case .facts(let i, let title, let fields):
            var lines = ["\(r.command): element \(i) (\(title))"]
            for (name, v) in zip(fields.names, fields.values) { lines.append("  \(name): \(v.text(quoteStrings: false, precision: precision))") }
            return lines.joined(separator: "\n")
        case .molded(let i, let t, let q): return "\(r.command): element \(i) now passes through \(p(q)) at t \(n(t))"
        case .fitted(let kind, let count, let error, let to, let length):
            return "\(r.command): a \(kind) to \(count) points, off by at most \(n(error, beside: length)), to \(p(to)), length \(n(length))"
        case .abc(let i, let t, let x):
            return "\(r.command): element \(i) at t \(n(t)), A \(p(x.a)), B \(p(x.b)), C \(p(x.c)), u \(n(x.u)), ratio \(n(x.ratio))"
        case .lengthTable(let i, let chords, let approximate, let exact):
            let short = exact > 0 ? (exact - approximate) / exact * 100 : 0
            return "\(r.command): element \(i), \(chords) chord\(chords == 1 ? "" : "s") \(n(approximate)), exact \(n(exact)), short by \(n(short))%"
        case .outline(let subpaths, let elements, let length, let error):
            return "\(r.command): \(subpaths) subpath\(subpaths == 1 ? "" : "s"), \(elements) element\(elements == 1 ? "" : "s"), length \(n(length))"
                + (error.map { $0 > 0 ? ", Bézier offsets within \(n($0)) of exact" : "" } ?? "")
        case .cubics(let i, let count, let moved, let made):
            let pieces = "\(count) piece\(count == 1 ? "" : "s")"
            switch made {
            case .offset:
                return "\(r.command): the offset of element \(i) drawn as a new subpath of \(pieces), off the true offset by at most \(n(moved))"
            case .arcs:
                return "\(r.command): element \(i) is now \(pieces) (circular arcs, lines where straight), off the curve by at most \(n(moved))"
            case .cubics, .quadratics:
                let what = i < 0 ? "the arcs are" : "element \(i) is"
                let kind = made == .quadratics ? "quadratic" : "cubic"
                return "\(r.command): \(what) now \(count) \(kind)\(count == 1 ? "" : "s"), off the arc by at most \(n(moved))"
            }
        case .degree(let i, let kind, let moved, let method, let applied):
            guard applied else {
                return "\(r.command): element \(i) as a \(kind) is off by at most \(n(moved ?? 0))" + (method.map { " (\($0))" } ?? "")
            }
            return "\(r.command): element \(i) is now a \(kind)" + (moved.map { ", moved at most \(n($0))" } ?? ", the same curve")
                + (method.map { " (\($0))" } ?? "")
        case .intersections(let list):
            var lines = ["\(r.command): \(list.count)"]
            for (k, m) in list.enumerated() {
                lines.append("  \(k): \(p(m.point)) at \(n(m.at)), other \(n(m.other))" + (m.overlap.map { ", overlap \(n($0))" } ?? ""))
            }
            return lines.joined(separator: "\n")
        case .inflections(let i, let list):
            return "\(r.command): element \(i), " + (list.isEmpty ? "none" : list.map { "t \(n($0.t)) at \(p($0.point))" }.joined(separator: ", "))
        case .extrema(let i, let xs, let ys):
            func list(_ e: [ExtremePoint]) -> String { e.isEmpty ? "none" : e.map { "t \(n($0.t)) at \(p($0.point))" }.joined(separator: ", ") }
            return "\(r.command): element \(i), x turns: \(list(xs)); y turns: \(list(ys))"
        case .plot(let path, let handle, let ascii, let controls):
            return TerminalPlot(width: columns, height: rows, ascii: ascii || !unicode).render(
                path, handle: handle, controls: controls, precision: precision)
        case .export(let request):
            return PathExport.render(request)
        }
    }
}
