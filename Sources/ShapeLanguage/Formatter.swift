/// `shape fmt`: one canonical layout for scripts (SPEC §11), changing nothing a script means.
///
/// The layout: each line indented by four spaces per open brace, parenthesis or bracket before it
/// (a line that starts by closing one is indented as the line that opened it; past
/// `deepestIndent` levels the indent stops growing); runs of spaces and tabs between words made
/// one space; no spaces at the end of a line; comments and strings as written; line ends LF and a
/// final newline (but for a script that ends inside a bracket or string without one); no
/// byte-order mark. Trailing comments that start in one column, two or more in
/// a paragraph (the lines between blank ones), stay aligned: in that column, or two spaces past
/// the longest of their lines' code; a trailing comment of its own follows its code after one
/// space. Lines are never joined, split or
/// removed, so every statement keeps its line number, and spacing is only ever collapsed, never
/// added or removed between two words, so the whitespace rule for operators (`10 -5` is two
/// arguments, `10 - 5` one) reads every line as before. Formatting twice changes nothing.
///
/// The formatter works on bytes: it looks only at ASCII (spaces, quotes, brackets, `#`, `\`),
/// so bytes that are not UTF-8 (a Latin-1 comment) come out as they went in.
public enum Formatter {
    /// The most bytes a formatted script may hold: a script of thousands of unclosed brackets
    /// would otherwise be indented into gigabytes.
    public static let maximumOutput = 64 << 20
    /// Indentation stops growing at this depth (the language's own limits on nesting are far
    /// below what a deeper indent could show).
    public static let deepestIndent = 64

    /// The script in the canonical layout; nil when that would be larger than `limit` bytes.
    public static func format(_ text: String, limit: Int = maximumOutput) -> String? {
        format(bytes: Array(text.utf8), limit: limit).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `format(_:)` on a file's bytes, which need not be UTF-8.
    public static func format(bytes input: [UInt8], limit: Int = maximumOutput) -> [UInt8]? {
        let bytes = normalized(input)
        // Lay out every line, then align the trailing comments, then write.
        var lines: [Line] = []
        var depth = 0
        var inString = false  // a string runs on across a line end only in an unterminated one
        var lineStart = 0
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var line = layout(bytes[lineStart..<lineEnd], inString: &inString)
            line.indent = Swift.min(Swift.max(0, depth - line.closedFirst), deepestIndent)
            depth = Swift.min(Swift.max(0, depth + line.opened), Int(Int32.max))
            lines.append(line)
            if lineEnd == bytes.count { break }
            lineStart = lineEnd + 1
        }
        alignComments(&lines)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        for (k, line) in lines.enumerated() {
            if !line.code.isEmpty || !line.comment.isEmpty {
                let pad = line.code.isEmpty ? 0 : Swift.max(1, line.commentColumn - line.indent * 4 - characters(line.code))
                guard out.count + 4 * line.indent + line.code.count + pad + line.comment.count <= limit else { return nil }
                out.append(contentsOf: repeatElement(0x20, count: 4 * line.indent))
                out.append(contentsOf: line.code)
                if !line.comment.isEmpty {
                    if !line.code.isEmpty { out.append(contentsOf: repeatElement(0x20, count: pad)) }
                    out.append(contentsOf: line.comment)
                }
            }
            if k < lines.count - 1 { out.append(0x0A) }
        }
        // One final newline, none when the script is empty.
        while out.last == 0x0A { out.removeLast() }
        // A script that ends inside a bracket or a string ends in an error that a line end would
        // change (`f(1,` at the end of the input is an unclosed parenthesis; followed by a line
        // end, a missing argument): its last line keeps no line end if it had none.
        let unfinished = (depth > 0 || lines.last?.endsInString == true) && bytes.last != 0x0A
        // A script that ends in a backslash ends in an error (a backslash continues a line only
        // when a line end follows it): a space keeps it one once the newline is there.
        if !unfinished, bytes.last == 0x5C, let last = lines.last, last.comment.isEmpty, last.code.last == 0x5C { out.append(0x20) }
        if !out.isEmpty && !unfinished { out.append(0x0A) }
        return out
    }

