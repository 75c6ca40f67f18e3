#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeCorpus
import ShapeGeometry

// libFuzzer entry point over strokes and offsets: the bytes become a small path (as for the
// booleans: lines, quadratics, cubics, arcs, moves and closes on a coarse grid, now and then a
// finer coordinate; for a quarter of the inputs scaled by 1e-3, for another quarter with near
// stops, where only the answers are checked) and a width from the first byte (a hundredth to a hundred times the path's
// size); the round stroke and the offsets by ±width/2 must give a result within the budget
// (totality), with Bézier offsets within the tolerance, that passes the sampling check of
// Sources/ShapeCorpus/StrokeSampling.swift; a path of one drawn segment is stroked with butt and
// square caps and checked against the area its normals sweep; the mitred, bevelled and
// square-capped strokes must be total and closed. A failure aborts: libFuzzer keeps the input.
// Built only by `scripts/fuzz offsets`.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOffsets(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 2 else { return 0 }
    var reader = FuzzPaths(bytes: bytes, at: 1)
    // A quarter of the paths at the scale 1e-3 (issue 49: strokes of small paths), where the
    // tolerances that are not relative to the size would show.
    let scale = bytes.count >= 3 && bytes[bytes.count - 1] & 3 == 3 ? 1e-3 : 1
    guard var p = try? reader.path().transformed(by: .scale(scale, scale)) else { return 0 }
    // A quarter of the paths with near stops (issue 49, S2 in docs/results.md): each Bézier's
    // control point beside its end (or its start, by the knob's bit 4) moved toward that end, to
    // 1e-3 to 1e-7 of where it was (nearer, its speed there falls below a stop's, 1e-9 of its
    // bound, and the stroke takes the end as at rest, its direction the limit's, where the
    // oracle of one segment takes the direction the control point gives). Their strokes must be
    // right when they are answered; a refusal is not a finding here (the family's refusals left
    // are recorded in results.md).
    let knob = bytes.count >= 3 ? bytes[bytes.count - 1] : 0
    let nearStops = knob & 0x0C == 0x0C
    if nearStops { p = nearlyStopping(p, by: pow(10, -3 - Double((knob >> 5) % 5)), atEnd: knob & 0x10 != 0) }
    guard let box = p.bounds else { return 0 }
    let extent = Swift.max(box.width, box.height, scale)
    // Widths from a hundredth of the path's size to a hundred times it (evenly in their
    // logarithm).
    let width = extent * pow(10, -2 + 4 * Double(bytes[0]) / 255)
    let budget = 20_000_000
    let path = p
    /// Refused: a finding unless the path has near stops.
    func refused(_ what: String) -> Int32 {
        if nearStops { return 0 }
        fail(what, path, width)
    }
    guard let round = p.stroked(StrokeStyle(width: width, cap: .round, join: .round), budget: budget) else {
        return refused("round stroke: no result within the budget")
    }
    // The fitter's tolerance: 1e-6, or 1e-10 of the larger of the path and the half width.
    if round.error > Swift.max(1e-6, 1e-10 * Swift.max(extent, width / 2)) { fail("round stroke: offsets \(round.error) from exact", p, width) }
    if let first = StrokeSampling.roundStrokeProblems(p, width: width, result: round.path, samples: 200, seed: UInt64(size)).first {
        fail("round stroke: \(first)", p, width)
    }
    for d in [width / 2, -width / 2] {
        guard let o = p.offset(by: d, budget: budget) else { return refused("offset \(d): no result within the budget") }
        if let first = StrokeSampling.offsetProblems(p, by: d, result: o.path, samples: 200, seed: UInt64(size)).first {
            fail("offset \(d): \(first)", p, width)
        }
    }
    // One drawn segment: its butt and square strokes against the area its normals (and caps)
    // sweep, at any width. (A segment within the rounding of the stroke's size, the larger of
    // the path's and half the width, draws a point, whose square cap lies along the axes:
    // docs/geometry.md, robustness.md O21.)
    let drawn = StrokeSampling.drawn(p)
    let moves = p.elements.filter { if case .move = $0 { true } else { false } }.count
    let drawsMoreThanAPoint = drawn.first.map { s in
        let box = s.controlBounds
        return Swift.max(box.width, box.height) > Tolerance.rounding * Swift.max(Path.size(p, Path()), width / 2)
    }
    if drawn.count == 1, moves == 1, drawsMoreThanAPoint == true, case .some = drawn.first.flatMap({ $0.derivative(at: 0.5).normalized }) {
        for cap in [LineCap.butt, .square] {
            guard let s = p.stroked(StrokeStyle(width: width, cap: cap, join: .miter), budget: budget) else {
                return refused("\(cap) stroke of one segment: no result within the budget")
            }
            if let first = StrokeSampling.buttStrokeProblems(drawn[0], width: width, cap: cap, result: s.path, samples: 200, seed: UInt64(size)).first
            {
                fail("\(cap) stroke of one segment: \(first)", p, width)
            }
        }
    }
    for (cap, join) in [(LineCap.butt, LineJoin.miter), (.square, .bevel)] {
        guard let s = p.stroked(StrokeStyle(width: width, cap: cap, join: join), budget: budget) else {
            return refused("\(cap) \(join) stroke: no result within the budget")
        }
        // Closed and inside the box grown by the longest miter.
        for range in s.path.subpathRanges {
            guard case .move(let start) = s.path.elements[range.lowerBound], let end = s.path.segment(at: range.upperBound - 1)?.end else { continue }
            if end.distance(to: start) > 1e-6 * (extent + width) { fail("\(cap) \(join) stroke: a subpath is not closed", p, width) }
        }
    }
    return 0
}

/// `p` with each Bézier's control point beside its end (or start) moved toward it, to `fraction`
/// of its distance.
func nearlyStopping(_ p: Path, by fraction: Double, atEnd: Bool) -> Path {
    var q = Path()
    for (k, e) in p.elements.enumerated() {
        switch e {
        case .move(let m): try? q.move(to: m)
        case .close: q.close()
        case .segment:
            guard let s = p.segment(at: k) else { continue }
            switch s {
            case .line(let l): try? q.line(to: l.p1)
            case .quadratic(let c):
                let control = atEnd ? c.p2 + (c.p1 - c.p2) * fraction : c.p0 + (c.p1 - c.p0) * fraction
                try? q.quad(control: control, to: c.p2)
            case .cubic(let c):
                let c1 = atEnd ? c.p1 : c.p0 + (c.p1 - c.p0) * fraction, c2 = atEnd ? c.p3 + (c.p2 - c.p3) * fraction : c.p2
                try? q.curve(control1: c1, control2: c2, to: c.p3)
            case .arc(let a): try? q.append(arc: a)
            }
        }
    }
    return q
}

func fail(_ what: String, _ p: Path, _ width: Double) -> Never {
    fputs("offsets: width \(width): \(what)\npath: \(p.elements)\n", stderr)
    abort()
}
