/// A def translated to the body of a Swift function: its parameters and the lines that draw
/// into `path` (declared and returned by the printer, which knows the target's types).
public struct SwiftFunction: Sendable {
    /// A parameter: its name in the function's signature (or the Shape's property), the name the
    /// body reads it by, and whether the body changes it (then the body starts with a copy).
    public struct Parameter: Sendable, Equatable {
        public var label: String
        public var local: String
        public var mutable: Bool
        /// The name a function's signature gives it inside (`label given: CGFloat`): `local`,
        /// or for one the body changes a name no other variable has, copied into `local`.
        public var given: String
    }
    public var parameters: [Parameter]
    public var body: [String]
}

/// Translates a def into Swift for `export swift NAME`: its arithmetic, `let`s, assignments,
/// `if`/`else`, `for` over a range, `repeat` and the drawing commands (move, line, quad, curve,
/// arc, close, rect, circle, oval, roundrect), each drawn exactly as the interpreter draws it.
/// Everything else (a query, a boolean operation, a transform, a string, a list, a call of
/// another def, the session's state) is a located error naming the statement.
///
/// Names keep the language's scoping: a block's `let` of a name that an outer block holds is a
/// new variable (the outer one is unchanged after the block), a `let` of a name the same block
/// holds sets it, `=` sets the nearest. Each such variable gets a Swift name of its own: the
/// def's name unless another variable of the function, a name the generated code uses (`path`,
/// `rect`, the maths functions, the Core Graphics types) or a helper has it, then the name with a
/// number (`x2`, `sqrt2`). A parameter keeps its name in the signature.
struct SwiftTranslation {
    let target: SwiftTarget
    let source: Source
    let code: SwiftCode
    var lines: [String] = []
    var depth = 0
    /// A variable of the def: its Swift name and whether anything sets it after its `let`.
    struct Binding {
        var swift: String
        var mutable = false
    }
    var bindings: [Binding] = []
    /// The variables of each open scope by their names in the def, innermost last.
    var scopes: [[String: Int]] = []
    /// How many bindings the walk has made (the emitting walk meets them in the resolving
    /// walk's order).
    var made = 0
    /// Swift names taken: the generated code's own and the bindings'.
    var taken: Set<String> = SwiftTranslation.generatedNames
    /// True once a drawing command has been translated.
    var drawn = false

    static let swiftKeywords: Set<String> = [
        "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum", "extension", "fallthrough",
        "false", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "operator", "private",
        "protocol", "public", "repeat", "return", "self", "Self", "static", "struct", "subscript", "super", "switch", "throw", "throws",
        "true", "try", "var", "where", "while", "Any", "Type", "rethrows", "fileprivate", "open", "associatedtype", "typealias",
        "deinit", "some", "any",
    ]

