/// An expression, with the range of source it came from. Only the cases that hold expressions
/// are boxed: a number, a string or a name is stored in place (a script's arguments are nearly
/// all numbers, and a box for each was a good part of the parser's time).
public enum Expr: Sendable {
    case number(Double, SourceRange)
    case string(String, SourceRange)
    case name(String, SourceRange)
    indirect case unary(PrefixOperator, Expr, SourceRange)
    indirect case binary(BinaryOperator, Expr, Expr, SourceRange)
    case call(String, [Expr], SourceRange)
    /// `[a, b, c]`.
    case list([Expr], SourceRange)
    /// `xs[i]`.
    indirect case index(Expr, Expr, SourceRange)
    /// `f(x).name`, `xs[0].name` (a name such as `n.x` is one `.name` token, split when looked up).
    indirect case field(Expr, String, SourceRange)

    public var range: SourceRange {
        switch self {
        case .number(_, let r), .string(_, let r), .name(_, let r), .unary(_, _, let r),
            .binary(_, _, _, let r), .call(_, _, let r), .list(_, let r), .index(_, _, let r), .field(_, _, let r):
            r
        }
    }
}

/// An option word after a command (`cw`, `phase 2`, `to 10 20`) and the values it takes.
public struct KeywordArgument: Sendable {
    public var name: String
    public var values: [Expr]
    public var range: SourceRange
}

/// A statement. Every statement keeps its whole range and the range of the word that names it.
/// A command (nearly every statement of a long script) is held in place, without a box of its
/// own; the cases larger than it are boxed, so that a statement stays as small as a command.
public enum Stmt: Sendable {
    case command(name: String, nameRange: SourceRange, arguments: [Expr], keywords: [KeywordArgument], range: SourceRange)
    indirect case define(name: String, nameRange: SourceRange, value: Expr, range: SourceRange)
    indirect case assign(name: String, nameRange: SourceRange, value: Expr, range: SourceRange)
    indirect case repeatLoop(count: Expr, body: [Stmt], range: SourceRange)
    indirect case forLoop(variable: String, from: Expr, to: Expr, inclusive: Bool, body: [Stmt], range: SourceRange)
    /// `for v in xs { }`: over the items of a list.
    indirect case forEach(variable: String, list: Expr, body: [Stmt], range: SourceRange)
    /// `return expr`, inside a procedure.
    case returnValue(Expr, range: SourceRange)
    indirect case conditional(condition: Expr, then: [Stmt], otherwise: [Stmt]?, range: SourceRange)
    case procedure(name: String, nameRange: SourceRange, parameters: [String], body: [Stmt], range: SourceRange)
    case printValues([Expr], range: SourceRange)
    case include(Expr, range: SourceRange)
    case expression(Expr, range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .command(_, _, _, _, let r), .define(_, _, _, let r), .assign(_, _, _, let r),
            .repeatLoop(_, _, let r), .forLoop(_, _, _, _, _, let r), .forEach(_, _, _, let r), .returnValue(_, let r), .conditional(_, _, _, let r),
            .procedure(_, _, _, _, let r), .printValues(_, let r), .include(_, let r), .expression(_, let r):
            r
        }
    }

    /// The word that names the statement, for reports (`line`, `repeat`, `let`, ...).
    public var commandName: String {
        switch self {
        case .command(let n, _, _, _, _): n
        case .define: Keyword.let.rawValue
        case .assign: "assign"
        case .repeatLoop: Keyword.repeat.rawValue
        case .forLoop, .forEach: Keyword.for.rawValue
        case .returnValue: Keyword.return.rawValue
        case .conditional: Keyword.if.rawValue
        case .procedure: Keyword.def.rawValue
        case .printValues: Keyword.print.rawValue
        case .include: Keyword.include.rawValue
        case .expression: "value"
        }
    }
}

/// A parsed source: its statements in order.
public struct Program: Sendable {
    public var statements: [Stmt]
    public var source: Source
}
