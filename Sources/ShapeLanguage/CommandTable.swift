import ShapeGeometry

/// An option word a command accepts, and how many values follow it.
public struct KeywordSpec: Sendable {
    public var name: String
    /// The names of the values that follow the word (`x y` after `about`); none for a flag.
    public var values: [String]
    public var summary: String
    /// The values used when the word is left out, where there are fixed ones (`within` of
    /// `wander`); nil for flags and for defaults derived from other arguments (`break` of `sticky`).
    public var defaults: [Double]?
    /// For a word that takes a word (`cap round`): the words it may take; the value is the
    /// chosen word's index. Its default is an index too.
    public var choices: [String]?
    /// For a word that takes a name the user makes up (`as Card` of `export`): its value is
    /// that name, which must be a Swift identifier.
    public var takesName = false

    public var valueCount: Int { values.count }

    init(name: String, values: [String] = [], summary: String, defaults: [Double]? = nil, choices: [String]? = nil, takesName: Bool = false) {
        self.name = name; self.values = values; self.summary = summary; self.defaults = defaults; self.choices = choices
        self.takesName = takesName
    }
}

/// Option words of one command that go together: at most one of them may be given, and with
/// `required` exactly one must be (`drag to x y | drag by dx dy`).
public struct OptionGroup: Sendable {
    public var names: [String]
    public var required: Bool
}

/// What one run of a command costs against the statement's work budget (`Limits.statementWork`).
public enum WorkCost: Sendable, Equatable {
    /// One unit, whatever the path holds.
    case unit
    /// This many units, whatever the path holds (a command that measures a curve it draws).
    case units(Int)
    /// One unit plus this many for each element of the path (commands that visit, copy or write
    /// out the whole path).
    case perElement(Int)

    /// The units charged on a path of `elements` elements.
    public func units(elements: Int) -> Int {
        switch self {
        case .unit: 1
        case .units(let n): n
        case .perElement(let k): 1 + k * elements
        }
    }

    // A unit is about 50 ns of a release build on the 2-core machine the project is built on, so
    // that the budget of 50 million units is about 2.5 s of CPU there, and well under 10 s on a
    // machine several times slower. Each cost below is measured by `scripts/bench-budget`, which
    // runs every kind of work to the budget and reports its seconds (docs/robustness.md).

    /// Formatting an element or a point for output (`elements`, `points`, `export`, `save`:
    /// about 0.8 µs each).
    public static let listingCost = 20
    /// Visiting an element to transform, split, hit-test or search it (about 0.6 µs per cubic
    /// for `rotate`, `scale` and `split` on 100,000 of them).
    public static let visitCost = 12
    /// A piece or index node a hit test or nearest-point search looks at (about 0.1 µs; a
    /// nearest point on a cubic, about 1 µs, is counted as the segment it is).
    public static let lookCost = 2
    /// A procedure or function call: its frame, scope and arguments (a call and its `return`
    /// take about 1 µs).
    public static let callCost = 12
    /// A statement that is not a command (`let`, `x = …`, `if`, `print`) and a loop turn (a `let`
    /// of a number takes about 0.25 µs).
    public static let statementCost = 4
    /// Evaluating one node of an expression (a number, a name: about 0.05 µs; an operator
    /// costs this twice).
    public static let expressionCost = 1
    /// Each element a command appends to the path: measured, with its length, bounds and index
    /// entry (about 0.8 µs for the arcs and lines of `circle` and `roundrect`).
    public static let elementCost = 16
    /// An `include`: finding, opening and reading the file (about 12 µs), besides one unit per
    /// two bytes read and parsed (`includeByteCost`).
    public static let includeCost = 250
    /// Measuring how far a Bézier approximation of an arc strays (`cubics`, `quads`: about 60 µs).
    public static let curveApproximationCost = 1200
    /// The bytes of an included file read and parsed per unit (about 25 ns a byte).
    public static let includeBytesPerUnit = 2
    /// What every command costs besides its row's cost, its arguments' expressions and the
    /// elements it appends: binding its arguments and making its report (a `line` in a loop
    /// takes about 1.1 µs in all).
    public static let commandOverhead = 10
}

/// The formats of `export`.
public enum ExportFormat: String, Sendable, CaseIterable {
    case swift, svg, points

    var summary: String {
        switch self {
        case .swift: "Swift code that builds the path (UIBezierPath unless a target is named)"
        case .svg: "SVG path data"
        case .points: "the track points as a Swift [CGPoint] (with angles: point and tangent angle)"
        }
    }
}

/// What `export swift` builds the path with.
public enum SwiftTarget: String, Sendable, CaseIterable {
    case uikit, cgpath, swiftui, shape

    var summary: String {
        switch self {
        case .uikit: "a UIBezierPath (the default)"
        case .cgpath: "a CGMutablePath"
        case .swiftui: "a SwiftUI Path"
        case .shape: "a SwiftUI Shape whose path(in:) scales the design into its rect"
        }
    }

    /// The name given when `as` gives none.
    public var defaultName: String { self == .shape ? "Drawing" : "path" }
}

/// The layers `save` can draw over the path.
public enum SaveLayer: String, Sendable, CaseIterable {
    case controls, labels, points, handle, bounds, nearest, casteljau, figure, comb, fill