    /// Names the generated code calls or declares, which a variable of the def may not hide: the
    /// path and its dash, the Shape's rect, the types and functions of the translated code, and
    /// every maths function of the language (each is called by its own name).
    static let generatedNames: Set<String> = Set(
        [
            "path", "pathDash", "rect", "ellipse", "CGFloat", "CGPoint", "CGRect", "CGAffineTransform", "CGMutablePath", "UIBezierPath",
            "Path", "Shape", "Angle", "StrokeStyle", "Int", "Double", "stride", "min", "max", "pow", "abs", "print",
        ] + Builtins.functions.map { $0.name })

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
        // A Shape's parameters are its properties, and inside its `path(in:)` a property hides
        // a function or type of the same name (`path` and `rect` are read as `self.path`).
        if target == .shape, let clash = p.parameters.first(where: { SwiftTranslation.generatedNames.contains($0) && $0 != "path" && $0 != "rect" }) {
            throw fail(
                name,
                "a SwiftUI Shape's property named '\(clash)' would hide Swift's \(clash) inside the Shape: rename the parameter, "
                    + "or export the def for another target", p.nameRange)
        }
        // First the scopes alone: which variable each `let` makes, and which are set again.
        scopes = [[:]]
        for parameter in p.parameters { declare(parameter) }
        resolve(p.body)
        // Then the code, meeting the same variables in the same order.
        scopes = [[:]]
        made = 0
        for parameter in p.parameters { declare(parameter) }
        try block(p.body)
        var parameters: [SwiftFunction.Parameter] = []
        for (k, label) in p.parameters.enumerated() {
            let b = bindings[k]
            parameters.append(.init(label: label, local: b.swift, mutable: b.mutable, given: b.mutable ? fresh(b.swift + "Given") : b.swift))
        }
        return SwiftFunction(parameters: parameters, body: lines)
    }

    /// Makes `name` a new variable of the innermost scope (in the resolving walk, with a Swift
    /// name of its own; in the emitting walk, the one it was given) and returns its index.
    @discardableResult
    mutating func declare(_ name: String) -> Int {
        let k = made
        made += 1
        if k == bindings.count {
            var swift = name, n = 2
            while taken.contains(swift) {
                swift = name + "\(n)"
                n += 1
            }
            taken.insert(swift)
            bindings.append(Binding(swift: swift))
        }
        scopes[scopes.count - 1][name] = k
        return k
    }

    /// The variable `name` stands for here, if any.
    func binding(_ name: String) -> Int? {
        for scope in scopes.reversed() { if let k = scope[name] { return k } }
        return nil
    }

    /// The resolving walk: the variables made and which of them are set again.
    mutating func resolve(_ body: [Stmt]) {
        for s in body {
            switch s {
            case .define(let n, _, _, _):
                if let k = scopes[scopes.count - 1][n] { bindings[k].mutable = true } else { declare(n) }
            case .assign(let n, _, _, _):
                if let k = binding(n) { bindings[k].mutable = true }
            case .repeatLoop(_, let b, _):
                scopes.append([:])
                resolve(b)
                scopes.removeLast()
            case .forLoop(let v, _, _, _, let b, _):
                scopes.append([:])
                declare(v)
                resolve(b)
                scopes.removeLast()
            case .conditional(_, let t, let o, _):
                scopes.append([:])
                resolve(t)
                scopes.removeLast()
                if let o {
                    scopes.append([:])
                    resolve(o)
                    scopes.removeLast()
                }
            // These make no variable of the def (a `for` over a list does not translate).
            case .command, .forEach, .returnValue, .procedure, .printValues, .include, .expression: break
            }
        }
    }

    mutating func emit(_ line: String) { lines.append(String(repeating: "    ", count: depth) + line) }

    mutating func block(_ body: [Stmt]) throws(Diagnostic) {
        for s in body { try statement(s) }
    }

    /// A block in a scope of its own; `loop` is the for loop's variable, declared in it.
    mutating func nested(_ body: [Stmt], loop: (name: String, value: String)? = nil) throws(Diagnostic) {
        depth += 1
        scopes.append([:])
        if let loop {
            let k = declare(loop.name)
            // A loop variable the body sets is a copy of the loop's.
            if bindings[k].mutable { emit("var \(bindings[k].swift) = \(loop.value)") }
        }
        try block(body)
        scopes.removeLast()
        depth -= 1
    }

    mutating func statement(_ s: Stmt) throws(Diagnostic) {
        switch s {
        case .define(let n, let nameRange, let value, _):
            guard SwiftTranslation.isSwiftName(n) else { throw Diagnostic(.notASwiftName(n), at: nameRange, in: source) }
            // The value first: it reads the names as they are before this `let`.
            let v = try number(value, "let")
            if let k = scopes[scopes.count - 1][n] {
                // Setting a variable to itself changes nothing, and Swift refuses to write it.
                if v != bindings[k].swift { emit("\(bindings[k].swift) = \(v)") }
            } else {
                let k = declare(n)
                emit("\(bindings[k].mutable ? "var" : "let") \(bindings[k].swift): CGFloat = \(v)")
            }
        case .assign(let n, let nameRange, let value, _):
            guard let k = binding(n) else { throw fail(n, "it sets a variable of the session; pass it to the def as a parameter", nameRange) }
            let v = try number(value, "=")
            if v != bindings[k].swift { emit("\(bindings[k].swift) = \(v)") }
        case .repeatLoop(let count, let body, _):
            emit("for _ in 0..<Int(\(try number(count, "repeat")) as CGFloat) {")
            try nested(body)
            emit("}")
        case .forLoop(let v, let from, let to, let inclusive, let body, let range):
            guard SwiftTranslation.isSwiftName(v) else { throw Diagnostic(.notASwiftName(v), at: range, in: source) }
            let a = try number(from, "for"), b = try number(to, "for")
            // The loop's own name: the variable's, or a fresh one the body copies when it sets it.
            let k = made
            let counter = bindings[k].mutable ? fresh(bindings[k].swift + "Loop") : bindings[k].swift
            // `as CGFloat`: with whole-number literals alone, stride would count in Int (and
            // `CGFloat(-2 / 4)` would divide whole numbers).
            emit("for \(counter) in stride(from: \(a) as CGFloat, \(inclusive ? "through" : "to"): \(b), by: 1) {")
            try nested(body, loop: (v, counter))
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
                case .path, .track, .transform, .teaching, .session, .language:
                    "only move, line, quad, curve, arc, close, rect, circle, oval and roundrect translate, with let, if, for and repeat"
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

    /// A helper variable's name that no variable of the def and nothing generated uses.
    mutating func fresh(_ base: String) -> String {
        var name = base, k = 2
        while taken.contains(name) {
            name = base + "\(k)"
            k += 1
        }
        taken.insert(name)
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

    /// True for an expression of numbers and operators alone. In Swift its literals have no type
    /// until something gives them one: the type checker gives up on a few overloaded calls and
    /// comparisons of them (`min(24 + 43, (57 - 5) * 1) > sqrt(abs(2))`), and whole-number
    /// literals alone divide as whole numbers (`min(-2 / 4, 37)` is 0). So such an operand of a
    /// call or a comparison, and the left of a remainder, is typed `(... as CGFloat)` (not
    /// converted: `CGFloat(-2 / 4)` divides whole numbers too).
    /// The operands of a call or a comparison as numbers: each constant one with an operator in
    /// it typed `(... as CGFloat)`, and the first when all are bare numbers; the others wrapped
    /// in parentheses unless they bind more strongly than `precedence`.
    func operands(_ es: [Expr], _ statement: String, above precedence: Int = 0) throws(Diagnostic) -> [String] {
        var texts: [String] = []
        for e in es {
            let piece = try expression(e, statement)
            texts.append(
                piece.isBool
                    ? "(\(piece.text) ? 1 : 0)"
                    : SwiftTranslation.isConstant(e) && !e.isNumber ? "(\(piece.text) as CGFloat)" : wrap(piece, above: precedence))
        }
        if es.allSatisfy({ $0.isNumber }), !texts.isEmpty { texts[0] = "(\(texts[0]) as CGFloat)" }
        return texts
    }

    static func isConstant(_ e: Expr) -> Bool {
        switch e {
        case .number: true
        case .unary(_, let operand, _): isConstant(operand)
        case .binary(_, let a, let b, _): isConstant(a) && isConstant(b)
        case .string, .name, .call, .list, .index, .field: false
        }
    }

    func expression(_ e: Expr, _ statement: String) throws(Diagnostic) -> Piece {
        switch e {
        case .number(let x, let r):
            let text = source.text(r)
            for unit in ["deg", "°"] where text.hasSuffix(unit) {
                return ("\(text.dropLast(unit.count)) * .pi / 180", 6, false)
            }
            return (NumberFormat.json(x), x < 0 ? 8 : 10, false)
        case .name(let n, let r):
            if let k = binding(n) { return (bindings[k].swift, 10, false) }
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
                let sides = try operands([a, b], statement, above: 4)
                return ("\(sides[0]) \(op.rawValue) \(sides[1])", 3, true)
            case .plus, .minus, .times, .divide:
                let p = op.precedence
                let lp = try expression(a, statement), rp = try expression(b, statement)
                // Left-associative: the right side needs parentheses at the same strength.
                let left = lp.isBool ? "(\(lp.text) ? 1 : 0)" : wrap(lp, above: p - 1)
                let right = rp.isBool ? "(\(rp.text) ? 1 : 0)" : wrap(rp, above: p)
                return ("\(left) \(op.rawValue) \(right)", p, false)
            case .remainder:
                let l = try expression(a, statement)
                let left = SwiftTranslation.isConstant(a) ? "(\(l.text) as CGFloat)" : wrap(l, above: 9)
                return ("\(left).truncatingRemainder(dividingBy: \(try number(b, statement)))", 10, false)
            case .power:
                return ("pow(\(try operands([a, b], statement).joined(separator: ", ")))", 10, false)
            }
        case .call(let name, let arguments, let r):
            guard let function = Builtins.function(named: name) else {
                throw fail(statement, "'\(name)(...)' does not translate: only the maths functions do", r)
            }
            if function.arity.map({ arguments.count != $0 }) ?? arguments.isEmpty {
                throw Diagnostic(.wrongCallArity(name: name, expected: function.arity ?? 1, got: arguments.count), at: r, in: source)
            }
            return ("\(name)(\(try operands(arguments, statement).joined(separator: ", ")))", 10, false)
        case .string(_, let r): throw fail(statement, "only numbers translate, not strings", r)
        case .list(_, let r), .index(_, _, let r): throw fail(statement, "only numbers translate, not lists", r)
        case .field(_, _, let r): throw fail(statement, "only numbers translate, not records", r)
        }
    }
}

extension Expr {
    /// True for a number literal.
    var isNumber: Bool { if case .number = self { true } else { false } }
}
