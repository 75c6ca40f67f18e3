import Foundation
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
        let p = Process()
        p.executableURL = BinaryRunner.executable
        p.arguments = [name]
        p.currentDirectoryURL = HostileInputTests.directory
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        p.terminationHandler = { _ in finished.signal() }
        try p.run()
        nonisolated(unsafe) var data = Data()
        let reader = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { data = err.fileHandleForReading.readDataToEndOfFile(); reader.signal() }
        if finished.wait(timeout: .now() + 10) == .timedOut {
            p.terminate()
            Issue.record("\(name) did not finish in 10 seconds")
            return
        }
        reader.wait()
        let first = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        #expect(p.terminationStatus == 1, "\(name)")
        #expect(first.range(of: "^\(NSRegularExpression.escapedPattern(for: name)):[0-9]+:[0-9]+: error: ", options: .regularExpression) != nil,
                "\(name): \(first.prefix(200))")
    }
}
