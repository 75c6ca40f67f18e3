import ShapeGeometry

/// The names the language defines besides its commands: functions, constants and the session's
/// read-only state, with what they mean. The one list that evaluation, `help`, completion and
/// "did you mean" read.
public enum Builtins {
    /// A built-in function such as `sqrt` or `atan2`.
    public struct Function: Sendable {
        public var name: String
        /// How many arguments it takes; `nil` for one or more (`min`, `max`).
        public var arity: Int?
        public var summary: String
        let evaluate: @Sendable ([Double]) -> Double

        /// `atan2(y, x)`, `min(a, ...)`: how `help` shows it.
        public var usage: String {
            let names = ["x", "y", "z"]
            guard let arity else { return "\(name)(a, b, ...)" }
            if name == "atan2" { return "atan2(y, x)" }
            return "\(name)(" + names.prefix(arity).joined(separator: ", ") + ")"
        }
    }

    /// A built-in name with a value: a constant or a piece of the session's state.
    public enum Value: String, Sendable, CaseIterable {
        case pi, tau
        case penX = "pen.x", penY = "pen.y"
        case pathLength = "path.length"
        case handleIndex = "handle.index", handleX = "handle.x", handleY = "handle.y"
        case pointsCount = "points.count"

        public var summary: String {
            switch self {
            case .pi: "π, half a turn in radians"
            case .tau: "2π, a whole turn in radians"
            case .penX, .penY: "the current point (where the next segment starts)"
            case .pathLength: "the path's total length"
            case .handleIndex: "the handle's track point index"
            case .handleX, .handleY: "the handle's point"
            case .pointsCount: "the number of track points"
            }
        }
    }

    public static let functions: [Function] = [
        Function(name: "sin", arity: 1, summary: "sine of an angle in radians", evaluate: { Maths.sin($0[0]) }),
        Function(name: "cos", arity: 1, summary: "cosine", evaluate: { Maths.cos($0[0]) }),
        Function(name: "tan", arity: 1, summary: "tangent", evaluate: { Maths.tan($0[0]) }),
        Function(name: "asin", arity: 1, summary: "inverse sine, in radians", evaluate: { Maths.asin($0[0]) }),
        Function(name: "acos", arity: 1, summary: "inverse cosine", evaluate: { Maths.acos($0[0]) }),
        Function(name: "atan", arity: 1, summary: "inverse tangent", evaluate: { Maths.atan($0[0]) }),
        Function(name: "atan2", arity: 2, summary: "the angle of the vector (x, y)", evaluate: { Maths.atan2($0[0], $0[1]) }),
        Function(name: "sqrt", arity: 1, summary: "square root", evaluate: { $0[0].squareRoot() }),
        Function(name: "hypot", arity: 2, summary: "the length of the vector (x, y)", evaluate: { Maths.hypot($0[0], $0[1]) }),
        Function(name: "abs", arity: 1, summary: "absolute value", evaluate: { Swift.abs($0[0]) }),
        Function(name: "floor", arity: 1, summary: "round down", evaluate: { $0[0].rounded(.down) }),
        Function(name: "ceil", arity: 1, summary: "round up", evaluate: { $0[0].rounded(.up) }),
        Function(
            name: "round", arity: 1, summary: "round to the nearest whole number (halves away from 0)",
            evaluate: { $0[0].rounded() }),
        Function(name: "min", arity: nil, summary: "the smallest argument", evaluate: { $0.min()! }),
        Function(name: "max", arity: nil, summary: "the largest argument", evaluate: { $0.max()! }),
    ]

    static let functionsByName: [String: Function] = Dictionary(uniqueKeysWithValues: functions.map { ($0.name, $0) })

    /// The function called `name`, or nil.
    public static func function(named name: String) -> Function? { functionsByName[name] }

    /// Words users bring from other path libraries and languages, and the name each has here.
    public static let aliases: [String: String] = [
        "bbox": "bounds", "boundingbox": "bounds", "boundingBox": "bounds", "box": "bounds",
        "moveto": "move", "moveTo": "move", "lineto": "line", "lineTo": "line", "addLine": "line",
        "curveto": "curve", "curveTo": "curve", "addCurve": "curve", "cubic": "curve", "bezier": "curve",
        "quadto": "quad", "quadTo": "quad", "quadCurveTo": "quad", "addQuadCurve": "quad",
        "addArc": "arc", "closepath": "close", "closePath": "close", "closeSubpath": "close",
        "rectangle": "rect", "ellipse": "oval", "roundedRect": "roundrect", "len": "length",
        "variables": "vars", "ls": "vars", "var": "let", "const": "let", "function": "def", "fn": "def", "func": "def",
    ]

    /// The words that begin or shape statements; they cannot name variables or procedures.
    public static let statementWords = Set(Keyword.allCases.map { $0.rawValue })

    /// Names a procedure cannot take: commands, statement words, functions and values.
    public static func isReserved(_ name: String) -> Bool {
        CommandTable.helpEntry(named: name) != nil || statementWords.contains(name) || functionsByName[name] != nil
            || Value(rawValue: name) != nil
    }
}
