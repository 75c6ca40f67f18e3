import Foundation
import Testing

/// No hand-written source file passes 800 lines: a file that grows past it holds more than one
/// job and is split by job (as Offsets.swift became Offsets, OffsetFitting, Pen, Pen+Sweep and
/// Pen+Offsets). The workbench's page, generated from page.html, is not counted.
@Suite struct SourceSizeLintTests {
    static let most = 800

    @Test func noSourceFileIsLongerThanItsJob() throws {
        let files = try swiftSources(under: "") { $0.hasSuffix("WorkbenchPage.swift") }
        #expect(files.count > 100)
        let long = files.map { ($0.file, $0.text.split(separator: "\n", omittingEmptySubsequences: false).count) }
            .filter { $0.1 > SourceSizeLintTests.most }
        #expect(long.isEmpty, "files over \(SourceSizeLintTests.most) lines: \(long)")
    }
}
