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
    public var statements: [Stmt] { tree.statements }
    public var source: Source
    private let tree: StatementTree

    public init(statements: [Stmt], source: Source) {
        self.tree = StatementTree(statements)
        self.source = source
    }
}

/// Statements that are freed without recursion. Left to the compiler, freeing a statement frees
/// its blocks' statements from inside its own release, a few calls deeper for each block: blocks
/// nested 1,000 deep (the parser's limit) would take a browser's stack a second time after
/// parsing. So whatever holds a tree for long (a program, a procedure's body) holds it here, and
/// the last holder takes it apart a statement at a time (`Stmt.free`).
final class StatementTree: @unchecked Sendable {
    // (@unchecked: `statements` is changed only in `deinit`, when no one else can see it.)
    private(set) var statements: [Stmt]

    init(_ statements: [Stmt]) { self.statements = statements }

    deinit { Stmt.free(&statements) }
}

extension Stmt {
    /// Empties `statements`, freeing each statement only after its blocks' statements have been
    /// taken out of it into a list of their own, so that no release reaches a block with
    /// statements left in it: the depth of the calls is the same for any nesting. A statement
    /// held elsewhere too (a procedure's body is also its `def`'s) is not freed here, only let go.
    static func free(_ statements: inout [Stmt]) {
        var pending: [Stmt] = []
        swap(&pending, &statements)
        while let statement = pending.popLast() {
            switch statement {
            case .repeatLoop(_, let body, _), .forLoop(_, _, _, _, let body, _), .forEach(_, _, let body, _),
                .procedure(_, _, _, let body, _):
                pending.append(contentsOf: body)
            case .conditional(_, let then, let otherwise, _):
                pending.append(contentsOf: then)
                pending.append(contentsOf: otherwise ?? [])
            case .command, .define, .assign, .returnValue, .printValues, .include, .expression:
                break
            }
        }
    }
}
