/// An option word a command accepts, and how many values follow it.
public struct KeywordSpec: Sendable {
    public var name: String
    /// The names of the values that follow the word (`x y` after `about`); none for a flag.
    public var values: [String]
    public var summary: String

    public var valueCount: Int { values.count }

    init(name: String, values: [String] = [], summary: String) {
        self.name = name; self.values = values; self.summary = summary
    }
}

/// What kind of work a command does; the printers and `help` group by it.
public enum CommandGroup: String, Sendable, CaseIterable {
    case path = "Drawing"
    case track = "Track points and the handle"
    case transform = "Transforms"
    case query = "Queries"
    case teaching = "Teaching"
    case session = "Session"
    case language = "Language"
}

/// One row of the command table: everything dispatch, arity checks, `help`, completion and "did
/// you mean" need to know about a command, its handler included.
public struct CommandSpec: Sendable {
    /// A command's handler: it runs the command on the interpreter with its checked arguments.
    typealias Handler = @Sendable (Interpreter, Invocation) throws(Diagnostic) -> Void

    public var name: String
    /// Positional parameter names, in order.
    public var parameters: [String]
    /// Trailing parameters that may be left out (counted from the end of `parameters`).
    public var optionalCount: Int = 0
    /// Takes any number of positional values (`dash`).
    public var variadic: Bool = false
    public var keywords: [KeywordSpec] = []
    public var group: CommandGroup
    public var summary: String
    public var example: String
    /// Takes text, not numbers: the handler reads its arguments as written (`svg`, `save`, `help`).
    var takesText = false
    /// What the command does; nil for the language's statements, which the interpreter runs itself.
    var run: Handler?

    public func keyword(named n: String) -> KeywordSpec? { keywords.first { $0.name == n } }

    /// The usage line: `arc cx cy r start end [cw|ccw]`.
    public var usage: String {
        var parts = [name]
        for (i, p) in parameters.enumerated() {
            parts.append(i >= parameters.count - optionalCount ? "[\(p)]" : p)
        }
        if variadic { parts.append("...") }
        if name == "drag" { return "drag to x y | drag by dx dy" }
        let flags = keywords.filter { $0.valueCount == 0 }.map(\.name)
        if !flags.isEmpty { parts.append("[" + flags.joined(separator: "|") + "]") }
        for k in keywords where k.valueCount > 0 {
            parts.append("[\(k.name) \(k.values.joined(separator: " "))]")
        }
        return parts.joined(separator: " ")
    }

    /// How the arity error describes the parameters: "2 arguments (x y)".
    var arityDescription: String {
        let max = parameters.count, min = max - optionalCount
        if variadic { return "any number of lengths" }
        if max == 0 { return "" }
        let count = min == max ? "\(max)" : "\(min) to \(max)"
        return "\(count) argument\(max == 1 ? "" : "s") (\(parameters.joined(separator: " ")))"
    }
}

/// The built-in commands. The language's statements (`let`, `repeat`, `for`, `if`, `def`,
/// `print`, `include`) have rows too, for `help` and completion, with `group` `.language`.
public enum CommandTable {
    static func flag(_ n: String, _ s: String) -> KeywordSpec { KeywordSpec(name: n, summary: s) }
    static let about = KeywordSpec(name: "about", values: ["x", "y"], summary: "the fixed point (default: the centre of the bounds)")

