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
    /// `save`'s `controls` layer, for each element and control point: its polygon and markers
    /// (about 6.5 µs an element on 20,000 cubics).
    public static let controlsCost = 30
    /// `save`'s `labels` layer, for each control point: a label placed among the others (about
    /// 3.7 µs a label on 80,000 cubics: `LabelLayout` keeps it linear).
    public static let labelCost = 100
    /// `save`'s `comb` layer, for each curved element: 49 teeth (about 180 µs an element on
    /// 20,000 cubics, 6.7 KB of SVG).
    public static let combCost = 4_000
    /// A PDF, for each byte of the SVG it is made from (0.2 to 0.7 µs a byte: an arc becomes
    /// cubics of at most 30°).
    public static let pdfByteCost = 15
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

/// What a variadic command takes, as its errors name them: one of the values, and all of them.
/// (A choice of two, not the words themselves: each row of the table passes one byte for it, not
/// two strings: 6.2 KB of the playground's module, which has a size goal.)
enum VariadicValues: Sendable {
    /// `dash on off ...`: lengths.
    case lengths
    /// `fit x y ...`: coordinates, in pairs.
    case coordinatePairs

    var each: String { self == .lengths ? "each dash length" : "each coordinate" }
    var all: String { self == .lengths ? "any number of lengths" : "pairs of coordinates (x y ...)" }
}

/// One row of the command table: everything the language knows about a command. Parsing,
/// binding (arity, option words and their groups, defaults), the work budget, dispatch, `help`,
/// completion and "did you mean" all read it; nothing about a command lives elsewhere.
public struct CommandSpec: Sendable {
    /// A command's handler: it runs the command on the interpreter with its bound arguments.
    typealias Handler = @Sendable (Interpreter, Invocation) throws(Diagnostic) -> Void

    public var name: String
    /// Positional parameter names, in order.
    public var parameters: [String]
    /// Trailing parameters that may be left out (counted from the end of `parameters`).
    public var optionalCount: Int
    /// Takes any number of positional values (`dash`, `catmull`).
    public var variadic: Bool { variadicValues != nil }
    /// What a variadic command's values are, for its errors; nil for a command of fixed arity.
    var variadicValues: VariadicValues?
    public var keywords: [KeywordSpec]
    /// Option words that exclude each other, or of which one is needed.
    public var optionGroups: [OptionGroup]
    public var group: CommandGroup
    /// What one run costs against the work budget (no default: every row states it).
    public var cost: WorkCost
    /// A query reports what was asked for and changes nothing that `undo` would revert; its
    /// report is shown under `--quiet` (`Report.isRequested` agrees, which a test checks).
    public var isQuery: Bool
    /// Whether `name(...)` in an expression runs it and gives its report as a value. Nil means
    /// "if it is a query"; the queries that only print or write (`show`, `save`, ...) say false,
    /// and `handle` (whose bare form is its query) says true.
    var functionForm: Bool?
    public var summary: String
    public var example: String
    /// Takes text, not numbers: the handler reads its arguments as written (`svg`, `save`, `help`).
    public internal(set) var takesText: Bool
    /// What the command does; nil for the language's statements, which the interpreter runs itself.
    var run: Handler?

    /// The memberwise initializer, written out so that it is one function: the table's 200 rows
    /// each set every field where it was inlined (in the playground's module, kilobytes of code
    /// run once at start-up). The fields' defaults are its own.
    @inline(never) init(
        name: String, parameters: [String], optionalCount: Int = 0, variadic: VariadicValues? = nil,
        keywords: [KeywordSpec] = [], optionGroups: [OptionGroup] = [], group: CommandGroup, cost: WorkCost, isQuery: Bool,
        functionForm: Bool? = nil, summary: String, example: String, takesText: Bool = false, run: Handler? = nil
    ) {
        self.name = name
        self.parameters = parameters
        self.optionalCount = optionalCount
        self.variadicValues = variadic
        self.keywords = keywords
        self.optionGroups = optionGroups
        self.group = group
        self.cost = cost
        self.isQuery = isQuery
        self.functionForm = functionForm
        self.summary = summary
        self.example = example
        self.takesText = takesText
        self.run = run
    }

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
        if let values = variadicValues { return values.all }
        if max == 0 { return "" }
        let count = min == max ? "\(max)" : "\(min) to \(max)"
        return "\(count) argument\(plural(max)) (\(parameters.joined(separator: " ")))"
    }

    /// The fewest and most positional arguments (any number for a variadic command: `dash`
    /// alone is `dash 1 1`).
    public var arity: ClosedRange<Int> {
        variadic ? 0...Int.max : parameters.count - optionalCount...parameters.count
    }
}

