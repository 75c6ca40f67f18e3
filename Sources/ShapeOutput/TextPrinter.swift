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
        var out = ""
        return write(r, into: &out) ? out : nil
    }

    /// `format(r)` appended to `out` (answers false, writing nothing, where `format` answers
    /// nil). Into bytes (what `shape` prints with), numbers, points and words go straight in,
    /// with no string made for each.
    public func write<Sink: TextSink>(_ r: Report, into out: inout Sink) -> Bool {
        if quiet && !r.isRequested { return false }
        // A drawing command's report, by far the commonest, goes straight in: the line
        // `Wording.path` makes, without making it (`ReportTests` holds the two to one text).
        if case .path(let to, let segment, let length) = r.kind {
            out.write(r.command)
            out.write(": to ")
            write(point: to, into: &out)
            out.write(", segment ")
            NumberFormat.text(segment, beside: length, precision: precision, into: &out)
            out.write(", length ")
            NumberFormat.text(length, precision: precision, into: &out)
            return true
        }
        var first = true
        r.wording(.text).forEachLine { line in
            if !first { out.write("\n") }
            first = false
            write(line, into: &out)
        }
        return true
    }

    /// Lines of a wording, joined by newlines.
    public func render(_ lines: [Line]) -> String {
        var out = ""
        for (k, line) in lines.enumerated() {
            if k > 0 { out += "\n" }
            write(line, into: &out)
        }
        return out
    }

    /// One line: its words as they are, its numbers and points at this printer's precision.
    public func render(_ line: Line) -> String {
        var out = ""
        write(line, into: &out)
        return out
    }

    /// `render(line)` appended to `out`.
    public func write<Sink: TextSink>(_ line: Line, into out: inout Sink) {
        for piece in line.pieces {
            switch piece {
            case .words(let s): out.write(s)
            case .number(let x, nil): NumberFormat.text(x, precision: precision, into: &out)
            // A length beside the path's: rounding noise of it (a closing line of 7e-15 after an
            // arc) shows as 0.
            case .number(let x, let whole?): NumberFormat.text(x, beside: whole, precision: precision, into: &out)
            case .point(let q): write(point: q, into: &out)
            case .box(let b):
                // Rounding noise beside the box's size shows as 0.
                let size = Swift.max(Swift.abs(b.minX), Swift.abs(b.maxX), Swift.abs(b.minY), Swift.abs(b.maxY))
                for (k, v) in [b.minX, b.minY, b.maxX, b.maxY].enumerated() {
                    out.write(["(", ", ", ") to (", ", "][k])
                    NumberFormat.text(v, beside: size, precision: precision, into: &out)
                }
                out.write(")")
            case .value(let v, let quoted): out.write(v.text(quoteStrings: quoted, precision: precision))
            case .formatted(let words): out.write(words(precision))
            case .document(let d): out.write(render(d))
            }
        }
    }

    /// "(x, y)": each coordinate beside the larger, as `NumberFormat.text(pair:)` writes them.
    func write<Sink: TextSink>(point q: Point, into out: inout Sink) {
        let scale = NumberFormat.pairScale(q.x, q.y)
        out.write("(")
        NumberFormat.text(q.x, beside: scale, precision: precision, into: &out)
        out.write(", ")
        NumberFormat.text(q.y, beside: scale, precision: precision, into: &out)
        out.write(")")
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
