import ShapeGeometry

/// What one command reports: data, formatted later by a printer (text or JSON lines), so a new
/// output format touches no command.
/// What `cubics`, `quads`, `arcs` and `offsetcurve` made of an element (their reports differ
/// only in it).
public enum Pieces: Sendable, Equatable {
    /// Cubics standing for an arc (`cubics`).
    case cubics
    /// Quadratics standing for an arc (`quads`).
    case quadratics
    /// Circular arcs and lines standing for a curve (`arcs`).
    case arcs
    /// Cubics standing for the curve's offset, drawn as a new subpath (`offsetcurve`).
    case offset
}

public struct Report: Sendable {
    /// The command's name, as `"cmd"` in JSON.
    public var command: String
    /// The source line of the statement.
    public var line: Int
    public var kind: Kind
    /// True for output that `--quiet` keeps (queries and `print`): the kind's.
    public var isRequested: Bool { kind.isRequested }

    /// Every number the report holds is finite (the gate every result passes: a report with an
    /// overflowed distance is an error, never `inf` or JSON `null`): every number of its JSON
    /// fields, which hold all of them (its value is made of the same numbers), unless the kind
    /// tells at once (`Kind.finiteAtOnce`).
    public var isFinite: Bool {
        kind.finiteAtOnce ?? wording(.fields).fields.allSatisfy { $0.json.isFinite }
    }

    /// What the report says: its text, its JSON fields or its value (only the part `wanted` is
    /// made), in the words of the commands that make it (each kind is worded in its group's file
    /// under `Commands/`).
    public func wording(_ wanted: Wording.Wanted) -> Wording {
        let c = command
        switch kind {
        case .path(let to, let segment, let length): return .path(wanted, c, to: to, segment: segment, length: length)
        case .cleared: return .cleared(wanted, c)
        case .transformed(let b): return .transformed(wanted, c, b)
        case .sticky(let radius, let distance, let broken, let length):
            return .sticky(wanted, c, radius: radius, distance: distance, broken: broken, length: length)
        case .wander(let arcs, let to, let segment, let length, let seed):
            return .wander(wanted, c, arcs: arcs, to: to, segment: segment, length: length, seed: seed)
        case .dash(let count): return .dash(wanted, c, count: count)
        case .points(let list): return .points(wanted, c, list)
        case .handle(let i, let q): return .handle(wanted, c, index: i, point: q, query: false)
        case .handleQuery(let i, let q): return .handle(wanted, c, index: i, point: q, query: true)
        case .value(let name, let v, let declared): return .value(wanted, name, v, declared: declared)
        case .printed(let values): return .printed(wanted, values)
        case .length(let l): return .length(wanted, c, l)
        case .bounds(let b): return .bounds(wanted, c, b)
        case .contains(let inside): return .contains(wanted, c, inside)
        case .nearest(let q, let d, let s): return .nearest(wanted, c, point: q, distance: d, at: s)
        case .at(let q, let a): return .at(wanted, c, point: q, angle: a)
        case .elements(let list): return .elements(wanted, c, list)
        case .undone(let reverted, let line): return .undone(wanted, c, reverted: reverted, line: line)
        case .precision(let d): return .precision(wanted, c, d)
        case .figureMode(let keep, let marks): return .figureMode(wanted, c, keep: keep, marks: marks)
        case .defined(let name): return .defined(wanted, c, name)
        case .casteljau(let i, let k, let t, let levels): return .casteljau(wanted, c, element: i, kind: k, t: t, levels: levels)
        case .parameterPoint(let q): return .parameterPoint(wanted, c, q)
        case .located(let i, let t): return .located(wanted, c, element: i, t: t)
        case .inflections(let i, let list): return .inflections(wanted, c, element: i, list)
        case .intersections(let list): return .intersections(wanted, c, list)
        case .degree(let i, let k, let e, let method, let applied):
            return .degree(wanted, c, element: i, kind: k, error: e, method: method, applied: applied)
        case .outline(let subpaths, let elements, let length, let e):
            return .outline(wanted, c, subpaths: subpaths, elements: elements, length: length, error: e)
        case .cubics(let i, let count, let e, let made): return .pieces(wanted, c, element: i, count: count, error: e, made: made)
        case .yForX(let i, let x, let list): return .yForX(wanted, c, element: i, x: x, list)
        case .pointList(let i, let list): return .pointList(wanted, c, element: i, list)
        case .components(let i, let xs, let ys): return .components(wanted, c, element: i, x: xs, y: ys)
        case .continuity(let list): return .continuity(wanted, c, list)
        case .abc(let i, let t, let x): return .abc(wanted, c, element: i, t: t, x)
        case .facts(let i, let title, let fields): return .facts(wanted, c, element: i, title: title, fields)
        case .answer(let v): return .answer(wanted, c, v)
        case .molded(let i, let t, let q): return .molded(wanted, c, element: i, t: t, point: q)
        case .fitted(let k, let count, let e, let to, let length): return .fitted(wanted, c, kind: k, points: count, error: e, to: to, length: length)
        case .lengthTable(let i, let chords, let a, let e): return .lengthTable(wanted, c, element: i, chords: chords, approximate: a, exact: e)
        case .split(let i, let count): return .split(wanted, c, element: i, count: count)
        case .direction(let q, let v): return .direction(wanted, c, point: q, vector: v)
        case .curvature(let q, let k, let radius): return .curvature(wanted, c, point: q, curvature: k, radius: radius)
        case .extrema(let i, let xs, let ys): return .extrema(wanted, c, element: i, x: xs, y: ys)
        case .saved(let file, let note): return .saved(wanted, c, file: file, note: note)
        case .plot(let path, let handle, let ascii, let controls): return .plot(wanted, path: path, handle: handle, ascii: ascii, controls: controls)
        case .export(let request): return .export(wanted, request)
        case .help(let topic): return .help(wanted, topic)
        case .names(let variables, let procedures): return .names(wanted, c, variables: variables, procedures: procedures)
        case .worded(let w, _): return w
        }
    }

