import ShapeTestSupport
import Testing

@testable import ShapeGeometry
import ShapeCorpus

/// Boolean operations against the sampling oracle of the issue: away from the outlines, a point is
/// inside the result exactly when the operation says so of the two inputs, and the result's
/// winding number there is 1 or 0 (outer outlines clockwise, holes counter-clockwise, nothing
/// overlapping). Every result element is a piece of an input element of the same kind.
@Suite struct BooleanTests {
    /// The side distance's quick proof that a cubic keeps out of the disk beside it
    /// (`BooleanBuilder.keepsOut`), against the nearest distance found by 20,000 samples and
    /// golden sections: wherever it answers yes, no point of the cubic is within the radius (on
    /// 400 random cubics, disks on both sides at half the radius of curvature and less, and
    /// hairpins that come back); and it answers yes often (else it would save
    /// nothing: over a quarter of these, hairpins and loops included), no where the cubic comes
    /// back into the disk.
    @Test func aCubicKeepsOutOfTheDiskBesideIt() {
        var rng = SeededRandom(seed: 2614)
        var shown = 0, asked = 0
        for k in 0..<400 {
            // Every fourth a hairpin: its end comes back beside its start.
            let p0 = rng.point(0, 100), p1 = rng.point(0, 100), p2 = rng.point(0, 100)
            let p3 = k % 4 == 0 ? p0 + Vector(rng.uniform(-2, 2), rng.uniform(-2, 2)) : rng.point(0, 100)
            let c = CubicBezier(p0, p1, p2, p3)
            let t = rng.uniform(0.05, 0.95)
            let (s, a) = Self.keepsOutChecked(c, at: t, curving: c.secondDerivative(at: t), scale: rng.uniform(0.01, 1)) { x, radius in
                BooleanBuilder.keepsOut(c, of: x, radius: radius, touching: t)
            }
            (shown, asked) = (shown + s, asked + a)
        }
        #expect(shown * 4 > asked, "shown for \(shown) of \(asked)")
        // A hairpin whose other leg passes through the disk: not shown.
        let hairpin = CubicBezier(Point(0, 0), Point(100, 0), Point(100, 10), Point(0, 10))
        let x = hairpin.point(at: 0.1) + Vector(0, 4)
        #expect(nearestDistanceBySampling(hairpin, from: x) < 4)
        #expect(!BooleanBuilder.keepsOut(hairpin, of: x, radius: 4 * (1 - 5e-6), touching: 0.1))
    }

    /// The disks on both sides of `curve` at t, `scale` of the way out to half its radius of
    /// curvature there (at most 30): wherever `keepsOut(center, radius)` says yes, the nearest
    /// distance found by sampling is at least the radius. How many it said yes to, of how many.
    static func keepsOutChecked<C: ParametricCurve>(
        _ curve: C, at t: Double, curving dd: Vector, scale: Double, _ keepsOut: (Point, Double) -> Bool
    ) -> (shown: Int, asked: Int) {
        let d = curve.derivative(at: t)
        let speed = d.length
        guard speed > 1e-3 else { return (0, 0) }
        let curvature = abs(d.cross(dd)) / (speed * speed * speed)
        let n = Vector(-d.dy / speed, d.dx / speed)
        let reach = Swift.min(0.5 / Swift.max(curvature, 1e-9), 30) * scale
        var shown = 0
        for side in [1.0, -1.0] {
            let x = curve.point(at: t) + n * (side * reach)
            let radius = (1 - 5e-6) * reach
            if keepsOut(x, radius) {
                shown += 1
                let truth = nearestDistanceBySampling(curve, from: x)
                #expect(truth >= radius, "\(curve) at \(t), side \(side): nearest \(truth) within \(radius)")
            }
        }
        return (shown, 2)
    }