    var summary: String {
        switch self {
        case .controls: "the control polygons and points"
        case .points: "the track points"
        case .handle: "the handle"
        case .bounds: "the tight bounds"
        case .nearest: "the last nearest-point query"
        case .casteljau: "the last de Casteljau construction"
        case .labels: "the control points named P0, P1, ... (with the element's index when there are several curves)"
        case .figure: "the last teaching query's figure (a split, a tangent, a circle, molding, ...)"
        case .comb:
            "a curvature comb along every curve (teeth along the normal, proportional to the curvature; the longest a fifth of the path's size)"
        case .fill: "the path filled (nonzero rule)"
        }
    }
}

/// What kind of work a command does; the printers and `help` group by it.
public enum CommandGroup: String, Sendable, CaseIterable {
    case path = "Drawing"
    case track = "Track points and the handle"
    case transform = "Transforms"
    case query = "Queries"
    case combine = "Between shapes"
    case teaching = "Teaching"
    case session = "Session"
    case language = "Language"
}

/// One row of the command table: everything the language knows about a command. Parsing,
/// binding (arity, option words and their groups, defaults), the work budget, dispatch, `help`,
/// completion and "did you mean" all read it; nothing about a command lives elsewhere.
public struct CommandSpec: Sendable {
    /// A command's handler: it runs the command on the interpreter with its bound arguments.
    typealias Handler = @Sendable (Interpreter) -> (Invocation) throws(Diagnostic) -> Void

    public var name: String
    /// Positional parameter names, in order.
    public var parameters: [String]
    /// Trailing parameters that may be left out (counted from the end of `parameters`).
    public var optionalCount: Int = 0
    /// Takes any number of positional values (`dash`, `catmull`).
    public var variadic: Bool = false
    /// How errors name a variadic command's values: one of them, and all of them.
    var variadicNames = (each: "each dash length", all: "any number of lengths")
    public var keywords: [KeywordSpec] = []
    /// Option words that exclude each other, or of which one is needed.
    public var optionGroups: [OptionGroup] = []
    public var group: CommandGroup
    /// What one run costs against the work budget (no default: every row states it).
    public var cost: WorkCost
    /// A query reports what was asked for and changes nothing that `undo` would revert; its
    /// report is shown under `--quiet` (`Report.isRequested` agrees, which a test checks).
    public var isQuery: Bool
    /// Whether `name(...)` in an expression runs it and gives its report as a value. Nil means
    /// "if it is a query"; the queries that only print or write (`show`, `save`, ...) say false,
    /// and `handle` (whose bare form is its query) says true.
    var functionForm: Bool? = nil
    public var summary: String
    public var example: String
    /// Takes text, not numbers: the handler reads its arguments as written (`svg`, `save`, `help`).
    public internal(set) var takesText = false
    /// What the command does; nil for the language's statements, which the interpreter runs itself.
    var run: Handler?

    public func keyword(named n: String) -> KeywordSpec? { keywords.first { $0.name == n } }

    /// `name(...)` gives a value (see `functionForm`).
    public var hasFunctionForm: Bool { functionForm ?? isQuery }

    /// The usage line: `arc cx cy r start end [cw|ccw]`; a required group gives one line per
    /// choice (`drag to x y | drag by dx dy`).
    public var usage: String {
        var parts = [name]
        for (i, p) in parameters.enumerated() {
            parts.append(i >= parameters.count - optionalCount ? "[\(p)]" : p)
        }
        if variadic { parts.append("...") }
        let required = optionGroups.first(where: { $0.required })
        let requiredWords = required.map { $0.names.compactMap { keyword(named: $0) } } ?? []
        if let required, requiredWords.contains(where: { $0.valueCount > 0 }) {
            return required.names.compactMap { keyword(named: $0) }
                .map { ([name, $0.name] + $0.values).joined(separator: " ") }.joined(separator: " | ")
        }
        // Words that need one of them (`export swift|svg|points`) come first.
        if let required { parts.insert(required.names.joined(separator: "|"), at: 1) }
        let grouped = Set(optionGroups.flatMap({ $0.names }))
        for group in optionGroups where !group.required {
            parts.append("[" + group.names.joined(separator: "|") + "]")
        }
        // Flags outside any group may be given together: a bracket each.
        for k in keywords where k.valueCount == 0 && !grouped.contains(k.name) { parts.append("[\(k.name)]") }
        for k in keywords where k.valueCount > 0 && !grouped.contains(k.name) {
            parts.append("[\(k.name) \(k.values.joined(separator: " "))]")
        }
        return parts.joined(separator: " ")
    }

    /// How the arity error describes the parameters: "2 arguments (x y)".
    var arityDescription: String {
        let max = parameters.count, min = max - optionalCount
        if variadic { return variadicNames.all }
        if max == 0 { return "" }
        let count = min == max ? "\(max)" : "\(min) to \(max)"
        return "\(count) argument\(max == 1 ? "" : "s") (\(parameters.joined(separator: " ")))"
    }

    /// The fewest and most positional arguments (any number for a variadic command: `dash`
    /// alone is `dash 1 1`).
    public var arity: ClosedRange<Int> {
        variadic ? 0...Int.max : parameters.count - optionalCount...parameters.count
    }
}

