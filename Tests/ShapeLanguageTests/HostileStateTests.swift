import Foundation
import Testing
@testable import ShapeLanguage
import ShapeGeometry

/// The hostile corpus through the interpreter, one top-level statement at a time, as the REPL
/// runs entries: the statement that fails leaves the whole session exactly as it was.
@Suite struct HostileStateTests {
    struct Snapshot: Equatable {
        var elements: [Path.Element]
        var globals: [String: Value]
        var handle: Handle
        var dash: DashPattern
        var precision: Int
        var procedures: [String]
        var undoDepth: Int

        init(_ i: Interpreter) {
            elements = i.path.elements
            globals = i.state.globals
            handle = i.state.handle
            dash = i.state.dash
            precision = i.state.precision
            procedures = i.state.procedures.keys.sorted()
            undoDepth = i.undoStack.count
        }
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ShapeCLITests/Hostile")

    @Test func aFailingStatementChangesNothing() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: HostileStateTests.directory.path).filter { $0.hasSuffix(".shape") }
        #expect(names.count >= 100)
        var failures = 0
        for name in names.sorted() {
            let data = try Data(contentsOf: HostileStateTests.directory.appendingPathComponent(name))
            let source = Source(name: name, text: String(decoding: data, as: UTF8.self))
            let interpreter = Interpreter()
            run(interpreter, "move 5 5\nline 20 5\nlet keep = 1\ndash 2 1\nhandle 3")
            guard let program = try? Parser.parse(source) else { failures += 1; continue }   // a syntax error runs nothing
            var failed = false
            for statement in program.statements {
                let before = Snapshot(interpreter)
                if interpreter.run(Program(statements: [statement], source: source), emit: { _ in }) != nil {
                    #expect(Snapshot(interpreter) == before, "\(name): the failing statement left a trace")
                    failed = true
                    break
                }
            }
            // Inputs that rely on an empty session (a line with no current point, undo with
            // nothing to undo) fail from a fresh one.
            if !failed { failed = Interpreter().run(program, emit: { _ in }) != nil }
            #expect(failed, "\(name) should fail")
            if failed { failures += 1 }
        }
        #expect(failures == names.count, "every hostile input fails somewhere")
    }
}
