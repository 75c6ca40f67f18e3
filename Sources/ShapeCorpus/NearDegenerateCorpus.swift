import ShapeGeometry

#if canImport(Glibc)
import Glibc
#endif

/// Pairs of shapes that nearly coincide, the hard part of every boolean engine (issue 26): a
/// shape against a copy of itself moved, turned or scaled by a nudge from 1e-12 to 1e-3 of its
/// size; a shape against a part of itself so moved; two shapes that share a vertex, one nudged;
/// all at the scales 1, 1e-3 and 1e6. Polygons, quadratic, cubic and mixed shapes (with arcs).
/// Deterministic: the same pairs on every machine. The sampling check of `BooleanSampling` judges
/// the results, away from both outlines by its margin (the slivers between a shape and its copy
/// nudged by less than the margin are not sampled: there the answer is either side).
public enum NearDegenerateCorpus {
    /// The nudges, relative to the shape's size.
    public static let nudges: [Double] = [1e-12, 1e-10, 1e-9, 1e-8, 1e-7, 1e-5, 1e-3]

    public enum Kind: String, CaseIterable, Sendable {
        case polygon = "P", quadratic = "Q", cubic = "C", mixed = "M"
    }

    /// A closed shape of `kind` around (50, 50), about 60 wide.
    static func shape(_ kind: Kind, _ r: inout SeededRandom) -> Path {
        let corners = 4 + Int(r.next() % 5)
        var angles = (0..<corners).map { _ in r.uniform(0, 2 * Double.pi) }.sorted()
        // Corners no closer than a tenth of a turn, so that no side is a hair long.
        for k in 1..<corners where angles[k] - angles[k - 1] < 0.6 { angles[k] = angles[k - 1] + 0.6 }
        let points = angles.map { a in
            let d = 30 * r.uniform(0.6, 1)
            return Point(50 + d * cos(a), 50 + d * sin(a))
        }
        var p = Path()
        try! p.move(to: points[0])
        for k in 1...corners {
            let q = points[k % corners], from = points[k - 1]
            let mid = Point(0.5 * (from.x + q.x), 0.5 * (from.y + q.y))
            let out = Vector(mid.x - 50, mid.y - 50) * r.uniform(0.1, 0.4)
            let choice: Kind = kind == .mixed ? [Kind.polygon, .quadratic, .cubic][Int(r.next() % 3)] : kind
            switch choice {
            case .polygon: if k < corners { try! p.line(to: q) }
            case .quadratic: try! p.quad(control: mid + out, to: q)
            case .cubic:
                let c1 = from.lerp(to: q, 0.3) + out * r.uniform(0.5, 1.5), c2 = from.lerp(to: q, 0.7) + out * r.uniform(0.5, 1.5)
                try! p.curve(control1: c1, control2: c2, to: q)
            case .mixed: break
            }
            // A mixed shape has an arc on its first side.
            if kind == .mixed, k == 1 {
                let c = Point(50, 50)
                try! p.arc(center: c, radius: (q - c).length, startAngle: (q - c).angle, endAngle: (q - c).angle + 0.4, clockwise: true)
            }
        }
        p.close()
        return p
    }

    /// The path mapped by `m` (exactly as `transformed` maps it).
    static func mapped(_ p: Path, _ m: AffineTransform) -> Path { try! p.transformed(by: m) }

    /// Every pair: name, the two paths, and the rules to run it under.
    public static func pairs() -> [BooleanCorpus.Pair] {
        var r = SeededRandom(seed: 2026_12_26)
        var list: [BooleanCorpus.Pair] = []
        for kind in Kind.allCases {
            for (k, nudge) in nudges.enumerated() {
                let a = shape(kind, &r)
                let size = 60.0
                let angle = r.uniform(0, 2 * Double.pi)
                let d = Vector(cos(angle), sin(angle)) * (nudge * size)
                let scale = [1.0, 1e-3, 1e6][k % 3]
                func scaled(_ p: Path) -> Path { scale == 1 ? p : mapped(p, .scale(scale, scale)) }
                // The copy moved, turned about the centre, and grown.
                let center = Point(50, 50)
                let moved = mapped(a, .translation(d.dx, d.dy))
                let turned = mapped(a, .rotation(nudge, about: center))
                let grown = mapped(a, .scale(1 + nudge, 1 + nudge, about: center))
                let rules: [FillRule] = [.nonZero, .evenOdd]
                list.append(.init(name: "nudge-\(kind.rawValue)-moved-\(nudge)", a: scaled(a), b: scaled(moved), rules: rules))
                list.append(.init(name: "nudge-\(kind.rawValue)-turned-\(nudge)", a: scaled(a), b: scaled(turned), rules: rules))
                list.append(.init(name: "nudge-\(kind.rawValue)-grown-\(nudge)", a: scaled(a), b: scaled(grown), rules: rules))
                // A part of the shape (its first two sides and the chord back), moved.
                var part = Path()
                let segments = a.elements.indices.compactMap { a.segment(at: $0) }
                try! part.move(to: segments[0].start)
                for s in segments.prefix(2) {
                    switch s {
                    case .line(let l): try! part.line(to: l.p1)
                    case .quadratic(let q): try! part.quad(control: q.p1, to: q.p2)
                    case .cubic(let c): try! part.curve(control1: c.p1, control2: c.p2, to: c.p3)
                    case .arc(let arc): try! part.append(arc: arc)
                    }
                }
                part.close()
                list.append(
                    .init(name: "nudge-\(kind.rawValue)-part-\(nudge)", a: scaled(a), b: scaled(mapped(part, .translation(d.dx, d.dy))), rules: rules)
                )
                // Two quadrilaterals that meet at a vertex of the first, the second's corner nudged.
                let v = segments[0].end
                var quad = Path()
                try! quad.move(to: v + d)
                try! quad.line(to: v + Vector(40, 5))
                try! quad.line(to: v + Vector(35, 40))
                try! quad.line(to: v + Vector(5, 30))
                quad.close()
                list.append(.init(name: "nudge-\(kind.rawValue)-vertex-\(nudge)", a: scaled(a), b: scaled(quad), rules: rules))
            }
        }
        // Curves that cross with a contact of the third order: y = x³ against y = (1 + nudge)·x³
        // (the ends moved by the nudge), which stay within the tolerance of each other along a
        // stretch about the crossing however the pieces are cut.
        for (k, nudge) in nudges.enumerated() {
            let scale = [1.0, 1e-3, 1e6][k % 3]
            list.append(.init(name: "contact-C-\(nudge)", a: contact(1, scale), b: contact(1 + nudge, scale), rules: [.nonZero, .evenOdd]))
        }
        return list
    }

    /// The shape bounded by y = c·x³ for x from −1 to 1 (one cubic: its control points are
    /// (−1, −c), (−⅓, c), (⅓, −c), (1, c)) and the lines back by (1, −1), 30 units to one, about
    /// (50, 50), scaled by `scale`.
    static func contact(_ c: Double, _ scale: Double) -> Path {
        func p(_ x: Double, _ y: Double) -> Point { Point((50 + 30 * x) * scale, (50 + 30 * y) * scale) }
        var path = Path()
        try! path.move(to: p(-1, -c))
        try! path.curve(control1: p(-1.0 / 3, c), control2: p(1.0 / 3, -c), to: p(1, c))
        try! path.line(to: p(1, -1))
        path.close()
        return path
    }
}
