import ShapeGeometry

extension Interpreter {
    /// What the workbench draws between statements: the path with every layer's data (its track
    /// points, the handle, the figures), as `save` would hand it over with every layer. Charges no work; track points that
    /// would pass their limit are left out.
    ///
    /// `sent`: the most track points the caller will use. When there could be more (by
    /// `TrackPoints.boundaryBound`) and they are not measured yet, they are left out
    /// (`trackPointsLeftOut`) and only the handle's point is found, walking the path as far as it:
    /// a statement that moves a path of 10,000 elements is then not followed by 50,000 track
    /// points that nobody draws. The handle's point is the one the whole measurement gives.
    public func view(trackPointsAtMost sent: Int? = nil) -> SaveRequest {
        let workBefore = current.work
        defer { current.work = workBefore }
        let measured = trackCache.map { $0.pattern == state.dash && $0.isCurrent(for: path) } ?? false
        var points: [Point] = []
        var handle: Point?
        var leftOut = false
        let bound = TrackPoints.boundaryBound(path, state.dash)  // O(1)
        if let sent, !measured, bound > Double(sent), bound <= Double(limits.trackPoints),
            let point = TrackPoints.point(at: state.handle.index, of: path, pattern: state.dash)
        {
            (handle, leftOut) = (point, true)
        } else {
            points = (try? trackPoints(SourceRange(0, 0))) ?? []
            handle = state.handle.point(in: points)
        }
        var request = SaveRequest(
            file: "", from: "", path: path, layers: Set(SaveLayer.allCases), trackPoints: points,
            handle: handle, figures: state.figures.filter { !$0.isPlaceholder })
        request.trackPointsLeftOut = leftOut
        return request
    }

    /// The handle's track point index (as `handle` reports it).
    public var handleIndex: Int { state.handle.index }
}
