import Testing
@testable import ShapeGeometry

@Suite struct TrackPointTests {
    func line(_ length: Double) throws -> Path {
        var p = Path()
        try p.move(to: Point(0, 0))
        try p.line(to: Point(length, 0))
        return p
    }

    @Test func anOpenTenUnitLineGivesZeroToNine() throws {
        let points = try TrackPoints.compute(try line(10))
        #expect(points.map(\.x) == (0...9).map(Double.init))
    }

    @Test func patternsPhasesAndOddCounts() throws {
        // dash 5 is dash 5 5: dashes [0,5] and [10,15] on a 20-unit line.
        #expect(try DashPattern([5]).lengths == [5, 5])
        #expect(try TrackPoints.compute(try line(20), pattern: DashPattern([5])).map(\.x) == [0, 5, 10, 15])
        // A dash cut at the end of the line: [0,3], [4,7], [8,10].
        #expect(try TrackPoints.compute(try line(10), pattern: DashPattern([3, 1])).map(\.x) == [0, 3, 4, 7, 8, 10])
        // Phase 2 into [3, 1]: starts inside the first dash, which is cut at 0: [0,1], [2,5], [6,9].
        #expect(try TrackPoints.compute(try line(9.5), pattern: DashPattern([3, 1], phase: 2)).map(\.x) == [0, 1, 2, 5, 6, 9])
        // Phase inside a gap: the first dash starts later.
        #expect(try TrackPoints.compute(try line(6), pattern: DashPattern([3, 1], phase: 3.5)).map(\.x) == [0.5, 3.5, 4.5, 6])
        // Zero-length gaps collapse onto the dash ends (the 0.1 filter drops duplicates).
        #expect(try TrackPoints.compute(try line(4), pattern: DashPattern([1, 0])).map(\.x) == [0, 1, 2, 3, 4])
        #expect(try DashPattern([]).lengths == [1, 1])
    }

    @Test func badPatternsAreErrors() throws {
        #expect(throws: GeometryError.emptyDashPattern) { try DashPattern([0, 0]) }
        #expect(throws: GeometryError.invalidDashLength) { try DashPattern([1, -1]) }
        #expect(throws: GeometryError.invalidDashLength) { try DashPattern([.infinity]) }
        #expect(throws: GeometryError.nonFinite(argument: "phase")) { try DashPattern([1], phase: .nan) }
        // Too many points is refused before any work is done.
        let long = try line(1e6)
        #expect(throws: GeometryError.tooManyPoints(limit: TrackPoints.defaultLimit)) {
            try TrackPoints.compute(long, pattern: DashPattern([1e-9, 1e-9]))
        }
        #expect(throws: GeometryError.tooManyPoints(limit: 10)) { try TrackPoints.compute(long, limit: 10) }
    }

    @Test func thinningDropsClosePointsAndTheLastNearTheFirst() throws {
        // A closed 4-unit square with dash 1 1: points at 0..3; the dash [2,3] covers a corner,
        // but only dash ends are points.
        var square = Path()
        try square.addRect(x: 0, y: 0, width: 1, height: 1)
        #expect(try TrackPoints.compute(square) == [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)])
        // A closed 4.05 loop: the dash [4, 4.05] ends 0 from the first point: dropped, and 4 is
        // within 0.1 of the start too, so it goes as well.
        var loop = Path()
        try loop.move(to: Point(0, 0)); try loop.line(to: Point(2.025, 0)); loop.close()
        let points = try TrackPoints.compute(loop)
        #expect(points.count == 4)
    }

    @Test func pointsRestartOnEverySubpath() throws {
        var path = try line(2.5)
        try path.move(to: Point(0, 10))
        try path.line(to: Point(3, 10))
        let points = try TrackPoints.compute(path)
        #expect(points == [Point(0, 0), Point(1, 0), Point(2, 0), Point(2.5, 0), Point(0, 10), Point(1, 10), Point(2, 10), Point(3, 10)])
    }

    /// Points along curves sit at the exact arc lengths: the length from the start to each point
    /// is an integer to 1e-9.
    @Test func pointsOnCurvesAreAtExactArcLengths() throws {
        var rng = SeededRandom(seed: 51)
        var path = Path()
        try path.move(to: rng.point(0, 300))
        for _ in 0..<5 { try path.curve(control1: rng.point(0, 300), control2: rng.point(0, 300), to: rng.point(0, 300)) }
        let points = try TrackPoints.compute(path)
        #expect(points.count == Int(path.length.rounded(.up)))
        for (k, p) in points.enumerated() where k % 37 == 0 {
            let expected = try #require(path.location(atLength: Double(k))).location.point
            expectClose(p, expected, tolerance: 1e-9)
        }
    }
}

