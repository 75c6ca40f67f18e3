/// Turns source text into tokens.
///
/// Numbers: `12`, `3.5`, `.5`, `1e3`, `2.5e-3`, with an optional `deg` or `°` suffix meaning
/// degrees (converted to radians here). Strings: `"..."` on one line, with `\"`, `\\`, `\n` and
/// `\t` escapes. `#` starts a comment to the end of the line. Names may hold letters, digits, `_`
/// and inner dots (`pen.x`). Operators carry whether whitespace stands on each side, for the
/// whitespace rule of SPEC §2.
public struct Lexer {
    let source: Source
    var i = 0
    var chars: [Character] { source.characters }

    public init(_ source: Source) { self.source = source }

    /// Every token, ending with `.end`; or the first lexical error.
    public mutating func tokenize() throws(Diagnostic) -> [Token] {
        var tokens: [Token] = []
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { break }
        }
        // Fill in "space after" from what follows each token.
        for k in 0..<(tokens.count - 1) {
            let a = tokens[k], b = tokens[k + 1]
            let gap = a.range.end < b.range.start
            switch b.kind {
            case .rightParen, .rightBrace, .rightBracket, .comma, .newline, .end: tokens[k].spaceAfter = true
            default: tokens[k].spaceAfter = gap
            }
        }
        return tokens
    }

    func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\r" }

    // Character classes with ASCII fast paths: Unicode property lookups are slow, and scripts
    // are nearly all ASCII.
    @inline(__always) static func isDigit(_ c: Character) -> Bool {
        guard let a = c.asciiValue else { return false }
        return a >= 48 && a <= 57
    }
    @inline(__always) static func isLetter(_ c: Character) -> Bool {
        if let a = c.asciiValue { return (a >= 65 && a <= 90) || (a >= 97 && a <= 122) || a == 95 }
        return c.isLetter
    }
    @inline(__always) static func isNameCharacter(_ c: Character) -> Bool { isLetter(c) || isDigit(c) }

    mutating func next() throws(Diagnostic) -> Token {
        // Skip spaces and comments.
        while i < chars.count {
            if isSpace(chars[i]) { i += 1; continue }
            if chars[i] == "#" {
                while i < chars.count, chars[i] != "\n" { i += 1 }
                continue
            }
            if chars[i] == "\\", i + 1 < chars.count, chars[i + 1] == "\n" { i += 2; continue }  // line continuation
            break
        }
        let start = i
        let spaceBefore: Bool = {
            guard start > 0 else { return true }
            let p = chars[start - 1]
            return isSpace(p) || p == "\n" || p == "(" || p == "{" || p == "," || p == ";" || p == "["
        }()
        func token(_ kind: Token.Kind) -> Token {
            Token(kind: kind, range: SourceRange(start, i), spaceBefore: spaceBefore, spaceAfter: false)
        }
        guard i < chars.count else { return token(.end) }
        let c = chars[i]
        switch c {
        case "\n", ";": i += 1; return token(.newline)
        case "(": i += 1; return token(.leftParen)
        case ")": i += 1; return token(.rightParen)
        case "{": i += 1; return token(.leftBrace)
        case "}": i += 1; return token(.rightBrace)
        case ",": i += 1; return token(.comma)
        case "[": i += 1; return token(.leftBracket)
        case "]": i += 1; return token(.rightBracket)
        case "."
        where start > 0 && (chars[start - 1] == ")" || chars[start - 1] == "]") && i + 1 < chars.count
            && Lexer.isLetter(chars[i + 1]):
            i += 1
            return token(.dot)
        case "\"": return token(.string(try string()))
        default: break
        }
        if Lexer.isDigit(c) || (c == "." && i + 1 < chars.count && Lexer.isDigit(chars[i + 1])) {
            return token(.number(try number()))
        }
        if Lexer.isLetter(c) {
            while i < chars.count {
                let d = chars[i]
                if Lexer.isNameCharacter(d) { i += 1; continue }
                // An inner dot followed by a letter belongs to the name (pen.x), not to `...`.
                if d == ".", i + 1 < chars.count, Lexer.isLetter(chars[i + 1]) { i += 1; continue }
                break
            }
            return token(.identifier(String(chars[start..<i])))
        }
        for op in Operator.allCases where matches(op.rawValue) {
            i += op.rawValue.count
            return token(.op(op))
        }
        i += 1
        throw Diagnostic(.unexpectedCharacter(String(c)), at: SourceRange(start, i), in: source)
    }

    func matches(_ text: String) -> Bool {
        var k = i
        for ch in text {
            guard k < chars.count, chars[k] == ch else { return false }
            k += 1
        }
        return true
    }

    mutating func number() throws(Diagnostic) -> Double {
        let start = i
        while i < chars.count, Lexer.isDigit(chars[i]) { i += 1 }
        // A fraction, but not the start of `...` or `..<`.
        if i < chars.count, chars[i] == ".", !(i + 1 < chars.count && chars[i + 1] == ".") {
            i += 1
            while i < chars.count, Lexer.isDigit(chars[i]) { i += 1 }
        }
        if i < chars.count, chars[i] == "e" || chars[i] == "E" {
            var k = i + 1
            if k < chars.count, chars[k] == "+" || chars[k] == "-" { k += 1 }
            if k < chars.count, Lexer.isDigit(chars[k]) {
                i = k
                while i < chars.count, Lexer.isDigit(chars[i]) { i += 1 }
            }
        }
        let text = String(chars[start..<i])
        guard var value = Double(text) else {
            throw Diagnostic(.badNumber(text), at: SourceRange(start, i), in: source)
        }
        guard value.isFinite else { throw Diagnostic(.numberTooLarge(text), at: SourceRange(start, i), in: source) }
        if matches("deg"), !(i + 3 < chars.count && Lexer.isNameCharacter(chars[i + 3])) {
            i += 3
            value = value * Double.pi / 180
        } else if i < chars.count, chars[i] == "°" {
            i += 1
            value = value * Double.pi / 180
        } else if i < chars.count, Lexer.isLetter(chars[i]) {
            var end = i
            while end < chars.count, Lexer.isNameCharacter(chars[end]) { end += 1 }
            throw Diagnostic(.badNumberSuffix(String(chars[i..<end])), at: SourceRange(i, end), in: source)
        }
        // `1.2.3` is not two numbers, and `1(2)` not a number and a parenthesis: both are typos
        // that would otherwise pass as two arguments.
        if i + 1 < chars.count, chars[i] == ".", Lexer.isDigit(chars[i + 1]) {
            var end = i + 1
            while end < chars.count, Lexer.isDigit(chars[end]) || chars[end] == "." { end += 1 }
            throw Diagnostic(.badNumber(String(chars[start..<end])), at: SourceRange(start, end), in: source)
        }
        if i < chars.count, chars[i] == "(" {
            throw Diagnostic(.expected("an operator or a space after the number", found: "'('"), at: SourceRange(i, i + 1), in: source)
        }
        return value
    }

    mutating func string() throws(Diagnostic) -> String {
        let start = i
        i += 1
        var text = ""
        while i < chars.count {
            let c = chars[i]
            if c == "\"" { i += 1; return text }
            if c == "\n" { break }
            if c == "\\", i + 1 < chars.count {
                let e = chars[i + 1]
                switch e {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "\"": text.append("\"")
                case "\\": text.append("\\")
                default:
                    throw Diagnostic(.badEscape(String(e)), at: SourceRange(i, i + 2), in: source)
                }
                i += 2
                continue
            }
            text.append(c)
            i += 1
        }
        throw Diagnostic(.unterminatedString, at: SourceRange(start, i), in: source)
    }
}
