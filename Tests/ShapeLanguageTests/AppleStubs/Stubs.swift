// Small stand-ins for the parts of CoreGraphics, UIKit and SwiftUI that `export swift` writes,
// with the real APIs' names and meanings (Linux has none of them), for the export tests: the
// code `shape` writes is compiled against them, run, and its path sampled.
//
// Meanings kept: y points down on screen; UIKit's `clockwise: true` is increasing angle; Core
// Graphics' and SwiftUI's `clockwise: true` is decreasing angle (their documentation's
// "clockwise" is for y up); `addRelativeArc`'s delta is signed, positive increasing; an arc
// starting away from the current point is joined to it by a line, and one with no current point
// starts a subpath; the sweep between two angles follows the canvas rule that UIKit follows;
// `scaledBy` and `translatedBy` apply before the transform they are called on.
import Foundation

typealias CGFloat = Double

struct CGPoint: Equatable {
    var x: CGFloat, y: CGFloat
    static let zero = CGPoint(x: 0, y: 0)
}

struct CGRect {
    var x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat
    init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) { self.x = x; self.y = y; self.width = width; self.height = height }
    var minX: CGFloat { x }
    var minY: CGFloat { y }
    var maxX: CGFloat { x + width }
    var maxY: CGFloat { y + height }
    var midX: CGFloat { x + width / 2 }
    var midY: CGFloat { y + height / 2 }
    var standardized: CGRect {
        CGRect(x: min(x, x + width), y: min(y, y + height), width: abs(width), height: abs(height))
    }
}

struct CGAffineTransform {
    var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
    init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    init(translationX x: CGFloat, y: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    init(scaleX x: CGFloat, y: CGFloat) { self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }
    static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    /// First self, then t.
    func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d, c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }
    func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform { CGAffineTransform(scaleX: x, y: y).concatenating(self) }
    func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform { CGAffineTransform(translationX: x, y: y).concatenating(self) }
    func apply(_ p: CGPoint) -> CGPoint { CGPoint(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty) }
}

/// One drawn piece, sampled by `point(at:)`.
enum Piece {
    case line(CGPoint, CGPoint)
    case quad(CGPoint, CGPoint, CGPoint)
    case cubic(CGPoint, CGPoint, CGPoint, CGPoint)
    /// The unit circle's arc from `start` turning by `sweep`, through `transform`.
    case arc(start: CGFloat, sweep: CGFloat, transform: CGAffineTransform)

    func point(at t: CGFloat) -> CGPoint {
        let s = 1 - t
        switch self {
        case .line(let p, let q): return CGPoint(x: s * p.x + t * q.x, y: s * p.y + t * q.y)
        case .quad(let p, let c, let q):
            return CGPoint(x: s * s * p.x + 2 * s * t * c.x + t * t * q.x, y: s * s * p.y + 2 * s * t * c.y + t * t * q.y)
        case .cubic(let p, let c1, let c2, let q):
            let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
            return CGPoint(x: a * p.x + b * c1.x + c * c2.x + d * q.x, y: a * p.y + b * c1.y + c * c2.y + d * q.y)
        case .arc(let start, let sweep, let m):
            let angle = start + t * sweep
            return m.apply(CGPoint(x: cos(angle), y: sin(angle)))
        }
    }

    func transformed(_ m: CGAffineTransform) -> Piece {
        switch self {
        case .line(let p, let q): return .line(m.apply(p), m.apply(q))
        case .quad(let p, let c, let q): return .quad(m.apply(p), m.apply(c), m.apply(q))
        case .cubic(let p, let c1, let c2, let q): return .cubic(m.apply(p), m.apply(c1), m.apply(c2), m.apply(q))
        case .arc(let start, let sweep, let t): return .arc(start: start, sweep: sweep, transform: t.concatenating(m))
        }
    }
}

/// The path every stub type keeps: pieces, the current point and the subpath's start.
struct Recording {
    var pieces: [Piece] = []
    var current: CGPoint?
    var subpathStart: CGPoint?

    mutating func move(_ p: CGPoint) { current = p; subpathStart = p }
    mutating func add(_ piece: Piece) {
        guard current != nil else { fatalError("no current point") }
        pieces.append(piece)
        current = piece.point(at: 1)
    }
    mutating func close() {
        guard let c = current, let s = subpathStart else { return }
        pieces.append(.line(c, s))
        current = s
    }
    /// An arc with the line that joins it, or the move that starts it.
    mutating func arc(center: CGPoint, radius: CGFloat, start: CGFloat, sweep: CGFloat, transform: CGAffineTransform) {
        let m = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: center.x, ty: center.y).concatenating(transform)
        let piece = Piece.arc(start: start, sweep: sweep, transform: m)
        let first = piece.point(at: 0)
        if let c = current { pieces.append(.line(c, first)) } else { subpathStart = first }
        pieces.append(piece)
        current = piece.point(at: 1)
    }
    /// The canvas rule for the sweep from `start` to `end` in one direction.
    static func sweep(_ start: CGFloat, _ end: CGFloat, increasing: Bool) -> CGFloat {
        let turn = 2 * CGFloat.pi
        func positive(_ a: CGFloat) -> CGFloat {
            var r = fmod(a, turn)
            if r < 0 { r += turn }
            return r >= turn ? 0 : r
        }
        if increasing { return end - start >= turn ? turn : positive(end - start) }
        return start - end >= turn ? -turn : -positive(start - end)
    }
    func transformed(_ m: CGAffineTransform) -> Recording {
        var r = self
        r.pieces = pieces.map { $0.transformed(m) }
        r.current = current.map(m.apply)
        r.subpathStart = subpathStart.map(m.apply)
        return r
    }
}

