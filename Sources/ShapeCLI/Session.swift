#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeLanguage
import ShapeOutput

/// One interpreter with its printers and output: shared by the script runner and the REPL.
final class Session {
    /// Made anew only when the workbench runs its document again (`restart`).
    private(set) var interpreter: Interpreter
    let options: ShapeCommand.Options
    var terminal = Terminal()
    let json = JSONLinesPrinter()
    /// The workbench, while one runs for this session.
    var workbench: Workbench?
    /// While a statement runs for the workbench: its reports as the text printer writes them.
    var capture: [String]?
    /// While a statement posted by a page runs: it may read and write files only inside the
    /// session's folder (the current directory), as `FileSystem.confined` checks.
    let confined = Confinement()

    /// Whether a page's statement is running; read by the file hooks, which the interpreter may
    /// call from the thread it runs on.
    final class Confinement: @unchecked Sendable {
        var active = false

        /// Where a name goes (`FileSystem.resolve`), and for a page's statement whether it may
        /// go there.
        func resolve(_ file: String, from: String) throws(HostFailure) -> String {
            let path = FileSystem.resolve(file, from: from)
            if active { try FileSystem.confined(file, resolved: path) }
            return path
        }
    }

    init(options: ShapeCommand.Options) {
        self.options = options
        interpreter = Session.makeInterpreter(options: options, confined: confined)
    }

    /// A fresh session state for the workbench's document run again (`Workbench+Document`): a
    /// new interpreter made as the first was, which Ctrl-C still stops.
    func restart() {
        let cancelled = interpreter.isCancelled
        interpreter = Session.makeInterpreter(options: options, confined: confined)
        interpreter.isCancelled = cancelled
    }

    /// An interpreter with the session's files (confined while a page's statement runs), the
    /// options' precision and work limit.
    static func makeInterpreter(options: ShapeCommand.Options, confined: Confinement) -> Interpreter {
        let interpreter = Interpreter(loader: { file, from throws(HostFailure) in
            let path = try confined.resolve(file, from: from)
            do { return (path, try FileSystem.read(path)) } catch { throw HostFailure("\(error)") }
        })
        interpreter.saver = { request throws(HostFailure) in
            let path = try confined.resolve(request.file, from: request.from)
            let drawing = SVGDocument.drawing(request)
            let svg = SVGDocument.write(drawing)
            let pdf = path.lowercased().hasSuffix(".pdf")
            // A PDF's cost is counted by the length of the SVG of the same drawing.
            if pdf, svg.utf8.count > request.workLeft / WorkCost.pdfByteCost { throw HostFailure.outOfWork }
            do {
                if pdf {
                    try FileSystem.writeAtomically(bytes: PDFDocument.render(drawing), to: path)
                } else {
                    try FileSystem.writeAtomically(svg, to: path)
                }
            } catch { throw HostFailure("\(error)") }
            return path
        }
        interpreter.exporter = { request throws(HostFailure) in
            let path = try confined.resolve(request.file ?? "", from: request.from)
            do { try FileSystem.writeAtomically(PathExport.render(request) + "\n", to: path) } catch { throw HostFailure("\(error)") }
            return path
        }
        if let p = options.precision { interpreter.precision = p }
        if let w = options.workLimit { interpreter.limits.statementWork = w }
        return interpreter
    }

    func emit(_ report: Report) {
        if capture != nil {
            let printer = TextPrinter(precision: interpreter.precision, quiet: false, columns: 72, rows: 24, unicode: true)
            if let text = printer.format(report) { capture!.append(text) }
        }
        print(report, precision: interpreter.precision)
    }

    /// Prints a report at `precision` decimals, as the options say.
    func print(_ report: Report, precision: Int) {
        if options.json {
            if options.quiet && !report.isRequested { return }
            terminal.out {
                json.write(report, into: &$0)
                return true
            }
        } else {
            let printer = TextPrinter(
                precision: precision, quiet: options.quiet,
                columns: Session.columns, rows: Session.rows, unicode: Session.unicode)
            terminal.out { printer.write(report, into: &$0) }
        }
    }

