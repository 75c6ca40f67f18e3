/// Why parsing stopped.
public enum ParseFailure: Error, Sendable {
    /// The text ends inside a block, a parenthesis or after an operator: more input would complete
    /// it. The REPL shows its continuation prompt; a script reports the diagnostic.
    case incomplete(Diagnostic)
    /// A real syntax error.
    case invalid(Diagnostic)

    public var diagnostic: Diagnostic {
        switch self {
        case .incomplete(let d), .invalid(let d): d
        }
    }
}

/// Source → syntax tree, by recursive descent. See SPEC §2 and §6 and docs/language.md.
public struct Parser {
    let source: Source
    var lexer: Lexer
    /// The token being looked at and the one after it: all the parser holds of the source's
    /// tokens, so a huge script is never a huge token array. (A look further ahead, for `else`
    /// after newlines, copies the parser.)
    var current: Token
    var peekToken: Token
    /// Where the token before the current one ended.
    var previousEnd = 0
    /// The first lexical error: the lexer hands out `.end` from there on, and every way out of
    /// the parser reports this error instead.
    var lexError: Diagnostic?
    /// Where each enclosing `{` was opened, innermost last.
    var openBlocks: [SourceRange] = []
    /// The last statement's first word, and where it was written: a script's statements mostly
    /// repeat the command before them, and comparing its bytes costs less than making a string.
    var lastWord: (range: SourceRange, text: String)?

    /// A parser reading `source` from its start, one statement at a time (`nextStatement`).
    public init(_ source: Source) {
        self.source = source
        lexer = Lexer(source)
        let none = Token(kind: .end, range: SourceRange(0, 0), spaceBefore: true, spaceAfter: true)
        current = none
        peekToken = none
        current = nextToken()
        peekToken = nextToken()
    }

    /// Parses a whole source.
    public static func parse(_ source: Source) throws(ParseFailure) -> Program {
        var parser = Parser(source)
        var statements: [Stmt] = []
        while let s = try parser.nextStatement() { statements.append(s) }
        return Program(statements: statements, source: source)
    }

    /// Parses a whole source for its errors only, keeping nothing: what a script runs statement
    /// by statement is first checked whole, so that a syntax error anywhere runs nothing.
    public static func check(_ source: Source) throws(ParseFailure) {
        var parser = Parser(source)
        while try parser.nextStatement() != nil {}
    }

    /// The names the source's top-level `let`s define, as far as it parses (for `-D`).
    public static func topLevelDefinitions(_ source: Source) -> [String] {
        var parser = Parser(source)
        var names: [String] = []
        while let s = try? parser.nextStatement() {
            if case .define(let name, _, _, _) = s { names.append(name) }
        }
        return names
    }

    /// The next top-level statement, or nil at the end of the source.
    public mutating func nextStatement() throws(ParseFailure) -> Stmt? {
        do throws(ParseFailure) {
            skipNewlines()
            switch current.kind {
            case .end:
                if let e = lexError { throw ParseFailure.invalid(e) }
                return nil
            case .rightBrace:
                throw failure(.unmatchedClose("}"), at: current.range)
            default:
                let s = try statement()
                switch current.kind {
                case .newline, .end: break
                default: throw failure(.expected("the end of the statement", found: describe(current)), at: current.range)
                }
                return s
            }
        } catch {
            // Running out of tokens because the text could not be read is that error.
            if let e = lexError { throw .invalid(e) }
            throw error
        }
    }

    /// The lexer's next token; after a lexical error, `.end` (the error is kept in `lexError`).
    mutating func nextToken() -> Token {
        if lexError != nil { return peekToken }
        do {
            return try lexer.next()
        } catch {
            lexError = error
            return Token(kind: .end, range: error.range, spaceBefore: true, spaceAfter: true)
        }
    }

    mutating func advance() {
        guard current.kind != .end else { return }
        previousEnd = current.range.end
        current = peekToken
        peekToken = peekToken.kind == .end ? peekToken : nextToken()
    }