    /// The same proof for a quadratic (no cubic term): yes only where no point of it is within
    /// the radius, by the same sampling, on 400 random quadratics with disks on both sides, a
    /// quarter of them hairpins; and yes often.
    @Test func aQuadraticKeepsOutOfTheDiskBesideIt() {
        var rng = SeededRandom(seed: 2615)
        var shown = 0, asked = 0
        for k in 0..<400 {
            let p0 = rng.point(0, 100), p1 = rng.point(0, 100)
            let p2 = k % 4 == 0 ? p0 + Vector(rng.uniform(-2, 2), rng.uniform(-2, 2)) : rng.point(0, 100)
            let q = QuadraticBezier(p0, p1, p2)
            let t = rng.uniform(0.05, 0.95)
            let (s, a) = Self.keepsOutChecked(q, at: t, curving: q.secondDerivative(at: t), scale: rng.uniform(0.01, 1)) { x, radius in
                BooleanBuilder.keepsOut(q, of: x, radius: radius, touching: t)
            }
            (shown, asked) = (shown + s, asked + a)
        }
        #expect(shown * 4 > asked, "shown for \(shown) of \(asked)")
        // A hairpin whose other leg passes through the disk: not shown.
        // (Its legs 4.8 apart at t = 0.1 and 0.9; the disk of radius 3 beside the first, along
        // its normal towards the second.)
        let hairpin = QuadraticBezier(Point(0, 0), Point(200, 3), Point(0, 6))
        let d = hairpin.derivative(at: 0.1)
        let x = hairpin.point(at: 0.1) + Vector(-d.dy, d.dx) * (3 / d.length)
        #expect(nearestDistanceBySampling(hairpin, from: x) < 2.5)
        #expect(!BooleanBuilder.keepsOut(hairpin, of: x, radius: 3 * (1 - 5e-6), touching: 0.1))
    }

    @Test func twoOverlappingSquares() throws {
        let a = try polygon([(0, 0), (10, 0), (10, 10), (0, 10)])
        let b = try polygon([(5, 5), (15, 5), (15, 15), (5, 15)])
        for op in BooleanOperation.allCases {
            let r = try #require(BooleanOracle.check(a, b, op, rule: .nonZero, seed: 1))
            switch op {
            case .union: #expect(r.elements.count == 1 + 8 && r.subpathStarts.count == 1, "\(r.elements)")
            case .intersect: #expect(r.elements.count == 1 + 4, "\(r.elements)")
            case .subtract: #expect(r.elements.count == 1 + 6, "\(r.elements)")
            case .xor: #expect(r.subpathStarts.count == 2, "\(r.elements)")
            }
        }
    }

