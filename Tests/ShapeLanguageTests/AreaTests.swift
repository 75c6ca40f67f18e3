import ShapeGeometry
import ShapeOutput
import Testing

@testable import ShapeLanguage

/// `area` against closed forms and exact rationals. The cubic's and the parabola's values are
/// exact rational numbers, found apart from the implementation by expanding x(t) and y(t) in
/// Python's `fractions` and integrating ½(x y′ − y x′) over [0, 1] term by term, plus the chords.
@Suite struct AreaTests {
    func area(_ text: String) -> Double? {
        var reports: [Report] = []
        guard run(Interpreter(), text + "\narea", reports: &reports) == nil, case .answer(.number(let a))? = reports.last?.kind else { return nil }
        return a
    }

    func expectArea(_ text: String, _ expected: Double, relative: Double = 1e-13, sourceLocation: SourceLocation = #_sourceLocation) {
        let a = area(text)
        #expect(
            a.map { abs($0 - expected) <= relative * Swift.max(1, abs(expected)) } == true, "\(text): \(String(describing: a)) against \(expected)",
            sourceLocation: sourceLocation)
    }

    @Test func closedForms() {
        expectArea("rect 10 20 30 40", 1200)
        expectArea("circle 5 -7 10", Double.pi * 100)
        // The oval inscribed in its 30 by 20 box: π·15·10.
        expectArea("oval 0 0 30 20", Double.pi * 150)
        // A rounded rectangle: the rectangle less four corners of (4 − π)·r².
        expectArea("roundrect 0 0 100 60 10", 6000 - (4 - Double.pi) * 100)
        // A half disc, its diameter the closing line: πr²/2.
        expectArea("move 10 0\narc 0 0 10 0 180deg\nclose", Double.pi * 50)
        // Counter-clockwise on screen (y down) counts negative.
        expectArea("move 0 0\nline 0 10\nline 10 10\nline 10 0\nclose", -100)
        // An open subpath is closed by a line to its start: a right triangle.
        expectArea("move 0 0\nline 10 0\nline 10 10", 50)
        // Two subpaths add.
        expectArea("rect 0 0 10 10\nrect 20 0 10 10", 200)
        // Nothing drawn: nothing enclosed.
        expectArea("move 3 4", 0)
    }

    @Test func curvesExactly() {
        // Archimedes: the parabolic segment is ⅔ of its triangle's box (here −10000/3: the curve
        // runs counter-clockwise on screen with its chord).
        expectArea("move 0 0\nquad 50 100 100 0", -10_000.0 / 3)
        // (0,0) (10,40) (60,−20) (80,30), then lines by (40, 60) back to the start: exactly 1995.
        expectArea("move 0 0\ncurve 10 40 60 -20 80 30\nline 40 60\nclose", 1995)
        // An elliptical arc after a scale is still exact: the circle's π·100 scaled by 2 and 3.
        expectArea("circle 0 0 10\nscale 2 3", Double.pi * 600)
    }

    /// Far from the origin the area is taken about the bounds' centre: moved by a million, the
    /// cubic's area changes only by the rounding of the moved coordinates (their ulp is 1.2e-10).
    @Test func farFromTheOrigin() {
        expectArea("move 0 0\ncurve 10 40 60 -20 80 30\nline 40 60\nclose\ntranslate 1000000 1000000", 1995, relative: 1e-12)
        expectArea("circle 1000000 -1000000 1", Double.pi)
    }

    /// The query as a value, and as the printers word it (a generic answer: no kind of its own).
    @Test func asAValueAndAsText() {
        var reports: [Report] = []
        #expect(run(Interpreter(), "rect 0 0 10 10\nlet a = area()\nprint a * 2", reports: &reports) == nil)
        #expect(reports.last.flatMap { TextPrinter(precision: 4).format($0) } == "200")
        reports = []
        #expect(run(Interpreter(), "circle 0 0 1\narea", reports: &reports) == nil)
        #expect(reports.last.flatMap { TextPrinter(precision: 4).format($0) } == "area: 3.1416")
        #expect(reports.last.flatMap { JSONLinesPrinter().format($0) }?.contains("\"value\": 3.141592653589793") == true)
    }
}
