import Testing

@testable import ShapeLanguage

/// `Diagnostic` holds its fields by reference (8 bytes for every throwing function to pass), and
/// is still a value: a copy changed changes alone, whichever field, and the places an error was
/// called from are the copy's own.
@Suite struct DiagnosticTests {
    @Test func aCopyChangesAlone() {
        let source = Source(name: "a.shape", text: "move 0 0\nlne 1 1\n")
        let other = Source(name: "b.shape", text: "include \"a.shape\"\n")
        let original = Diagnostic(.unterminatedString, at: SourceRange(9, 12), in: source, suggestion: "did you mean 'line'?")
        var copy = original
        copy.message = .numberTooLarge("1e999")
        copy.range = SourceRange(0, 4)
        copy.source = other
        copy.suggestion = nil
        copy.note = ("opened here", SourceRange(1, 2))
        let called = original.calledFrom(.include, other, SourceRange(0, 7))
        #expect(original.message == .unterminatedString && original.range == SourceRange(9, 12))
        #expect(original.source.name == "a.shape" && original.suggestion == "did you mean 'line'?")
        #expect(original.note == nil && original.callers.isEmpty)
        #expect(original.location == (2, 1))
        #expect(copy.message == .numberTooLarge("1e999") && copy.range == SourceRange(0, 4) && copy.source.name == "b.shape")
        #expect(copy.suggestion == nil && copy.note?.text == "opened here" && copy.callers.isEmpty)
        #expect(called.callers.count == 1 && called.callers[0].source.name == "b.shape" && called.message == .unterminatedString)
        // A copy changed twice (its fields now its own) keeps both changes.
        var twice = original
        twice.suggestion = "one"
        twice.range = SourceRange(3, 4)
        #expect(twice.suggestion == "one" && twice.range == SourceRange(3, 4) && original.suggestion == "did you mean 'line'?")
    }
}
