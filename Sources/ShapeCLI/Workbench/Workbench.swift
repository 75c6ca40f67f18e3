#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Dispatch
import ShapeLanguage
import Synchronization
import ShapeOutput

/// The session's side of the workbench: runs on the session's thread, so the interpreter is only
/// ever touched there. It starts the server, runs the jobs the page sends (echoed at the prompt
/// like typed statements, with their reports), and after every statement, whoever ran it,
/// publishes the new scene and the transcript entry.
final class Workbench {
    let server: WorkbenchServer
    /// The session it shows (a watch's each run's in turn).
    var session: Session
    /// Writes text above the prompt without disturbing the line being typed (set by the REPL's
    /// reader; plain writing elsewhere).
    var display: (() -> Void) -> Void = { body in body() }
    var pageLine = 1
    /// The file the page changes with sliders (and with `--edit` drags), when `shape view` ran one
    /// (`Workbench+Document.swift`).
    var document: Document?
    /// The statements that ran since the document (the prompt's and the pages'), run again after
    /// it when the page changes it.
    var since: [Source] = []
    /// The drag under way that rewrites the document's numbers.
    var dragPlan: DragPlan?

    /// The workbench now running in this process, for the line readers' wait (C callbacks cannot
    /// capture it).
    nonisolated(unsafe) static var current: Workbench?

    init(session: Session, port: Int) throws(WorkbenchServer.StartError) {
        self.session = session
        server = try WorkbenchServer(port: port)
        Workbench.current = self
        publish(entries: [])
    }

    /// The fd the session's input loop polls besides its input: readable when jobs wait.
    var wakeFD: Int32 { server.sessionWake.read }

    /// The pages are told first, then the scene is made (see `WorkbenchServer.announce`).
    /// `client`: the page whose statement it was, answered with the entries and the scene (its
    /// event stream is not sent them).
    func publish(entries: [String], client: String? = nil) {
        let version = server.announce(entries: entries, client: client)
        let interpreter = session.interpreter
        // A long path's elements are encoded on another thread while this one finds the view's
        // track points or handle (on 10,000 elements: 3.5 ms beside up to 8 ms); a short one's
        // with the rest.
        let made = Mutex<WorkbenchScene.Elements?>(nil)
        let done = DispatchSemaphore(value: 0)
        let beside = interpreter.path.elements.count >= Workbench.besideAbove
        if beside {
            let path = interpreter.path
            DispatchQueue.global(qos: .userInteractive).async {
                let e = WorkbenchScene.Elements(path)
                made.withLock { $0 = e }
                done.signal()
            }
        }
        let view = interpreter.view(trackPointsAtMost: WorkbenchScene.trackLimit)
        if beside { done.wait() }
        let scene = WorkbenchScene.binary(
            view, handleIndex: interpreter.handleIndex, version: version, elements: made.withLock { $0 },
            extra: documentFields + WorkbenchScene.sessionFields(interpreter))
        server.publish(scene: scene, version: version)
    }

    /// Paths of at least this many elements have their scene's elements encoded beside the view.
    static let besideAbove = 2000

    /// After a statement typed at the prompt or run from a file: its entry and the new scene.
    @discardableResult
    func statementDidRun(origin: String, statement: String, reports: [String], error: String?, client: String? = nil) -> JSON {
        if document != nil, error == nil, origin != "script" { since.append(Source(name: "<\(origin)>", text: statement)) }
        let entry = TranscriptEntry(origin: origin, statement: statement, reports: reports, error: error).json
        publish(entries: [JSONLinesPrinter.compact(entry)], client: client)
        return entry
    }

    /// Runs every job waiting (called by the input loop when `wakeFD` is readable).
    func serviceJobs() {
        for job in server.takeJobs() {
            switch job.kind {
            case .run(let text, let withScene, let client, let gesture):
                let answer = run(text, client: withScene ? client : nil, gesture: gesture.map { (client ?? "", $0) })
                if withScene {
                    finishWithScene(job, answer)
                } else {
                    server.finish(job.connection, HTTP.response(200, type: "application/json", body: Array(answer.utf8), keepAlive: job.keepAlive))
                }
            case .document(let request, let client):
                finishWithScene(job, documentJob(request, client: client))
            case .complete(let line, let start):
                let words = Completion.offers(
                    line: line, start: start, variables: session.interpreter.variableNames, procedures: session.interpreter.procedureNames)
                let body = JSONLinesPrinter.compact(.array(words.map { .string($0) }))
                server.finish(job.connection, HTTP.response(200, type: "application/json", body: Array(body.utf8), keepAlive: job.keepAlive))
            case .export(let layers):
                var request = session.interpreter.view()
                request.layers = layers
                // Bounded as `save` is: its row's cost on this path, and what the picture draws.
                let listing = CommandTable.spec(named: "save")?.cost.units(elements: request.path.elements.count) ?? 0
                let (work, overflow) = listing.addingReportingOverflow(request.work)
                guard !overflow, work <= session.interpreter.limits.statementWork else {
                    let answer =
                        "the picture would take more work than one statement may do (\(work) units, limit \(session.interpreter.limits.statementWork))"
                    server.finish(job.connection, HTTP.response(413, type: "text/plain", body: Array(answer.utf8), keepAlive: job.keepAlive))
                    return
                }
                let svg = SVGDocument.render(request)
                server.finish(job.connection, HTTP.response(200, type: "image/svg+xml", body: Array(svg.utf8), keepAlive: job.keepAlive))
            }
        }
    }