/// The built-in commands. The language's statements (`let`, `repeat`, `for`, `if`, `def`,
/// `print`, `include`) have rows too, for `help` and completion, with `group` `.language`.
/// Each group's rows are in a file of Commands/, beside their handlers: to add a command, add
/// its row and its handler to its group's file (see docs/contributing.md).
public enum CommandTable {
    static func flag(_ n: String, _ s: String) -> KeywordSpec { KeywordSpec(name: n, summary: s) }
    /// The row of a boolean operation with path value `a` (`union a [evenodd]`, ...).
    static func combination(_ name: String, _ summary: String, example: String) -> CommandSpec {
        CommandSpec(
            name: name, parameters: ["a"], keywords: [evenOdd.described("fill both with the even-odd rule instead of nonzero winding").spec],
            group: .combine, cost: .perElement(WorkCost.visitCost), isQuery: false, summary: summary, example: example,
            takesText: true, run: { (i, inv) throws(Diagnostic) in try i.booleanCommand(inv) })
    }
    /// The fill rule's word, of the booleans, `simplify` and `contains`.
    static let evenOdd = FlagOption("evenodd", "use the even-odd rule instead of nonzero winding")
    /// `rotate`'s and `scale`'s fixed point.
    static let about = PointOption("about", "the fixed point (default: the centre of the bounds)")
    /// `stroke`'s and `offset`'s miter limit and Bézier tolerance, and their joins.
    static let miterLimit = NumberOption("limit", value: "m", "the miter limit, as CoreGraphics (default 10)", default: 10)
    static let offsetTolerance = NumberOption(
        "tolerance", value: "e", "how far a Bézier's offset may stray from the true one (default 0.000001)", default: Tolerance.offset)
    static func exclusive(_ names: String...) -> OptionGroup { OptionGroup(names: names, required: false) }
    static func oneOf(_ names: String...) -> OptionGroup { OptionGroup(names: names, required: true) }

    /// Every row, in the order `help` lists them: the groups' rows, each in its file under
    /// Commands/.
    public static let all: [CommandSpec] =
        drawing + trackPoints + transforms + seeds + output + queries + betweenShapes + teaching + constructions + differential + session + language

    static let byName: [String: Row] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, Row($0)) })

    /// A row held by reference, so that looking one up for every statement does not copy it.
    final class Row: Sendable {
        let spec: CommandSpec
        /// The command reads no length of the path but the ones its report holds: it appends
        /// through `Interpreter.draw`, empties the path (`clear`), replaces it by its outline
        /// (`simplify` and the booleans, whose result is left as unmeasured as the path was), or
        /// asks what needs none (`area`, `contains`). At the top level of a run that drops the
        /// reports nobody asked for (`--quiet`), the lengths are left to be measured when
        /// something asks for them (`Path.measuresLater`): a font's glyphs drawn, simplified,
        /// measured for area and hit-tested never measure a curve's length.
        let leavesLengths: Bool
        /// Given only numbers, the command binds them as they are: no option group to check,
        /// no default to fill in, no text to keep (`Interpreter.bind`'s quick way).
        let bindsNumbersAlone: Bool
        /// How many positional arguments it takes (`CommandSpec.arity`).
        let arity: ClosedRange<Int>
        init(_ spec: CommandSpec) {
            self.spec = spec
            leavesLengths = Row.leavingLengths.contains(spec.name)
            bindsNumbersAlone = spec.optionGroups.isEmpty && !spec.takesText && spec.keywords.allSatisfy { $0.defaults == nil }
            arity = spec.arity
        }

        static let leavingLengths: Set<String> = [
            "move", "line", "quad", "through", "catmull", "curve", "arc", "close", "rect", "oval", "circle", "roundrect", "clear",
            "simplify", "union", "intersect", "subtract", "xor", "area", "contains",
        ]
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
