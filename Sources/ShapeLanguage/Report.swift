import ShapeGeometry

/// What one command reports: data, formatted later by a printer (text or JSON lines), so a new
/// output format touches no command.
public struct Report: Sendable {
    /// The command's name, as `"cmd"` in JSON.
    public var command: String
    /// The source line of the statement.
    public var line: Int
    public var kind: Kind
    /// True for output that `--quiet` keeps (queries and `print`). Exhaustive: a new kind of
    /// report must say which it is.
    public var isRequested: Bool {
        switch kind {
        case .printed, .export, .plot, .saved, .casteljau, .direction, .curvature, .extrema, .length, .points, .bounds,
            .contains, .nearest, .at, .elements, .help, .handleQuery, .names:
            true
        case .value(let name, _):
            name == nil
        case .path, .cleared, .transformed, .sticky, .wander, .dash, .handle, .undone, .precision, .defined, .split, .silent:
            false
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
        case wander(arcs: Int, to: Point, segment: Double, length: Double, seed: UInt64)
        /// `dash`: the number of track points.
        case dash(count: Int)
        /// `points`.
        case points([Point])
        /// `handle i`, `drag`, `snap`: the handle's index and point.
        case handle(index: Int, point: Point?)
        /// `handle` with no argument.
        case handleQuery(index: Int, point: Point?)
        /// `let`, assignment (with the name) or an expression statement (without).
        case value(String?, Value)
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
        /// `def`.
        case defined(String)
        /// `casteljau`: the element, its kind, t, and each level of the construction.
        case casteljau(element: Int, kind: String, t: Double, levels: [[Point]])
        /// `split`: the element split and the new number of elements.
        case split(element: Int, count: Int)
        /// `tangent` and `normal`: the point and the unit vector.
        case direction(point: Point, vector: Vector)
        /// `curvature`: the point, the signed curvature and the radius (nil where straight); at a
        /// cusp the curvature is nil (unbounded) and the radius 0.
        case curvature(point: Point, curvature: Double?, radius: Double?)
        /// `extrema`: the element and where x and y turn (parameter and point).
        case extrema(element: Int, x: [ExtremePoint], y: [ExtremePoint])
        /// `save`: the file written.
        case saved(String)
        /// `show`: the path to plot, the handle's point, and whether ASCII was asked for.
        case plot(path: Path, handle: Point?, ascii: Bool)
        /// `export`: the format and the path to write.
        case export(format: ExportFormat, path: Path)
        /// `help`: everything, or one command, function or value.
        case help(HelpTopic)
        /// `vars`: the session's variables with their values, and its procedures.
        case names(variables: [(name: String, value: Value)], procedures: [ProcedureInfo])
        /// A statement that changed nothing worth a line (an empty block).
        case silent
    }
}

/// One element of the path, for `elements`.
public struct ElementInfo: Sendable {
    public var index: Int
    /// `move`, `line`, `quad`, `curve`, `arc` or `close`.
    public var kind: String
    public var to: Point
    public var length: Double
}

/// A value of the language: numbers, and strings for `print` and `include`.
public enum Value: Sendable, Equatable {
    case number(Double)
    case string(String)

    public var isString: Bool { if case .string = self { true } else { false } }
}

/// A parameter where a coordinate of an element turns, and the point there.
public struct ExtremePoint: Sendable {
    public var t: Double
    public var point: Point
}

/// What `help` shows.
public enum HelpTopic: Sendable {
    /// Every command, then the functions and values.
    case all
    case command(CommandSpec)
    case function(Builtins.Function)
    case value(Builtins.Value)
    case procedure(ProcedureInfo)
}

/// A procedure defined with `def`: its name, parameters and where it was defined.
public struct ProcedureInfo: Sendable {
    public var name: String
    public var parameters: [String]
    public var file: String
    public var line: Int
    /// `name(a, b)`, as it was defined.
    public var signature: String { "\(name)(\(parameters.joined(separator: ", ")))" }
}
