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
