import Foundation
import Testing

/// docs/tutorial.md as a newcomer types it: every `shape>` command, in one session from the
/// project's folder, section after section; each command's output must be exactly the lines the
/// tutorial shows under it.
@Suite struct TutorialTests {
    struct Step {
        var command: String
        var shown: [String]
        var line: Int
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The prompt lines of the tutorial (indented four spaces) and the output lines under each.
    static func steps() throws -> [Step] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/tutorial.md"), encoding: .utf8)
        var steps: [Step] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("    shape> ") {
                steps.append(Step(command: String(line.dropFirst(11)), shown: [], line: n + 1))
            } else if line.hasPrefix("    "), !steps.isEmpty, steps[steps.count - 1].line + steps[steps.count - 1].shown.count == n {
                steps[steps.count - 1].shown.append(String(line.dropFirst(4)))
            }
        }
        return steps
    }

    @Test func everyOutputShownIsWhatTheBinaryPrints() throws {
        let steps = try TutorialTests.steps()
        #expect(steps.count >= 30)
        #expect(steps.filter { $0.command == "clear" }.count >= 5, "each section starts from a clear state")
        // One session: a marker after each command tells whose output is whose.
        let script = steps.enumerated().map { "\($0.element.command)\nprint \"@@\($0.offset)\"" }.joined(separator: "\n")
        let r = try BinaryRunner.run([], stdin: script + "\n", in: TutorialTests.root)
        #expect(r.status == 0, "\(r.stderr)")
        var outputs = [[String]](repeating: [], count: steps.count)
        var current = 0
        for line in r.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("@@"), let k = Int(line.dropFirst(2)) { current = k + 1; continue }
            if current < steps.count { outputs[current].append(String(line)) }
        }
        for (k, step) in steps.enumerated() {
            #expect(outputs[k] == step.shown, "docs/tutorial.md:\(step.line): \(step.command)")
        }
    }
}
