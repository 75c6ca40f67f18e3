import ShapeGeometry
import ShapeLanguage

/// An SVG picture of a path, with the layers `save` can ask for: the fill, control polygons with
/// their points and the on-curve anchors, labels P0…Pn, track points, the handle, the tight
/// bounds, a curvature comb, and the figures the queries drew (`Figure`: the last nearest-point
/// query, the last de Casteljau construction, the teaching queries'), mark by mark; a legend under the picture names what is drawn. Sizes are
/// set in pixels of the 600-pixel picture, whatever the path's units. Returns the text; writing
/// it is the caller's business.
public enum SVGDocument {
    static func n(_ x: Double) -> String { NumberFormat.json(x) }

    /// Colours for legend entries whose own colour an earlier entry took: the rest of Paul Tol's
    /// muted scheme, distinct from the Okabe–Ito colours the entries start with (`Figure.Role.colour`).
    static let palette = ["#332288", "#88ccee", "#44aa99", "#117733", "#ddcc77", "#cc6677", "#aa4499", "#882255", "#000000"]

    static func colour(_ role: Figure.Role) -> String { role.colour }

    /// The size a picture of `box` is framed by: its larger side, whatever its scale (a drawing
    /// 1e-100 across fills the picture as one 100 across does); for a box with no size (a
    /// single point), a billionth of its distance from the origin, and at least 1e-9.
    static func viewSize(_ box: Rect) -> Double {
        let side = Swift.max(box.width, box.height)
        if side > 0, side.isFinite { return side }
        let magnitude = Swift.max(Swift.abs(box.minX), Swift.abs(box.minY), Swift.abs(box.maxX), Swift.abs(box.maxY))
        return Swift.max(Magnitude.smallestFrame, Magnitude.smallestFrame * magnitude)
    }

    /// The SVG text of what `save` draws.
    public static func render(_ r: SaveRequest) -> String { write(drawing(r)) }

