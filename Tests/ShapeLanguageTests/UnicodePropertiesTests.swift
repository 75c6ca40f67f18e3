import Testing

@testable import ShapeLanguage

/// The core's own Unicode tables (scripts/unicode-tables) answer as the standard library does,
/// for every scalar: the WebAssembly build leaves the library's tables out, and the native build
/// must not notice.
@Suite struct UnicodePropertiesTests {
    @Test func everyScalarAnswersAsTheStandardLibrary() {
        var letters = 0, emoji = 0, wrong: [UInt32] = []
        for v in UInt32(0)...0x10FFFF {
            guard let s = Unicode.Scalar(v) else { continue }
            let letter = Character(s).isLetter, picture = s.properties.isEmojiPresentation
            if letter { letters += 1 }
            if picture { emoji += 1 }
            if UnicodeProperties.isLetter(s) != letter || UnicodeProperties.isEmojiPresentation(s) != picture { wrong.append(v) }
        }
        #expect(wrong.isEmpty, "scalars answered otherwise: \(wrong.prefix(10))")
        // The tables are not empty: scripts of many alphabets, and the emoji pictures.
        #expect(letters > 100_000 && emoji > 1_000)
    }

    /// A character of several scalars is a letter as its first scalar is (what the lexer asks).
    @Test func charactersOfSeveralScalars() {
        for text in ["e\u{301}", "1\u{301}", "\u{1F1EB}\u{1F1F7}", "\u{1100}\u{1161}\u{11A8}", "\u{5D0}\u{5B8}", "#\u{FE0F}\u{20E3}"] {
            let c = Character(text)
            #expect(UnicodeProperties.isLetter(c.unicodeScalars.first!) == c.isLetter, "\(text)")
        }
    }

    @Test func asciiCaseLeavesTheRestAlone() {
        #expect("Card.SVG".asciiLowercased == "card.svg")
        #expect("écusson ÀB".asciiUppercased == "éCUSSON ÀB")
        #expect("Straße".asciiLowercased == "straße")
    }
}
