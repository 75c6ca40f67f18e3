import ShapeGeometry

/// What a report says, in the words of the commands that make it: the lines of its text, the
/// fields of its JSON object (after `"cmd"` and `"line"`), and what a query gives when it is called
/// as a function (`length()`, `nearest(3, 4)`).
///
/// Each kind of report is worded beside the commands that make it, in their group's file under
/// `Commands/`; `Report.wording` only dispatches to them. The printers render a wording without
/// knowing any command or kind of report: words, numbers at the printer's precision, points,
/// values, and the few documents (`show`, `export`, `help`) that output formats draw themselves.
public struct Wording: Sendable {
    /// Which part of a wording is made: each reader needs one (the text printer the text, the
    /// JSON printer the fields, a query called as a function its value), and the others are not
    /// computed.
    public enum Wanted: Sendable { case text, fields, value }

    /// The text, one entry per printed line (a list as long as the path is one entry, with
    /// line breaks among its pieces): one line (most reports) is kept without a list around it.
    private var line: Line?
    private var lines: [Line] = []

    /// Each line of the text in turn.
    public func forEachLine(_ body: (Line) -> Void) {
        if let line { body(line) } else { lines.forEach(body) }
    }
    /// The JSON object's fields after `"cmd"` and `"line"`, in order.
    public var fields: [(name: String, json: JSON)] = []
    /// The report as a value, for a query called as a function; nil when it has none.
    public var value: Value?

    /// The part `wanted` of a wording: only that argument is evaluated. (Not inlined: one body
    /// serves the many wording functions, which the playground's size counts.)
    @inline(never) public init(
        _ wanted: Wanted, _ text: @autoclosure () -> [Line], _ fields: @autoclosure () -> [(name: String, json: JSON)],
        value: @autoclosure () -> Value? = nil
    ) {
        switch wanted {
        case .text: self.lines = text()
        case .fields: self.fields = fields()
        case .value: self.value = value()
        }
    }

    /// A whole wording, every part made (for `Report.Kind.worded`, made by the command itself).
    public init(text: [Line], fields: [(name: String, json: JSON)], value: Value? = nil) {
        self.lines = text; self.fields = fields; self.value = value
    }

    /// One line of text, its fields and its value.
    @inline(never) public init(
        _ wanted: Wanted, _ line: @autoclosure () -> Line, _ fields: @autoclosure () -> [(name: String, json: JSON)],
        value: @autoclosure () -> Value? = nil
    ) {
        switch wanted {
        case .text: self.line = line()
        case .fields: self.fields = fields()
        case .value: self.value = value()
        }
    }
}

/// One line of a report's text: words and numbers, the numbers written at the printer's
/// precision. Written as an interpolated string: `"\(command): to \(point), length \(l)"` holds
/// the point and the length as numbers, not as text.
public struct Line: Sendable, ExpressibleByStringInterpolation {
    public enum Piece: Sendable {
        /// Text as it is.
        case words(String)
        /// A number at the printer's precision; beside a larger one (`beside`), its rounding noise
        /// shows as 0 (`NumberFormat.text(_:beside:precision:)`).
        case number(Double, beside: Double?)
        /// "(x, y)", the pair written together (`NumberFormat.text(pair:_:precision:)`).
        case point(Point)
        /// A box's corners, "(minX, minY) to (maxX, maxY)", noise beside the box's size as 0.
        indirect case box(Rect)
        /// A value as the language writes it, strings in quotes or not.
        indirect case value(Value, quoted: Bool)
        /// Words that depend on the precision in a way of their own (a polynomial's terms).
        case formatted(@Sendable (_ precision: Int) -> String)
        /// A document that the output format draws itself.
        case document(Document)
    }

    public var pieces: [Piece]

    public init(_ pieces: [Piece]) { self.pieces = pieces }
    public init(stringLiteral value: String) { pieces = [.words(value)] }
    public init(stringInterpolation: Interpolation) { pieces = stringInterpolation.pieces }

