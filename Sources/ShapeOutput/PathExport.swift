#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeGeometry
import ShapeLanguage

/// The path as code: SVG path data and Swift for UIBezierPath. Numbers are written at full
/// precision (shortest round-trip), so reading the output back gives the same doubles.
public enum PathExport {
    static func n(_ x: Double) -> String { NumberFormat.json(x) }

    /// The semi-axes and rotation (radians) of an arc's ellipse, from its axis vectors u and v:
    /// with E = u·u, F = u·v, G = v·v, the axes lie at the parameter t₀ = ½·atan2(2F, E − G).
    static func axes(_ a: Arc) -> (rx: Double, ry: Double, rotation: Double) {
        if a.isCircular { return (a.radius, a.radius, 0) }
        let e = a.u.dot(a.u), f = a.u.dot(a.v), g = a.v.dot(a.v)
        let t0 = 0.5 * atan2(2 * f, e - g)
        let major = a.u * cos(t0) + a.v * sin(t0)
        let minor = a.u * cos(t0 + .pi / 2) + a.v * sin(t0 + .pi / 2)
        return (major.length, minor.length, atan2(major.dy, major.dx))
    }

    /// How near a short decimal a coordinate must be to be written as it: 1e-12 of the path's
    /// size (its largest extent or coordinate). Far below any drawing's resolution, far above the
    /// rounding that transforms and arcs leave (1e-15 to 1e-14 of it).
    public static let cleanTolerance = 1e-12

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
        func n(_ x: Double) -> String { tolerance > 0 ? NumberFormat.clean(x, tolerance: tolerance) : PathExport.n(x) }
        let (rx, ry, rotation) = axes(a)
        guard a.sweep != 0, rx > 0, ry > 0 else { return nil }
        let det = a.u.cross(a.v)
        let sweepFlag = a.sweep * det > 0 ? 1 : 0
        let degrees = tolerance > 0 ? NumberFormat.clean(rotation * 180 / .pi, tolerance: 1e-9) : PathExport.n(rotation * 180 / .pi)
        let count = Swift.max(1, Int((abs(a.sweep) / (2 * .pi / 3)).rounded(.up)))
        var parts: [String] = []
        for k in 0..<count {
            var piece = a
            piece.startAngle = a.startAngle + a.sweep * Double(k) / Double(count)
            piece.sweep = a.sweep / Double(count)
            let end = k == count - 1 ? a.end : piece.end
            parts.append("A \(n(rx)) \(n(ry)) \(degrees) 0 \(sweepFlag) \(n(end.x)) \(n(end.y))")
        }
        return parts.joined(separator: " ")
    }

    /// An angle in radians as Swift: a multiple of π/12 (to 1e-12) as `.pi`, `.pi / 2`,
    /// `.pi * 3 / 2`, `-.pi / 4`, ...; else its clean decimal (or every bit, for `exact`).
    public static func angle(_ a: Double, exact: Bool) -> String {
        if exact { return n(a) }
        for q in [1, 2, 3, 4, 6, 12] {
            let k = (a * Double(q) / .pi).rounded()
            guard abs(a - k * .pi / Double(q)) <= 1e-12 * Swift.max(1, abs(a)), abs(k) < 1e6 else { continue }
            if k == 0 { return "0" }
            let sign = k < 0 ? "-" : "", m = Int(abs(k))
            switch (m, q) {
            case (1, 1): return sign + ".pi"
            case (_, 1): return sign + ".pi * \(m)"
            case (1, _): return sign + ".pi / \(q)"
            default: return sign + ".pi * \(m) / \(q)"
            }
        }
        return NumberFormat.clean(a, tolerance: 1e-12 * Swift.max(1, abs(a)))
    }

    /// Swift code that builds the same path with UIBezierPath: numbers within 1e-12 of the
    /// path's size of a short decimal written as it and angles that are multiples of π/12 as
    /// `.pi` fractions, unless `exact`.
    public static func swift(_ path: Path, exact: Bool = false) -> String {
        let tolerance = tolerance(for: path, exact: exact)
        func n(_ x: Double) -> String { exact ? PathExport.n(x) : NumberFormat.clean(x, tolerance: tolerance) }
        func angle(_ a: Double) -> String { PathExport.angle(a, exact: exact) }
        var lines = ["let path = UIBezierPath()"]
        func p(_ q: Point) -> String { "CGPoint(x: \(n(q.x)), y: \(n(q.y)))" }
        for e in path.elements {
            switch e {
            case .move(let q): lines.append("path.move(to: \(p(q)))")
            case .close: lines.append("path.close()")
            case .segment(.line(let l)): lines.append("path.addLine(to: \(p(l.p1)))")
            case .segment(.quadratic(let q)): lines.append("path.addQuadCurve(to: \(p(q.p2)), controlPoint: \(p(q.p1)))")
            case .segment(.cubic(let c)):
                lines.append("path.addCurve(to: \(p(c.p3)), controlPoint1: \(p(c.p1)), controlPoint2: \(p(c.p2)))")
            case .segment(.arc(let a)) where a.isCircular:
                // A rotated circle is the same circle with shifted angles; a reflected one runs
                // the other way. UIKit's clockwise means increasing angle (y down).
                let phi = atan2(a.u.dy, a.u.dx)
                let reflected = a.u.cross(a.v) < 0
                let start = reflected ? phi - a.startAngle : a.startAngle + phi
                let end = reflected ? start - a.sweep : start + a.sweep
                let clockwise = reflected ? a.sweep < 0 : a.sweep > 0
                lines.append(
                    "path.addArc(withCenter: \(p(a.center)), radius: \(n(a.radius)), "
                        + "startAngle: \(angle(start)), endAngle: \(angle(end)), clockwise: \(clockwise))")
            case .segment(.arc(let a)):
                // UIBezierPath has no elliptical arc: CGPath draws the unit circle's arc through
                // the transform that makes it this ellipse (CGPath's clockwise is the opposite of
                // UIKit's for the same angles).
                lines.append("// An elliptical arc: the unit circle's arc, transformed.")
                lines.append("if let ellipse = path.cgPath.mutableCopy() {")
                lines.append(
                    "    ellipse.addArc(center: .zero, radius: 1, startAngle: \(angle(a.startAngle)), "
                        + "endAngle: \(angle(a.startAngle + a.sweep)), clockwise: \(a.sweep < 0), "
                        + "transform: CGAffineTransform(a: \(n(a.u.dx)), b: \(n(a.u.dy)), c: \(n(a.v.dx)), "
                        + "d: \(n(a.v.dy)), tx: \(n(a.center.x)), ty: \(n(a.center.y))))")
                lines.append("    path.cgPath = ellipse")
                lines.append("}")
            }
        }
        return lines.joined(separator: "\n")
    }
}
