import Foundation
import Testing

/// The geometry names its tolerances (`Tolerance`): no exponent literal is left in its code
/// outside Tolerance.swift (comments aside). A new tolerance gets a name there, with what it
/// bounds and why its value.
@Suite struct ToleranceLintTests {
    static let ceiling = 0

    @Test func exponentLiteralsOnlyGoDown() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Sources/ShapeGeometry")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter {
            $0.hasSuffix(".swift") && !$0.hasSuffix("Tolerance.swift")
        }
        #expect(files.count > 30)
        var count = 0
        var places: [String] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
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
