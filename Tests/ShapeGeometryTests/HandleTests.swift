import Testing
@testable import ShapeGeometry

@Suite struct HandleTests {
    @Test func indicesWrapBothWays() {
        #expect(Handle.wrap(-1, count: 10) == 9)
        #expect(Handle.wrap(-21, count: 10) == 9)
        #expect(Handle.wrap(25, count: 10) == 5)
        #expect(Handle.wrap(3, count: 0) == 0)
        var h = Handle()
        h.jump(to: -3, count: 1074)
        #expect(h.index == 1071)
    }

    /// The drag passes through the crossing of the 8 and comes out on the continuation of the
    /// path (the follow semantics), not on the other lobe's nearest point.
    @Test func dragFollowsThroughTheCrossing() throws {
        let points = try TrackPoints.compute(try figureEight())
        var h = Handle()
        // Index 377 is just past the end of the first arc (120π ≈ 376.99), on the line down
        // through the crossing at arc length 120π + 80 ≈ 457.
        h.jump(to: 420, count: points.count)
        // Aim a little past the crossing along the line's direction (1, 1)/√2.
        let target = Point(160 + 20, 240 + 20)
        h.follow(toward: target, in: points)
        // The handle stays on the line: about 28 units past the crossing, index ≈ 457 + 28.
        #expect(h.index > 470 && h.index < 500)
        let p = try #require(h.point(in: points))
        #expect(abs((p.x - 160) - (p.y - 240)) < 1e-6)  // on the line y − 240 = x − 160
        #expect(h.target == target)
    }

    @Test func stayingPutWhenNoNeighbourIsNearer() throws {
        let points = (0..<10).map { Point(Double($0), 0) }
        var h = Handle()
        h.jump(to: 4, count: 10)
        h.follow(toward: Point(4, 50), in: points)
        #expect(h.index == 4)
        h.follow(toward: Point(7.2, 1), in: points)
        #expect(h.index == 7)
    }

    @Test func dragByAccumulatesTheTarget() throws {
        let points = (0..<100).map { Point(Double($0), 0) }
        var h = Handle()
        h.jump(to: 10, count: 100)
        h.follow(by: Vector(5, 30), in: points)  // target (15, 30): the handle goes to 15
        #expect(h.index == 15)
        h.follow(by: Vector(5, 0), in: points)  // target (20, 30)
        #expect(h.index == 20)
        #expect(h.target == Point(20, 30))
        h.jump(to: 50, count: 100)  // a jump forgets the target
        h.follow(by: Vector(-3, 0), in: points)
        #expect(h.index == 47)
    }

    @Test func wrapPastIndexZeroOnAClosedPath() throws {
        let points = try TrackPoints.compute(try figureEight())
        var h = Handle()
        // The last points lie on the closing line, just before the start: dragging back from
        // index 3 toward point 1070 walks backwards through 0 and wraps.
        h.jump(to: 3, count: points.count)
        h.follow(toward: points[1070], in: points)
        #expect(h.index == 1070)
    }

    @Test func snapJumpsToTheNearestPoint() throws {
        let points = try TrackPoints.compute(try figureEight())
        var h = Handle()
        h.snap(to: Point(80, 126.86), in: points)  // leftmost point of the top lobe
        let p = try #require(h.point(in: points))
        #expect(p.distance(to: Point(80, 126.86)) < 0.6)
        #expect(h.target == nil)
        var empty = Handle()
        empty.snap(to: .zero, in: [])
        empty.follow(toward: .zero, in: [])
        #expect(empty.index == 0)
    }
}