    /// The plot's width: $COLUMNS less a margin, else 72.
    static let columns: Int = {
        guard let c = FileSystem.environment("COLUMNS").flatMap(Int.init), c > 10 else { return 72 }
        return c - 2
    }()

    /// The plot's height: $LINES less room for the prompt and the extents, else 24.
    static let rows: Int = {
        guard let l = FileSystem.environment("LINES").flatMap(Int.init), l > 8 else { return 24 }
        return l - 4
    }()

    /// Braille needs a UTF-8 locale (LC_ALL, then LC_CTYPE, then LANG, as setlocale reads them).
    static let unicode: Bool = {
        let locale = FileSystem.environment("LC_ALL") ?? FileSystem.environment("LC_CTYPE") ?? FileSystem.environment("LANG") ?? ""
        let l = locale.lowercased()
        return l.contains("utf-8") || l.contains("utf8")
    }()

    /// The last error shown (what `shape watch --view` tells the page).
    var lastError: Diagnostic?

    func show(_ d: Diagnostic, command: String) {
        lastError = d
        if options.json { terminal.out(json.format(d, command: command)) }
        terminal.err(DiagnosticRenderer.render(d))
    }

    /// Parses and runs a whole source (`Interpreter.run(_:into:)`, as every host does), or
    /// pipelines it when it is long enough; 0 on success, 1 at the first error (a syntax error
    /// anywhere runs nothing).
    func runScript(_ source: Source) -> Int32 {
        defer { terminal.flush() }
        if pipelines, source.count >= Session.pipelineLeast, capture == nil, workbench == nil,
            let status = runPipelined(source)
        {
            return status
        }
        var sink = RunSink(report: { self.emit($0) })
        if transcript != nil {
            // Each statement's entry, as the page shows it (`shape view file.shape`).
            sink.willRun = { _ in
                self.capture = []
                return true
            }
            sink.didRun = { statement, d in
                let entry = TranscriptEntry(
                    origin: "script", statement: source.text(statement.range), reports: self.capture ?? [],
                    error: d.map { DiagnosticRenderer.render($0) })
                self.transcript?.append(JSONLinesPrinter.compact(entry.json))
                self.capture = nil
                return d == nil
            }
        }
        guard let stop = interpreter.run(source, into: sink) else { return 0 }
        if case .parse(let failure) = stop {
            let entry = TranscriptEntry(origin: "script", statement: "", reports: [], error: DiagnosticRenderer.render(failure.diagnostic))
            transcript?.append(JSONLinesPrinter.compact(entry.json))
        }
        show(stop.diagnostic, command: stop.command)
        return 1
    }

    /// While set, `runScript` keeps each statement's transcript entry here (JSON), for a
    /// workbench that starts after the files ran (`shape view file.shape`).
    var transcript: [String]?

    /// Whether scripts of `pipelineLeast` bytes or more run on two threads (`ScriptPipeline`).
    /// Only where the session ends with its scripts: a failed parse leaves the interpreter with
    /// what the runner did before it stopped, which a session that goes on (the workbench, a
    /// watch's view) must not see.
    var pipelines = false

    /// The smallest script worth a second thread: about 600 statements.
    static let pipelineLeast = 32 << 10