@Suite struct MarchingInverseTests {
    /// The marching inverse agrees with the per-point solve: short steps (marched) and long ones
    /// (solved from the leaf's start), on random cubics and a near-cusp one.
    @Test func marchingAgreesWithTheDirectSolve() {
        var rng = SeededRandom(seed: 81)
        var curves = (0..<30).map { _ in Segment.cubic(CubicBezier(rng.point(0, 1000), rng.point(0, 1000), rng.point(0, 1000), rng.point(0, 1000))) }
        curves.append(.cubic(CubicBezier(Point(0, 0), Point(1, 1), Point(0, 1), Point(1, 1e-7))))
        curves.append(.arc(Arc(center: .zero, u: Vector(300, 0), v: Vector(0, 2), startAngle: 0.3, sweep: 5)))
        for curve in curves {
            let table = curve.arcLengthTable()
            let total = table.total
            for step in [0.37, 7.5, total / 3] {
                let lengths = Array(stride(from: 0.0, through: total, by: step))
                let marched = curve.parameters(atLengths: lengths, in: table)
                for (s, t) in zip(lengths, marched) {
                    let direct = curve.parameter(atLength: s, in: table)
                    expectClose(curve.point(at: t), curve.point(at: direct), tolerance: 1e-9)
                }
            }
        }
    }
}

extension Path {
    /// One random element within 0–100 (a line, quad, curve, arc, close, move or thin rect), for
    /// the track point tests' random paths: their kinds and sizes make the thinning and the
    /// last-versus-first rule matter.
    mutating func appendRandomElement(_ rng: inout SeededRandom) throws {
        switch rng.next() % 9 {
        case 0, 1: try line(to: rng.point(0, 100))
        case 2: try quad(control: rng.point(0, 100), to: rng.point(0, 100))
        case 3, 4: try curve(control1: rng.point(0, 100), control2: rng.point(0, 100), to: rng.point(0, 100))
        case 5:
            try arc(
                center: rng.point(20, 80), radius: 5 + Double(rng.next() % 30), startAngle: 0.3,
                endAngle: Double(rng.next() % 7), clockwise: rng.next() % 2 == 0)
        case 6: close()
        case 7: try move(to: rng.point(0, 100))
        default: try addRect(x: 10, y: 10, width: 3, height: 0.05 * Double(rng.next() % 3))
        }
    }
}

/// Dash patterns (their phase last) whose spacings make the thinning matter.
let trackTestPatterns: [[Double]] = [[1.0, 1.0, 0.0], [3, 0.05, 0.5, 7, 2.5], [0.3, 0], [40, 15, -12]]

