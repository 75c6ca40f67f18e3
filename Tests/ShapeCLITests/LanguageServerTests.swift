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

    @Test func aSessionFromInitializeToExit() throws {
        let uri = "file:///card.shape"
        func doc(_ extra: [String: Any] = [:]) -> [String: Any] { ["uri": uri].merging(extra) { a, _ in a } }
        let broken = "let größe = 5\nmove 0 0\nline größe 1 2\n"
        let fixed = "let größe = 5\nmove 0 0\nline größe 1\n  def f(n) { line n n }\n"
        var input = ""
        input += try Self.frame(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]])
        input += try Self.frame(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        input += try Self.frame([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": doc(["languageId": "shape", "version": 1, "text": broken])],
        ])
        input += try Self.frame([
            "jsonrpc": "2.0", "method": "textDocument/didChange",
            "params": ["textDocument": doc(["version": 2]), "contentChanges": [["text": fixed]]],
        ])
        let at: (Int, Int) -> [String: Any] = { ["line": $0, "character": $1] }
        input += try Self.frame([
            "jsonrpc": "2.0", "id": 2, "method": "textDocument/completion", "params": ["textDocument": doc(), "position": at(2, 3)],
        ])
        input += try Self.frame(["jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": ["textDocument": doc(), "position": at(2, 1)]])
        input += try Self.frame([
            "jsonrpc": "2.0", "id": 4, "method": "textDocument/definition", "params": ["textDocument": doc(), "position": at(2, 7)],
        ])
        input += try Self.frame(["jsonrpc": "2.0", "id": 5, "method": "textDocument/documentSymbol", "params": ["textDocument": doc()]])
        input += try Self.frame(["jsonrpc": "2.0", "id": 6, "method": "textDocument/formatting", "params": ["textDocument": doc(), "options": [:]]])
        // Junk, an unknown method, and a script too slow to finish: answered, not fatal.
        input += "Content-Length: 5\r\n\r\n{oops"
        input += try Self.frame(["jsonrpc": "2.0", "id": 7, "method": "bogus/method"])
        // Positions outside the document, and nonsense ones: no answer to give, no crash.
        for (k, position) in [at(-1, 0), at(0, -5), at(99, 0), ["line": "x"]].enumerated() {
            input += try Self.frame([
                "jsonrpc": "2.0", "id": 20 + k, "method": "textDocument/hover", "params": ["textDocument": doc(), "position": position],
            ])
        }
        input += String(repeating: "[", count: 100_000).withFrame
        input += try Self.frame([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": "file:///slow.shape", "text": "def f(n) { if n > 0 { f n - 1\nf n - 1 } }\nf 60\n"]],
        ])
        input += try Self.frame(["jsonrpc": "2.0", "id": 8, "method": "shutdown"])
        input += try Self.frame(["jsonrpc": "2.0", "method": "exit"])
        let r = try BinaryRunner.run(["lsp"], stdin: input)
        #expect(r.status == 0)
        let out = try Self.messages(r.stdout)
        func response(_ id: Int) -> [String: Any]? { out.first { ($0["id"] as? Int) == id } }
        let capabilities = (response(1)?["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect(capabilities?["hoverProvider"] as? Bool == true && capabilities?["documentFormattingProvider"] as? Bool == true)
        let diagnostics = out.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }.map { $0["params"] as! [String: Any] }
        // The broken line: the third argument, at UTF-16 character 13 of line 2 (ö and ß are one unit each).
        let first = (diagnostics.first?["diagnostics"] as? [[String: Any]])?.first
        let start = (first?["range"] as? [String: Any])?["start"] as? [String: Int]
        #expect(start == ["line": 2, "character": 13], "\(diagnostics)")
        #expect((first?["message"] as? String)?.contains("takes 2 arguments") == true)
        #expect((diagnostics[1]["diagnostics"] as? [Any])?.isEmpty == true, "the change fixed it")
        // The slow script is stopped by the work budget, and says so.
        let slow = diagnostics.first { $0["uri"] as? String == "file:///slow.shape" }
        #expect(
            ((slow?["diagnostics"] as? [[String: Any]])?.first?["message"] as? String)?.contains("too much work") == true,
            "\(String(describing: slow))")
        #expect(((response(2)?["result"] as? [[String: Any]]) ?? []).contains { $0["label"] as? String == "line" })
        let hover = ((response(3)?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(hover?.contains("**line**") == true && hover?.contains("line: to (5, 1)") == true, "\(String(describing: hover))")
        let definition = (response(4)?["result"] as? [String: Any])?["range"] as? [String: Any]
        #expect(definition?["start"] as? [String: Int] == ["line": 0, "character": 4])
        #expect((response(5)?["result"] as? [[String: Any]])?.map { $0["name"] as? String } == ["größe", "f"])
        let edit = (response(6)?["result"] as? [[String: Any]])?.first?["newText"] as? String
        #expect(edit == "let größe = 5\nmove 0 0\nline größe 1\ndef f(n) { line n n }\n")
        #expect(out.contains { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 })
        #expect((response(7)?["error"] as? [String: Any])?["code"] as? Int == -32601)
        for k in 20..<24 { #expect(response(k)?.keys.contains("result") == true, "hover \(k)") }
        #expect(response(8)?.keys.contains("result") == true)
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
