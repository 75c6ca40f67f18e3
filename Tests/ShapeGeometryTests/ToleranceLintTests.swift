import Foundation
import Testing

/// The geometry names its tolerances (`Tolerance`): no exponent literal is left in its code
/// outside Tolerance.swift (comments aside). A new tolerance gets a name there, with what it
/// bounds and why its value.
@Suite struct ToleranceLintTests {
    static let ceiling = 0

    @Test func exponentLiteralsOnlyGoDown() throws {
        let files = try swiftSources(under: "ShapeGeometry") { $0.hasSuffix("Tolerance.swift") }
        #expect(files.count > 30)
        var count = 0
        var places: [String] = []
        for (file, text) in files {
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.components(separatedBy: "//")[0]
                let found = code.matches(of: /(^|[^\w.])\d+(\.\d+)?e[-+]?\d+\b/).count
                if found > 0 { places.append("\(file):\(n + 1)") }
                count += found
            }
        }
        #expect(
            count <= ToleranceLintTests.ceiling, "\(count) exponent literals in the geometry's code: name them in Tolerance (\(places.prefix(8)))")
    }
}
