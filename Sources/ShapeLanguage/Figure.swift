import ShapeGeometry

/// What a query drew: marks in path coordinates, each with a role that gives its colour and its
/// line in the legend, and the query that made it, so that it can be made again on the path as it
/// is now (`Interpreter.recompute`). A figure is part of the session's state: undo and a failed
/// statement restore it with the path. The language only describes the figure; ShapeOutput draws
/// its marks, whatever the query was.
public struct Figure: Sendable, Equatable {
    /// The `save` layer that draws the figure (`save "f.svg" casteljau`), which is also what a new
    /// figure replaces: the last teaching query's figure, the last `casteljau` construction and the
    /// last `nearest` query are each their own.
    public enum Layer: String, Sendable, CaseIterable {
        case figure, casteljau, nearest

        /// The order pictures draw the layers in: the figure layer's (the lesson) last, on top.
        public static let drawingOrder: [Layer] = [.nearest, .casteljau, .figure]
    }

    /// The query that made a figure, its arguments evaluated: the command's name, its numbers
    /// and its option words with their values.
    public struct Query: Sendable, Equatable {
        public var command: String
        public var numbers: [Double]
        public var keywords: [String: [Double]]
        public var words: [String: String]
        /// The statement's place in its source (for errors while it is made again).
        public var range: SourceRange
        /// The arguments as written, for a command that takes text (`intersections a`): made
        /// again, they are evaluated again.
        var arguments: [Expr]
        /// The script whose top-level statement made it (a page tells a query of its document
        /// from one typed since).
        public var file = ""

        /// Equal when made by the same command with the same values at the same place (the
        /// arguments as written are those at that place).
        public static func == (a: Query, b: Query) -> Bool {
            a.command == b.command && a.numbers == b.numbers && a.keywords == b.keywords && a.words == b.words && a.range == b.range
        }
    }

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
        /// `nearest`: the query point, joined to the nearest point of the path.
        case query
        /// `casteljau`: the second level of interpolation (the first is `construction`).
        case secondLevel

        /// Its colour, as every picture draws it (SVG, PDF, the page): Okabe and Ito's palette,
        /// told apart with colour blindness.
        public var colour: String {
            switch self {
            case .control: "#999999"
            case .construction: "#56b4e9"
            case .mark: "#d55e00"
            case .before: "#bbbbbb"
            case .continued: "#cc79a7"
            case .first: "#0072b2"
            case .second: "#e69f00"
            case .tangent: "#009e73"
            case .normal: "#cc79a7"
            case .circle: "#009e73"
            case .comb: "#999933"
            case .rational: "#cc79a7"
            case .xOfT: "#0072b2"
            case .yOfT: "#d55e00"
            case .xTurn: "#0072b2"
            case .yTurn: "#009e73"
            case .axis: "#777777"
            case .basis: "#0072b2"
            case .hodograph: "#cc79a7"
            case .residual: "#d55e00"
            case .error: "#cc79a7"
            case .lowered: "#0072b2"
            case .centre: "#009e73"
            case .cusp: "#d55e00"
            case .firstDerivative: "#009e73"
            case .secondDerivative: "#cc79a7"
            case .aligned: "#0072b2"
            case .query: "#009e73"
            case .secondLevel: "#cc79a7"
            }
        }

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
            case .query: "the query point and the nearest point to it"
            case .secondLevel: "construction lines, the next level"
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
    public var layer: Layer
    /// The query that made it; nil for a figure made otherwise (a test's).
    public var query: Query? {
        get { heldQuery?.query }
        set { heldQuery = newValue.map(HeldQuery.init) }
    }
    /// `query`, held by reference: 80 bytes that every copy of a figure carried in place.
    private var heldQuery: HeldQuery?
    private final class HeldQuery: Sendable, Equatable {
        let query: Query
        init(_ query: Query) { self.query = query }
        static func == (a: HeldQuery, b: HeldQuery) -> Bool { a === b || a.query == b.query }
    }
    /// Why the figure could not be made again on the path as it is now (its element is gone or
    /// is no longer a curve), said in its legend; its marks are then empty.
    public var stale: String?

    public init(title: String, marks: [Mark], layer: Layer = .figure, query: Query? = nil) {
        self.title = title
        self.marks = marks
        self.layer = layer
        self.query = query
    }

    /// Several figures as one, as a picture shows them: their titles (`legendTitle`) joined by
    /// "; ", their marks in order; its query is theirs when there is one figure. Nil for none.
    public static func merged(_ figures: [Figure]) -> Figure? {
        guard var merged = figures.first else { return nil }
        merged.title = merged.legendTitle
        merged.stale = nil
        for f in figures.dropFirst() {
            merged.title += "; " + f.legendTitle
            merged.marks += f.marks
            merged.query = nil
        }
        return merged
    }

    /// The title as a legend shows it: with why it is empty, if it no longer applies.
    public var legendTitle: String { stale.map { title + " (no longer applies: " + $0 + ")" } ?? title }

    /// A teaching query that drew nothing in the figure layer: the figure is then empty, and
    /// `save ... figure` says why.
    var isPlaceholder: Bool { marks.isEmpty && stale == nil }

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

    /// De Casteljau's construction from its levels (`Segment.casteljau`): the control polygon,
    /// each level of interpolation with its points, and the point on the curve, marked with t.
    public static func casteljau(_ levels: [[Point]], t: Double) -> [Mark] {
        var marks: [Mark] = []
        for (k, level) in levels.enumerated() where level.count > 1 {
            let role: Role = k == 0 ? .control : k == 1 ? .construction : .secondLevel
            marks.append(.polyline(level, role))
            for p in level { marks.append(.point(p, role, label: nil)) }
        }
        if let last = levels.last, last.count == 1 {
            marks.append(.point(last[0], .mark, label: "t = \(NumberFormat.text(t, precision: 4))"))
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
