import ShapeGeometry

/// The limits that turn runaway input into errors instead of hangs or crashes. Each is checked
/// before the work it guards where possible (a `repeat` count, a dash pattern's point count).
public struct Limits: Sendable {
    /// Loop iterations (of `repeat` and `for`, together) in one top-level statement.
    public var loopIterations = 1_000_000
    /// Procedure calls nested inside each other.
    public var callDepth = 200
    /// `include` nested inside each other.
    public var includeDepth = 16
    /// Track points one `dash` may produce.
    public var trackPoints = TrackPoints.defaultLimit
    /// Elements in the path: about 170 bytes each (the element, its running length, its own
    /// length and the bounds so far), so 5 million take about 850 MB, leaving room under 2 GiB
    /// for undo's copies (`undoElements`).
    public var pathElements = 5_000_000
    /// Work in one top-level statement: one unit for each path element or track point made or
    /// visited and for each loop turn or command, ten for each element or point written out
    /// (`elements`, `points`, `export`, `save`). It bounds what the iteration limit alone does not,
    /// such as a loop that lists a growing path on every turn: at most about 50 million elements
    /// visited, or 5 million listed, in one statement.
    public var statementWork = 50_000_000
    /// Figures `figure keep` holds in the figure layer: each new one is filed among them and every
    /// change of the path makes them all again, so their number bounds what each query and each
    /// change costs (past it a query is an error: `figure clear` drops them).
    public var keptFigures = 1_000
    /// The most points one `show` samples on the curves besides two per element: the plot's own
    /// budget, and what `show` is charged against `statementWork`.
    public static let plotSamples = 50_000
    /// Blocks, procedure calls and includes inside each other while one statement runs (a
    /// procedure that recurses through nested blocks counts each): measured to fit the stack the
    /// command runs the interpreter on (512 MiB) with a debug build's large frames.
    public var nesting = 4_000
    /// Bytes (UTF-8) in one string made by `+`.
    public var stringLength = 10_000_000
    /// Values one list literal may hold, nested ones counted (a list holding itself twice over
    /// and over would otherwise double at every turn of a loop).
    public var valueSize = 1_000_000
    /// How deeply lists may nest (every recursion over a value is bounded by it).
    public var valueDepth = 64
    /// `undo` steps kept.
    public var undoHistory = 10_000
    /// Path elements the undo steps may hold copies of, in all (whole-path changes such as
    /// transforms keep one copy each): past it the oldest steps are forgotten.
    public var undoElements = 2_000_000

    public init() {}
}
