import ShapeGeometry
import ShapeLanguage

/// The session as the workbench page draws it, as one JSON object (SPEC section 12):
///
/// - `elements`: one `{"k": kind, "p": [...]}` per element, `p` flat coordinates: a segment's
///   start, then its points as `setpoint` numbers them (an arc: start, centre, start, end, the
///   radius point at its middle, and `a`: its SVG `A` commands, arcs kept arcs); a move its
///   point; a close its start and end. The page makes the path's SVG data from them.
/// - `bounds`: the tight bounds or null;
/// - `handle`: `{"index", "point"}` or null; `track`: the track points, flat (null past
///   `trackLimit`); `nearest`, `casteljau`: the last such query's points, or null;
/// - `figure`: the last teaching query's title, marks (with their colours, as `save` draws them)
///   and legend, or null.
///
/// Written straight into one string (a path of 10,000 elements makes about a megabyte).
public enum WorkbenchScene {
    /// The most track points sent (a dash of 1 along a long path makes millions).
    public static let trackLimit = 20_000

    static func n(_ x: Double) -> String { NumberFormat.json(x) }
    static func flat(_ points: [Point]) -> String {
        var out = "["
        write(points, into: &out)
        return out + "]"
    }
    static func write(_ points: [Point], into out: inout String) {
        for (k, p) in points.enumerated() {
            if k > 0 { out += "," }
            NumberFormat.json(p.x, into: &out)
            out += ","
            NumberFormat.json(p.y, into: &out)
        }
    }
    static func pair(_ p: Point) -> String { "[\(n(p.x)),\(n(p.y))]" }
    static func string(_ s: String) -> String { JSONLinesPrinter.string(s) }

    public static func render(_ r: SaveRequest, handleIndex: Int) -> String {
        var out = ""
        out.reserveCapacity(96 * r.path.elements.count + 24 * r.trackPoints.count + 256)
        if let b = r.path.bounds {
            out += "{\"bounds\":[\(n(b.minX)),\(n(b.minY)),\(n(b.maxX)),\(n(b.maxY))]"
        } else {
            out += "{\"bounds\":null"
        }
        out += ",\"elements\":["
        for (k, e) in r.path.elements.enumerated() {
            if k > 0 { out += "," }
            switch e {
            case .move(let p):
                out += "{\"k\":\"move\",\"p\":["
                write([p], into: &out)
            case .close(let l):
                out += "{\"k\":\"close\",\"p\":["
                write([l.p0, l.p1], into: &out)
            case .segment(let s):
                switch s {
                case .line(let l):
                    out += "{\"k\":\"line\",\"p\":["
                    write([l.p0, l.p1], into: &out)
                case .quadratic(let q):
                    out += "{\"k\":\"quad\",\"p\":["
                    write([q.p0, q.p1, q.p2], into: &out)
                case .cubic(let c):
                    out += "{\"k\":\"curve\",\"p\":["
                    write([c.p0, c.p1, c.p2, c.p3], into: &out)
                case .arc(let a):
                    out += "{\"k\":\"arc\",\"a\":" + string(PathExport.arcCommands(a) ?? "") + ",\"p\":["
                    write([a.start, a.center, a.start, a.end, a.point(at: 0.5)], into: &out)
                }
            }
            out += "]}"
        }
        out += "]"
        if let h = r.handle {
            out += ",\"handle\":{\"index\":\(handleIndex),\"point\":\(pair(h))}"
        } else {
            out += ",\"handle\":null"
        }
        if r.trackPoints.count <= trackLimit {
            out += ",\"track\":["
            write(r.trackPoints, into: &out)
            out += "]"
        } else {
            out += ",\"track\":null"
        }
        if let near = r.nearest {
            out += ",\"nearest\":{\"query\":\(pair(near.query)),\"point\":\(pair(near.point))}"
        } else {
            out += ",\"nearest\":null"
        }
        out += ",\"casteljau\":" + (r.casteljau.map { "[" + $0.map(flat).joined(separator: ",") + "]" } ?? "null")
        out += ",\"figure\":" + (r.figure.map(figure) ?? "null")
        return out + "}"
    }

    static func figure(_ f: Figure) -> String {
        var marks: [String] = []
        var legend: [String] = []
        var seen = Set<Figure.Role>()
        for m in f.marks {
            let c = string(SVGDocument.colour(m.role))
            if seen.insert(m.role).inserted { legend.append("[\(c),\(string(m.role.legend))]") }
            switch m {
            case .point(let p, _, let label):
                marks.append("{\"k\":\"point\",\"p\":\(pair(p)),\"c\":\(c),\"label\":\(label.map(string) ?? "null")}")
            case .polyline(let ps, _):
                marks.append("{\"k\":\"polyline\",\"p\":\(flat(ps)),\"c\":\(c)}")
            case .curve(let s, let role, let label):
                var p = Path()
                try? p.move(to: s.start)
                switch s {
                case .line(let l): try? p.line(to: l.p1)
                case .quadratic(let q): try? p.quad(control: q.p1, to: q.p2)
                case .cubic(let cubic): try? p.curve(control1: cubic.p1, control2: cubic.p2, to: cubic.p3)
                case .arc(let a): try? p.append(arc: a)
                }
                let dash = role == .continued || role == .before
                marks.append(
                    "{\"k\":\"curve\",\"d\":\(string(PathExport.svg(p))),\"c\":\(c),\"dash\":\(dash),\"at\":\(pair(s.point(at: 0.5))),"
                        + "\"label\":\(label.map(string) ?? "null")}")
            case .arrow(let a, let b, _):
                marks.append("{\"k\":\"arrow\",\"p\":\(flat([a, b])),\"c\":\(c)}")
            case .circle(let centre, let radius, _):
                marks.append("{\"k\":\"circle\",\"p\":\(pair(centre)),\"r\":\(n(radius)),\"c\":\(c)}")
            case .text(let p, let text, _, let anchor):
                marks.append("{\"k\":\"text\",\"p\":\(pair(p)),\"text\":\(string(text)),\"anchor\":\(string(anchor.rawValue)),\"c\":\(c)}")
            }
        }
        // The charts' frames, which `fit` shows whole (as the SVG's view does).
        var charts: [String] = []
        for m in f.marks {
            guard case .polyline(let ps, .axis) = m, let first = ps.first else { continue }
            let box = ps.reduce(Rect(point: first)) { $0.union(Rect(point: $1)) }
            charts.append("[\(n(box.minX)),\(n(box.minY)),\(n(box.maxX)),\(n(box.maxY))]")
        }
        return "{\"title\":\(string(f.title)),\"marks\":[\(marks.joined(separator: ","))],\"legend\":[\(legend.joined(separator: ","))],"
            + "\"charts\":[\(charts.joined(separator: ","))]}"
    }
}