    public struct Interpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []
        public init(literalCapacity: Int, interpolationCount: Int) { pieces.reserveCapacity(2 * interpolationCount + 1) }
        @inline(never) public mutating func appendLiteral(_ literal: String) { if !literal.isEmpty { pieces.append(.words(literal)) } }
        @inline(never) public mutating func appendInterpolation(_ s: String) { pieces.append(.words(s)) }
        @inline(never) public mutating func appendInterpolation(_ i: Int) { pieces.append(.words(String(i))) }
        @inline(never) public mutating func appendInterpolation(_ u: UInt64) { pieces.append(.words(String(u))) }
        @inline(never) public mutating func appendInterpolation(_ x: Double) { pieces.append(.number(x, beside: nil)) }
        @inline(never) public mutating func appendInterpolation(_ x: Double, beside whole: Double) { pieces.append(.number(x, beside: whole)) }
        @inline(never) public mutating func appendInterpolation(_ p: Point) { pieces.append(.point(p)) }
        @inline(never) public mutating func appendInterpolation(box: Rect) { pieces.append(.box(box)) }
        @inline(never) public mutating func appendInterpolation(_ v: Value, quoted: Bool) { pieces.append(.value(v, quoted: quoted)) }
        @inline(never) public mutating func appendInterpolation(_ line: Line) { pieces += line.pieces }
        @inline(never) public mutating func appendInterpolation(formatted: @escaping @Sendable (_ precision: Int) -> String) {
            pieces.append(.formatted(formatted))
        }
    }

    /// Lines joined by `separator`, as one line (`"(1, 2), (3, 4)"`).
    public static func joined(_ lines: [Line], separator: String) -> Line {
        var pieces: [Piece] = []
        for (k, line) in lines.enumerated() {
            if k > 0 { pieces.append(.words(separator)) }
            pieces += line.pieces
        }
        return Line(pieces)
    }
}

/// A document inside a report, drawn by the output format: the terminal plot of `show`, the text
/// of `export`, the help.
public indirect enum Document: Sendable {
    case plot(path: Path, handle: Point?, ascii: Bool, controls: Bool)
    case export(ExportRequest)
    case help(HelpTopic)
}

/// A JSON value of a report's field, numbers at full precision.
public enum JSON: Sendable {
    case number(Double)
    case integer(Int)
    case unsigned(UInt64)
    case bool(Bool)
    case string(String)
    case null
    /// `[x, y]`.
    case pair(Point)
    case array([JSON])
    /// An array of `count` items, each made as it is written (`item(k)`): a list as long as
    /// the path is never held whole a second time.
    case each(count: Int, item: @Sendable (Int) -> JSON)
    case object([(name: String, json: JSON)])
    /// A value of the language: records as objects, lists as arrays, a path as a summary.
    indirect case value(Value)
    /// Lines of text, written at `precision`, as one string.
    indirect case text([Line], precision: Int)
    /// A document's text.
    case document(Document)

    /// `{"x": …, "y": …}`.
    public static func point(_ p: Point) -> JSON { .object([("x", .number(p.x)), ("y", .number(p.y))]) }
    /// A number, or null.
    public static func numberOrNull(_ x: Double?) -> JSON { x.map { .number($0) } ?? .null }
    /// `[a, b, c, d]` for a box's minX, minY, maxX, maxY.
    public static func box(_ b: Rect) -> JSON { .array([.number(b.minX), .number(b.minY), .number(b.maxX), .number(b.maxY)]) }
    /// A list of numbers.
    public static func numbers(_ xs: [Double]) -> JSON { .array(xs.map { .number($0) }) }
    /// A record's fields as fields.
    public static func fields(of r: Record) -> [(name: String, json: JSON)] { zip(r.names, r.values).map { ($0, .value($1)) } }

    /// Every number in it is finite (lines and documents are not looked into).
    public var isFinite: Bool {
        switch self {
        case .number(let x): x.isFinite
        case .pair(let p): p.isFinite
        case .array(let items): items.allSatisfy { $0.isFinite }
        case .each(let count, let item): (0..<count).allSatisfy { item($0).isFinite }
        case .object(let fields): fields.allSatisfy { $0.json.isFinite }
        case .value(let v): v.isFinite
        case .integer, .unsigned, .bool, .string, .null, .text, .document: true
        }
    }
}

/// "s" after a count other than one: `"\(n) point\(plural(n))"`.
func plural(_ n: Int) -> String { n == 1 ? "" : "s" }
