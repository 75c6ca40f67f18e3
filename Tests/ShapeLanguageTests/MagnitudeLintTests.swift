import Foundation
import Testing

/// Outside the geometry (whose tolerances `ToleranceLintTests` keeps in `Tolerance`), the language,
/// its printers and its hosts name the magnitudes they compare against too: an exponent literal
/// (`1e-9`, `1e15`) stands only in a declaration (`static let name = 1e15`, most in `Magnitude`),
/// with the reason for its value beside it; not in comments or text. DecimalParser's table of the
/// exact powers of ten is a table, not a magnitude, and is left out.
@Suite struct MagnitudeLintTests {
    @Test func exponentLiteralsAreNamed() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var places: [String] = []
        var files = 0
        for module in ["ShapeLanguage", "ShapeOutput", "ShapeCLI"] {
            let folder = root.appendingPathComponent("Sources/" + module)
            for file in try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap({ $0 as? String })
            where file.hasSuffix(".swift") && !file.hasSuffix("DecimalParser.swift") && !file.hasSuffix("WorkbenchPage.swift") {
                files += 1
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    // The code: before any comment, with its string literals taken out.
                    var code = String(line.components(separatedBy: "//")[0])
                    code = code.replacing(/"([^"\\]|\\.)*"/, with: "\"\"")
                    guard code.contains(/(^|[^\w.#])\d+(\.\d+)?e[-+]?\d+\b/) else { continue }
                    if code.contains(/^\s*(public |package )?static let \w+(: \w+)? = [-\d.e+]+$/) { continue }
                    places.append("\(module)/\(file):\(n + 1)")
                }
            }
        }
        #expect(files > 60)
        #expect(places.isEmpty, "exponent literals outside a named declaration: \(places)")
    }
}
