import Testing

@testable import ShapeLanguage

/// A statement tree is freed a statement at a time (`StatementTree`, `Stmt.free`): the depth of
/// the calls that free it does not grow with its nesting. Trees far deeper than the parser allows
/// (it stops at 1,000 blocks) are built here directly: freed by recursion, 300,000 levels of a few
/// calls each would overflow any thread's stack (a test thread's is 512 KB to 8 MB), so these
/// tests end only if the freeing is iterative.
@Suite struct StatementTreeTests {
    static let depth = 300_000
    static let range = SourceRange(0, 1)
    static let source = Source(name: "tree", text: "x")

    /// `if 1 { if 1 { ... line 3 4 ... } }`, `depth` deep, the last `if` with an `else` block.
    static func nestedIfs(_ depth: Int) -> Stmt {
        var statement = Stmt.command(name: "line", nameRange: range, arguments: [.number(3, range), .number(4, range)], keywords: [], range: range)
        for level in 0..<depth {
            let otherwise: [Stmt]? = level == depth - 1 ? [statement] : nil
            statement = .conditional(condition: .number(1, range), then: [statement], otherwise: otherwise, range: range)
        }
        return statement
    }

    /// How deep the `if`s of `statement` go, walked without recursion.
    static func depthOf(_ statement: Stmt) -> Int {
        var levels = 0
        var current = statement
        while case .conditional(_, let then, _, _) = current, let inner = then.first {
            levels += 1
            current = inner
        }
        return levels
    }

    @Test func aDeepProgramIsFreedWithoutRecursion() {
        var program: Program? = Program(statements: [Self.nestedIfs(Self.depth)], source: Self.source)
        #expect(program.map { Self.depthOf($0.statements[0]) } == Self.depth)
        program = nil
        #expect(program == nil)
    }

    /// Kinds of block other than `if`, each holding the next: the free takes each one apart.
    @Test func everyKindOfBlockIsTakenApart() {
        var statement = Stmt.printValues([.number(1, Self.range)], range: Self.range)
        for level in 0..<Self.depth {
            let body = [statement]
            switch level % 4 {
            case 0: statement = .repeatLoop(count: .number(1, Self.range), body: body, range: Self.range)
            case 1:
                statement = .forLoop(
                    variable: "i", from: .number(0, Self.range), to: .number(1, Self.range), inclusive: false, body: body, range: Self.range)
            case 2: statement = .forEach(variable: "v", list: .list([], Self.range), body: body, range: Self.range)
            default: statement = .procedure(name: "p", nameRange: Self.range, parameters: [], body: body, range: Self.range)
            }
        }
        var statements = [consume statement]
        Stmt.free(&statements)
        #expect(statements.isEmpty)
    }

    /// A procedure's body outlives the program that defined it, and is freed without recursion
    /// when the session that holds it goes; shared with a copy of the tree, it is not freed early.
    @Test func aProcedureBodyOutlivesItsProgramAndIsFreedWithoutRecursion() {
        var interpreter: Interpreter? = Interpreter()
        do {
            let def = Stmt.procedure(name: "deep", nameRange: Self.range, parameters: [], body: [Self.nestedIfs(Self.depth)], range: Self.range)
            let failure = interpreter?.run(Program(statements: [def], source: Self.source), emit: { _ in })
            #expect(failure == nil)
        }
        // The program is gone; the body is whole.
        var body = interpreter?.state.procedures["deep"]?.body
        #expect(body.map { Self.depthOf($0[0]) } == Self.depth)
        interpreter = nil
        // The session is gone; `body` (this test's copy) is whole still, and freed with it.
        #expect(body.map { Self.depthOf($0[0]) } == Self.depth)
        var rest = body ?? []
        body = nil
        Stmt.free(&rest)
        #expect(rest.isEmpty)
    }
}
