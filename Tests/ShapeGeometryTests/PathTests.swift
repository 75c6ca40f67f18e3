import Testing
@testable import ShapeGeometry
#if canImport(Glibc)
import Glibc
#endif

@Suite struct PathTests {
    @Test func eachElementsLengthIsItsOwnOnALongPath() throws {
        // 10,000 random cubics: the totals reach about 8.6e6, where a difference of two running
        // totals would lose about 3e-12 of a 500-unit element. Each element's length must be the
        // curve measured alone, to the bit, and a run of elements the compensated sum of those.
        var rng = SeededRandom(seed: 2024)
        var path = Path()
        try path.move(to: rng.point(0, 1000))
        var alone: [Double] = [0]
        for _ in 0..<10_000 {
            let c = CubicBezier(path.currentPoint!, rng.point(0, 1000), rng.point(0, 1000), rng.point(0, 1000))
            try path.curve(control1: c.p1, control2: c.p2, to: c.p3)
            alone.append(c.arcLength(accuracy: path.accuracy))
        }
        for i in 0..<alone.count { #expect(path.length(ofElement: i) == alone[i], "element \(i)") }
        var sum = CompensatedSum()
        for x in alone[9_990...] { sum.add(x) }
        #expect(path.length(ofElements: 9_990..<10_001) == sum.value)
    }

    @Test func drawingWithoutACurrentPointIsAnError() {
        var path = Path()
        #expect(throws: GeometryError.noCurrentPoint) { try path.line(to: Point(1, 1)) }
        #expect(throws: GeometryError.noCurrentPoint) { try path.quad(control: Point(1, 1), to: Point(2, 2)) }
        #expect(throws: GeometryError.noCurrentPoint) {
            try path.curve(control1: Point(1, 1), control2: Point(2, 2), to: Point(3, 3))
        }
        #expect(path.isEmpty)
    }