    /// The text of a token (a name's spelling).
    func text(of t: Token) -> String { String(decoding: source.bytes[t.range.start..<t.range.end], as: UTF8.self) }

    /// `text(of:)` for a statement's first word: the last one's string again when it is spelt
    /// the same.
    mutating func word(of t: Token) -> String {
        let r = t.range
        let bytes = source.bytes
        if let last = lastWord, bytes[last.range.start..<last.range.end].elementsEqual(bytes[r.start..<r.end]) { return last.text }
        let text = text(of: t)
        lastWord = (r, text)
        return text
    }

    func describe(_ t: Token) -> String {
        switch t.kind {
        case .number: "a number"
        case .string: "a string"
        case .identifier: "'\(text(of: t))'"
        case .keyword(let k): "'\(k.rawValue)'"
        case .op(let o): "'\(o.rawValue)'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .comma: "','"
        case .leftBracket: "'['"
        case .rightBracket: "']'"
        case .dot: "'.'"
        case .newline: "the end of the line"
        case .end: "the end of the input"
        }
    }

    func failure(_ message: Message, at range: SourceRange) -> ParseFailure {
        .invalid(Diagnostic(message, at: range, in: source))
    }

    /// The error for running out of input: incomplete, noting the innermost open block.
    func endOfInput(expecting what: String) -> ParseFailure {
        if let open = openBlocks.last {
            // The bracket as written: a block's `{`, a parenthesis or a list.
            let bracket = String(decoding: source.bytes[open.start..<open.start + 1], as: UTF8.self)
            var d = Diagnostic(.unclosedBlock(bracket), at: open, in: source)
            d.note = ("expected \(what) before the end of the input", current.range)
            return .incomplete(d)
        }
        return .incomplete(Diagnostic(.expected(what, found: "the end of the input"), at: current.range, in: source))
    }

    mutating func expect(_ kind: Token.Kind, _ what: String) throws(ParseFailure) -> Token {
        if current.kind == kind { let t = current; advance(); return t }
        throw missing(what)
    }

    /// The error for a token that is not there. Running out of input is "needs more input" only
    /// inside an open block or parenthesis: a statement such as `let` or `repeat 3` alone cannot
    /// go on to the next line, so the prompt reports it at once instead of continuing.
    func missing(_ what: String) -> ParseFailure {
        if current.kind == .end, !openBlocks.isEmpty { return endOfInput(expecting: what) }
        return failure(.expected(what, found: describe(current)), at: current.range)
    }

    mutating func skipNewlines() { while current.kind == .newline { advance() } }

    // MARK: Statements

    mutating func statements(untilBrace: Bool) throws(ParseFailure) -> [Stmt] {
        var result: [Stmt] = []
        while true {
            skipNewlines()
            switch current.kind {
            case .end:
                if untilBrace { throw endOfInput(expecting: "'}'") }
                return result
            case .rightBrace:
                if untilBrace { return result }
                throw failure(.unmatchedClose("}"), at: current.range)
            default:
                // (A keyword's statement is asked for by its keyword here, as `statement()` would:
                // for nested blocks, one call less at each level, so that a browser's stack holds
                // the 1,000 levels of the parser's limit (docs/playground.md, "The stack").)
                if case .keyword(let k) = current.kind { result.append(try statement(k)) } else { result.append(try statement()) }
                switch current.kind {
                case .newline, .end: break
                case .rightBrace where untilBrace: break
                default: throw failure(.expected("the end of the statement", found: describe(current)), at: current.range)
                }
            }
        }
    }

    /// How deeply blocks (and `else if` chains, each a block inside the last) may nest: every
    /// recursion over statements, parsing, running and freeing them, stays within the stack the
    /// interpreter runs on (docs/robustness.md).
    public static let blockLimit = 1_000
    var blockDepth = 0

