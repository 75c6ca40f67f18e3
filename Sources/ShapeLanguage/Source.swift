/// A named source text (a script file, a REPL entry, an `-e` argument), held as UTF-8 bytes.
/// Positions inside it are byte offsets; line and column are computed only when a diagnostic is
/// shown, and columns count characters (Unicode extended grapheme clusters), from 1, as the caret
/// does, however many bytes the characters before it take.
public struct Source: Sendable {
    /// How the source is named in diagnostics: a file path, `<stdin>`, `<repl>`, `-e`.
    public let name: String
    /// The text as UTF-8 bytes, line ends made LF and a leading byte-order mark dropped.
    public let bytes: [UInt8]
    /// The line number of the first line (a REPL entry continues the session's numbering).
    public let firstLine: Int

    /// The offset where each line starts, for line numbers in O(log n).
    let lineStarts: [Int]

    /// `text` is read with any line ending (LF, CRLF, or a lone CR) as a newline, and a leading
    /// byte-order mark dropped, so a script reads the same however it was saved.
    public init(name: String, text: String, firstLine: Int = 1) {
        self.init(name: name, utf8: Array(text.utf8), firstLine: firstLine)
    }

    /// A source from the bytes of a file, which it takes over (a script's text is held once):
    /// bytes that are not UTF-8 read as U+FFFD, as `String(decoding:as:)` reads them, and line
    /// ends and a BOM as `init(name:text:)` reads them.
    public init(name: String, bytes: [UInt8], firstLine: Int = 1) {
        let valid = Source.isUTF8(bytes)
        self.init(name: name, utf8: valid ? bytes : Array(String(decoding: bytes, as: UTF8.self).utf8), firstLine: firstLine)
    }

    private init(name: String, utf8: [UInt8], firstLine: Int) {
        self.name = name
        self.firstLine = firstLine
        // Most texts have no CR and no BOM: nothing moves, and the lines start after each LF,
        // found eight bytes at a time (the loop below took a byte at a time through each line
        // end: a tenth of the parsing thread's work on a script of short lines).
        if !utf8.starts(with: [0xEF, 0xBB, 0xBF]), let starts = Source.lineStartsWithoutCR(utf8) {
            bytes = utf8
            lineStarts = starts
            return
        }
        var bytes = utf8
        var starts = [0]
        // A leading BOM (EF BB BF) is not part of the script.
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var write = 0
        // In place: CRLF and a lone CR are each one newline (a CRLF left alone is one Swift
        // Character that is not "\n": a comment would run to the end of the file). Through the
        // buffer, so that no byte pays for a bounds or uniqueness check.
        bytes.withUnsafeMutableBufferPointer { buffer in
            var read = bom
            let count = buffer.count
            guard let base = buffer.baseAddress.map(UnsafeRawPointer.init) else { return }
            while read < count {
                // While nothing has moved, eight bytes with no line end in them stay as they are.
                if write == read, read + 8 <= count {
                    let word = base.loadUnaligned(fromByteOffset: read, as: UInt64.self)
                    if !Source.holds(word, 0x0A) && !Source.holds(word, 0x0D) {
                        read += 8; write += 8
                        continue
                    }
                }
                var b = buffer[read]
                read += 1
                if b == 0x0D {
                    b = 0x0A
                    if read < count, buffer[read] == 0x0A { read += 1 }
                }
                buffer[write] = b
                write += 1
                if b == 0x0A { starts.append(write) }
            }
        }
        bytes.removeSubrange(write...)
        self.bytes = bytes
        lineStarts = starts
    }

