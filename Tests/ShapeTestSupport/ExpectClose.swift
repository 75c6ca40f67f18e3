import Testing
import ShapeGeometry

/// The one comparison helper of these tests: passes when |actual − expected| ≤ tolerance, always
/// comparing absolute differences (pass `tolerance: rel * scale` for a relative check).
public func expectClose(
    _ actual: Double, _ expected: Double, tolerance: Double,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        abs(actual - expected) <= tolerance,
        "\(actual) vs \(expected): off by \(abs(actual - expected)) > \(tolerance). \(comment?.rawValue ?? "")",
        sourceLocation: sourceLocation)
}

public func expectClose(
    _ actual: Point, _ expected: Point, tolerance: Double,
    _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectClose(actual.x, expected.x, tolerance: tolerance, comment, sourceLocation: sourceLocation)
    expectClose(actual.y, expected.y, tolerance: tolerance, comment, sourceLocation: sourceLocation)
}
