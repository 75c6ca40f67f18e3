import ShapeGeometry
import ShapeLanguage

/// An SVG picture of a path, with the layers `save` can ask for: control polygons and points,
/// track points, the handle, the tight bounds, the last nearest-point query. Returns the text;
/// writing it is the caller's business.
public enum SVGDocument {
    static func n(_ x: Double) -> String { NumberFormat.json(x) }

    public static func render(_ r: SaveRequest) -> String {
        let box = r.path.bounds ?? Rect(point: .zero)
        // The view holds the path and whatever the layers add outside it.
        var extent = box
        if r.layers.contains(.nearest), let near = r.nearest { extent.include(near.query) }
        if r.layers.contains(.casteljau), let levels = r.casteljau { for p in levels[0] { extent.include(p) } }
        if r.layers.contains(.controls) {
            for e in r.path.elements { if case .segment(let s) = e { extent = extent.union(s.controlBounds) } }
        }
        let size = Swift.max(extent.width, extent.height, 1e-9)
        let margin = size * 0.05
        let stroke = size / 300
        let view = Rect(minX: extent.minX - margin, minY: extent.minY - margin, maxX: extent.maxX + margin, maxY: extent.maxY + margin)
        let pixels = 600.0
        let w = view.width >= view.height ? pixels : pixels * view.width / view.height
        let h = view.width >= view.height ? pixels * view.height / view.width : pixels
        var out = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(n(view.minX)) \(n(view.minY)) \(n(view.width)) \(n(view.height))\" "
                + "width=\"\(n(w.rounded()))\" height=\"\(n(h.rounded()))\">",
            "  <rect x=\"\(n(view.minX))\" y=\"\(n(view.minY))\" width=\"\(n(view.width))\" height=\"\(n(view.height))\" fill=\"white\"/>",
        ]
        if r.layers.contains(.bounds), r.path.bounds != nil {
            out.append(
                "  <rect id=\"bounds\" x=\"\(n(box.minX))\" y=\"\(n(box.minY))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\" "
                    + "fill=\"none\" stroke=\"#e69f00\" stroke-width=\"\(n(stroke / 2))\" stroke-dasharray=\"\(n(stroke * 4)) \(n(stroke * 2))\"/>")
        }
        if r.layers.contains(.controls) {
            var polygons: [String] = [], dots: [String] = []
            for e in r.path.elements {
                let points: [Point]
                switch e {
                case .segment(.quadratic(let q)): points = [q.p0, q.p1, q.p2]
                case .segment(.cubic(let c)): points = [c.p0, c.p1, c.p2, c.p3]
                default: continue
                }
                polygons.append("    <polyline points=\"" + points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ") + "\"/>")
                for p in points.dropFirst().dropLast() { dots.append("    <circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"\(n(stroke * 1.5))\"/>") }
            }
            out.append(
                "  <g id=\"controls\" fill=\"none\" stroke=\"#999999\" stroke-width=\"\(n(stroke / 2))\" stroke-dasharray=\"\(n(stroke * 2)) \(n(stroke * 2))\">"
            )
            out += polygons
            out.append("  </g>")
            out.append("  <g id=\"control-points\" fill=\"#999999\">")
            out += dots
            out.append("  </g>")
        }
        out.append(
            "  <path id=\"path\" d=\"\(PathExport.svg(r.path))\" fill=\"none\" stroke=\"black\" stroke-width=\"\(n(stroke))\" "
                + "stroke-linejoin=\"round\"/>")
        if r.layers.contains(.points) {
            out.append("  <g id=\"points\" fill=\"#0072b2\">")
            for p in r.trackPoints { out.append("    <circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"\(n(stroke * 0.8))\"/>") }
            out.append("  </g>")
        }
        if r.layers.contains(.nearest), let near = r.nearest {
            out.append("  <g id=\"nearest\" stroke=\"#009e73\" fill=\"#009e73\" stroke-width=\"\(n(stroke / 2))\">")
            out.append("    <line x1=\"\(n(near.query.x))\" y1=\"\(n(near.query.y))\" x2=\"\(n(near.point.x))\" y2=\"\(n(near.point.y))\"/>")
            out.append("    <circle cx=\"\(n(near.query.x))\" cy=\"\(n(near.query.y))\" r=\"\(n(stroke * 1.5))\"/>")
            out.append("    <circle cx=\"\(n(near.point.x))\" cy=\"\(n(near.point.y))\" r=\"\(n(stroke * 1.5))\"/>")
            out.append("  </g>")
        }
        if r.layers.contains(.casteljau), let levels = r.casteljau {
            let colours = ["#999999", "#56b4e9", "#cc79a7", "#009e73"]
            out.append("  <g id=\"casteljau\" fill=\"none\" stroke-width=\"\(n(stroke / 2))\">")
            for (k, level) in levels.enumerated() {
                let colour = colours[k % colours.count]
                if level.count > 1 {
                    out.append("    <polyline stroke=\"\(colour)\" points=\"" + level.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ") + "\"/>")
                }
                for p in level {
                    out.append("    <circle cx=\"\(n(p.x))\" cy=\"\(n(p.y))\" r=\"\(n(stroke * (level.count == 1 ? 3 : 1.5)))\" fill=\"\(colour)\"/>")
                }
            }
            out.append("  </g>")
        }
        if r.layers.contains(.handle), let hp = r.handle {
            out.append(
                "  <circle id=\"handle\" cx=\"\(n(hp.x))\" cy=\"\(n(hp.y))\" r=\"\(n(stroke * 5))\" fill=\"none\" "
                    + "stroke=\"#d55e00\" stroke-width=\"\(n(stroke))\"/>")
        }
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }
}
