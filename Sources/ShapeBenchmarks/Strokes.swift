#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeCorpus
import ShapeGeometry
import ShapeOutput

// Strokes and offsets on the shapes of Sources/ShapeCorpus/StrokeCorpus.swift, for
// scripts/bench-strokes:
//
//   strokes-dump FILE     writes the cases, one a line: index, name, width, then the path as SVG
//                         data (arcs as cubics of at most 22.5°), tab-separated. Each shape is
//                         stroked with round caps and joins at widths of 2% and 20% of its size.
//   strokes [--time-only] times shape's round strokes, checks each (the sampling check of
//                         StrokeSampling, and how far the outline strays from w/2 of the path),
//                         and counts the elements; then the offset curves of the single cubics
//                         without reversals, at 1e-6.
//   strokes-check FILE    judges the peers' strokes (peer, index, seconds, SVG data or
//                         "ERROR ...") and offset curves (peer, "offset", index, d, seconds, SVG)
//                         the same way.

func strokeCases() -> [(index: Int, name: String, path: Path, width: Double)] {
    var cases: [(Int, String, Path, Double)] = []
    for (name, p) in StrokeCorpus.shapes(random: 60) {
        guard let b = p.bounds else { continue }
        let size = Swift.max(b.width, b.height)
        for f in [0.02, 0.2] { cases.append((cases.count, name, p, f * size)) }
    }
    return cases
}

/// The single cubics of the cases with the distance (2% of their size) at which neither offset
/// runs backwards anywhere (no swallowtail), for comparing offset curves alone.
func offsetCases() -> [(index: Int, cubic: CubicBezier, d: Double)] {
    var result: [(Int, CubicBezier, Double)] = []
    for c in strokeCases() where c.index % 2 == 0 {
        guard c.path.elements.count == 2, case .segment(.cubic(let cubic)) = c.path.elements[1] else { continue }
        let d = c.width
        let s = Segment.cubic(cubic)
        let reverses = (0...256).contains { k in
            let t = Double(k) / 256
            return 1 - d * abs(s.curvature(at: t)) <= 0 || s.derivative(at: t).length < 1e-9 * s.speedBound
        }
        if !reverses { result.append((c.index, cubic, d)) }
    }
    return result
}

/// How far the outline strays from w/2 of the path: the largest | distance − w/2 | at 9 points of
/// each element, and the number of elements (lines, curves and arcs; moves and closes not).
/// Points nearer than 0.9·w/2 to the path are not counted: the peers leave pieces inside their
/// stroke (the inner sides of joins, overlaps for a nonzero fill) that bound nothing.
func outlineDeviation(_ result: Path, from path: Path, width: Double) -> (deviation: Double, elements: Int) {
    let segments = StrokeSampling.drawn(path)
    var worst = 0.0, count = 0
    for i in result.elements.indices {
        guard case .segment(let s) = result.elements[i] else { continue }
        count += 1
        for k in 1...9 {
            let d = StrokeSampling.distance(s.point(at: Double(k) / 10), to: segments)
            if d < 0.45 * width { continue }
            worst = Swift.max(worst, abs(d - width / 2))
        }
    }
    return (worst, count)
}

/// The distance between a cubic's true offset at d and the pieces approximating it, found both
/// ways: from 64 points of the true offset to the nearest piece, and from 9 points of each piece
/// to the true offset (around each of the 6 nearest of 513 samples of it, 40 golden sections). The
/// distance to the cubic itself would mislead where the cubic comes back near itself.
func offsetDeviation(_ pieces: [Segment], of c: CubicBezier, by d: Double) -> Double {
    let s = Segment.cubic(c)
    func q(_ t: Double) -> Point { s.point(at: t) + (s.direction(at: t).normalized?.perpendicular ?? Vector(0, 0)) * d }
    var worst = 0.0
    for k in 0...256 {
        let x = q(Double(k) / 256)
        worst = Swift.max(worst, pieces.map { $0.nearest(to: x).distance }.min() ?? .infinity)
    }
    let samples = (0...512).map { q(Double($0) / 512) }
    for piece in pieces {
        for k in 1...31 {
            let x = piece.point(at: Double(k) / 32)
            // Around each of the 6 nearest samples (where the offset crosses itself the nearest
            // may be on the other branch).
            let nearest = samples.indices.sorted { samples[$0].distance(to: x) < samples[$1].distance(to: x) }.prefix(6)
            var best = Double.infinity
            for i in nearest {
                var lo = Double(Swift.max(i - 1, 0)) / 512, hi = Double(Swift.min(i + 1, 512)) / 512
                for _ in 0..<40 {
                    let m1 = lo + (hi - lo) * 0.382, m2 = lo + (hi - lo) * 0.618
                    if q(m1).distance(to: x) < q(m2).distance(to: x) { hi = m2 } else { lo = m1 }
                }
                best = Swift.min(best, q(0.5 * (lo + hi)).distance(to: x))
            }
            worst = Swift.max(worst, best)
        }
    }
    return worst
}