    /// Answers `job` with `answer` framed as the scene's header is, then the scene it led to.
    func finishWithScene(_ job: WorkbenchServer.Job, _ answer: String) {
        let scene = server.scene
        var body = WorkbenchScene.framed(answer, reserving: scene.count)
        body += scene
        server.finish(job.connection, HTTP.response(200, type: "application/octet-stream", body: body, keepAlive: job.keepAlive))
    }

    /// A statement from the page: run as if typed (echoed with its reports above the prompt),
    /// answered with its reports or its error, and, for a page that named itself (`client`),
    /// the transcript entries, which its event stream is then not sent.
    func run(_ text: String, client: String? = nil, gesture: (page: String, id: Int)? = nil) -> String {
        let before = session.interpreter.undoMark
        defer { joinFrames(of: gesture, since: before) }
        let source = Source(name: "<page>", text: text, firstLine: pageLine)
        pageLine += text.split(separator: "\n", omittingEmptySubsequences: false).count
        var reports: [String] = []
        var entries: [JSON] = []
        var failure: String?
        display {
            session.terminal.out("page> " + text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n  ...> "))
            let session = self.session
            let sink = RunSink(
                report: { session.emit($0) },
                willRun: { _ in
                    session.capture = []
                    // A page may use only the session's folder (docs/workbench.md).
                    session.confined.active = true
                    return true
                },
                didRun: { statement, d in
                    session.confined.active = false
                    let captured = session.capture ?? []
                    session.capture = nil
                    reports += captured
                    let message = d.map { DiagnosticRenderer.render($0) }
                    if let d { session.show(d, command: statement.commandName) }
                    entries.append(
                        self.statementDidRun(
                            origin: "page", statement: source.text(statement.range), reports: captured, error: message, client: client))
                    failure = message
                    return d == nil
                })
            if case .parse(let error)? = session.interpreter.run(source, into: sink) {
                let message = DiagnosticRenderer.render(error.diagnostic)
                session.show(error.diagnostic, command: "parse")
                entries.append(statementDidRun(origin: "page", statement: text, reports: [], error: message, client: client))
                failure = message
            }
            session.terminal.flush()
        }
        return TranscriptEntry.answer(ok: failure == nil, entries: client != nil ? entries : nil, reportsAndError: (reports, failure))
    }

    /// The last gesture's frames so far: whose it is, the undo mark after its last frame, and
    /// whether its frames recorded an undo step.
    var gestureFrames: (page: String, id: Int, mark: UndoMark, recorded: Bool)?

    /// One gesture, one undo step (SPEC §14): the undo steps of a gesture's frames are joined
    /// into one as they come, while nothing else ran between them (a statement at the prompt or
    /// from another page starts the count again).
    func joinFrames(of gesture: (page: String, id: Int)?, since before: UndoMark) {
        let interpreter = session.interpreter
        guard let gesture else {
            gestureFrames = nil
            return
        }
        var after = interpreter.undoMark
        let pushed = after.recorded - before.recorded
        if let last = gestureFrames, last.page == gesture.page, last.id == gesture.id, last.mark == before {
            if last.recorded, pushed > 0 {
                interpreter.joinUndoSteps(pushed + 1)
                after = interpreter.undoMark
            }
            gestureFrames = (gesture.page, gesture.id, after, last.recorded || pushed > 0)
        } else {
            if pushed > 1 {
                interpreter.joinUndoSteps(pushed)
                after = interpreter.undoMark
            }
            gestureFrames = (gesture.page, gesture.id, after, pushed > 0)
        }
    }

    func stop() {
        server.stop()
        Workbench.current = nil
    }
}
