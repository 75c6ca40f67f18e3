/// Turns source text into tokens, reading UTF-8 bytes.
///
/// Numbers: `12`, `3.5`, `.5`, `1e3`, `2.5e-3`, with an optional `deg` or `°` suffix meaning
/// degrees (converted to radians here). Strings: `"..."` on one line, with `\"`, `\\`, `\n` and
/// `\t` escapes. `#` starts a comment to the end of the line. Names may hold letters, digits, `_`
/// and inner dots (`pen.x`). Operators carry whether whitespace stands on each side, for the
/// whitespace rule of SPEC §2.
///
/// Positions are byte offsets. Everything the language spells is ASCII, so the lexer looks at
/// bytes; only a byte at or above 0x80 outside a string or comment makes it decode a character
/// (a letter of a name such as `größe`, `°`, or an unexpected character for an error).
public struct Lexer {
    let source: Source
    let bytes: [UInt8]
    var i = 0
    /// The token after the one `next()` returned last, read ahead to know whether space follows.
    var lookahead: Token?
    /// Where the last token that is not a line's end ends (see `scan`).
    var lastTokenEnd = 0

    public init(_ source: Source) {
        self.source = source
        self.bytes = source.bytes
    }

    /// Every token, ending with `.end`; or the first lexical error.
    public mutating func tokenize() throws(Diagnostic) -> [Token] {
        var tokens: [Token] = []
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { break }
        }
        return tokens
    }

    /// The next token, with `spaceAfter` filled in; `.end` (again and again) at the end.
    public mutating func next() throws(Diagnostic) -> Token {
        var token: Token
        if let t = lookahead { token = t } else { token = try scan() }
        guard token.kind != .end else { lookahead = token; return token }
        let following = try scan()
        lookahead = following
        switch following.kind {
        case .rightParen, .rightBrace, .rightBracket, .comma, .newline, .end: token.spaceAfter = true
        default: token.spaceAfter = token.range.end < following.range.start
        }
        return token
    }

    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    @inline(__always) static func isASCIILetter(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }

    @inline(__always) func byte(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }

    /// The character starting at byte `k` and how many bytes it takes.
    func character(at k: Int) -> (Character, Int) {
        let end = Swift.min(bytes.count, k + 64)
        let text = String(decoding: bytes[k..<end], as: UTF8.self)
        guard let c = text.first else { return ("\u{FFFD}", 1) }
        // A character cut by the 64-byte window, or bytes that are not UTF-8: at least one byte.
        return (c, Swift.max(1, Swift.min(c.utf8.count, end - k)))
    }

    /// Whether a name starts (or goes on) at byte `k`, and the bytes its next character takes.
    @inline(__always) func nameCharacter(at k: Int, digits: Bool) -> Int? {
        let b = byte(k)
        if Lexer.isASCIILetter(b) || (digits && Lexer.isDigit(b)) { return 1 }
        guard b >= 0x80 else { return nil }
        return letter(at: k)
    }

    /// The bytes of the letter beyond ASCII at byte `k`, or nil when it is not a letter.
    func letter(at k: Int) -> Int? {
        guard k < bytes.count else { return nil }
        let (c, n) = character(at: k)
        return c.unicodeScalars.first.map(UnicodeProperties.isLetter) == true ? n : nil
    }

    /// The next token from the text. The end of the input is placed just after the last token
    /// that is not a line's end: a missing `)` or expression is reported there, not after
    /// trailing blank lines and comments, so that `shape fmt` (which ends a file with one
    /// newline) cannot move the error.
    mutating func scan() throws(Diagnostic) -> Token {
        var token = try scanText()
        if token.kind == .end {
            token.range = SourceRange(lastTokenEnd, lastTokenEnd)
        } else if token.kind != .newline {
            lastTokenEnd = token.range.end
        }
        return token
    }

    mutating func scanText() throws(Diagnostic) -> Token {
        // Skip spaces and comments.
        while i < bytes.count {
            let b = bytes[i]
            if Lexer.isSpace(b) { i += 1; continue }
            if b == 0x23 {  // '#': to the end of the line
                i = bytes[i...].firstIndex(of: 0x0A) ?? bytes.count
                continue
            }
            if b == 0x5C, byte(i + 1) == 0x0A { i += 2; continue }  // line continuation
            break
        }
        let start = i
        let spaceBefore: Bool
        if start == 0 {
            spaceBefore = true
        } else {
            let p = bytes[start - 1]
            spaceBefore = Lexer.isSpace(p) || p == 0x0A || p == 0x28 || p == 0x7B || p == 0x2C || p == 0x3B || p == 0x5B
        }
        func token(_ kind: Token.Kind, _ number: Double = 0) -> Token {
            Token(kind: kind, range: SourceRange(start, i), spaceBefore: spaceBefore, spaceAfter: false, number: number)
        }
        guard i < bytes.count else { return token(.end) }
        let c = bytes[i]
        switch c {
        case 0x0A, 0x3B: i += 1; return token(.newline)
        case 0x28: i += 1; return token(.leftParen)
        case 0x29: i += 1; return token(.rightParen)
        case 0x7B: i += 1; return token(.leftBrace)
        case 0x7D: i += 1; return token(.rightBrace)
        case 0x2C: i += 1; return token(.comma)
        case 0x5B: i += 1; return token(.leftBracket)
        case 0x5D: i += 1; return token(.rightBracket)
        case 0x2E where start > 0 && (bytes[start - 1] == 0x29 || bytes[start - 1] == 0x5D) && nameCharacter(at: i + 1, digits: false) != nil:
            i += 1
            return token(.dot)
        case 0x22:
            try skipString()
            return token(.string)
        default: break
        }
        if Lexer.isDigit(c) || (c == 0x2E && Lexer.isDigit(byte(i + 1))) {
            let value = try number()
            return token(.number, value)
        }
        if let n = nameCharacter(at: i, digits: false) {
            i += n
            while i < bytes.count {
                let b = bytes[i]
                if Lexer.isASCIILetter(b) || Lexer.isDigit(b) { i += 1; continue }
                if b >= 0x80, let n = nameCharacter(at: i, digits: true) { i += n; continue }
                // An inner dot followed by a letter belongs to the name (pen.x), not to `...`.
                if bytes[i] == 0x2E, nameCharacter(at: i + 1, digits: false) != nil { i += 1; continue }
                break
            }
            return token(Keyword.spelled(bytes, start..<i).map { .keyword($0) } ?? .identifier)
        }
        if let op = matchOperator() {
            i += op.rawValue.utf8.count
            return token(.op(op))
        }
        let (character, n) = self.character(at: i)
        i += n
        throw Diagnostic(.unexpectedCharacter(String(character)), at: SourceRange(start, i), in: source)
    }

    /// The operator spelled at `i`, longest spelling first.
    func matchOperator() -> Operator? {
        let a = byte(i), b = byte(i + 1)
        switch (a, b) {
        case (0x2E, 0x2E):
            switch byte(i + 2) {
            case 0x3C: return .halfOpenRange
            case 0x2E: return .closedRange
            default: return nil
            }
        case (0x3C, 0x3D): return .lessOrEqual
        case (0x3E, 0x3D): return .greaterOrEqual
        case (0x3D, 0x3D): return .equal
        case (0x21, 0x3D): return .notEqual
        case (0x26, 0x26): return .and
        case (0x7C, 0x7C): return .or
        default: break
        }
        switch a {
        case 0x2B: return .plus
        case 0x2D: return .minus
        case 0x2A: return .times
        case 0x2F: return .divide
        case 0x25: return .remainder
        case 0x5E: return .power
        case 0x3C: return .less
        case 0x3E: return .greater
        case 0x21: return .not
        case 0x3D: return .assign
        default: return nil
        }
    }

    func text(_ lo: Int, _ hi: Int) -> String { String(decoding: bytes[lo..<hi], as: UTF8.self) }

    mutating func number() throws(Diagnostic) -> Double {
        let start = i
        let (end, converted) = bytes.withUnsafeBufferPointer { DecimalParser.scan($0, from: start) }
        i = end
        guard var value = converted else {
            throw Diagnostic(.badNumber(text(start, i)), at: SourceRange(start, i), in: source)
        }
        guard value.isFinite else { throw Diagnostic(.numberTooLarge(text(start, i)), at: SourceRange(start, i), in: source) }
        // Most numbers end at a space or a line's end: nothing more to check.
        let next = byte(i)
        if next == 0x20 || next == 0x0A { return value }
        if next == 0x64, byte(i + 1) == 0x65, byte(i + 2) == 0x67, nameCharacter(at: i + 3, digits: true) == nil {  // deg
            i += 3
            value = value * Double.pi / 180
        } else if next == 0xC2, byte(i + 1) == 0xB0, character(at: i).1 == 2 {  // °, alone
            i += 2
            value = value * Double.pi / 180
        } else if nameCharacter(at: i, digits: false) != nil {
            var end = i
            while let n = nameCharacter(at: end, digits: true) { end += n }
            throw Diagnostic(.badNumberSuffix(text(i, end)), at: SourceRange(i, end), in: source)
        }
        // `1.2.3` is not two numbers, and `1(2)` not a number and a parenthesis: both are typos
        // that would otherwise pass as two arguments.
        if byte(i) == 0x2E, Lexer.isDigit(byte(i + 1)) {
            var end = i + 1
            while Lexer.isDigit(byte(end)) || byte(end) == 0x2E { end += 1 }
            throw Diagnostic(.badNumber(text(start, end)), at: SourceRange(start, end), in: source)
        }
        if byte(i) == 0x28 {
            throw Diagnostic(.expected("an operator or a space after the number", found: "'('"), at: SourceRange(i, i + 1), in: source)
        }
        return value
    }

    /// Reads a string literal up to its closing quote, checking its escapes.
    mutating func skipString() throws(Diagnostic) {
        let start = i
        i += 1
        while i < bytes.count {
            let c = bytes[i]
            if c == 0x22 { i += 1; return }
            if c == 0x0A { break }
            if c == 0x5C, i + 1 < bytes.count {
                switch bytes[i + 1] {
                case 0x6E, 0x74, 0x22, 0x5C: break
                default:
                    let (e, n) = character(at: i + 1)
                    throw Diagnostic(.badEscape(String(e)), at: SourceRange(i, i + 1 + n), in: source)
                }
                i += 2
                continue
            }
            i += 1
        }
        throw Diagnostic(.unterminatedString, at: SourceRange(start, i), in: source)
    }

    /// The text of the string literal at `range` (quotes included), its escapes replaced. The
    /// lexer has checked it.
    static func stringValue(_ bytes: [UInt8], _ range: SourceRange) -> String {
        var text: [UInt8] = []
        var k = range.start + 1
        let end = range.end - 1
        while k < end {
            let c = bytes[k]
            if c == 0x5C, k + 1 < end {
                switch bytes[k + 1] {
                case 0x6E: text.append(0x0A)
                case 0x74: text.append(0x09)
                default: text.append(bytes[k + 1])  // \" or \\
                }
                k += 2
                continue
            }
            text.append(c)
            k += 1
        }
        return String(decoding: text, as: UTF8.self)
    }
}

extension String {
    /// The text with ASCII's capitals made small and nothing else changed: the language's words
    /// and file suffixes are ASCII, and the core leaves Unicode's case tables out (UnicodeProperties).
    var asciiLowercased: String {
        String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
    /// The text with ASCII's small letters made capitals and nothing else changed.
    var asciiUppercased: String {
        String(decoding: utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }
}
