#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeLanguage
import ShapeOutput

/// `shape lsp`: a Language Server (LSP 3.17) over standard input and output, JSON-RPC messages
/// framed by `Content-Length` headers. It keeps each open document's text (full sync), and after
/// each change parses and runs it in a fresh session with a work budget, publishing the first
/// error as a diagnostic (positions in UTF-16 code units, as LSP counts). It answers completion,
/// hover (a command's help; on a drawing line, its report), go to definition (`let`, `def`),
/// document symbols and formatting (`shape fmt`). A malformed message gets a JSON-RPC error
/// response; nothing a client sends stops it but `exit`.
final class LanguageServer {
    var documents: [String: String] = [:]
    var shutdownAsked = false
    /// The work budget of a document's run: a slow script is stopped, not waited for.
    static let workLimit = 2_000_000

    static func run() -> Int32 {
        let server = LanguageServer()
        var input = InputReader()
        while let body = input.nextMessage() {
            guard let message = JSON.parse(body) else {
                server.send(.object([("jsonrpc", .string("2.0")), ("id", .null), ("error", error(-32700, "parse error: the message is not JSON"))]))
                continue
            }
            if let status = server.handle(message) { return status }
        }
        return server.shutdownAsked ? 0 : 1
    }

    static func error(_ code: Int, _ message: String) -> JSON { .object([("code", .number(Double(code))), ("message", .string(message))]) }

    func send(_ message: JSON) {
        let body = Array(message.text.utf8)
        writeAll(STDOUT_FILENO, Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func respond(_ id: JSON, _ result: JSON) { send(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])) }

    /// Handles one message; a status when the server is to leave.
    func handle(_ message: JSON) -> Int32? {
        guard let method = message["method"]?.string else {
            // A response from the client, or junk: answer junk that has an id.
            if let id = message["id"], message["result"] == nil, message["error"] == nil {
                send(.object([("jsonrpc", .string("2.0")), ("id", id), ("error", LanguageServer.error(-32600, "invalid request: no method"))]))
            }
            return nil
        }
        let id = message["id"]
        let params = message["params"] ?? .null
        switch method {
        case "initialize":
            respond(
                id ?? .null,
                .object([
                    (
                        "capabilities",
                        .object([
                            ("textDocumentSync", .number(1)), ("completionProvider", .object([])), ("hoverProvider", .bool(true)),
                            ("definitionProvider", .bool(true)), ("documentSymbolProvider", .bool(true)),
                            ("documentFormattingProvider", .bool(true)),
                        ])
                    ),
                    ("serverInfo", .object([("name", .string("shape")), ("version", .string(ShapeCommand.version))])),
                ]))
        case "initialized", "$/cancelRequest", "workspace/didChangeConfiguration", "textDocument/didSave": break
        case "shutdown":
            shutdownAsked = true
            respond(id ?? .null, .null)
        case "exit": return shutdownAsked ? 0 : 1
        case "textDocument/didOpen":
            if let doc = params["textDocument"], let uri = doc["uri"]?.string, let text = doc["text"]?.string { update(uri, text) }
        case "textDocument/didChange":
            if let uri = params["textDocument"]?["uri"]?.string, case .array(let changes)? = params["contentChanges"],
                let text = changes.last?["text"]?.string
            {
                update(uri, text)
            }
        case "textDocument/didClose":
            if let uri = params["textDocument"]?["uri"]?.string { documents[uri] = nil }
        case "textDocument/completion": respond(id ?? .null, completion(params))
        case "textDocument/hover": respond(id ?? .null, hover(params))
        case "textDocument/definition": respond(id ?? .null, definition(params))
        case "textDocument/documentSymbol": respond(id ?? .null, symbols(params))
        case "textDocument/formatting": respond(id ?? .null, formatting(params))
        default:
            if let id {
                send(.object([("jsonrpc", .string("2.0")), ("id", id), ("error", LanguageServer.error(-32601, "unknown method \(method)"))]))
            }
        }
        return nil
    }

    // MARK: Documents

    func update(_ uri: String, _ text: String) {
        documents[uri] = text
        send(
            .object([
                ("jsonrpc", .string("2.0")), ("method", .string("textDocument/publishDiagnostics")),
                ("params", .object([("uri", .string(uri)), ("diagnostics", .array(diagnose(text)))])),
            ]))
    }

