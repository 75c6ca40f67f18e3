import Foundation
import Testing

/// Every script under examples/ runs through the real binary; its whole standard output is
/// compared with the snapshot Examples/<name>.out. `SHAPE_RECORD=1` rewrites the snapshots
/// (review the diff before committing).
@Suite struct ExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examples: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("examples").path)) ?? []
        return names.filter { $0.hasSuffix(".shape") }.sorted()
    }()

    @Test func theFigureEightExampleIsThere() { #expect(ExampleTests.examples.contains("figure8.shape")) }

    @Test(arguments: ExampleTests.examples)
    func example(_ name: String) throws {
        let result = try BinaryRunner.run(["examples/" + name], in: ExampleTests.root)
        let snapshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Examples").appendingPathComponent(name.replacingOccurrences(of: ".shape", with: ".out"))
        if ProcessInfo.processInfo.environment["SHAPE_RECORD"] == "1" {
            try result.stdout.write(to: snapshot, atomically: true, encoding: .utf8)
            return
        }
        #expect(result.status == 0, "\(name): \(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == (try String(contentsOf: snapshot, encoding: .utf8)), "\(name)")
    }
}
