import Testing
@testable import ShapeGeometry

/// The one comparison helper of these tests: passes when |actual − expected| ≤ tolerance, always
/// comparing absolute differences (pass `tolerance: rel * scale` for a relative check).
func expectClose(_ actual: Double, _ expected: Double, tolerance: Double,
                 _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(abs(actual - expected) <= tolerance,
            "\(actual) vs \(expected): off by \(abs(actual - expected)) > \(tolerance). \(comment?.rawValue ?? "")",
            sourceLocation: sourceLocation)
}

func expectClose(_ actual: Point, _ expected: Point, tolerance: Double,
                 _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
    expectClose(actual.x, expected.x, tolerance: tolerance, comment, sourceLocation: sourceLocation)
    expectClose(actual.y, expected.y, tolerance: tolerance, comment, sourceLocation: sourceLocation)
}

/// The figure 8 of seed 000 in a view of the given size: two arcs and the lines between them.
func figureEight(width: Double = 320, height: Double = 480) throws -> Path {
    let radius = height / 6
    let offset = 2 * radius * 0.5.squareRoot()
    let top = Point(width / 2, height / 2 - offset)
    let bottom = Point(width / 2, height / 2 + offset)
    var path = Path()
    try path.arc(center: top, radius: radius, startAngle: .pi / 4, endAngle: -.pi - .pi / 4, clockwise: false)
    try path.arc(center: bottom, radius: radius, startAngle: -.pi / 4, endAngle: .pi + .pi / 4, clockwise: true)
    path.close()
    return path
}
