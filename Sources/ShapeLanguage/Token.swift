/// One lexical token with its place in the source.
public struct Token: Sendable, Equatable {
    /// What the token is. No case holds a string, so a token is copied without reference
    /// counting: a name's or string's text is read from the source when it is needed
    /// (`Parser.text(of:)`, `Lexer.stringValue`).
    public enum Kind: Sendable, Equatable {
        /// A number; its value is `Token.number`.
        case number
        case string
        case identifier
        /// A word that starts a statement of its own (or may not start one): `let`, `repeat`, ...
        case keyword(Keyword)
        /// An operator: + - * / % ^ < <= > >= == != && || ! = ..< ...
        case op(Operator)
        case leftParen, rightParen, leftBrace, rightBrace, comma
        /// `[` and `]`: list literals and indexing.
        case leftBracket, rightBracket
        /// A `.` right after `)` or `]`, before a field name (`nearest(1, 2).x`).
        case dot
        /// A statement end: a newline or `;`.
        case newline
        case end

        public var isKeyword: Bool { if case .keyword = self { true } else { false } }
    }

    public var kind: Kind
    public var range: SourceRange
    /// The value of a number (radians for one written in degrees).
    public var number: Double = 0
    /// Whitespace (or an opening bracket, a comma, a statement start) stands right before it.
    public var spaceBefore: Bool
    /// Whitespace (or a closing bracket, a comma, a statement end) stands right after it.
    public var spaceAfter: Bool

    public init(kind: Kind, range: SourceRange, spaceBefore: Bool, spaceAfter: Bool, number: Double = 0) {
        self.kind = kind; self.range = range; self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter; self.number = number
    }

    /// For an operator: Swift's rule. Space on both sides or on neither: binary. Space before
    /// only: prefix. Space after only is treated as binary too (it separates nothing else).
    public var isBinaryOperator: Bool { spaceBefore == spaceAfter || !spaceBefore }
}

/// The language's statement words: the one list of them (the lexer reads them as keywords, the
/// parser's statements switch over them, and they may name no variable or procedure).
public enum Keyword: String, Sendable, CaseIterable {
    case `let`, `repeat`, `for`, `if`, `else`, def, print, include, `in`, `return`

    /// Each keyword's bytes, made once from the names above.
    static let spellings: [(keyword: Keyword, bytes: [UInt8])] = allCases.map { ($0, Array($0.rawValue.utf8)) }

    /// The keyword spelled by `bytes[range]`, if any. Most names are ruled out by their length
    /// and first letter before any comparison (the lexer asks for every name).
    @inline(__always) static func spelled(_ bytes: [UInt8], _ range: Range<Int>) -> Keyword? {
        let n = range.count, s = range.lowerBound
        guard n >= 2, n <= 7 else { return nil }
        switch bytes[s] {
        case 0x6C, 0x72, 0x66, 0x69, 0x65, 0x64, 0x70:  // l r f i e d p
            for (keyword, word) in spellings where word.count == n && word[0] == bytes[s] {
                var k = 1
                while k < n && word[k] == bytes[s + k] { k += 1 }
                if k == n { return keyword }
            }
            return nil
        default: return nil
        }
    }
}

/// Every operator the lexer knows, longest spellings first (so `..<` is not read as `.` `.` `<`).
public enum Operator: String, Sendable, CaseIterable {
    case halfOpenRange = "..<", closedRange = "...", lessOrEqual = "<=", greaterOrEqual = ">=", equal = "==", notEqual = "!="
    case and = "&&", or = "||"
    case plus = "+", minus = "-", times = "*", divide = "/", remainder = "%", power = "^", less = "<", greater = ">"
    case not = "!", assign = "="

    /// The binary operator this spelling stands for in an expression, if any. (A switch, not
    /// `BinaryOperator(rawValue:)`: the parser asks at every operand, and matching the spelling
    /// as a string was 7% of a plain script's time.)
    public var binary: BinaryOperator? {
        switch self {
        case .or: .or
        case .and: .and
        case .equal: .equal
        case .notEqual: .notEqual
        case .less: .less
        case .lessOrEqual: .lessOrEqual
        case .greater: .greater
        case .greaterOrEqual: .greaterOrEqual
        case .plus: .plus
        case .minus: .minus
        case .times: .times
        case .divide: .divide
        case .remainder: .remainder
        case .power: .power
        case .halfOpenRange, .closedRange, .not, .assign: nil
        }
    }
    /// The prefix operator this spelling stands for, if any.
    public var prefix: PrefixOperator? {
        switch self {
        case .minus: .negate
        case .plus: .plus
        case .not: .not
        default: nil
        }
    }
}

/// The binary operators of expressions.
public enum BinaryOperator: String, Sendable, CaseIterable {
    case or = "||", and = "&&"
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case plus = "+", minus = "-", times = "*", divide = "/", remainder = "%", power = "^"

    /// Binding strength; higher binds tighter. `^` is handled above unary minus by the parser.
    /// `..<` and `...` belong to `for` alone, above which loop bounds are parsed (precedence 4).
    public var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: 3
        case .plus, .minus: 5
        case .times, .divide, .remainder: 6
        case .power: 7
        }
    }
}

/// The prefix operators of expressions.
public enum PrefixOperator: String, Sendable, CaseIterable {
    case negate = "-", plus = "+", not = "!"
}