    public enum Kind: Sendable {
        /// A path command: where the path now ends, what it added, the total.
        case path(to: Point, segment: Double, length: Double)
        /// `clear`.
        case cleared
        /// `translate`, `rotate`, `scale`, `reset`: the bounds after the change.
        case transformed(Rect?)
        /// `sticky`: the shrunken radius, the distance and whether the bridge broke.
        case sticky(radius: Double, distance: Double, broken: Bool, length: Double)
        /// `wander`: how many arcs, where the curve ends, and the seed it was drawn with.
        indirect case wander(arcs: Int, to: Point, segment: Double, length: Double, seed: UInt64)
        /// `dash`: the number of track points.
        case dash(count: Int)
        /// `points`.
        case points([Point])
        /// `handle i`, `drag`, `snap`: the handle's index and point.
        case handle(index: Int, point: Point?)
        /// `handle` with no argument.
        case handleQuery(index: Int, point: Point?)
        /// `let` (`declared`), assignment (with the name) or an expression statement (without).
        indirect case value(String?, Value, declared: Bool = false)
        /// `print`: the values, formatted by the printer.
        case printed([Value])
        case length(Double)
        case bounds(Rect?)
        case contains(Bool)
        case nearest(point: Point, distance: Double, at: Double)
        case at(point: Point, angle: Double)
        case elements([ElementInfo])
        /// `undo`: what was reverted.
        case undone(command: String, line: Int)
        case precision(Int)
        /// `figure keep|replace|clear`: whether figures accumulate, and the marks of the figure now.
        case figureMode(keep: Bool, marks: Int)
        /// `def`.
        case defined(String)
        /// `casteljau`: the element, its kind, t, and each level of the construction.
        case casteljau(element: Int, kind: String, t: Double, levels: [[Point]])
        /// `point`: element i at t, its derivatives, curvature and arc length.
        indirect case parameterPoint(ParameterPoint)
        /// `locate`: where an arc length falls: the element and its parameter.
        case located(element: Int, t: Double)
        /// `inflections`: the element and where its curvature changes sign.
        case inflections(element: Int, [ExtremePoint])
        /// `intersections`: where the path crosses or touches itself or another path.
        case intersections([PathIntersection])
        /// `elevate`, `lower`: element i is now of this kind; for `lower`, how far the curve moved
        /// (the largest distance between the old and new curve at the same t).
        /// `elevate`, `lower`: the new kind, how far it moved, and which method ran (`lower`).
        /// `applied` is false where the lowered curve is only drawn (`lower i primer`).
        indirect case degree(element: Int, kind: String, error: Double?, method: String? = nil, applied: Bool = true)
        /// `union`, `intersect`, `subtract`, `xor`, `simplify`: the new outline's size.
        indirect case outline(subpaths: Int, elements: Int, length: Double, error: Double?)
        /// `cubics`, `quads`, `arcs`, `offsetcurve`: an element (or every arc, element −1) made
        /// into this many pieces of the kind said, straying at most this far from what they stand for.
        indirect case cubics(element: Int, count: Int, error: Double, made: Pieces)
        /// `yforx`: the points of an element at an x, by parameter.
        case yForX(element: Int, x: Double, [ExtremePoint])
        /// `hodograph`, `align`, `alignedbox`: points that belong to an element (its derivative's
        /// control points, its control points aligned to its chord, its oriented box's corners).
        case pointList(element: Int, [Point])
        /// `components`: x(t) and y(t) of an element in the power basis, lowest power first.
        case components(element: Int, x: [Double], y: [Double])
        /// `continuity`: how the path's consecutive elements join.
        case continuity([Joint])
        /// `abc`: the projection identity of an element at t.
        indirect case abc(element: Int, t: Double, ProjectionIdentity)
        /// The Primer's algebra of an element (`bernstein`, `matrix`, `splitmatrix`, `interval`,
        /// `canonical`, `catmullpoints`): named values, its function form's record; `title` says
        /// what they are of ("cubic, t 0.25").
        indirect case facts(element: Int, title: String, Record)
        /// A query's answer as a value, worded by the printers generically (a number as
        /// `command: value`; a record's fields one per line, and as JSON fields): a new query
        /// that answers this way needs no kind of its own (docs/contributing.md).
        case answer(Value)
        /// `mold`: element i now passes through this point at t.
        case molded(element: Int, t: Double, point: Point)
        /// `fit`: the curve's kind, how many points it was fitted to, the largest distance from one
        /// of them, and where the path now ends.
        indirect case fitted(kind: String, points: Int, error: Double, to: Point, length: Double)
        /// `lengthtable`: an element's length as n chords sum it, and exactly.
        case lengthTable(element: Int, chords: Int, approximate: Double, exact: Double)
        /// `split`: the element split and the new number of elements.
        case split(element: Int, count: Int)
        /// `tangent` and `normal`: the point and the unit vector.
        case direction(point: Point, vector: Vector)
        /// `curvature`: the point, the signed curvature and the radius (nil where straight); at a
        /// cusp the curvature is nil (unbounded) and the radius 0.
        indirect case curvature(point: Point, curvature: Double?, radius: Double?)
        /// `extrema`: the element and where x and y turn (parameter and point).
        case extrema(element: Int, x: [ExtremePoint], y: [ExtremePoint])
        /// `save`: the file written.
        /// With a note when a layer asked for has nothing to draw (`figure` after a query that
        /// draws none).
        indirect case saved(String, note: String? = nil)
        /// `show`: the path to plot, the handle's point (when asked for), whether ASCII was asked
        /// for, and whether to draw the control polygons.
        indirect case plot(path: Path, handle: Point?, ascii: Bool, controls: Bool)
        /// `export` without a file: what to print.
        indirect case export(ExportRequest)
        /// `help`: everything, or one command, function or value.
        indirect case help(HelpTopic)
        /// `vars`: the session's variables with their values, and its procedures.
        case names(variables: [(name: String, value: Value)], procedures: [ProcedureInfo])
        /// A report worded by its command when it is made (text, fields and value, all three):
        /// a command with wording of its own needs no new kind. `requested` as for
        /// `isRequested` (true for a query).
        indirect case worded(Wording, requested: Bool)
    }
}