    @Test func circleMinusCircle() throws {
        var a = Path(), b = Path()
        try a.addCircle(center: Point(0, 0), radius: 10)
        try b.addCircle(center: Point(8, 0), radius: 6)
        for op in BooleanOperation.allCases {
            let r = try #require(BooleanOracle.check(a, b, op, rule: .nonZero, seed: 2))
            // Arcs stay arcs: the result has no other kind than the inputs'.
            for e in r.elements { if case .segment(let s) = e { #expect(s.kindName == "arc") } }
        }
    }

    /// The corpus of the issue (over 500 pairs), each operation under the pair's rules.
    /// In eight parts that run side by side.
    @Test(arguments: 0..<8) func theCorpus(part: Int) throws {
        let pairs = BooleanCorpus.pairs()
        #expect(pairs.count >= 500)
        for (k, pair) in pairs.enumerated() where k % 8 == part {
            for rule in pair.rules {
                BooleanOracle.check(pair.a, pair.b, BooleanOperation.allCases, rule: rule, samples: 300, seed: UInt64(k), label: pair.name)
                // simplify, of each shape alone.
                BooleanOracle.check(pair.a, nil, [.union], rule: rule, samples: 100, seed: UInt64(k), label: pair.name + " simplified")
            }
        }
    }

    /// Shapes against copies of themselves nudged by 1e-12 to 1e-3 of their size (moved,
    /// turned, grown; parts moved; vertices shared; at scales 1, 1e-3 and 1e6): every operation
    /// gives a result (within the tolerance widened to 1e-7 or 1e-6 of the size where the edges
    /// are too near to tell apart), and it passes the sampling check. In eight parts.
    @Test(arguments: 0..<8) func nearlyCoincidentShapes(part: Int) throws {
        let pairs = NearDegenerateCorpus.pairs()
        #expect(pairs.count >= 140)
        for (k, pair) in pairs.enumerated() where k % 8 == part {
            for rule in pair.rules {
                for op in BooleanOperation.allCases {
                    let outcome = pair.a.combinedResult(with: pair.b, op, rule: rule)
                    guard case .success(let (result, _)) = outcome else {
                        Issue.record("\(pair.name) \(op) \(rule): \(outcome)")
                        continue
                    }
                    let problems = BooleanSampling.problems(pair.a, pair.b, op, rule: rule, result: result, samples: 100, seed: UInt64(k))
                    #expect(problems.isEmpty, "\(pair.name) \(op) \(rule): \(problems.prefix(2))")
                }
            }
        }
    }

    @Test func circlesTangentInsideAndIdenticalShapes() throws {
        var big = Path(), small = Path()
        try big.addCircle(center: Point(0, 0), radius: 10)
        try small.addCircle(center: Point(4, 0), radius: 6)  // touches the big one inside at (10, 0)
        let union = try #require(BooleanOracle.check(big, small, .union, rule: .nonZero, seed: 3))
        #expect(union.subpathStarts.count == 1)
        let crescent = try #require(BooleanOracle.check(big, small, .subtract, rule: .nonZero, seed: 4))
        // Both circles, each whole, meeting at the one point.
        #expect(crescent.elements.filter { if case .segment(.arc) = $0 { true } else { false } }.count == 2, "\(crescent.elements)")
        let card = BooleanCorpus.card(335, 200, 30, 30)
        for op in BooleanOperation.allCases {
            let r = try #require(BooleanOracle.check(card, card, op, rule: .nonZero, seed: 5))
            switch op {
            case .union, .intersect: expectClose(r.length, card.length, tolerance: 1e-12 * card.length)
            case .subtract, .xor: #expect(r.isEmpty, "\(r.elements)")
            }
        }
    }

    @Test func arcsKeepTheirCircle() throws {
        var a = Path(), b = Path()
        try a.addCircle(center: Point(1, 2), radius: 3)
        try b.addRoundedRect(x: 2, y: 0, width: 6, height: 4, cornerRadius: 1.5)
        let r = try #require(BooleanOracle.check(a, b, .union, rule: .nonZero, seed: 6))
        var arcs = 0
        for e in r.elements {
            guard case .segment(.arc(let arc)) = e else { continue }
            arcs += 1
            // Each arc is a piece of the circle or of a corner: the same centre and radius exactly.
            let fromCircle = arc.center == Point(1, 2) && arc.radius == 3
            let fromCorner =
                abs(arc.radius - 1.5) < 1e-15 && [Point(3.5, 1.5), Point(6.5, 1.5), Point(6.5, 2.5), Point(3.5, 2.5)].contains(arc.center)
            #expect(fromCircle || fromCorner, "\(arc)")
        }
        #expect(arcs >= 3)
    }

    @Test func simplifyFollowsTheRule() throws {
        var twice = BooleanCorpus.rect(0, 0, 10, 10)
        try twice.append(contentsOf: BooleanCorpus.rect(0, 0, 10, 10))
        let nonZero = try #require(twice.simplified(rule: .nonZero)).path
        #expect(nonZero.subpathStarts.count == 1)
        expectClose(nonZero.length, 40, tolerance: 1e-13)
        #expect(try #require(twice.simplified(rule: .evenOdd)).path.isEmpty)
        // A bow tie: two triangles, both clockwise on screen (winding +1 inside each).
        let bow = try polygon([(0, 0), (20, 20), (20, 0), (0, 20)])
        let simple = try #require(BooleanOracle.check(bow, nil, [.union], rule: .nonZero, samples: 2000, seed: 7).first ?? nil)
        #expect(simple.subpathStarts.count == 2)
        #expect(simple.winding(at: Point(5, 10)) == 1 && simple.winding(at: Point(15, 10)) == 1)
    }

    /// The first findings of `scripts/fuzz booleans` (bytes as hex, decoded as the fuzz target
    /// does): straight Béziers that run back along their line, curves leaving a line along it or
    /// touching each other to a high order at a shared end, zero-radius circles, and a path
    /// smaller than the rounding of its coordinates. Each operation and `simplify`, both rules.
    @Test func fuzzFindings() throws {
        let inputs = [
            "f4f4f4f4f4f4000000ff100100000101070007",
            "bbbbbbd3bbbbbbbbbbbbbb00bbbbbbbb00010007",
            "bbbbbbbbbbbb00bbbbbbbbffffff1400010007",
            "010000000000008b010000000000000106012042080c6f6fff00008000",
            "01065003ff01065503ff00ff0001065503ff000199020907ffffffffffffffff00000102aa07",
            "0101a9006400000300fcfff907ff01020000",
            "014d89ffffffffffff00000000",
            "01426f6f00065503ff00065503ff0044b5620907",
            "0020000110fffeff7e0720000110ff4c000000ff0076",
            "c2c2c2c24fc200241400000001103e3dfff5c24f",
            "09ff02000090019909ff110701069903030303030303000000040303030303030303030309ff11074402",
            "000000f5ef02010159595901000008ef021159595959596c3000000009",
            "000000000000949494942b94949494940c5a0294949494949400aaaaaaaaaa1e538101200000000107a5fffa00426f",
            "000000018b41572900020001fafcffaa000000000003ffffffff000000018b415a02000100f5ef11ff0c065503ff00ff0001065503ff00010000f5ef11ff0c09d5d5d505065503ff0001",
            "010655065500000000000000000000000000001b1b1b1b1b1b00fefe5503ff00014c0907",
            "0001ffff7ba1ae3f14800000005afafcaaff0a648b00000000000000010900",
            // B5 and B7: closed cubics and cubics arriving at rest, all through one point.
            "010603adadadadadadadadadadadadadad0006fcfcfcfcfcfcfcfcfcfc27fcfcfcfcfcfcfcfcfcfcfcfc03006306fcfcfcfcfcfcfcfcfcfc27fcfcfc0c00000000000000fcfcfcfcfcfc6306fcfcfcfcfc",
            "00000011990b0001900101444444c4bbbbbb4444444444444444444444990190010907ff444444c4bbbbbb4444444444444444444444990190010907ff062e004402",
            // B12.
            "000000000000000000000000000000000000000000000152616e67adadadadadadadadadadadad98fcfcfcfcfcfc03006306fcfcfcfcfcfcfcfcfcfc27fcfcfc0c00000006fcfcfcfcfcfcfcfcfcfc27fcfcfc0c6500000000000300fcfcfcfcfc6306fcfdfcfcfc",
            "bbbbbbbbbbbb006464646464646464646464646464646464646464646464646464c1c1c5c1c1c1c10096556e7361646464646464646464646464646464bba3a3a300019607",
            // B16 (session 8, nudged pairs): a quadratic against its copy moved by 6e-6 of the
            // size, at the scale 1e6; the search split them down to their distance apart until
            // the fat-line test settled them.
            "1717171700ff0f00b6fe2b57ceffb2b2a8018e8e",
        ]
        for (k, hex) in inputs.enumerated() {
            let (a, b) = FuzzPaths.booleanPair(fuzzBytes(hex: hex))
            for rule in FillRule.allCases {
                BooleanOracle.check(a, b, BooleanOperation.allCases, rule: rule, samples: 300, seed: UInt64(k), label: "finding \(k)")
                BooleanOracle.check(a, nil, [.union], rule: rule, samples: 300, seed: UInt64(k), label: "finding \(k)")
            }
        }
    }

    /// Findings against nudged copies (B17, session 8), replayed as users meet them, with the
    /// retries at a widened tolerance: each answer passes the sampling check, or is an honest
    /// refusal where `refusals` says one may come (never a wrong region, never out of work).
    /// The first two come out right with their loops closed by lines a hundredth to a tenth of a
    /// millionth of their size long; the next two are shapes crossing themselves, grown and moved
    /// by 5e-7 of their size, whose curves cross the copies' at angles of 1e-7: the search gave
    /// up on those pairs and the operations were refused as inconsistent until session 11; the
    /// stretches where they run within the tolerance are now overlaps, and every operation is
    /// answered (no refusal is allowed for them any more). The last one (B20) is two copies of a
    /// circle moved by the tolerance itself, which gave a wrong region.
    @Test func nudgedFuzzFindings() throws {
        let inputs: [(hex: String, refusals: Bool)] = [
            ("ff065503858585065513fcff00090201998585ffffffffffd001e9550319010000f798020906", false),
            ("9e9e9e9e9e9e9e9e9e9e9e9e9e9e446f759e9e0fffb6ff00a8ff", false),
            ("ff2f4100003bacac00ff536591425353ac9a90f601ffacac01ffacac5353", false),
            ("fffe8dfb57579e5757259e5757ff5357ff53", false),
            // B19: a cubic and three quadratics against their copy moved by 1e-6 of the size; at
            // the widened tolerance a piece's ends moved by it, bending the piece 1.9e-7 of the
            // size off its quadratic (the check allowed 1e-7 then, and allows 1e-6 now); and a
            // pair at the scale 1e-3 whose line piece strayed as much.
            ("ff2fd44001c43f72426f6f6c000109030303030303030000030303", false),
            ("ff010652350395857b7a8c007a6cf2fffbb1ee0001f60700017b", false),
            ("f704aeaeaeaeaeaeaeaeaeaeaeaeaeaeae10ffffffffffffffaeaeaeae01065503850121ae03ae06", false),
            // B34: a circle with a line and a point subpath, against the same moved by the widened
            // tolerance itself (its start 1.5e-15 beyond it): the copy's closed arc started at
            // another vertex, the two circles were no group, and union filled nothing.
            ("0625014b55034b5503f700000106", false),
            // B35: arcs of 315° closed by lines, against the same grown by 1e-5 and moved: where
            // the closing lines, the arcs' starts and a line's start crowd within 1e-6, pieces a
            // tolerance long that join the same two vertices run different ways, and counting
            // each as crossed beside the first misclassified them (intersect, even-odd).
            ("3737552d2377fe2d372355ec100103cb01a5007a38074f5c", false),
            // B39: a circle with a line from its start, against the same moved by the tolerance
            // itself: each circle's start just beyond the tolerance of the other's, each was seamed
            // at the other's start vertex, the two were no group, and both were kept (winding 2).
            ("278d8d00398d8d290000000000000029ffe206", false),
        ]
        for (k, (hex, refusals)) in inputs.enumerated() {
            let bytes = fuzzBytes(hex: hex)
            #expect(FuzzPaths.isNudgedPair(bytes))
            let (a, b) = FuzzPaths.booleanPair(bytes)
            for rule in FillRule.allCases {
                for op in [BooleanOperation?.none] + BooleanOperation.allCases.map(Optional.some) {
                    let answer = op.map { a.combinedResult(with: b, $0, rule: rule) } ?? a.simplifiedResult(rule: rule)
                    switch answer {
                    case .success(let (result, _)):
                        let problems = BooleanSampling.problems(
                            a, op == nil ? Path() : b, op, rule: rule, result: result, samples: 300, seed: UInt64(k))
                        #expect(problems.isEmpty, "\(k) \(op?.rawValue ?? "simplify") \(rule): \(problems.prefix(3))")
                    case .failure(let why):
                        #expect(refusals && why == .inconsistent, "\(k) \(op?.rawValue ?? "simplify") \(rule): \(why)")
                    }
                }
            }
        }
    }

    /// One ellipse written with other axes: turned by a half turn, mirrored, or drawn with its
    /// axes swapped. Its pieces are one curve (an overlap), not two curves a hair apart that the
    /// search would split until it ran out.
    /// The widened attempt runs in the builder the first one left (`startAgain`): where the
    /// first tolerance gives no consistent outline (the nudged pairs above), the retry gives
    /// the very outline and work of a fresh builder run at the widened tolerance.
    @Test func aRetryStartsAgainFromTheUncutEdges() throws {
        var retried = 0
        for hex in [
            "ff065503858585065513fcff00090201998585ffffffffffd001e9550319010000f798020906",
            "9e9e9e9e9e9e9e9e9e9e9e9e9e9e446f759e9e0fffb6ff00a8ff", "ff2f4100003bacac00ff536591425353ac9a90f601ffacac01ffacac5353",
            "fffe8dfb57579e5757259e5757ff5357ff53", "ff2fd44001c43f72426f6f6c000109030303030303030000030303",
        ] {
            let (a, b) = FuzzPaths.booleanPair(fuzzBytes(hex: hex))
            for op in BooleanOperation.allCases {
                let fresh = BooleanBuilder(a, b, rule: .nonZero) { op.combine($0, $1) }
                var first = fresh
                guard case .failure(.inconsistent) = first.run(budget: .max) else { continue }
                retried += 1
                var retrying = fresh
                var widened = fresh
                widened.tolerance = 100 * fresh.tolerance
                widened.balancesAlongside = true
                let answer = retrying.runWithRetries(budget: .max), expected = widened.run(budget: .max)
                switch (answer, expected) {
                case (.success(let (p, work)), .success(let (q, widenedWork))):
                    #expect(p == q && work == first.meter.used + widenedWork, "\(hex) \(op)")
                case (.failure(let x), .failure(let y)): #expect(x == y, "\(hex) \(op)")
                default: Issue.record("\(hex) \(op): \(answer) against \(expected)")
                }
            }
        }
        #expect(retried > 0)
    }

    @Test func oneEllipseWithOtherAxes() throws {
        var oval = Path()
        try oval.addOval(x: 0, y: 0, width: 200, height: 100)
        let perimeter = oval.length
        let centre = Point(100, 50)
        let turned = try oval.transformed(by: .rotation(Double.pi, about: centre))
        let mirrored = try oval.transformed(by: .scale(-1, 1, about: centre))
        var swapped = Path()
        try swapped.addOval(x: 50, y: -50, width: 100, height: 200)
        let quarterTurned = try swapped.transformed(by: .rotation(Double.pi / 2, about: centre))
        for (name, other) in [("turned", turned), ("mirrored", mirrored), ("swapped axes", quarterTurned)] {
            let union = try #require(oval.combined(with: other, .union)?.path, "\(name)")
            #expect(abs(union.length - perimeter) < 1e-9 * perimeter, "\(name)")
            #expect(oval.combined(with: other, .subtract)?.path.isEmpty == true, "\(name)")
            #expect(oval.combined(with: other, .xor)?.path.isEmpty == true, "\(name)")
            // The meetings are the ends of overlaps (stretches that meet share an end), whose
            // lengths add up to the whole ellipse.
            let meetings = try oval.intersections(with: other)
            #expect(!meetings.isEmpty && meetings.allSatisfy { $0.overlap != nil }, "\(name): \(meetings)")
            let lengths = Set(meetings.compactMap { $0.overlap.map { ($0 * 1e6).rounded() / 1e6 } })
            // (Two halves of one length show as one.)
            let total = lengths.count == 1 && abs(lengths.first! - perimeter / 2) < 1e-5 * perimeter ? perimeter : lengths.reduce(0, +)
            #expect(abs(total - perimeter) < 1e-5 * perimeter, "\(name): \(lengths)")
        }
        // Half of it against the whole, turned: the half is inside, and cut away leaves the other half.
        var half = Path()
        try SVGPathData.append("M 200 50 A 100 50 0 0 1 0 50 Z", to: &half)
        BooleanOracle.check(turned, half, BooleanOperation.allCases, rule: .nonZero, samples: 500, seed: 4, label: "half ellipse")
    }

    @Test func aSmallBudgetStopsIt() throws {
        let a = BooleanCorpus.card(335, 200, 30, 30)
        var b = Path()
        try b.addCircle(center: Point(167.5, 0), radius: 40)
        #expect(a.combined(with: b, .subtract, budget: 10) == nil)
        #expect(a.combined(with: b, .subtract, budget: 1_000_000) != nil)
    }
}

func polygon(_ points: [(Double, Double)]) throws -> Path {
    var p = Path()
    try p.move(to: Point(points[0].0, points[0].1))
    for q in points.dropFirst() { try p.line(to: Point(q.0, q.1)) }
    p.close()
    return p
}

/// Runs boolean operations and checks them with `BooleanSampling`, and that the chaining closed
/// every loop it began.
enum BooleanOracle {
    /// Checks `op` of a and b under `rule` and returns the result.
    @discardableResult
    static func check(
        _ a: Path, _ b: Path?, _ op: BooleanOperation, rule: FillRule, samples: Int = 1500, seed: UInt64, label: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Path? {
        check(a, b, [op], rule: rule, samples: samples, seed: seed, label: label, sourceLocation: sourceLocation).first ?? nil
    }

    /// Runs each operation (or `simplify` when `b` is nil) and checks its result.
    @discardableResult
    static func check(
        _ a: Path, _ b: Path?, _ ops: [BooleanOperation], rule: FillRule, samples: Int, seed: UInt64, label: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [Path?] {
        ops.map { op in
            var builder =
                b.map { b in BooleanBuilder(a, b, rule: rule) { op.combine($0, $1) } }
                ?? BooleanBuilder(a, Path(), rule: rule) { x, _ in x }
            // At the first tolerance, without the retries of a widened one: every loop closes.
            let outcome = builder.run(budget: .max)
            guard case .success(let (result, _)) = outcome else {
                Issue.record("\(label) \(op): \(outcome)", sourceLocation: sourceLocation)
                return nil
            }
            #expect(builder.openings == 0, "\(label) \(op): loops that did not close: \(builder.openings)", sourceLocation: sourceLocation)
            let problems = BooleanSampling.problems(
                a, b ?? Path(), b == nil ? nil : op, rule: rule, result: result, samples: samples, seed: seed)
            for p in problems { Issue.record("\(label) \(b == nil ? "simplify" : op.rawValue) \(rule): \(p)", sourceLocation: sourceLocation) }
            return result
        }
    }
}

/// The tolerance the caller gives (relative to the paths' size): what is nearer than it is one.
@Suite struct ToleranceArgumentTests {
    /// Two squares side by side, 1e-6 apart (5e-8 of their size, 20): by default the gap is kept
    /// (two subpaths, the gap's area missing from 200); with a tolerance of 1e-6 of the size
    /// (2e-5) their facing edges are one, and the union is one rectangle.
    @Test func booleansTakeATolerance() throws {
        let left = BooleanCorpus.rect(0, 0, 10, 10), right = BooleanCorpus.rect(10 + 1e-6, 0, 10 - 1e-6, 10)
        let apart = try #require(left.combined(with: right, .union))
        #expect(apart.path.subpathStarts.count == 2)
        let joined = try #require(left.combined(with: right, .union, tolerance: 1e-6))
        #expect(joined.path.subpathStarts.count == 1)
        let box = try #require(joined.path.bounds)
        #expect(abs(box.minX) <= 2e-5 && abs(box.maxX - 20) <= 2e-5 && abs(box.maxY - 10) <= 2e-5)
        // A tolerance out of range is clamped, not trusted: NaN is the default.
        #expect(try #require(left.combined(with: right, .union, tolerance: .nan)).path.subpathStarts.count == 2)
    }

    /// A T whose stem stops 1e-7 short of the bar (1e-8 of the size, 10): no meeting by default
    /// (the tolerance is 1e-8 there), one touch with a tolerance of 1e-7 of the size.
    @Test func intersectionsTakeATolerance() throws {
        var bar = Path(), stem = Path()
        try bar.move(to: Point(0, 0))
        try bar.line(to: Point(10, 0))
        try stem.move(to: Point(5, 1e-7))
        try stem.line(to: Point(5, 10))
        #expect(try bar.intersections(with: stem).isEmpty)
        let found = try bar.intersections(with: stem, tolerance: 1e-7)
        #expect(found.count == 1 && found.first.map { abs($0.point.x - 5) <= 1e-6 && abs($0.point.y) <= 1e-6 } == true, "\(found.map(\.point))")
    }
}