    /// What `save` draws of the request: the path, its layers and the legend, laid out.
    public static func drawing(_ r: SaveRequest) -> Drawing {
        let box = r.path.bounds ?? Rect(point: .zero)
        let layers = r.layers
        // The view holds the path and whatever the layers add outside it.
        var extent = box
        if layers.contains(.controls) || layers.contains(.labels) {
            for e in r.path.elements { if case .segment(let s) = e { extent = extent.union(s.controlBounds) } }
        }
        let combSampled = layers.contains(.comb) ? combSamples(r.path) : []
        let comb = combTeeth(combSampled, size: Swift.max(box.width, box.height))
        for (_, tip) in comb { extent.include(tip) }
        // The figures, each layer's as one, the figure layer's (the lesson) drawn last, on top.
        let figures = Figure.Layer.drawingOrder.compactMap { r.figure(in: $0) }
        for figure in figures {
            // A figure's far points (an osculating circle of a nearly straight stretch) may not
            // shrink the path to a dot: the view grows at most to 4 times the path's size.
            let size = viewSize(box)
            let limit = Rect(minX: box.minX - 2 * size, minY: box.minY - 2 * size, maxX: box.maxX + 2 * size, maxY: box.maxY + 2 * size)
            for p in figure.extentPoints {
                extent.include(Point(Swift.min(Swift.max(p.x, limit.minX), limit.maxX), Swift.min(Swift.max(p.y, limit.minY), limit.maxY)))
            }
            // A chart's frame is placed to be seen whole.
            for m in figure.marks { if case .polyline(let ps, .axis) = m { for p in ps where p.isFinite { extent.include(p) } } }
        }
        let size = viewSize(extent)
        let margin = size * 0.06
        // Labels are written to the right of their points: room for a few characters there.
        let labelRoom = layers.contains(.labels) || !figures.isEmpty ? size * 0.08 : 0
        var view = Rect(
            minX: extent.minX - margin, minY: extent.minY - margin, maxX: extent.maxX + margin + labelRoom, maxY: extent.maxY + margin)
        let requestedPixels = 600.0

        // The legend: a title and one line per thing drawn, under the picture.
        var legend: [(colour: String, text: String, dash: Bool)] = []
        // Each thing drawn has a key, for its colour: no two entries of one legend share one.
        var keys: [String] = []
        func add(_ key: String, _ colour: String, _ text: String, _ dash: Bool) {
            keys.append(key)
            legend.append((colour, text, dash))
        }
        if layers.contains(.fill) { add("fill", "#cfe3f3", "the filled area", false) }
        if layers.contains(.controls) { add("controls", "#999999", "control polygons, control points (hollow), anchors (black)", true) }
        if layers.contains(.points), !r.trackPoints.isEmpty { add("points", "#0072b2", "track points", false) }
        if layers.contains(.bounds), r.path.bounds != nil { add("bounds", "#e69f00", "tight bounds", true) }
        if !comb.isEmpty {
            // Teeth are the curvature scaled so that the longest is a fifth of the path's size.
            let largest = combSampled.map { abs($0.2) }.max() ?? 0
            let text = "curvature comb (teeth ∝ curvature; the longest: \(NumberFormat.text(largest, precision: 4)))"
            add("comb", colour(.comb), text, false)
        }
        let title: String? = figures.isEmpty ? nil : figures.reversed().map { $0.title }.joined(separator: "; ")
        var seen = Set<Figure.Role>()
        for figure in figures {
            for m in figure.marks where seen.insert(m.role).inserted { add("role:" + m.role.rawValue, colour(m.role), m.role.legend, false) }
        }
        if layers.contains(.handle), r.handle != nil { add("handle", "#d55e00", "the handle", false) }
        // A colour taken by an earlier entry goes to the next free one of the palette.
        var paint: [String: String] = [:]
        var taken = Set<String>()
        for (k, key) in keys.enumerated() {
            var c = legend[k].colour
            if taken.contains(c), let free = palette.first(where: { !taken.contains($0) }) {
                c = free
                legend[k].colour = c
            }
            taken.insert(c)
            paint[key] = c
        }
        // Long lines wrap at 60 characters, so a legend never needs more than the picture's width.
        let titleLines = title.map { wrap($0, width: 60) } ?? []
        let entryLines = legend.map { wrap($0.text, width: 60) }
        let legendRows = titleLines.count + entryLines.reduce(0) { $0 + $1.count }
        // Path units per pixel of the picture's longer side, the legend included: its rows add
        // 18 px each under the picture, and its widest line (about 7.2 px a character after a
        // 32 px swatch) may widen it. A few rounds of fixing px settle it.
        let widest = Double((entryLines.joined() + titleLines).map({ $0.count }).max() ?? 0)
        let legendWidth = 48 + 7.2 * widest, legendHeight = Double(legendRows) * 18 + 8
        // A legend taller than the picture lengthens it, or the rounds below would grow px
        // without end.
        let pixels = legendRows > 0 ? Swift.max(requestedPixels, legendWidth + 64, legendHeight + 64) : requestedPixels
        let pictureHeight = view.height
        var px = Swift.max(view.width, view.height) / pixels
        if legendRows > 0 {
            for _ in 0..<8 {
                let w = Swift.max(view.width, legendWidth * px), h = pictureHeight + legendHeight * px
                px = Swift.max(w, h) / pixels
            }
        }
        let stroke = 2 * px, dot = 4 * px, font = 13 * px
        let rowHeight = 18 * px
        let legendTop = view.maxY
        if legendRows > 0 {
            let wide = Swift.max(view.width, legendWidth * px)
            view = Rect(minX: view.minX, minY: view.minY, maxX: view.minX + wide, maxY: view.maxY + legendHeight * px)
        }

        let w = view.width >= view.height ? pixels : pixels * view.width / view.height
        let h = view.width >= view.height ? pixels * view.height / view.width : pixels
        typealias Style = Drawing.Style
        var items: [Drawing.Item] = [.rect(view, Style(fill: "white"))]
        if layers.contains(.fill) {
            items.append(.path(r.path, Style(id: "fill", fill: "#cfe3f3", fillRule: "nonzero", stroke: "none")))
        }
        if layers.contains(.bounds), r.path.bounds != nil {
            items.append(
                .rect(
                    box,
                    Style(
                        id: "bounds", fill: "none", stroke: paint["bounds"] ?? "#e69f00", strokeWidth: stroke / 2,
                        dash: [stroke * 4, stroke * 2])))
        }
        let beziers: [(index: Int, points: [Point])] = r.path.elements.enumerated().compactMap { k, e in
            switch e {
            case .segment(.quadratic(let q)): (k, [q.p0, q.p1, q.p2])
            case .segment(.cubic(let c)): (k, [c.p0, c.p1, c.p2, c.p3])
            case .segment(.line), .segment(.arc), .move, .close: nil
            }
        }
        if layers.contains(.controls) {
            items.append(
                .group(
                    Style(id: "controls", fill: "none", stroke: "#999999", strokeWidth: stroke / 2, dash: [stroke * 2, stroke * 2]),
                    beziers.map { .polyline($0.points, Style()) }))
            var circles: [Drawing.Item] = []
            for b in beziers { for p in b.points.dropFirst().dropLast() { circles.append(.circle(p, radius: dot, Style())) } }
            items.append(.group(Style(id: "control-points", fill: "white", stroke: "#777777", strokeWidth: stroke / 2), circles))
        }
        if !comb.isEmpty {
            items.append(
                .group(
                    Style(id: "comb", fill: "none", stroke: paint["comb"] ?? colour(.comb), strokeWidth: stroke / 3),
                    comb.map { .line($0.base, $0.tip, Style()) } + [.polyline(comb.map({ $0.tip }), Style())]))
        }
        // Dashed as the session's `dash` dashes it (its lengths and phase are in path units).
        items.append(
            .path(
                r.path,
                Style(
                    id: "path", fill: "none", stroke: "black", strokeWidth: stroke, roundJoin: true, dash: r.dash?.lengths,
                    dashOffset: r.dash.flatMap { $0.phase != 0 ? $0.phase : nil })))
        if layers.contains(.controls) {
            // The on-curve anchors: where each element starts and ends.
            var anchors: [Drawing.Item] = []
            for e in r.path.elements {
                switch e {
                case .move(let p): anchors.append(.circle(p, radius: dot * 0.8, Style()))
                case .segment(let s): anchors.append(.circle(s.end, radius: dot * 0.8, Style()))
                case .close: break
                }
            }
            items.append(.group(Style(id: "anchors", fill: "black"), anchors))
        }
        // Labels are placed last, clear of each other and of the point markers (`LabelLayout`).
        var layout = LabelLayout(font: font, gap: dot * 1.5, frame: Rect(minX: view.minX, minY: view.minY, maxX: view.maxX, maxY: legendTop))
        // The path's curves (up to 300 elements: past that labels are few and far between).
        if r.path.elements.count <= 300 {
            for i in r.path.elements.indices { if let s = r.path.segment(at: i) { layout.addCurve(s, width: stroke) } }
        }
        for figure in figures {
            for m in figure.marks {
                switch m {
                case .curve(let s, _, _): layout.addCurve(s, width: stroke)
                case .polyline(let ps, _): for (a, b) in zip(ps, ps.dropFirst()) { layout.addCurve(.line(LineSegment(a, b)), width: stroke / 2) }
                case .arrow(let a, let b, _): layout.addCurve(.line(LineSegment(a, b)), width: stroke)
                case .circle(let c, let radius, _):
                    layout.addCurve(.arc(Arc(center: c, radius: radius, startAngle: 0, sweep: 2 * .pi)), width: stroke)
                case .text(let p, let text, _, let anchor): layout.addFixedText(text, at: p, anchor: anchor, size: font * 0.85)
                case .point: break
                }
            }
        }
        if layers.contains(.controls) {
            for e in r.path.elements {
                switch e {
                case .move(let p): layout.addMarker(p, radius: dot * 0.8)
                case .segment(let s): layout.addMarker(s.end, radius: dot * 0.8)
                case .close: break
                }
            }
            for b in beziers { for p in b.points.dropFirst().dropLast() { layout.addMarker(p, radius: dot) } }
        }
        if layers.contains(.points) {
            items.append(
                .group(Style(id: "points", fill: paint["points"] ?? "#0072b2"), r.trackPoints.map { .circle($0, radius: dot * 0.75, Style()) }))
        }
        var figureLabels: [(text: String, at: Point, colour: String)] = []
        for figure in figures {
            let (group, labels) = figureMarks(figure, stroke: stroke, dot: dot, font: font, paint: paint)
            items.append(group)
            figureLabels += labels
            for m in figure.marks { if case .point(let p, _, _) = m { layout.addMarker(p, radius: dot * 1.2) } }
        }
        if layers.contains(.handle), let hp = r.handle { layout.addMarker(hp, radius: dot * 2.5) }
        // The figure's labels first (what the lesson is about), then P0… for the control points:
        // a point shared by two elements (an end and the next start, a closed subpath's last end
        // and its start) is named once, by the first element that has it.
        var placed: [Drawing.Item] = []
        func put(_ label: String, _ p: Point, _ colour: String?) {
            guard let (at, leader) = layout.place(label, near: p) else { return }
            if leader {
                let box = layout.box(label, at: at)
                let end = Point(Swift.min(Swift.max(p.x, box.minX), box.maxX), Swift.min(Swift.max(p.y, box.minY), box.maxY))
                placed.append(.line(p, end, Style(stroke: colour ?? "#999999", strokeWidth: stroke / 4)))
            }
            placed.append(.text(label, at: at, Style(fill: colour)))
        }
        if !figureLabels.isEmpty {
            // A label two figures give the same point (the point at t of `casteljau` and of
            // `bernstein`) is written once.
            var written: [(String, Point)] = []
            for l in figureLabels where !written.contains(where: { $0.0 == l.text && Tolerance.same($0.1, l.at, size: size) }) {
                written.append((l.text, l.at))
                put(l.text, l.at, l.colour)
            }
            items.append(.group(Style(id: "figure-labels", fontFamily: "sans-serif", fontSize: font), placed))
            placed = []
        }
        if layers.contains(.labels) {
            var named = NearPoints(within: Tolerance.meetingDistance(Swift.max(box.width, box.height, Magnitude.tiny)))
            for b in beziers {
                let prefix = beziers.count > 1 ? "\(b.index)." : ""
                for (k, p) in b.points.enumerated() {
                    guard named.insert(p) else { continue }
                    put("\(prefix)P\(k)", p, nil)
                }
            }
            items.append(.group(Style(id: "labels", fontFamily: "sans-serif", fontSize: font, fill: "#333333"), placed))
            placed = []
        }
        if layers.contains(.handle), let hp = r.handle {
            items.append(.circle(hp, radius: dot * 2.5, Style(id: "handle", fill: "none", stroke: paint["handle"] ?? "#d55e00", strokeWidth: stroke)))
        }
        if legendRows > 0 {
            var rows: [Drawing.Item] = []
            var y = legendTop + rowHeight
            let x = view.minX + 10 * px
            for line in titleLines {
                rows.append(.text(line, at: Point(x, y), Style(bold: true)))
                y += rowHeight
            }
            for (entry, lines) in zip(legend, entryLines) {
                rows.append(
                    .line(
                        Point(x, y - font / 3), Point(x + 24 * px, y - font / 3),
                        Style(stroke: entry.colour, strokeWidth: stroke * 1.5, dash: entry.dash ? [stroke * 2, stroke * 2] : nil)))
                for line in lines {
                    rows.append(.text(line, at: Point(x + 32 * px, y), Style()))
                    y += rowHeight
                }
            }
            items.append(.group(Style(id: "legend", fontFamily: "sans-serif", fontSize: font, fill: "#333333"), rows))
        }
        return Drawing(view: view, width: w.rounded(), height: h.rounded(), items: items)
    }

