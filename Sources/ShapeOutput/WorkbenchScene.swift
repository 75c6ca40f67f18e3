import ShapeGeometry
import ShapeLanguage

/// The session as the workbench page draws it, as one JSON object (SPEC section 12):
///
/// - `d`: the path as SVG path data (arcs as arcs), `bounds`: its tight bounds or null;
/// - `elements`: one `{"k": kind, "p": [...]}` per element, `p` flat coordinates: a segment's
///   start, then its points as `setpoint` numbers them (an arc: start, centre, start, end, the
///   radius point at its middle); a move its point; a close its start and end;
/// - `handle`: `{"index", "point"}` or null; `track`: the track points, flat (left out past
///   `trackLimit`); `nearest`, `casteljau`: the last such query's points, or null;
/// - `figure`: the last teaching query's title, marks (with their colours, as `save` draws them)
///   and legend, or null.
public enum WorkbenchScene {
    /// The most track points sent (a dash of 1 along a long path makes millions).
    public static let trackLimit = 20_000

    static func n(_ x: Double) -> String { NumberFormat.json(x) }
    static func flat(_ points: [Point]) -> String { "[" + points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: ",") + "]" }
    static func pair(_ p: Point) -> String { "[\(n(p.x)),\(n(p.y))]" }
    static func string(_ s: String) -> String { JSONLinesPrinter.string(s) }

    public static func render(_ r: SaveRequest, handleIndex: Int) -> String {
        var out = "{\"d\":" + string(PathExport.svg(r.path))
        if let b = r.path.bounds {
            out += ",\"bounds\":[\(n(b.minX)),\(n(b.minY)),\(n(b.maxX)),\(n(b.maxY))]"
        } else {
            out += ",\"bounds\":null"
        }
        out += ",\"elements\":["
        var first = true
        for e in r.path.elements {
            if !first { out += "," }
            first = false
            switch e {
            case .move(let p): out += "{\"k\":\"move\",\"p\":\(flat([p]))}"
            case .close(let l): out += "{\"k\":\"close\",\"p\":\(flat([l.p0, l.p1]))}"
            case .segment(let s):
                switch s {
                case .line(let l): out += "{\"k\":\"line\",\"p\":\(flat([l.p0, l.p1]))}"
                case .quadratic(let q): out += "{\"k\":\"quad\",\"p\":\(flat([q.p0, q.p1, q.p2]))}"
                case .cubic(let c): out += "{\"k\":\"curve\",\"p\":\(flat([c.p0, c.p1, c.p2, c.p3]))}"
                case .arc(let a): out += "{\"k\":\"arc\",\"p\":\(flat([a.start, a.center, a.start, a.end, a.point(at: 0.5)]))}"
                }
            }
        }
        out += "]"
        if let h = r.handle {
            out += ",\"handle\":{\"index\":\(handleIndex),\"point\":\(pair(h))}"
        } else {
            out += ",\"handle\":null"
        }
        out += ",\"track\":" + (r.trackPoints.count <= trackLimit ? flat(r.trackPoints) : "null")
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
            }
        }
        return "{\"title\":\(string(f.title)),\"marks\":[\(marks.joined(separator: ","))],\"legend\":[\(legend.joined(separator: ","))]}"
    }
}
