import ShapeGeometry
import ShapeLanguage

/// The session as the workbench page and the playground draw it (SPEC section 12), in binary
/// (`binary`): a JSON header with everything but the coordinates, then the elements' and the track
/// points' coordinates as exact doubles. Once decoded (the page's `decodeScene`) it is the object:
///
/// - `elements`: one `{"k": kind, "p": [...]}` per element, `p` flat coordinates: a segment's
///   start, then its points as `setpoint` numbers them (an arc: start, centre, start, end, the
///   radius point at its middle, and `a`: its SVG `A` commands, arcs kept arcs); a move its
///   point; a close its start and end. The page makes the path's SVG data from them.
/// - `bounds`: the tight bounds or null;
/// - `handle`: `{"index", "point"}` or null; `track`: the track points, flat (null past
///   `trackLimit`, or when they could pass it and were left out: `SaveRequest.trackPointsLeftOut`);
/// - `figures`: the figures the queries drew (the last `nearest`, the last `casteljau`, the
///   teaching queries'), each layer's as one: its layer, title, marks (with their colours, as
///   `save` draws them), legend and charts' frames.
public enum WorkbenchScene {
    /// The most track points sent (a dash of 1 along a long path makes millions).
    public static let trackLimit = 20_000

    /// Points as one flat list of numbers.
    static func flat(_ points: [Point]) -> JSON {
        var numbers: [JSON] = []
        numbers.reserveCapacity(2 * points.count)
        for p in points { numbers += [.number(p.x), .number(p.y)] }
        return .array(numbers)
    }

    /// The same scene for the workbench's server, in binary: exact doubles with no decimal text
    /// to write or read (a path of 10,000 elements makes about 0.5 MB, its JSON 1.4 MB). The
    /// layout, which the page's `decodeScene` reads:
    ///
    /// - a 32-bit little-endian length n, then n bytes of JSON: `version`, `kinds` (one letter
    ///   per element: m, l, q, c, a, z), `arcs` (each arc's `A` commands, in order), `track`
    ///   (the number of track points, or -1 past `trackLimit`), and the fields `render` writes
    ///   besides `elements` and `track`;
    /// - spaces up to a multiple of 8 bytes, then the elements' coordinates (`p` of each in turn)
    ///   and the track points' as 64-bit little-endian doubles.
    /// `extra`: fields after the header's own (the workbench's document: its sliders).
    public static func binary(
        _ r: SaveRequest, handleIndex: Int, version: Int, elements made: Elements? = nil, extra: [(name: String, json: JSON)] = []
    ) -> [UInt8] {
        let elements = made ?? Elements(r.path)
        let tracked = !r.trackPointsLeftOut && r.trackPoints.count <= trackLimit
        let handle: JSON = r.handle.map { .object([("index", .integer(handleIndex)), ("point", .pair($0))]) } ?? .null
        // As `save` draws them: each layer's figures as one, the figure layer's last (on top).
        let figures = Figure.Layer.drawingOrder.compactMap { r.figure(in: $0) }
        let header = JSON.object(
            [
                ("version", .integer(version)), ("bounds", r.path.bounds.map { .box($0) } ?? .null), ("kinds", .string(elements.kinds)),
                ("arcs", .array(elements.arcs.map { .string($0) })), ("track", .integer(tracked ? r.trackPoints.count : -1)),
                ("handle", handle), ("figures", .array(figures.map(figure))),
            ] + extra)
        var bytes = framed(JSONLinesPrinter.compact(header), reserving: 8 * elements.numbers.count + (tracked ? 16 * r.trackPoints.count : 0))
        #if _endian(little)
        elements.numbers.withUnsafeBytes { bytes += $0 }
        #else
        for x in elements.numbers { withUnsafeBytes(of: x.bitPattern.littleEndian) { bytes += $0 } }
        #endif
        // (At most `trackLimit` points, one coordinate at a time: a Point's layout is not promised.)
        if tracked {
            for p in r.trackPoints {
                withUnsafeBytes(of: p.x.bitPattern.littleEndian) { bytes += $0 }
                withUnsafeBytes(of: p.y.bitPattern.littleEndian) { bytes += $0 }
            }
        }
        return bytes
    }

    /// The part of the binary scene that the path alone makes: its elements' kinds, their
    /// coordinates and each arc's commands. Made apart so that it can be made beside the view's
    /// track points (`Workbench.publish`, for a long path).
    public struct Elements: Sendable {
        var kinds = ""
        /// Each arc's SVG `A` commands, in order.
        var arcs: [String] = []
        var numbers: [Double] = []

        public init(_ path: Path) {
            kinds.reserveCapacity(path.elements.count)
            numbers.reserveCapacity(7 * path.elements.count)
            for e in path.elements {
                kinds.unicodeScalars.append(WorkbenchScene.append(e, to: &numbers).letter)
                if case .segment(.arc(let a)) = e { arcs.append(PathExport.arcCommands(a) ?? "") }
            }
        }
    }

    /// JSON as the binary layouts carry it: its 32-bit little-endian length, then the JSON
    /// padded with spaces to a multiple of 8 bytes (the length counts the padding), so that
    /// doubles after it are aligned. The scene's header, and the answer `POST /run?scene=1`
    /// puts before the scene.
    public static func framed(_ json: String, reserving extra: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = [0, 0, 0, 0]
        bytes.reserveCapacity(json.utf8.count + extra + 12)
        bytes += json.utf8
        while bytes.count % 8 != 0 { bytes.append(0x20) }
        let length = UInt32(bytes.count - 4)
        for k in 0..<4 { bytes[k] = UInt8(truncatingIfNeeded: length >> (8 * k)) }
        return bytes
    }

