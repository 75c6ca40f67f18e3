import ShapeGeometry

extension Interpreter {
    /// What the workbench draws between statements: the path with every layer's data (its track
    /// points, the handle, the last nearest-point query, de Casteljau construction and teaching
    /// figure), as `save` would hand it over with every layer. Charges no work; track points that
    /// would pass their limit are left out.
    public func view() -> SaveRequest {
        let workBefore = current.work
        defer { current.work = workBefore }
        let points = (try? trackPoints(SourceRange(0, 0))) ?? []
        return SaveRequest(
            file: "", from: "", path: path, layers: Set(SaveLayer.allCases), trackPoints: points,
            handle: state.handle.point(in: points), nearest: lastNearest, casteljau: lastCasteljau, figure: lastFigure)
    }

    /// The handle's track point index (as `handle` reports it).
    public var handleIndex: Int { state.handle.index }
}
