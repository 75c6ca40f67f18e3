import Foundation
import ShapeGeometry
import ShapeTestSupport
import Testing

@testable import ShapeLanguage

/// The hostile corpus and the generated arity corpus through the interpreter, one top-level
/// statement at a time, as the REPL runs entries: the statement that fails leaves the whole
/// session exactly as it was. Runs with small limits (so each case is quick) and one case per
/// test, in parallel.
@Suite struct HostileStateTests {
    /// Everything a statement could change: the path, the undoable state, the undo history and
    /// what `save` would draw. (Kept track points are derived data: bringing them up to date is
    /// no change.)
    struct Snapshot: Equatable {
        var elements: [Path.Element]
        var length: Double
        var globals: [String: Value]
        /// The whole of the state a statement keeps for rollback and undo (`SessionState`): a
        /// field added to it is compared too.
        var state: SessionState
        var undo: [String]
        /// The state but its figures, whose change (a query's) is no undo step.
        var undoable: SessionState {
            var s = state
            s.figures = []
            return s
        }

        init(_ i: Interpreter) {
            elements = i.path.elements
            length = i.path.length
            globals = i.globals
            state = i.state
            undo = i.undoStack.map { "\($0.command)@\($0.line)" }
        }
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ShapeCLITests/Hostile")
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix(".shape") }.sorted()

    /// Limits far below the defaults, so that every runaway case stops within milliseconds.
    static var smallLimits: Limits {
        var l = Limits()
        l.loopIterations = 20_000
        l.statementWork = 2_000_000
        l.trackPoints = 200_000
        l.pathElements = 200_000
        // A test's thread has less stack than the 512 MiB one the command runs the interpreter on.
        l.callDepth = 40
        l.nesting = 300
        return l
    }

    /// A session with something in every part of its state.
    static func preparedSession() -> Interpreter {
        let i = Interpreter(limits: smallLimits)
        let setup = "move 5 5\nline 20 5\nlet keep = 1\ndef f(a) { line a a }\ndash 2 1\nhandle 3\nnearest 1 1\ncasteljau 1 0.5"
        let d = i.run(try! Parser.parse(Source(name: "setup", text: setup)), emit: { _ in })
        precondition(d == nil)
        return i
    }

    /// Runs `source` statement by statement on `interpreter`; at the first failure, checks that
    /// the session is as it was before that statement and returns the diagnostic.
    static func runUntilFailure(_ source: Source, on interpreter: Interpreter) -> Diagnostic? {
        guard let program = try? Parser.parse(source) else { return nil }
        for statement in program.statements {
            let before = Snapshot(interpreter)
            if let d = interpreter.run(Program(statements: [statement], source: source), emit: { _ in }) {
                #expect(Snapshot(interpreter) == before, "\(source.name): the failing statement left a trace")
                return d
            }
        }
        return nil
    }

    @Test func theCorpusIsLargeEnough() { #expect(HostileStateTests.names.count >= 100) }

    /// The part of the error message Hostile/expected.tsv gives for `name`.
    static func expectedMessage(_ name: String) -> String? {
        let text = (try? String(contentsOf: directory.appendingPathComponent("expected.tsv"), encoding: .utf8)) ?? ""
        let key = String(name.dropLast(6)) + "\t"
        return text.split(separator: "\n").first { $0.hasPrefix(key) }.map {
            $0.dropFirst(key.count).split(separator: "\t").first.map(String.init) ?? ""
        }
    }

    /// The element limit is checked before a path is copied: a path drawn onto itself doubles
    /// each time, and the copy that would pass the limit is never made.
    @Test func drawingAPathOntoItselfStopsAtTheElementLimit() {
        var limits = HostileStateTests.smallLimits
        limits.statementWork = .max
        let i = Interpreter(limits: limits)
        #expect(
            HostileStateTests.runUntilFailure(Source(name: "t", text: "move 0 0\nline 1 1\nrepeat 30 { draw path() }"), on: i)?.message
                == .elementLimit(200_000))
        #expect(i.path.elements.count == 2)
    }

    @Test(arguments: HostileStateTests.names)
    func aFailingStatementChangesNothing(_ name: String) throws {
        let data = try Data(contentsOf: HostileStateTests.directory.appendingPathComponent(name))
        let source = Source(name: name, bytes: Array(data))
        // A syntax error runs nothing: the REPL would run no statement of the entry, so the
        // session is untouched by construction; what is checked is that it is one, with the
        // error the input was written for.
        do {
            _ = try Parser.parse(source)
        } catch {
            let expected = HostileStateTests.expectedMessage(name)
            #expect(expected.map { error.diagnostic.message.text.contains($0) } ?? false, "\(name): \(error.diagnostic.message.text)")
            return
        }
        // Inputs that rely on an empty session (a line with no current point, undo with nothing
        // to undo) fail from a fresh one.
        let failed =
            HostileStateTests.runUntilFailure(source, on: HostileStateTests.preparedSession()) != nil
            || HostileStateTests.runUntilFailure(source, on: Interpreter(limits: HostileStateTests.smallLimits)) != nil
        #expect(failed, "\(name) should fail")
    }

    /// Numbers past what an integer holds, in every command's arguments and options: each
    /// statement runs or fails with a located error that leaves the session as it was; none
    /// stops the process (an integer overflow would, in this test's build as in a release).
    /// About a third run; the rest are refused (`there is no element 1e+19`, `the result would
    /// not be finite`, ...). A trap ends this test's process: checked by making `integer` double
    /// what it takes, which `print length(9223372036854775807)` then stopped.
    @Test(arguments: ExtremeNumberCorpus.cases)
    func extremeNumbersNeverTrap(_ c: ExtremeNumberCorpus.Case) {
        for statement in c.statements {
            let source = Source(name: c.command, text: statement)
            // Every call is well formed: what is tried is the numbers, not the grammar.
            #expect(throws: Never.self, "\(statement)") { _ = try Parser.parse(source) }
            let session = HostileStateTests.preparedSession()
            if let d = HostileStateTests.runUntilFailure(source, on: session) {
                #expect(d.location.line >= 1 && d.location.column >= 1, "\(statement): \(d.message.text)")
            }
        }
    }

    @Test(arguments: ArityCorpus.cases)
    func aWrongArityChangesNothing(_ c: ArityCorpus.Case) {
        let d = HostileStateTests.runUntilFailure(Source(name: c.name, text: c.script), on: HostileStateTests.preparedSession())
        #expect(d?.message.id == "wrongArgumentCount", "\(c.name)")
        #expect(d?.location.line == c.line, "\(c.name)")
    }
}
