import ShapeGeometry
import ShapeOutput
import Testing

@testable import ShapeLanguage

/// A run that drops the reports nobody asked for (`--quiet`) leaves the lengths its top-level
/// drawing commands add to be measured later (`Path.measuresLater`): what it prints and every
/// error it gives are those of a run that measures them as it draws.
@Suite struct QuietRunTests {
    /// The run's requested reports (at every digit) and its error, with the reports nobody
    /// asked for dropped by the sink or not made.
    static func run(_ text: String, quiet: Bool, _ interpreter: Interpreter = Interpreter()) -> [String] {
        var out: [String] = []
        let printer = TextPrinter(precision: 17)
        let sink = RunSink(report: { r in if r.isRequested { out.append(printer.format(r) ?? "") } }, unrequested: !quiet)
        if let stop = interpreter.run(Source(name: "t", text: text), into: sink) {
            out.append(DiagnosticRenderer.render(stop.diagnostic))
        }
        return out
    }

    @Test func aQuietRunPrintsWhatAMeasuringRunPrints() {
        let script = """
            move 0 0
            quad 30 40 60 0
            curve 70 10 80 -30 90 5
            arc 90 40 35 -1.5 2
            close
            circle 10 10 4
            through 20 30 40 10
            catmull 0 0 10 10 20 0 30 10
            repeat 3 { line pen.x + 1 pen.y }
            length
            clear
            move 5 5
            curve 6 7 8 9 10 5
            roundrect 0 0 10 10 2
            let n = 3
            length
            at 7.5
            undo
            length
            line 1e200 0
            """
        let quiet = Self.run(script, quiet: true), loud = Self.run(script, quiet: false)
        #expect(quiet == loud)
        #expect(quiet.count == 5 && quiet.last?.contains("1e+200") == true, "\(quiet)")
    }

    /// A glyph's work as a font build does it: drawn, its overlaps removed, its area and a few
    /// points asked; and the booleans with a path value, and the length asked at the end.
    @Test func outlinesLeaveTheirLengthsForLaterAndPrintTheSame() {
        let script = """
            move 0 0
            line 100 0
            quad 120 50 100 100
            line 0 100
            close
            move 50 -20
            curve 80 -20 80 120 50 120
            line 40 120
            curve 10 120 10 -20 40 -20
            close
            simplify
            area
            contains 60 50
            contains 150 50
            let b = path()
            clear
            circle 80 50 40
            union b
            area
            intersect b evenodd
            area
            xor b
            area
            subtract b
            area
            length
            """
        let quiet = Self.run(script, quiet: true), loud = Self.run(script, quiet: false)
        #expect(quiet == loud)
        #expect(quiet.count == 8 && quiet.last?.hasPrefix("length: ") == true, "\(quiet)")
        // Under --quiet nothing in it measured a curve until `length` asked.
        let i = Interpreter()
        _ = Self.run("move 0 0\nquad 50 80 100 0\nline 0 0\nsimplify\narea\ncontains 50 20", quiet: true, i)
        #expect(!i.path.isMeasured && i.path.measuresLater)
        _ = Self.run("length", quiet: true, i)
        #expect(i.path.isMeasured)
    }

    @Test func errorsAreTheSameWithLengthsLeftForLater() {
        for bad in ["line 1e151 0", "quad 1e-160 0 1e-160 1e-160", "curve 1e300 0 0 0 1 1", "line 1e308 0\nline -1e308 0", "arc 0 0 1e149 0 6"] {
            let script = "move 0 0\nquad 1 2 3 4\n" + bad + "\nlength"
            #expect(Self.run(script, quiet: true) == Self.run(script, quiet: false), "\(bad)")
        }
    }

    @Test func aQuietRunLeavesTheLengthsOfItsDrawingUnmeasured() {
        let i = Interpreter()
        _ = Self.run("move 0 0\nquad 1 2 3 4\nline 5 5", quiet: true, i)
        #expect(!i.path.isMeasured)
        #expect(i.path.length == Path.quadLength(Point(0, 0), Point(1, 2), Point(3, 4)) + Point(3, 4).distance(to: Point(5, 5)))
        // A statement that is not a drawing command has them measured.
        _ = Self.run("let a = 1", quiet: true, i)
        #expect(i.path.isMeasured)
        let j = Interpreter()
        _ = Self.run("move 0 0\nquad 1 2 3 4", quiet: false, j)
        #expect(j.path.isMeasured)
    }
}

extension Path {
    fileprivate static func quadLength(_ a: Point, _ b: Point, _ c: Point) -> Double { QuadraticBezier(a, b, c).arcLength() }
}
