import Foundation
import ShapeGeometry
import ShapeOutput
import Testing

@testable import ShapeLanguage

/// `winding x y`, the query added as the proof that a command with wording of its own touches
/// only its group's file (docs/contributing.md). The expected winding numbers come from the
/// angle the path sweeps around the point, summed over a fine sampling of each element: a
/// method apart from the geometry's ray casting.
@Suite struct WindingTests {
    /// The winding number by the swept angle: the path's own points (each subpath closed by a
    /// line to its start, as filling closes it), 2,000 samples per element.
    func sweptWinding(_ path: Path, around p: Point) -> Int {
        var total = 0.0
        var previous: Point?, start: Point?
        func visit(_ q: Point) {
            if let a = previous {
                let u = a - p, v = q - p
                total += atan2(u.cross(v), u.dot(v))
            }
            previous = q
        }
        for e in path.elements {
            switch e {
            case .move(let q):
                if let s = start { visit(s) }
                (start, previous) = (q, q)
            case .segment(let s):
                for k in 1...2000 { visit(s.point(at: Double(k) / 2000)) }
            case .close(let l):
                visit(l.p1)
            }
        }
        if let s = start { visit(s) }
        return Int((total / (2 * Double.pi)).rounded())
    }

    func winding(_ text: String, _ x: Double, _ y: Double) -> (report: Report?, interpreter: Interpreter) {
        let i = Interpreter()
        var reports: [Report] = []
        let error = run(i, text + "\nwinding \(x) \(y)", reports: &reports)
        #expect(error == nil, "\(text)")
        return (reports.last, i)
    }

    @Test(arguments: [
        // Nested squares drawn the same way round: 2 inside both, 1 between them.
        ("rect 0 0 100 100\nrect 20 20 60 60", 50.0, 50.0),
        ("rect 0 0 100 100\nrect 20 20 60 60", 10.0, 10.0),
        // The inner square drawn the other way round: a hole for both rules.
        ("rect 0 0 100 100\nmove 20 20\nline 20 80\nline 80 80\nline 80 20\nclose", 50.0, 50.0),
        // A circle, an arc of a whole turn, counted once; and the point outside it.
        ("circle 0 0 10", 1.0, 2.0),
        ("circle 0 0 10", 30.0, 2.0),
        // Curves: a figure 8 of cubics, each loop the other way round.
        ("move 0 0\ncurve 60 -60 60 60 0 0\ncurve -60 -60 -60 60 0 0", 20.0, 1.0),
        ("move 0 0\ncurve 60 -60 60 60 0 0\ncurve -60 -60 -60 60 0 0", -20.0, 1.0),
        // An open subpath is closed by a line to its start.
        ("move 0 0\nline 10 0\nline 10 10", 7.0, 3.0),
    ])
    func agreesWithTheSweptAngle(_ text: String, _ x: Double, _ y: Double) throws {
        let (report, i) = winding(text, x, y)
        let expected = sweptWinding(i.path, around: Point(x, y))
        let value = try #require(report?.wording(.value).value)
        guard case .record(let r) = value else { Issue.record("not a record"); return }
        #expect(r["winding"] == .number(Double(expected)), "\(text) at (\(x), \(y)): \(value) against \(expected)")
        #expect(r["nonzero"] == .number(expected != 0 ? 1 : 0))
        #expect(r["evenodd"] == .number(expected % 2 != 0 ? 1 : 0))
        #expect(r["outline"] == .number(0))
        // The figure's signed crossings add up to the number.
        let signs = (i.shownFigure(.figure)?.marks ?? []).compactMap { mark -> Int? in
            if case .point(_, _, let label?) = mark, let n = Int(label) { n } else { nil }
        }
        #expect(signs.reduce(0, +) == expected, "\(text): \(signs)")
    }

    @Test func itsWordsInTextAndJSON() throws {
        let (report, _) = winding("rect 0 0 100 100\nrect 20 20 60 60", 50, 50)
        let r = try #require(report)
        #expect(TextPrinter().format(r) == "winding: 2, inside by nonzero, outside by evenodd")
        #expect(
            JSONLinesPrinter().format(r)
                == #"{"cmd": "winding", "line": 3, "winding": 2, "nonzero": true, "evenodd": false, "outline": false}"#)
        // A point on the outline is inside by both rules, as `contains` says.
        let (edge, _) = winding("rect 0 0 100 100", 0, 50)
        #expect(TextPrinter().format(try #require(edge)) == "winding: 0, on the outline: inside by both rules")
        let (outside, _) = winding("rect 0 0 100 100", 150, 50)
        #expect(TextPrinter().format(try #require(outside)) == "winding: 0, outside by both rules")
        // A query: kept by --quiet.
        #expect(r.isRequested)
    }

    @Test func theFunctionFormGivesTheRecord() throws {
        let i = Interpreter()
        var reports: [Report] = []
        #expect(run(i, "rect 0 0 100 100\nrect 20 20 60 60\nlet w = winding(50, 50)\nprint w.winding w.evenodd", reports: &reports) == nil)
        #expect(reports.last.map { TextPrinter().format($0) } == "2 0")
    }

    /// The figure: the ray to the right and each crossing with its sign, which add up to the
    /// winding number; a ray that only touches the path is marked as a touch.
    @Test func theFigureMarksTheCrossings() throws {
        func labels(_ i: Interpreter) -> [String] {
            (i.shownFigure(.figure)?.marks ?? []).compactMap { if case .point(_, _, let label?) = $0 { label } else { nil } }
        }
        let (_, nested) = winding("rect 0 0 100 100\nmove 20 20\nline 20 80\nline 80 80\nline 80 20\nclose", 50, 50)
        #expect(labels(nested) == ["winding 0", "-1", "+1"])
        #expect(nested.shownFigure(.figure)?.marks.contains { if case .arrow = $0 { true } else { false } } == true)
        let (_, touched) = winding("circle 0 0 10", -20, -10)
        #expect(labels(touched) == ["winding 0", "touch"])
        // The ray through the circle's start, where the square's subpath ends at the same arc
        // length: the circle's crossing goes down the screen.
        let (_, atAStart) = winding("rect 0 0 100 100\ncircle 50 50 20", 50, 50)
        #expect(labels(atAStart) == ["winding 2", "+1", "+1"])
        // Through a corner where the path turns back (a graze), and through one where it goes on.
        let (_, corner) = winding("move 0 0\nline 10 10\nline 0 20\nline 20 20\nline 20 0\nclose", 5, 10)
        #expect(labels(corner) == ["winding 0", "+1", "-1"])
        let (_, graze) = winding("move 10 0\nline 20 10\nline 10 20\nline 0 10\nclose", -5, 0)
        #expect(labels(graze) == ["winding 0", "touch"])
    }

    @Test func wrongInputIsALocatedError() {
        var reports: [Report] = []
        #expect(run(Interpreter(), "winding 1 2", reports: &reports)?.message.id == "noPath")
        #expect(run(Interpreter(), "rect 0 0 1 1\nwinding 1", reports: &reports)?.message.id == "wrongArgumentCount")
    }
}
