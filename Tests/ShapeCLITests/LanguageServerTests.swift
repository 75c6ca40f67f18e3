import Foundation
import Testing

/// A client in the test suite speaking LSP to the real binary (`shape lsp`): every message is
/// framed with Content-Length, sent in one go; the answers are read back and checked.
@Suite struct LanguageServerTests {
    static func frame(_ object: [String: Any]) throws -> String {
        let body = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        return "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    }

    /// The messages in what the server wrote.
    static func messages(_ output: String) throws -> [[String: Any]] {
        var result: [[String: Any]] = []
        var rest = Substring(output)
        while let header = rest.range(of: "\r\n\r\n") {
            let length = Int(rest[..<header.lowerBound].split(separator: ":").last!.trimmingCharacters(in: .whitespaces))!
            let bytes = Array(rest[header.upperBound...].utf8.prefix(length))
            result.append(try JSONSerialization.jsonObject(with: Data(bytes)) as! [String: Any])
            rest = Substring(String(decoding: Array(rest[header.upperBound...].utf8.dropFirst(length)), as: UTF8.self))
        }
        return result
    }

    static func request(_ id: Int, _ method: String, _ params: [String: Any] = [:]) throws -> String {
        try frame(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
    }
    static func notification(_ method: String, _ params: [String: Any]) throws -> String {
        try frame(["jsonrpc": "2.0", "method": method, "params": params])
    }
    static func open(_ uri: String, _ text: String) throws -> String {
        try notification("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "shape", "version": 1, "text": text]])
    }
    static let start = try! request(1, "initialize") + notification("initialized", [:])
    static let end = try! request(99, "shutdown") + frame(["jsonrpc": "2.0", "method": "exit"])

    /// Runs a whole conversation through `shape lsp` (with a small work budget unless told).
    static func converse(_ input: String, workLimit: Int = 2_000_000) throws -> [[String: Any]] {
        let r = try BinaryRunner.run(["lsp", "--work-limit", "\(workLimit)"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        return try messages(r.stdout)
    }

    static func diagnostics(_ out: [[String: Any]], _ uri: String) -> [[[String: Any]]] {
        out.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }.map { $0["params"] as! [String: Any] }
            .filter { $0["uri"] as? String == uri }.map { $0["diagnostics"] as! [[String: Any]] }
    }

    @Test func aSessionFromInitializeToExit() throws {
        let uri = "file:///card.shape"
        let doc: [String: Any] = ["uri": uri]
        let broken = "let größe = 5\nmove 0 0\nline größe 1 2\n"
        let fixed = "let größe = 5\nmove 0 0\nline größe 1\n  def f(n) { line n n }\n# größe in a comment\n"
        var input = Self.start
        input += try Self.open("file:///broken.shape", broken)
        input += try Self.open(uri, fixed)
        let at: (Int, Int) -> [String: Any] = { ["line": $0, "character": $1] }
        input += try Self.request(2, "textDocument/completion", ["textDocument": doc, "position": at(2, 3)])
        input += try Self.request(3, "textDocument/hover", ["textDocument": doc, "position": at(2, 1)])
        input += try Self.request(4, "textDocument/definition", ["textDocument": doc, "position": at(2, 7)])
        input += try Self.request(5, "textDocument/documentSymbol", ["textDocument": doc])
        input += try Self.request(6, "textDocument/formatting", ["textDocument": doc, "options": [:]])
        // A name in a comment is no reference.
        input += try Self.request(9, "textDocument/definition", ["textDocument": doc, "position": at(4, 3)])
        // Junk, an unknown method, and a script too slow to finish: answered, not fatal.
        input += "Content-Length: 5\r\n\r\n{oops"
        input += try Self.request(7, "bogus/method")
        // Positions outside the document, and nonsense ones: answered, no crash.
        for (k, position) in [at(-1, 0), at(0, -5), at(99, 0), ["line": "x"]].enumerated() {
            input += try Self.request(20 + k, "textDocument/hover", ["textDocument": doc, "position": position])
        }
        input += String(repeating: "[", count: 100_000).withFrame
        input += try Self.open("file:///slow.shape", "def f(n) { if n > 0 { f n - 1\nf n - 1 } }\nf 60\n")
        input += Self.end
        let out = try Self.converse(input)
        func response(_ id: Int) -> [String: Any]? { out.first { ($0["id"] as? Int) == id } }
        let capabilities = (response(1)?["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect(capabilities?["hoverProvider"] as? Bool == true && capabilities?["documentFormattingProvider"] as? Bool == true)
        // The broken line: the third argument, at UTF-16 character 13 of line 2 (ö and ß are one unit each).
        let first = Self.diagnostics(out, "file:///broken.shape").first?.first
        let start = (first?["range"] as? [String: Any])?["start"] as? [String: Int]
        #expect(start == ["line": 2, "character": 13], "\(out)")
        #expect((first?["message"] as? String)?.contains("takes 2 arguments") == true)
        #expect(Self.diagnostics(out, uri).first?.isEmpty == true, "the fixed one has none")
        // The slow script is stopped by the work budget, and says so in words for an editor.
        let slow = Self.diagnostics(out, "file:///slow.shape").first?.first?["message"] as? String
        #expect(slow?.contains("too much work to check here") == true && slow?.contains("--work-limit") == false, "\(String(describing: slow))")
        let items = (response(2)?["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        #expect(items.contains { $0["label"] as? String == "line" })
        let hover = ((response(3)?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(hover?.contains("**line**") == true && hover?.contains("line: to (5, 1)") == true, "\(String(describing: hover))")
        let definition = (response(4)?["result"] as? [String: Any])?["range"] as? [String: Any]
        #expect(definition?["start"] as? [String: Int] == ["line": 0, "character": 4])
        #expect(response(9)?["result"] is NSNull, "\(String(describing: response(9)))")
        #expect((response(5)?["result"] as? [[String: Any]])?.map { $0["name"] as? String } == ["größe", "f"])
        let edit = (response(6)?["result"] as? [[String: Any]])?.first
        #expect(edit?["newText"] as? String == "let größe = 5\nmove 0 0\nline größe 1\ndef f(n) { line n n }\n# größe in a comment\n")
        // The edit's range ends at the end of the last line (the text ends with a newline: line 5, character 0).
        let editEnd = ((edit?["range"] as? [String: Any])?["end"] as? [String: Int])
        #expect(editEnd == ["line": 5, "character": 0], "\(String(describing: editEnd))")
        #expect(out.contains { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 })
        #expect((response(7)?["error"] as? [String: Any])?["code"] as? Int == -32601)
        // Outside the document: no hover (null). Not a position at all (negative, not a number):
        // invalid params.
        #expect(response(22)?.keys.contains("result") == true, "hover 22")
        for k in [20, 21, 23] { #expect((response(k)?["error"] as? [String: Any])?["code"] as? Int == -32602, "hover \(k)") }
        #expect(response(99)?.keys.contains("result") == true)
    }

    /// Includes are read from disk, relative to the document; `save` writes nothing and is no
    /// error; every failing statement is reported (each is all or nothing, the next runs from
    /// the state before it), with the prompt's "did you mean" and a quick fix for it.
    @Test func includesSavesAndEveryError() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-lsp-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("lib"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "def card(w) { rect 0 0 w w }\n".write(to: dir.appendingPathComponent("lib/card.shape"), atomically: true, encoding: .utf8)
        let uri = "file://" + dir.appendingPathComponent("main.shape").path
        let text = "include \"lib/card.shape\"\ncard 10\nsave \"out.svg\"\nlne 1 1\nline 1 2 3\nlength\n"
        var input = Self.start + (try Self.open(uri, text))
        input += try Self.request(2, "textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 1, "character": 1]])
        input += Self.end
        let out = try Self.converse(input)
        let found = try #require(Self.diagnostics(out, uri).first)
        #expect(found.count == 2, "\(found)")
        #expect(
            found.map { ($0["range"] as? [String: Any])?["start"] as? [String: Int] } == [["line": 3, "character": 0], ["line": 4, "character": 9]])
        #expect((found.first?["message"] as? String)?.contains("did you mean 'line'?") == true)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.svg").path), "save wrote a file")
        // The quick fix for the first.
        var fix = Self.start + (try Self.open(uri, text))
        fix += try Self.request(
            3, "textDocument/codeAction", ["textDocument": ["uri": uri], "range": found[0]["range"]!, "context": ["diagnostics": [found[0]]]])
        fix += Self.end
        let actions = try Self.converse(fix).first { ($0["id"] as? Int) == 3 }?["result"] as? [[String: Any]]
        let change = ((actions?.first?["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]]
        #expect(change?.first?["newText"] as? String == "line", "\(String(describing: actions))")
    }

    /// Every example, opened from where it lies (its includes beside it), checks clean: the
    /// same verdict as running it with `shape`.
    @Test func everyExampleChecksClean() throws {
        let root = ExampleTests.root.appendingPathComponent("examples")
        let names = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".shape") && !$0.hasPrefix("lib/") }
        #expect(names.count > 40)
        var input = Self.start
        for name in names {
            let url = root.appendingPathComponent(name)
            input += try Self.open("file://" + url.path, try String(contentsOf: url, encoding: .utf8))
        }
        input += Self.end
        let out = try Self.converse(input, workLimit: 50_000_000)
        for name in names {
            let found = Self.diagnostics(out, "file://" + root.appendingPathComponent(name).path)
            #expect(found.count == 1 && found.first?.isEmpty == true, "\(name): \(found)")
        }
    }

    /// Requests before `initialize` and after `shutdown` are refused as LSP says; a closed
    /// document's diagnostics are cleared; a newer change cancels the check under way (here a
    /// document that would otherwise run for days, with the budget raised out of the way).
    @Test func lifecycleAndCancellation() throws {
        var input = try Self.request(1, "textDocument/hover", ["textDocument": ["uri": "file:///a.shape"], "position": ["line": 0, "character": 0]])
        input += try Self.request(2, "initialize") + (try Self.notification("initialized", [:]))
        input += try Self.open("file:///slow.shape", "def f(n) { if n > 0 { f n - 1\nf n - 1 } }\nf 60\n")
        input += try Self.notification(
            "textDocument/didChange",
            ["textDocument": ["uri": "file:///slow.shape", "version": 2], "contentChanges": [["text": "circle 0 0 1\nlne 1\n"]]])
        input += try Self.open("file:///gone.shape", "lne 1\n")
        input += try Self.notification("textDocument/didClose", ["textDocument": ["uri": "file:///gone.shape"]])
        input += try Self.request(3, "shutdown")
        input += try Self.request(4, "textDocument/documentSymbol", ["textDocument": ["uri": "file:///slow.shape"]])
        input += try Self.frame(["jsonrpc": "2.0", "method": "exit"])
        let out = try Self.converse(input, workLimit: 1_000_000_000_000_000)
        func code(_ id: Int) -> Int? { (out.first { ($0["id"] as? Int) == id }?["error"] as? [String: Any])?["code"] as? Int }
        #expect(code(1) == -32002)
        #expect(code(4) == -32600)
        let slow = Self.diagnostics(out, "file:///slow.shape")
        #expect(slow.count == 1 && (slow.first?.first?["message"] as? String)?.contains("unknown command") == true, "\(slow)")
        #expect(Self.diagnostics(out, "file:///gone.shape").last?.isEmpty == true)
    }

    /// Framing: a length with spaces around it is read; a message that is not an object gets
    /// -32600; a header block past 16 KiB is skipped and reading goes on; a large document is
    /// kept but not checked.
    @Test func framingAndLoad() throws {
        var input = Self.start
        let body = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"textDocument/documentSymbol\",\"params\":{\"textDocument\":{\"uri\":\"file:///x\"}}}"
        input += "Content-Length: \(body.utf8.count) \r\n\r\n" + body
        input += "[1, 2]".withFrame
        input += "Content-Length: 12" + String(repeating: "x", count: 100_000) + "\r\n\r\n"
        input += try Self.request(3, "textDocument/documentSymbol", ["textDocument": ["uri": "file:///x"]])
        input += try Self.open("file:///big.shape", String(repeating: "line 1 2\n", count: 300_000))
        input += Self.end
        let out = try Self.converse(input)
        #expect(out.contains { ($0["id"] as? Int) == 2 && $0["result"] != nil })
        #expect(out.contains { ($0["id"] as? NSNull) != nil && ($0["error"] as? [String: Any])?["code"] as? Int == -32600 })
        #expect(out.contains { ($0["id"] as? Int) == 3 && $0["result"] != nil }, "reading went on after the long header")
        let big = Self.diagnostics(out, "file:///big.shape").first?.first?["message"] as? String
        #expect(big?.contains("not checked here") == true, "\(String(describing: big))")
    }

    /// A whole document's check is bounded, not only each statement: 300 lines of
    /// `repeat 999999 { }`, each well within a statement's budget, once cost 19.6 s of CPU before
    /// any diagnostic. The check stops where the document's budget (4 statements' worth) runs
    /// out, says so there, and publishes what it found before.
    @Test func aDocumentsCheckIsBoundedAsAWhole() throws {
        let text = "lne 1\n" + String(repeating: "repeat 99999 { }\n", count: 300) + "circle 0 0 1\nlne 2\n"
        let input = Self.start + (try Self.open("file:///loops.shape", text)) + Self.end
        // 99,999 turns are about 400,000 units: a statement's budget of a million holds one,
        // the document's (4 million) about ten.
        let out = try Self.converse(input, workLimit: 1_000_000)
        let found = try #require(Self.diagnostics(out, "file:///loops.shape").last)
        #expect(found.count == 2, "\(found)")
        #expect((found.first?["message"] as? String)?.contains("unknown command") == true)
        let stop = try #require(found.last)
        #expect((stop["message"] as? String)?.contains("the check stopped here") == true, "\(stop)")
        let line = ((stop["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int
        #expect(line != nil && line! > 1 && line! < 20, "\(stop)")
    }

    /// JSON-RPC and LSP validation: an id that is an object is an invalid request (-32600,
    /// answered to id null); a hover whose position is a string and a completion with no
    /// document are invalid params (-32602), not an empty answer.
    @Test func malformedRequestsAreAnsweredAsJSONRPCSays() throws {
        var input = Self.start + (try Self.open("file:///a.shape", "move 0 0\n"))
        input += try Self.frame(["jsonrpc": "2.0", "id": ["x": 1], "method": "textDocument/hover", "params": [:]])
        input += try Self.request(2, "textDocument/hover", ["textDocument": ["uri": "file:///a.shape"], "position": "0:0"])
        input += try Self.request(3, "textDocument/completion", ["position": ["line": 0, "character": 0]])
        input += try Self.request(4, "textDocument/hover", ["textDocument": ["uri": "file:///a.shape"], "position": ["line": -1, "character": 0]])
        input += try Self.request(5, "textDocument/hover", ["textDocument": ["uri": "file:///a.shape"], "position": ["line": 0, "character": 1]])
        // Positions at the ends of what integers hold: answered, never a trap.
        for (n, big) in [Int.max as Any, Int.min, 1e300, 18_446_744_073_709_551_616.0].enumerated() {
            for (k, method) in ["textDocument/hover", "textDocument/completion", "textDocument/definition"].enumerated() {
                input += try Self.request(
                    10 + 3 * n + k, method, ["textDocument": ["uri": "file:///a.shape"], "position": ["line": big, "character": big]])
            }
        }
        input += Self.end
        let out = try Self.converse(input)
        func code(_ id: Int) -> Int? { (out.first { ($0["id"] as? Int) == id }?["error"] as? [String: Any])?["code"] as? Int }
        let nullIDs = out.filter { $0["id"] is NSNull }.compactMap { ($0["error"] as? [String: Any])?["code"] as? Int }
        #expect(nullIDs == [-32600], "\(out)")
        #expect(code(2) == -32602 && code(3) == -32602 && code(4) == -32602)
        #expect(out.contains { ($0["id"] as? Int) == 5 && $0["error"] == nil })
        #expect((10..<22).allSatisfy { id in out.contains { ($0["id"] as? Int) == id } }, "\(out)")
    }

    @Test func exitWithoutShutdownIsStatusOne() throws {
        let r = try BinaryRunner.run(["lsp"], stdin: try Self.frame(["jsonrpc": "2.0", "method": "exit"]))
        #expect(r.status == 1)
        // The input ending without exit: the same.
        #expect(try BinaryRunner.run(["lsp"], stdin: "Content-Length: 3\r\n\r\n[1]").status == 1)
    }
}

extension String {
    /// The string as one framed message body.
    var withFrame: String { "Content-Length: \(utf8.count)\r\n\r\n" + self }
}
