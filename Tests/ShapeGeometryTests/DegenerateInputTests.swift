import Testing
@testable import ShapeGeometry

/// Empty paths, zero-length segments, zero radii: every query answers, and nothing is NaN.
@Suite struct DegenerateInputTests {
    @Test func emptyPathAnswersEveryQuery() throws {
        let path = Path()
        #expect(path.length == 0)
        #expect(path.bounds == nil && path.controlBounds == nil)
        #expect(path.location(atLength: 3) == nil)
        #expect(path.nearest(to: Point(1, 1)) == nil)
        #expect(!path.contains(Point(0, 0)))
        #expect(try TrackPoints.compute(path).isEmpty)
    }

    @Test func zeroLengthSegmentsAndZeroRadii() throws {
        var path = Path()
        try path.move(to: Point(5, 5))
        try path.line(to: Point(5, 5))
        try path.curve(control1: Point(5, 5), control2: Point(5, 5), to: Point(5, 5))
        try path.arc(center: Point(5, 5), radius: 0, startAngle: 0, endAngle: 3)
        try path.quad(control: Point(5, 5), to: Point(5, 5))
        #expect(path.length == 0)
        let (loc, angle) = try #require(path.location(atLength: 0))
        #expect(loc.point == Point(5, 5) && angle == 0)
        let (near, d) = try #require(path.nearest(to: Point(8, 9)))
        #expect(near.point == Point(5, 5) && d == 5 && near.position == 0)
        #expect(try #require(path.bounds) == Rect(point: Point(5, 5)))
        #expect(try TrackPoints.compute(path).isEmpty)  // a dash starting at the end is not drawn
        #expect(path.contains(Point(5, 5)))  // on its (point-sized) outline
        #expect(!path.contains(Point(5, 5.001)))
        // A path of only moves: bounds hold the lone points, nearest reports the nearest one.
        var moves = Path()
        try moves.move(to: Point(0, 0))
        try moves.move(to: Point(10, 0))
        #expect(moves.bounds == Rect(minX: 0, minY: 0, maxX: 10, maxY: 0))
        #expect(try #require(moves.nearest(to: Point(9, 0))).location.point == Point(10, 0))
    }

    @Test func zeroLengthSegmentsInsideAPathDoNotDisturbQueries() throws {
        var path = Path()
        try path.move(to: Point(0, 0))
        try path.line(to: Point(10, 0))
        try path.line(to: Point(10, 0))  // zero length
        try path.curve(control1: Point(10, 0), control2: Point(20, 0), to: Point(20, 0))  // coincident controls
        expectClose(path.length, 20, tolerance: 1e-12 * 20)
        let (loc, angle) = try #require(path.location(atLength: 15))
        expectClose(loc.point, Point(15, 0), tolerance: 1e-9)
        #expect(angle == 0)
        let (near, d) = try #require(path.nearest(to: Point(10, 3)))
        #expect(d == 3 && near.position == 10)
        for s in stride(from: 0.0, through: 20, by: 0.5) {
            let (l, a) = try #require(path.location(atLength: s))
            #expect(l.point.isFinite && a.isFinite)
        }
    }
}
