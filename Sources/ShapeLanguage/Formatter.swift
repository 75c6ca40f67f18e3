/// `shape fmt`: one canonical layout for scripts (SPEC §11), changing nothing a script means.
///
/// The layout: each line indented by four spaces per open brace, parenthesis or bracket before it
/// (a line that starts by closing one is indented as the line that opened it); runs of spaces and
/// tabs between words made one space; no spaces at the end of a line; comments and strings as
/// written; line ends LF and a final newline; no byte-order mark. Lines are never joined, split
/// or removed, so every statement keeps its line number, and spacing is only ever collapsed,
/// never added or removed between two words, so the whitespace rule for operators (`10 -5` is
/// two arguments, `10 - 5` one) reads every line as before. Formatting twice changes nothing.
public enum Formatter {
    public static func format(_ text: String) -> String {
        let source = Source(name: "", text: text)  // LF line ends, no BOM
        let bytes = source.bytes
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var depth = 0
        var inString = false  // a string runs on across a line end only in an unterminated one
        var lineStart = 0
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let line = bytes[lineStart..<lineEnd]
            let (text, opened, closedFirst) = layout(line, inString: &inString)
            if !text.isEmpty {
                let indent = Swift.max(0, depth - closedFirst)
                out.append(contentsOf: [UInt8](repeating: 0x20, count: 4 * indent))
                out.append(contentsOf: text)
            }
            depth = Swift.max(0, depth + opened)
            if lineEnd == bytes.count { break }
            out.append(0x0A)
            lineStart = lineEnd + 1
        }
        // One final newline, none when the script is empty.
        while out.last == 0x0A { out.removeLast() }
        if !out.isEmpty { out.append(0x0A) }
        return String(decoding: out, as: UTF8.self)
    }

    /// One line laid out without its indent: the text, the change in open brackets across it,
    /// and how many it closes before anything else (which its own indent does not count).
    static func layout(_ line: ArraySlice<UInt8>, inString: inout Bool) -> (text: [UInt8], opened: Int, closedFirst: Int) {
        var text: [UInt8] = []
        var opened = 0, closedFirst = 0
        var seenOther = false
        var pendingSpace = false
        var k = line.startIndex
        // Leading spaces go (the indent replaces them), unless the line continues a string.
        if !inString { while k < line.endIndex, line[k] == 0x20 || line[k] == 0x09 { k += 1 } }
        while k < line.endIndex {
            let b = line[k]
            if inString {
                text.append(b)
                if b == 0x5C, k + 1 < line.endIndex {
                    text.append(line[k + 1])
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
            if b == 0x23 {  // a comment: as written, after one space
                if !text.isEmpty { text.append(0x20) }
                text.append(contentsOf: line[k...])
                pendingSpace = false
                break
            }
            if pendingSpace { text.append(0x20); pendingSpace = false }
            switch b {
            case 0x22: inString = true
            case 0x7B, 0x28, 0x5B: opened += 1; seenOther = true
            case 0x7D, 0x29, 0x5D:
                opened -= 1
                if !seenOther { closedFirst += 1 }
            default: seenOther = true
            }
            text.append(b)
            k += 1
        }
        // A backslash with spaces after it is not a line continuation: keep them so.
        if pendingSpace, text.last == 0x5C { text.append(0x20) }
        // A string left open at the end of the line ends there (strings are one line).
        inString = false
        return (text, opened, closedFirst)
    }
}