    /// Where each line starts (0 and the offset after each LF), or nil when the text holds a
    /// CR. Eight bytes at a time: each LF's byte is found exactly in the word (the zero-byte
    /// test of the word xor'ed with LF, made exact by masking each byte's high bit first).
    static func lineStartsWithoutCR(_ bytes: [UInt8]) -> [Int]? {
        bytes.withUnsafeBufferPointer { b -> [Int]? in
            var starts = [0]
            guard let base = b.baseAddress.map(UnsafeRawPointer.init) else { return starts }
            let count = b.count
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            var k = 0
            while k + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                if Source.holds(word, 0x0D) { return nil }
                let x = word ^ 0x0A0A_0A0A_0A0A_0A0A
                // A byte's high bit set here exactly where the byte of x is 0.
                var lf = ~(((x & low) &+ low) | x | low)
                while lf != 0 {
                    starts.append(k + lf.trailingZeroBitCount / 8 + 1)
                    lf &= lf &- 1
                }
                k += 8
            }
            while k < count {
                if b[k] == 0x0D { return nil }
                if b[k] == 0x0A { starts.append(k + 1) }
                k += 1
            }
            return starts
        }
    }

    /// Whether one of the eight bytes of `word` is `byte` (the zero-byte test of the word
    /// xor'ed with the byte repeated).
    @inline(__always) static func holds(_ word: UInt64, _ byte: UInt8) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & 0x8080_8080_8080_8080 != 0
    }

    /// Whether `bytes` are well-formed UTF-8 (ASCII is checked a byte at a time, quickly).
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isUTF8($0) }
    }

    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 0
        let n = bytes.count
        while k < n {
            // Eight ASCII bytes at a time (no high bit in any of them).
            if k + 8 <= n, UnsafeRawPointer(bytes.baseAddress! + k).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                k += 8
                continue
            }
            let b = bytes[k]
            if b < 0x80 { k += 1; continue }
            let length: Int
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return false
            }
            guard k + length <= n else { return false }
            for j in 1..<length where bytes[k + j] & 0xC0 != 0x80 { return false }
            // Overlong forms, surrogates and code points past U+10FFFF.
            let c = bytes[k + 1]
            if b == 0xE0 && c < 0xA0 || b == 0xED && c > 0x9F || b == 0xF0 && c < 0x90 || b == 0xF4 && c > 0x8F { return false }
            k += length
        }
        return true
    }

    /// The number of bytes.
    public var count: Int { bytes.count }

    /// Whether the text has the letters of `undo` or of `include` anywhere (comments and strings
    /// included): false when no statement of it can take a statement back, nor include a file
    /// that could. Eight bytes at a time where none is an `n`, the second letter of both.
    public var mayUndo: Bool {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress.map(UnsafeRawPointer.init) else { return false }
            func spells(_ word: StaticString, at k: Int) -> Bool {
                let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
                return k + w.count <= b.count && w.indices.allSatisfy { b[k + $0] == w[$0] }
            }
            var k = 1
            while k < b.count {
                if k + 8 <= b.count, !Source.holds(base.loadUnaligned(fromByteOffset: k, as: UInt64.self), 0x6E) {
                    k += 8
                    continue
                }
                if b[k] == 0x6E, spells("undo", at: k - 1) || spells("include", at: k - 1) { return true }
                k += 1
            }
            return false
        }
    }

    /// Whether `other` is this very source: its text in the same buffer, under the same name and
    /// numbering. Reads neither text and touches no reference count: the runner of a pipelined
    /// script asks it at every statement, and taking a copy of the source there (three
    /// references) cost more than the statement's geometry, since the parsing thread touches the
    /// same buffers' counts.
    func isIdentical(to other: Source) -> Bool {
        guard firstLine == other.firstLine, bytes.count == other.bytes.count, name == other.name else { return false }
        return bytes.withUnsafeBufferPointer { a in other.bytes.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    /// The 1-based line and column (in characters) of a byte offset. O(log lines + the column).
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let offset = clamp(offset)
        let line = lineIndex(of: offset)
        return (firstLine + line, characterCount(lineStarts[line]..<offset) + 1)
    }

    /// The 1-based line number of a byte offset. O(log lines).
    public func line(of offset: Int) -> Int { firstLine + lineIndex(of: clamp(offset)) }

    /// The line number of a byte offset, looking first at the line `hint` (an index into the
    /// lines, from an earlier call) and the one after it: O(1) for offsets met in order, as a
    /// script's statements are. Returns the line and the hint for the next call.
    public func line(of offset: Int, hint: Int) -> (line: Int, hint: Int) {
        let offset = clamp(offset)
        for k in hint...(hint + 1) where k >= 0 && k < lineStarts.count {
            if lineStarts[k] <= offset, k + 1 == lineStarts.count || lineStarts[k + 1] > offset { return (firstLine + k, k) }
        }
        let k = lineIndex(of: offset)
        return (firstLine + k, k)
    }

    /// How many characters the bytes in `range` make (a range cut inside a character counts it).
    public func characterCount(_ range: Range<Int>) -> Int {
        let lo = clamp(range.lowerBound), hi = Swift.max(lo, clamp(range.upperBound))
        // ASCII bytes are one character each, unless a combining mark follows: count by the
        // Unicode rules only for the stretch that holds anything else.
        var k = lo
        while k < hi, bytes[k] < 0x80 {
            if k + 1 < hi, bytes[k + 1] >= 0x80 { break }
            k += 1
        }
        guard k < hi else { return hi - lo }
        return (k - lo) + String(decoding: bytes[k..<hi], as: UTF8.self).count
    }

    /// The index into `lineStarts` of the line holding `offset`.
    func lineIndex(of offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    func clamp(_ offset: Int) -> Int { Swift.max(0, Swift.min(offset, bytes.count)) }

    /// The text of a range.
    public func text(_ range: SourceRange) -> String {
        let lo = clamp(range.start), hi = Swift.max(lo, clamp(range.end))
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }

    /// The byte range of the line holding `offset`, without its newline.
    public func lineRange(containing offset: Int) -> Range<Int> {
        let line = lineIndex(of: clamp(offset))
        let start = lineStarts[line]
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        return start..<end
    }

    /// The text of the line holding `offset`, without its newline.
    public func lineText(containing offset: Int) -> String {
        let r = lineRange(containing: offset)
        return String(decoding: bytes[r], as: UTF8.self)
    }
}

/// A half-open range of byte offsets in one source.
public struct SourceRange: Sendable, Equatable {
    public var start: Int
    public var end: Int
    public init(_ start: Int, _ end: Int) { self.start = start; self.end = end }
}

extension Source {
    /// Where `file`, named in a script, statement or included file called `from`, is: as
    /// written when absolute, else beside `from` (the current directory for the prompt, `-e`, a
    /// page or standard input, whose names start with "<"). `include`, `save` and `export`
    /// resolve names so in every host (the command line, the workbench, the language server,
    /// the playground).
    public static func resolve(_ file: String, from: String) -> String {
        let folder: String
        if from.hasPrefix("<") || from == "-e" {
            folder = "."
        } else if let slash = from.utf8.lastIndex(of: 47) {
            folder = slash == from.utf8.startIndex ? "/" : String(from.utf8[..<slash]) ?? "."
        } else {
            folder = "."
        }
        return file.hasPrefix("/") || folder == "." ? file : folder + "/" + file
    }
}
