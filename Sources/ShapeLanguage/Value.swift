import ShapeGeometry

/// A value of the language (SPEC §9): a number, a string, a record of named fields, a list, or
/// a path. Booleans are the numbers 1 and 0.
public enum Value: Sendable, Equatable {
    case number(Double)
    case string(String)
    case record(Record)
    case list([Value])
    indirect case path(Path)

    public var isString: Bool { if case .string = self { true } else { false } }

    /// Every number it holds is finite (values in reports nest a few levels at most).
    public var isFinite: Bool {
        switch self {
        case .number(let x): x.isFinite
        case .string, .path: true
        case .record(let r): r.values.allSatisfy({ $0.isFinite })
        case .list(let items): items.allSatisfy({ $0.isFinite })
        }
    }

    /// "a number", "a record", ...: how messages name the kind.
    public var kindName: String {
        switch self {
        case .number: "a number"
        case .string: "a string"
        case .record: "a record"
        case .list: "a list"
        case .path: "a path"
        }
    }

    /// The value as text, numbers written by `number`: `{x: 1, y: 2}`, `[1, 2]`,
    /// `path(5 elements, length 12)`. Strings inside records and lists are quoted; a string
    /// alone is itself when `quoteStrings` is false (what `print` shows).
    public func text(quoteStrings: Bool = false, precision: Int) -> String {
        text(quoteStrings: quoteStrings, number: { NumberFormat.text($0, precision: precision) }) {
            NumberFormat.text($0, beside: $1, precision: precision)
        }
    }

    /// The value as text with numbers written by `number`, and a point's coordinates by
    /// `coordinate` (given the coordinate and the larger of the two, so that rounding noise
    /// beside it can show as 0: the quarter of a circle ends at x = 6.1e-16); by default one
    /// below `NumberFormat.noiseFloor` of the larger is 0.
    public func text(
        quoteStrings: Bool = false, number: (Double) -> String, coordinate: ((Double, Double) -> String)? = nil
    ) -> String {
        switch self {
        case .number(let x): return number(x)
        case .string(let s): return quoteStrings ? "\"\(s)\"" : s
        case .record(let r):
            var scale: Double?
            if case .number(let x)? = r["x"], case .number(let y)? = r["y"] { scale = Swift.max(Swift.abs(x), Swift.abs(y)) }
            let fields = zip(r.names, r.values).map { name, value in
                if let scale, name == "x" || name == "y", case .number(let v) = value {
                    if let coordinate { return "\(name): \(coordinate(v, scale))" }
                    return "\(name): \(number(Swift.abs(v) < NumberFormat.noiseFloor * scale ? 0 : v))"
                }
                return "\(name): \(value.text(quoteStrings: true, number: number, coordinate: coordinate))"
            }
            return "{" + fields.joined(separator: ", ") + "}"
        case .list(let items):
            return "[" + items.map { $0.text(quoteStrings: true, number: number, coordinate: coordinate) }.joined(separator: ", ") + "]"
        case .path(let p): return "path(\(p.elements.count) element\(plural(p.elements.count)), length \(number(p.length)))"
        }
    }

    /// How many values this one holds, itself included (a path counts its elements), up to a
    /// little past `limit`: the recursion stops as soon as the count passes it, so the cost is
    /// O(min(size, limit)) even for lists that share their items many times over.
    public func size(upTo limit: Int) -> Int {
        func sum(_ items: [Value]) -> Int {
            var n = 1
            for v in items {
                n += v.size(upTo: limit - n)
                if n > limit { break }
            }
            return n
        }
        switch self {
        case .number, .string: return 1
        case .path(let p): return 1 + p.elements.count
        case .record(let r): return sum(r.values)
        case .list(let items): return sum(items)
        }
    }

    /// How deeply lists and records nest inside this value (0 for a number). Values are built
    /// nesting at most `Limits.valueDepth` deep, so this recursion is bounded.
    public var depth: Int {
        switch self {
        case .number, .string, .path: 0
        case .record(let r): 1 + (r.values.map({ $0.depth }).max() ?? 0)
        case .list(let items): 1 + (items.map({ $0.depth }).max() ?? 0)
        }
    }

    /// A point as a record `{x, y}`.
    public static func point(_ p: Point) -> Value { .record(Record(["x": .number(p.x), "y": .number(p.y)])) }
}

/// Named fields in the order they were made (the order printers show them in).
public struct Record: Sendable, Equatable {
    public private(set) var names: [String]
    public private(set) var values: [Value]

    public init(_ fields: KeyValuePairs<String, Value>) {
        names = fields.map({ $0.key })
        values = fields.map({ $0.value })
    }

    /// A record of numbers, its fields in the order given.
    static func numbers(_ fields: KeyValuePairs<String, Double>) -> Record {
        Record(names: fields.map { $0.key }, values: fields.map { .number($0.value) })
    }

    public init(names: [String], values: [Value]) {
        self.names = names
        self.values = values
    }

    public subscript(name: String) -> Value? { names.firstIndex(of: name).map { values[$0] } }

    /// Adds a field at the end.
    public mutating func append(_ name: String, _ value: Value) {
        names.append(name)
        values.append(value)
    }
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

/// `point i t`: element i at parameter t.
public struct ParameterPoint: Sendable {
    public var element: Int
    public var t: Double
    public var point: Point
    /// dP/dt and d²P/dt².
    public var first: Vector
    public var second: Vector
    /// The signed curvature, nil at a cusp (unbounded).
    public var curvature: Double?
    /// The arc length from the path's start to the point.
    public var at: Double

    public var value: Value {
        var r = Record([
            "x": .number(point.x), "y": .number(point.y), "dx": .number(first.dx), "dy": .number(first.dy),
            "ddx": .number(second.dx), "ddy": .number(second.dy),
        ])
        if let curvature { r.append("curvature", .number(curvature)) }
        r.append("cusp", .number(curvature == nil ? 1 : 0))
        r.append("at", .number(at))
        return .record(r)
    }
}
