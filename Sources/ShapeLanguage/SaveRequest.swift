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
    /// The last `nearest` query: where it was asked and the point it found.
    public var nearest: (query: Point, point: Point)?
    /// The last `casteljau` construction: its levels, control points first.
    public var casteljau: [[Point]]?
    /// The last teaching query's figure.
    public var figure: Figure?
}

/// Writes a `SaveRequest`; returns the name of the file written, or throws a reason.
public typealias Saver = @Sendable (SaveRequest) throws -> String
