import ShapeGeometry
import ShapeLanguage

/// The path as code: SVG path data and Swift for UIBezierPath. Numbers are written at full
/// precision (shortest round-trip), so reading the output back gives the same doubles.
public enum PathExport {
    static func n(_ x: Double) -> String { NumberFormat.json(x) }

    /// The semi-axes and rotation (radians) of an arc's ellipse, from its axis vectors u and v:
    /// with E = u·u, F = u·v, G = v·v, the axes lie at the parameter t₀ = ½·Maths.atan2(2F, E − G).
    static func axes(_ a: Arc) -> (rx: Double, ry: Double, rotation: Double) {
        if a.isCircular { return (a.radius, a.radius, 0) }
        let e = a.u.dot(a.u), f = a.u.dot(a.v), g = a.v.dot(a.v)
        let t0 = 0.5 * Maths.atan2(2 * f, e - g)
        let major = a.u * Maths.cos(t0) + a.v * Maths.sin(t0)
        let minor = a.u * Maths.cos(t0 + .pi / 2) + a.v * Maths.sin(t0 + .pi / 2)
        return (major.length, minor.length, Maths.atan2(major.dy, major.dx))
    }

    /// How near a short decimal a coordinate must be to be written as it: 1e-12 of the path's
    /// size (its largest extent or coordinate). Far below any drawing's resolution, far above the
    /// rounding that transforms and arcs leave (1e-15 to 1e-14 of it).
    public static let cleanTolerance = 1e-12
    /// The most multiples of π/12 an angle is written as (`.pi * k / 12`): past it, a decimal.
    static let largestMultiple = 1e6

