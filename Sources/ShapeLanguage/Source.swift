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

    /// The offset where each line starts, for line numbers in O(log n).
    let lineStarts: [Int]

    /// `text` is read with any line ending (LF, CRLF, or a lone CR) as a newline, and a leading
    /// byte-order mark dropped, so a script reads the same however it was saved.
    public init(name: String, text: String, firstLine: Int = 1) {
        self.name = name
        self.characters = Source.normalized(text)
        self.firstLine = firstLine
        var starts = [0]
        for (i, c) in characters.enumerated() where c == "\n" { starts.append(i + 1) }
        lineStarts = starts
    }

    /// The characters of `text` with CRLF and CR made LF and a leading BOM dropped. (In Swift a
    /// CRLF is one Character, which is not "\n": left alone, a comment ran to the end of the file.)
    static func normalized(_ text: String) -> [Character] {
        var result: [Character] = []
        result.reserveCapacity(text.utf8.count)
        for c in text {
            if c == "\r\n" || c == "\r" { result.append("\n") } else { result.append(c) }
        }
        if result.first == "\u{FEFF}" { result.removeFirst() }
        return result
    }

    /// The 1-based line and column of a character offset. O(log lines).
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let offset = Swift.max(0, Swift.min(offset, characters.count))
        // The last line start at or before the offset.
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return (firstLine + lo, offset - lineStarts[lo] + 1)
    }

    /// The text of a range.
    public func text(_ range: SourceRange) -> String {
        let lo = Swift.max(0, Swift.min(range.start, characters.count)), hi = Swift.max(lo, Swift.min(range.end, characters.count))
        return String(characters[lo..<hi])
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
