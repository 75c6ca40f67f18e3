#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeLanguage
import ShapeOutput
import Synchronization

/// `shape lsp`: a Language Server (LSP 3.17) over standard input and output, JSON-RPC messages
/// framed by `Content-Length` headers (docs/tools.md).
///
/// It keeps each open document's text (full sync). After each change a worker thread checks the
/// document as `shape` would run it: every syntax error, or, when it parses, every statement
/// that fails (each top-level statement is all or nothing, so the ones after a failing one run
/// from the state before it), with the command line's work budget; a newer change cancels the
/// check under way. Includes are read from disk, relative to the document; `save` writes
/// nothing. Diagnostics carry the prompt's "did you mean" as a quick fix. Hover shows a
/// command's help and, on a drawing line, its report from the last check (the document is not
/// run again for it). Completion offers the context's candidates and leaves filtering to the
/// client. Positions are in UTF-16 code units, as LSP counts.
///
/// Nothing a client sends stops it but `exit`: a malformed message gets a JSON-RPC error,
/// headers and bodies are bounded, and a document too large to check is said to be so.
final class LanguageServer: @unchecked Sendable {
    /// One open document.
    struct Document {
        var text: String
        /// Counts the changes: a check is for one generation, and is dropped when a newer exists.
        var generation: Int
        /// The last finished check of this generation, if any.
        var check: Check?
    }

    /// What a check found: its diagnostics, and the report of each line that drew something.
    struct Check {
        var generation: Int
        var diagnostics: [JSON]
        var reports: [Int: String]
    }

    /// A hover waiting for the check of its document's generation.
    struct PendingHover {
        var id: JSON
        var uri: String
        var name: String
        var line: Int
        var range: JSON
    }

    /// Guards everything below it (the reading thread and the checking thread).
    private let monitor = Monitor()
    /// One message at a time on standard output.
    private let output = Mutex(())
    var documents: [String: Document] = [:]
    /// Documents changed since their last check, in order.
    var queue: [String] = []
    var pendingHovers: [PendingHover] = []
    /// The document the worker is checking, if any.
    var checking: String?
    var initialized = false
    var shutdownAsked = false
    var leaving = false
    /// Set to stop the check under way (a newer change, or leaving).
    let cancel = Atomic<Bool>(false)

    static let usage = """
        usage: shape lsp [--work-limit N]
          A language server (LSP 3.17) on standard input and output, for editors (docs/tools.md).
          --work-limit N   work units one statement may use while a document is checked (default
                           the command line's, 50000000)
        """

    /// The work budget of a check: the command line's (`Limits.statementWork`) unless given.
    let workLimit: Int
    /// Documents larger than this are kept (for formatting) but not checked.
    static let largestChecked = 2 << 20
    /// All open documents together hold at most this many bytes.
    static let mostHeld = 256 << 20
    /// At most this many diagnostics are published for one document.
    static let mostDiagnostics = 100
    /// A check of a whole document may spend this many times a statement's work budget (with
    /// the default budget about 200 million units: a few seconds, at most about 10 s of CPU on
    /// the 2-core machine the project is built on); then it stops and says where.
    static let documentWorkFactor = 4

    init(workLimit: Int = Limits().statementWork) {
        self.workLimit = workLimit
    }

    static func run(workLimit: Int = Limits().statementWork) -> Int32 {
        let server = LanguageServer(workLimit: workLimit)
        server.startWorker()
        var input = InputReader()
        var status: Int32?
        while status == nil, let frame = input.nextMessage() {
            switch frame {
            case .body(let body):
                guard let message = JSON.parse(body) else {
                    server.send(
                        .object([("jsonrpc", .string("2.0")), ("id", .null), ("error", error(-32700, "parse error: the message is not JSON"))]))
                    continue
                }
                status = server.handle(message)
            case .bad(let why):
                server.send(.object([("jsonrpc", .string("2.0")), ("id", .null), ("error", error(-32700, why))]))
            }
        }
        server.stopWorker()
        return status ?? (server.shutdownAsked ? 0 : 1)
    }