    /// The tolerance for the path's clean numbers; 0 keeps every bit (`export ... exact`).
    static func tolerance(for path: Path, exact: Bool) -> Double {
        guard !exact, let b = path.bounds else { return 0 }
        let size = Swift.max(b.width, b.height, abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY))
        return cleanTolerance * size
    }

    /// SVG path data: M, L, Q, C, A and Z, absolute; every number within 1e-12 of the path's
    /// size of a short decimal written as it, unless `exact`.
    public static func svg(_ path: Path, exact: Bool = false) -> String {
        let tolerance = tolerance(for: path, exact: exact)
        func c(_ x: Double) -> String { exact ? n(x) : NumberFormat.clean(x, tolerance: tolerance) }
        var parts: [String] = []
        func p(_ q: Point) -> String { "\(c(q.x)) \(c(q.y))" }
        for e in path.elements {
            switch e {
            case .move(let q): parts.append("M \(p(q))")
            case .close: parts.append("Z")
            case .segment(.line(let l)): parts.append("L \(p(l.p1))")
            case .segment(.quadratic(let q)): parts.append("Q \(p(q.p1)) \(p(q.p2))")
            case .segment(.cubic(let cubic)): parts.append("C \(p(cubic.p1)) \(p(cubic.p2)) \(p(cubic.p3))")
            case .segment(.arc(let a)):
                if let pieces = arcCommands(a, tolerance: tolerance) { parts.append(pieces) }
            }
        }
        return parts.joined(separator: " ")
    }

    /// An arc as SVG `A` commands from its start (nil for an arc of no size or sweep). SVG's
    /// endpoint form is ill-conditioned near a half turn (the centre comes from the square root
    /// of a near-zero difference, so rounding of 1e-16 moves it by 1e-8), and a full turn cannot
    /// be one command at all: arcs are cut into equal pieces of at most 120°.
    public static func arcCommands(_ a: Arc, tolerance: Double = 0) -> String? {
        var out = ""
        return arcCommands(a, tolerance: tolerance, into: &out) ? out : nil
    }

    /// `arcCommands` written straight into `out` (false, and nothing written, for an arc of no
    /// size or sweep): the workbench's scene writes thousands of them.
    public static func arcCommands(_ a: Arc, tolerance: Double = 0, into out: inout String) -> Bool {
        func n(_ x: Double) {
            if tolerance > 0 { out += NumberFormat.clean(x, tolerance: tolerance) } else { NumberFormat.json(x, into: &out) }
        }
        let (rx, ry, rotation) = axes(a)
        guard a.sweep != 0, rx > 0, ry > 0 else { return false }
        let det = a.u.cross(a.v)
        let sweepFlag = a.sweep * det > 0 ? " 1 " : " 0 "
        let degrees = tolerance > 0 ? NumberFormat.clean(rotation * 180 / .pi, tolerance: Magnitude.wholeDegree) : PathExport.n(rotation * 180 / .pi)
        let count = Swift.max(1, Int(saturating: (abs(a.sweep) / (2 * .pi / 3)).rounded(.up)))
        for k in 0..<count {
            var piece = a
            piece.startAngle = a.startAngle + a.sweep * Double(k) / Double(count)
            piece.sweep = a.sweep / Double(count)
            let end = k == count - 1 ? a.end : piece.end
            out += k == 0 ? "A " : " A "
            n(rx)
            out += " "
            n(ry)
            out += " " + degrees + " 0" + sweepFlag
            n(end.x)
            out += " "
            n(end.y)
        }
        return true
    }

    /// An angle in radians as Swift: a multiple of π/12 (to 1e-12) as `.pi`, `.pi / 2`,
    /// `.pi * 3 / 2`, `-.pi / 4`, ...; else its clean decimal (or every bit, for `exact`).
    public static func angle(_ a: Double, exact: Bool) -> String {
        if exact { return n(a) }
        for q in [1, 2, 3, 4, 6, 12] {
            let k = (a * Double(q) / .pi).rounded()
            guard abs(a - k * .pi / Double(q)) <= cleanTolerance * Swift.max(1, abs(a)), abs(k) < largestMultiple else { continue }
            if k == 0 { return "0" }
            let sign = k < 0 ? "-" : "", m = Int(saturating: abs(k))
            switch (m, q) {
            case (1, 1): return sign + ".pi"
            case (_, 1): return sign + ".pi * \(m)"
            case (1, _): return sign + ".pi / \(q)"
            default: return sign + ".pi * \(m) / \(q)"
            }
        }
        return NumberFormat.clean(a, tolerance: cleanTolerance * Swift.max(1, abs(a)))
    }

    /// What `export` prints or writes: Swift for the request's target, SVG path data, or the
    /// track points as a Swift array.
    public static func render(_ r: ExportRequest) -> String {
        switch r.format {
        case .svg: return svg(r.path, exact: r.exact)
        case .points: return points(r)
        case .swift:
            if let f = r.function { return function(f, r) }
            return swift(r.path, target: r.target, name: r.name, dash: r.dash, exact: r.exact)
        }
    }

    /// The clean-number writer for a path: numbers within 1e-12 of its size of a short decimal
    /// written as it, unless `exact`.
    static func numbers(_ path: Path, exact: Bool) -> (Double) -> String {
        let tolerance = tolerance(for: path, exact: exact)
        return { x in exact ? PathExport.n(x) : NumberFormat.clean(x, tolerance: tolerance) }
    }

    /// Swift code that builds the same path with `target`: numbers within 1e-12 of the path's
    /// size of a short decimal written as it and angles that are multiples of π/12 as `.pi`
    /// fractions, unless `exact`. With a dash pattern, the target's way to stroke dashed.
    public static func swift(
        _ path: Path, target: SwiftTarget = .uikit, name: String = "path", dash: DashPattern? = nil, exact: Bool = false
    ) -> String {
        let n = numbers(path, exact: exact)
        func angle(_ a: Double) -> String { PathExport.angle(a, exact: exact) }
        let code = SwiftCode(target: target, variable: target == .shape ? "path" : name)
        var lines = [code.declaration]
        func p(_ q: Point) -> String { SwiftCode.point(n(q.x), n(q.y)) }
        for e in path.elements {
            switch e {
            case .move(let q): lines.append(code.move(p(q)))
            case .close: lines.append(code.close())
            case .segment(.line(let l)): lines.append(code.line(p(l.p1)))
            case .segment(.quadratic(let q)): lines.append(code.quad(control: p(q.p1), to: p(q.p2)))
            case .segment(.cubic(let c)): lines.append(code.curve(p(c.p1), p(c.p2), to: p(c.p3)))
            case .segment(.arc(let a)) where a.isCircular:
                // A rotated circle is the same circle with shifted angles; a reflected one runs
                // the other way.
                let phi = Maths.atan2(a.u.dy, a.u.dx)
                let reflected = a.u.cross(a.v) < 0
                let start = reflected ? phi - a.startAngle : a.startAngle + phi
                let delta = reflected ? -a.sweep : a.sweep
                lines.append(
                    code.relativeArc(
                        center: p(a.center), radius: n(a.radius), start: angle(start), delta: angle(delta), end: angle(start + delta),
                        increasing: delta > 0))
            case .segment(.arc(let a)):
                // No target has an elliptical arc: the unit circle's arc through the transform
                // that makes it this ellipse.
                lines.append("// An elliptical arc: the unit circle's arc, transformed.")
                lines += code.unitArc(
                    start: angle(a.startAngle), delta: angle(a.sweep),
                    transform:
                        "CGAffineTransform(a: \(n(a.u.dx)), b: \(n(a.u.dy)), c: \(n(a.v.dx)), d: \(n(a.v.dy)), tx: \(n(a.center.x)), ty: \(n(a.center.y)))"
                )
            }
        }
        let dashLines = dash.map { code.dash(lengths: $0.lengths.map(n), phase: n($0.phase), shapeMember: target == .shape) } ?? []
        guard target == .shape else { return (lines + dashLines).joined(separator: "\n") }
        // A Shape draws the design scaled into the rect it is given.
        let b = path.bounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let sx = b.width > 0 ? "rect.width / design.width" : "1", sy = b.height > 0 ? "rect.height / design.height" : "1"
        var out = ["struct \(name): Shape {"]
        if !dashLines.isEmpty { out += dashLines.map { "    " + $0 } + [""] }
        out.append("    func path(in rect: CGRect) -> Path {")
        out += lines.map { "        " + $0 }
        out += [
            "        // The design spans (\(n(b.minX)), \(n(b.minY))) to (\(n(b.maxX)), \(n(b.maxY))): it is scaled to fill rect.",
            "        let design = CGRect(x: \(n(b.minX)), y: \(n(b.minY)), width: \(n(b.width)), height: \(n(b.height)))",
            "        return path.applying(",
            "            CGAffineTransform(translationX: rect.minX, y: rect.minY)",
            "                .scaledBy(x: \(sx), y: \(sy))",
            "                .translatedBy(x: -design.minX, y: -design.minY))",
            "    }",
            "}",
        ]
        return out.joined(separator: "\n")
    }

    /// The track points as a Swift array: `[CGPoint]`, or with angles `[(point: CGPoint, angle:
    /// CGFloat)]` (the path's direction there, radians, increasing clockwise on screen).
    static func points(_ r: ExportRequest) -> String {
        let n = numbers(r.path, exact: r.exact)
        func p(_ q: Point) -> String { SwiftCode.point(n(q.x), n(q.y)) }
        if let angles = r.angles {
            var lines = ["let \(r.name): [(point: CGPoint, angle: CGFloat)] = ["]
            for (q, a) in zip(r.points, angles) { lines.append("    (\(p(q)), \(angle(a, exact: r.exact))),") }
            return (lines + ["]"]).joined(separator: "\n")
        }
        var lines = ["let \(r.name): [CGPoint] = ["]
        for q in r.points { lines.append("    \(p(q)),") }
        return (lines + ["]"]).joined(separator: "\n")
    }

    /// A def translated to Swift: a function of its parameters that returns the target's path, or
    /// for `shape` a Shape whose properties are the parameters. A parameter the body knows by
    /// another name (one named `path`) or changes is copied into a variable first.
    static func function(_ f: SwiftFunction, _ r: ExportRequest) -> String {
        let code = SwiftCode(target: r.target)
        if r.target == .shape {
            var out = ["struct \(r.name): Shape {"]
            out += f.parameters.map { "    var \($0.label): CGFloat" }
            if !f.parameters.isEmpty { out.append("") }
            out += [
                "    /// Drawn as the def draws it, moved to the rect's origin.",
                "    func path(in rect: CGRect) -> Path {",
            ]
            let copies = f.parameters.filter { $0.mutable || $0.local != $0.label }.map {
                "\($0.mutable ? "var" : "let") \($0.local) = self.\($0.label)"
            }
            out += (copies + [code.declaration] + f.body).map { $0.isEmpty ? "" : "        " + $0 }
            out += ["        return path.offsetBy(dx: rect.minX, dy: rect.minY)", "    }", "}"]
            return out.joined(separator: "\n")
        }
        // In the signature: the label, and the name the body reads (or copies) when it differs.
        var copies: [String] = []
        let parameters = f.parameters.map { p -> String in
            if p.mutable { copies.append("var \(p.local) = \(p.given)") }
            return p.given == p.label ? "\(p.label): CGFloat" : "\(p.label) \(p.given): CGFloat"
        }.joined(separator: ", ")
        var out = ["func \(r.name)(\(parameters)) -> \(code.pathType) {"]
        out += (copies + [code.declaration] + f.body).map { $0.isEmpty ? "" : "    " + $0 }
        out += ["    return path", "}"]
        return out.joined(separator: "\n")
    }
}
