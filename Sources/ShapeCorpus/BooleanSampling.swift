import ShapeGeometry

/// The check of the boolean operations that the issue asks for, by public API only, so that the
/// tests, the peer benchmark (on the peers' results) and the fuzz target judge alike:
///
/// - at random points farther than `margin` from both inputs' outlines, the result's winding
///   number is 1 where the operation says inside and 0 elsewhere (so it fills the same under both
///   rules: outer outlines clockwise, holes counter-clockwise, nothing overlapping);
/// - every subpath of the result is closed (ends where it starts);
/// - (for shape's own results) every element lies within 1e-7 of the size of an input element
///   of its kind.
public enum BooleanSampling {
    /// The smallest distance from `p` to `segments` whose boxes come within `reach` of it
    /// (infinity when none does), and only those of `kind` if given.
    static func distance(_ p: Point, to segments: [Segment], boxes: [Rect], within reach: Double, kind: String? = nil) -> Double {
        var best = Double.infinity
        for (k, s) in segments.enumerated() {
            let b = boxes[k]
            guard p.x >= b.minX - reach, p.x <= b.maxX + reach, p.y >= b.minY - reach, p.y <= b.maxY + reach else { continue }
            guard kind == nil || s.kindName == kind else { continue }
            best = Swift.min(best, s.nearest(to: p).distance)
        }
        return best
    }

    /// What is wrong with `result` as the outline of `operation` on a and b (or of a alone, for
    /// `simplify`, when `operation` is nil) under `rule`: empty when nothing is. `margin` is
    /// relative to the inputs' size; without `piecesOfInputs` the elements are not compared with
    /// the inputs', and without `windingOne` any non-zero winding number counts as inside.
    public static func problems(
        _ a: Path, _ b: Path, _ operation: BooleanOperation?, rule: FillRule, result: Path, samples: Int, seed: UInt64,
        margin relativeMargin: Double = 1e-6, piecesOfInputs: Bool = true, windingOne: Bool = true
    ) -> [String] {
        let edgesA = a.fillSegments, edgesB = b.fillSegments
        let boxesA = edgesA.map(\.controlBounds), boxesB = edgesB.map(\.controlBounds)
        var box = a.bounds ?? b.bounds ?? Rect(point: Point(0, 0))
        if let r = b.bounds { box = box.union(r) }
        // As the operations measure it: no less than 1e-6 of the largest coordinate.
        let magnitude = Swift.max(abs(box.minX), abs(box.maxX), abs(box.minY), abs(box.maxY))
        let size = Swift.max(box.width, box.height, 1e-6 * magnitude, 1e-300)
        var found: [String] = []
        // Closed subpaths.
        for range in result.subpathRanges {
            guard case .move(let start) = result.elements[range.lowerBound] else { continue }
            let last = result.elements[range.upperBound - 1]
            let end: Point
            switch last {
            case .move(let p): end = p
            case .segment(let s): end = s.end
            case .close: end = start
            }
            if end.distance(to: start) > 1e-9 * size { found.append("subpath at \(start) is not closed") }
        }
        if piecesOfInputs {
            for i in result.elements.indices {
                guard let s = result.segment(at: i) else { continue }
                // (A closing line across the rounding gap between an arc's end and the start is none;
                // nor is a loop's closing line up to 1e-6 of the size long, across the gap that
                // ends moved by a widened tolerance leave: ten times 1e-7, Booleans.swift.)
                if case .line = s, s.start.distance(to: s.end) <= 1e-9 * size { continue }
                if case .close = result.elements[i], s.start.distance(to: s.end) <= 1e-6 * size { continue }
                for t in [0.25, 0.5, 0.75] {
                    let p = s.point(at: t)
                    let d = Swift.min(
                        distance(p, to: edgesA, boxes: boxesA, within: 1e-6 * size, kind: s.kindName),
                        distance(p, to: edgesB, boxes: boxesB, within: 1e-6 * size, kind: s.kindName))
                    // Ends moved onto vertices by up to the tolerance bend a Bézier by about as
                    // much; the tolerance is 1e-9 of the size, widened to 1e-7 for nearly
                    // coincident edges (Booleans.swift): 1e-6 leaves room and catches any real
                    // stray (those found were 1e-3 of the size and more).
                    if d > 1e-6 * size {
                        found.append("element \(i) (\(s.kindName)) is \(d) off the inputs at t = \(t)")
                        break
                    }
                }
            }
        }
        var random = SeededRandom(seed: seed)
        let margin = relativeMargin * size
        var wrong = 0
        var example = ""
        for _ in 0..<samples {
            let p = Point(
                random.uniform(box.minX - 0.05 * size, box.maxX + 0.05 * size), random.uniform(box.minY - 0.05 * size, box.maxY + 0.05 * size))
            guard distance(p, to: edgesA, boxes: boxesA, within: margin) > margin, distance(p, to: edgesB, boxes: boxesB, within: margin) > margin
            else { continue }
            let inA = fills(rule, a.winding(at: p)), inB = fills(rule, b.winding(at: p))
            let expected = operation.map { $0.combine(inA, inB) } ?? inA
            let w = result.winding(at: p)
            if windingOne ? w != (expected ? 1 : 0) : (w != 0) != expected {
                wrong += 1
                if example.isEmpty { example = "at \(p) winding \(w), expected inside \(expected)" }
            }
        }
        if wrong > 0 { found.append("\(wrong) wrong samples, e.g. \(example)") }
        return found
    }

    static func fills(_ rule: FillRule, _ w: Int) -> Bool { rule == .nonZero ? w != 0 : w & 1 != 0 }
}
