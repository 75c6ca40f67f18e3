import ShapeGeometry
import ShapeLanguage

/// Places a picture's labels so that none overlaps another or covers a point marker: each is
/// tried at eight places around its point (upper right first), then at twice the distance with a
/// leader line back to the point, always inside the picture; a label with no free place is left
/// out (and counted). Boxes are estimated from the font: 0.6 of its size a character, 0.8 above
/// the baseline and 0.25 below.
struct LabelLayout {
    let font: Double
    /// The gap between a label and its point, and between boxes.
    let gap: Double
    /// The picture: a label must fit inside it.
    let frame: Rect
    private(set) var boxes: [Rect] = []
    /// Points along the drawn curves: a label keeps off them where it can.
    private(set) var soft: [Rect] = []
    private(set) var left = 0

    init(font: Double, gap: Double, frame: Rect) {
        self.font = font
        self.gap = gap
        self.frame = frame
    }

    /// A point marker of radius r: labels keep off it.
    mutating func addMarker(_ p: Point, radius r: Double) {
        boxes.append(Rect(minX: p.x - r, minY: p.y - r, maxX: p.x + r, maxY: p.y + r))
    }

    /// Text fixed in place (a chart's axis values): labels keep off it.
    mutating func addFixedText(_ text: String, at p: Point, anchor: Figure.TextAnchor, size: Double) {
        let width = 0.6 * size * Double(text.count)
        let x = anchor == .start ? p.x : anchor == .middle ? p.x - width / 2 : p.x - width
        boxes.append(Rect(minX: x, minY: p.y - 0.5 * size, maxX: x + width, maxY: p.y + 0.6 * size))
    }

    /// A curve of the picture: labels keep off it where there is room (sampled every half a
    /// font size, at most 200 points a curve).
    mutating func addCurve(_ s: Segment, width: Double) {
        let steps = Swift.min(200, Swift.max(2, Int(saturating: (s.controlBounds.width + s.controlBounds.height) / (0.5 * font))))
        for k in 0...steps {
            let p = s.point(at: Double(k) / Double(steps))
            soft.append(Rect(minX: p.x - width, minY: p.y - width, maxX: p.x + width, maxY: p.y + width))
        }
    }

    func box(_ text: String, at baseline: Point) -> Rect {
        let width = 0.6 * font * Double(text.count)
        return Rect(minX: baseline.x, minY: baseline.y - 0.8 * font, maxX: baseline.x + width, maxY: baseline.y + 0.25 * font)
    }

    /// Where `text` goes beside `p` (its baseline's start), and whether a leader line joins it
    /// to `p`; nil when it is left out.
    mutating func place(_ text: String, near p: Point) -> (at: Point, leader: Bool)? {
        let width = 0.6 * font * Double(text.count)
        let ascent = 0.8 * font, descent = 0.25 * font
        // Clear of the curves too where that is possible, else of labels and markers only.
        for avoidCurves in [true, false] {
            for (ring, leader) in [(1.0, false), (2.5, true), (4.0, true)] {
                let d = gap * ring
                // Upper right, lower right, upper left, lower left, right, left, above, below.
                let candidates = [
                    Point(p.x + d, p.y - d), Point(p.x + d, p.y + d + ascent), Point(p.x - d - width, p.y - d),
                    Point(p.x - d - width, p.y + d + ascent), Point(p.x + d * 1.5, p.y + (ascent - descent) / 2),
                    Point(p.x - d * 1.5 - width, p.y + (ascent - descent) / 2), Point(p.x - width / 2, p.y - d * 1.5),
                    Point(p.x - width / 2, p.y + d * 1.5 + ascent),
                ]
                for c in candidates {
                    let b = box(text, at: c)
                    let padded = Rect(minX: b.minX - gap / 4, minY: b.minY - gap / 4, maxX: b.maxX + gap / 4, maxY: b.maxY + gap / 4)
                    let inside = b.minX >= frame.minX && b.maxX <= frame.maxX && b.minY >= frame.minY && b.maxY <= frame.maxY
                    guard inside, !boxes.contains(where: { $0.intersects(padded) }) else { continue }
                    if avoidCurves, soft.contains(where: { $0.intersects(b) }) { continue }
                    boxes.append(b)
                    return (c, leader)
                }
            }
        }
        left += 1
        return nil
    }
}

extension Rect {
    func intersects(_ o: Rect) -> Bool { minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY }
}