    static func error(_ code: Int, _ message: String) -> JSON { .object([("code", .number(Double(code))), ("message", .string(message))]) }

    func send(_ message: JSON) {
        let body = Array(message.text.utf8)
        output.withLock { _ in _ = writeAll(STDOUT_FILENO, Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body) }
    }

    func respond(_ id: JSON, _ result: JSON) { send(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])) }
    func fail(_ id: JSON, _ code: Int, _ message: String) {
        send(.object([("jsonrpc", .string("2.0")), ("id", id), ("error", LanguageServer.error(code, message))]))
    }

    func locked<T>(_ body: () -> T) -> T { monitor.locked(body) }

    /// Handles one message; a status when the server is to leave.
    func handle(_ message: JSON) -> Int32? {
        guard case .object = message else {
            fail(.null, -32600, "invalid request: a message is a JSON object")
            return nil
        }
        guard let method = message["method"]?.string else {
            // A response from the client, or junk: answer junk that has an id.
            if let id = message["id"], message["result"] == nil, message["error"] == nil { fail(id, -32600, "invalid request: no method") }
            return nil
        }
        let id = message["id"]
        let params = message["params"] ?? .null
        // JSON-RPC: an id is a string, a number or null.
        switch id {
        case nil, .null?, .string?, .number?: break
        default:
            fail(.null, -32600, "invalid request: an id is a string or a number")
            return nil
        }
        if method == "exit" { return shutdownAsked ? 0 : 1 }
        // Before `initialize`, requests are refused and notifications dropped; after
        // `shutdown`, every request is invalid (LSP 3.17).
        guard initialized || method == "initialize" else {
            if let id { fail(id, -32002, "the server is not initialized") }
            return nil
        }
        if shutdownAsked {
            if let id { fail(id, -32600, "invalid request: the server is shutting down") }
            return nil
        }
        if let id, let why = LanguageServer.invalidParams(method, params) {
            fail(id, -32602, "invalid params: \(why)")
            return nil
        }
        switch method {
        case "initialize":
            guard !initialized else {
                fail(id ?? .null, -32600, "invalid request: already initialized")
                return nil
            }
            initialized = true
            respond(
                id ?? .null,
                .object([
                    (
                        "capabilities",
                        .object([
                            ("textDocumentSync", .number(1)), ("completionProvider", .object([])), ("hoverProvider", .bool(true)),
                            ("definitionProvider", .bool(true)), ("documentSymbolProvider", .bool(true)),
                            ("documentFormattingProvider", .bool(true)),
                            ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
                        ])
                    ),
                    ("serverInfo", .object([("name", .string("shape")), ("version", .string(ShapeCommand.version))])),
                ]))
        case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration", "textDocument/didSave": break
        case "shutdown":
            // The checks already asked for are finished first (a client waits for this answer).
            waitForChecks()
            locked { shutdownAsked = true }
            respond(id ?? .null, .null)
        case "textDocument/didOpen":
            if let doc = params["textDocument"], let uri = doc["uri"]?.string, let text = doc["text"]?.string { update(uri, text) }
        case "textDocument/didChange":
            if let uri = params["textDocument"]?["uri"]?.string, case .array(let changes)? = params["contentChanges"],
                let text = changes.last?["text"]?.string
            {
                update(uri, text)
            }
        case "textDocument/didClose":
            if let uri = params["textDocument"]?["uri"]?.string { close(uri) }
        case "textDocument/completion": respond(id ?? .null, completion(params))
        case "textDocument/hover": hover(id ?? .null, params)
        case "textDocument/definition": respond(id ?? .null, definition(params))
        case "textDocument/documentSymbol": respond(id ?? .null, symbols(params))
        case "textDocument/formatting": respond(id ?? .null, formatting(params))
        case "textDocument/codeAction": respond(id ?? .null, codeActions(params))
        default:
            if let id { fail(id, -32601, "unknown method \(method)") }
        }
        return nil
    }

    /// Why a request's params are not what its method takes (LSP 3.17), or nil when they are: a
    /// document named by a string `uri`, and for the requests at a place a `position` of two
    /// whole numbers from 0.
    static func invalidParams(_ method: String, _ params: JSON) -> String? {
        let atPlace: Set<String> = ["textDocument/completion", "textDocument/hover", "textDocument/definition"]
        let onDocument: Set<String> = atPlace.union(["textDocument/documentSymbol", "textDocument/formatting", "textDocument/codeAction"])
        guard onDocument.contains(method) else { return nil }
        guard params["textDocument"]?["uri"]?.string != nil else { return "textDocument.uri must be a string" }
        if atPlace.contains(method) {
            guard let line = params["position"]?["line"]?.int, let character = params["position"]?["character"]?.int, line >= 0, character >= 0
            else { return "position must be {line, character}, whole numbers from 0" }
        }
        return nil
    }

    // MARK: Documents and checks

    func update(_ uri: String, _ text: String) {
        let refused: Bool = locked {
            let held = documents.reduce(0) { $0 + ($1.key == uri ? 0 : $1.value.text.utf8.count) }
            guard held + text.utf8.count <= LanguageServer.mostHeld else { return true }
            let generation = (documents[uri]?.generation ?? 0) + 1
            documents[uri] = Document(text: text, generation: generation, check: nil)
            if checking == uri { cancel.store(true, ordering: .relaxed) }
            queue.removeAll { $0 == uri }
            queue.append(uri)
            monitor.signal()
            return false
        }
        if refused {
            publish(
                uri,
                [
                    LanguageServer.diagnostic(
                        "the open documents hold more than \(LanguageServer.mostHeld >> 20) MiB: this one is not kept", at: 0, 0, 0, 0, severity: 2)
                ])
        }
    }

    func close(_ uri: String) {
        locked {
            documents[uri] = nil
            queue.removeAll { $0 == uri }
            if checking == uri { cancel.store(true, ordering: .relaxed) }
        }
        // A closed document keeps no diagnostic.
        publish(uri, [])
        answerHovers(for: uri)
    }

    func publish(_ uri: String, _ diagnostics: [JSON]) {
        send(
            .object([
                ("jsonrpc", .string("2.0")), ("method", .string("textDocument/publishDiagnostics")),
                ("params", .object([("uri", .string(uri)), ("diagnostics", .array(diagnostics))])),
            ]))
    }

    /// Waits until no check is queued or under way.
    func waitForChecks() {
        locked { while !queue.isEmpty || checking != nil { monitor.wait() } }
    }

    private var worker: LargeStackThread?

    func startWorker() {
        // The interpreter's recursion needs the stack the command gives it (ShapeCommand.stackSize).
        let server = Unchecked(self)
        worker = LargeStackThread { server.value.work() }
        precondition(worker != nil, "the language server needs a thread to check documents on")
    }

    func stopWorker() {
        locked {
            leaving = true
            cancel.store(true, ordering: .relaxed)
            monitor.broadcast()
        }
        worker?.join()
    }

    /// The worker: checks queued documents, one at a time, until the server leaves.
    func work() {
        enum Next {
            case leave, skip
            case check(String, Document)
        }
        while true {
            let next: Next = locked {
                while queue.isEmpty && !leaving { monitor.wait() }
                if leaving { return .leave }
                let uri = queue.removeFirst()
                guard let document = documents[uri] else {
                    monitor.broadcast()
                    return .skip
                }
                checking = uri
                cancel.store(false, ordering: .relaxed)
                return .check(uri, document)
            }
            guard case .check(let uri, let document) = next else {
                if case .leave = next { return }
                continue
            }

            let check = self.check(document.text, uri: uri, generation: document.generation)

            let current: Bool = locked {
                let current = documents[uri]?.generation == document.generation && !cancel.load(ordering: .relaxed)
                if current { documents[uri]?.check = check }
                return current
            }
            if current {
                publish(uri, check.diagnostics)
                answerHovers(for: uri)
            }
            // Only now is the check done (for `shutdown`, which waits for the checks asked for).
            locked {
                checking = nil
                monitor.broadcast()
            }
        }
    }

    /// The path of a `file:` URI, percent-escapes decoded; nil for other schemes.
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var bytes: [UInt8] = []
        let raw = Array(uri.utf8.dropFirst(7))
        var k = 0
        while k < raw.count {
            if raw[k] == 0x25, k + 2 < raw.count, let v = UInt8(String(decoding: raw[(k + 1)...(k + 2)], as: UTF8.self), radix: 16) {
                bytes.append(v)
                k += 3
            } else {
                bytes.append(raw[k])
                k += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Checks a document: its syntax errors, else the errors of its statements as it runs.
    func check(_ text: String, uri: String, generation: Int) -> Check {
        let name = LanguageServer.path(of: uri) ?? "<document>"
        let source = Source(name: name, text: text)
        guard source.count <= LanguageServer.largestChecked else {
            let why =
                "this document is \(source.count >> 20) MiB: larger than \(LanguageServer.largestChecked >> 20) MiB, it is not checked here (run it with shape)"
            return Check(generation: generation, diagnostics: [LanguageServer.diagnostic(why, at: 0, 0, 0, 0, severity: 3)], reports: [:])
        }
        let (statements, syntaxErrors) = LanguageServer.parse(source)
        guard syntaxErrors.isEmpty else {
            return Check(generation: generation, diagnostics: syntaxErrors.map { diagnostic($0, in: source) }, reports: [:])
        }
        let interpreter = Interpreter(loader: { file, from throws(HostFailure) in
            // Relative to the file that includes (the document, or an included file).
            let path = FileSystem.resolve(file, from: from)
            do { return (path, try FileSystem.read(path)) } catch { throw HostFailure("\(error)") }
        })
        interpreter.limits.statementWork = workLimit
        interpreter.saver = { request throws(HostFailure) in request.file }  // a document's `save` writes nothing
        interpreter.exporter = { request throws(HostFailure) in request.file ?? "" }  // nor its `export` to a file
        interpreter.isCancelled = { [unowned self] in self.cancel.load(ordering: .relaxed) }
        var diagnostics: [JSON] = []
        var reports: [Int: String] = [:]
        let printer = TextPrinter()
        // The whole document's work is bounded too: each statement may spend what is left of it.
        let documentWork = workLimit.multipliedReportingOverflow(by: LanguageServer.documentWorkFactor)
        var workLeft = documentWork.overflow ? Int.max : documentWork.partialValue
        var budget = workLimit
        let sink = RunSink(
            report: { r in if reports[r.line] == nil, let t = printer.format(r) { reports[r.line] = t } },
            willRun: { _ in
                if self.cancel.load(ordering: .relaxed) || diagnostics.count >= LanguageServer.mostDiagnostics { return false }
                budget = Swift.min(self.workLimit, workLeft)
                interpreter.limits.statementWork = budget
                return true
            },
            didRun: { statement, d in
                workLeft -= Swift.min(workLeft, interpreter.workSpent)
                if let d, case .interrupted = d.message { return false }
                if let d, case .workLimit = d.message, budget < self.workLimit {
                    // The document's budget ran out here: the rest is not checked.
                    let line = source.line(of: statement.range.start) - 1
                    let why =
                        "the check stopped here: the statements up to this one took all the work one check of a document may do "
                        + "(\(LanguageServer.documentWorkFactor) times a statement's); the rest of the document is not checked (run it with shape)"
                    diagnostics.append(LanguageServer.diagnostic(why, at: line, 0, line, 0, severity: 2))
                    return false
                }
                // A checker goes on past an error: each statement that fails is marked.
                if let d { diagnostics.append(self.diagnostic(d, in: source)) }
                return true
            })
        interpreter.run(statements, in: source, into: sink)
        return Check(generation: generation, diagnostics: diagnostics, reports: reports)
    }

    /// Every top-level statement that parses, and every syntax error: after one, parsing goes on
    /// at the next line that starts in column 1 (an unclosed block or string ends it).
    static func parse(_ source: Source) -> (statements: [Stmt], errors: [Diagnostic]) {
        var statements: [Stmt] = []
        var errors: [Diagnostic] = []
        var base = 0  // where the part being parsed starts, in `source`
        while errors.count < mostDiagnostics {
            let part = Source(name: source.name, text: String(decoding: source.bytes[base...], as: UTF8.self), firstLine: source.line(of: base))
            var parser = Parser(part)
            do {
                while let s = try parser.nextStatement() { statements.append(s) }
                break
            } catch {
                var d = error.diagnostic
                d.range = SourceRange(d.range.start + base, d.range.end + base)
                d.source = source
                errors.append(d)
                if case .incomplete = error { break }
                // The next line that starts a statement at the left margin.
                let bytes = source.bytes
                func nextLine(after k: Int) -> Int {
                    var j = k
                    while j < bytes.count, bytes[j] != 0x0A { j += 1 }
                    return j + 1
                }
                var k = nextLine(after: d.range.start)
                while k < bytes.count, [0x0A, 0x20, 0x09, 0x7D].contains(bytes[k]) { k = nextLine(after: k) }
                guard k < bytes.count else { break }
                base = k
            }
        }
        return (errors.isEmpty ? statements : [], errors)
    }

    /// A diagnostic of the document, located in it: an error inside an included file or a
    /// procedure from elsewhere is shown where the document includes it.
    func diagnostic(_ d: Diagnostic, in source: Source) -> JSON {
        var message = d.message.text
        if case .workLimit(let n) = d.message {
            message =
                "this statement does too much work to check here (more than \(n) units, a few seconds of the command line's budget); "
                + "the statements after it are checked from the state before it"
        }
        var start = d.range.start, end = d.range.end
        if d.source.name != source.name {
            if let caller = d.callers.first(where: { $0.source.name == source.name }) {
                (start, end) = (caller.range.start, caller.range.end)
            } else {
                (start, end) = (0, 0)
            }
            message = "in \(d.source.name), line \(d.source.line(of: d.range.start)): " + message
        }
        var data: [(String, JSON)] = []
        if let suggestion = d.suggestion {
            message += " (\(suggestion))"
            if let word = LanguageServer.suggestedWord(suggestion), d.source.name == source.name { data.append(("replacement", .string(word))) }
        }
        var fields: [(String, JSON)] = [
            ("range", range(in: source, start, end)), ("severity", .number(1)), ("source", .string("shape")), ("code", .string(d.message.id)),
            ("message", .string(message)),
        ]
        if !data.isEmpty { fields.append(("data", .object(data))) }
        return .object(fields)
    }

    /// The word a "did you mean 'line'?" suggests.
    static func suggestedWord(_ suggestion: String) -> String? {
        guard let open = suggestion.firstIndex(of: "'") else { return nil }
        let rest = suggestion[suggestion.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        let word = String(rest[..<close])
        return word.isEmpty ? nil : word
    }

    static func diagnostic(_ message: String, at line: Int, _ character: Int, _ endLine: Int, _ endCharacter: Int, severity: Int) -> JSON {
        let range = JSON.object([
            ("start", .object([("line", .number(Double(line))), ("character", .number(Double(character)))])),
            ("end", .object([("line", .number(Double(endLine))), ("character", .number(Double(endCharacter)))])),
        ])
        return .object([("range", range), ("severity", .number(Double(severity))), ("source", .string("shape")), ("message", .string(message))])
    }

    /// An LSP range from byte offsets: lines from 0, characters in UTF-16 code units.
    func range(in source: Source, _ start: Int, _ end: Int) -> JSON {
        .object([("start", position(in: source, start)), ("end", position(in: source, Swift.max(start, end)))])
    }

    func position(in source: Source, _ offset: Int) -> JSON {
        let line = source.line(of: offset) - source.firstLine
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

    /// The word (a name) around a byte offset, and its range; nil inside a comment or a string.
    func word(_ text: String, at offset: Int) -> (String, Int, Int)? {
        let bytes = Array(text.utf8)
        guard LanguageServer.isCode(bytes, at: offset) else { return nil }
        func isName(_ b: UInt8) -> Bool {
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2E || b >= 0x80
        }
        var lo = Swift.min(offset, bytes.count), hi = lo
        while lo > 0, isName(bytes[lo - 1]) { lo -= 1 }
        while hi < bytes.count, isName(bytes[hi]) { hi += 1 }
        guard hi > lo else { return nil }
        return (String(decoding: bytes[lo..<hi], as: UTF8.self), lo, hi)
    }

    /// Whether byte `offset` is in code: not in a comment, not in a string (read from the start
    /// of its line, as strings end on their line).
    static func isCode(_ bytes: [UInt8], at offset: Int) -> Bool {
        var k = Swift.min(offset, bytes.count)
        while k > 0, bytes[k - 1] != 0x0A { k -= 1 }
        var inString = false
        while k < Swift.min(offset, bytes.count) {
            let b = bytes[k]
            if inString {
                if b == 0x5C { k += 2; continue }
                if b == 0x22 { inString = false }
            } else if b == 0x22 {
                inString = true
            } else if b == 0x23 {
                return false
            }
            k += 1
        }
        return !inString
    }

    // MARK: Requests

    func document(_ params: JSON) -> String? {
        guard let uri = params["textDocument"]?["uri"]?.string else { return nil }
        return locked { documents[uri]?.text }
    }

    /// The candidates of the word's context (command position, a command's options, a value),
    /// unfiltered: editors filter them as they match (fuzzily), and a prefix filter here would
    /// leave them nothing to match `ln` with.
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
        let items = Completion.candidates(line: line, start: start, variables: names.variables, procedures: names.procedures, filtered: false)
        return .object([("isIncomplete", .bool(false)), ("items", .array(items.map { .object([("label", .string($0))]) }))])
    }

    /// A command's help, and on a drawing line its report from the last check of this version
    /// of the document: answered when that check is done (the document is not run for it).
    func hover(_ id: JSON, _ params: JSON) {
        guard let uri = params["textDocument"]?["uri"]?.string, let text = document(params), let at = offset(text, params["position"]),
            let (name, lo, hi) = word(text, at: at), CommandTable.helpEntry(named: name) != nil
        else { return respond(id, .null) }
        let source = Source(name: "document", text: text)
        let pending = PendingHover(id: id, uri: uri, name: name, line: source.line(of: lo), range: range(in: source, lo, hi))
        let ready: Check?? = locked {
            guard let doc = documents[uri] else { return .some(nil) }
            if let check = doc.check, check.generation == doc.generation { return .some(check) }
            pendingHovers.append(pending)
            return nil
        }
        if let ready { respond(id, hoverAnswer(pending, ready)) }
    }

    func hoverAnswer(_ h: PendingHover, _ check: Check?) -> JSON {
        guard let spec = CommandTable.helpEntry(named: h.name) else { return .null }
        var value = "**\(spec.name)** — \(spec.summary)\n\nexample: `\(spec.example)`"
        if !spec.isQuery, let report = check?.reports[h.line] { value += "\n\n" + report }
        return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(value))])), ("range", h.range)])
    }

    /// Answers the hovers waiting on `uri` (with its check, or without one if it was closed).
    func answerHovers(for uri: String) {
        let (waiting, check): ([PendingHover], Check?) = locked {
            let w = pendingHovers.filter { $0.uri == uri }
            pendingHovers.removeAll { $0.uri == uri }
            return (w, documents[uri]?.check)
        }
        for h in waiting { respond(h.id, hoverAnswer(h, check)) }
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
        guard let uri = params["textDocument"]?["uri"]?.string, let text = document(params), let at = offset(text, params["position"]),
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

    /// One edit replacing the whole document, from its start to the end of its last line.
    func formatting(_ params: JSON) -> JSON {
        guard let text = document(params), let formatted = Formatter.format(text), formatted != text else { return .array([]) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let end = JSON.object([("line", .number(Double(lines.count - 1))), ("character", .number(Double(lines.last?.utf16.count ?? 0)))])
        let whole = JSON.object([("start", .object([("line", .number(0)), ("character", .number(0))])), ("end", end)])
        return .array([.object([("range", whole), ("newText", .string(formatted))])])
    }

    /// Quick fixes: each diagnostic with a suggested word offers to write it instead.
    func codeActions(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]?["uri"]?.string, case .array(let diagnostics)? = params["context"]?["diagnostics"] else {
            return .array([])
        }
        var actions: [JSON] = []
        for d in diagnostics {
            guard let word = d["data"]?["replacement"]?.string, let range = d["range"] else { continue }
            let edit = JSON.object([("changes", .object([(uri, .array([.object([("range", range), ("newText", .string(word))])]))]))])
            actions.append(
                .object([
                    ("title", .string("Change to '\(word)'")), ("kind", .string("quickfix")), ("diagnostics", .array([d])),
                    ("isPreferred", .bool(true)), ("edit", edit),
                ]))
        }
        return .array(actions)
    }
}

