import ShapeGeometry
import ShapeLanguage

/// `save "x.pdf"`: the picture `save` draws as SVG, as a one-page vector PDF. It is made from the
/// SVG the project writes (a small, regular subset: one element a line, absolute M L Q C A Z path
/// data), so the two pictures cannot drift apart: lines, quadratics and cubics are the PDF's own
/// (a quadratic as the cubic that is the same curve), an arc is written as cubics of at most 30°
/// each (within 4e-7 of its radius: PDF has no arcs), text in Helvetica and Helvetica-Bold, two of
/// the standard fonts every reader has, placed with their metrics. A pixel of the SVG is a point.
public enum PDFDocument {
    /// The PDF of the SVG text `svg` (as `SVGDocument.render` writes it).
    public static func render(svg: String) -> [UInt8] {
        var content = ""
        var page = Page()
        var groups: [[String: String]] = [[:]]
        func inherited(_ name: String) -> String? {
            for g in groups.reversed() { if let v = g[name] { return v } }
            return nil
        }
        for raw in svg.split(separator: "\n") {
            let line = raw.drop { $0 == " " }
            guard line.hasPrefix("<"), !line.hasPrefix("<?") else { continue }
            if line.hasPrefix("</g") {
                if groups.count > 1 { groups.removeLast() }
                continue
            }
            if line.hasPrefix("</svg") { continue }
            let name = String(line.dropFirst().prefix { $0 != " " && $0 != ">" && $0 != "/" })
            let a = attributes(String(line))
            switch name {
            case "svg":
                let box = numbers(a["viewBox"] ?? "0 0 600 600")
                let w = Double(a["width"] ?? "") ?? 600, h = Double(a["height"] ?? "") ?? 600
                guard box.count == 4, box[2] > 0, box[3] > 0, w > 0, h > 0, w.isFinite, h.isFinite else { continue }
                page = Page(viewBox: box, width: w, height: h)
            case "g":
                groups.append(a)
            case "rect":
                let x = a.number("x"), y = a.number("y"), w = a.number("width"), h = a.number("height")
                let corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)].map { page.xy($0.0, $0.1) }
                let ops = "\(corners[0]) m \(corners[1]) l \(corners[2]) l \(corners[3]) l h"
                content += paint(ops, a, inherited, page)
            case "path":
                content += paint(pathOperators(a["d"] ?? "", page), a, inherited, page)
            case "polyline":
                let v = numbers(a["points"] ?? "")
                guard v.count >= 4 else { continue }
                var ops = "\(page.xy(v[0], v[1])) m"
                for k in stride(from: 2, to: v.count - 1, by: 2) { ops += " \(page.xy(v[k], v[k + 1])) l" }
                content += paint(ops, a, inherited, page)
            case "line":
                let ops = "\(page.xy(a.number("x1"), a.number("y1"))) m \(page.xy(a.number("x2"), a.number("y2"))) l"
                content += paint(ops, a, inherited, page)
            case "circle":
                let c = (a.number("cx"), a.number("cy")), r = a.number("r")
                content += paint(circle(c, r, page), a, inherited, page)
            case "text":
                content += text(String(line), a, inherited, page)
            default:
                continue
            }
        }
        return document(content: content, width: page.width, height: page.height)
    }

    /// Where the SVG's user space lands on the page: its viewBox onto the page's width and
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

    // MARK: The SVG subset

    /// The attributes of one element's line, unescaped.
    static func attributes(_ line: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(line)
        while let eq = PDFDocument.find("=\"", in: rest) {
            let before = rest[..<eq.lowerBound]
            let key = String(before.reversed().prefix { $0 != " " }.reversed())
            let after = rest[eq.upperBound...]
            guard let close = after.firstIndex(of: "\"") else { break }
            result[key] = unescape(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return result
    }

    static func unescape(_ s: String) -> String {
        s.replacingAll("&lt;", "<").replacingAll("&gt;", ">").replacingAll("&quot;", "\"").replacingAll("&amp;", "&")
    }

    /// Where `needle` first occurs in `hay` (the standard library's string searching is not part
    /// of Embedded Swift).
    static func find(_ needle: String, in hay: Substring) -> Range<Substring.Index>? {
        let n = Array(needle.utf8)
        guard let first = n.first else { return nil }
        var i = hay.startIndex
        while i < hay.endIndex {
            if hay.utf8[i] == first {
                var j = i, k = 0
                while k < n.count, j < hay.endIndex, hay.utf8[j] == n[k] {
                    j = hay.utf8.index(after: j)
                    k += 1
                }
                if k == n.count { return i..<j }
            }
            i = hay.utf8.index(after: i)
        }
        return nil
    }

    /// The numbers in a list such as "1,2 3 -4.5e-3".
    static func numbers(_ s: String) -> [Double] {
        s.split { $0 == " " || $0 == "," }.compactMap { Double($0) }
    }

    /// Path data (absolute M L Q C A Z) as PDF path operators.
    static func pathOperators(_ d: String, _ page: Page) -> String {
        var tokens = d.split(separator: " ").map(String.init)[...]
        var ops: [String] = []
        var current = (0.0, 0.0), start = (0.0, 0.0)
        func next() -> Double { Double(tokens.popFirst() ?? "") ?? 0 }
        while let command = tokens.popFirst() {
            switch command {
            case "M":
                current = (next(), next())
                start = current
                ops.append("\(page.xy(current.0, current.1)) m")
            case "L":
                current = (next(), next())
                ops.append("\(page.xy(current.0, current.1)) l")
            case "Q":
                let q = (next(), next()), p = (next(), next())
                // The cubic that is the same curve: controls two thirds of the way to q.
                let c1 = (current.0 + 2 * (q.0 - current.0) / 3, current.1 + 2 * (q.1 - current.1) / 3)
                let c2 = (p.0 + 2 * (q.0 - p.0) / 3, p.1 + 2 * (q.1 - p.1) / 3)
                ops.append("\(page.xy([c1, c2, p])) c")
                current = p
            case "C":
                let v = (0..<6).map { _ in next() }
                ops.append("\(page.xy([(v[0], v[1]), (v[2], v[3]), (v[4], v[5])])) c")
                current = (v[4], v[5])
            case "A":
                let rx = next(), ry = next(), rotation = next(), large = next() != 0, sweep = next() != 0
                let end = (next(), next())
                ops += arc(from: current, to: end, rx: rx, ry: ry, degrees: rotation, large: large, sweep: sweep, page)
                current = end
            case "Z":
                ops.append("h")
                current = start
            default:
                continue
            }
        }
        return ops.joined(separator: " ")
    }

    /// An SVG arc (endpoint form) as cubics of at most 30° of its ellipse each.
    static func arc(
        from p0: (Double, Double), to p1: (Double, Double), rx: Double, ry: Double, degrees: Double, large: Bool, sweep: Bool,
        _ page: Page
    ) -> [String] {
        var rx = abs(rx), ry = abs(ry)
        guard rx > 0, ry > 0, p0 != p1 else { return ["\(page.xy(p1.0, p1.1)) l"] }
        let phi = degrees * .pi / 180, cp = Maths.cos(phi), sp = Maths.sin(phi)
        // The centre, from the SVG specification's conversion (its appendix on arcs), worked in
        // units of the larger radius: its squares and fourth powers neither overflow for a
        // drawing 1e100 across nor vanish for one 1e-100 across.
        let unit = Swift.max(rx, ry)
        rx /= unit
        ry /= unit
        let dx = (p0.0 / 2 - p1.0 / 2) / unit, dy = (p0.1 / 2 - p1.1 / 2) / unit
        let x1 = cp * dx + sp * dy, y1 = -sp * dx + cp * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var k = den > 0 ? (Swift.max(0, num) / den).squareRoot() : 0
        if large == sweep { k = -k }
        let cx1 = k * rx * y1 / ry, cy1 = -k * ry * x1 / rx
        func angle(_ ux: Double, _ uy: Double) -> Double { Maths.atan2(uy, ux) }
        let theta1 = angle((x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((-x1 - cx1) / rx, (-y1 - cy1) / ry) - theta1
        if sweep && delta < 0 { delta += 2 * .pi }
        if !sweep && delta > 0 { delta -= 2 * .pi }
        // Back to the drawing's units.
        rx *= unit
        ry *= unit
        let cx = (cp * cx1 - sp * cy1) * unit + p0.0 / 2 + p1.0 / 2, cy = (sp * cx1 + cp * cy1) * unit + p0.1 / 2 + p1.1 / 2
        guard delta.isFinite, theta1.isFinite, cx.isFinite, cy.isFinite, rx.isFinite, ry.isFinite else {
            return ["\(page.xy(p1.0, p1.1)) l"]
        }
        let pieces = Swift.max(1, Int(saturating: (abs(delta) / (.pi / 6)).rounded(.up)))
        let step = delta / Double(pieces)
        // The unit circle's arc of `step` as a cubic: handles 4/3·Maths.tan(step/4) long.
        let handle = 4.0 / 3 * Maths.tan(step / 4)
        func point(_ t: Double) -> (Double, Double) {
            let x = rx * Maths.cos(t), y = ry * Maths.sin(t)
            return (cx + cp * x - sp * y, cy + sp * x + cp * y)
        }
        func derivative(_ t: Double) -> (Double, Double) {
            let x = -rx * Maths.sin(t), y = ry * Maths.cos(t)
            return (cp * x - sp * y, sp * x + cp * y)
        }
        var ops: [String] = []
        for j in 0..<pieces {
            let a = theta1 + step * Double(j), b = a + step
            let pa = point(a), da = derivative(a), db = derivative(b)
            let pb = j == pieces - 1 ? p1 : point(b)
            let c1 = (pa.0 + handle * da.0, pa.1 + handle * da.1), c2 = (pb.0 - handle * db.0, pb.1 - handle * db.1)
            ops.append("\(page.xy([c1, c2, pb])) c")
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

    /// Fills and strokes `ops` as the element's (or its groups') attributes say.
    static func paint(_ ops: String, _ a: [String: String], _ inherited: (String) -> String?, _ page: Page) -> String {
        let fill = a["fill"] ?? inherited("fill") ?? "black"
        let stroke = a["stroke"] ?? inherited("stroke") ?? "none"
        var out = "q "
        if let w = (a["stroke-width"] ?? inherited("stroke-width")).flatMap(Double.init) { out += "\(f(w * page.scale)) w " }
        // SVG's defaults, butt caps and miter joins, unless the element says otherwise.
        out += (a["stroke-linejoin"] ?? inherited("stroke-linejoin")) == "round" ? "1 j " : "0 j "
        if let dash = a["stroke-dasharray"] ?? inherited("stroke-dasharray") {
            let offset = (a["stroke-dashoffset"] ?? inherited("stroke-dashoffset")).flatMap(Double.init) ?? 0
            out += "[" + numbers(dash).map { f($0 * page.scale) }.joined(separator: " ") + "] \(f(offset * page.scale)) d "
        }
        let fills = colour(fill), strokes = colour(stroke)
        if let c = fills { out += "\(c) rg " }
        if let c = strokes { out += "\(c) RG " }
        let evenOdd = (a["fill-rule"] ?? inherited("fill-rule")) == "evenodd"
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

    /// A text element: upright (the page's y is flipped back), placed by its anchor with the
    /// font's widths.
    static func text(_ line: String, _ a: [String: String], _ inherited: (String) -> String?, _ page: Page) -> String {
        guard let open = line.firstIndex(of: ">"), let close = PDFDocument.find("</text>", in: Substring(line)) else { return "" }
        let body = unescape(String(line[line.index(after: open)..<close.lowerBound]))
        let size = (a["font-size"] ?? inherited("font-size")).flatMap(Double.init) ?? 13
        let bold = (a["font-weight"] ?? inherited("font-weight")) == "bold"
        let bytes = winAnsi(body)
        let width = bytes.reduce(0.0) { $0 + Double(glyphWidth($1, bold: bold)) } / 1000 * size
        var x = a.number("x")
        switch a["text-anchor"] ?? inherited("text-anchor") ?? "start" {
        case "middle": x -= width / 2
        case "end": x -= width
        default: break
        }
        let fill = colour(a["fill"] ?? inherited("fill") ?? "black") ?? "0 0 0"
        let string = bytes.map { b -> String in
            switch b {
            case 0x28, 0x29, 0x5C: return "\\" + String(UnicodeScalar(b))
            case 0x20...0x7E: return String(UnicodeScalar(b))
            default: return "\\" + String(b, radix: 8)
            }
        }.joined()
        let tf = "/\(bold ? "F2" : "F1") \(f(size * page.scale)) Tf"
        return "q \(fill) rg BT \(tf) 1 0 0 1 \(page.xy(x, a.number("y"))) Tm (\(string)) Tj ET Q\n"
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
        if magnitude < 1e15 { return NumberFormat.text(x, precision: 4) }
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

extension [String: String] {
    func number(_ key: String) -> Double { self[key].flatMap(Double.init) ?? 0 }
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let r = PDFDocument.find(target, in: rest) {
            result += rest[..<r.lowerBound] + replacement
            rest = rest[r.upperBound...]
        }
        return result + rest
    }
}
