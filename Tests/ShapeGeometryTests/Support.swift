import Foundation
import Testing
@testable import ShapeGeometry
@_exported import ShapeTestSupport

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

/// The project's Swift sources under `Sources/<folder>` (all of `Sources` for ""), as paths
/// relative to it and their text, for the lint tests.
func swiftSources(under folder: String, excluding excluded: (String) -> Bool = { _ in false }) throws -> [(file: String, text: String)] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let base = root.appendingPathComponent("Sources").appendingPathComponent(folder)
    let files = try #require(FileManager.default.enumerator(atPath: base.path)).compactMap { $0 as? String }.filter {
        $0.hasSuffix(".swift") && !excluded($0)
    }
    return try files.map { ($0, try String(contentsOf: base.appendingPathComponent($0), encoding: .utf8)) }
}
