import Foundation
import ShapeTestSupport
import Testing

/// Every command, called with too few and too many arguments (cases made from the command table:
/// `ArityCorpus`), through the real binary: a located error with the arity message, exit 1.
@Suite struct ArityCorpusTests {
    @Test func everyCommandWithAFixedArityIsCovered() {
        let cases = ArityCorpus.cases
        #expect(cases.count >= 60)
        #expect(Set(cases.map(\.command)).count >= 35)
    }

    @Test(arguments: ArityCorpus.cases)
    func answeredWithTheArityError(_ c: ArityCorpus.Case) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-arity-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("\(c.name).shape")
        try c.script.write(to: file, atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["--json", file.path], in: dir)
        #expect(r.status == 1, "\(c.name)")
        let last = r.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.contains("\"id\": \"wrongArgumentCount\""), "\(c.name): \(last)")
        #expect(last.contains("\"line\": \(c.line), \"column\": "), "\(c.name): \(last)")
        #expect(r.stderr.hasPrefix("\(file.path):\(c.line):"), "\(c.name): \(r.stderr.prefix(200))")
    }
}