    /// A figure's marks as a group named by its layer: lines first, then points and texts on
    /// top; and the labels of its points and curves, to be placed with the others.
    static func figureMarks(
        _ figure: Figure, stroke: Double, dot: Double, font: Double, paint: [String: String] = [:]
    ) -> (group: Drawing.Item, labels: [(text: String, at: Point, colour: String)]) {
        typealias Style = Drawing.Style
        var lines: [Drawing.Item] = [], points: [Drawing.Item] = []
        var labels: [(text: String, at: Point, colour: String)] = []
        for m in figure.marks {
            let c = paint["role:" + m.role.rawValue] ?? colour(m.role)
            switch m {
            case .curve(let s, _, let label):
                var p = Path()
                try? p.move(to: s.start)
                switch s {
                case .line(let l): try? p.line(to: l.p1)
                case .quadratic(let q): try? p.quad(control: q.p1, to: q.p2)
                case .cubic(let c): try? p.curve(control1: c.p1, control2: c.p2, to: c.p3)
                case .arc(let a): try? p.append(arc: a)
                }
                let dashed = m.role == .continued || m.role == .before
                lines.append(.path(p, Style(fill: "none", stroke: c, strokeWidth: stroke * 1.5, dash: dashed ? [stroke * 3, stroke * 2] : nil)))
                if let label { labels.append((label, s.point(at: 0.5), c)) }
            case .polyline(let ps, _):
                lines.append(.polyline(ps, Style(fill: "none", stroke: c, strokeWidth: stroke / 2)))
            case .arrow(let a, let b, _):
                lines.append(.line(a, b, Style(stroke: c, strokeWidth: stroke)))
                // The head: two short strokes back from the tip at ±25°.
                let d = b - a
                if let u = d.normalized {
                    let back = u * (-dot * 3)
                    // cos and sin of ±25°.
                    for (cs, s) in [(0.9063, 0.4226), (0.9063, -0.4226)] {
                        let v = Vector(back.dx * cs - back.dy * s, back.dx * s + back.dy * cs)
                        lines.append(.line(b, b + v, Style(stroke: c, strokeWidth: stroke)))
                    }
                }
            case .circle(let centre, let radius, _):
                lines.append(.circle(centre, radius: radius, Style(fill: "none", stroke: c, strokeWidth: stroke)))
            case .point(let p, _, let label):
                points.append(.circle(p, radius: dot * 1.2, Style(fill: c)))
                if let label { labels.append((label, p, c)) }
            case .text(let p, let text, _, let anchor):
                points.append(
                    .text(
                        text, at: Point(p.x, p.y + font / 3),
                        Style(fontFamily: "sans-serif", fontSize: font * 0.85, textAnchor: anchor.rawValue, fill: c)))
            }
        }
        return (.group(Style(id: figure.layer.rawValue), lines + points), labels)
    }

