import ShapeGeometry
import ShapeLanguage

/// Draws a path in the terminal: Unicode braille (each character cell holds 2×4 dots), or plain
/// ASCII (one mark per cell) where the terminal cannot show braille.
///
/// The path is sampled every half dot along its arc length (plus every element's end), scaled to
/// fit `width` columns with square dots (y down, as on screen); the handle, if any, is drawn as
/// `●` (`@` in ASCII), and a last line gives the extents in path units.
public struct TerminalPlot {
    public var width: Int
    /// The most text rows the plot may take (the extents line not counted).
    public var height: Int
    public var ascii: Bool

    public init(width: Int = 72, height: Int = 24, ascii: Bool = false) {
        self.width = Swift.max(8, Swift.min(width, 400))
        self.height = Swift.max(4, Swift.min(height, 200))
        self.ascii = ascii
    }

    public func render(_ path: Path, handle: Point?, controls: Bool = false, precision: Int = 4) -> String {
        guard var box = path.bounds else { return "(the path is empty)" }
        // The control polygons of the Béziers, when asked for: the box holds them too.
        let polygons: [[Point]] =
            controls
            ? path.elements.compactMap {
                if case .segment(let s) = $0, let points = s.bezierPoints, points.count > 2 { points } else { nil }
            } : []
        for polygon in polygons { for p in polygon { box.include(p) } }
        // Dots per cell: braille 2 across, 4 down; ASCII 1 across, 2 down (cells are about twice
        // as tall as wide).
        let across = ascii ? 1 : 2, down = ascii ? 1 : 4
        let cellAspect = ascii ? 2.0 : 1.0  // height of a dot relative to its width
        // Dots per path unit: as many as the width allows, fewer if the height would not fit.
        // A path with no width or no height (a line, a lone point) is scaled by the other
        // extent, and a single point by 1: the scale is always finite.
        var scale = box.width > 0 ? Double(width * across - 1) / box.width : Double.infinity
        let tallest = Double(height * down - 1) * cellAspect
        if box.height > 0 { scale = Swift.min(scale, tallest / box.height) }
        if !(scale.isFinite && scale > 0) { scale = 1 }
        let dotsX = Int(saturating: (box.width * scale).rounded()) + 1
        let dotsY = Int(saturating: (box.height * scale / cellAspect).rounded()) + 1
        let columns = (dotsX + across - 1) / across
        let rows = (dotsY + down - 1) / down
        var grid = [[Bool]](repeating: [Bool](repeating: false, count: columns * across), count: rows * down)
        func dot(_ p: Point) -> (Int, Int) {
            let x = Int(saturating: ((p.x - box.minX) * scale).rounded()), y = Int(saturating: ((p.y - box.minY) * scale / cellAspect).rounded())
            return (Swift.min(Swift.max(y, 0), dotsY - 1), Swift.min(Swift.max(x, 0), dotsX - 1))
        }
        func plot(_ p: Point) {
            let (y, x) = dot(p)
            grid[y][x] = true
        }
        // Samples at most half a dot apart along each element: equal steps in t, as many as the
        // element's speed bound asks for (no inverse arc length needed), at most about
        // `Limits.plotSamples` in all (spread thinner when a path would need more).
        let wanted = path.elements.indices.map { i in path.segment(at: i).map { $0.speedBound * scale * 2 } ?? 0 }
        let sum = wanted.reduce(0, +)
        let thinning = sum > Double(Limits.plotSamples) ? Double(Limits.plotSamples) / sum : 1
        for i in path.elements.indices {
            guard let segment = path.segment(at: i) else { continue }
            let n = Int(saturating: Swift.min(wanted[i] * thinning, Double(Limits.plotSamples))) + 1
            for k in 0...n { plot(segment.point(at: Double(k) / Double(n))) }
        }
        for e in path.elements {
            switch e {
            case .move(let p): plot(p)
            case .segment(let s): plot(s.end)
            case .close(let l): plot(l.p1)
            }
        }
        // A polygon's sides as every other dot (dotted, lighter than the curve), its control
        // points as marks of their own.
        var controlCells = Set<Int>()
        for polygon in polygons {
            for (a, b) in zip(polygon, polygon.dropFirst()) {
                let steps = Int(saturating: (a.distance(to: b) * scale).rounded(.up)) + 1
                for k in stride(from: 0, through: steps, by: 2) {
                    let t = Double(k) / Double(steps)
                    plot(Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
                }
            }
            for p in polygon.dropFirst().dropLast() {
                let (y, x) = dot(p)
                controlCells.insert((y / down) * columns + x / across)
            }
        }
        var handleCell: (Int, Int)?
        if let h = handle {
            let (y, x) = dot(h)
            handleCell = (y / down, x / across)
        }
        var lines: [String] = []
        for row in 0..<rows {
            var line = ""
            for column in 0..<columns {
                if let (hr, hc) = handleCell, hr == row, hc == column { line += ascii ? "@" : "●"; continue }
                if controlCells.contains(row * columns + column) { line += ascii ? "o" : "○"; continue }
                if ascii {
                    line += grid[row][column] ? "*" : " "
                } else {
                    // Braille dot numbering: columns 1-2-3-7 left, 4-5-6-8 right.
                    let bits = [(0, 0, 0x01), (1, 0, 0x02), (2, 0, 0x04), (0, 1, 0x08), (1, 1, 0x10), (2, 1, 0x20), (3, 0, 0x40), (3, 1, 0x80)]
                    var code = 0
                    for (dy, dx, bit) in bits where grid[row * 4 + dy][column * 2 + dx] { code |= bit }
                    line += code == 0 ? " " : String(UnicodeScalar(0x2800 + code)!)
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
        }
        // Rounding noise beside the box's size shows as 0, as in points (NumberFormat.noiseFloor).
        let magnitude = Swift.max(Swift.abs(box.minX), Swift.abs(box.maxX), Swift.abs(box.minY), Swift.abs(box.maxY))
        func n(_ x: Double) -> String { NumberFormat.text(x, beside: magnitude, precision: precision) }
        lines.append("x \(n(box.minX)) to \(n(box.maxX)), y \(n(box.minY)) to \(n(box.maxY)) (y down)")
        return lines.joined(separator: "\n")
    }
}
