import ShapeGeometry

// Live lessons (SPEC §14): the numbers of a document that a hand may change, a slider for each,
// and the edit of the document that puts a dragged point where the hand is.

/// A number of a document that has a slider: a top-level `let` bound to a number literal, or the
/// `t` of a teaching query written as a literal (`casteljau 1 0.4`).
public struct LiveNumber: Sendable, Equatable {
    /// The `let`'s name, or the query's command and `t` (`casteljau t`).
    public var name: String
    public var value: Double
    /// The literal, with its minus sign if it has one: what a slider rewrites.
    public var literal: SourceRange
    /// The slider's ends: declared by a comment after the `let` (`# slider 0...40`), else
    /// inferred from the value (0 to twice it; a query's t from 0 to 1).
    public var low: Double
    public var high: Double
    public var declared: Bool
    /// The line the number is written on (1-based).
    public var line: Int
}

/// The value of a number literal as written as an argument or a `let`'s value (`12`, `-3.5`), and
/// its range with the sign; nil for anything else.
func literalNumber(_ e: Expr) -> (value: Double, range: SourceRange)? {
    switch e {
    case .number(let v, let r): return (v, r)
    case .unary(.negate, .number(let v, _), let r): return (-v, r)
    default: return nil
    }
}

extension LiveNumber {
    /// The commands whose `t` gets a slider: the teaching queries that take one.
    static func takesT(_ command: String) -> Int? {
        guard let spec = CommandTable.spec(named: command), spec.isQuery else { return nil }
        return spec.parameters.firstIndex(of: "t")
    }

    /// Every number of `program` that has a slider, in the order written. A name bound by more than
    /// one top-level `let` has none (which of them would it change?).
    public static func find(in program: Program) -> [LiveNumber] {
        let source = program.source
        var found: [LiveNumber] = []
        var names: [String: Int] = [:]
        for statement in program.statements {
            if case .define(let name, _, _, _) = statement { names[name, default: 0] += 1 }
        }
        for statement in program.statements {
            switch statement {
            case .define(let name, _, let value, let range):
                guard names[name] == 1, let (v, r) = literalNumber(value) else { continue }
                let line = source.line(of: r.start)
                if let (low, high) = declaredRange(in: source, after: range.end) {
                    found.append(LiveNumber(name: name, value: v, literal: r, low: low, high: high, declared: true, line: line))
                } else {
                    let (low, high) = v > 0 ? (0, 2 * v) : v < 0 ? (2 * v, 0) : (-1, 1)
                    found.append(LiveNumber(name: name, value: v, literal: r, low: low, high: high, declared: false, line: line))
                }
            case .command(let name, _, let arguments, _, _):
                guard let at = takesT(name), at < arguments.count, let (v, r) = literalNumber(arguments[at]) else { continue }
                let line = source.line(of: r.start)
                found.append(LiveNumber(name: name + " t", value: v, literal: r, low: 0, high: 1, declared: true, line: line))
            default: continue
            }
        }
        return found
    }

    /// The range a comment declares on the rest of the line after `end`: `# slider a...b` (a and b
    /// numbers, a below b).
    static func declaredRange(in source: Source, after end: Int) -> (Double, Double)? {
        let bytes = source.bytes
        var k = end
        while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x09 { k += 1 }
        guard k < bytes.count, bytes[k] == 0x23 else { return nil }  // '#'
        var lineEnd = k
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
        let words = String(decoding: bytes[(k + 1)..<lineEnd], as: UTF8.self).split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 2, words[0] == "slider" else { return nil }
        let ends = Array(words[1].utf8)
        guard let dots = (0..<Swift.max(ends.count - 2, 0)).first(where: { ends[$0] == 0x2E && ends[$0 + 1] == 0x2E && ends[$0 + 2] == 0x2E }),
            let low = signedNumber(ends, 0..<dots), let high = signedNumber(ends, (dots + 3)..<ends.count), low < high
        else { return nil }
        return (low, high)
    }

    static func signedNumber(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        guard !range.isEmpty else { return nil }
        if bytes[range.lowerBound] == 0x2D {  // '-'
            return DecimalParser.parse(bytes, (range.lowerBound + 1)..<range.upperBound).map { -$0 }
        }
        return DecimalParser.parse(bytes, range)
    }
}

