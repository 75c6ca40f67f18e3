#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeGeometry
import ShapeLanguage
import ShapeOutput

// Release-built timings of the geometry workloads of docs/geometry.md. Run with
// `swift run -c release ShapeBenchmarks` or scripts/bench; every input is generated from a fixed
// seed, so every run measures the same work.

/// Keeps a result alive: the optimiser cannot see through this function.
@_optimize(none) func consume<T>(_ value: T) {}

/// Runs `body` `repeats` times and returns the minimum and median wall time in milliseconds.
func time(repeats: Int, _ body: () throws -> Void) rethrows -> (min: Double, median: Double) {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<repeats {
        let start = clock.now
        try body()
        let d = clock.now - start
        samples.append(Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15)
    }
    samples.sort()
    return (samples[0], samples[samples.count / 2])
}

func report(_ name: String, _ t: (min: Double, median: Double), _ note: String) {
    func f(_ x: Double) -> String {
        let r = (x * 100).rounded() / 100
        return "\(r)"
    }
    print("\(name.padding(40))  min \(f(t.min).padding(9)) ms  median \(f(t.median).padding(9)) ms  \(note)")
}

extension String {
    func padding(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}

func randomCubics(_ n: Int, seed: UInt64) -> [CubicBezier] {
    var rng = SeededRandom(seed: seed)
    return (0..<n).map { _ in CubicBezier(rng.point(0, 1000), rng.point(0, 1000), rng.point(0, 1000), rng.point(0, 1000)) }
}

/// A path of connected random cubics, each starting where the last ended.
func cubicPath(segments n: Int, seed: UInt64, close: Bool = false) throws -> Path {
    var rng = SeededRandom(seed: seed)
    var path = Path()
    try path.move(to: rng.point(0, 1000))
    for _ in 0..<n {
        try path.curve(control1: rng.point(0, 1000), control2: rng.point(0, 1000), to: rng.point(0, 1000))
    }
    if close { path.close() }
    return path
}

let arguments = CommandLine.arguments.dropFirst()
if runBooleanModes(Array(arguments)) { exit(0) }
if runStrokeModes(Array(arguments)) { exit(0) }
let quick = arguments.contains("--quick")
/// Workload names given on the command line (W1 … W4, append); none means all.
let selected = Set(arguments.filter { !$0.hasPrefix("--") })
func runs(_ name: String) -> Bool { selected.isEmpty || selected.contains(name) }
let repeats = quick ? 3 : 15

/// `--dump DIR`: writes the workloads' data and shape's results as text (shortest round-trip
/// numbers, space-separated, one item a line), for scripts/bench-peers, then stops.
if let flag = arguments.firstIndex(of: "--dump"), flag + 1 < arguments.endIndex {
    let dir = arguments[flag + 1]
    func write(_ name: String, _ lines: [String]) {
        guard let f = fopen(dir + "/" + name, "w") else { fatalError("cannot write \(dir)/\(name)") }
        for line in lines { fputs(line + "\n", f) }
        fclose(f)
    }
    func numbers(_ xs: [Double]) -> String { xs.map { "\($0)" }.joined(separator: " ") }
    func cubicLines(_ path: Path) -> [String] {
        var lines: [String] = []
        for e in path.elements {
            switch e {
            case .move(let p): lines.append(numbers([p.x, p.y]))
            case .segment(.cubic(let c)): lines.append(numbers([c.p1.x, c.p1.y, c.p2.x, c.p2.y, c.p3.x, c.p3.y]))
            default: break
            }
        }
        return lines
    }
    let cubics = randomCubics(10_000, seed: 1)
    write("w1.txt", cubics.map { numbers([$0.p0.x, $0.p0.y, $0.p1.x, $0.p1.y, $0.p2.x, $0.p2.y, $0.p3.x, $0.p3.y]) })
    write("w1-lengths.txt", cubics.map { "\($0.arcLength(accuracy: defaultArcLengthAccuracy))" })
    var w2 = Path()
    var rng = SeededRandom(seed: 2)
    try w2.move(to: rng.point(0, 1000))
    while w2.length < 100_000 { try w2.curve(control1: rng.point(0, 1000), control2: rng.point(0, 1000), to: rng.point(0, 1000)) }
    write("w2.txt", cubicLines(w2))
    write("w2-points.txt", try TrackPoints.compute(w2, pattern: .unit).map { numbers([$0.x, $0.y]) })
    // The start of every dash of the pattern 1 1 (arc length 0, 2, 4, ...), exactly.
    write(
        "w2-starts.txt",
        stride(from: 0.0, to: w2.length, by: 2).map { s in
            let p = w2.location(atLength: s)!.location.point
            return numbers([p.x, p.y])
        })
    let w3 = try cubicPath(segments: 100, seed: 3)
    var q3 = SeededRandom(seed: 33)
    let queries3 = (0..<1000).map { _ in q3.point(0, 1000) }
    write("w3.txt", cubicLines(w3))
    write("w3-queries.txt", queries3.map { numbers([$0.x, $0.y]) })
    write("w3-distances.txt", queries3.map { "\(w3.nearest(to: $0)!.distance)" })
    let w4 = try cubicPath(segments: 199, seed: 4, close: true)
    var q4 = SeededRandom(seed: 44)
    let queries4 = (0..<100_000).map { _ in q4.point(0, 1000) }
    let tester = ContainmentTester(w4)
    write("w4.txt", cubicLines(w4))
    write("w4-queries.txt", queries4.map { numbers([$0.x, $0.y]) })
    write("w4-inside.txt", queries4.map { tester.contains($0) ? "1" : "0" })
    exit(0)
}

print("shape geometry benchmarks (release build; min and median of \(repeats) runs)")

if runs("W1") {
    // W1: the length of 10,000 random cubics.
    let w1 = randomCubics(10_000, seed: 1)
    var w1Total = 0.0
    report(
        "W1 length of 10,000 cubics",
        time(repeats: repeats) {
            var total = 0.0
            for c in w1 { total += c.arcLength(accuracy: defaultArcLengthAccuracy) }
            w1Total = total
            consume(total)
        }, "accuracy \(defaultArcLengthAccuracy), total \(w1Total)")
}

if runs("W2") {
    // W2: track points at unit spacing along about 100,000 units of random cubics.
    var w2Path = Path()
    do {
        var rng = SeededRandom(seed: 2)
        try w2Path.move(to: rng.point(0, 1000))
        while w2Path.length < 100_000 {
            try w2Path.curve(control1: rng.point(0, 1000), control2: rng.point(0, 1000), to: rng.point(0, 1000))
        }
    }
    var w2Count = 0
    report(
        "W2 track points, dash 1 1, ~100k units",
        try time(repeats: repeats) {
            let points = try TrackPoints.compute(w2Path, pattern: .unit)
            w2Count = points.count
            consume(points)
        }, "\(w2Path.elements.count - 1) cubics, length \(w2Path.length), \(w2Count) points")
}

if runs("W3") {
    // W3: 1,000 nearest-point queries against a 100-cubic path.
    let w3Path = try cubicPath(segments: 100, seed: 3)
    var w3Queries: [Point] = []
    do { var rng = SeededRandom(seed: 33); w3Queries = (0..<1000).map { _ in rng.point(0, 1000) } }
    report(
        "W3 1,000 nearest points, 100 cubics",
        time(repeats: repeats) {
            var sum = 0.0
            for q in w3Queries { sum += w3Path.nearest(to: q)!.distance }
            consume(sum)
        }, "")
}

if runs("W4") {
    // W4: 100,000 contains queries against a 200-element closed path (tester built inside the timing).
    let w4Path = try cubicPath(segments: 199, seed: 4, close: true)
    var w4Queries: [Point] = []
    do { var rng = SeededRandom(seed: 44); w4Queries = (0..<100_000).map { _ in rng.point(0, 1000) } }
    var w4Inside = 0
    report(
        "W4 100,000 contains, 200 elements",
        time(repeats: repeats) {
            let tester = ContainmentTester(w4Path)
            var inside = 0
            for q in w4Queries where tester.contains(q) { inside += 1 }
            w4Inside = inside
            consume(inside)
        }, "\(w4Inside) inside (nonzero)")
}

if runs("append") {
    // Appends: 100k and then 200k elements; linear cost means the second takes about twice as long.
    func appendElements(_ n: Int) throws {
        var rng = SeededRandom(seed: 5)
        var path = Path()
        try path.move(to: rng.point(0, 1000))
        for i in 0..<n {
            if i % 2 == 0 {
                try path.line(to: rng.point(0, 1000))
            } else {
                try path.curve(control1: rng.point(0, 1000), control2: rng.point(0, 1000), to: rng.point(0, 1000))
            }
        }
        consume(path.length)
    }
    let a100 = try time(repeats: quick ? 1 : 5) { try appendElements(100_000) }
    let a200 = try time(repeats: quick ? 1 : 5) { try appendElements(200_000) }
    report("append 100k elements (lines, cubics)", a100, "")
    report("append 200k elements", a200, "ratio \((a200.min / a100.min * 100).rounded() / 100)")
}

// Scripts: parse, run and print n alternating line and curve commands; linear cost means 200k
// commands take about twice as long as 100k, in text and in JSON mode.
if runs("script") {
    func script(_ n: Int) -> String {
        var rng = SeededRandom(seed: 6)
        var lines = ["move 0 0"]
        lines.reserveCapacity(n + 1)
        for i in 0..<n {
            if i % 2 == 0 {
                lines.append("line \(Int(saturating: rng.uniform(0, 1000))) \(Int(saturating: rng.uniform(0, 1000)))")
            } else {
                lines.append(
                    "curve \(Int(saturating: rng.uniform(0, 1000))) 10 20 \(Int(saturating: rng.uniform(0, 1000))) 500 \(Int(saturating: rng.uniform(0, 1000)))"
                )
            }
        }
        return lines.joined(separator: "\n")
    }
    for json in [false, true] {
        var times: [Double] = []
        for n in [100_000, 200_000] {
            let text = script(n)
            let t = try time(repeats: quick ? 1 : 3) {
                let program = try Parser.parse(Source(name: "bench", text: text))
                let interpreter = Interpreter()
                var bytes = 0
                let text = TextPrinter(), lines = JSONLinesPrinter()
                _ = interpreter.run(program) { r in bytes += (json ? lines.format(r) : text.format(r))?.utf8.count ?? 0 }
                consume(bytes)
            }
            times.append(t.min)
            report(
                "script \(n / 1000)k commands, \(json ? "JSON" : "text")", t,
                n == 200_000 ? "ratio \((times[1] / times[0] * 100).rounded() / 100)" : "")
        }
    }
}

// Parsing alone: lexing and parsing (`Parser.check`, which keeps nothing, as a script's first
// pass does) of two 100,000-command scripts: short numbers as people write them, and the
// 17-digit numbers of generated data. Goal: at least 100 MB/s (issue 14).
if runs("parse") {
    var rng = SeededRandom(seed: 14)
    var short = ["move 0 0"], long = ["move 0 0"]
    for i in 0..<100_000 {
        let p = (0..<6).map { _ in rng.uniform(0, 1000) }
        if i % 2 == 0 {
            short.append("line \(Int(saturating: p[0])) \(Int(saturating: p[1]))  # to the right")
        } else {
            short.append("curve \(Int(saturating: p[0])) 10.5 20 \(Int(saturating: p[1])) 500 \(Int(saturating: p[2]) / 4)")
        }
        long.append("curve " + p.map { "\($0)" }.joined(separator: " "))
    }
    let scripts = arguments.contains("--short") ? [("short numbers", short)] : [("short numbers", short), ("17-digit numbers", long)]
    for (name, lines) in scripts {
        let source = Source(name: "bench", text: lines.joined(separator: "\n"))
        let t = try time(repeats: quick ? 1 : (arguments.contains("--long") ? 60 : 5)) { try Parser.check(source) }
        let mb = Double(source.count) / 1e6
        let lex = try time(repeats: quick ? 1 : 5) {
            var lexer = Lexer(source)
            var n = 0
            while try lexer.next().kind != .end { n += 1 }
            consume(Double(n))
        }
        report("  of which lexing alone", lex, "\(Int(saturating: mb / (lex.min / 1e3))) MB/s")
        report("parse 100k commands, \(name), \((mb * 10).rounded() / 10) MB", t, "\(Int(saturating: mb / (t.min / 1e3))) MB/s")
    }
}
if runs("sizes") {
    print(
        "Element", MemoryLayout<Path.Element>.stride, "Segment", MemoryLayout<Segment>.stride, "Arc", MemoryLayout<Arc>.stride, "CompensatedSum",
        MemoryLayout<CompensatedSum>.stride)
}

// Where a script's time goes, in process: parsing, running, formatting the reports.
if runs("phases"), let file = arguments.first(where: { $0.hasSuffix(".shape") }) {
    guard let f = fopen(file, "r") else { fatalError("cannot read \(file)") }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while case let n = fread(&buffer, 1, buffer.count, f), n > 0 { bytes += buffer[0..<n] }
    fclose(f)
    let source = Source(name: file, bytes: bytes)
    let parse = try time(repeats: 5) { _ = try Parser.parse(source) }
    report("phases: parse", parse, "")
    let program = try Parser.parse(source)
    let run = time(repeats: arguments.contains("--long") ? 100 : 5) {
        let i = Interpreter()
        _ = i.run(program) { _ in }
    }
    report("phases: run, reports dropped", run, "")
    let printer = TextPrinter()
    let runPrint = time(repeats: 5) {
        let i = Interpreter()
        var n = 0
        _ = i.run(program) { r in n += printer.format(r)?.utf8.count ?? 0 }
        consume(Double(n))
    }
    report("phases: run, reports formatted", runPrint, "")
}

// The workbench's server side of one statement on 10,000 elements (scripts/bench-workbench's
// path): the statement, the view (its track points) and the scene's JSON.
if runs("scene") {
    let big = """
        move 0 0
        repeat 2500 {
          line pen.x + 4 pen.y
          quad pen.x + 2 pen.y + 3 pen.x + 4 pen.y
          curve pen.x + 1 pen.y - 3 pen.x + 3 pen.y - 3 pen.x + 4 pen.y
          arc pen.x + 2 pen.y 2 180deg 360deg
        }
        """
    let interpreter = Interpreter()
    _ = interpreter.run(try Parser.parse(Source(name: "big", text: big))) { _ in }
    let translate = try Parser.parse(Source(name: "t", text: "translate 1 0"))
    report("scene: translate 1 0 on 10,001 elements", time(repeats: 15) { _ = interpreter.run(translate) { _ in } }, "")
    report(
        "scene: the view (track points)",
        time(repeats: 15) {
            _ = interpreter.run(translate) { _ in }; consume(interpreter.view())
        }, "with the statement")
    let view = interpreter.view()
    var bytes = 0
    report("scene: in binary", time(repeats: 15) { bytes = WorkbenchScene.binary(view, handleIndex: 0, version: 1).count }, "")
    print("  binary scene bytes: \(bytes)")
    report("scene: the view again (kept track points)", time(repeats: 15) { consume(interpreter.view()) }, "")
}
