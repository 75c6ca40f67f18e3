import ShapeGeometry

/// What `save` asks the caller to write: the path and the layers to draw over it. The language
/// does no I/O; the command-line tool renders and writes it (see `Interpreter.saver`).
public struct SaveRequest: Sendable {
    /// The file name as written in the script.
    public var file: String
    /// The name of the source that saves (to resolve a relative file name).
    public var from: String
    public var path: Path
    /// Layers asked for.
    public var layers: Set<SaveLayer>
    public var trackPoints: [Point]
    public var handle: Point?
    /// The figures of the layers asked for, oldest first (`Figure.Layer`): the last `nearest`
    /// query, the last `casteljau` construction, the teaching queries' figures.
    public var figures: [Figure] = []
    /// The figures of one layer as one: their titles joined, their marks in order (with
    /// `figure keep`, the figure layer holds several).
    public func figure(in layer: Figure.Layer) -> Figure? { Figure.merged(figures.filter { $0.layer == layer }) }

    /// The pattern of the last `dash`, if the session ran one: the path is drawn dashed with it.
    public var dash: DashPattern? = nil
    /// The track points were not measured (`trackPoints` is empty), only the handle's: there
    /// would be more than the workbench's scene carries (see `Interpreter.view`).
    public var trackPointsLeftOut = false
    /// The work units the statement may still spend (`Limits.statementWork` less what it has
    /// spent): a host that writes more than `work` says covers (a PDF) throws
    /// `HostFailure.outOfWork` when it would pass it.
    public var workLeft = Int.max

    /// What drawing the picture costs, in work units (`WorkCost`), beyond the listing of its
    /// elements that `save`'s row charges: each layer that writes something for every element,
    /// control point, track point or mark, at its measured cost (docs/robustness.md). `save`
    /// and the workbench's export both charge it.
    public var work: Int {
        var curved = 0, controlPoints = 0
        for e in path.elements {
            switch e {
            case .segment(.quadratic): curved += 1; controlPoints += 3
            case .segment(.cubic): curved += 1; controlPoints += 4
            case .segment(.arc): curved += 1
            case .segment(.line), .move, .close: break
            }
        }
        // Added up as doubles: in WebAssembly an Int has 32 bits, and a comb along a million
        // curves costs 4e9 units.
        let elements = Double(path.elements.count)
        var units = 0.0
        func add(_ cost: Int, _ count: Int) { units += Double(cost) * Double(count) }
        if layers.contains(.controls) { units += Double(WorkCost.controlsCost) * (elements + Double(controlPoints)) }
        if layers.contains(.labels) { add(WorkCost.labelCost, controlPoints) }
        if layers.contains(.comb) { add(WorkCost.combCost, curved) }
        if layers.contains(.fill) { add(WorkCost.listingCost, path.elements.count) }
        if layers.contains(.points) || layers.contains(.handle) { add(WorkCost.listingCost, trackPoints.count) }
        for figure in figures { add(WorkCost.listingCost, figure.marks.count) }
        return Int(saturating: units)
    }
}

/// Writes a `SaveRequest`; returns the name of the file written, or throws a reason.
public typealias Saver = @Sendable (SaveRequest) throws(HostFailure) -> String

/// Why the host (the command line, a page) could not do what a statement asked of it: read an
/// included file, write a picture or an export. Its text goes into the statement's error.
public struct HostFailure: Error, CustomStringConvertible {
    public var description: String
    /// The host stopped because the work would pass what the statement has left
    /// (`SaveRequest.workLeft`): the statement fails with the located "too much work" error.
    public var outOfWork = false
    public init(_ description: String) { self.description = description }

    /// Writing would pass the statement's work budget.
    public static let outOfWork: HostFailure = {
        var failure = HostFailure("it would take more work than one statement may do")
        failure.outOfWork = true
        return failure
    }()
}

/// What `export` writes: the path (or a def translated) as Swift code, SVG path data, or the track
/// points as a Swift array. ShapeOutput renders it (`PathExport.render`).
public struct ExportRequest: Sendable {
    public var format: ExportFormat
    public var target: SwiftTarget
    /// The variable, type or function to declare.
    public var name: String
    /// Every bit of every number, instead of clean decimals.
    public var exact: Bool
    public var path: Path
    /// The pattern of the last `dash`, if the session ran one: `setLineDash` and its kin.
    public var dash: DashPattern?
    /// For `points`: the track points, with the tangent angle when `angles` was given.
    public var points: [Point]
    public var angles: [Double]?
    /// A def translated to the body of a Swift function (see `SwiftTranslation`), when one was named.
    public var function: SwiftFunction?
    /// The file to write (nil: print), as written in the script, and the source that exports.
    public var file: String?
    public var from: String
}

/// Writes an `ExportRequest` to its file; returns the name of the file written, or throws a reason.
public typealias Exporter = @Sendable (ExportRequest) throws(HostFailure) -> String
