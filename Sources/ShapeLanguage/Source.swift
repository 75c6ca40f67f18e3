/// A named source text (a script file, a REPL entry, an `-e` argument). Positions inside it are
/// offsets into its characters; line and column are computed only when a diagnostic is shown.
///
/// Columns count characters (Unicode extended grapheme clusters), from 1, as the caret does.
public struct Source: Sendable {
    /// How the source is named in diagnostics: a file path, `<stdin>`, `<repl>`, `-e`.
    public let name: String
    /// The text as characters, indexable by offset.
    public let characters: [Character]
    /// The line number of the first line (a REPL entry continues the session's numbering).
    public let firstLine: Int

    public init(name: String, text: String, firstLine: Int = 1) {
        self.name = name
        self.characters = Array(text)
        self.firstLine = firstLine
    }

    /// The 1-based line and column of a character offset.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        var line = firstLine, column = 1
        var i = 0
        let end = Swift.min(offset, characters.count)
        while i < end {
            if characters[i] == "\n" { line += 1; column = 1 } else { column += 1 }
            i += 1
        }
        return (line, column)
    }

    /// The text of the line holding `offset`, without its newline.
    public func lineText(containing offset: Int) -> String {
        var start = Swift.min(offset, characters.count)
        while start > 0, characters[start - 1] != "\n" { start -= 1 }
        var end = start
        while end < characters.count, characters[end] != "\n" { end += 1 }
        return String(characters[start..<end])
    }
}

/// A half-open range of character offsets in one source.
public struct SourceRange: Sendable, Equatable {
    public var start: Int
    public var end: Int
    public init(_ start: Int, _ end: Int) { self.start = start; self.end = end }
}