    mutating func block() throws(ParseFailure) -> [Stmt] {
        let open = try expect(.leftBrace, "'{'")
        blockDepth += 1
        defer { blockDepth -= 1 }
        guard blockDepth <= Parser.blockLimit else { throw failure(.blocksTooDeep(Parser.blockLimit), at: open.range) }
        openBlocks.append(open.range)
        let body = try statements(untilBrace: true)
        _ = try expect(.rightBrace, "'}'")
        openBlocks.removeLast()
        return body
    }

    /// A statement that starts with a keyword.
    mutating func statement(_ keyword: Keyword) throws(ParseFailure) -> Stmt {
        let start = current.range.start
        let wordRange = current.range
        switch keyword {
        case .let:
            advance()
            let (name, nameRange) = try identifier("a name after 'let'")
            _ = try expect(.op(.assign), "'='")
            skipNewlines()  // the value may follow on the next line
            let value = try expression()
            return .define(name: name, nameRange: nameRange, value: value, range: SourceRange(start, value.range.end))
        case .repeat:
            advance()
            let count = try argumentExpression()
            let body = try block()
            return .repeatLoop(count: count, body: body, range: SourceRange(start, previousEnd))
        case .for:
            advance()
            let (name, _) = try identifier("a loop variable after 'for'")
            guard current.kind == .keyword(.in) else { throw missing("'in'") }
            advance()
            skipNewlines()
            let from = try expression(minimumPrecedence: 4)
            let inclusive: Bool
            switch current.kind {
            case .op(.halfOpenRange): inclusive = false
            case .op(.closedRange): inclusive = true
            case .leftBrace:
                // `for v in xs { }`: over a list's items.
                let body = try block()
                return .forEach(variable: name, list: from, body: body, range: SourceRange(start, previousEnd))
            default: throw missing("'..<', '...' or a block over a list")
            }
            advance()
            skipNewlines()
            let to = try expression(minimumPrecedence: 4)
            let body = try block()
            return .forLoop(
                variable: name, from: from, to: to, inclusive: inclusive, body: body,
                range: SourceRange(start, previousEnd))
        case .if:
            advance()
            let condition = try expression()
            let then = try block()
            var otherwise: [Stmt]?
            // `else` may follow on the same line or on the next.
            var probe = self
            probe.skipNewlines()
            if probe.current.kind == .keyword(.else) {
                skipNewlines()
                advance()
                if current.kind == .keyword(.if) {
                    blockDepth += 1
                    defer { blockDepth -= 1 }
                    guard blockDepth <= Parser.blockLimit else { throw failure(.blocksTooDeep(Parser.blockLimit), at: current.range) }
                    otherwise = [try statement(.if)]
                } else {
                    otherwise = try block()
                }
            }
            return .conditional(
                condition: condition, then: then, otherwise: otherwise,
                range: SourceRange(start, previousEnd))
        case .def:
            advance()
            let (name, nameRange) = try identifier("a procedure name after 'def'")
            let open = try expect(.leftParen, "'(' after the procedure name")
            // The parameter list may run over several lines while its parenthesis is open.
            openBlocks.append(open.range)
            var parameters: [String] = []
            skipNewlines()
            if current.kind != .rightParen {
                while true {
                    let (p, _) = try identifier("a parameter name")
                    parameters.append(p)
                    skipNewlines()
                    if current.kind == .comma { advance(); skipNewlines(); continue }
                    break
                }
            }
            _ = try expectClosing(.rightParen, "')'")
            openBlocks.removeLast()
            let body = try block()
            return .procedure(
                name: name, nameRange: nameRange, parameters: parameters, body: body,
                range: SourceRange(start, previousEnd))
        case .print:
            advance()
            var values: [Expr] = []
            while startsArgument(current) { values.append(try argumentExpression()) }
            return .printValues(values, range: SourceRange(start, values.last?.range.end ?? wordRange.end))
        case .return:
            advance()
            let value = try expression()
            return .returnValue(value, range: SourceRange(start, value.range.end))
        case .include:
            advance()
            let file = try argumentExpression()
            return .include(file, range: SourceRange(start, file.range.end))
        case .else, .in:
            throw failure(.expected("a statement", found: "'\(keyword.rawValue)'"), at: wordRange)
        }
    }

