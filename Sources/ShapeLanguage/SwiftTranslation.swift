/// A def translated to the body of a Swift function: the parameters' names and the lines that
/// draw into `path` (declared and returned by the printer, which knows the target's types).
public struct SwiftFunction: Sendable {
    public var parameters: [String]
    public var body: [String]
}

/// Translates a def into Swift for `export swift NAME`: its arithmetic, `let`s, assignments,
/// `if`/`else`, `for` over a range, `repeat` and the drawing commands (move, line, quad, curve,
/// arc, close, rect, circle, oval, roundrect), each drawn exactly as the interpreter draws it.
/// Everything else (a query, a boolean operation, a transform, a string, a list, a call of
/// another def, the session's state) is a located error naming the statement.
struct SwiftTranslation {
    let target: SwiftTarget
    let source: Source
    let code: SwiftCode
    var lines: [String] = []
    var depth = 0
    /// The Swift names declared in each open scope, innermost last.
    var scopes: [Set<String>] = []
    /// Names written more than once (`let` again or `=`): declared with `var`.
    var mutable: Set<String> = []
    /// Every name the def uses, so that helper names do not collide.
    var used: Set<String> = []
    /// True once a drawing command has been translated.
    var drawn = false

    static let swiftKeywords: Set<String> = [
        "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum", "extension", "fallthrough",
        "false", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "operator", "private",
        "protocol", "public", "repeat", "return", "self", "Self", "static", "struct", "subscript", "super", "switch", "throw", "throws",
        "true", "try", "var", "where", "while", "Any", "Type", "rethrows", "fileprivate", "open", "associatedtype", "typealias",
        "deinit", "some", "any",
    ]