/// The built-in commands. The language's statements (`let`, `repeat`, `for`, `if`, `def`,
/// `print`, `include`) have rows too, for `help` and completion, with `group` `.language`.
/// To add a command: add its row here and its handler in Interpreter+Commands.swift (see
/// docs/contributing.md).
public enum CommandTable {
    static func flag(_ n: String, _ s: String) -> KeywordSpec { KeywordSpec(name: n, summary: s) }
    /// The row of a boolean operation with path value `a` (`union a [evenodd]`, ...).
    static func combination(_ name: String, _ summary: String, example: String) -> CommandSpec {
        CommandSpec(
            name: name, parameters: ["a"], keywords: [flag("evenodd", "fill both with the even-odd rule instead of nonzero winding")],
            group: .combine, cost: .perElement(WorkCost.visitCost), isQuery: false, summary: summary, example: example,
            takesText: true, run: Interpreter.booleanCommand)
    }
    static let about = KeywordSpec(name: "about", values: ["x", "y"], summary: "the fixed point (default: the centre of the bounds)")
    /// `stroke`'s and `offset`'s miter limit and Bézier tolerance.
    static let miterLimit = KeywordSpec(name: "limit", values: ["m"], summary: "the miter limit, as CoreGraphics (default 10)", defaults: [10])
    static let offsetTolerance = KeywordSpec(
        name: "tolerance", values: ["e"], summary: "how far a Bézier's offset may stray from the true one (default 0.000001)",
        defaults: [Tolerance.offset])
    static func exclusive(_ names: String...) -> OptionGroup { OptionGroup(names: names, required: false) }
    static func oneOf(_ names: String...) -> OptionGroup { OptionGroup(names: names, required: true) }

