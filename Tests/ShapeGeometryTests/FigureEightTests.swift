import Testing
@testable import ShapeGeometry

/// Seed 000's figure 8 at 320×480, with the numbers the geometry issue lists.
@Suite struct FigureEightTests {
    @Test func totalLengthIsTheClosedForm() throws {
        let path = try figureEight()
        expectClose(path.length, 320 + 240 * Double.pi, tolerance: 1e-12 * 1074)
        #expect(path.elements.count == 5)  // move, arc, line, arc, close
    }

    @Test func unitDashGives1074TrackPoints() throws {
        let points = try TrackPoints.compute(try figureEight())
        #expect(points.count == 1074)
        expectClose(points[0], Point(216.5685424949238, 183.4314575050762), tolerance: 1e-12)
        // Point k lies at arc length k: the 100th is on the first arc, 100/80 rad from π/4
        // counter-clockwise.
        let radius = 80.0, top = Point(160, 240 - 2 * radius * 0.5.squareRoot())
        let a = Double.pi / 4 - 100 / radius
        expectClose(points[100], Point(top.x + radius * cosine(a), top.y + radius * sine(a)), tolerance: 1e-9)
    }

    @Test func tightBounds() throws {
        let b = try #require(try figureEight().bounds)
        expectClose(b.minX, 80, tolerance: 1e-12)
        expectClose(b.maxX, 240, tolerance: 1e-12)
        expectClose(b.minY, 46.86291501015239, tolerance: 1e-12)
        expectClose(b.maxY, 433.1370849898476, tolerance: 1e-12)
    }
}
