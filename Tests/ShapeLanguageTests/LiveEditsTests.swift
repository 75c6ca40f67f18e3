import Foundation
import ShapeOutput
import ShapeGeometry
import ShapeTestSupport
import Testing

@testable import ShapeLanguage

/// Live lessons (SPEC §14): the numbers that get sliders, and drags that rewrite the document's
/// numbers so that the point lands where the hand is. Expected texts and values are worked by
/// hand from the scripts.
@Suite struct LiveEditsTests {
    func plan(_ script: String, _ i: Int, _ k: Int) -> DragPlan? {
        DragPlan.make(source: Source(name: "lesson.shape", text: script), element: i, point: k, session: { Interpreter() })
    }

    func dragged(_ script: String, _ i: Int, _ k: Int, to target: Point, resolution: Double = 0.01) throws -> String {
        let p = try #require(plan(script, i, k))
        return String(decoding: p.script(with: p.values(movingTo: target, resolution: resolution)), as: UTF8.self)
    }

    func session(_ script: String) -> Interpreter {
        let s = Interpreter()
        s.run(Source(name: "t.shape", text: script), into: RunSink(report: { _ in }))
        return s
    }

    @Test func aCurvesLiteralsAreRewrittenInPlace() throws {
        let script = "move 0 0\ncurve 30 120 170 120 200 0\ncasteljau 1 0.5\n"
        #expect(try dragged(script, 1, 1, to: Point(150.05, 39.92)) == "move 0 0\ncurve 30 120 150.05 39.92 200 0\ncasteljau 1 0.5\n")
        // Rounded to the resolution: a hundredth, then a unit.
        #expect(try dragged(script, 1, 0, to: Point(10.004, -7.996)) == "move 0 0\ncurve 10 -8 170 120 200 0\ncasteljau 1 0.5\n")
        #expect(try dragged(script, 1, 2, to: Point(210.4, 3.6), resolution: 1) == "move 0 0\ncurve 30 120 170 120 210 4\ncasteljau 1 0.5\n")
        // A move's point and a line's end; negative numbers read back as two arguments.
        #expect(try dragged("move 1 2\nline 10 10\n", 0, 0, to: Point(-3, -4)) == "move -3 -4\nline 10 10\n")
        let edited = try dragged("move 1 2\nline 10 10\n", 1, 0, to: Point(-20.5, -3))
        #expect(edited == "move 1 2\nline -20.5 -3\n")
        #expect(session(edited).path.point(ofElement: 1, 0) == Point(-20.5, -3))
    }

    @Test func aLetTheCoordinateIsAffineInIsRewritten() throws {
        // x = x0 + w: x0 (named first) moves it one for one; y is the literal.
        let script = "let x0 = 100\nlet w = 40\nmove x0 0\nline x0 + w 0\n"
        #expect(try dragged(script, 1, 0, to: Point(150, 7)) == "let x0 = 110\nlet w = 40\nmove x0 0\nline x0 + w 7\n")
        // x = 2w − r: w moves it two for one, so w = (100 + 10) / 2.
        let card = "let w = 50\nlet r = 10\nmove 0 0\nline 2 * w - r 30\n"
        #expect(try dragged(card, 1, 0, to: Point(100, 30)) == "let w = 55\nlet r = 10\nmove 0 0\nline 2 * w - r 30\n")
        // A let declared with its slider's range keeps the comment.
        #expect(try dragged("let y = 5 # slider 0...10\nmove 0 y\n", 0, 0, to: Point(0, 7.25)) == "let y = 7.25 # slider 0...10\nmove 0 y\n")
    }

    @Test func aNumberThatDoesNotPlaceThePointAffinelyIsLeftAlone() throws {
        // x = a²: only y (the literal) follows the hand.
        #expect(try dragged("let a = 2\nmove 0 0\nline a * a 5\n", 1, 0, to: Point(10, 8)) == "let a = 2\nmove 0 0\nline a * a 8\n")
        // Nothing the drag could rewrite: the host appends `setpoint`.
        #expect(plan("let a = 2\nmove 0 0\nline a * a a * a\n", 1, 0) == nil)
        #expect(plan("move 0 0\nrepeat 1 { line 10 10 }\n", 1, 0) == nil)
        #expect(plan("move 0 0\nline 10 10\nundo\n", 1, 0) == nil)
        #expect(plan("move 0 0\narc 0 20 10 90deg 180deg\n", 1, 2) == nil)
        #expect(plan("move 0 0\nline 10 10\n", 1, 3) == nil)
        // The element was made again by a statement of many elements after a `clear`.
        #expect(plan("move 0 0\nline 10 10\nclear\nrect 0 0 5 5\n", 1, 0) == nil)
    }

