import Foundation
import ShapeTestSupport
import Testing

/// The workbench from outside (Workbench/workbench_test.py): its server with raw sockets (token,
/// Host, Origin, limits, slow and vanishing clients, the session unchanged after them), its page
/// in headless Chromium through WebDriver (the drawn path against `elements`, a pointer drag of
/// the handle against the seed-000 rule, a point drag and undo, the t slider against de
/// Casteljau, the transform tool, the PNG and SVG exports) and the REPL under tmux. Chromium,
/// chromedriver and selenium come from `scripts/setup`; without them this fails, it is never
/// skipped.
@Suite struct WorkbenchTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theServerThePageAndThePrompt() throws {
        let python = WorkbenchTests.root.appendingPathComponent(".build/browser-venv/bin/python").path
        #expect(FileManager.default.isExecutableFile(atPath: python), "run scripts/setup: it makes \(python) with selenium")
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"), "run scripts/setup: it installs chromium")
        let script = WorkbenchTests.root.appendingPathComponent("Tests/ShapeCLITests/Workbench/workbench_test.py").path
        let page = WorkbenchTests.root.appendingPathComponent("Sources/ShapeCLI/Workbench/page.html").path
        let r = try Subprocess.run(python, [script, BinaryRunner.executable.path, page], timeout: 170)
        #expect(!r.timedOut, "the workbench tests took longer than 170 s")
        #expect(r.status == 0, "\(r.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.joined(separator: "\n"))\n\(r.stderr.suffix(3000))")
    }
}
