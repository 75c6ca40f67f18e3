import Foundation
import Testing

/// Every script under Golden/ runs through the real binary; its expected stdout, stderr and exit
/// status sit in its own comments:
///
///     # args: --json              extra command-line arguments (before the file)
///     # env: LANG=C               an environment variable for the run
///     # expect: line: to (1, 0)…  one line of standard output, in order
///     # stderr: golden.shape:3:…  one line of standard error, in order
///     # exit: 1                   the exit status (0 when absent)
///
/// `SHAPE_RECORD=1 swift test --filter GoldenTests` rewrites the expectations from what the binary
/// prints now: review the diff before committing it.
@Suite struct GoldenTests {
    static let scripts: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: BinaryRunner.goldenDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".shape") }.sorted()
    }()

    @Test func thereAreEnoughGoldenScripts() {
        #expect(GoldenTests.scripts.count >= 60)
    }

    @Test(arguments: GoldenTests.scripts)
    func golden(_ name: String) throws {
        let url = BinaryRunner.goldenDirectory.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        func values(_ tag: String) -> [String] {
            lines.filter { $0.hasPrefix("# \(tag):") }.map { line in
                var v = String(line.dropFirst(tag.count + 3))
                if v.hasPrefix(" ") { v.removeFirst() }
                return v
            }
        }
        let arguments = values("args").flatMap { $0.split(separator: " ").map(String.init) }
        var environment: [String: String] = [:]
        for assignment in values("env") {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { environment[parts[0]] = parts[1] }
        }
        let result = try BinaryRunner.run(arguments + [name], environment: environment)
        let stdout = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
        let stderr = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast()
        if ProcessInfo.processInfo.environment["SHAPE_RECORD"] == "1" {
            var kept = lines.filter { !$0.hasPrefix("# expect:") && !$0.hasPrefix("# stderr:") && !$0.hasPrefix("# exit:") }
            while kept.last == "" { kept.removeLast() }
            kept.append("")
            kept += stdout.map { "# expect: \($0)" }
            kept += stderr.map { "# stderr: \($0)" }
            if result.status != 0 { kept.append("# exit: \(result.status)") }
            // Reading as a String dropped a leading byte-order mark: a script that has one keeps it.
            let bom = try Data(contentsOf: url).starts(with: [0xEF, 0xBB, 0xBF]) ? "\u{FEFF}" : ""
            try (bom + kept.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(Array(stdout) == values("expect"), "stdout of \(name)")
        #expect(Array(stderr) == values("stderr"), "stderr of \(name)")
        #expect(result.status == Int32(values("exit").first ?? "0"), "exit status of \(name)")
    }
}