/// Reads `Content-Length`-framed messages from standard input, strictly and within bounds: a
/// header block is at most 16 KiB, a body at most 64 MiB. A header block without a valid length
/// cannot say where its body ends: it is reported, and reading goes on at the next header that
/// starts with `Content-Length`. nil at the end of the input.
struct InputReader {
    enum Frame {
        case body([UInt8])
        case bad(String)
    }

    static let mostHeader = 16 << 10
    static let mostBody = 64 << 20

    var buffer: [UInt8] = []
    var position = 0
    var ended = false
    /// Where the search for the end of the header block goes on (no byte is looked at twice).
    var scanned = 0

    mutating func fill() -> Bool {
        guard !ended else { return false }
        if position > 1 << 16 {
            buffer.removeFirst(position)
            scanned -= position
            position = 0
        }
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

    /// The index of the next "Content-Length" at or after `from` (case-insensitive), or nil.
    func nextHeader(from: Int) -> Int? {
        let key = Array("content-length".utf8)
        var k = from
        while k + key.count <= buffer.count {
            var match = true
            for j in 0..<key.count where buffer[k + j] | 0x20 != key[j] {
                match = false
                break
            }
            if match { return k }
            k += 1
        }
        return nil
    }

    mutating func nextMessage() -> Frame? {
        // The header block: up to a blank line, within its bound.
        scanned = Swift.max(scanned, position)
        var headerEnd: Int?
        while headerEnd == nil {
            while scanned + 3 < buffer.count {
                if buffer[scanned] == 0x0D, buffer[scanned + 1] == 0x0A, buffer[scanned + 2] == 0x0D, buffer[scanned + 3] == 0x0A {
                    headerEnd = scanned
                    break
                }
                scanned += 1
            }
            if headerEnd != nil { break }
            if buffer.count - position > InputReader.mostHeader {
                // No end in sight: drop it all, up to the next header (reported once).
                var from = position + 1
                while true {
                    if let next = nextHeader(from: from) {
                        position = next
                        break
                    }
                    position = Swift.max(from, buffer.count - 16)
                    from = position
                    if !fill() { return nil }
                    from = position
                }
                scanned = position
                return .bad("a header longer than \(InputReader.mostHeader >> 10) KiB was skipped")
            }
            if !fill() { return nil }
        }
        let header = String(decoding: buffer[position..<headerEnd!], as: UTF8.self)
        let afterHeader = headerEnd! + 4
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingSpaces.lowercased() == "content-length" {
                length = Int(parts[1].trimmingSpaces)
            }
        }
        guard let length, length >= 0 else {
            // Where its body ends is unknown: on at the next Content-Length header.
            position = nextHeader(from: afterHeader) ?? afterHeader
            scanned = position
            return .bad("a message without a valid Content-Length was skipped")
        }
        guard length <= InputReader.mostBody else {
            // Read past it without keeping it.
            var left = length
            position = afterHeader
            while left > 0 {
                if position == buffer.count, !fill() { return nil }
                let take = Swift.min(left, buffer.count - position)
                position += take
                left -= take
            }
            scanned = position
            return .bad("a body over \(InputReader.mostBody >> 20) MiB was skipped")
        }
        position = afterHeader
        while buffer.count - position < length { if !fill() { return nil } }
        let body = Array(buffer[position..<(position + length)])
        position += length
        scanned = position
        return .body(body)
    }
}

extension Substring {
    /// Without spaces and tabs at either end.
    var trimmingSpaces: Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
