import ShapeGeometry

/// What the last teaching query drew, for `save ... figure`: marks in path coordinates, each
/// with a role that gives its colour and its line in the legend. The language only describes the
/// figure; ShapeOutput draws it.
public struct Figure: Sendable, Equatable {
    /// What a mark is, for its colour and the legend.
    public enum Role: String, Sendable, CaseIterable {
        case control, construction, mark, before, continued, first, second, tangent, normal, circle, comb, rational, xOfT, yOfT, xTurn, yTurn
        /// A chart's frame, axes and axis values.
        case axis
        /// The Bernstein basis functions, the hodograph, a fit's residuals, an approximation's error.
        case basis, hodograph, residual, error
        /// A curve computed beside the path (`lower ... primer`), an approximation's pieces and centres.
        case lowered, centre, cusp
        /// `point`'s derivatives.
        case firstDerivative, secondDerivative
        /// `align`'s curve.
        case aligned

        /// The legend's words for it.
        public var legend: String {
            switch self {
            case .control: "control points"
            case .construction: "construction lines"
            case .mark: "marked points"
            case .before: "the curve before"
            case .continued: "the curve continued"
            case .first: "first piece"
            case .second: "second piece"
            case .tangent: "tangent"
            case .normal: "normal"
            case .circle: "osculating circle"
            case .comb: "curvature comb"
            case .rational: "the rational curve with these weights"
            case .xOfT: "x(t), t from 0 to 1 left to right (below the path)"
            case .yOfT: "y(t), t from 0 to 1 left to right (below the path)"
            case .xTurn: "where x turns (x′(t) = 0)"
            case .yTurn: "where y turns (y′(t) = 0)"
            case .axis: "axes and their values"
            case .basis: "the Bernstein basis functions of the degree, over t"
            case .hodograph: "the hodograph: the derivative's curve, from its origin"
            case .residual: "each point's residual: to the curve at its t"
            case .error: "the radial error, magnified"
            case .lowered: "the lowered curve and its points"
            case .centre: "each arc's centre and radii to its ends"
            case .cusp: "cusps: where the radius of curvature equals the distance"
            case .firstDerivative: "B′(t)/n: the first derivative, as long as a control leg at the ends"
            case .secondDerivative: "B″(t)/(n(n − 1)): the second derivative"
            case .aligned: "the curve aligned: its chord on the x axis"
            }
        }
    }

    public enum Mark: Sendable, Equatable {
        /// A dot, with a label beside it.
        case point(Point, Role, label: String?)
        case polyline([Point], Role)
        case curve(Segment, Role, label: String?)
        /// From the first point to the second, an arrowhead at the second.
        case arrow(Point, Point, Role)
        case circle(center: Point, radius: Double, Role)
        /// Text at a fixed place (a chart's axis values), aligned by `anchor`: its start, middle or
        /// end is at the point, the baseline a third of a line below it.
        case text(Point, String, Role, anchor: TextAnchor)

        public var role: Role {
            switch self {
            case .point(_, let r, _), .polyline(_, let r), .curve(_, let r, _), .arrow(_, _, let r), .circle(_, _, let r), .text(_, _, let r, _):
                r
            }
        }
    }

    /// Where a text mark's point is along the text.
    public enum TextAnchor: String, Sendable {
        case start, middle, end
    }

    /// A line of text over the legend ("split 1 at t 0.5").
    public var title: String
    public var marks: [Mark]

    public init(title: String, marks: [Mark]) {
        self.title = title
        self.marks = marks
    }

    /// A Bézier split into two: each piece in its own colour with its control polygon, the split
    /// point marked.
    public static func split(_ first: [Point], _ second: [Point], t: Double? = nil) -> [Mark] {
        var marks: [Mark] = []
        if let a = Segment.bezier(first) { marks.append(.curve(a, .first, label: nil)) }
        if let b = Segment.bezier(second) { marks.append(.curve(b, .second, label: nil)) }
        marks.append(.polyline(first, .first))
        marks.append(.polyline(second, .second))
        for p in first.dropLast() { marks.append(.point(p, .first, label: nil)) }
        for p in second.dropFirst() { marks.append(.point(p, .second, label: nil)) }
        if let joint = first.last {
            marks.append(.point(joint, .mark, label: t.map { "t = \(NumberFormat.text($0, precision: 4))" }))
        }
        return marks
    }

    /// The points every mark must show (for the picture's extent).
    public var extentPoints: [Point] {
        var points: [Point] = []
        for m in marks {
            switch m {
            case .point(let p, _, _): points.append(p)
            case .polyline(let ps, _): points += ps
            case .curve(let s, _, _):
                let b = s.tightBounds
                points += [Point(b.minX, b.minY), Point(b.maxX, b.maxY)]
            case .arrow(let a, let b, _): points += [a, b]
            case .circle(let c, let r, _): points += [Point(c.x - r, c.y - r), Point(c.x + r, c.y + r)]
            case .text(let p, _, _, _): points.append(p)
            }
        }
        return points.filter({ $0.isFinite })
    }
}
