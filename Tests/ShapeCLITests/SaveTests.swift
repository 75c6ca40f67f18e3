import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite struct SaveTests {
    func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-save-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Collects the `d` attribute of the path element while checking that the file is XML.
    final class PathFinder: NSObject, XMLParserDelegate {
        var d: String?
        var elements: [String] = []
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(name)
            if name == "path", attributes["id"] == "path" { d = attributes["d"] }
        }
    }

    @Test func aSavedPictureIsXMLAndItsPathDataMeasuresTheSame() throws {
        let dir = try temporaryDirectory()
        let script = """
            move 10 10
            quad 60 -20 110 10
            curve 150 40 130 90 90 80
            arc 60 80 30 0 200deg
            close
            oval 200 0 80 40
            rotate 20deg
            scale 1 0.6
            nearest 0 0
            save "picture.svg" all
            print path.length
            """
        try script.write(to: dir.appendingPathComponent("s.shape"), atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["--json", "s.shape"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"cmd\": \"save\""))
        let length = try #require(
            r.stdout.split(separator: "\n").last.flatMap { line -> Double? in
                guard let range = line.range(of: "\"values\": [") else { return nil }
                return Double(line[range.upperBound...].prefix { $0 != "]" })
            })
        let data = try Data(contentsOf: dir.appendingPathComponent("picture.svg"))
        let parser = XMLParser(data: data)
        let finder = PathFinder()
        parser.delegate = finder
        #expect(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
        for layer in ["svg", "path", "polyline", "circle", "line", "rect", "g"] { #expect(finder.elements.contains(layer)) }
        let d = try #require(finder.d)
        let back = try BinaryRunner.run(["--json", "-e", "svg \"\(d)\"\nprint path.length"], in: dir)
        let reread = try #require(
            back.stdout.split(separator: "\n").last.flatMap { line -> Double? in
                guard let range = line.range(of: "\"values\": [") else { return nil }
                return Double(line[range.upperBound...].prefix { $0 != "]" })
            })
        #expect(abs(reread - length) <= 1e-9 * length, "\(reread) vs \(length)")
        // Nothing but the picture and the script is left in the folder.
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["s.shape", "picture.svg"])
    }

    @Test func anUnwritableTargetIsALocatedErrorAndLeavesNoFile() throws {
        let dir = try temporaryDirectory()
        try "x".write(to: dir.appendingPathComponent("plain-file"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.svg"), withIntermediateDirectories: true)
        for target in ["plain-file/inside.svg", "folder.svg", "no/such/dir/x.svg"] {
            let r = try BinaryRunner.run(["-e", "circle 0 0 1\nsave \"\(target)\""], in: dir)
            #expect(r.status == 1)
            #expect(r.stderr.hasPrefix("-e:2:6: error: cannot save '\(target)'"), "\(r.stderr)")
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["plain-file", "folder.svg"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("folder.svg").path).isEmpty)
        let empty = try BinaryRunner.run(["-e", "save \"x.svg\""], in: dir)
        #expect(empty.status == 1 && empty.stderr.contains("needs a path"))
    }
}
