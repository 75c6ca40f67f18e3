#if canImport(Glibc)
import Glibc
#endif
import ShapeGeometry

/// The bytes a fuzz finding is written as in docs and tests: two hexadecimal digits each.
public func fuzzBytes(hex: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var i = hex.startIndex
    while i < hex.endIndex {
        let j = hex.index(i, offsetBy: 2)
        bytes.append(UInt8(hex[i..<j], radix: 16)!)
        i = j
    }
    return bytes
}

/// Small paths from fuzz bytes (the boolean and offset fuzz targets' input, and their findings
/// replayed in the tests).
public struct FuzzPaths {
    /// Whether `booleanPair` makes the second path a nudged copy of the first.
    public static func isNudgedPair(_ bytes: [UInt8]) -> Bool { bytes.count >= 3 && (bytes[0] >> 1) & 3 == 3 }

    /// For a nudged pair, the nudge as a fraction of the first path's size (1e-3 to 1e-12).
    public static func nudge(_ bytes: [UInt8]) -> Double? {
        guard isNudgedPair(bytes) else { return nil }
        return pow(10, -3 - Double(bytes[bytes.count - 1] % 10))
    }

    /// The boolean fuzz target's two paths: read one after the other from byte 1; for a quarter
    /// of the inputs (bits 1 and 2 of the first byte set) the second is the first, or its first
    /// two segments closed, moved, turned or grown by a nudge of 1e-12 to 1e-3 of its size, and
    /// the pair is scaled by 1, 1e-3 or 1e6 (all chosen by the last two bytes).
    public static func booleanPair(_ bytes: [UInt8]) -> (a: Path, b: Path) {
        var reader = FuzzPaths(bytes: bytes, at: 1)
        let a = reader.path(), b = reader.path()
        guard isNudgedPair(bytes), let box = a.bounds else { return (a, b) }
        let knob = bytes[bytes.count - 1], size = Swift.max(box.width, box.height, 1)
        let nudge = FuzzPaths.nudge(bytes)! * size
        let center = Point(box.minX + box.width / 2, box.minY + box.height / 2)
        let angle = Double(bytes[bytes.count - 2]) / 255 * 2 * Double.pi
        var copy = a
        if knob & 0x80 != 0 {
            var part = Path()
            let segments = a.elements.indices.compactMap { a.segment(at: $0) }.prefix(2)
            if let first = segments.first {
                try? part.move(to: first.start)
                for s in segments {
                    switch s {
                    case .line(let l): try? part.line(to: l.p1)
                    case .quadratic(let q): try? part.quad(control: q.p1, to: q.p2)
                    case .cubic(let c): try? part.curve(control1: c.p1, control2: c.p2, to: c.p3)
                    case .arc(let arc): try? part.append(arc: arc)
                    }
                }
                part.close()
                copy = part
            }
        }
        let m: AffineTransform =
            switch (knob >> 4) % 3 {
            case 0: .translation(nudge * cos(angle), nudge * sin(angle))
            case 1: .rotation(nudge / size, about: center)
            default: .scale(1 + nudge / size, 1 + nudge / size, about: center)
            }
        let scale = [1.0, 1e-3, 1e6][Int(knob >> 6) % 3]
        guard let moved = try? copy.transformed(by: m), let sa = try? a.transformed(by: .scale(scale, scale)),
            let sb = try? moved.transformed(by: .scale(scale, scale))
        else { return (a, b) }
        return (sa, sb)
    }

    let bytes: [UInt8]
    var at: Int

    public init(bytes: [UInt8], at: Int) { self.bytes = bytes; self.at = at }

    mutating func next() -> UInt8? {
        guard at < bytes.count else { return nil }
        defer { at += 1 }
        return bytes[at]
    }

    /// A coordinate: mostly on a grid of 10 (0 ... 150), sometimes finer.
    mutating func coordinate() -> Double {
        let v = next() ?? 0
        return v < 224 ? Double(v & 15) * 10 : Double(v) * 0.61
    }

    mutating func point() -> Point {
        let x = coordinate()
        return Point(x, coordinate())
    }

    /// Up to 12 commands, until a byte of 0xFF (the next path starts).
    public mutating func path() -> Path {
        var p = Path()
        var count = 0
        while count < 12, let op = next(), op != 0xFF {
            count += 1
            do {
                switch op % 8 {
                case 0: try p.move(to: point())
                case 1, 2: if p.currentPoint == nil { try p.move(to: point()) } else { try p.line(to: point()) }
                case 3: if p.currentPoint == nil { try p.move(to: point()) } else { try p.quad(control: point(), to: point()) }
                case 4: if p.currentPoint == nil { try p.move(to: point()) } else { try p.curve(control1: point(), control2: point(), to: point()) }
                case 5:
                    let c = point(), r = Double((next() ?? 0) % 8) * 10
                    let start = Double((next() ?? 0) % 8) * Double.pi / 4, end = Double((next() ?? 0) % 16) * Double.pi / 4
                    try p.arc(center: c, radius: r, startAngle: start, endAngle: end, clockwise: op & 8 == 0)
                case 6: try p.addCircle(center: point(), radius: Double((next() ?? 0) % 8) * 10)
                default: p.close()
                }
            } catch {}
        }
        return p
    }
}