    mutating func statement() throws(ParseFailure) -> Stmt {
        let start = current.range.start
        if case .keyword(let k) = current.kind { return try statement(k) }
        guard current.kind == .identifier else {
            let e = try expression()
            return .expression(e, range: SourceRange(start, e.range.end))
        }
        let wordRange = current.range
        let word = word(of: current)
        // `name = value` (with `=` binary-shaped).
        if case .op(.assign) = peekToken.kind {
            advance(); advance()
            skipNewlines()
            let value = try expression()
            return .assign(name: word, nameRange: wordRange, value: value, range: SourceRange(start, value.range.end))
        }
        // `name(…)` or `name op …`: an expression statement.
        let next = peekToken
        if next.kind == .leftParen && !next.spaceBefore {
            let e = try expression()
            return .expression(e, range: SourceRange(start, e.range.end))
        }
        // The command's option words, looked up only when a name follows it.
        var options: [String: Int]?? = nil
        func optionCounts() -> [String: Int]? {
            if options == nil { options = .some(CommandTable.optionValueCounts[word]) }
            return options!
        }
        if case .op(let o) = next.kind, o != .not, next.isBinaryOperator, optionCounts() == nil {
            let e = try expression()
            return .expression(e, range: SourceRange(start, e.range.end))
        }
        // A command (built-in or procedure) with its arguments.
        advance()
        var arguments: [Expr] = []
        var keywords: [KeywordArgument] = []
        while true {
            if current.kind == .identifier, let options = optionCounts(), case let kw = text(of: current), let valueCount = options[kw] {
                let kwRange = current.range
                advance()
                var values: [Expr] = []
                for _ in 0..<valueCount {
                    guard startsArgument(current) else {
                        if current.kind == .end, !openBlocks.isEmpty { throw endOfInput(expecting: "a value") }
                        throw failure(.keywordNeedsValue(kw), at: kwRange)
                    }
                    values.append(try argumentExpression())
                }
                keywords.append(KeywordArgument(name: kw, values: values, range: SourceRange(kwRange.start, values.last?.range.end ?? kwRange.end)))
                continue
            }
            guard startsArgument(current) else { break }
            // Room for a command's usual count at once, made only when it has arguments (a
            // `close` or a `clear` allocates no list).
            if arguments.isEmpty { arguments.reserveCapacity(6) }
            arguments.append(try argumentExpression())
        }
        let end = Swift.max(wordRange.end, arguments.last?.range.end ?? 0, keywords.last?.range.end ?? 0)
        return .command(name: word, nameRange: wordRange, arguments: arguments, keywords: keywords, range: SourceRange(start, end))
    }

    mutating func identifier(_ what: String) throws(ParseFailure) -> (String, SourceRange) {
        if current.kind == .identifier, case let n = text(of: current) {
            let r = current.range
            advance()
            return (n, r)
        }
        throw missing(what)
    }

    func startsArgument(_ t: Token) -> Bool {
        switch t.kind {
        case .number, .string, .identifier, .keyword, .leftParen, .leftBracket: return true
        case .op(let o): return o.prefix != nil && !t.isBinaryOperator
        default: return false
        }
    }

    // MARK: Expressions

    /// An argument of a command: operators join operands only when binary-shaped (space on both
    /// sides or on neither), so `line 10 -5` has two arguments and `line w - 30 0` two as well.
    mutating func argumentExpression() throws(ParseFailure) -> Expr {
        // Most arguments are a lone number: nothing after it can join it (an operator, a
        // bracket or a dot would), so it is the whole argument.
        if current.kind == .number {
            let value = current.number
            switch peekToken.kind {
            case .number, .identifier, .keyword, .string, .newline, .end, .rightParen, .rightBrace, .comma:
                let r = current.range
                advance()
                return .number(value, r)
            default: break
            }
        }
        return try expression(minimumPrecedence: 1, argumentMode: true)
    }

