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
        var handle: Handle
        var dash: DashPattern
        var precision: Int
        var transform: ShapeGeometry.AffineTransform
        var untransformed: [Path.Element]?
        var procedures: [String: [String]]
        var undo: [String]
        var lastNearest: [Point]?
        var lastCasteljau: [[Point]]?

        init(_ i: Interpreter) {
            elements = i.path.elements
            length = i.path.length
            globals = i.globals
            handle = i.state.handle
            dash = i.state.dash
            precision = i.state.precision
            transform = i.state.transform
            untransformed = i.state.untransformed?.elements
            procedures = i.state.procedures.mapValues { $0.parameters + ["\($0.body.count) statements"] }
            undo = i.undoStack.map { "\($0.command)@\($0.line)" }
            lastNearest = i.lastNearest.map { [$0.query, $0.point] }
            lastCasteljau = i.lastCasteljau
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

    @Test(arguments: HostileStateTests.names)
    func aFailingStatementChangesNothing(_ name: String) throws {
        let data = try Data(contentsOf: HostileStateTests.directory.appendingPathComponent(name))
        let source = Source(name: name, text: String(decoding: data, as: UTF8.self))
        if (try? Parser.parse(source)) == nil { return }  // a syntax error runs nothing
        // Inputs that rely on an empty session (a line with no current point, undo with nothing
        // to undo) fail from a fresh one.
        let failed =
            HostileStateTests.runUntilFailure(source, on: HostileStateTests.preparedSession()) != nil
            || HostileStateTests.runUntilFailure(source, on: Interpreter(limits: HostileStateTests.smallLimits)) != nil
        #expect(failed, "\(name) should fail")
    }

    @Test(arguments: ArityCorpus.cases)
    func aWrongArityChangesNothing(_ c: ArityCorpus.Case) {
        let d = HostileStateTests.runUntilFailure(Source(name: c.name, text: c.script), on: HostileStateTests.preparedSession())
        #expect(d?.message.id == "wrongArgumentCount", "\(c.name)")
        #expect(d?.location.line == c.line, "\(c.name)")
    }
}