    public static let all: [CommandSpec] = [
        // Drawing
        CommandSpec(
            name: "move", parameters: ["x", "y"], group: .path, cost: .unit, isQuery: false,
            summary: "start a new subpath at (x, y)", example: "move 10 20", run: Interpreter.moveCommand),
        CommandSpec(
            name: "line", parameters: ["x", "y"], group: .path, cost: .unit, isQuery: false,
            summary: "straight segment to (x, y)", example: "line 100 20", run: Interpreter.lineCommand),
        CommandSpec(
            name: "quad", parameters: ["cx", "cy", "x", "y"], group: .path, cost: .units(4), isQuery: false,
            summary: "quadratic Bézier with control point (cx, cy) to (x, y)", example: "quad 50 0 100 50",
            run: Interpreter.quadCommand),
        CommandSpec(
            name: "through", parameters: ["bx", "by", "x", "y"],
            keywords: [flag("cubic", "a cubic, its tangent at (bx, by) parallel to the line from start to end")],
            group: .path, cost: .unit, isQuery: false,
            summary: "a quadratic (or cubic) from the current point through (bx, by) to (x, y), as the Primer builds it from three points",
            example: "through 50 -20 100 0", run: Interpreter.throughCommand),
        CommandSpec(
            name: "catmull", parameters: ["x", "y"], variadic: true, variadicNames: ("each coordinate", "pairs of coordinates (x y ...)"),
            keywords: [KeywordSpec(name: "tension", values: ["t"], summary: "the spline's tension (default 1; larger is tighter)", defaults: [1])],
            group: .path, cost: .perElement(0), isQuery: false,
            summary: "a Catmull-Rom spline from the current point through the given points, drawn as cubics (the Primer's conversion)",
            example: "catmull 50 0 100 50 150 0", run: Interpreter.catmullCommand),
        CommandSpec(
            name: "curve", parameters: ["c1x", "c1y", "c2x", "c2y", "x", "y"], group: .path, cost: .units(8), isQuery: false,
            summary: "cubic Bézier with control points c1 and c2 to (x, y)", example: "curve 30 0 70 100 100 50",
            run: Interpreter.curveCommand),
        CommandSpec(
            name: "arc", parameters: ["cx", "cy", "r", "start", "end"],
            keywords: [
                flag("cw", "increasing angle, clockwise on screen (the default)"),
                flag("ccw", "decreasing angle, counter-clockwise on screen"),
            ],
            optionGroups: [exclusive("cw", "ccw")], group: .path, cost: .units(8), isQuery: false,
            summary: "circular arc about (cx, cy); joined to the current point by a line",
            example: "arc 160 126.9 80 45deg -225deg ccw", run: Interpreter.arcCommand),
        CommandSpec(
            name: "close", parameters: [], group: .path, cost: .unit, isQuery: false,
            summary: "straight segment back to the subpath's start", example: "close", run: Interpreter.closeCommand),
        CommandSpec(
            name: "rect", parameters: ["x", "y", "w", "h"], group: .path, cost: .unit, isQuery: false,
            summary: "closed rectangle from (x, y), clockwise", example: "rect 0 0 100 50", run: Interpreter.rectCommand),
        CommandSpec(
            name: "oval", parameters: ["x", "y", "w", "h"], group: .path, cost: .unit, isQuery: false,
            summary: "closed ellipse inscribed in the rectangle, exact", example: "oval 0 0 100 50", run: Interpreter.ovalCommand),
        CommandSpec(
            name: "circle", parameters: ["cx", "cy", "r"], group: .path, cost: .unit, isQuery: false,
            summary: "closed circle about (cx, cy), exact", example: "circle 50 50 25", run: Interpreter.circleCommand),
        CommandSpec(
            name: "roundrect", parameters: ["x", "y", "w", "h", "r"], group: .path, cost: .unit, isQuery: false,
            summary:
                "closed rectangle with circular corners of radius r (exact arcs: not the continuous corners of UIBezierPath(roundedRect:cornerRadius:))",
            example: "roundrect 0 0 200 120 30",
            run: Interpreter.roundrectCommand),
        CommandSpec(
            name: "clear", parameters: [], group: .path, cost: .unit, isQuery: false,
            summary: "empty the path (the handle goes too)", example: "clear", run: Interpreter.clearCommand),
        // Track points and the handle
        CommandSpec(
            name: "dash", parameters: ["on", "off"], variadic: true,
            keywords: [KeywordSpec(name: "phase", values: ["p"], summary: "start this far into the pattern", defaults: [0])],
            group: .track, cost: .unit, isQuery: false,
            summary: "compute the track points: the ends of every dash of the pattern",
            example: "dash 1 1", run: Interpreter.dashCommand),
        CommandSpec(
            name: "handle", parameters: ["i"], optionalCount: 1, group: .track, cost: .unit, isQuery: false, functionForm: true,
            summary: "show the handle, or put it on track point i (wrapping)", example: "handle 10",
            run: Interpreter.handleCommand),
        CommandSpec(
            name: "drag", parameters: [],
            keywords: [
                KeywordSpec(name: "to", values: ["x", "y"], summary: "drag toward the point (x, y)"),
                KeywordSpec(name: "by", values: ["dx", "dy"], summary: "move the drag target by (dx, dy)"),
            ],
            optionGroups: [oneOf("to", "by")], group: .track, cost: .unit, isQuery: false,
            summary: "slide the handle along the track points toward a target",
            example: "drag to 200 300", run: Interpreter.dragCommand),
        CommandSpec(
            name: "setpoint", parameters: ["i", "k", "x", "y"], group: .path, cost: .perElement(WorkCost.elementCost), isQuery: false,
            summary:
                "move point k of element i to (x, y): an anchor moves for both elements that share it; an arc's points are centre, start, end, radius",
            example: "setpoint 1 0 50 20", run: Interpreter.setpointCommand),
        CommandSpec(
            name: "snap", parameters: ["x", "y"], group: .track, cost: .unit, isQuery: false,
            summary: "jump the handle to the track point nearest (x, y)", example: "snap 80 120", run: Interpreter.snapCommand),
        // Transforms
        CommandSpec(
            name: "translate", parameters: ["dx", "dy"],
            keywords: [
                KeywordSpec(
                    name: "within", values: ["x", "y", "w", "h"],
                    summary: "keep the bounds inside this rectangle, axis by axis (seed 003)")
            ],
            group: .transform, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "move the path by (dx, dy)", example: "translate 10 0 within 0 0 320 480",
            run: Interpreter.translateCommand),
        CommandSpec(
            name: "rotate", parameters: ["angle"], keywords: [about], group: .transform, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "rotate the path (positive turns clockwise on screen)", example: "rotate 30deg about 0 0",
            run: Interpreter.rotateCommand),
        CommandSpec(
            name: "scale", parameters: ["s", "sy"], optionalCount: 1, keywords: [about], group: .transform,
            cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "scale the path by s (or s and sy); arcs stay exact", example: "scale 2 0.5", run: Interpreter.scaleCommand),
        CommandSpec(
            name: "reset", parameters: [], group: .transform, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "undo every transform since the last reset (the seed's triple tap)", example: "reset",
            run: Interpreter.resetCommand),
        // Seed constructions
        CommandSpec(
            name: "sticky", parameters: ["x0", "y0", "r0", "x", "y", "r"],
            keywords: [
                KeywordSpec(name: "break", values: ["b"], summary: "the radius below which the bridge breaks (default r0/2)"),
                flag("release", "the finger lifted: spring back to rest"),
            ],
            group: .path, cost: .unit, isQuery: false,
            summary: "seed 001: a fixed circle, a dragged circle and the gooey bridge between them",
            example: "sticky 160 60 20 200 160 20", run: Interpreter.stickyCommand),
        CommandSpec(
            name: "wander", parameters: ["duration", "speed"], optionalCount: 1,
            keywords: [
                KeywordSpec(name: "seed", values: ["n"], summary: "the random seed (default: a new one each time, reported)"),
                KeywordSpec(
                    name: "within", values: ["x", "y", "w", "h"], summary: "the safe area (default 0 0 375 667)",
                    defaults: [0, 0, 375, 667]),
                KeywordSpec(name: "from", values: ["x", "y"], summary: "the start point (default 80 517)", defaults: [80, 517]),
            ],
            group: .path, cost: .unit, isQuery: false,
            summary: "seed 002: a random smooth curve of tangent arcs, duration × speed long (speed 15)",
            example: "wander 60 seed 7", run: Interpreter.wanderCommand),
        CommandSpec(
            name: "svg", parameters: ["\"data\""], group: .path, cost: .unit, isQuery: false,
            summary: "append SVG path data (M L H V C S Q T A Z, absolute and relative); arcs stay exact",
            example: "svg \"M 10 10 h 80 a 20 20 0 0 1 20 20 v 40 Z\"", takesText: true, run: Interpreter.svgCommand),
        CommandSpec(
            name: "draw", parameters: ["p"], group: .path, cost: .unit, isQuery: false,
            summary: "append the subpaths of path value p (from path() or a function), exactly as they are",
            example: "draw path()", takesText: true, run: Interpreter.drawCommand),
        // Queries
        CommandSpec(
            name: "export", parameters: ["def", "\"file.swift\""], optionalCount: 2,
            keywords: ExportFormat.allCases.map { flag($0.rawValue, $0.summary) }
                + SwiftTarget.allCases.map { flag($0.rawValue, $0.summary) }
                + [
                    KeywordSpec(
                        name: "as", values: ["NAME"],
                        summary: "the name of the variable, type or function (default: path, Drawing, or the def's name)",
                        takesName: true),
                    flag("angles", "with points: each point with the path's tangent angle there, for keyframes"),
                    flag(
                        "exact",
                        "every bit of every number (else a number within 1e-12 of the path's size of a short decimal is written as it, and angles as .pi fractions)"
                    ),
                ],
            optionGroups: [
                OptionGroup(names: ExportFormat.allCases.map({ $0.rawValue }), required: true),
                OptionGroup(names: SwiftTarget.allCases.map({ $0.rawValue }), required: false),
            ],
            group: .query, cost: .perElement(WorkCost.listingCost), isQuery: true, functionForm: false,
            summary: "print the path as Swift code or SVG path data, or write it to a .swift file; with a def's name, the def as a Swift function",
            example: "export swift cgpath as card", takesText: true, run: Interpreter.exportCommand),
        CommandSpec(
            name: "save", parameters: ["\"file.svg\""],
            keywords: SaveLayer.allCases.map { flag($0.rawValue, $0.summary) } + [flag("all", "every layer but fill")],
            group: .query, cost: .perElement(WorkCost.listingCost), isQuery: true, functionForm: false,
            summary: "write an SVG (or, for a .pdf name, PDF) picture of the path, with optional layers",
            example: "save \"figure.svg\" points handle", takesText: true, run: Interpreter.saveCommand),
        CommandSpec(
            name: "show", parameters: [],
            keywords: [
                flag("ascii", "plain ASCII instead of braille"), flag("controls", "the control polygons, control points as ○ (o in ASCII)"),
                flag("handle", "the handle, as ● (@ in ASCII)"),
            ], group: .query,
            cost: .perElement(3), isQuery: true, functionForm: false,
            summary: "plot the path in the terminal (braille dots), with its control polygons or the handle if asked", example: "show controls",
            run: Interpreter.showCommand),
        CommandSpec(
            name: "length", parameters: [], group: .query, cost: .unit, isQuery: true,
            summary: "total length of the path", example: "length", run: Interpreter.lengthCommand),
        CommandSpec(
            name: "points", parameters: [], group: .query, cost: .unit, isQuery: true,
            summary: "list the track points", example: "points", run: Interpreter.pointsCommand),
        CommandSpec(
            name: "bounds", parameters: [], group: .query, cost: .unit, isQuery: true,
            summary: "tight bounds of the exact geometry", example: "bounds", run: Interpreter.boundsCommand),
        CommandSpec(
            name: "contains", parameters: ["x", "y"],
            keywords: [flag("evenodd", "use the even-odd rule instead of nonzero winding")],
            group: .query, cost: .units(20), isQuery: true,
            summary: "is (x, y) inside the path?", example: "contains 50 50", run: Interpreter.containsCommand),
        CommandSpec(
            name: "nearest", parameters: ["x", "y"], group: .query, cost: .units(20), isQuery: true,
            summary: "nearest point of the path, its distance and arc-length position", example: "nearest 0 0",
            run: Interpreter.nearestCommand),
        CommandSpec(
            name: "intersections", parameters: ["a"], optionalCount: 1, group: .query, cost: .perElement(WorkCost.visitCost),
            isQuery: true,
            summary: "where the path crosses or touches itself, or path value a (points, arc lengths, overlaps)",
            example: "intersections", takesText: true, run: Interpreter.intersectionsCommand),
        combination(
            "union", "the path becomes the outline of its filled area together with path value a's",
            example: "let a = path(); clear; circle 100 20 50; union a"),
        combination(
            "intersect", "the path becomes the outline of where its filled area and path value a's overlap",
            example: "let a = path(); clear; circle 100 20 50; intersect a"),
        combination(
            "subtract", "the path becomes the outline of its filled area with path value a's cut away",
            example: "let hole = path(); clear; rect -50 -50 400 150; subtract hole"),
        combination(
            "xor", "the path becomes the outline of where exactly one of its filled area and path value a's is",
            example: "let a = path(); clear; circle 100 20 50; xor a"),
        CommandSpec(
            name: "stroke", parameters: ["w"],
            keywords: [
                KeywordSpec(
                    name: "cap", values: ["butt|round|square"], summary: "the ends of open subpaths (default butt)", defaults: [0],
                    choices: ["butt", "round", "square"]),
                KeywordSpec(
                    name: "join", values: ["miter|round|bevel"], summary: "the corners (default miter)", defaults: [0],
                    choices: ["miter", "round", "bevel"]),
                miterLimit, offsetTolerance,
            ],
            group: .combine, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "the path becomes the outline CoreGraphics fills when stroking it with width w: no overlaps, no crossings",
            example: "stroke 4 cap round", run: Interpreter.strokeCommand),
        CommandSpec(
            name: "dashes", parameters: ["on", "off"], variadic: true,
            keywords: [KeywordSpec(name: "phase", values: ["p"], summary: "start this far into the pattern", defaults: [0])],
            group: .combine, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "the path becomes its dashes, one subpath each (arcs stay arcs; the pattern and rule of dash)",
            example: "dashes 6 4", run: Interpreter.dashesCommand),
        CommandSpec(
            name: "offset", parameters: ["d"],
            keywords: [
                KeywordSpec(
                    name: "join", values: ["round|miter|bevel"], summary: "the corners of a grown outline (default round)", defaults: [0],
                    choices: ["round", "miter", "bevel"]),
                miterLimit, offsetTolerance,
            ],
            group: .combine, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "the path becomes the outline of its filled area grown by d (shrunk for negative d): every point of it d from the original",
            example: "offset 5", run: Interpreter.offsetCommand),
        CommandSpec(
            name: "simplify", parameters: [], keywords: [flag("evenodd", "fill with the even-odd rule instead of nonzero winding")],
            group: .combine, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "the path becomes the outline of its own filled area: no overlaps, no crossings",
            example: "simplify", run: Interpreter.booleanCommand),
        CommandSpec(
            name: "at", parameters: ["s"], group: .query, cost: .unit, isQuery: true,
            summary: "point and tangent angle at arc length s", example: "at 100", run: Interpreter.atCommand),
        CommandSpec(
            name: "elements", parameters: [], group: .query, cost: .perElement(WorkCost.listingCost), isQuery: true,
            summary: "list the path's elements with their lengths", example: "elements", run: Interpreter.elementsCommand),
        // Teaching
        CommandSpec(
            name: "casteljau", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the de Casteljau construction of element i at parameter t (save ... casteljau draws it)",
            example: "casteljau 1 0.5", run: Interpreter.casteljauCommand),
        CommandSpec(
            name: "yforx", parameters: ["i", "x"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the points of element i at x: y for x (the roots of x(t) - x)", example: "yforx 1 10",
            run: Interpreter.yForXCommand),
        CommandSpec(
            name: "hodograph", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the control points of element i's derivative: n(P[k+1] - P[k]) for a Bézier of degree n",
            example: "hodograph 1", run: Interpreter.hodographCommand),
        CommandSpec(
            name: "components", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "x(t) and y(t) of element i as polynomials (lowest power first)", example: "components 2",
            run: Interpreter.componentsCommand),
        CommandSpec(
            name: "align", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "element i's control points moved so that it starts at the origin with its chord along +x",
            example: "align 2", run: Interpreter.alignCommand),
        CommandSpec(
            name: "alignedbox", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the corners of element i's tight box turned to its chord (an oriented bounding box)",
            example: "alignedbox 2", run: Interpreter.alignedBoxCommand),
        CommandSpec(
            name: "continuity", parameters: [], group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: true,
            summary: "how each element joins the next: C1 (same derivative), G1 (same direction) or a corner and its turn",
            example: "continuity", run: Interpreter.continuityCommand),
        CommandSpec(
            name: "abc", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the projection identity of element i at t: A, B on the curve, C on the chord, u and the ratio",
            example: "abc 2 0.3", run: Interpreter.abcCommand),
        CommandSpec(
            name: "bernstein", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the weight of each of element i's points at t (the Bernstein polynomials) and the point they make",
            example: "bernstein 1 0.25", run: Interpreter.bernsteinCommand),
        CommandSpec(
            name: "rational", parameters: ["i", "t", "w0", "w1", "w2", "w3"], optionalCount: 1, group: .teaching, cost: .unit, isQuery: true,
            summary: "the point at t of the rational curve with element i's points and one weight per point (save ... figure draws that curve)",
            example: "rational 2 0.5 1 2 2 1", run: Interpreter.rationalCommand),
        CommandSpec(
            name: "matrix", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "element i in matrix form: B(t) = [1 t t² t³]·M·P, with M, P and the coefficients M·P",
            example: "matrix 1", run: Interpreter.matrixCommand),
        CommandSpec(
            name: "splitmatrix", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the two matrices that split element i at t, and the points of both pieces (save ... figure draws them)",
            example: "splitmatrix 1 0.5", run: Interpreter.splitMatrixCommand),
        CommandSpec(
            name: "interval", parameters: ["i", "a", "b"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the points of element i's curve over t from a to b, any real numbers: outside 0 to 1 the curve goes on",
            example: "interval 1 -0.5 1.5", run: Interpreter.intervalCommand),
        CommandSpec(
            name: "canonical", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary:
                "cubic element i in canonical form: where its last point falls and what that makes it (arch, loop, cusp, one or two inflections)",
            example: "canonical 2", run: Interpreter.canonicalCommand),
        CommandSpec(
            name: "catmullpoints", parameters: ["i"],
            keywords: [KeywordSpec(name: "tension", values: ["t"], summary: "the spline's tension (default 1)", defaults: [1])],
            group: .teaching, cost: .unit, isQuery: true,
            summary: "the four Catmull-Rom points that draw Bézier element i: catmull through them gives it back",
            example: "catmullpoints 2", run: Interpreter.catmullPointsCommand),
        CommandSpec(
            name: "mold", parameters: ["i", "t", "x", "y"], group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "move element i's point at t to (x, y), its ends kept (the projection identity; a cubic keeps its tangent there)",
            example: "mold 2 0.5 60 -20", run: Interpreter.moldCommand),
        CommandSpec(
            name: "fit", parameters: ["x", "y"], variadic: true, variadicNames: ("each coordinate", "pairs of coordinates (x y ...)"),
            keywords: [KeywordSpec(name: "degree", values: ["n"], summary: "2 for a quadratic, 3 for a cubic (default)", defaults: [3])],
            group: .path, cost: .perElement(0), isQuery: false,
            summary: "the Bézier from the current point to the last point nearest all the points (least squares), and how far it misses",
            example: "fit 10 20 30 25 50 0", run: Interpreter.fitCommand),
        CommandSpec(
            name: "bspline", parameters: ["x", "y"], variadic: true, variadicNames: ("each coordinate", "pairs of coordinates (x y ...)"),
            keywords: [KeywordSpec(name: "degree", values: ["n"], summary: "2 or 3 (default)", defaults: [3])],
            group: .path, cost: .perElement(0), isQuery: false,
            summary: "the B-spline with the current point and these as control points, from the first to the last, as Béziers",
            example: "bspline 20 40 60 40 80 0", run: Interpreter.bSplineCommand),
        CommandSpec(
            name: "offsetcurve", parameters: ["i", "d", "d1"], optionalCount: 1,
            keywords: [
                KeywordSpec(
                    name: "tolerance", values: ["e"], summary: "how far the cubics may stray from the true offset (default 0.000001)",
                    defaults: [Tolerance.offset])
            ],
            group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "draw the curve at distance d beside element i (growing to d1 at its end: a graduated offset) as a new subpath",
            example: "offsetcurve 2 10", run: Interpreter.offsetCurveCommand),
        CommandSpec(
            name: "lengthtable", parameters: ["i", "n"], group: .teaching, cost: .unit, isQuery: true,
            summary: "element i's length summed as n chords (a look-up table) beside the exact length",
            example: "lengthtable 2 10", run: Interpreter.lengthTableCommand),
        CommandSpec(
            name: "cubics", parameters: ["i"], optionalCount: 1, group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary:
                "replace arc element i (or every arc) by the cubics CoreGraphics draws it with, a quarter turn at most each, and say how far they stray",
            example: "cubics", run: Interpreter.cubicsCommand),
        CommandSpec(
            name: "arcs", parameters: ["i"],
            keywords: [
                KeywordSpec(
                    name: "tolerance", values: ["e"], summary: "the largest distance allowed between the curve and its arcs (default 0.001)",
                    defaults: [1e-3])
            ],
            group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "replace Bézier element i by circular arcs within e of it (lines where it is straight) and say how far they stray",
            example: "arcs 2", run: Interpreter.arcsCommand),
        CommandSpec(
            name: "quads", parameters: ["i"], optionalCount: 1, group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "replace arc element i (or every arc) by quadratic Béziers of at most 45° each and say how far they stray",
            example: "quads", run: Interpreter.quadsCommand),
        CommandSpec(
            name: "elevate", parameters: ["i"], group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "raise element i's degree by one (a line to a quadratic, a quadratic to a cubic): the curve does not change",
            example: "elevate 1", run: Interpreter.elevateCommand),
        CommandSpec(
            name: "lower", parameters: ["i"],
            keywords: [
                flag(
                    "primer",
                    "the Primer's least squares instead, whose ends move: drawn as a figure beside the element, which stays (the path would tear)")
            ],
            group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary:
                "lower element i's degree by one, ends pinned (a cubic to the nearest quadratic, a quadratic to its chord) and say how far it moved",
            example: "lower 2", run: Interpreter.lowerCommand),
        CommandSpec(
            name: "split", parameters: ["i", "t"], group: .teaching, cost: .perElement(WorkCost.visitCost), isQuery: false,
            summary: "split element i at parameter t into two of its kind (the shape does not change)",
            example: "split 1 0.5", run: Interpreter.splitCommand),
        CommandSpec(
            name: "tangent", parameters: ["s"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the unit tangent (direction of travel) at arc length s", example: "tangent 10",
            run: Interpreter.tangentCommand),
        CommandSpec(
            name: "normal", parameters: ["s"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the unit normal at arc length s: the tangent turned 90° clockwise on screen", example: "normal 10",
            run: Interpreter.normalCommand),
        CommandSpec(
            name: "curvature", parameters: ["s"], group: .teaching, cost: .unit, isQuery: true,
            summary: "the signed curvature at arc length s (positive turning clockwise on screen) and its radius",
            example: "curvature 10", run: Interpreter.curvatureCommand),
        CommandSpec(
            name: "extrema", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "where element i turns in x and in y: its parameters and points", example: "extrema 1",
            run: Interpreter.extremaCommand),
        CommandSpec(
            name: "point", parameters: ["i", "t"], group: .teaching, cost: .unit, isQuery: true,
            summary: "element i at parameter t: its point, first and second derivatives in t, curvature and arc length",
            example: "point 1 0.5", run: Interpreter.pointCommand),
        CommandSpec(
            name: "locate", parameters: ["s"], group: .teaching, cost: .unit, isQuery: true,
            summary: "where arc length s falls: the element and its parameter t", example: "locate 100", run: Interpreter.locateCommand),
        CommandSpec(
            name: "inflections", parameters: ["i"], group: .teaching, cost: .unit, isQuery: true,
            summary: "where element i's curvature changes sign (the roots of x'y'' - y'x'')", example: "inflections 1",
            run: Interpreter.inflectionsCommand),
        // Session
        CommandSpec(
            name: "undo", parameters: [], group: .session, cost: .unit, isQuery: false,
            summary: "revert the last command that changed the state", example: "undo", run: Interpreter.undoCommand),
        CommandSpec(
            name: "vars", parameters: [], group: .session, cost: .unit, isQuery: true, functionForm: false,
            summary: "list the variables and procedures defined in this session", example: "vars",
            run: Interpreter.varsCommand),
        CommandSpec(
            name: "figure", parameters: [],
            keywords: [
                flag("keep", "from now on each teaching query's figure joins the ones before (tangent and normal in one picture)"),
                flag("replace", "from now on each figure replaces the last (the default)"),
                flag("clear", "drop the figure now (the mode stays)"),
            ],
            optionGroups: [OptionGroup(names: ["keep", "replace", "clear"], required: true)],
            group: .session, cost: .unit, isQuery: false,
            summary: "whether the teaching queries' figures accumulate for save ... figure, or clear them",
            example: "figure keep", run: Interpreter.figureCommand),
        CommandSpec(
            name: "precision", parameters: ["n"], group: .session, cost: .unit, isQuery: false,
            summary: "decimals shown in text output (default 4)", example: "precision 6", run: Interpreter.precisionCommand),
        CommandSpec(
            name: "help", parameters: ["command"], optionalCount: 1, group: .session, cost: .unit, isQuery: true, functionForm: false,
            summary: "list the commands, or show one with an example", example: "help arc", takesText: true,
            run: Interpreter.helpCommand),
        // Language
        CommandSpec(
            name: "let", parameters: ["name", "=", "value"], group: .language, cost: .unit, isQuery: false,
            summary: "define a variable", example: "let r = 80"),
        CommandSpec(
            name: "repeat", parameters: ["n", "{ ... }"], group: .language, cost: .unit, isQuery: false,
            summary: "run a block n times", example: "repeat 4 { line 10 0 }"),
        CommandSpec(
            name: "for", parameters: ["i", "in", "a..<b", "{ ... }"], group: .language, cost: .unit, isQuery: false,
            summary: "run a block for i from a up to b (a...b includes b)", example: "for i in 0..<4 { circle i*20 0 5 }"),
        CommandSpec(
            name: "if", parameters: ["condition", "{ ... }"], group: .language, cost: .unit, isQuery: false,
            summary: "run a block when the condition is not zero, else the else-block",
            example: "if r > 10 { circle 0 0 r } else { circle 0 0 10 }"),
        CommandSpec(
            name: "def", parameters: ["name(a, b)", "{ ... }"], group: .language, cost: .unit, isQuery: false,
            summary: "define a procedure, called like a command", example: "def dot(x, y) { circle x y 2 }"),
        CommandSpec(
            name: "return", parameters: ["value"], group: .language, cost: .unit, isQuery: false,
            summary: "end a procedure with a value: it becomes a function, called as name(a, b) in expressions",
            example: "def half(x) { return x / 2 }"),
        CommandSpec(
            name: "print", parameters: ["values..."], group: .language, cost: .unit, isQuery: true,
            summary: "print values and strings", example: "print \"r =\" r"),
        CommandSpec(
            name: "include", parameters: ["\"file\""], group: .language, cost: .unit, isQuery: false,
            summary: "run another script file here", example: "include \"card.shape\""),
    ]

    static let byName: [String: Row] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, Row($0)) })

    /// A row held by reference, so that looking one up for every statement does not copy it.
    final class Row: Sendable {
        let spec: CommandSpec
        init(_ spec: CommandSpec) { self.spec = spec }
    }

    /// The row for a command name (not a language word), by reference, or `nil`.
    static func row(named name: String) -> Row? {
        guard let r = byName[name], r.spec.group != .language else { return nil }
        return r
    }

    /// For the parser: each command's option words and how many values each takes (a row is a
    /// large value; the parser needs only this of it, once per statement).
    static let optionValueCounts: [String: [String: Int]] = Dictionary(
        uniqueKeysWithValues: all.filter { $0.group != .language }.map { spec in
            var counts: [String: Int] = [:]
            for k in spec.keywords where counts[k.name] == nil { counts[k.name] = k.valueCount }
            return (spec.name, counts)
        })

    /// The row for a command name, or `nil`.
    public static func spec(named name: String) -> CommandSpec? {
        row(named: name)?.spec
    }

    /// Every name `help` knows: the commands and the language's statements.
    public static func helpEntry(named name: String) -> CommandSpec? { byName[name]?.spec }

    /// Every option word of every command.
    public static var optionWords: [String] {
        Array(Set(all.flatMap { $0.keywords.map({ $0.name }) })).stablySorted()
    }
}