    /// The document's first error, parsing or running it (with a budget), as LSP diagnostics.
    func diagnose(_ text: String) -> [JSON] {
        let source = Source(name: "document", text: text)
        let diagnostic: Diagnostic?
        do {
            let program = try Parser.parse(source)
            let interpreter = Interpreter()
            interpreter.limits.statementWork = LanguageServer.workLimit
            interpreter.saver = { _ in throw SaveRefused() }  // a document's `save` writes nothing
            diagnostic = interpreter.run(program) { _ in }
        } catch {
            diagnostic = error.diagnostic
        }
        guard let d = diagnostic, d.source.name == "document" else {
            // An error inside an included file: at the start of the document.
            return diagnostic.map { [LanguageServer.diagnostic($0.message.text, range(in: source, 0, 0))] } ?? []
        }
        return [LanguageServer.diagnostic(d.message.text, range(in: source, d.range.start, d.range.end))]
    }

    struct SaveRefused: Error, CustomStringConvertible { var description: String { "the language server does not write files" } }

    static func diagnostic(_ message: String, _ range: JSON) -> JSON {
        .object([("range", range), ("severity", .number(1)), ("source", .string("shape")), ("message", .string(message))])
    }

    /// An LSP range from byte offsets: lines from 0, characters in UTF-16 code units.
    func range(in source: Source, _ start: Int, _ end: Int) -> JSON {
        .object([("start", position(in: source, start)), ("end", position(in: source, Swift.max(start, end)))])
    }

    func position(in source: Source, _ offset: Int) -> JSON {
        let line = source.line(of: offset) - 1
        let lineStart = source.lineRange(containing: offset).lowerBound
        let prefix = String(decoding: source.bytes[lineStart..<Swift.min(Swift.max(offset, lineStart), source.count)], as: UTF8.self)
        return .object([("line", .number(Double(line))), ("character", .number(Double(prefix.utf16.count)))])
    }

    /// The byte offset of an LSP position in `text`.
    func offset(_ text: String, _ position: JSON?) -> Int? {
        guard let line = position?["line"]?.int, let character = position?["character"]?.int, line >= 0, character >= 0 else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line < lines.count else { return nil }
        let before = lines[..<line].reduce(0) { $0 + $1.utf8.count + 1 }
        let utf16 = lines[line].utf16
        let index = utf16.index(utf16.startIndex, offsetBy: Swift.min(character, utf16.count))
        return before + lines[line][..<index].utf8.count
    }

    /// The word (a name) around a byte offset, and its range.
    func word(_ text: String, at offset: Int) -> (String, Int, Int)? {
        let bytes = Array(text.utf8)
        func isName(_ b: UInt8) -> Bool {
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2E || b >= 0x80
        }
        var lo = Swift.min(offset, bytes.count), hi = lo
        while lo > 0, isName(bytes[lo - 1]) { lo -= 1 }
        while hi < bytes.count, isName(bytes[hi]) { hi += 1 }
        guard hi > lo else { return nil }
        return (String(decoding: bytes[lo..<hi], as: UTF8.self), lo, hi)
    }

    // MARK: Requests

    func document(_ params: JSON) -> String? { params["textDocument"]?["uri"]?.string.flatMap { documents[$0] } }

    func completion(_ params: JSON) -> JSON {
        guard let text = document(params), let at = offset(text, params["position"]) else { return .array([]) }
        let bytes = Array(text.utf8)
        var lineStart = at
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        let line = String(decoding: bytes[lineStart..<at], as: UTF8.self)
        var start = line.utf8.count
        let lineBytes = Array(line.utf8)
        while start > 0, !Completion.wordBreaks.utf8.contains(lineBytes[start - 1]) { start -= 1 }
        let names = definitions(text)
        let items = Completion.candidates(line: line, start: start, variables: names.variables, procedures: names.procedures)
        return .array(items.map { .object([("label", .string($0))]) })
    }