    /// How many operators one expression may chain (`1+1+…+1` builds a tree that deep).
    public static let chainLimit = 10_000
    var chained = 0

    mutating func expression(minimumPrecedence: Int = 1, argumentMode: Bool = false) throws(ParseFailure) -> Expr {
        var links = 0
        defer { chained -= links }
        var left = try unary(argumentMode: argumentMode)
        while case .op(let token) = current.kind, let op = token.binary, op != .power, op.precedence >= minimumPrecedence {
            let p = op.precedence
            if argumentMode && !current.isBinaryOperator { break }
            // The tree grows one level per link, on top of the links of the expressions this
            // one is part of.
            chained += 1
            links += 1
            guard chained <= Parser.chainLimit else { throw failure(.tooDeep(Parser.chainLimit), at: current.range) }
            advance()
            // A trailing operator at the end of a line: the expression continues on the next.
            skipNewlines()
            if current.kind == .end { throw endOfInput(expecting: "an expression after '\(op.rawValue)'") }
            let right = try expression(minimumPrecedence: p + 1, argumentMode: argumentMode)
            left = .binary(op, left, right, SourceRange(left.range.start, right.range.end))
        }
        return left
    }

    /// How deeply expressions may nest (parentheses, unary operators, calls) before the parser
    /// refuses, rather than exhausting the stack.
    public static let nestingLimit = 256
    var depth = 0

    mutating func unary(argumentMode: Bool) throws(ParseFailure) -> Expr {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Parser.nestingLimit else { throw failure(.tooDeep(Parser.nestingLimit), at: current.range) }
        if case .op(let token) = current.kind, let op = token.prefix {
            let start = current.range.start
            advance()
            // `-5`, a negative literal: one number, as the negation of 5 would evaluate to,
            // unless `^` or an index follows it (`-2^2` is `-(2^2)`).
            if op == .negate, current.kind == .number, current.range.start == start + 1 {
                switch peekToken.kind {
                case .op(.power), .leftBracket, .dot: break
                default:
                    let literal = Expr.number(-current.number, SourceRange(start, current.range.end))
                    advance()
                    return literal
                }
            }
            let operand = try unary(argumentMode: argumentMode)
            return .unary(op, operand, SourceRange(start, operand.range.end))
        }
        return try power(argumentMode: argumentMode)
    }

    /// `^` binds tighter than unary minus (so -2^2 is -4) and associates to the right.
    mutating func power(argumentMode: Bool) throws(ParseFailure) -> Expr {
        let base = try postfix(try primary())
        if case .op(.power) = current.kind, !argumentMode || current.isBinaryOperator {
            advance()
            if current.kind == .end { throw endOfInput(expecting: "an exponent after '^'") }
            let exponent = try unary(argumentMode: argumentMode)
            return .binary(.power, base, exponent, SourceRange(base.range.start, exponent.range.end))
        }
        return base
    }

    /// Indexing and fields after a value: `xs[0]`, `nearest(1, 2).x`, `xs[0].x` (a `[` with a
    /// space before it starts another argument instead).
    mutating func postfix(_ base: Expr) throws(ParseFailure) -> Expr {
        var e = base
        while true {
            if current.kind == .leftBracket, !current.spaceBefore {
                let open = current
                advance()
                let (index, close) = try enclosed(opened: open.range, until: .rightBracket, "']'")
                e = .index(e, index, SourceRange(e.range.start, close.range.end))
            } else if current.kind == .dot {
                advance()
                // (A keyword is a name here too: `p.in` asks for a field `in`.)
                guard current.kind == .identifier || current.kind.isKeyword else { throw missing("a field name after '.'") }
                let name = text(of: current)
                let r = current.range
                advance()
                // `a.b.c` after a bracket is one identifier token: each part is a field.
                e = name.split(separator: ".").reduce(e) { .field($0, String($1), SourceRange($0.range.start, r.end)) }
            } else {
                return e
            }
        }
    }