/// How a drag of one point edits a document (SPEC §14): the numbers of the document that place
/// the point (the literals of its coordinates in the statement that drew it, or the top-level
/// `let` a coordinate is affine in), and how the point moves with each, measured by running the
/// document again with each number nudged. `script(movingTo:)` is the document with those
/// numbers changed so that the point is where the hand is. Made once a gesture, at its start.
public struct DragPlan {
    /// One number the drag rewrites.
    public struct Parameter: Sendable {
        /// The literal's range in the document.
        public var literal: SourceRange
        public var value: Double
        /// The `let`'s name, or nil for a literal of the statement itself.
        public var name: String?
        /// How far the point moves for a unit change of the number.
        public var dx: Double
        public var dy: Double
    }

    public let source: Source
    public let element: Int
    public let point: Int
    /// Where the point is in the document as written.
    public let start: Point
    public let parameters: [Parameter]
    /// The index, among the document's top-level statements, of the statement that drew the
    /// point. When every number the drag rewrites is a literal of it (`onlyItsOwnNumbers`), the
    /// statements before it run the same whatever the drag does: a host may keep the session as
    /// they leave it and run only the rest at each frame.
    public let statement: Int
    public var onlyItsOwnNumbers: Bool { parameters.allSatisfy { $0.name == nil } }

    /// The drawing commands whose statement's literals a drag rewrites, and where point k's
    /// coordinates are among their arguments.
    static func coordinates(_ command: String, point k: Int, argumentCount: Int) -> Int? {
        switch (command, argumentCount) {
        case ("move", 2), ("line", 2): k == 0 ? 0 : nil
        case ("quad", 4): k < 2 ? 2 * k : nil
        case ("curve", 6): k < 3 ? 2 * k : nil
        default: nil
        }
    }

    /// The plan for dragging point `point` of element `element` of the document `source`, run in
    /// sessions `session` makes (as the host runs it), or nil where the drag cannot edit the
    /// document (the host then appends `setpoint`). Runs the document up to five times.
    public static func make(source: Source, element: Int, point: Int, session: () -> Interpreter) -> DragPlan? {
        guard let program = try? Parser.parse(source) else { return nil }
        // The document's run, with the statement that appended each element.
        var maker: Int?
        var index = 0
        let interpreter = session()
        var before = 0
        let sink = RunSink(
            report: { _ in },
            willRun: { _ in
                before = interpreter.path.elements.count
                return true
            },
            didRun: { _, d in
                if d == nil, interpreter.path.elements.count == before + 1, before == element { maker = index }
                // A statement that rebuilt the path before `element` leaves no statement of it.
                if d == nil, interpreter.path.elements.count <= element, maker != nil { maker = nil }
                index += 1
                return d == nil
            })
        let stop = interpreter.run(program.statements, in: source, into: sink)
        guard let maker, let start = interpreter.path.point(ofElement: element, point) else { return nil }
        guard case .command(let name, _, let arguments, let keywords, _) = program.statements[maker], keywords.isEmpty,
            let at = coordinates(name, point: point, argumentCount: arguments.count)
        else { return nil }
        let count = interpreter.path.elements.count
        let stoppedAt = stop.map { $0.diagnostic.range.start }

        // The numbers that may place the point: each coordinate's literal, or the first top-level
        // `let` with a slider that it names.
        let lets = LiveNumber.find(in: program).filter { !$0.name.hasSuffix(" t") }
        var candidates: [Parameter] = []
        for e in [arguments[at], arguments[at + 1]] {
            var p: Parameter?
            if let (v, r) = literalNumber(e) {
                p = Parameter(literal: r, value: v, name: nil, dx: 0, dy: 0)
            } else if let bound = names(in: e).lazy.compactMap({ n in lets.first(where: { $0.name == n }) }).first {
                p = Parameter(literal: bound.literal, value: bound.value, name: bound.name, dx: 0, dy: 0)
            }
            if let p, !candidates.contains(where: { $0.literal == p.literal }) { candidates.append(p) }
        }

        // How the point moves with each: the document run with the number a step either side;
        // kept only when the point moves the same for both steps (affine) and the run ends as it
        // did, with as many elements.
        func moved(_ p: Parameter, to value: Double) -> Point? {
            let bytes = source.bytes(writing: [(p.literal, value)])
            let edited = Source(name: source.name, bytes: bytes)
            let s = session()
            let stop = s.run(edited, into: RunSink(report: { _ in }))
            let shift = bytes.count - source.bytes.count
            let endAt = stop.map { $0.diagnostic.range.start - ($0.diagnostic.range.start >= p.literal.end ? shift : 0) }
            guard endAt == stoppedAt, s.path.elements.count == count else { return nil }
            return s.path.point(ofElement: element, point)
        }
        var parameters: [Parameter] = []
        for var p in candidates {
            // A step that is exact in decimal and in binary, about a thousandth of the number.
            var h = 1.0
            while h * 1024 > Swift.max(abs(p.value), 1) { h /= 2 }
            while h * 1024 < abs(p.value) { h *= 2 }
            guard let up = moved(p, to: p.value + h), let down = moved(p, to: p.value - h) else { continue }
            let a = up - start, b = start - down
            let scale = Swift.max(abs(start.x), abs(start.y), 1)
            guard abs(a.dx - b.dx) <= Magnitude.affineMove * scale, abs(a.dy - b.dy) <= Magnitude.affineMove * scale else { continue }
            p.dx = (a.dx + b.dx) / (2 * h)
            p.dy = (a.dy + b.dy) / (2 * h)
            guard p.dx != 0 || p.dy != 0 else { continue }
            parameters.append(p)
        }
        guard !parameters.isEmpty else { return nil }
        return DragPlan(source: source, element: element, point: point, start: start, parameters: parameters, statement: maker)
    }