    func hover(_ params: JSON) -> JSON {
        guard let text = document(params), let at = offset(text, params["position"]), let (name, lo, hi) = word(text, at: at),
            let spec = CommandTable.helpEntry(named: name)
        else { return .null }
        var value = "**\(spec.name)** — \(spec.summary)\n\nexample: `\(spec.example)`"
        // On a drawing line: what the line does when the document runs up to it.
        if !spec.isQuery, let report = reportOfLine(text, containing: lo) { value += "\n\n" + report }
        let source = Source(name: "document", text: text)
        return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(value))])), ("range", range(in: source, lo, hi))])
    }

    /// The text report of the statement on the line holding `offset`, from a run of the document.
    func reportOfLine(_ text: String, containing offset: Int) -> String? {
        let source = Source(name: "document", text: text)
        guard let program = try? Parser.parse(source) else { return nil }
        let line = source.line(of: offset)
        let interpreter = Interpreter()
        interpreter.limits.statementWork = LanguageServer.workLimit
        interpreter.saver = { _ in throw SaveRefused() }
        var found: String?
        let printer = TextPrinter()
        _ = interpreter.run(program) { r in if r.line == line, found == nil { found = printer.format(r) } }
        return found
    }

    func definitions(_ text: String) -> (variables: [String], procedures: [String], places: [(String, Int, Int, Bool)]) {
        let source = Source(name: "document", text: text)
        var variables: [String] = [], procedures: [String] = []
        var places: [(String, Int, Int, Bool)] = []
        var parser = Parser(source)
        while let s = try? parser.nextStatement() {
            switch s {
            case .define(let name, let r, _, _): variables.append(name); places.append((name, r.start, r.end, false))
            case .procedure(let name, let r, _, _, _): procedures.append(name); places.append((name, r.start, r.end, true))
            default: break
            }
        }
        return (variables, procedures, places)
    }

    func definition(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]?["uri"]?.string, let text = documents[uri], let at = offset(text, params["position"]),
            let (name, _, _) = word(text, at: at)
        else { return .null }
        let base = name.split(separator: ".").first.map(String.init) ?? name
        guard let place = definitions(text).places.first(where: { $0.0 == base }) else { return .null }
        return .object([("uri", .string(uri)), ("range", range(in: Source(name: "document", text: text), place.1, place.2))])
    }

    func symbols(_ params: JSON) -> JSON {
        guard let text = document(params) else { return .array([]) }
        let source = Source(name: "document", text: text)
        return .array(
            definitions(text).places.map { name, lo, hi, isProcedure in
                let r = range(in: source, lo, hi)
                return .object([("name", .string(name)), ("kind", .number(isProcedure ? 12 : 13)), ("range", r), ("selectionRange", r)])
            })
    }

    func formatting(_ params: JSON) -> JSON {
        guard let text = document(params) else { return .array([]) }
        guard let formatted = Formatter.format(text), formatted != text else { return .array([]) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let end = JSON.object([("line", .number(Double(lines.count))), ("character", .number(0))])
        let whole = JSON.object([("start", .object([("line", .number(0)), ("character", .number(0))])), ("end", end)])
        return .array([.object([("range", whole), ("newText", .string(formatted))])])
    }
}

/// Reads `Content-Length`-framed messages from standard input. A header without a length, or a
/// length past 64 MiB, is skipped to the next blank line; nil at the end of the input.
struct InputReader {
    var buffer: [UInt8] = []
    var position = 0
    var ended = false

    mutating func fill() -> Bool {
        guard !ended else { return false }
        if position > 1 << 16 { buffer.removeFirst(position); position = 0 }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let n = read(STDIN_FILENO, &chunk, chunk.count)
        if n <= 0 {
            if n < 0, errno == EINTR { return true }
            ended = true
            return false
        }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    mutating func nextMessage() -> [UInt8]? {
        while true {
            // The header: up to a blank line.
            var headerEnd: Int?
            while headerEnd == nil {
                var k = position
                while k + 3 < buffer.count {
                    if buffer[k] == 0x0D, buffer[k + 1] == 0x0A, buffer[k + 2] == 0x0D, buffer[k + 3] == 0x0A { headerEnd = k; break }
                    k += 1
                }
                if headerEnd == nil, !fill() { return nil }
            }
            let header = String(decoding: buffer[position..<headerEnd!], as: UTF8.self)
            position = headerEnd! + 4
            var length: Int?
            for line in header.split(separator: "\r\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == "content-length" {
                    length = Int(parts[1].drop { $0 == " " || $0 == "\t" })
                }
            }
            guard let length, length >= 0, length <= 64 << 20 else { continue }
            while buffer.count - position < length { if !fill() { return nil } }
            let body = Array(buffer[position..<(position + length)])
            position += length
            return body
        }
    }
}
