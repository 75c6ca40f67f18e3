import ShapeGeometry
import ShapeLanguage

/// `save "x.pdf"`: the picture `save` draws (`SVGDocument.drawing`), as a one-page vector PDF,
/// written from the same drawing as the SVG, so that the two pictures cannot drift apart: lines,
/// quadratics and cubics are the PDF's own (a quadratic as the cubic that is the same curve), an
/// arc is written as cubics of at most 30° each (within 4e-7 of its radius: PDF has no arcs),
/// text in Helvetica and Helvetica-Bold, two of the standard fonts every reader has, placed with
/// their metrics. A pixel of the SVG is a point.
public enum PDFDocument {
    /// The PDF of a drawing.
    public static func render(_ d: Drawing) -> [UInt8] {
        var content = ""
        var page = Page()
        if d.view.width > 0, d.view.height > 0, d.width > 0, d.height > 0, d.width.isFinite, d.height.isFinite {
            page = Page(viewBox: [d.view.minX, d.view.minY, d.view.width, d.view.height], width: d.width, height: d.height)
        }
        func draw(_ item: Drawing.Item, in outer: Drawing.Style) {
            switch item {
            case .group(let s, let items):
                let style = s.over(outer)
                for i in items { draw(i, in: style) }
            case .rect(let r, let s):
                let corners = [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)].map { page.xy($0.0, $0.1) }
                content += paint("\(corners[0]) m \(corners[1]) l \(corners[2]) l \(corners[3]) l h", s.over(outer), page)
            case .path(let p, let s):
                content += paint(pathOperators(p, page), s.over(outer), page)
            case .polyline(let ps, let s):
                guard let first = ps.first, ps.count >= 2 else { return }
                var ops = "\(page.xy(first.x, first.y)) m"
                for q in ps.dropFirst() { ops += " \(page.xy(q.x, q.y)) l" }
                content += paint(ops, s.over(outer), page)
            case .line(let a, let b, let s):
                content += paint("\(page.xy(a.x, a.y)) m \(page.xy(b.x, b.y)) l", s.over(outer), page)
            case .circle(let c, let r, let s):
                content += paint(circle((c.x, c.y), r, page), s.over(outer), page)
            case .text(let text, let p, let s):
                content += self.text(text, at: p, s.over(outer), page)
            }
        }
        for item in d.items { draw(item, in: Drawing.Style()) }
        return document(content: content, width: page.width, height: page.height)
    }

    /// Where the drawing's plane lands on the page: its view onto the page's width and
    /// height, y flipped (down in the SVG, up in PDF). Every number is written in the page's own
    /// units, points, so that a picture's detail is as fine as the page whatever the size of
    /// the drawing it shows (a circle of radius 1e-6 and one of 1e6 draw alike), and no number
    /// grows past what the page holds unless it lies far off the page.
    struct Page {
        var width = 600.0, height = 600.0
        var sx = 1.0, sy = 1.0, tx = 0.0, ty = 0.0

        init() {}

        init(viewBox box: [Double], width: Double, height: Double) {
            self.width = width
            self.height = height
            sx = width / box[2]
            sy = height / box[3]
            tx = -box[0] * sx
            ty = height + box[1] * sy
        }

        /// A length of the drawing (a stroke's width, a dash, a font's size) on the page.
        var scale: Double { (Swift.abs(sx * sy)).squareRoot() }

        /// The page's coordinates of the drawing's point (x, y), as PDF operands.
        func xy(_ x: Double, _ y: Double) -> String {
            "\(f(x * sx + tx)) \(f(ty - y * sy))"
        }

        /// The page's coordinates of a list of points, as PDF operands.
        func xy(_ points: [(Double, Double)]) -> String {
            points.map { xy($0.0, $0.1) }.joined(separator: " ")
        }
    }

    /// A path as PDF path operators: its own lines and cubics, a quadratic as the cubic that is
    /// the same curve, an arc as cubics of at most 30° of its ellipse each.
    static func pathOperators(_ path: Path, _ page: Page) -> String {
        var ops: [String] = []
        for e in path.elements {
            switch e {
            case .move(let p): ops.append("\(page.xy(p.x, p.y)) m")
            case .close: ops.append("h")
            case .segment(.line(let l)): ops.append("\(page.xy(l.p1.x, l.p1.y)) l")
            case .segment(.quadratic(let q)):
                // The cubic that is the same curve: controls two thirds of the way to the control.
                let c1 = q.p0 + (q.p1 - q.p0) * (2.0 / 3), c2 = q.p2 + (q.p1 - q.p2) * (2.0 / 3)
                ops.append("\(page.xy([(c1.x, c1.y), (c2.x, c2.y), (q.p2.x, q.p2.y)])) c")
            case .segment(.cubic(let c)):
                ops.append("\(page.xy([(c.p1.x, c.p1.y), (c.p2.x, c.p2.y), (c.p3.x, c.p3.y)])) c")
            case .segment(.arc(let a)): ops += arc(a, page)
            }
        }
        return ops.joined(separator: " ")
    }

    /// An arc (center + u·cos θ + v·sin θ) as cubics of at most 30° of its ellipse each: each
    /// piece's handles are its ends' derivatives times 4/3·tan(step/4), the cubic of an affine
    /// image of a circle's arc.
    static func arc(_ a: Arc, _ page: Page) -> [String] {
        let end = a.end
        guard a.sweep != 0, a.sweep.isFinite else { return ["\(page.xy(end.x, end.y)) l"] }
        let pieces = Swift.max(1, Int(saturating: (abs(a.sweep) / (.pi / 6)).rounded(.up)))
        let step = a.sweep / Double(pieces)
        let handle = 4.0 / 3 * Maths.tan(step / 4)
        func point(_ t: Double) -> Point { a.center + a.u * Maths.cos(t) + a.v * Maths.sin(t) }
        func derivative(_ t: Double) -> Vector { a.v * Maths.cos(t) - a.u * Maths.sin(t) }
        var ops: [String] = []
        for j in 0..<pieces {
            let t0 = a.startAngle + step * Double(j), t1 = t0 + step
            let p0 = j == 0 ? a.start : point(t0), p1 = j == pieces - 1 ? end : point(t1)
            let c1 = p0 + derivative(t0) * handle, c2 = p1 - derivative(t1) * handle
            ops.append("\(page.xy([(c1.x, c1.y), (c2.x, c2.y), (p1.x, p1.y)])) c")
        }
        return ops
    }

    /// A circle as four 90° cubics (its dots are far smaller than a pixel's worth of error).
    static func circle(_ c: (Double, Double), _ r: Double, _ page: Page) -> String {
        let k = 0.5522847498 * r
        let (x, y) = c
        return "\(page.xy(x + r, y)) m "
            + "\(page.xy([(x + r, y + k), (x + k, y + r), (x, y + r)])) c "
            + "\(page.xy([(x - k, y + r), (x - r, y + k), (x - r, y)])) c "
            + "\(page.xy([(x - r, y - k), (x - k, y - r), (x, y - r)])) c "
            + "\(page.xy([(x + k, y - r), (x + r, y - k), (x + r, y)])) c h"
    }

    /// Fills and strokes `ops` as the style says.
    static func paint(_ ops: String, _ s: Drawing.Style, _ page: Page) -> String {
        var out = "q "
        if let w = s.strokeWidth { out += "\(f(w * page.scale)) w " }
        // SVG's defaults, butt caps and miter joins, unless the style says otherwise.
        out += s.roundJoin ? "1 j " : "0 j "
        if let dash = s.dash {
            out += "[" + dash.map { f($0 * page.scale) }.joined(separator: " ") + "] \(f((s.dashOffset ?? 0) * page.scale)) d "
        }
        let fills = colour(s.fill ?? "black"), strokes = colour(s.stroke ?? "none")
        if let c = fills { out += "\(c) rg " }
        if let c = strokes { out += "\(c) RG " }
        let evenOdd = s.fillRule == "evenodd"
        let op =
            switch (fills != nil, strokes != nil) {
            case (true, true): evenOdd ? "B*" : "B"
            case (true, false): evenOdd ? "f*" : "f"
            case (false, true): "S"
            case (false, false): "n"
            }
        return out + ops + " \(op) Q\n"
    }

    /// "#rrggbb", "white", "black" as PDF colour operands; nil for none.
    static func colour(_ s: String) -> String? {
        switch s {
        case "none": return nil
        case "white": return "1 1 1"
        case "black": return "0 0 0"
        default:
            guard s.hasPrefix("#"), s.count == 7, let v = Int(s.dropFirst(), radix: 16) else { return "0 0 0" }
            return [v >> 16, (v >> 8) & 255, v & 255].map { f(Double($0) / 255) }.joined(separator: " ")
        }
    }

    /// A text: upright (the page's y is flipped back), placed by its anchor with the font's widths.
    static func text(_ body: String, at p: Point, _ s: Drawing.Style, _ page: Page) -> String {
        let size = s.fontSize ?? 13
        let bytes = winAnsi(body)
        let width = bytes.reduce(0.0) { $0 + Double(glyphWidth($1, bold: s.bold)) } / 1000 * size
        var x = p.x
        switch s.textAnchor ?? "start" {
        case "middle": x -= width / 2
        case "end": x -= width
        default: break
        }
        let fill = colour(s.fill ?? "black") ?? "0 0 0"
        let string = bytes.map { b -> String in
            switch b {
            case 0x28, 0x29, 0x5C: return "\\" + String(UnicodeScalar(b))
            case 0x20...0x7E: return String(UnicodeScalar(b))
            default: return "\\" + String(b, radix: 8)
            }
        }.joined()
        let tf = "/\(s.bold ? "F2" : "F1") \(f(size * page.scale)) Tf"
        return "q \(fill) rg BT \(tf) 1 0 0 1 \(page.xy(x, p.y)) Tm (\(string)) Tj ET Q\n"
    }

    /// The text in the standard fonts' WinAnsi encoding; characters it lacks become their
    /// nearest ASCII (′ as ', ↓ as v, ∝ as ~, ≤ as <=), else ?.
    static func winAnsi(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        for u in s.unicodeScalars {
            switch u.value {
            case 0x20...0x7E: out.append(UInt8(u.value))
            case 0xA0...0xFF: out.append(UInt8(u.value))
            case 0x2026: out.append(0x85)
            case 0x2013: out.append(0x96)
            case 0x2014: out.append(0x97)
            case 0x2032: out.append(0x27)
            case 0x2033: out.append(0x22)
            case 0x2193: out.append(0x76)
            case 0x221D: out.append(0x7E)
            case 0x2264: out += [0x3C, 0x3D]
            case 0x2265: out += [0x3E, 0x3D]
            case 0x2212: out.append(0x2D)
            default: out.append(0x3F)
            }
        }
        return out
    }

    /// Helvetica's and Helvetica-Bold's advance widths (thousandths of the size) for ASCII 32…126,
    /// from the fonts' published metrics.
    static let helvetica: [Int] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556,
        278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722,
        667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
        222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    ]
    static let helveticaBold: [Int] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556,
        333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722,
        667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556,
        278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
    ]

    static func glyphWidth(_ b: UInt8, bold: Bool) -> Int {
        let table = bold ? helveticaBold : helvetica
        switch b {
        case 0x20...0x7E: return table[Int(b) - 0x20]
        case 0x85, 0x97: return 1000
        case 0x96: return 556
        case 0xB0: return 400
        case 0xB7: return 278
        case 0xD7: return 584
        default: return 556
        }
    }

    /// A number as PDF writes it: at most 4 decimals (a ten-thousandth of a point), no exponent,
    /// whatever its size; 0 for a number that is not finite.
    static func f(_ x: Double) -> String {
        let magnitude = Swift.abs(x)
        guard magnitude >= 0.00005 else { return "0" }  // and NaN
        // Where the text printer's quick digits never write an exponent.
        if magnitude < Magnitude.exactWhole { return NumberFormat.text(x, precision: 4) }
        return NumberFormat.plain(x, decimals: 4)
    }

    /// The file: catalog, one page, the two fonts, the content, and the cross-reference table.
    static func document(content: String, width: Double, height: Double) -> [UInt8] {
        let stream = Array(content.utf8)
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(f(width)) \(f(height))] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
        ]
        var out = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (k, o) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(k + 1) 0 obj\n\(o)\nendobj\n".utf8)
        }
        offsets.append(out.count)
        out += Array("6 0 obj\n<< /Length \(stream.count) >>\nstream\n".utf8) + stream + Array("\nendstream\nendobj\n".utf8)
        let xref = out.count
        var table = "xref\n0 7\n0000000000 65535 f \n"
        for o in offsets {
            var s = String(o)
            while s.count < 10 { s = "0" + s }
            table += "\(s) 00000 n \n"
        }
        table += "trailer\n<< /Size 7 /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return out + Array(table.utf8)
    }
}