    /// One line laid out: its code (without indent) and trailing comment, the change in open
    /// brackets across it, how many it closes before anything else (which its own indent does
    /// not count), and where its comment started in the original line (in characters).
    struct Line {
        var code: [UInt8] = []
        var comment: [UInt8] = []
        var opened = 0, closedFirst = 0
        /// The line ends inside a string (an unterminated one).
        var endsInString = false
        var indent = 0
        /// The original column (from 0) of a trailing comment, then the column it is written at.
        var commentColumn = 0
    }

    /// Without a leading BOM, CRLF and lone CR made LF, as `Source` reads a script.
    static func normalized(_ input: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var k = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while k < input.count {
            let b = input[k]
            k += 1
            if b == 0x0D {
                out.append(0x0A)
                if k < input.count, input[k] == 0x0A { k += 1 }
            } else {
                out.append(b)
            }
        }
        return out
    }

    /// Characters in UTF-8 bytes (a byte that is not a continuation byte counts one; so does a
    /// byte of another encoding).
    static func characters<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        var n = 0
        for b in bytes where b & 0xC0 != 0x80 { n += 1 }
        return n
    }

    static func layout(_ line: ArraySlice<UInt8>, inString: inout Bool) -> Line {
        var result = Line()
        var seenOther = false
        var pendingSpace = false
        var k = line.startIndex
        // Leading spaces go (the indent replaces them), unless the line continues a string.
        if !inString { while k < line.endIndex, line[k] == 0x20 || line[k] == 0x09 { k += 1 } }
        while k < line.endIndex {
            let b = line[k]
            if inString {
                result.code.append(b)
                if b == 0x5C, k + 1 < line.endIndex {
                    result.code.append(line[k + 1])
                    k += 2
                    continue
                }
                if b == 0x22 { inString = false }
                k += 1
                continue
            }
            if b == 0x20 || b == 0x09 {
                pendingSpace = true
                k += 1
                continue
            }
            if b == 0x23 {  // a comment: as written
                result.comment = Array(line[k...])
                result.commentColumn = characters(line[line.startIndex..<k])
                pendingSpace = false
                break
            }
            if pendingSpace { result.code.append(0x20); pendingSpace = false }
            switch b {
            case 0x22: inString = true
            case 0x7B, 0x28, 0x5B: result.opened += 1; seenOther = true
            case 0x7D, 0x29, 0x5D:
                result.opened -= 1
                if !seenOther { result.closedFirst += 1 }
            default: seenOther = true
            }
            result.code.append(b)
            k += 1
        }
        // A backslash with spaces after it is not a line continuation: keep them so.
        if pendingSpace, result.code.last == 0x5C, result.comment.isEmpty { result.code.append(0x20) }
        // A string left open at the end of the line ends there (strings are one line).
        result.endsInString = inString
        inString = false
        return result
    }

    /// Trailing comments that started in one column within a paragraph (lines between blank
    /// ones), two or more of them: in that column when every one of those lines' code ends before
    /// it, else two spaces past the longest. A trailing comment of its own follows its code after
    /// one space.
    static func alignComments(_ lines: inout [Line]) {
        var k = 0
        while k < lines.count {
            var end = k
            while end < lines.count, !(lines[end].code.isEmpty && lines[end].comment.isEmpty) { end += 1 }
            var byColumn: [Int: [Int]] = [:]
            for j in k..<end where !lines[j].code.isEmpty && !lines[j].comment.isEmpty {
                byColumn[lines[j].commentColumn, default: []].append(j)
            }
            for (original, members) in byColumn {
                guard members.count >= 2 else {
                    lines[members[0]].commentColumn = 0  // one space after the code
                    continue
                }
                let longest = members.map { lines[$0].indent * 4 + characters(lines[$0].code) }.max()!
                let column = original > longest ? original : longest + 2
                for j in members { lines[j].commentColumn = column }
            }
            k = end + 1
        }
    }
}
