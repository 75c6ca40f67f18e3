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
let quick = arguments.contains("--quick")
/// Workload names given on the command line (W1 … W4, append); none means all.
let selected = Set(arguments.filter { !$0.hasPrefix("--") })
func runs(_ name: String) -> Bool { selected.isEmpty || selected.contains(name) }
let repeats = quick ? 3 : 15

print("shape geometry benchmarks (release build; min and median of \(repeats) runs)")

if runs("W1") {
    // W1: the length of 10,000 random cubics.
    let w1 = randomCubics(10_000, seed: 1)
    var w1Total = 0.0
    report("W1 length of 10,000 cubics", time(repeats: repeats) {
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
    report("W2 track points, dash 1 1, ~100k units", try time(repeats: repeats) {
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
    report("W3 1,000 nearest points, 100 cubics", time(repeats: repeats) {
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
    report("W4 100,000 contains, 200 elements", time(repeats: repeats) {
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
                lines.append("line \(Int(rng.uniform(0, 1000))) \(Int(rng.uniform(0, 1000)))")
            } else {
                lines.append("curve \(Int(rng.uniform(0, 1000))) 10 20 \(Int(rng.uniform(0, 1000))) 500 \(Int(rng.uniform(0, 1000)))")
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
            report("script \(n / 1000)k commands, \(json ? "JSON" : "text")", t, n == 200_000 ? "ratio \((times[1] / times[0] * 100).rounded() / 100)" : "")
        }
    }
}
