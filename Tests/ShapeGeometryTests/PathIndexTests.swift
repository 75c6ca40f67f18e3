import Testing

@testable import ShapeGeometry

/// The path's kept index answers as the independent ways do: hit tests as a `ContainmentTester`
/// built from scratch, nearest points as a scan of every segment, after any mix of appends and
/// truncations (undo).
@Suite struct PathIndexTests {
    /// Appends a random element: a line, a quadratic, a cubic, an arc, a new subpath or a close,
    /// near the current point (so that boxes of runs are meaningful) or anywhere.
    static func appendRandom(_ path: inout Path, _ rng: inout SeededRandom) throws {
        func near(_ p: Point, _ r: Double) -> Point {
            Point(x: p.x + Double.random(in: -r...r, using: &rng), y: p.y + Double.random(in: -r...r, using: &rng))
        }
        guard let here = path.currentPoint else {
            try path.move(to: near(Point(x: 0, y: 0), 50))
            return
        }
        let reach = Bool.random(using: &rng) ? 5.0 : 60.0
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: try path.move(to: near(here, 60))
        case 1: path.close()
        case 2...5: try path.line(to: near(here, reach))
        case 6...8: try path.quad(control: near(here, reach), to: near(here, reach))
        case 9: try path.line(to: Point(x: here.x + reach, y: here.y))  // horizontal
        case 10:
            try path.arc(
                center: near(here, reach), radius: Double.random(in: 0.5...reach, using: &rng),
                startAngle: Double.random(in: 0...6, using: &rng), endAngle: Double.random(in: 0...6, using: &rng),
                clockwise: Bool.random(using: &rng))
        default: try path.curve(control1: near(here, reach), control2: near(here, reach), to: near(here, reach))
        }
    }

    /// An index built whole (`PathIndex.built`, for a path whose appends left it for later) is
    /// the one its appends make, node for node, at every count about a leaf's and a level's
    /// edges.
    @Test func anIndexBuiltWholeIsTheOneItsAppendsMake() throws {
        var rng = SeededRandom(seed: 31)
        var compared = 0
        for n in [1, 2, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 63, 64, 65, 127, 128, 129, 300, 513] {
            var path = Path()
            while path.elements.count < n { try PathIndexTests.appendRandom(&path, &rng) }
            path.truncate(to: n)
            let appended = path.index
            let whole = PathIndex.built(count: n) { path.indexedSegment(at: $0) }
            #expect(whole.count == appended.count && whole.levels.count == appended.levels.count, "n = \(n)")
            for (j, (a, b)) in zip(appended.levels, whole.levels).enumerated() {
                #expect(a.count == b.count, "n = \(n), level \(j)")
                for (i, (x, y)) in zip(a, b).enumerated() {
                    let same =
                        x.control == y.control && x.tight == y.tight && x.first == y.first && x.last == y.last
                        && x.hasSegments == y.hasSegments && x.continuous == y.continuous
                        && x.deviation.bitPattern == y.deviation.bitPattern
                    #expect(same, "n = \(n), level \(j), node \(i): \(x) against \(y)")
                    compared += 1
                }
            }
        }
        #expect(compared > 300)
    }

    @Test func answersAsTheTesterAndTheScanAfterAppendsAndUndo() throws {
        var rng = SeededRandom(seed: 14)
        for round in 0..<12 {
            var path = Path()
            for _ in 0..<Int.random(in: 1...300, using: &rng) { try PathIndexTests.appendRandom(&path, &rng) }
            // Undo a few appends now and then, then draw on.
            if round % 3 == 0 {
                path.truncate(to: Int.random(in: 0...path.elements.count, using: &rng))
                for _ in 0..<Int.random(in: 0...40, using: &rng) { try PathIndexTests.appendRandom(&path, &rng) }
            }
            try check(path, &rng)
        }
    }

    func check(_ path: Path, _ rng: inout SeededRandom) throws {
        let tester = ContainmentTester(path)
        let box = path.bounds ?? Rect(minX: 0, minY: 0, maxX: 1, maxY: 1)
        for _ in 0..<300 {
            let p = Point(
                x: Double.random(in: (box.minX - 10)...(box.maxX + 10), using: &rng),
                y: Double.random(in: (box.minY - 10)...(box.maxY + 10), using: &rng))
            #expect(path.winding(at: p) == tester.winding(at: p), "winding at \(p)")
            #expect(path.contains(p, rule: .evenOdd) == tester.contains(p, rule: .evenOdd), "even-odd at \(p)")
            // The nearest distance, against every segment's own nearest point.
            var scan = Double.infinity
            for i in path.elements.indices {
                if let s = path.segment(at: i) { scan = Swift.min(scan, s.nearest(to: p).distance) }
            }
            if scan.isFinite, let found = path.nearest(to: p) {
                #expect(abs(found.distance - scan) <= 1e-12 * Swift.max(box.width, box.height, 1), "nearest to \(p)")
                #expect(abs(found.location.point.distance(to: p) - found.distance) <= 1e-9)
            }
        }
        // Points on the outline are inside, as for the tester.
        for i in path.elements.indices {
            guard let s = path.segment(at: i) else { continue }
            let q = s.point(at: Double.random(in: 0...1, using: &rng))
            #expect(path.contains(q) && tester.contains(q), "on the outline at \(q)")
        }
    }

    /// After truncation the index is the one the shorter path would have been built with.
    @Test func truncationLeavesTheIndexOfTheShorterPath() throws {
        var rng = SeededRandom(seed: 140)
        var path = Path()
        for _ in 0..<500 { try PathIndexTests.appendRandom(&path, &rng) }
        for _ in 0..<20 {
            let n = Int.random(in: 0...path.elements.count, using: &rng)
            var cut = path
            cut.truncate(to: n)
            // The same elements appended one by one to an empty path.
            var fresh = Path()
            try fresh.append(contentsOf: cut)
            #expect(cut.index.count == n)
            #expect(cut.index.levels.count == fresh.index.levels.count)
            for (a, b) in zip(cut.index.levels, fresh.index.levels) {
                #expect(a.map(\.control) == b.map(\.control))
                #expect(a.map(\.tight) == b.map(\.tight))
                #expect(a.map(\.continuous) == b.map(\.continuous))
            }
        }
    }
}
