import Testing

@testable import ShapeGeometry

/// `Path.measuresLater`: a path whose appends leave their lengths to be measured later reads, at
/// every moment, the very lengths of the same path measured as it was drawn (the same running
/// sum in the same order), whether they are read before `measure()` or after, across truncations
/// and changes of the setting; and its queries through the index (left for later too) give the
/// answers, and count the visits, of the path indexed as it was drawn.
@Suite struct MeasureLaterTests {
    /// Appends one random element of every kind to both paths.
    static func drawRandom(_ rng: inout SeededRandom, into paths: inout [Path]) throws {
        let kind = rng.next() % 7
        let a = rng.point(-500, 500), b = rng.point(-500, 500), c = rng.point(-500, 500)
        let r = rng.uniform(0.5, 80), s = rng.uniform(-7, 7), e = rng.uniform(-7, 7)
        for k in paths.indices {
            switch kind {
            case 0: try paths[k].move(to: a)
            case 1: try paths[k].line(to: a)
            case 2: try paths[k].quad(control: a, to: b)
            case 3: try paths[k].curve(control1: a, control2: b, to: c)
            case 4: try paths[k].arc(center: a, radius: r, startAngle: s, endAngle: e, clockwise: s < e)
            case 5: paths[k].close()
            default: try paths[k].addCircle(center: a, radius: r)
            }
        }
    }

    /// Every length the two paths give, the same to the bit.
    static func expectSameLengths(_ later: Path, _ eager: Path, _ rng: inout SeededRandom) {
        #expect(later.elements == eager.elements)
        #expect(later.length == eager.length)
        let n = eager.elements.count
        for i in 0...n { #expect(later.length(before: i) == eager.length(before: i), "before \(i)") }
        for i in 0..<n { #expect(later.length(ofElement: i) == eager.length(ofElement: i), "element \(i)") }
        for _ in 0..<5 where n > 0 {
            let lo = Int(rng.next() % UInt64(n)), hi = lo + Int(rng.next() % UInt64(n - lo + 1))
            #expect(later.length(ofElements: lo..<hi) == eager.length(ofElements: lo..<hi))
            let at = rng.uniform(-1, eager.length + 1)
            #expect(later.location(atLength: at)?.location == eager.location(atLength: at)?.location)
        }
    }

    /// Every answer through the index the two paths give, with the same visits.
    static func expectSameQueries(_ later: Path, _ eager: Path, _ rng: inout SeededRandom) {
        for _ in 0..<4 {
            let p = rng.point(-600, 600)
            var v1 = 0, v2 = 0
            #expect(later.winding(at: p, visits: &v1) == eager.winding(at: p, visits: &v2))
            let n1 = later.nearest(to: p, visits: &v1), n2 = eager.nearest(to: p, visits: &v2)
            #expect(n1?.location == n2?.location && n1?.distance == n2?.distance)
            #expect(v1 == v2)
        }
    }

    @Test func lengthsReadLaterAreTheLengthsMeasuredAsDrawn() throws {
        var rng = SeededRandom(seed: 49)
        var unmeasuredSeen = 0, unindexedSeen = 0
        for _ in 0..<40 {
            var paths = [Path(), Path()]  // [measured later, measured as drawn]
            try paths[0].move(to: Point(0, 0))
            try paths[1].move(to: Point(0, 0))
            paths[0].measuresLater = true
            for step in 0..<60 {
                try Self.drawRandom(&rng, into: &paths)
                if !paths[0].isMeasured { unmeasuredSeen += 1 }
                switch rng.next() % 10 {
                case 0:
                    // The undo of appends, into the part not yet measured or the part measured.
                    let n = Int(rng.next() % UInt64(paths[1].elements.count + 1))
                    paths[0].truncate(to: n)
                    paths[1].truncate(to: n)
                    if paths[1].elements.isEmpty {
                        try paths[0].move(to: Point(0, 0))
                        try paths[1].move(to: Point(0, 0))
                    }
                case 1: paths[0].measuresLater.toggle()  // measures, or starts leaving them again
                case 2: paths[0].measure()
                case 3: paths[0].indexAll()
                default: break
                }
                if !paths[0].isIndexed { unindexedSeen += 1 }
                if step % 7 == 0 {
                    Self.expectSameLengths(paths[0], paths[1], &rng)
                    Self.expectSameQueries(paths[0], paths[1], &rng)
                }
            }
            Self.expectSameLengths(paths[0], paths[1], &rng)
            Self.expectSameQueries(paths[0], paths[1], &rng)
            paths[0].measuresLater = false
            #expect(paths[0].isMeasured && paths[0].isIndexed)
            Self.expectSameLengths(paths[0], paths[1], &rng)
            Self.expectSameQueries(paths[0], paths[1], &rng)
        }
        // The lengths were read while not yet measured, and the queries asked while the index
        // was behind, many times.
        #expect(unmeasuredSeen > 500 && unindexedSeen > 500)
    }

    /// An outline of a path left unmeasured is left unmeasured too, and reads the lengths of the
    /// same outline of the path measured.
    @Test func anOutlineIsAsUnmeasuredAsItsPath() throws {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<20 {
            var paths = [Path(), Path()]
            try paths[0].move(to: Point(0, 0))
            try paths[1].move(to: Point(0, 0))
            paths[0].measuresLater = true
            for _ in 0..<8 { try Self.drawRandom(&rng, into: &paths) }
            guard let later = paths[0].simplified()?.path, let eager = paths[1].simplified()?.path else { continue }
            #expect(later.measuresLater && (later.elements.count <= 1 || !later.isMeasured && !later.isIndexed))
            #expect(!eager.measuresLater && eager.isMeasured && eager.isIndexed)
            Self.expectSameLengths(later, eager, &rng)
            Self.expectSameQueries(later, eager, &rng)
        }
    }

    /// Measured a few at a time (a script alternating drawing and other statements), the lists
    /// of lengths grow by doubling as appends make them: room reserved for exactly what was
    /// measured at each call copied them every time (400,000 such statements took 4.9 s, not
    /// 0.3 s). Full lists, room for exactly their elements, are rare.
    @Test func measuringAFewAtATimeGrowsTheListsByDoubling() throws {
        var p = Path()
        try p.move(to: Point(0, 0))
        var exact = 0
        for i in 0..<1000 {
            p.measuresLater = true
            try p.quad(control: Point(Double(i) + 0.5, 1), to: Point(Double(i + 1), 0))
            p.measuresLater = false
            if p.lengthsAfter.capacity == p.lengthsAfter.count { exact += 1 }
        }
        #expect(p.isMeasured && exact < 50, "\(exact) of 1,000 measures left the list full")
    }

    @Test func appendsLeaveTheirLengthsUntilMeasured() throws {
        var p = Path()
        p.measuresLater = true
        try p.move(to: Point(0, 0))
        try p.quad(control: Point(3, 4), to: Point(6, 0))
        #expect(!p.isMeasured)
        // Read, the length is measured without being kept.
        #expect(p.length == QuadraticBezier(Point(0, 0), Point(3, 4), Point(6, 0)).arcLength())
        #expect(!p.isMeasured)
        p.measure()
        #expect(p.isMeasured && p.measuresLater)
        try p.line(to: Point(6, 6))
        #expect(!p.isMeasured && !p.isIndexed)
        p.indexAll()
        #expect(p.isIndexed && !p.isMeasured)
        try p.line(to: Point(0, 6))
        #expect(!p.isIndexed)
        p.measuresLater = false
        #expect(p.isMeasured && p.isIndexed)
    }
}