    public static let all: [CommandSpec] = [
        CommandSpec(name: "move", parameters: ["x", "y"], group: .path,
                    summary: "start a new subpath at (x, y)", example: "move 10 20", run: { i, inv throws(Diagnostic) in try i.moveCommand(inv) }),
        CommandSpec(name: "line", parameters: ["x", "y"], group: .path,
                    summary: "straight segment to (x, y)", example: "line 100 20", run: { i, inv throws(Diagnostic) in try i.lineCommand(inv) }),
        CommandSpec(name: "quad", parameters: ["cx", "cy", "x", "y"], group: .path,
                    summary: "quadratic Bézier with control point (cx, cy) to (x, y)", example: "quad 50 0 100 50", run: { i, inv throws(Diagnostic) in try i.quadCommand(inv) }),
        CommandSpec(name: "curve", parameters: ["c1x", "c1y", "c2x", "c2y", "x", "y"], group: .path,
                    summary: "cubic Bézier with control points c1 and c2 to (x, y)", example: "curve 30 0 70 100 100 50", run: { i, inv throws(Diagnostic) in try i.curveCommand(inv) }),
        CommandSpec(name: "arc", parameters: ["cx", "cy", "r", "start", "end"],
                    keywords: [flag("cw", "increasing angle, clockwise on screen (the default)"),
                               flag("ccw", "decreasing angle, counter-clockwise on screen")],
                    group: .path, summary: "circular arc about (cx, cy); joined to the current point by a line",
                    example: "arc 160 126.9 80 45deg -225deg ccw", run: { i, inv throws(Diagnostic) in try i.arcCommand(inv) }),
        CommandSpec(name: "close", parameters: [], group: .path,
                    summary: "straight segment back to the subpath's start", example: "close", run: { i, inv throws(Diagnostic) in try i.closeCommand(inv) }),
        CommandSpec(name: "rect", parameters: ["x", "y", "w", "h"], group: .path,
                    summary: "closed rectangle from (x, y), clockwise", example: "rect 0 0 100 50", run: { i, inv throws(Diagnostic) in try i.rectCommand(inv) }),
        CommandSpec(name: "oval", parameters: ["x", "y", "w", "h"], group: .path,
                    summary: "closed ellipse inscribed in the rectangle, exact", example: "oval 0 0 100 50", run: { i, inv throws(Diagnostic) in try i.ovalCommand(inv) }),
        CommandSpec(name: "circle", parameters: ["cx", "cy", "r"], group: .path,
                    summary: "closed circle about (cx, cy), exact", example: "circle 50 50 25", run: { i, inv throws(Diagnostic) in try i.circleCommand(inv) }),
        CommandSpec(name: "roundrect", parameters: ["x", "y", "w", "h", "r"], group: .path,
                    summary: "closed rectangle with circular corners of radius r", example: "roundrect 0 0 200 120 30", run: { i, inv throws(Diagnostic) in try i.roundrectCommand(inv) }),
        CommandSpec(name: "clear", parameters: [], group: .path,
                    summary: "empty the path (the handle goes too)", example: "clear", run: { i, inv throws(Diagnostic) in try i.clearCommand(inv) }),
        CommandSpec(name: "dash", parameters: ["on", "off"], variadic: true,
                    keywords: [KeywordSpec(name: "phase", values: ["p"], summary: "start this far into the pattern")],
                    group: .track, summary: "compute the track points: the ends of every dash of the pattern",
                    example: "dash 1 1", run: { i, inv throws(Diagnostic) in try i.dashCommand(inv) }),
        CommandSpec(name: "handle", parameters: ["i"], optionalCount: 1, group: .track,
                    summary: "show the handle, or put it on track point i (wrapping)", example: "handle 10", run: { i, inv throws(Diagnostic) in try i.handleCommand(inv) }),
        CommandSpec(name: "drag", parameters: [],
                    keywords: [KeywordSpec(name: "to", values: ["x", "y"], summary: "drag toward the point (x, y)"),
                               KeywordSpec(name: "by", values: ["dx", "dy"], summary: "move the drag target by (dx, dy)")],
                    group: .track, summary: "slide the handle along the track points toward a target",
                    example: "drag to 200 300", run: { i, inv throws(Diagnostic) in try i.dragCommand(inv) }),
        CommandSpec(name: "snap", parameters: ["x", "y"], group: .track,
                    summary: "jump the handle to the track point nearest (x, y)", example: "snap 80 120", run: { i, inv throws(Diagnostic) in try i.snapCommand(inv) }),
        CommandSpec(name: "translate", parameters: ["dx", "dy"],
                    keywords: [KeywordSpec(name: "within", values: ["x", "y", "w", "h"],
                                           summary: "keep the bounds inside this rectangle, axis by axis (seed 003)")],
                    group: .transform, summary: "move the path by (dx, dy)", example: "translate 10 0 within 0 0 320 480", run: { i, inv throws(Diagnostic) in try i.translateCommand(inv) }),
        CommandSpec(name: "rotate", parameters: ["angle"], keywords: [about], group: .transform,
                    summary: "rotate the path (positive turns clockwise on screen)", example: "rotate 30deg about 0 0", run: { i, inv throws(Diagnostic) in try i.rotateCommand(inv) }),
        CommandSpec(name: "scale", parameters: ["s", "sy"], optionalCount: 1, keywords: [about], group: .transform,
                    summary: "scale the path by s (or s and sy); arcs stay exact", example: "scale 2 0.5", run: { i, inv throws(Diagnostic) in try i.scaleCommand(inv) }),
        CommandSpec(name: "reset", parameters: [], group: .transform,
                    summary: "undo every transform since the last reset (the seed's triple tap)", example: "reset", run: { i, inv throws(Diagnostic) in try i.resetCommand(inv) }),
        CommandSpec(name: "sticky", parameters: ["x0", "y0", "r0", "x", "y", "r"],
                    keywords: [KeywordSpec(name: "break", values: ["b"], summary: "the radius below which the bridge breaks (default r0/2)"),
                               flag("release", "the finger lifted: spring back to rest")],
                    group: .path, summary: "seed 001: a fixed circle, a dragged circle and the gooey bridge between them",
                    example: "sticky 160 60 20 200 160 20", run: { i, inv throws(Diagnostic) in try i.stickyCommand(inv) }),
        CommandSpec(name: "wander", parameters: ["duration", "speed"], optionalCount: 1,
                    keywords: [KeywordSpec(name: "seed", values: ["n"], summary: "the random seed (default 1)"),
                               KeywordSpec(name: "within", values: ["x", "y", "w", "h"], summary: "the safe area (default 0 0 375 667)"),
                               KeywordSpec(name: "from", values: ["x", "y"], summary: "the start point (default 80 517)")],
                    group: .path, summary: "seed 002: a random smooth curve of tangent arcs, duration × speed long (speed 15)",
                    example: "wander 60 seed 7", run: { i, inv throws(Diagnostic) in try i.wanderCommand(inv) }),
        CommandSpec(name: "svg", parameters: ["\"data\""], group: .path,
                    summary: "append SVG path data (M L H V C S Q T A Z, absolute and relative); arcs stay exact",
                    example: "svg \"M 10 10 h 80 a 20 20 0 0 1 20 20 v 40 Z\"", takesText: true, run: { i, inv throws(Diagnostic) in try i.svgCommand(inv) }),
        CommandSpec(name: "export", parameters: [],
                    keywords: [flag("swift", "Swift code that builds the path with UIBezierPath"),
                               flag("svg", "SVG path data")],
                    group: .query, summary: "print the path as Swift code or as SVG path data", example: "export swift", run: { i, inv throws(Diagnostic) in try i.exportCommand(inv) }),
        CommandSpec(name: "save", parameters: ["\"file.svg\""],
                    keywords: [flag("controls", "the control polygons and points"), flag("points", "the track points"),
                               flag("handle", "the handle"), flag("bounds", "the tight bounds"),
                               flag("nearest", "the last nearest-point query"),
                               flag("casteljau", "the last de Casteljau construction"), flag("all", "every layer")],
                    group: .query, summary: "write an SVG picture of the path, with optional layers",
                    example: "save \"figure.svg\" points handle", takesText: true, run: { i, inv throws(Diagnostic) in try i.saveCommand(inv) }),
        CommandSpec(name: "show", parameters: [], keywords: [flag("ascii", "plain ASCII instead of braille")], group: .query,
                    summary: "plot the path in the terminal (braille dots), the handle marked", example: "show", run: { i, inv throws(Diagnostic) in try i.showCommand(inv) }),
        CommandSpec(name: "length", parameters: [], group: .query,
                    summary: "total length of the path", example: "length", run: { i, inv throws(Diagnostic) in try i.lengthCommand(inv) }),
        CommandSpec(name: "points", parameters: [], group: .query,
                    summary: "list the track points", example: "points", run: { i, inv throws(Diagnostic) in try i.pointsCommand(inv) }),
        CommandSpec(name: "bounds", parameters: [], group: .query,
                    summary: "tight bounds of the exact geometry", example: "bounds", run: { i, inv throws(Diagnostic) in try i.boundsCommand(inv) }),
        CommandSpec(name: "contains", parameters: ["x", "y"],
                    keywords: [flag("evenodd", "use the even-odd rule instead of nonzero winding")],
                    group: .query, summary: "is (x, y) inside the path?", example: "contains 50 50", run: { i, inv throws(Diagnostic) in try i.containsCommand(inv) }),
        CommandSpec(name: "nearest", parameters: ["x", "y"], group: .query,
                    summary: "nearest point of the path, its distance and arc-length position", example: "nearest 0 0", run: { i, inv throws(Diagnostic) in try i.nearestCommand(inv) }),
        CommandSpec(name: "at", parameters: ["s"], group: .query,
                    summary: "point and tangent angle at arc length s", example: "at 100", run: { i, inv throws(Diagnostic) in try i.atCommand(inv) }),
        CommandSpec(name: "elements", parameters: [], group: .query,
                    summary: "list the path's elements with their lengths", example: "elements", run: { i, inv throws(Diagnostic) in try i.elementsCommand(inv) }),
        CommandSpec(name: "casteljau", parameters: ["i", "t"], group: .teaching,
                    summary: "the de Casteljau construction of element i at parameter t (save ... casteljau draws it)",
                    example: "casteljau 1 0.5", run: { i, inv throws(Diagnostic) in try i.elementCommand(inv) }),
        CommandSpec(name: "split", parameters: ["i", "t"], group: .teaching,
                    summary: "split element i at parameter t into two of its kind (the shape does not change)",
                    example: "split 1 0.5", run: { i, inv throws(Diagnostic) in try i.elementCommand(inv) }),
        CommandSpec(name: "tangent", parameters: ["s"], group: .teaching,
                    summary: "the unit tangent (direction of travel) at arc length s", example: "tangent 10", run: { i, inv throws(Diagnostic) in try i.directionCommand(inv) }),
        CommandSpec(name: "normal", parameters: ["s"], group: .teaching,
                    summary: "the unit normal at arc length s: the tangent turned 90° clockwise on screen", example: "normal 10", run: { i, inv throws(Diagnostic) in try i.directionCommand(inv) }),
        CommandSpec(name: "curvature", parameters: ["s"], group: .teaching,
                    summary: "the signed curvature at arc length s (positive turning clockwise on screen) and its radius",
                    example: "curvature 10", run: { i, inv throws(Diagnostic) in try i.directionCommand(inv) }),
        CommandSpec(name: "extrema", parameters: ["i"], group: .teaching,
                    summary: "where element i turns in x and in y: its parameters and points", example: "extrema 1", run: { i, inv throws(Diagnostic) in try i.elementCommand(inv) }),
        CommandSpec(name: "undo", parameters: [], group: .session,
                    summary: "revert the last command that changed the state", example: "undo", run: { i, inv throws(Diagnostic) in try i.undoCommand(inv) }),
        CommandSpec(name: "precision", parameters: ["n"], group: .session,
                    summary: "decimals shown in text output (default 4)", example: "precision 6", run: { i, inv throws(Diagnostic) in try i.precisionCommand(inv) }),
        CommandSpec(name: "help", parameters: ["command"], optionalCount: 1, group: .session,
                    summary: "list the commands, or show one with an example", example: "help arc", takesText: true, run: { i, inv throws(Diagnostic) in try i.helpCommand(inv) }),
        CommandSpec(name: "let", parameters: ["name", "=", "value"], group: .language,
                    summary: "define a variable", example: "let r = 80"),
        CommandSpec(name: "repeat", parameters: ["n", "{ ... }"], group: .language,
                    summary: "run a block n times", example: "repeat 4 { line 10 0 }"),
        CommandSpec(name: "for", parameters: ["i", "in", "a..<b", "{ ... }"], group: .language,
                    summary: "run a block for i from a up to b (a...b includes b)", example: "for i in 0..<4 { circle i*20 0 5 }"),
        CommandSpec(name: "if", parameters: ["condition", "{ ... }"], group: .language,
                    summary: "run a block when the condition is not zero, else the else-block",
                    example: "if r > 10 { circle 0 0 r } else { circle 0 0 10 }"),
        CommandSpec(name: "def", parameters: ["name(a, b)", "{ ... }"], group: .language,
                    summary: "define a procedure, called like a command", example: "def dot(x, y) { circle x y 2 }"),
        CommandSpec(name: "print", parameters: ["values..."], group: .language,
                    summary: "print values and strings", example: "print \"r =\" r"),
        CommandSpec(name: "include", parameters: ["\"file\""], group: .language,
                    summary: "run another script file here", example: "include \"card.shape\""),
    ]

    static let byName: [String: CommandSpec] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The row for a command name, or `nil`.
    public static func spec(named name: String) -> CommandSpec? {
        guard let s = byName[name], s.group != .language else { return nil }
        return s
    }

    /// Every name `help` knows: the commands and the language's statements.
    public static func helpEntry(named name: String) -> CommandSpec? { byName[name] }

    /// Every word completion offers: command names, statement words and option words.
    public static var words: [String] {
        var w = all.map(\.name) + ["else", "in"]
        for s in all { w += s.keywords.map(\.name) }
        return Array(Set(w)).sorted()
    }
}
