import Foundation
import ShapeTestSupport
import Testing

/// Every input under Hostile/ (made by scripts/hostile-corpus.py, plus crashers the fuzzer found,
/// named fuzz-*) is answered with exit status 1 and a located error that names what the input
/// was written for: Hostile/expected.tsv gives each one's message (a part of it) and options.
/// No verdict depends on time: a run is bounded by CPU seconds (a generous limit, for a debug
/// build), so a busy machine cannot fail it, and an input that loops for ever still fails.
@Suite struct HostileInputTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Hostile")
    static let inputs: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".shape") }.sorted()
    }()
    /// name → (a part of the error message, options).
    static let expected: [String: (message: String, arguments: [String])] = {
        let text = (try? String(contentsOf: directory.appendingPathComponent("expected.tsv"), encoding: .utf8)) ?? ""
        var table: [String: (String, [String])] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 2 else { continue }
            table[fields[0]] = (fields[1], fields.count > 2 ? fields[2].split(separator: " ").map(String.init) : [])
        }
        return table
    }()
    /// CPU seconds one input may use (a debug build is many times slower than a release one).
    static let cpuSeconds = 300

    @Test func theCorpusIsLargeEnough() { #expect(HostileInputTests.inputs.count >= 100) }

    @Test func everyInputStatesItsError() {
        for name in HostileInputTests.inputs {
            #expect(HostileInputTests.expected[String(name.dropLast(6))] != nil, "\(name) has no line in expected.tsv")
        }
    }

    @Test(arguments: HostileInputTests.inputs)
    func answeredWithItsLocatedError(_ name: String) throws {
        let (message, arguments) = try #require(HostileInputTests.expected[String(name.dropLast(6))], "\(name) has no line in expected.tsv")
        let r = try Subprocess.run(
            "/usr/bin/prlimit", ["--cpu=\(HostileInputTests.cpuSeconds)", BinaryRunner.executable.path] + arguments + [name],
            directory: HostileInputTests.directory.path, timeout: 3600)
        let first = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(r.status == 1, "\(name): exit status \(r.status) (killed by SIGXCPU after \(HostileInputTests.cpuSeconds) s of CPU is 152)")
        #expect(
            first.range(of: "^\(NSRegularExpression.escapedPattern(for: name)):[0-9]+:[0-9]+: error: ", options: .regularExpression) != nil,
            "\(name): \(first.prefix(200))")
        #expect(first.contains(message), "\(name): expected '\(message)', got: \(first.prefix(300))")
    }
}