    /// True for an ASCII Swift identifier that is not a keyword.
    static func isSwiftName(_ s: String) -> Bool {
        guard let first = s.utf8.first, !(first >= 0x30 && first <= 0x39), !swiftKeywords.contains(s) else { return false }
        return s.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F }
    }

    init(target: SwiftTarget, source: Source) {
        self.target = target
        self.source = source
        code = SwiftCode(target: target)
    }

    func fail(_ statement: String, _ reason: String, _ range: SourceRange) -> Diagnostic {
        Diagnostic(.cannotTranslate(statement: statement, reason: reason), at: range, in: source)
    }

    /// The def `name` as a function body.
    mutating func function(_ name: String, _ p: Procedure, at range: SourceRange) throws(Diagnostic) -> SwiftFunction {
        for parameter in p.parameters where !SwiftTranslation.isSwiftName(parameter) {
            throw Diagnostic(.notASwiftName(parameter), at: p.nameRange, in: source)
        }
        collect(p.body, seen: Set(p.parameters))
        used.formUnion(p.parameters)
        scopes = [Set(p.parameters).union(["path"])]
        try block(p.body)
        return SwiftFunction(parameters: p.parameters, body: lines)
    }

    /// Finds the names written more than once, and every name used.
    mutating func collect(_ body: [Stmt], seen: Set<String>) {
        var seen = seen
        for s in body {
            switch s {
            case .define(let n, _, _, _):
                used.insert(n)
                if !seen.insert(n).inserted { mutable.insert(n) }
            case .assign(let n, _, _, _):
                used.insert(n)
                mutable.insert(n)
            case .repeatLoop(_, let b, _): collect(b, seen: seen)
            case .forLoop(let v, _, _, _, let b, _):
                used.insert(v)
                collect(b, seen: seen)
            case .conditional(_, let t, let o, _):
                collect(t, seen: seen)
                if let o { collect(o, seen: seen) }
            default: break
            }
        }
    }

    mutating func emit(_ line: String) { lines.append(String(repeating: "    ", count: depth) + line) }

    mutating func block(_ body: [Stmt]) throws(Diagnostic) {
        for s in body { try statement(s) }
    }

    mutating func nested(_ body: [Stmt], declaring name: String? = nil) throws(Diagnostic) {
        depth += 1
        scopes.append(name.map { [$0] } ?? [])
        try block(body)
        scopes.removeLast()
        depth -= 1
    }

    func isDeclared(_ n: String) -> Bool { scopes.contains { $0.contains(n) } }

    mutating func statement(_ s: Stmt) throws(Diagnostic) {
        switch s {
        case .define(let n, let nameRange, let value, _):
            guard SwiftTranslation.isSwiftName(n) else { throw Diagnostic(.notASwiftName(n), at: nameRange, in: source) }
            let v = try number(value, "let")
            if isDeclared(n) {
                emit("\(n) = \(v)")
            } else {
                emit("\(mutable.contains(n) ? "var" : "let") \(n): CGFloat = \(v)")
                scopes[scopes.count - 1].insert(n)
            }
        case .assign(let n, let nameRange, let value, _):
            guard isDeclared(n) else { throw fail(n, "it sets a variable of the session; pass it to the def as a parameter", nameRange) }
            emit("\(n) = \(try number(value, "="))")
        case .repeatLoop(let count, let body, _):
            emit("for _ in 0..<Int(\(try number(count, "repeat"))) {")
            try nested(body)
            emit("}")
        case .forLoop(let v, let from, let to, let inclusive, let body, let range):
            guard SwiftTranslation.isSwiftName(v) else { throw Diagnostic(.notASwiftName(v), at: range, in: source) }
            let a = try number(from, "for"), b = try number(to, "for")
            // CGFloat(...): with whole-number literals alone, stride would count in Int.
            emit("for \(v) in stride(from: CGFloat(\(a)), \(inclusive ? "through" : "to"): \(b), by: 1) {")
            try nested(body, declaring: v)
            emit("}")
        case .conditional(let condition, let then, let otherwise, _):
            emit("if \(try boolean(condition, "if")) {")
            try nested(then)
            var rest = otherwise
            // `else if` chains stay flat.
            while let r = rest {
                if r.count == 1, case .conditional(let c, let t, let o, _) = r[0] {
                    emit("} else if \(try boolean(c, "if")) {")
                    try nested(t)
                    rest = o
                } else {
                    emit("} else {")
                    try nested(r)
                    rest = nil
                }
            }
            emit("}")
        case .command(let name, let nameRange, let arguments, let keywords, let range):
            try command(name, nameRange, arguments, keywords, range)
        case .forEach(_, _, _, let r): throw fail("for", "only 'for' over a range a..<b or a...b translates, not over a list", r)
        case .returnValue(_, let r): throw fail("return", "a def exported as a function returns its path", r)
        case .procedure(_, _, _, _, let r): throw fail("def", "a def inside a def", r)
        case .printValues(_, let r): throw fail("print", "a function that builds a path prints nothing", r)
        case .include(_, let r): throw fail("include", "a file is read by the session, not by the app", r)
        case .expression(_, let r): throw fail(source.text(r), "a value on its own does nothing in Swift", r)
        }
    }

    /// The drawing commands; their arguments are numbers.
    mutating func command(
        _ name: String, _ nameRange: SourceRange, _ arguments: [Expr], _ keywords: [KeywordArgument], _ range: SourceRange
    ) throws(Diagnostic) {
        guard let spec = CommandTable.spec(named: name) else {
            throw fail(name, "calls of other defs do not translate (export each def and call the functions)", nameRange)
        }
        let drawing: Set<String> = ["move", "line", "quad", "curve", "arc", "close", "rect", "circle", "oval", "roundrect"]
        guard drawing.contains(name) else {
            let reason =
                switch spec.group {
                case .query: "a query answers at the prompt; a Swift function only builds the path"
                case .combine: "boolean operations need shape's geometry, not a path builder: export their result instead"
                default: "only move, line, quad, curve, arc, close, rect, circle, oval and roundrect translate, with let, if, for and repeat"
                }
            throw fail(name, reason, nameRange)
        }
        guard arguments.count == spec.parameters.count else {
            throw Diagnostic(.wrongArgumentCount(command: name, usage: spec.arityDescription, got: arguments.count), at: range, in: source)
        }
        if !drawn, ["line", "quad", "curve", "close"].contains(name) {
            throw fail(name, "it continues the caller's path, and a Swift function starts an empty one: begin the def with move", nameRange)
        }
        drawn = true
        var a: [String] = []
        for e in arguments { a.append(try number(e, name)) }
        func p(_ i: Int) -> String { SwiftCode.point(a[i], a[i + 1]) }
        switch name {
        case "move": emit(code.move(p(0)))
        case "line": emit(code.line(p(0)))
        case "quad": emit(code.quad(control: p(0), to: p(2)))
        case "curve": emit(code.curve(p(0), p(2), to: p(4)))
        case "close": emit(code.close())
        case "arc":
            let increasing = !keywords.contains { $0.name == "ccw" }
            emit(code.arc(center: p(0), radius: a[2], start: a[3], end: a[4], increasing: increasing))
        case "rect":
            // From the top-left corner, clockwise on screen; a negative size is standardized.
            emit("do {")
            depth += 1
            let box = fresh("box")
            emit("let \(box) = CGRect(x: \(a[0]), y: \(a[1]), width: \(a[2]), height: \(a[3])).standardized")
            emit(code.move(SwiftCode.point("\(box).minX", "\(box).minY")))
            emit(code.line(SwiftCode.point("\(box).maxX", "\(box).minY")))
            emit(code.line(SwiftCode.point("\(box).maxX", "\(box).maxY")))
            emit(code.line(SwiftCode.point("\(box).minX", "\(box).maxY")))
            emit(code.close())
            depth -= 1
            emit("}")
        case "circle":
            let (cx, cy, r) = (a[0], a[1], a[2])
            emit(code.move(SwiftCode.point("\(cx) + \(r)", cy)))
            emit(code.relativeArc(center: p(0), radius: r, start: "0", delta: ".pi * 2", end: ".pi * 2", increasing: true))
            emit(code.close())
        case "oval":
            // The inscribed ellipse: the unit circle's arc stretched to the rectangle.
            let (x, y, w, h) = (a[0], a[1], a[2], a[3])
            emit("do {")
            depth += 1
            let box = fresh("box")
            emit("let \(box) = CGRect(x: \(x), y: \(y), width: \(w), height: \(h)).standardized")
            emit(code.move(SwiftCode.point("\(box).maxX", "\(box).midY")))
            for line in code.unitArc(
                start: "0", delta: ".pi * 2",
                transform: "CGAffineTransform(a: \(box).width / 2, b: 0, c: 0, d: \(box).height / 2, tx: \(box).midX, ty: \(box).midY)")
            {
                emit(line)
            }
            emit(code.close())
            depth -= 1
            emit("}")
        case "roundrect":
            // Circular corners, the radius clamped to half the shorter side, from the top edge.
            let (x, y, w, h, radius) = (a[0], a[1], a[2], a[3], a[4])
            emit("do {")
            depth += 1
            let box = fresh("box"), r = fresh("corner")
            emit("let \(box) = CGRect(x: \(x), y: \(y), width: \(w), height: \(h)).standardized")
            emit("let \(r) = min(\(radius), \(box).width / 2, \(box).height / 2)")
            emit(code.move(SwiftCode.point("\(box).minX + \(r)", "\(box).minY")))
            let corners = [
                ("\(box).maxX - \(r)", "\(box).minY + \(r)", "-.pi / 2", "0"), ("\(box).maxX - \(r)", "\(box).maxY - \(r)", "0", ".pi / 2"),
                ("\(box).minX + \(r)", "\(box).maxY - \(r)", ".pi / 2", ".pi"), ("\(box).minX + \(r)", "\(box).minY + \(r)", ".pi", ".pi * 3 / 2"),
            ]
            for (cx, cy, start, end) in corners {
                emit(
                    code.relativeArc(
                        center: SwiftCode.point(cx, cy), radius: r, start: start, delta: ".pi / 2", end: end, increasing: true))
            }
            emit(code.close())
            depth -= 1
            emit("}")
        default: break
        }
    }

    /// A helper variable's name that the def does not use.
    func fresh(_ base: String) -> String {
        var name = base, k = 2
        while used.contains(name) {
            name = base + "\(k)"
            k += 1
        }
        return name
    }

    // MARK: Expressions

    /// Binding strength of what an expression's text is, for parentheses: 10 for an atom.
    typealias Piece = (text: String, precedence: Int, isBool: Bool)

    func number(_ e: Expr, _ statement: String) throws(Diagnostic) -> String {
        let piece = try expression(e, statement)
        return piece.isBool ? "(\(piece.text) ? 1 : 0)" : piece.text
    }

    func boolean(_ e: Expr, _ statement: String) throws(Diagnostic) -> String {
        let piece = try expression(e, statement)
        return piece.isBool ? piece.text : "\(wrap(piece, above: 3)) != 0"
    }

    func wrap(_ p: Piece, above precedence: Int) -> String { p.precedence > precedence ? p.text : "(\(p.text))" }

    func expression(_ e: Expr, _ statement: String) throws(Diagnostic) -> Piece {
        switch e {
        case .number(let x, let r):
            let text = source.text(r)
            for unit in ["deg", "°"] where text.hasSuffix(unit) {
                return ("\(text.dropLast(unit.count)) * .pi / 180", 6, false)
            }
            return (NumberFormat.json(x), x < 0 ? 8 : 10, false)
        case .name(let n, let r):
            if isDeclared(n) { return (n, 10, false) }
            switch Builtins.Value(rawValue: n) {
            case .pi: return ("CGFloat.pi", 10, false)
            case .tau: return ("2 * CGFloat.pi", 6, false)
            case .some: throw fail(statement, "'\(n)' is the session's state, which the app does not have", r)
            case nil: throw fail(statement, "'\(n)' is not a parameter or a let of the def; pass it as a parameter", r)
            }
        case .unary(let op, let operand, _):
            switch op {
            case .negate: return ("-" + wrap(try expression(operand, statement), above: 7), 8, false)
            case .plus: return try expression(operand, statement)
            case .not: return ("!" + wrap((try boolean(operand, statement), 3, true), above: 7), 8, true)
            }
        case .binary(let op, let a, let b, _):
            switch op {
            case .and, .or:
                let p = op == .and ? 2 : 1
                let l = try boolean(a, statement), r = try boolean(b, statement)
                return ("\(l) \(op.rawValue) \(r)", p, true)
            case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
                let l = try expression(a, statement), r = try expression(b, statement)
                let ln = l.isBool ? "(\(l.text) ? 1 : 0)" : wrap(l, above: 4), rn = r.isBool ? "(\(r.text) ? 1 : 0)" : wrap(r, above: 4)
                return ("\(ln) \(op.rawValue) \(rn)", 3, true)
            case .plus, .minus, .times, .divide:
                let p = op.precedence
                let lp = try expression(a, statement), rp = try expression(b, statement)
                // Left-associative: the right side needs parentheses at the same strength.
                let left = lp.isBool ? "(\(lp.text) ? 1 : 0)" : wrap(lp, above: p - 1)
                let right = rp.isBool ? "(\(rp.text) ? 1 : 0)" : wrap(rp, above: p)
                return ("\(left) \(op.rawValue) \(right)", p, false)
            case .remainder:
                let l = try expression(a, statement)
                return ("\(wrap(l, above: 9)).truncatingRemainder(dividingBy: \(try number(b, statement)))", 10, false)
            case .power:
                return ("pow(\(try number(a, statement)), \(try number(b, statement)))", 10, false)
            }
        case .call(let name, let arguments, let r):
            guard let function = Builtins.function(named: name) else {
                throw fail(statement, "'\(name)(...)' does not translate: only the maths functions do", r)
            }
            if function.arity.map({ arguments.count != $0 }) ?? arguments.isEmpty {
                throw Diagnostic(.wrongCallArity(name: name, expected: function.arity ?? 1, got: arguments.count), at: r, in: source)
            }
            var texts: [String] = []
            for argument in arguments { texts.append(try number(argument, statement)) }
            return ("\(name)(\(texts.joined(separator: ", ")))", 10, false)
        case .string(_, let r): throw fail(statement, "only numbers translate, not strings", r)
        case .list(_, let r), .index(_, _, let r): throw fail(statement, "only numbers translate, not lists", r)
        case .field(_, _, let r): throw fail(statement, "only numbers translate, not records", r)
        }
    }
}