    @Test func aTransformAfterTheStatementIsFollowed() throws {
        // The literal is what the translate moves: 20 − 5 and 30 − 5.
        #expect(try dragged("move 0 0\nline 10 10\ntranslate 5 5\n", 1, 0, to: Point(20, 30)) == "move 0 0\nline 15 25\ntranslate 5 5\n")
        // A quarter turn about the origin: the x literal moves the point along y.
        let turned = try dragged("move 0 0\nline 10 0\nrotate 90deg about 0 0\n", 1, 0, to: Point(-3, 12))
        #expect(turned == "move 0 0\nline 12 3\nrotate 90deg about 0 0\n")
    }

    /// Generated drags: random curves of literals, random targets; the rewritten document, run
    /// again, puts the point within the resolution of the target and leaves every other point
    /// where it was.
    @Test func generatedDragsLandWhereTheHandIs() throws {
        var rng = SeededRandom(seed: 47)
        for _ in 0..<200 {
            func n() -> Double { Double(Int(rng.next() % 4001) - 2000) / 10 }
            let script = "move \(n()) \(n())\ncurve \(n()) \(n()) \(n()) \(n()) \(n()) \(n())\nquad \(n()) \(n()) \(n()) \(n())\nline \(n()) \(n())\n"
            let element = Int(rng.next() % 4), point = Int(rng.next() % [1, 3, 2, 1][element])
            let target = Point(n() * 1.37, n() * 0.73)
            let before = session(script)
            let edited = try dragged(script, element, point, to: target, resolution: 0.001)
            let after = session(edited)
            let landed = try #require(after.path.point(ofElement: element, point))
            #expect(abs(landed.x - target.x) <= 0.001 && abs(landed.y - target.y) <= 0.001, "\(script) → \(edited)")
            for i in 0..<4 {
                for k in 0..<[1, 3, 2, 1][i] where !(i == element && k == point) {
                    // The anchor shared with the next element is the same point.
                    let shared = k == [1, 3, 2, 1][i] - 1 && i + 1 == element && point == 0 && element == 0
                    if !shared { #expect(after.path.point(ofElement: i, k) == before.path.point(ofElement: i, k)) }
                }
            }
        }
    }

    @Test func everyLetOfANumberAndEveryQuerysTHasASlider() throws {
        let source = Source(
            name: "card.shape",
            text: """
                let w = 120   # slider 50...300
                let h = -4
                let zero = 0
                let name = "x"
                let r = 2 + 3
                let twice = 1
                let twice = 2
                let odd = 3 # slider 5...1
                move 0 0
                curve 30 120 170 120 200 0
                casteljau 1 0.25
                bernstein 1 t
                """)
        let found = LiveNumber.find(in: try Parser.parse(source))
        #expect(found.map(\.name) == ["w", "h", "zero", "odd", "casteljau t"])
        #expect(found.map(\.value) == [120, -4, 0, 3, 0.25])
        #expect(found.map(\.low) == [50, -8, -1, 0, 0])
        #expect(found.map(\.high) == [300, 0, 1, 6, 1])
        #expect(found.map(\.declared) == [true, false, false, false, true])
        #expect(found.map(\.line) == [1, 2, 3, 8, 11])
        #expect(found.map { source.text($0.literal) } == ["120", "-4", "0", "3", "0.25"])
    }
}

/// One gesture, one undo step (SPEC §14): a host joins the undo steps of a gesture's frames;
/// one `undo` then gives the session as it was before the gesture, the same as a session that
/// never ran it.
@Suite struct GestureUndoTests {
    func run(_ i: Interpreter, _ text: String) {
        let stop = i.run(Source(name: "t.shape", text: text), into: RunSink(report: { _ in }))
        #expect(stop == nil, "\(text)")
    }

    func same(_ a: Interpreter, _ b: Interpreter) -> Bool {
        a.path.elements == b.path.elements && a.state == b.state && a.globals == b.globals
    }

    @Test func framesOfEveryKindJoinedAreOneUndo() {
        let start = "move 0 0\nline 100 0\nquad 150 0 150 50\nlet k = 1\ncasteljau 2 0.5\n"
        // Frames that replace the path, append to it, set a variable, move the handle; each
        // joined into the steps before it as a host does after every frame.
        let frames = ["setpoint 2 0 160 10", "line 10 10", "setpoint 2 0 170 -20", "k = 5", "let fresh = 2", "dash 3 3", "rotate 10deg", "line 3 3"]
        for split in 0..<frames.count {
            let i = Interpreter()
            run(i, start)
            // The session before the gesture's frames: the start and the frames before `split`.
            let reference = Interpreter()
            run(reference, start)
            for frame in frames[..<split] { run(reference, frame) }
            let mark = i.undoMark
            for (n, frame) in frames.enumerated() {
                let before = i.undoMark
                run(i, frame)
                // The frames from `split` on are one gesture: a host joins each frame's steps
                // into the gesture's from its second frame on.
                if n > split { i.joinUndoSteps(i.undoMark.recorded - before.recorded + 1) }
            }
            #expect(i.undoMark.held == mark.held + split + 1)
            run(i, "undo")
            #expect(same(i, reference), "split \(split)")
        }
    }

