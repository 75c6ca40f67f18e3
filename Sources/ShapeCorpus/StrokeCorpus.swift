import ShapeGeometry

/// Shapes to stroke and offset, shared by the tests and the benchmark: hand-picked hard cases
/// (cusps, loops, tight bends, coincident control points, tiny segments, closed mixes) and seeded
/// random curves and polylines.
public enum StrokeCorpus {
    static func path(_ build: (inout Path) throws -> Void) -> Path {
        var p = Path()
        try! build(&p)
        return p
    }

    /// The hand-picked shapes, by name.
    public static let named: [(name: String, path: Path)] = [
        (
            "arch",
            path {
                try $0.move(to: Point(0, 0)); try $0.curve(control1: Point(30, 120), control2: Point(170, 120), to: Point(200, 0))
            }
        ),
        (
            "s-curve",
            path {
                try $0.move(to: Point(0, 0)); try $0.curve(control1: Point(120, -60), control2: Point(40, 160), to: Point(200, 80))
            }
        ),
        (
            "loop",
            path {
                try $0.move(to: Point(0, 0)); try $0.curve(control1: Point(250, 100), control2: Point(-50, 100), to: Point(200, 0))
            }
        ),
        (
            "cusp",
            path {
                try $0.move(to: Point(0, 0)); try $0.curve(control1: Point(200, 100), control2: Point(0, 100), to: Point(200, 0))
            }
        ),
        (
            "near-cusp",
            path {
                try $0.move(to: Point(0, 0)); try $0.curve(control1: Point(200, 100), control2: Point(1, 100), to: Point(200, 0))
            }
        ),
        (
            "coincident controls",
            path {
                try $0.move(to: Point(0, 0)); try $0.curve(control1: Point(0, 0), control2: Point(100, 100), to: Point(100, 100))
            }
        ),
        (
            "quad",
            path {
                try $0.move(to: Point(0, 0)); try $0.quad(control: Point(100, 150), to: Point(200, 0))
            }
        ),
        (
            "polyline",
            path {
                try $0.move(to: Point(0, 0)); try $0.line(to: Point(100, 0)); try $0.line(to: Point(60, 60)); try $0.line(to: Point(160, 90))
            }
        ),
        ("arc", path { try $0.arc(center: Point(0, 0), radius: 50, startAngle: 0, endAngle: 4, clockwise: true) }),
        ("tight arc", path { try $0.arc(center: Point(0, 0), radius: 8, startAngle: 0, endAngle: 2, clockwise: false) }),
        ("rounded card", path { try $0.addRoundedRect(x: 0, y: 0, width: 160, height: 100, cornerRadius: 12) }),
        ("circle", path { try $0.addCircle(center: Point(0, 0), radius: 40) }),
        (
            "tiny segments",
            path {
                try $0.move(to: Point(0, 0)); try $0.line(to: Point(1e-4, 0))
                try $0.curve(control1: Point(50, 80), control2: Point(100, -80), to: Point(150, 0)); try $0.line(to: Point(150, 1e-4))
            }
        ),
        (
            "mixed closed",
            path {
                try $0.move(to: Point(0, 0)); try $0.line(to: Point(100, 0)); try $0.quad(control: Point(150, 50), to: Point(100, 100))
                try $0.arc(center: Point(50, 100), radius: 50, startAngle: 0, endAngle: Double.pi, clockwise: true); $0.close()
            }
        ),
        (
            // Seed 004's card (335 × 200, corners of 30, the slot of 30), as examples/lib/card.shape draws it.
            "seed card",
            path {
                let (w, h, r, sl) = (335.0, 200.0, 30.0, 30.0)
                let bottom = h - sl
                let deg = Double.pi / 180
                try $0.move(to: Point(r, 0)); try $0.line(to: Point(w - r, 0))
                try $0.arc(center: Point(w - r, r), radius: r, startAngle: 270 * deg, endAngle: 0, clockwise: true)
                try $0.line(to: Point(w, bottom - r))
                try $0.arc(center: Point(w - r, bottom - r), radius: r, startAngle: 0, endAngle: 90 * deg, clockwise: true)
                try $0.line(to: Point(w / 4 * 3, bottom))
                try $0.arc(center: Point(w / 4 * 3 - sl, bottom), radius: sl, startAngle: 0, endAngle: 90 * deg, clockwise: true)
                try $0.line(to: Point(w / 4 + sl, bottom + sl))
                try $0.arc(center: Point(w / 4 + sl, bottom), radius: sl, startAngle: 90 * deg, endAngle: 180 * deg, clockwise: true)
                try $0.line(to: Point(r, bottom))
                try $0.arc(center: Point(r, bottom - r), radius: r, startAngle: 90 * deg, endAngle: 180 * deg, clockwise: true)
                try $0.line(to: Point(0, r))
                try $0.arc(center: Point(r, r), radius: r, startAngle: 180 * deg, endAngle: 270 * deg, clockwise: true)
                $0.close()
            }
        ),
        (
            // Seed 000's figure 8: two circles' arcs crossing at the middle.
            "seed figure 8",
            path {
                let radius = 80.0, shift = 2 * 80 * 0.5.squareRoot()
                let deg = Double.pi / 180
                try $0.arc(center: Point(160, 240 - shift), radius: radius, startAngle: 45 * deg, endAngle: -225 * deg, clockwise: false)
                try $0.arc(center: Point(160, 240 + shift), radius: radius, startAngle: -45 * deg, endAngle: 225 * deg, clockwise: true)
                $0.close()
            }
        ),
    ]

    /// The named shapes and `count` seeded random ones: single cubics, quadratics and polylines of
    /// four points, in a 200 × 200 box.
    public static func shapes(random count: Int) -> [(name: String, path: Path)] {
        var rng = SeededRandom(seed: 2026)
        func p() -> Point { Point(Double.random(in: 0...200, using: &rng), Double.random(in: 0...200, using: &rng)) }
        var result = named
        for k in 0..<count {
            var path = Path()
            try! path.move(to: p())
            switch k % 3 {
            case 0: try! path.curve(control1: p(), control2: p(), to: p())
            case 1: try! path.quad(control: p(), to: p())
            default: for _ in 0..<3 { try! path.line(to: p()) }
            }
            result.append(("random \(k)", path))
        }
        return result
    }
}
