import Foundation
import ShapeTestSupport
import Testing

/// Every input under Hostile/ (made by scripts/hostile-corpus.py, plus crashers the fuzzer found,
/// named fuzz-*) is answered with a located error and exit status 1. A run that takes more than
/// ten seconds is killed and counts as a hang; the times themselves are for scripts, not tests.
@Suite struct HostileInputTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Hostile")
    static let inputs: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".shape") }.sorted()
    }()

    @Test func theCorpusIsLargeEnough() { #expect(HostileInputTests.inputs.count >= 100) }

    @Test(arguments: HostileInputTests.inputs)
    func answeredWithALocatedError(_ name: String) throws {
        let r = try Subprocess.run(BinaryRunner.executable.path, [name], directory: HostileInputTests.directory.path, timeout: 10)
        if r.timedOut {
            Issue.record("\(name) did not finish in 10 seconds")
            return
        }
        let first = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(r.status == 1, "\(name)")
        #expect(
            first.range(of: "^\(NSRegularExpression.escapedPattern(for: name)):[0-9]+:[0-9]+: error: ", options: .regularExpression) != nil,
            "\(name): \(first.prefix(200))")
    }
}
