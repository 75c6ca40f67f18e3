import ShapeGeometry
import ShapeOutput
import Testing

@testable import ShapeLanguage

/// `centroid`: the centre of the enclosed area (`Path.centroid`), its function form, its error,
/// and its figure, which follows its path.
@Suite struct CentroidTests {
    func session(_ text: String) throws -> (Interpreter, [Report]) {
        let i = Interpreter()
        var reports: [Report] = []
        let error = run(i, text, reports: &reports)
        try #require(error == nil, "\(error?.message.text ?? "")")
        return (i, reports)
    }

    /// An L of two rectangles: the centroid is their centres weighted by their areas (20×60 at
    /// (10, 30) and 40×20 at (40, 50): area 1,200 and 800).
    @Test func anLShape() throws {
        let (i, reports) = try session("move 0 0\nline 20 0\nline 20 40\nline 60 40\nline 60 60\nline 0 60\nclose\ncentroid")
        let expected = Point((1200 * 10 + 800 * 40) / 2000, (1200 * 30 + 800 * 50) / 2000)
        let text = TextPrinter().format(reports.last!) ?? ""
        #expect(text == "centroid:\n  x: \(NumberFormat.text(expected.x, precision: 4))\n  y: \(NumberFormat.text(expected.y, precision: 4))")
        #expect(run(i, "let c = centroid()") == nil)
        #expect(i.globals["c"] == .point(expected))
        // Its figure: the point, labelled.
        #expect(i.shownFigure(.figure)?.marks == [.point(expected, .mark, label: "centroid")])
    }

    /// A figure of a region that moves follows it: after `translate`, the figure is at the moved
    /// centre, made again from its query.
    @Test func itsFigureFollows() throws {
        let (i, _) = try session("rect 0 0 100 50\ncentroid\ntranslate 10 20")
        #expect(i.shownFigure(.figure)?.marks == [.point(Point(60, 45), .mark, label: "centroid")])
    }

    /// No area, no centroid: a located error, and nothing changes.
    @Test func aLineHasNone() throws {
        let (i, _) = try session("move 0 0\nline 10 10")
        let error = run(i, "centroid")
        #expect(error?.message == .noArea && error?.message.id == "noArea")
        #expect(run(Interpreter(), "centroid")?.message == .noPath("centroid"))
    }
}
