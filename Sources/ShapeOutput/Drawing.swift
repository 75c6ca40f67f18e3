import ShapeGeometry

/// A picture as a list of shapes, laid out and painted: what `save` draws (`SVGDocument.drawing`),
/// written as SVG (`SVGDocument.write`) or as PDF (`PDFDocument.render`), each straight from
/// these values. Coordinates are the path's; `view` is the part of the plane shown, `width` and
/// `height` the picture's size in pixels (a pixel is a point in PDF).
public struct Drawing: Sendable {
    public var view: Rect
    public var width: Double
    public var height: Double
    public var items: [Item]

    /// How a shape is painted; a group's style is its shapes' unless they say otherwise. Nil is
    /// "as the group says", and at the top SVG's defaults: filled black, not stroked.
    public struct Style: Sendable {
        /// The shape's or group's name (the SVG element's id): the layer it draws.
        public var id: String?
        public var fontFamily: String?
        public var fontSize: Double?
        /// Where a text's point is along it: "start", "middle" or "end".
        public var textAnchor: String?
        public var bold = false
        /// Colours: "#rrggbb", "white", "black", or "none".
        public var fill: String?
        /// "nonzero" or "evenodd".
        public var fillRule: String?
        public var stroke: String?
        public var strokeWidth: Double?
        /// Round joins instead of SVG's and PDF's miter joins.
        public var roundJoin = false
        /// Dash lengths and their phase, in the drawing's units.
        public var dash: [Double]?
        public var dashOffset: Double?

        @inline(never) public init(
            id: String? = nil, fontFamily: String? = nil, fontSize: Double? = nil, textAnchor: String? = nil, bold: Bool = false,
            fill: String? = nil, fillRule: String? = nil, stroke: String? = nil, strokeWidth: Double? = nil, roundJoin: Bool = false,
            dash: [Double]? = nil, dashOffset: Double? = nil
        ) {
            self.id = id; self.fontFamily = fontFamily; self.fontSize = fontSize; self.textAnchor = textAnchor; self.bold = bold
            self.fill = fill; self.fillRule = fillRule; self.stroke = stroke; self.strokeWidth = strokeWidth; self.roundJoin = roundJoin
            self.dash = dash; self.dashOffset = dashOffset
        }

        /// This style where it says something, else `outer`'s (a shape's style in its group).
        func over(_ outer: Style) -> Style {
            Style(
                id: id, fontFamily: fontFamily ?? outer.fontFamily, fontSize: fontSize ?? outer.fontSize,
                textAnchor: textAnchor ?? outer.textAnchor, bold: bold || outer.bold, fill: fill ?? outer.fill,
                fillRule: fillRule ?? outer.fillRule, stroke: stroke ?? outer.stroke, strokeWidth: strokeWidth ?? outer.strokeWidth,
                roundJoin: roundJoin || outer.roundJoin, dash: dash ?? outer.dash, dashOffset: dashOffset ?? outer.dashOffset)
        }
    }

    public indirect enum Item: Sendable {
        /// Shapes painted alike, in order.
        case group(Style, [Item])
        case rect(Rect, Style)
        /// A path, arcs and all.
        case path(Path, Style)
        case polyline([Point], Style)
        case line(Point, Point, Style)
        case circle(Point, radius: Double, Style)
        /// One line of text, its baseline through the point.
        case text(String, at: Point, Style)
    }
}