    /// Runs `source` through a `ScriptPipeline`; nil when no thread could be started (then
    /// nothing has run). The source is parsed here, once, and handed over in batches; the
    /// pipeline bounds what waits for the runner, so a long script never holds its whole tree.
    private func runPipelined(_ source: Source) -> Int32? {
        let pipeline = ScriptPipeline(bytes: source.count)
        let (saver, exporter, isCancelled) = (interpreter.saver, interpreter.exporter, interpreter.isCancelled)
        // Files are written only once the whole script has parsed.
        if let save = saver {
            interpreter.saver = { @Sendable (request: SaveRequest) throws(HostFailure) -> String in
                guard pipeline.parseSucceeded() else { throw HostFailure("the script does not parse") }
                return try save(request)
            }
        }
        if let export = exporter {
            interpreter.exporter = { @Sendable (request: ExportRequest) throws(HostFailure) -> String in
                guard pipeline.parseSucceeded() else { throw HostFailure("the script does not parse") }
                return try export(request)
            }
        }
        interpreter.isCancelled = { pipeline.abandoned.load(ordering: .relaxed) || isCancelled() }
        defer { (interpreter.saver, interpreter.exporter, interpreter.isCancelled) = (saver, exporter, isCancelled) }
        let interpreter = Unchecked(interpreter)
        let quiet = options.quiet
        guard
            let runner = LargeStackThread({
                let interpreter = interpreter.value
                // (Under --quiet, only what is asked for is printed: nothing else is held.)
                let sink = RunSink(
                    report: quiet
                        ? { if $0.isRequested { pipeline.hold($0, precision: interpreter.precision) } }
                        : { pipeline.hold($0, precision: interpreter.precision) },
                    willRun: { _ in !pipeline.abandoned.load(ordering: .relaxed) }, unrequested: !quiet)
                while let batches = pipeline.takeStatements() {
                    for statements in batches {
                        if case .failed(let d, let command)? = interpreter.run(statements, in: source, into: sink) {
                            return pipeline.end(.failed(d, command: command))
                        }
                    }
                    pipeline.retire(batches)
                }
                pipeline.end(.finished)
            })
        else { return nil }
        var batch: [Stmt] = []
        batch.reserveCapacity(ScriptPipeline.batch)
        /// Adds `statement` to the batch and hands a full one on; whether to check the rest of
        /// the source before handing on more.
        func add(_ statement: consuming Stmt, mayCheckFirst: Bool) -> Bool {
            // (Moved into the batch, not copied: the parser hands each statement over.)
            batch.append(consume statement)
            guard batch.count == ScriptPipeline.batch else { return false }
            // The batch goes over whole, and a new one starts.
            defer {
                batch = []
                batch.reserveCapacity(ScriptPipeline.batch)
            }
            return pipeline.give(batch, last: false, mayCheckFirst: mayCheckFirst).checkFirst
        }
        func printAll(_ reports: [[(report: Report, precision: Int)]]) {
            for batch in reports {
                for r in batch { print(r.report, precision: r.precision) }
            }
        }
        // The check of the rest of the source, once it is wanted: on a thread of its own, so
        // that the runner goes on meanwhile (it waits only when the reports held reach
        // `ScriptPipeline.reportCap`); a syntax error it finds stops the runner, and this
        // thread then reaches the same error itself.
        var checker: LargeStackThread?
        defer { checker?.join() }
        do {
            var parser = Parser(source)
            var checking = false
            while let statement = try parser.nextStatement() {
                if add(statement, mayCheckFirst: !checking) && !checking {
                    checking = true
                    let rest = Unchecked(parser)
                    checker = LargeStackThread {
                        var check = rest.value
                        do {
                            while try check.nextStatement() != nil {}
                            pipeline.checkedWhole()
                        } catch {
                            pipeline.abandon()
                        }
                    }
                    if checker == nil {
                        // (No thread: checked here, before the rest is handed on.)
                        var check = parser
                        while try check.nextStatement() != nil {}
                        pipeline.checkedWhole()
                    }
                }
                // Once the whole source is known to parse, the reports are printed as the rest
                // is handed on.
                if checking, batch.isEmpty, pipeline.isChecked { printAll(pipeline.readyReports()) }
            }
        } catch {
            pipeline.abandon()
            runner.join()
            show(error.diagnostic, command: "parse")
            return 1
        }
        _ = pipeline.give(batch, last: true)
        while true {
            let (reports, _, end) = pipeline.takeReports()
            printAll(reports)
            guard let end else { continue }
            runner.join()
            if case .failed(let d, let command) = end {
                show(d, command: command)
                return 1
            }
            return 0
        }
    }

}