func runStrokeModes(_ arguments: [String]) -> Bool {
    func ms(_ d: Duration) -> String {
        let x = Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
        return "\((x * 10).rounded() / 10) ms"
    }
    if let k = arguments.firstIndex(of: "strokes-dump"), k + 1 < arguments.count {
        guard let f = fopen(arguments[k + 1], "w") else { fatalError("cannot write \(arguments[k + 1])") }
        for c in strokeCases() { fputs(["\(c.index)", c.name, "\(c.width)", cubicSVG(c.path)].joined(separator: "\t") + "\n", f) }
        for o in offsetCases() {
            let c = o.cubic
            let points = [c.p0, c.p1, c.p2, c.p3].map { "\($0.x) \($0.y)" }.joined(separator: " ")
            fputs(["offset", "\(o.index)", "\(o.d)", points].joined(separator: "\t") + "\n", f)
        }
        fclose(f)
        return true
    }
    // The offset curves alone, many times over (for a profiler): `offsets [rounds]`.
    if let k = arguments.firstIndex(of: "offsets") {
        let rounds = k + 1 < arguments.count ? Int(arguments[k + 1]) ?? 100 : 100
        let clock = ContinuousClock(), start = clock.now
        var count = 0
        for _ in 0..<rounds {
            for o in offsetCases() { for d in [o.d, -o.d] { count += Segment.cubic(o.cubic).offsetCurve(by: d).pieces.count } }
        }
        print(
            "offset curves: \(rounds) rounds of \(offsetCases().count * 2), \(count / rounds) cubics each round, \(ms((clock.now - start) / rounds)) a round"
        )
        return true
    }
    if arguments.contains("strokes") {
        let clock = ContinuousClock()
        var total = Duration.zero
        var failing = 0, elements = 0, worst = 0.0
        let cases = strokeCases()
        for c in cases {
            var best = Duration.seconds(1000)
            var result: Path?
            for _ in 0..<3 {
                let start = clock.now
                result = c.path.stroked(StrokeStyle(width: c.width, cap: .round, join: .round))?.path
                best = Swift.min(best, clock.now - start)
            }
            total += best
            guard let result else {
                failing += 1
                print("shape: \(c.name) w \(c.width): no result")
                continue
            }
            guard !arguments.contains("--time-only") else { continue }
            let problems = StrokeSampling.roundStrokeProblems(c.path, width: c.width, result: result, samples: 1000, seed: UInt64(c.index))
            if !problems.isEmpty {
                failing += 1
                print("shape: \(c.name) w \(c.width): \(problems[0])")
            }
            let (deviation, count) = outlineDeviation(result, from: c.path, width: c.width)
            worst = Swift.max(worst, deviation)
            elements += count
        }
        print(
            "shape strokes: \(cases.count) round strokes, \(failing) failing the sampling check, \(elements) elements, outline within \(worst) of w/2, total \(ms(total))"
        )
        var offsetElements = 0, offsetWorst = 0.0, offsetTotal = Duration.zero
        let offsets = offsetCases()
        for o in offsets {
            for d in [o.d, -o.d] {
                var best = Duration.seconds(1000)
                var pieces: [Segment] = []
                for _ in 0..<3 {
                    let start = clock.now
                    pieces = Segment.cubic(o.cubic).offsetCurve(by: d).pieces
                    best = Swift.min(best, clock.now - start)
                }
                offsetTotal += best
                offsetElements += pieces.count
                let dev = offsetDeviation(pieces, of: o.cubic, by: d)
                if arguments.contains("--verbose") { print("offset \(o.index) d \(d) pieces \(pieces.count) deviation \(dev) cubic \(o.cubic)") }
                offsetWorst = Swift.max(offsetWorst, dev)
            }
        }
        print(
            "shape offset curves: \(offsets.count * 2) (both sides of \(offsets.count) cubics), \(offsetElements) cubics, within \(offsetWorst), total \(ms(offsetTotal))"
        )
        return true
    }
    if let k = arguments.firstIndex(of: "strokes-check"), k + 1 < arguments.count {
        let cases = strokeCases()
        let offsets = Dictionary(uniqueKeysWithValues: offsetCases().map { ($0.index, $0) })
        guard let f = fopen(arguments[k + 1], "r") else { fatalError("cannot read \(arguments[k + 1])") }
        struct Tally { var count = 0, errors = 0, wrong = 0, elements = 0; var worst = 0.0, seconds = 0.0; var examples: [String] = [] }
        var tallies: [String: Tally] = [:]
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&line, &capacity, f) > 0 {
            let fields = String(cString: line!).trimmingSuffix("\n").split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 6, fields[1] == "offset", let index = Int(fields[2]), let o = offsets[index], let d = Double(fields[3]),
                let seconds = Double(fields[4])
            {
                let key = fields[0] + " offset curves"
                var t = tallies[key] ?? Tally()
                t.count += 1
                t.seconds += seconds
                var result = Path()
                if (try? SVGPathData.append(fields[5], to: &result)) == nil || fields[5].hasPrefix("ERROR") {
                    t.errors += 1
                } else {
                    let pieces = result.elements.compactMap { e -> Segment? in if case .segment(let s) = e { s } else { nil } }
                    t.elements += pieces.count
                    t.worst = Swift.max(t.worst, offsetDeviation(pieces, of: o.cubic, by: d))
                }
                tallies[key] = t
                continue
            }
            guard fields.count == 4, let index = Int(fields[1]), index < cases.count, let seconds = Double(fields[2]) else { continue }
            let c = cases[index]
            var t = tallies[fields[0]] ?? Tally()
            t.count += 1
            t.seconds += seconds
            var result = Path()
            if fields[3].hasPrefix("ERROR") || (try? SVGPathData.append(fields[3], to: &result)) == nil {
                t.errors += 1
                if t.examples.count < 5 { t.examples.append("\(c.name) w \(c.width): \(fields[3].prefix(80))") }
            } else {
                // Area only: any non-zero winding of a peer's outline counts as inside (the peers
                // leave overlaps for a nonzero fill).
                let segments = StrokeSampling.drawn(c.path)
                let h = c.width / 2
                let size = Swift.max(c.path.bounds.map { Swift.max($0.width, $0.height) } ?? 0, c.width)
                let clearance = 1e-5 * size
                var rng = SeededRandom(seed: UInt64(c.index))
                let box = c.path.bounds!
                var bad = 0
                for _ in 0..<1000 {
                    let x = Point(
                        Double.random(in: (box.minX - 1.5 * h)...(box.maxX + 1.5 * h), using: &rng),
                        Double.random(in: (box.minY - 1.5 * h)...(box.maxY + 1.5 * h), using: &rng))
                    let dist = StrokeSampling.distance(x, to: segments)
                    if abs(dist - h) < clearance { continue }
                    if (result.winding(at: x) != 0) != (dist <= h) { bad += 1 }
                }
                if bad > 0 {
                    t.wrong += 1
                    if t.examples.count < 5 { t.examples.append("\(c.name) w \(c.width): \(bad) of 1000 points misjudged") }
                }
                let (deviation, count) = outlineDeviation(result, from: c.path, width: c.width)
                t.worst = Swift.max(t.worst, deviation)
                t.elements += count
            }
            tallies[fields[0]] = t
        }
        fclose(f)
        for (peer, t) in tallies.sorted(by: { $0.key < $1.key }) {
            let total = (t.seconds * 1e4).rounded() / 10
            print(
                "\(peer): \(t.count) results, \(t.errors) errors, \(t.wrong) failing the sampling check, \(t.elements) elements, within \(t.worst), total \(total) ms"
            )
            for x in t.examples { print("  e.g. \(x)") }
        }
        return true
    }
    return false
}