    /// One expression up to the closing token, after the opening one (`(a + b)`, `xs[i]`);
    /// newlines are free inside, which stays open meanwhile.
    mutating func enclosed(opened: SourceRange, until closing: Token.Kind, _ what: String) throws(ParseFailure) -> (Expr, Token) {
        openBlocks.append(opened)
        skipNewlines()
        let inner = try expression()
        skipNewlines()
        let close = try expectClosing(closing, what)
        openBlocks.removeLast()
        return (inner, close)
    }

    /// Expressions separated by commas, up to the closing token (arguments of a call, items of
    /// a list), after the opening one; newlines are free inside, which stays open meanwhile.
    mutating func commaSeparated(opened: SourceRange, until closing: Token.Kind, _ what: String) throws(ParseFailure) -> ([Expr], Token) {
        openBlocks.append(opened)
        var items: [Expr] = []
        skipNewlines()
        if current.kind != closing {
            while true {
                skipNewlines()
                items.append(try expression())
                skipNewlines()
                if current.kind == .comma { advance(); continue }
                break
            }
        }
        let close = try expectClosing(closing, what)
        openBlocks.removeLast()
        return (items, close)
    }

    mutating func primary() throws(ParseFailure) -> Expr {
        let t = current
        switch t.kind {
        case .leftBracket:
            advance()
            let (items, close) = try commaSeparated(opened: t.range, until: .rightBracket, "']'")
            return .list(items, SourceRange(t.range.start, close.range.end))
        case .number:
            advance()
            return .number(t.number, t.range)
        case .string:
            advance()
            return .string(Lexer.stringValue(source.bytes, t.range), t.range)
        // A keyword where a value is wanted is read as a name (and is no variable's).
        case .identifier, .keyword:
            let n = text(of: t)
            advance()
            if current.kind == .leftParen && !current.spaceBefore {
                advance()
                let (args, close) = try commaSeparated(opened: t.range, until: .rightParen, "')'")
                return .call(n, args, SourceRange(t.range.start, close.range.end))
            }
            return .name(n, t.range)
        case .leftParen:
            advance()
            let (inner, close) = try enclosed(opened: t.range, until: .rightParen, "')'")
            return inner.withRange(SourceRange(t.range.start, close.range.end))
        case .end:
            throw endOfInput(expecting: "an expression")
        default:
            throw failure(.expected("an expression", found: describe(t)), at: t.range)
        }
    }

    /// Like `expect`, but running out of input inside parentheses is "needs more input".
    mutating func expectClosing(_ kind: Token.Kind, _ what: String) throws(ParseFailure) -> Token {
        if current.kind == .end {
            var d = Diagnostic(.expected(what, found: "the end of the input"), at: openBlocks.last ?? current.range, in: source)
            d.note = ("opened here", openBlocks.last ?? current.range)
            throw .incomplete(d)
        }
        return try expect(kind, what)
    }
}

extension Expr {
    /// The same expression with a wider range (parentheses included).
    func withRange(_ r: SourceRange) -> Expr {
        switch self {
        case .number(let v, _): .number(v, r)
        case .string(let s, _): .string(s, r)
        case .name(let n, _): .name(n, r)
        case .unary(let o, let e, _): .unary(o, e, r)
        case .binary(let o, let a, let b, _): .binary(o, a, b, r)
        case .call(let n, let a, _): .call(n, a, r)
        case .list(let items, _): .list(items, r)
        case .index(let base, let i, _): .index(base, i, r)
        case .field(let base, let name, _): .field(base, name, r)
        }
    }
}