@Suite struct TrackPointCacheTests {
    /// After every append, the kept-up-to-date points equal a whole computation, bit for bit: on
    /// random paths of lines, curves, arcs, closes, moves and rects, with patterns, phases and
    /// spacings that make the thinning and the last-versus-first rule matter.
    @Test(arguments: trackTestPatterns)
    func appendingGivesWhatAWholeComputationGives(_ patternAndPhase: [Double]) throws {
        let dash = try DashPattern(Array(patternAndPhase.dropLast()), phase: patternAndPhase.last!)
        var rng = SeededRandom(seed: 2026)
        var path = Path()
        var cache = TrackPointCache(pattern: dash)
        var work = 0
        try path.move(to: rng.point(0, 100))
        for step in 0..<100 {
            try path.appendRandomElement(&rng)
            // Sometimes several appends between updates.
            guard step % 3 != 1 else { continue }
            try cache.update(for: path)
            work += cache.lastWork
            let whole = try TrackPoints.compute(path, pattern: dash)
            #expect(cache.points == whole, "after \(path.elements.count) elements")
            if cache.points != whole { return }
        }
        // The updates did far less than computing everything again each time would.
        let everything = try TrackPoints.compute(path, pattern: dash).count
        #expect(work < 20 * everything + 10 * path.elements.count, "work \(work) for \(everything) points")

        // Undo: cutting the path back (and drawing on) leaves the points a whole computation of
        // the shorter path gives, bit for bit, having dashed only its new last element.
        try cache.update(for: path)
        for _ in 0..<25 {
            let n = Int(rng.next() % UInt64(path.elements.count + 1))
            path.truncate(to: n)
            cache.truncate(to: path)
            #expect(cache.points == (try TrackPoints.compute(path, pattern: dash)), "cut to \(n) elements")
            if n > 0 { #expect(cache.lastWork <= 2 * everything / Swift.max(1, path.elements.count) + 50) }
            if rng.next() % 2 == 0, path.currentPoint != nil {
                try path.curve(control1: rng.point(0, 100), control2: rng.point(0, 100), to: rng.point(0, 100))
                try cache.update(for: path)
                #expect(cache.points == (try TrackPoints.compute(path, pattern: dash)), "drawn on after the cut")
            }
        }
    }
}

@Suite struct TrackPointAtIndexTests {
    /// `point(at:)` is the whole computation's point at that index, bit for bit, for every index
    /// but the last (which the last-versus-first rule may take off: it answers nil when its walk
    /// reaches the end first), on random paths of every kind of element with patterns that make
    /// the thinning matter.
    @Test(arguments: trackTestPatterns)
    func itIsTheWholeComputationsPoint(_ patternAndPhase: [Double]) throws {
        let dash = try DashPattern(Array(patternAndPhase.dropLast()), phase: patternAndPhase.last!)
        var rng = SeededRandom(seed: 1202)
        for round in 0..<12 {
            var path = Path()
            try path.move(to: rng.point(0, 100))
            for _ in 0..<(5 + round * 4) {
                try path.appendRandomElement(&rng)
            }
            let whole = try TrackPoints.compute(path, pattern: dash)
            // The first ones, 30 anywhere, and the last ones and past them.
            let n = whole.count
            let indices = Set(
                Array(0..<Swift.min(n, 5)) + (0..<30).map { _ in Int(rng.next() % UInt64(n + 1)) } + Array(Swift.max(0, n - 3)..<(n + 2)))
            for index in indices.sorted() {
                let found = TrackPoints.point(at: index, of: path, pattern: dash)
                if index + 1 < whole.count {
                    #expect(found == whole[index], "round \(round), index \(index) of \(whole.count)")
                } else if let found {
                    // The last: found only when the walk saw one more, which the rule took off.
                    #expect(index < whole.count && found == whole[index], "round \(round), index \(index) of \(whole.count)")
                }
            }
        }
    }

    /// On a path of 20,000 lines three units long, the unit pattern's points are at the whole
    /// numbers along it: the first, any, the one before the last; past them, none.
    @Test func alongALongStraightPath() throws {
        var path = Path()
        try path.move(to: Point(0, 0))
        for k in 1...20_000 { try path.line(to: Point(Double(k) * 3, 0)) }
        #expect(TrackPoints.point(at: 0, of: path) == Point(0, 0))
        #expect(TrackPoints.point(at: 7, of: path) == Point(7, 0))
        #expect(TrackPoints.point(at: 59_998, of: path) == Point(59_998, 0))
        #expect(TrackPoints.point(at: 60_000, of: path) == nil)
        #expect(TrackPoints.point(at: -1, of: path) == nil)
    }

    /// A closed rectangle whose perimeter passes 40 by 0.05: the point at 40 is 0.05 from the
    /// first, so the last-versus-first rule takes it off, and `point(at: 40)` must not give it.
    @Test func theLastRuleIsRespected() throws {
        var path = Path()
        try path.addRect(x: 0, y: 0, width: 10, height: 10.025)
        let whole = try TrackPoints.compute(path)
        #expect(whole.count == 40)
        #expect(TrackPoints.point(at: 39, of: path) == whole[39])
        #expect(TrackPoints.point(at: 40, of: path) == nil)
    }
}