class CGPath {
    var recording = Recording()
    func mutableCopy() -> CGMutablePath? {
        let copy = CGMutablePath()
        copy.recording = recording
        return copy
    }
}

class CGMutablePath: CGPath {
    func move(to p: CGPoint, transform: CGAffineTransform = .identity) { recording.move(transform.apply(p)) }
    func addLine(to p: CGPoint, transform: CGAffineTransform = .identity) {
        recording.add(.line(recording.current ?? p, transform.apply(p)))
    }
    func addQuadCurve(to p: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        recording.add(.quad(recording.current ?? p, transform.apply(control), transform.apply(p)))
    }
    func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        recording.add(.cubic(recording.current ?? p, transform.apply(control1), transform.apply(control2), transform.apply(p)))
    }
    func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool, transform: CGAffineTransform = .identity
    ) {
        let sweep = Recording.sweep(startAngle, endAngle, increasing: !clockwise)
        recording.arc(center: center, radius: radius, start: startAngle, sweep: sweep, transform: transform)
    }
    func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform = .identity) {
        recording.arc(center: center, radius: radius, start: startAngle, sweep: delta, transform: transform)
    }
    func closeSubpath() { recording.close() }
}

class UIBezierPath {
    private var storage = CGMutablePath()
    var dash: (lengths: [CGFloat], phase: CGFloat)?
    var cgPath: CGPath {
        get { storage }
        set { storage = newValue.mutableCopy()! }
    }
    var recording: Recording { storage.recording }
    func move(to p: CGPoint) { storage.move(to: p) }
    func addLine(to p: CGPoint) { storage.addLine(to: p) }
    func addQuadCurve(to p: CGPoint, controlPoint: CGPoint) { storage.addQuadCurve(to: p, control: controlPoint) }
    func addCurve(to p: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        storage.addCurve(to: p, control1: controlPoint1, control2: controlPoint2)
    }
    func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        // UIKit's clockwise is Core Graphics' counter-clockwise for the same numbers.
        storage.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }
    func close() { storage.closeSubpath() }
    func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dash = (pattern.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [], phase)
    }
}

struct Angle {
    var radians: Double
    static func radians(_ r: Double) -> Angle { Angle(radians: r) }
}

struct StrokeStyle {
    var dash: [CGFloat]
    var dashPhase: CGFloat
    init(lineWidth: CGFloat = 1, dash: [CGFloat] = [], dashPhase: CGFloat = 0) { self.dash = dash; self.dashPhase = dashPhase }
}

struct Path {
    private var storage = CGMutablePath()
    var recording: Recording { storage.recording }
    init() {}
    private mutating func unique() {
        storage = storage.mutableCopy()!
    }
    mutating func move(to p: CGPoint) { unique(); storage.move(to: p) }
    mutating func addLine(to p: CGPoint) { unique(); storage.addLine(to: p) }
    mutating func addQuadCurve(to p: CGPoint, control: CGPoint) { unique(); storage.addQuadCurve(to: p, control: control) }
    mutating func addCurve(to p: CGPoint, control1: CGPoint, control2: CGPoint) {
        unique(); storage.addCurve(to: p, control1: control1, control2: control2)
    }
    mutating func addArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool, transform: CGAffineTransform = .identity
    ) {
        unique()
        storage.addArc(
            center: center, radius: radius, startAngle: startAngle.radians, endAngle: endAngle.radians, clockwise: clockwise, transform: transform)
    }
    mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle, transform: CGAffineTransform = .identity) {
        unique()
        storage.addRelativeArc(center: center, radius: radius, startAngle: startAngle.radians, delta: delta.radians, transform: transform)
    }
    mutating func closeSubpath() { unique(); storage.closeSubpath() }
    func applying(_ m: CGAffineTransform) -> Path {
        var p = Path()
        p.storage.recording = recording.transformed(m)
        return p
    }
    func offsetBy(dx: CGFloat, dy: CGFloat) -> Path { applying(CGAffineTransform(translationX: dx, y: dy)) }
}

protocol Shape {
    func path(in rect: CGRect) -> Path
}

/// Prints a recording's samples: every piece but lines shorter than 1e-9 of `size`, at t = 0,
/// 0.3, 0.7 and 1, one "x y" line each, after a line naming the case.
func report(_ name: String, _ r: Recording, size: CGFloat) {
    print("case \(name)")
    for piece in r.pieces {
        if case .line(let p, let q) = piece, hypot(q.x - p.x, q.y - p.y) < 1e-9 * size { continue }
        for t in [0, 0.3, 0.7, 1.0] {
            let p = piece.point(at: t)
            print("\(p.x) \(p.y)")
        }
    }
}