    enum Kind {
        case move, line, quad, curve, arc, close
        var name: String {
            switch self {
            case .move: "move"
            case .line: "line"
            case .quad: "quad"
            case .curve: "curve"
            case .arc: "arc"
            case .close: "close"
            }
        }
        var letter: Unicode.Scalar {
            switch self {
            case .move: "m"
            case .line: "l"
            case .quad: "q"
            case .curve: "c"
            case .arc: "a"
            case .close: "z"
            }
        }
    }

    /// Appends an element's points' coordinates as the page takes them (`p`: see the type's
    /// comment) and answers its kind.
    static func append(_ e: Path.Element, to numbers: inout [Double]) -> Kind {
        func put(_ points: Point...) { for p in points { numbers.append(p.x); numbers.append(p.y) } }
        switch e {
        case .move(let p): put(p); return .move
        case .close(let l): put(l.p0, l.p1); return .close
        case .segment(.line(let l)): put(l.p0, l.p1); return .line
        case .segment(.quadratic(let q)): put(q.p0, q.p1, q.p2); return .quad
        case .segment(.cubic(let c)): put(c.p0, c.p1, c.p2, c.p3); return .curve
        case .segment(.arc(let a)): put(a.start, a.center, a.start, a.end, a.point(at: 0.5)); return .arc
        }
    }

    /// A figure as the page draws it: its layer and title, its marks with their colours (as
    /// `save` draws them), its legend and its charts' frames.
    static func figure(_ f: Figure) -> JSON {
        var marks: [JSON] = []
        var legend: [JSON] = []
        var seen = Set<Figure.Role>()
        for m in f.marks {
            let c = JSON.string(SVGDocument.colour(m.role))
            if seen.insert(m.role).inserted { legend.append(.array([c, .string(m.role.legend)])) }
            let label = { (l: String?) -> JSON in l.map { .string($0) } ?? .null }
            switch m {
            case .point(let p, _, let l):
                marks.append(.object([("k", .string("point")), ("p", .pair(p)), ("c", c), ("label", label(l))]))
            case .polyline(let ps, _):
                marks.append(.object([("k", .string("polyline")), ("p", flat(ps)), ("c", c)]))
            case .curve(let s, let role, let l):
                var p = Path()
                try? p.move(to: s.start)
                switch s {
                case .line(let line): try? p.line(to: line.p1)
                case .quadratic(let q): try? p.quad(control: q.p1, to: q.p2)
                case .cubic(let cubic): try? p.curve(control1: cubic.p1, control2: cubic.p2, to: cubic.p3)
                case .arc(let a): try? p.append(arc: a)
                }
                let dash = role == .continued || role == .before
                marks.append(
                    .object([
                        ("k", .string("curve")), ("d", .string(PathExport.svg(p))), ("c", c), ("dash", .bool(dash)),
                        ("at", .pair(s.point(at: 0.5))), ("label", label(l)),
                    ]))
            case .arrow(let a, let b, _):
                marks.append(.object([("k", .string("arrow")), ("p", flat([a, b])), ("c", c)]))
            case .circle(let centre, let radius, _):
                marks.append(.object([("k", .string("circle")), ("p", .pair(centre)), ("r", .number(radius)), ("c", c)]))
            case .text(let p, let text, _, let anchor):
                marks.append(
                    .object([("k", .string("text")), ("p", .pair(p)), ("text", .string(text)), ("anchor", .string(anchor.rawValue)), ("c", c)]))
            }
        }
        // The charts' frames, which `fit` shows whole (as the SVG's view does).
        var charts: [JSON] = []
        for m in f.marks {
            guard case .polyline(let ps, .axis) = m, let first = ps.first else { continue }
            charts.append(.box(ps.reduce(Rect(point: first)) { $0.union(Rect(point: $1)) }))
        }
        return .object([
            ("layer", .string(f.layer.rawValue)), ("title", .string(f.title)), ("marks", .array(marks)), ("legend", .array(legend)),
            ("charts", .array(charts)),
        ])
    }
}

extension WorkbenchScene {
    /// The header's fields for the page's controls, from the session's state (not from the
    /// statements' text, which an expression such as `x0 + 10` defeats): `sticky` (the last
    /// badge's circles), `wander` (its duration in seconds), `tQuery` (the last teaching query
    /// with a t: its command, numbers, and the script whose statement made it),
    /// each left out when there is none.
    public static func sessionFields(_ i: Interpreter) -> [(name: String, json: JSON)] {
        var fields: [(name: String, json: JSON)] = []
        if let s = i.sticky {
            fields.append(
                (
                    "sticky",
                    .object([
                        ("fixed", .pair(s.fixed)), ("rest", .number(s.restRadius)), ("dragged", .pair(s.dragged)),
                        ("radius", .number(s.draggedRadius)), ("break", .number(s.breakRadius)),
                    ])
                ))
        }
        if let w = i.wanderSeconds { fields.append(("wander", .number(w))) }
        if let q = i.lastTQuery {
            fields.append(
                (
                    "tQuery",
                    .object([
                        ("command", .string(q.command)), ("numbers", .array(q.numbers.map { .number($0) })), ("file", .string(q.file)),
                    ])
                ))
        }
        return fields
    }
}
