#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeCorpus
import ShapeGeometry
import ShapeLanguage
import ShapeOutput

// The boolean operations on the corpus of Sources/ShapeCorpus, for scripts/bench-booleans:
//
//   booleans-dump FILE     writes the corpus, one case (a pair under a fill rule) a line:
//                          index, rule, name, then both paths as SVG data (M, L, Q, C, Z) with
//                          arcs as cubics of at most 22.5° (off by under 1e-7 of the radius),
//                          then both with arcs as exact conics (`conicSVG`), tab-separated.
//   booleans [--time-only] [--by-kind] [--only PREFIX]
//                          times shape's five operations on every case and checks each result;
//                          --by-kind adds the time of each kind of case (its name without the
//                          number), --only keeps the cases whose names start with PREFIX.
//   booleans-check FILE    checks the peers' results (peer, index, rule, op, seconds, SVG data
//                          or "ERROR ...", tab-separated) by the same sampling and sums them up.

/// The corpus as cases: each pair under each of its rules.
func booleanCases() -> [(index: Int, name: String, a: Path, b: Path, rule: FillRule)] {
    var cases: [(Int, String, Path, Path, FillRule)] = []
    for pair in BooleanCorpus.pairs() {
        for rule in pair.rules { cases.append((cases.count, pair.name, pair.a, pair.b, rule)) }
    }
    return cases
}

let booleanOperations = ["union", "intersect", "subtract", "xor", "simplify"]

/// Shape's result of `op` (a name of `booleanOperations`) on a case.
func shapeBoolean(_ op: String, _ a: Path, _ b: Path, _ rule: FillRule) -> Path? {
    if let o = BooleanOperation(rawValue: op) { return a.combined(with: b, o, rule: rule)?.path }
    return a.simplified(rule: rule)?.path
}

func ruleName(_ r: FillRule) -> String { r == .nonZero ? "nonzero" : "evenodd" }

/// The path with every arc as conics (rational quadratics) of at most a quarter turn: exactly the
/// arc, as Skia takes arcs (`conicTo`). SVG data with one verb more: `K x1 y1 x2 y2 w`, a conic
/// with control point (x1, y1), end (x2, y2) and weight w. An arc of φ is the conic whose control
/// point is where the tangents at its ends meet, with weight cos(φ/2); an elliptical arc is the
/// affine image of a circular one, and an affine map keeps a conic's weight.
func conicSVG(_ p: Path) -> String {
    var out: [String] = []
    func n(_ x: Double) -> String { NumberFormat.json(x) }
    for e in p.elements {
        switch e {
        case .move(let q): out.append("M \(n(q.x)) \(n(q.y))")
        case .close: out.append("Z")
        case .segment(.line(let l)): out.append("L \(n(l.p1.x)) \(n(l.p1.y))")
        case .segment(.quadratic(let q)): out.append("Q \(n(q.p1.x)) \(n(q.p1.y)) \(n(q.p2.x)) \(n(q.p2.y))")
        case .segment(.cubic(let c)):
            out.append("C \(n(c.p1.x)) \(n(c.p1.y)) \(n(c.p2.x)) \(n(c.p2.y)) \(n(c.p3.x)) \(n(c.p3.y))")
        case .segment(.arc(let a)):
            let count = Swift.max(1, Int(saturating: (abs(a.sweep) / (Double.pi / 2) - 1e-12).rounded(.up)))
            let step = a.sweep / Double(count)
            for k in 0..<count {
                let a0 = a.startAngle + step * Double(k), a1 = a0 + step, mid = a0 + step / 2
                func at(_ angle: Double, _ scale: Double = 1) -> Point {
                    a.center + (a.u * cos(angle) + a.v * sin(angle)) * scale
                }
                let control = at(mid, 1 / cos(step / 2)), end = at(a1)
                out.append("K \(n(control.x)) \(n(control.y)) \(n(end.x)) \(n(end.y)) \(n(cos(step / 2)))")
            }
        }
    }
    return out.joined(separator: " ")
}