    /// The SVG text of a drawing: one element a line, its attributes in one fixed order.
    public static func write(_ d: Drawing) -> String {
        var out = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(n(d.view.minX)) \(n(d.view.minY)) \(n(d.view.width)) \(n(d.view.height))\" "
                + "width=\"\(n(d.width))\" height=\"\(n(d.height))\">",
        ]
        func attributes(_ s: Drawing.Style) -> String {
            var a = ""
            if let v = s.fontFamily { a += " font-family=\"\(v)\"" }
            if let v = s.fontSize { a += " font-size=\"\(n(v))\"" }
            if let v = s.textAnchor { a += " text-anchor=\"\(v)\"" }
            if s.bold { a += " font-weight=\"bold\"" }
            if let v = s.fill { a += " fill=\"\(v)\"" }
            if let v = s.fillRule { a += " fill-rule=\"\(v)\"" }
            if let v = s.stroke { a += " stroke=\"\(v)\"" }
            if let v = s.strokeWidth { a += " stroke-width=\"\(n(v))\"" }
            if s.roundJoin { a += " stroke-linejoin=\"round\"" }
            if let v = s.dash { a += " stroke-dasharray=\"\(v.map(n).joined(separator: " "))\"" }
            if let v = s.dashOffset { a += " stroke-dashoffset=\"\(n(v))\"" }
            return a
        }
        func id(_ s: Drawing.Style) -> String { s.id.map { " id=\"\($0)\"" } ?? "" }
        func element(_ item: Drawing.Item, indent: String) {
            switch item {
            case .group(let s, let items):
                out.append(indent + "<g\(id(s))\(attributes(s))>")
                for i in items { element(i, indent: indent + "  ") }
                out.append(indent + "</g>")
            case .rect(let r, let s):
                out.append(
                    indent + "<rect\(id(s)) x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\"\(attributes(s))/>"
                )
            case .path(let p, let s):
                out.append(indent + "<path\(id(s)) d=\"\(PathExport.svg(p))\"\(attributes(s))/>")
            case .polyline(let ps, let s):
                out.append(
                    indent + "<polyline\(id(s)) points=\"" + ps.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ") + "\"\(attributes(s))/>")
            case .line(let a, let b, let s):
                out.append(indent + "<line\(id(s)) x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\"\(attributes(s))/>")
            case .circle(let c, let radius, let s):
                out.append(indent + "<circle\(id(s)) cx=\"\(n(c.x))\" cy=\"\(n(c.y))\" r=\"\(n(radius))\"\(attributes(s))/>")
            case .text(let text, let p, let s):
                out.append(indent + "<text\(id(s)) x=\"\(n(p.x))\" y=\"\(n(p.y))\"\(attributes(s))>\(escape(text))</text>")
            }
        }
        for item in d.items { element(item, indent: "  ") }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    /// A curvature comb from its samples (`combSamples`): teeth from the curve along the side
    /// away from the centre of curvature, proportional to the curvature (the longest a fifth of
    /// the path's size). Pairs of (point on the curve, tip).
    static func combTeeth(_ samples: [(Point, Vector, Double)], size: Double) -> [(base: Point, tip: Point)] {
        let largest = samples.map { abs($0.2) }.max() ?? 0
        guard largest > 0, size > 0 else { return [] }
        let scale = size / 5 / largest
        // The centre is at p + normal/k: the tooth goes the other way.
        return samples.map { p, normal, k in (p, p - normal * (k * scale)) }
    }

    /// The comb's samples: 49 points of every drawn curve, with the normal and the curvature.
    static func combSamples(_ path: Path) -> [(Point, Vector, Double)] {
        var samples: [(Point, Vector, Double)] = []
        for i in path.elements.indices {
            guard let s = path.segment(at: i), case .segment = path.elements[i] else { continue }
            if case .line = s { continue }
            for k in 0...48 {
                let t = Double(k) / 48
                guard let u = s.direction(at: t).normalized else { continue }
                let curvature = s.curvature(at: t)
                guard curvature.isFinite else { continue }
                samples.append((s.point(at: t), u.perpendicular, curvature))
            }
        }
        return samples
    }

    /// `s` in lines of at most `width` characters, broken at spaces (a longer word is cut).
    static func wrap(_ s: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in s.split(separator: " ") {
            var word = Substring(word)
            while word.count > width {
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(c)
            }
        }
        return out
    }
}