    @Test func theMarkTellsOtherStatementsApart() {
        let i = Interpreter()
        run(i, "move 0 0\nline 1 1")
        let a = i.undoMark
        run(i, "length")
        #expect(i.undoMark == a)  // a query records nothing
        run(i, "line 2 2")
        #expect(i.undoMark == UndoMark(recorded: a.recorded + 1, held: a.held + 1))
        run(i, "undo")
        #expect(i.undoMark == UndoMark(recorded: a.recorded + 1, held: a.held))
    }
}

/// `Interpreter.copy`: a session copied between statements goes on as the original would. Each
/// golden script is cut in two; the first part runs, then the second runs on a copy and, as
/// itself, on a session that ran the whole script: the same reports, the same stop, the same
/// path, state and variables, and the copy's run leaves the original as it was.
@Suite struct InterpreterCopyTests {
    @Test func aCopyGoesOnAsTheOriginalWould() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ShapeCLITests/Golden")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".shape") }.sorted()
        #expect(names.count > 100)
        let printer = JSONLinesPrinter()
        for name in names {
            let source = Source(name: name, text: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
            guard let program = try? Parser.parse(source), program.statements.count >= 2 else { continue }
            let cut = program.statements.count / 2
            func run(_ i: Interpreter, _ statements: ArraySlice<Stmt>) -> (reports: [String], stop: String?) {
                var reports: [String] = []
                let stop = i.run(Array(statements), in: source, into: RunSink(report: { reports.append(printer.format($0) ?? "") }))
                return (reports, stop.map { DiagnosticRenderer.render($0.diagnostic) })
            }
            let whole = Interpreter(), original = Interpreter()
            let first = run(whole, program.statements[..<cut])
            _ = run(original, program.statements[..<cut])
            guard first.stop == nil else { continue }
            let before = (original.path.elements, original.state, original.globals, original.undoMark)
            let copy = original.copy()
            let onCopy = run(copy, program.statements[cut...])
            let onWhole = run(whole, program.statements[cut...])
            #expect(onCopy.reports == onWhole.reports && onCopy.stop == onWhole.stop, "\(name)")
            #expect(copy.path.elements == whole.path.elements && copy.state == whole.state && copy.globals == whole.globals, "\(name)")
            #expect(copy.undoMark == whole.undoMark, "\(name)")
            #expect(
                original.path.elements == before.0 && original.state == before.1 && original.globals == before.2 && original.undoMark == before.3,
                "\(name)")
        }
    }
}

/// What the page's controls read from the session's state (issue 48): the last sticky badge's
/// circles (the dragged one back on the fixed one once released; gone after `clear`), the last
/// wander's duration, the last query with a t, whatever expressions wrote their numbers.
@Suite struct SessionFieldsTests {
    func session(_ text: String) -> Interpreter {
        let i = Interpreter()
        #expect(i.run(Source(name: "t.shape", text: text), into: RunSink(report: { _ in })) == nil)
        return i
    }

    @Test func theControlsComeFromTheState() {
        let i = session("let x0 = 200\nlet y0 = 150\nsticky x0 y0 30 x0 + 10 y0 + 60 30 break 9")
        #expect(i.sticky == StickyTouch(fixed: Point(200, 150), restRadius: 30, dragged: Point(210, 210), draggedRadius: 30, breakRadius: 9))
        let released = session("sticky 200 150 30 230 150 30 release")
        #expect(released.sticky?.dragged == Point(200, 150))
        // The break radius by default: half the rest radius.
        #expect(released.sticky?.breakRadius == 15)
        let cleared = session("sticky 200 150 30 230 150 30\nclear")
        #expect(cleared.sticky == nil)
        let w = session("let s = 6\nwander s * 2 seed 3")
        #expect(w.wanderSeconds == 12)
        let q = session("move 0 0\ncurve 0 100 100 100 100 0\nlet tt = 0.4\ncasteljau 1 tt\nlength")
        #expect(q.lastTQuery?.command == "casteljau" && q.lastTQuery?.numbers == [1, 0.4])
        let fields = WorkbenchScene.sessionFields(q).map(\.name)
        #expect(fields == ["tQuery"])
        #expect(WorkbenchScene.sessionFields(i).map(\.name) == ["sticky"])
    }
}