/// One element of the path, for `elements`.
public struct ElementInfo: Sendable {
    public var index: Int
    /// `move`, `line`, `quad`, `curve`, `arc` or `close`.
    public var kind: String
    public var from: Point
    public var to: Point
    public var length: Double
    public var element: Path.Element

    public init(index: Int, element: Path.Element, from: Point, length: Double) {
        self.index = index
        self.element = element
        self.from = from
        self.length = length
        switch element {
        case .move(let p): kind = "move"; to = p
        case .segment(let s): kind = s.kindName; to = s.end
        case .close(let l): kind = "close"; to = l.p1
        }
    }

    /// A circular arc as the `arc` command draws it: centre, radius, start and end angles on
    /// screen, and its direction (clockwise on screen: angles increase). Nil for elliptical arcs.
    public static func circle(of a: Arc) -> (center: Point, radius: Double, start: Double, end: Double, clockwise: Bool)? {
        guard a.isCircular else { return nil }
        let orientation: Double = a.u.cross(a.v) >= 0 ? 1 : -1
        let start = (a.start - a.center).angle
        let turn = a.sweep * orientation
        return (a.center, a.radius, start, start + turn, turn >= 0)
    }

    /// The element as a record: index, kind, from, to, length, and the controls of a curve or the
    /// circle of an arc.
    public var value: Value {
        var r = Record([
            "index": .number(Double(index)), "kind": .string(kind), "from": .point(from), "to": .point(to), "length": .number(length),
        ])
        if case .segment(let s) = element {
            switch s {
            case .quadratic(let q): r.append("controls", .list([.point(q.p1)]))
            case .cubic(let c): r.append("controls", .list([.point(c.p1), .point(c.p2)]))
            case .arc(let a):
                if let c = ElementInfo.circle(of: a) {
                    r.append("center", .point(c.center))
                    r.append("radius", .number(c.radius))
                    r.append("start", .number(c.start))
                    r.append("end", .number(c.end))
                    r.append("clockwise", .number(c.clockwise ? 1 : 0))
                }
            case .line: break
            }
        }
        return .record(r)
    }