    /// The names an expression reads, in the order written.
    static func names(in e: Expr) -> [String] {
        switch e {
        case .number, .string: []
        case .name(let n, _): [n]
        case .unary(_, let a, _): names(in: a)
        case .binary(_, let a, let b, _): names(in: a) + names(in: b)
        case .call(_, let args, _), .list(let args, _): args.flatMap { names(in: $0) }
        case .index(let a, let b, _): names(in: a) + names(in: b)
        case .field(let a, _, _): names(in: a)
        }
    }

    /// The new values of the numbers that put the point nearest `target` (exactly there when two
    /// independent numbers place it; along the one direction one number moves it otherwise),
    /// each rounded so that the point is off by at most `resolution` (a tenth of a pixel, say).
    public func values(movingTo target: Point, resolution: Double) -> [Double] {
        let d = target - start
        var change = [Double](repeating: 0, count: parameters.count)
        let p = parameters
        if p.count == 2 {
            let det = p[0].dx * p[1].dy - p[1].dx * p[0].dy
            let size = Swift.max(abs(p[0].dx) + abs(p[0].dy), abs(p[1].dx) + abs(p[1].dy))
            if abs(det) > Magnitude.affineMove * size * size {
                change[0] = (d.dx * p[1].dy - p[1].dx * d.dy) / det
                change[1] = (p[0].dx * d.dy - d.dx * p[0].dy) / det
                return zip(p, change).map { round($0.value + $1, $0, resolution) }
            }
        }
        // One number (or two that move the point along one line): the nearer of those to the
        // target along its direction, the first that moves it most.
        var best = 0
        for j in p.indices where abs(p[j].dx) + abs(p[j].dy) > abs(p[best].dx) + abs(p[best].dy) { best = j }
        let q = p[best]
        change[best] = (d.dx * q.dx + d.dy * q.dy) / (q.dx * q.dx + q.dy * q.dy)
        return zip(p, change).map { round($0.value + $1, $0, resolution) }
    }

    /// `value` to the fewest decimals that keep the point within `resolution` of where it goes.
    func round(_ value: Double, _ p: Parameter, _ resolution: Double) -> Double {
        let reach = abs(p.dx) + abs(p.dy)
        guard resolution > 0, reach > 0 else { return value }
        var decimals = 0
        var step = 1.0
        while step * reach > resolution, decimals < 12 {
            step /= 10
            decimals += 1
        }
        let text = Array(NumberFormat.plain(value, decimals: decimals).utf8)
        return LiveNumber.signedNumber(text, 0..<text.count) ?? value
    }

    /// The document with the numbers at `values` (as `values(movingTo:resolution:)` gives them),
    /// each written in the fewest decimals that hold it.
    public func script(with values: [Double]) -> [UInt8] {
        source.bytes(writing: zip(parameters, values).map { ($0.literal, $1) })
    }
}

extension Source {
    /// The bytes with each number written in place of the literal at its range (the ranges in
    /// any order, none overlapping), in the fewest decimals that hold it (at most 12): what a
    /// slider and a drag write into a document.
    public func bytes(writing numbers: [(range: SourceRange, value: Double)]) -> [UInt8] {
        var out = bytes
        // From the last literal back, so that the earlier ranges stay where they are.
        for (r, value) in numbers.stablySorted(by: { $0.range.start > $1.range.start }) {
            out.replaceSubrange(r.start..<r.end, with: Array(NumberFormat.plain(value, decimals: 12).utf8))
        }
        return out
    }
}
