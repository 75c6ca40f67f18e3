import Foundation
import ShapeGeometry
import Testing

@testable import ShapeLanguage

/// `Interpreter.StatementState.begin(at:)` resets the state a statement keeps in place, instead of
/// assigning a new one: it must leave every field as a new state's, or something of one statement
/// would be left over into the next.
@Suite struct StatementStateTests {
    /// Each field, by name, as text (a boxed optional prints as its box, nil or not).
    static func fields(_ s: Interpreter.StatementState) -> [String: String] {
        var out: [String: String] = [:]
        for child in Mirror(reflecting: s).children {
            guard let label = child.label else { continue }
            out[label] = String(describing: child.value).replacingOccurrences(of: #"0x[0-9a-f]+"#, with: "", options: .regularExpression)
        }
        return out
    }

    @Test func beginLeavesEveryFieldAsANewStatesIs() throws {
        var s = Interpreter.StatementState(start: 3)
        // Every field other than a new state's.
        s.iterations = 5
        s.work = 7
        s.callDepth = 2
        s.nesting = 4
        var p = Path()
        try p.move(to: Point(0, 0))
        s.savedPath = p
        s.changed = true
        s.globalChanges = ["a": .number(1)]
        s.scopes = [["b": .number(2)]]
        s.nonFiniteReport = true
        s.returning = .number(3)
        s.capturing = 1
        s.captured = Report(command: "clear", line: 1, kind: .cleared)
        s.drewLayers = [.casteljau]
        s.undone = [UndoRecord(snapshot: StateSnapshot(SessionState()), globals: [:], path: .unchanged, command: "line", line: 1)]
        let dirty = Self.fields(s)
        // The fields set above are all there are: one added to the state must be set above and
        // reset by `begin(at:)`.
        #expect(dirty.count == 15, "StatementState has \(dirty.count) fields: set the new one above and reset it in begin(at:)")
        let fresh = Self.fields(Interpreter.StatementState(start: 9))
        for (name, value) in dirty { #expect(value != fresh[name], "field \(name) was not set to other than a new state's") }
        s.begin(at: 9)
        #expect(Self.fields(s) == fresh)
    }

    /// A statement that undoes steps and then fails puts them back on the history, in order
    /// (the history is no longer copied for every statement in case it fails).
    @Test func aFailedStatementPutsBackTheStepsItUndid() {
        let i = Interpreter()
        #expect(run(i, "move 0 0\nline 10 0\nline 20 0") == nil)
        #expect(run(i, "if 1 { undo; undo; line 1e200 0 }")?.message == .tooLarge(1e200))
        #expect(i.path.length == 20)
        var lengths: [Double] = []
        for _ in 0..<3 {
            #expect(run(i, "undo") == nil)
            lengths.append(i.path.length)
        }
        #expect(lengths == [10, 0, 0] && i.path.isEmpty)
        #expect(run(i, "undo")?.message == .nothingToUndo)
    }
}