    /// The command that draws this element from where the one before it ended (what `elements`
    /// prints, so that it can be pasted back), numbers written by `n`. An elliptical arc (from a
    /// non-uniform scale) has no command: it is written as SVG path data from its start.
    /// Rounding noise is not written: a coordinate below 1e-12 of the element's largest one is
    /// 0, and an angle within 1e-9 of a whole degree is that degree (each changes the drawn
    /// element by less than its measured accuracy).
    public func command(precision: Int) -> String {
        func n(_ x: Double) -> String { NumberFormat.text(x, precision: precision) }
        var scale = 0.0
        func include(_ q: Point) { scale = Swift.max(scale, abs(q.x), abs(q.y)) }
        switch element {
        case .move(let q): include(q)
        case .close(let l): include(l.p0); include(l.p1)
        case .segment(.line(let l)): include(l.p0); include(l.p1)
        case .segment(.quadratic(let q)): [q.p0, q.p1, q.p2].forEach(include)
        case .segment(.cubic(let c)): [c.p0, c.p1, c.p2, c.p3].forEach(include)
        case .segment(.arc(let a)): [a.center, a.start, a.end].forEach(include)
        }
        func clean(_ x: Double) -> String { NumberFormat.text(x, beside: scale, precision: precision) }
        func p(_ q: Point) -> String { "\(clean(q.x)) \(clean(q.y))" }
        switch element {
        case .move(let q): return "move \(p(q))"
        case .close: return "close"
        case .segment(.line(let l)): return "line \(p(l.p1))"
        case .segment(.quadratic(let q)): return "quad \(p(q.p1)) \(p(q.p2))"
        case .segment(.cubic(let c)): return "curve \(p(c.p1)) \(p(c.p2)) \(p(c.p3))"
        case .segment(.arc(let a)):
            if let c = ElementInfo.circle(of: a) {
                // Angles in degrees: exact for the usual ones (90deg, not 1.5708), and as good to paste.
                func deg(_ a: Double) -> String {
                    let d = a * 180 / Double.pi, whole = d.rounded()
                    return (abs(d - whole) < Magnitude.wholeDegree ? n(whole) : n(d)) + "deg"
                }
                return "arc \(p(c.center)) \(n(c.radius)) \(deg(c.start)) \(deg(c.end))" + (c.clockwise ? "" : " ccw")
            }
            return "# an elliptical arc from (\(p(a.start))) to (\(p(a.end))) about (\(p(a.center)))"
        }
    }
}

extension Report.Kind {
    /// True for output that `--quiet` keeps (queries and `print`). Exhaustive: a new kind of
    /// report must say which it is.
    public var isRequested: Bool {
        switch self {
        case .printed, .export, .plot, .casteljau, .direction, .curvature, .extrema, .length, .points, .bounds,
            .contains, .nearest, .at, .elements, .help, .handleQuery, .names, .parameterPoint, .located, .inflections,
            .intersections, .yForX, .pointList, .components, .lengthTable, .abc, .continuity, .facts, .answer:
            true
        case .value(let name, _, _):
            name == nil
        case .worded(_, let requested):
            requested
        // `save` says where it wrote only without `--quiet`: a script that saves and exports
        // leaves standard output to the export.
        case .path, .cleared, .transformed, .sticky, .wander, .dash, .handle, .undone, .precision, .figureMode, .defined, .split, .degree, .cubics,
            .outline,
            .molded, .fitted, .saved:
            false
        }
    }

    /// Whether every number is finite, for the kinds that tell without their wording: a drawing
    /// command's report, made for every element drawn, the lists as long as the path
    /// (`elements`, `points`), the queries a script asks by the thousand. nil for the others.
    /// (Inlined: it is asked of every report a statement makes.)
    @inline(__always) var finiteAtOnce: Bool? {
        switch self {
        case .path(let to, let segment, let length): to.isFinite && segment.isFinite && length.isFinite
        case .elements(let list): list.allSatisfy { $0.from.isFinite && $0.to.isFinite && $0.length.isFinite }
        case .points(let list): list.allSatisfy { $0.isFinite }
        case .contains, .cleared, .dash: true
        case .length(let l): l.isFinite
        case .nearest(let q, let d, let s): q.isFinite && d.isFinite && s.isFinite
        default: nil
        }
    }
}