    @Test func nonFiniteArgumentsAreRefusedAndChangeNothing() throws {
        var path = Path()
        try path.move(to: Point(0, 0))
        try path.line(to: Point(3, 4))
        #expect(throws: GeometryError.nonFinite(argument: "point")) { try path.line(to: Point(.nan, 1)) }
        #expect(throws: GeometryError.nonFinite(argument: "radius")) {
            try path.arc(center: .zero, radius: .infinity, startAngle: 0, endAngle: 1)
        }
        #expect(throws: GeometryError.negativeRadius) { try path.arc(center: .zero, radius: -1, startAngle: 0, endAngle: 1) }
        #expect(throws: GeometryError.nonFinite(argument: "height")) { try path.addRect(x: 0, y: 0, width: 1, height: .nan) }
        #expect(path.elements.count == 2)
        #expect(path.length == 5)
    }

    @Test func closeCountsInTheLengthAndTheNextCommandStartsAtTheSubpathStart() throws {
        var path = Path()
        try path.move(to: Point(0, 0))
        try path.line(to: Point(3, 0))
        try path.line(to: Point(3, 4))
        path.close()
        #expect(path.length == 12)
        #expect(path.currentPoint == Point(0, 0))
        try path.line(to: Point(0, -1))
        // An implicit move at the closed subpath's start, then the line.
        #expect(path.elements.count == 6)
        #expect(path.elements[4] == .move(Point(0, 0)))
        #expect(path.subpathStarts == [0, 4])
        #expect(path.length == 13)
    }

    @Test func closeWithNothingToCloseDoesNothing() throws {
        var path = Path()
        path.close()
        #expect(path.isEmpty)
        try path.move(to: Point(1, 1))
        path.close()
        #expect(path.elements.count == 1)
        try path.line(to: Point(2, 1))
        path.close()
        path.close()
        #expect(path.elements.count == 3)
    }

    @Test func arcJoinsTheCurrentPointWithALine() throws {
        var path = Path()
        try path.move(to: Point(0, 0))
        try path.arc(center: Point(10, 0), radius: 5, startAngle: .pi, endAngle: 0, clockwise: true)
        // move, line (0,0)→(5,0), arc over the top (y down: angles π→2π pass through y = −5).
        #expect(path.elements.count == 3)
        expectClose(path.length, 5 + 5 * .pi, tolerance: 1e-13)
        let b = try #require(path.bounds)
        expectClose(b.minY, -5, tolerance: 1e-14)
        expectClose(b.maxY, 0, tolerance: 1e-14)
        // Without a current point the arc starts the subpath itself.
        var other = Path()
        try other.arc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi)
        #expect(other.elements.count == 2)
        // A zero radius draws a point.
        try other.arc(center: Point(9, 9), radius: 0, startAngle: 0, endAngle: 1)
        expectClose(other.length, .pi + Point(-1, 0).distance(to: Point(9, 9)), tolerance: 1e-13)
    }

    @Test func truncateRestoresLengthBoundsAndSubpaths() throws {
        var path = Path()
        try path.move(to: Point(0, 0))
        try path.line(to: Point(10, 0))
        let lengthBefore = path.length, boundsBefore = path.bounds, count = path.elements.count
        try path.addCircle(center: Point(100, 100), radius: 50)
        try path.curve(control1: Point(0, 500), control2: Point(600, 0), to: Point(7, 7))
        path.truncate(to: count)
        #expect(path.length == lengthBefore)
        #expect(path.bounds == boundsBefore)
        #expect(path.subpathStarts == [0])
        #expect(path.currentPoint == Point(10, 0))
    }

    /// `truncate` to every count of a path of lines, curves, arcs, moves and closes gives the
    /// bounds (and length) of the same elements appended afresh: the bounds kept only at every
    /// `boundsStep`-th element are found again from the elements after the last kept step.
    @Test func truncateToAnyCountGivesTheBoundsOfThoseElementsAppended() throws {
        var random = SeededRandom(seed: 17)
        func coordinate() -> Double { Double(random.next() % 2_000) / 7 - 140 }
        func point() -> Point { Point(coordinate(), coordinate()) }
        var path = Path()
        try path.move(to: point())
        for k in 0..<150 {
            switch random.next() % 7 {
            case 0: try path.move(to: point())
            case 1: path.close()
            case 2: try path.quad(control: point(), to: point())
            case 3: try path.curve(control1: point(), control2: point(), to: point())
            case 4: try path.arc(center: point(), radius: Double(k % 9 + 1), startAngle: 0.3, endAngle: Double(k % 5) - 2)
            default: try path.line(to: point())
            }
        }
        let elements = path.elements
        #expect(elements.count > 3 * Path.boundsStep)
        for n in stride(from: elements.count, through: 0, by: -1) {
            var cut = path
            cut.truncate(to: n)
            var fresh = Path()
            for e in elements[..<n] { fresh.append(e) }
            #expect(cut.bounds == fresh.bounds, "\(n)")
            #expect(cut.length == fresh.length, "\(n)")
            #expect(cut.elements.count == n)
        }
        // Cut back in steps, appending again between them.
        var grown = path
        grown.truncate(to: 40)
        for e in elements[40..<70] { grown.append(e) }
        grown.truncate(to: 33)
        var fresh = Path()
        for e in elements[..<33] { fresh.append(e) }
        #expect(grown.bounds == fresh.bounds)
    }

    @Test func shapesAreClosedSubpathsOfTheRightLength() throws {
        var path = Path()
        try path.addRect(x: 10, y: 20, width: -4, height: 3)  // standardised to x 6...10
        #expect(path.elements.first == .move(Point(6, 20)))
        #expect(path.elements.count == 5)
        #expect(path.length == 14)
        var oval = Path()
        try oval.addOval(x: 0, y: 0, width: 200, height: 100)
        expectClose(oval.length, ellipsePerimeter(100, 50), tolerance: 1e-12 * 500)
        #expect(oval.elements.first == .move(Point(200, 50)))  // rightmost point
        var circle = Path()
        try circle.addCircle(center: Point(5, 5), radius: 2)
        #expect(circle.length == 4 * .pi)
        var round = Path()
        try round.addRoundedRect(x: 0, y: 0, width: 100, height: 60, cornerRadius: 10)
        expectClose(round.length, 2 * 80 + 2 * 40 + 2 * .pi * 10, tolerance: 1e-12)
        #expect(round.elements.first == .move(Point(10, 0)))
        let b = try #require(round.bounds)
        #expect(b == Rect(minX: 0, minY: 0, maxX: 100, maxY: 60))
        // A radius larger than half the short side is clamped: a stadium.
        var stadium = Path()
        try stadium.addRoundedRect(x: 0, y: 0, width: 100, height: 20, cornerRadius: 50)
        expectClose(stadium.length, 2 * 80 + 2 * .pi * 10, tolerance: 1e-12)
    }

    @Test func locationAtLength() throws {
        var path = Path()
        try path.move(to: Point(0, 0))
        try path.line(to: Point(10, 0))
        try path.line(to: Point(10, 10))
        try path.move(to: Point(50, 50))
        try path.line(to: Point(50, 60))
        var (loc, angle) = try #require(path.location(atLength: 5))
        #expect(loc.point == Point(5, 0)); #expect(angle == 0)
        // A boundary between two elements: the earlier one's end, with its direction.
        (loc, angle) = try #require(path.location(atLength: 10))
        #expect(loc.element == 1 && loc.point == Point(10, 0) && angle == 0)
        // A boundary between two subpaths: the first subpath's end.
        (loc, angle) = try #require(path.location(atLength: 20))
        #expect(loc.point == Point(10, 10)); expectClose(angle, .pi / 2, tolerance: 1e-15)
        (loc, _) = try #require(path.location(atLength: 25))
        #expect(loc.point == Point(50, 55))
        (loc, angle) = try #require(path.location(atLength: 0))
        #expect(loc.point == Point(0, 0) && angle == 0)
        #expect(Path().location(atLength: 0) == nil)
    }

    @Test func locationOnACircleFollowsTheClosedForm() throws {
        let path = try figureEight()
        let radius = 80.0, top = Point(160, 240 - 2 * radius * 0.5.squareRoot())
        for s in [0.0, 1, 17.5, 300, 376.99] {
            let (loc, angle) = try #require(path.location(atLength: s))
            let a = Double.pi / 4 - s / radius  // counter-clockwise on screen
            expectClose(loc.point, Point(top.x + radius * cos(a), top.y + radius * sin(a)), tolerance: 1e-9)
            // Travelling counter-clockwise: the direction is the radius turned by −90°.
            expectClose(cos(angle), sin(a), tolerance: 1e-12)
            expectClose(sin(angle), -cos(a), tolerance: 1e-12)
        }
    }

    @Test func nearestReportsTheSmallestArcLengthAtTheCrossing() throws {
        let path = try figureEight()
        let (loc, distance) = try #require(path.nearest(to: Point(160, 240)))
        expectClose(distance, 0, tolerance: 1e-12)
        // The crossing is passed first half-way along the first line (after 120π of arc).
        expectClose(loc.position, 120 * .pi + 80, tolerance: 1e-9)
        // At a closed subpath's start, position 0 wins over the end of the close.
        let (start, _) = try #require(path.nearest(to: Point(216.5685424949238 + 1, 183.4314575050762 + 1)))
        expectClose(start.position, 0, tolerance: 1e-9)
    }

    @Test func nearestAgreesWithDenseSamplingOnRandomPaths() throws {
        var rng = SeededRandom(seed: 31)
        var path = Path()
        try path.move(to: rng.point(0, 100))
        for i in 0..<12 {
            switch i % 4 {
            case 0: try path.line(to: rng.point(0, 100))
            case 1: try path.quad(control: rng.point(0, 100), to: rng.point(0, 100))
            case 2: try path.curve(control1: rng.point(0, 100), control2: rng.point(0, 100), to: rng.point(0, 100))
            default:
                try path.arc(
                    center: rng.point(20, 80), radius: rng.uniform(1, 30), startAngle: rng.uniform(-4, 4),
                    endAngle: rng.uniform(-4, 4), clockwise: i % 8 == 3)
            }
        }
        let total = path.length
        for _ in 0..<40 {
            let q = rng.point(-20, 120)
            let (loc, d) = try #require(path.nearest(to: q))
            expectClose(loc.point.distance(to: q), d, tolerance: 1e-12)
            // The reported position leads back to the reported point.
            let (again, _) = try #require(path.location(atLength: loc.position))
            expectClose(again.point, loc.point, tolerance: 1e-9)
            for i in 0...3000 {
                let (sample, _) = try #require(path.location(atLength: total * Double(i) / 3000))
                #expect(sample.point.distance(to: q) >= d - 1e-9)
            }
        }
    }

    @Test func transformsMapEveryElementExactly() throws {
        var path = try figureEight()
        try path.quad(control: Point(0, 0), to: Point(50, 50))
        let m = AffineTransform.rotation(1.1, about: Point(160, 240)).concatenating(.translation(-7, 3))
        let moved = try path.transformed(by: m)
        expectClose(moved.length, path.length, tolerance: 1e-12 * path.length)
        for s in stride(from: 0.0, to: path.length, by: 97.3) {
            let a = try #require(path.location(atLength: s)).location.point
            let b = try #require(moved.location(atLength: s)).location.point
            expectClose(b, m.apply(a), tolerance: 1e-9)
        }
        let stretched = try path.transformed(by: .scale(2, 1))
        #expect(stretched.length > path.length)
        #expect(throws: GeometryError.nonFiniteResult) { try path.transformed(by: .scale(1e308, 1e308)) }
        #expect(throws: GeometryError.invalidTransform) { try path.transformed(by: .scale(.nan, 1)) }
    }

    @Test func lengthsAreSummedWithCompensation() throws {
        // A million tiny lines after a long one: plain summation would drift by ~1e-10.
        var path = Path()
        try path.move(to: Point(0, 0))
        try path.line(to: Point(1e6, 0))
        for i in 1...100_000 { try path.line(to: Point(1e6 + Double(i) * 0.1, 0)) }
        expectClose(path.length, 1e6 + 10_000, tolerance: 1e-9)
    }
}
