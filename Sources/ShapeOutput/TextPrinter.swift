import ShapeGeometry
import ShapeLanguage

/// Formats reports as the one-line text of SPEC §7 (some reports, such as `points`, add lines).
public struct TextPrinter {
    public var precision: Int
    /// Show only what queries and `print` ask for.
    public var quiet: Bool

    /// Columns and rows for `show`.
    public var columns: Int = 72
    public var rows: Int = 24
    /// Whether the terminal shows Unicode (braille); `show` falls back to ASCII when not.
    public var unicode: Bool = true

    public init(precision: Int = 4, quiet: Bool = false, columns: Int = 72, rows: Int = 24, unicode: Bool = true) {
        self.precision = precision; self.quiet = quiet; self.columns = columns; self.rows = rows; self.unicode = unicode
    }

    /// The text for one report, or `nil` when nothing is shown.
    public func format(_ r: Report) -> String? {
        if quiet && !r.isRequested { return nil }
        return render(r.wording(.text).text)
    }

    /// `format(r)` appended to `out` (answers false, writing nothing, where `format` answers
    /// nil): numbers, points and words are written straight in, with no string made for each.
    public func write(_ r: Report, into out: inout [UInt8]) -> Bool {
        if quiet && !r.isRequested { return false }
        let lines = r.wording(.text).text
        for (k, line) in lines.enumerated() {
            if k > 0 { out.append(0x0A) }
            write(line, into: &out)
        }
        return true
    }

    /// `render(line)` appended to `out`.
    public func write(_ line: Line, into out: inout [UInt8]) {
        for piece in line.pieces {
            switch piece {
            case .words(let s): out.append(contentsOf: s.utf8)
            case .number(let x, nil): NumberFormat.text(x, precision: precision, into: &out)
            case .number(let x, let whole?): NumberFormat.text(x, beside: whole, precision: precision, into: &out)
            case .point(let q):
                let scale = Swift.max(Swift.abs(q.x), Swift.abs(q.y))
                out.append(0x28)
                NumberFormat.text(q.x, beside: scale, precision: precision, into: &out)
                out.append(0x2C)
                out.append(0x20)
                NumberFormat.text(q.y, beside: scale, precision: precision, into: &out)
                out.append(0x29)
            default: out.append(contentsOf: render(Line([piece])).utf8)
            }
        }
    }

    /// Lines of a wording, joined by newlines.
    public func render(_ lines: [Line]) -> String {
        if lines.count == 1 { return render(lines[0]) }
        return lines.map(render).joined(separator: "\n")
    }

    /// One line: its words as they are, its numbers and points at this printer's precision.
    public func render(_ line: Line) -> String {
        var out = ""
        for piece in line.pieces {
            switch piece {
            case .words(let s): out += s
            case .number(let x, nil): out += NumberFormat.text(x, precision: precision)
            // A length beside the path's: rounding noise of it (a closing line of 7e-15 after an
            // arc) shows as 0.
            case .number(let x, let whole?): out += NumberFormat.text(x, beside: whole, precision: precision)
            case .point(let q):
                let (x, y) = NumberFormat.text(pair: q.x, q.y, precision: precision)
                out += "(" + x + ", " + y + ")"
            case .box(let b):
                // Rounding noise beside the box's size shows as 0.
                let size = Swift.max(Swift.abs(b.minX), Swift.abs(b.maxX), Swift.abs(b.minY), Swift.abs(b.maxY))
                func n(_ v: Double) -> String { NumberFormat.text(v, beside: size, precision: precision) }
                out += "(\(n(b.minX)), \(n(b.minY))) to (\(n(b.maxX)), \(n(b.maxY)))"
            case .value(let v, let quoted): out += v.text(quoteStrings: quoted, precision: precision)
            case .formatted(let words): out += words(precision)
            case .document(let d): out += render(d)
            }
        }
        return out
    }

    func render(_ d: Document) -> String {
        switch d {
        case .plot(let path, let handle, let ascii, let controls):
            TerminalPlot(width: columns, height: rows, ascii: ascii || !unicode).render(
                path, handle: handle, controls: controls, precision: precision)
        case .export(let request): PathExport.render(request)
        case .help(let topic): HelpRenderer.render(topic, width: Swift.max(columns, 40))
        }
    }
}
