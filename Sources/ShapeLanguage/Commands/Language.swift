import ShapeGeometry

// The language's statements, for help and completion (the interpreter runs them itself).
// Each command's row (what the language knows of it) and its handler (what it does).

extension CommandTable {
    static let language: [CommandSpec] = [
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
}

// What the language's statements report.
extension Wording {
    /// `let` (named: `let x = 3` when declared, `x = 3` when set) or an expression's value alone
    /// (unnamed, which is also its value as a function).
    static func value(_ wanted: Wanted, _ name: String?, _ v: Value, declared: Bool) -> Wording {
        guard let name else { return Wording(wanted, "\(v, quoted: false)", [("value", .value(v))], value: v) }
        return Wording(wanted, "\(declared ? "let " : "")\(name) = \(v, quoted: v.isString)", [("name", .string(name)), ("value", .value(v))])
    }

    /// `print`: the values with spaces between; in JSON, also the line at full precision.
    static func printed(_ wanted: Wanted, _ values: [Value]) -> Wording {
        let line = Line.joined(values.map { "\($0, quoted: false)" }, separator: " ")
        return Wording(wanted, line, [("values", .array(values.map { .value($0) })), ("text", .text([line], precision: 17))])
    }

    /// `def`: the name defined.
    static func defined(_ wanted: Wanted, _ command: String, _ name: String) -> Wording {
        Wording(wanted, "\(command): \(name)", [("name", .string(name))])
    }
}
