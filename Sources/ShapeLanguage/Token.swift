/// One lexical token with its place in the source.
public struct Token: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case number(Double)
        case string(String)
        case identifier(String)
        /// An operator: + - * / % ^ < <= > >= == != && || ! = ..< ...
        case op(String)
        case leftParen, rightParen, leftBrace, rightBrace, comma
        /// A statement end: a newline or `;`.
        case newline
        case end
    }

    public var kind: Kind
    public var range: SourceRange
    /// Whitespace (or an opening bracket, a comma, a statement start) stands right before it.
    public var spaceBefore: Bool
    /// Whitespace (or a closing bracket, a comma, a statement end) stands right after it.
    public var spaceAfter: Bool

    /// For an operator: Swift's rule. Space on both sides or on neither: binary. Space before
    /// only: prefix. Space after only is treated as binary too (it separates nothing else).
    public var isBinaryOperator: Bool { spaceBefore == spaceAfter || !spaceBefore }
}