/// The path as SVG data with arcs as cubics of at most 22.5° each (CoreGraphics's cubics of
/// each sixteenth of a turn).
func cubicSVG(_ p: Path) -> String {
    var out = Path()
    for e in p.elements {
        switch e {
        case .move(let q): try! out.move(to: q)
        case .close: out.close()
        case .segment(.line(let l)): try! out.line(to: l.p1)
        case .segment(.quadratic(let q)): try! out.quad(control: q.p1, to: q.p2)
        case .segment(.cubic(let c)): try! out.curve(control1: c.p1, control2: c.p2, to: c.p3)
        case .segment(.arc(let a)):
            let count = Swift.max(1, Int(saturating: (abs(a.sweep) / (Double.pi / 8)).rounded(.up)))
            for k in 0..<count {
                let piece = Arc(
                    center: a.center, u: a.u, v: a.v, startAngle: a.startAngle + a.sweep * Double(k) / Double(count), sweep: a.sweep / Double(count))
                for c in piece.cubics.pieces { try! out.curve(control1: c.p1, control2: c.p2, to: c.p3) }
            }
        }
    }
    return PathExport.svg(out)
}

/// Handles the `booleans…` modes; false when none was asked for.
func runBooleanModes(_ arguments: [String]) -> Bool {
    if let k = arguments.firstIndex(of: "booleans-dump"), k + 1 < arguments.count {
        guard let f = fopen(arguments[k + 1], "w") else { fatalError("cannot write \(arguments[k + 1])") }
        for c in booleanCases() {
            let fields = ["\(c.index)", ruleName(c.rule), c.name, cubicSVG(c.a), cubicSVG(c.b), conicSVG(c.a), conicSVG(c.b)]
            fputs(fields.joined(separator: "\t") + "\n", f)
        }
        fclose(f)
        return true
    }
    if arguments.contains("booleans") {
        var cases = booleanCases()
        if let k = arguments.firstIndex(of: "--only"), k + 1 < arguments.count { cases = cases.filter { $0.name.hasPrefix(arguments[k + 1]) } }
        let clock = ContinuousClock()
        var total = Duration.zero
        var failures = 0, count = 0
        var perOperation: [String: Duration] = [:], perKind: [String: Duration] = [:]
        for c in cases {
            for op in booleanOperations {
                // The fastest of three runs, as the peers' script takes.
                var best = Duration.seconds(1000)
                var result: Path?
                for _ in 0..<3 {
                    let start = clock.now
                    result = shapeBoolean(op, c.a, c.b, c.rule)
                    best = Swift.min(best, clock.now - start)
                }
                total += best
                perOperation[op, default: .zero] += best
                perKind[String(c.name.prefix { !$0.isNumber }), default: .zero] += best
                count += 1
                guard let result else {
                    failures += 1
                    print("shape: \(c.name) \(op): no result")
                    continue
                }
                guard !arguments.contains("--time-only") else { continue }
                let problems = BooleanSampling.problems(
                    c.a, c.b, BooleanOperation(rawValue: op), rule: c.rule, result: result, samples: 2000, seed: UInt64(c.index),
                    margin: 1e-5)
                if !problems.isEmpty {
                    failures += 1
                    print("shape: \(c.name) \(ruleName(c.rule)) \(op): \(problems[0])")
                }
            }
        }
        func ms(_ d: Duration) -> String {
            let x = Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
            return "\((x * 10).rounded() / 10) ms"
        }
        print("shape: \(count) results on \(cases.count) cases, \(failures) failing the sampling check, total \(ms(total))")
        print("shape: " + booleanOperations.map { "\($0) \(ms(perOperation[$0] ?? .zero))" }.joined(separator: ", "))
        if arguments.contains("--by-kind") {
            for (kind, d) in perKind.sorted(by: { $0.value > $1.value }) { print("  \(kind): \(ms(d))") }
        }
        return true
    }
    if arguments.contains("booleans-near") {
        // The near-degenerate pairs: each operation's result judged, failures and work counted.
        var count = 0, failures = 0, ranOut = 0
        var byKind: [String: (Int, Int)] = [:]
        let clock = ContinuousClock()
        let start = clock.now
        let only = arguments.firstIndex(of: "--only").map { arguments[$0 + 1] }
        for pair in NearDegenerateCorpus.pairs() where only.map({ pair.name == $0 }) ?? true {
            if only != nil {
                // The pair as a script, to look at it with the command.
                print("svg \"\(PathExport.svg(pair.a))\"\nlet a = path()\nclear\nsvg \"\(PathExport.svg(pair.b))\"\nlet b = path()")
            }
            for rule in pair.rules {
                for op in booleanOperations {
                    count += 1
                    let kind = String(pair.name.split(separator: "-").dropLast().joined(separator: "-"))
                    let outcome =
                        BooleanOperation(rawValue: op).map { pair.a.combinedResult(with: pair.b, $0, rule: rule, budget: 50_000_000) }
                        ?? pair.a.simplifiedResult(rule: rule, budget: 50_000_000)
                    guard case .success(let (result, _)) = outcome else {
                        ranOut += 1
                        byKind[kind, default: (0, 0)].1 += 1
                        if arguments.contains("--verbose") { print("no result: \(pair.name) \(ruleName(rule)) \(op): \(outcome)") }
                        continue
                    }
                    let problems = BooleanSampling.problems(
                        pair.a, pair.b, BooleanOperation(rawValue: op), rule: rule, result: result, samples: 1000, seed: UInt64(count))
                    if !problems.isEmpty {
                        failures += 1
                        byKind[kind, default: (0, 0)].0 += 1
                        if arguments.contains("--verbose") { print("wrong: \(pair.name) \(ruleName(rule)) \(op): \(problems[0])") }
                    }
                }
            }
        }
        let seconds = Double((clock.now - start).components.attoseconds) * 1e-18 + Double((clock.now - start).components.seconds)
        print("near-degenerate: \(count) results, \(failures) failing the sampling check, \(ranOut) without a result, \(seconds) s")
        return true
    }
    if let k = arguments.firstIndex(of: "booleans-check"), k + 1 < arguments.count {
        let cases = booleanCases()
        guard let f = fopen(arguments[k + 1], "r") else { fatalError("cannot read \(arguments[k + 1])") }
        var peers: [String: (count: Int, errors: Int, wrong: Int, seconds: Double, examples: [String])] = [:]
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        while getline(&line, &capacity, f) > 0 {
            let text = String(cString: line!).trimmingSuffix("\n")
            let fields = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6, let index = Int(fields[1]), index < cases.count, let seconds = Double(fields[4]) else { continue }
            let c = cases[index]
            let (peer, op) = (fields[0], fields[3])
            var entry = peers[peer] ?? (0, 0, 0, 0, [])
            entry.count += 1
            entry.seconds += seconds
            if fields[5].hasPrefix("ERROR") {
                entry.errors += 1
                if entry.examples.count < 5 { entry.examples.append("\(c.name) \(op): \(fields[5].prefix(100))") }
            } else {
                var result = Path()
                do {
                    try SVGPathData.append(fields[5], to: &result)
                    // Area only: the peers need not turn outlines as shape does, so inside is any
                    // non-zero winding of their result.
                    let problems = BooleanSampling.problems(
                        c.a, c.b, BooleanOperation(rawValue: op), rule: c.rule, result: result, samples: 2000, seed: UInt64(c.index),
                        margin: 1e-5, piecesOfInputs: false, windingOne: false)
                    if !problems.isEmpty {
                        entry.wrong += 1
                        if entry.examples.count < 5 { entry.examples.append("\(c.name) \(ruleName(c.rule)) \(op): \(problems[0])") }
                    }
                } catch {
                    entry.errors += 1
                    if entry.examples.count < 5 { entry.examples.append("\(c.name) \(op): unreadable result") }
                }
            }
            peers[peer] = entry
        }
        fclose(f)
        for (peer, e) in peers.sorted(by: { $0.key < $1.key }) {
            let total = (e.seconds * 1e4).rounded() / 10
            print("\(peer): \(e.count) results, \(e.errors) errors, \(e.wrong) failing the sampling check, total \(total) ms")
            for x in e.examples { print("  e.g. \(x)") }
        }
        return true
    }
    return false
}

extension String {
    func trimmingSuffix(_ s: String) -> String { hasSuffix(s) ? String(dropLast(s.count)) : self }
}
