import Foundation
import ShapeGeometry
import Testing

@testable import ShapeLanguage

/// A handler reads its options by name (`inv.number("tension")`), and binding fills in what the
/// row declares: a name the row does not declare, or one read as another shape than declared,
/// would trap at run time. This reads every handler's option reads from the sources and holds
/// each to its command's row: declared, and of the shape the accessor reads (a flag has no value;
/// `number` one value with a default; `givenNumber` one value; `point` two; `choice` words).
@Suite struct OptionReadLintTests {
    @Test func everyOptionReadIsDeclaredByItsRow() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Sources/ShapeLanguage")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        var reads = 0
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            var handler: String?
            for line in text.split(separator: "\n") {
                if let m = line.firstMatch(of: /func (\w+)Command\(/) { handler = String(m.1).lowercased() }
                for m in line.matches(of: /inv\.(number|flag|point|choice|givenNumber|values)\("(\w+)"/) {
                    reads += 1
                    let (accessor, name) = (String(m.1), String(m.2))
                    // The handler's own row where its name says which (`yForXCommand`: yforx);
                    // else every row that declares the word (a handler shared by several).
                    let own = CommandTable.all.filter { $0.name == handler }
                    let rows = own.isEmpty ? CommandTable.all.filter { $0.keyword(named: name) != nil } : own
                    let options = rows.compactMap { $0.keyword(named: name) }
                    #expect(!options.isEmpty, "\(file): \(handler ?? "?") reads '\(name)', which its row does not declare")
                    for o in options {
                        let fits =
                            switch accessor {
                            case "flag": o.valueCount == 0
                            case "number": o.valueCount == 1 && o.defaults != nil
                            case "givenNumber": o.valueCount == 1
                            case "point": o.valueCount == 2
                            case "choice": o.choices != nil && o.defaults != nil
                            default: o.valueCount >= 1
                            }
                        #expect(fits, "\(file): \(handler ?? "?") reads '\(name)' with \(accessor), but it is declared with \(o.values)")
                    }
                }
            }
        }
        #expect(reads >= 37, "the reads were not found: \(reads)")
    }
}
