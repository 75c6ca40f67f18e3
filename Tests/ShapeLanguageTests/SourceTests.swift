import ShapeGeometry
import Testing

@testable import ShapeLanguage

/// A source's bytes and line starts, read eight bytes at a time where it can, against a plain
/// reading written here: a BOM dropped, CRLF and a lone CR made LF, a line starting after each
/// LF; bytes that are not UTF-8 decoded as the standard library decodes them.
@Suite struct SourceTests {
    func reference(_ input: [UInt8]) -> (bytes: [UInt8], starts: [Int]) {
        var text = String(validating: input, as: UTF8.self).map { Array($0.utf8) } ?? Array(String(decoding: input, as: UTF8.self).utf8)
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        var out: [UInt8] = [], starts = [0]
        var k = 0
        while k < text.count {
            if text[k] == 0x0D {
                out.append(0x0A)
                k += k + 1 < text.count && text[k + 1] == 0x0A ? 2 : 1
            } else {
                out.append(text[k])
                k += 1
            }
            if out.last == 0x0A { starts.append(out.count) }
        }
        return (out, starts)
    }

    @Test func readsAsThePlainReadingDoes() {
        var random = SeededRandom(seed: 5)
        // Pieces that meet the word-at-a-time paths at every offset: line ends of each kind,
        // text, two-byte characters, bytes that are not UTF-8, a BOM.
        let pieces: [[UInt8]] = [
            Array("line 1 2".utf8), [0x0A], [0x0D], [0x0D, 0x0A], Array("é".utf8), [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82],
            Array("abcdefghijklmnop".utf8), [0xEF, 0xBB, 0xBF], Array("→".utf8),
        ]
        for round in 0..<4000 {
            var input: [UInt8] = round % 7 == 0 ? [0xEF, 0xBB, 0xBF] : []
            let count = Int(random.next() % 24)
            for _ in 0..<count {
                // Mostly valid text, sometimes a broken byte.
                let k = Int(random.next() % UInt64(round % 3 == 0 ? pieces.count : 4))
                input += pieces[k]
            }
            let source = Source(name: "t", bytes: input)
            let expected = reference(input)
            #expect(source.bytes == expected.bytes, "\(input)")
            #expect(source.lineStarts == expected.starts, "\(input)")
        }
    }

    /// Texts with no CR (the quick way, eight bytes at a time): line ends at every offset from
    /// the words, at the ends, side by side, beside bytes with their high bit set.
    @Test func textsWithoutCRReadAsThePlainReadingDoes() {
        var random = SeededRandom(seed: 11)
        let pieces: [[UInt8]] = [Array("l 1 2".utf8), [0x0A], [0x0A, 0x0A], Array("é".utf8), [0x8A], [0x0B], [0x09], Array("abcdefgh".utf8)]
        for _ in 0..<4000 {
            var input: [UInt8] = []
            for _ in 0..<Int(random.next() % 30) { input += pieces[Int(random.next() % UInt64(pieces.count))] }
            let source = Source(name: "t", bytes: input)
            let expected = reference(input)
            #expect(source.bytes == expected.bytes && source.lineStarts == expected.starts, "\(input)")
        }
    }

    @Test func textAndBytesReadAlike() {
        let text = "\u{FEFF}move 0 0\r\nline 1 2\rline 3 4\n\r\nprint \"é→\"\r"
        let a = Source(name: "a", text: text), b = Source(name: "b", bytes: Array(text.utf8))
        #expect(a.bytes == b.bytes && a.lineStarts == b.lineStarts)
        #expect(String(decoding: a.bytes, as: UTF8.self) == "move 0 0\nline 1 2\nline 3 4\n\nprint \"é→\"\n")
    }

    /// `mayUndo` finds the letters of `undo` and `include` wherever they are (at every offset
    /// from the eight-byte steps, at the text's ends, in comments and strings), and nothing else:
    /// against `String.contains`.
    @Test func mayUndoFindsTheWordsAnywhere() {
        let plain = String(repeating: "line 204.0 -128.0\nquad 1 2 3 4\nclose\n", count: 50)
        #expect(!Source(name: "p", text: plain).mayUndo)
        #expect(!Source(name: "e", text: "").mayUndo)
        for word in ["undo", "include", "# undo the last", "print \"undone\"", "include \"a.shape\""] {
            for k in 0..<17 {
                let text = String(plain.prefix(k)) + word + String(plain.prefix(k))
                #expect(Source(name: "t", text: text).mayUndo, "\(word) at \(k)")
            }
        }
        for near in ["und", "un do", "UNDO", "inclde", "includ", "nd", "n"] {
            let text = plain + near
            #expect(Source(name: "n", text: text).mayUndo == (text.contains("undo") || text.contains("include")), "\(near)")
        }
    }
}
