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

    /// The Primer's chapters as scripts, examples/primer/NN-name.shape: each runs (in a copy of
    /// the folder, so the tests write nothing into the project), prints what its snapshot
    /// holds, and saves NN-name.svg, the same as the picture committed beside it (which
    /// docs/primer.md shows).
    static let primer: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("examples/primer").path)) ?? []
        return names.filter { $0.hasSuffix(".shape") }.sorted()
    }()

    @Test func thePrimerHasAScriptPerChapter() {
        #expect(ExampleTests.primer.count >= 36)
        let chapters = Set(ExampleTests.primer.compactMap { Int($0.prefix(2)) })
        #expect(chapters.count == ExampleTests.primer.count, "one script per chapter")
    }

    @Test(arguments: ExampleTests.primer)
    func primerChapter(_ name: String) throws { try picture(name, in: "primer") }

    /// The 14 topics of the lesson in docs/tutorial.md section 8, examples/lesson/NN-topic.shape,
    /// each saving the picture the tutorial shows beside its command: checked as the Primer's.
    static let lesson: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("examples/lesson").path)) ?? []
        return names.filter { $0.hasSuffix(".shape") }.sorted()
    }()

    @Test func theLessonHasFourteenTopics() { #expect(ExampleTests.lesson.count == 14) }

    @Test(arguments: ExampleTests.lesson)
    func lessonTopic(_ name: String) throws { try picture(name, in: "lesson") }

    /// Runs examples/<subfolder>/<name> in a copy of it and checks its output and its picture.
    func picture(_ name: String, in subfolder: String) throws {
        let folder = ExampleTests.root.appendingPathComponent("examples/" + subfolder)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("shape-primer-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: copy.appendingPathComponent(name))
        let result = try BinaryRunner.run([name], in: copy)
        let base = String(name.dropLast(".shape".count))
        let snapshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Examples/" + subfolder).appendingPathComponent(base + ".out")
        let picture = copy.appendingPathComponent(base + ".svg")
        if ProcessInfo.processInfo.environment["SHAPE_RECORD"] == "1" {
            try FileManager.default.createDirectory(at: snapshot.deletingLastPathComponent(), withIntermediateDirectories: true)
            try result.stdout.write(to: snapshot, atomically: true, encoding: .utf8)
            if let svg = try? Data(contentsOf: picture) { try svg.write(to: folder.appendingPathComponent(base + ".svg")) }
            return
        }
        #expect(result.status == 0, "\(name): \(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == (try String(contentsOf: snapshot, encoding: .utf8)), "\(name)")
        let saved = try #require(try? Data(contentsOf: picture), "\(name) saves \(base).svg")
        #expect(saved == (try Data(contentsOf: folder.appendingPathComponent(base + ".svg"))), "\(base).svg is as committed")
        #expect(String(decoding: saved, as: UTF8.self).contains("<svg"))
    }
}
