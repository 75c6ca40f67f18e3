/// Where a run's reports and outcomes go, for every host alike (the script runner, the REPL, the
/// workbench, the language server, the WebAssembly entry): `Interpreter.run(_:into:)`.
public struct RunSink {
    /// Each report, as the statement makes it.
    public var report: (Report) -> Void
    /// Before a statement runs (a transcript's entry begins, a budget is set, a confinement is
    /// put on); false stops the run there.
    public var willRun: (Stmt) -> Bool
    /// After it ran, with its error if any: true goes on with the next statement. By default a
    /// run stops at the first error; a checker that collects every error goes on.
    public var didRun: (Stmt, Diagnostic?) -> Bool
    /// Whether `report` wants the reports nobody asked for (a drawing command's): false for a
    /// sink that drops them (`--quiet`), to which a drawing command's report is then not made
    /// (its numbers still pass the finiteness gate).
    public var unrequested: Bool

    public init(
        report: @escaping (Report) -> Void, willRun: @escaping (Stmt) -> Bool = { _ in true },
        didRun: @escaping (Stmt, Diagnostic?) -> Bool = { _, d in d == nil }, unrequested: Bool = true
    ) {
        self.report = report
        self.willRun = willRun
        self.didRun = didRun
        self.unrequested = unrequested
    }
}

/// Why a run stopped before its end.
public enum RunStop: Error {
    /// The source does not parse: nothing of it ran.
    case parse(ParseFailure)
    /// A statement failed (and left the session as it was before it): the error, and the
    /// statement's command (the JSON error names it).
    case failed(Diagnostic, command: String)

    public var diagnostic: Diagnostic {
        switch self {
        case .parse(let p): p.diagnostic
        case .failed(let d, _): d
        }
    }

    /// The command the JSON error names: "parse" for a syntax error.
    public var command: String {
        switch self {
        case .parse: "parse"
        case .failed(_, let c): c
        }
    }
}

extension Interpreter {
    /// The largest source parsed once with its syntax tree kept while it runs (see `run(_:into:)`).
    public static let wholeTreeLimit = 2 << 20

    /// Parses `source` and runs its statements in order, each all or nothing, telling `sink` of
    /// each report and statement; returns why it stopped, or nil when it ran to its end. A syntax
    /// error anywhere runs nothing. A source of up to `wholeTreeLimit` bytes is parsed once and
    /// its tree kept while it runs; a longer one is checked whole, then parsed again a statement
    /// at a time, so that memory holds one statement's tree (a tree takes several times the bytes
    /// of its text) and a 100 MB script does not need a gigabyte.
    @discardableResult
    public func run(_ source: Source, into sink: RunSink) -> RunStop? {
        if source.count <= Interpreter.wholeTreeLimit {
            let program: Program
            do { program = try Parser.parse(source) } catch { return .parse(error) }
            return run(program.statements, in: source, into: sink)
        }
        do { try Parser.check(source) } catch { return .parse(error) }
        var parser = Parser(source)
        return reporting(to: sink) {
            enterTopLevel(source)
            while let statement = try? parser.nextStatement() {
                let (goOn, stop) = step(statement, into: sink)
                if !goOn { return stop }
            }
            return nil
        }
    }

    /// Runs statements of `source` (parsed by the caller: a batch of a pipeline, a document the
    /// language server parsed), as `run(_:into:)` does.
    @discardableResult
    public func run(_ statements: [Stmt], in source: Source, into sink: RunSink) -> RunStop? {
        reporting(to: sink) {
            enterTopLevel(source)
            // (Through the buffer: each statement borrowed in place, not copied out of the list
            // with its name and arguments retained and released.)
            return statements.withUnsafeBufferPointer { buffer in
                for i in buffer.indices {
                    let (goOn, stop) = step(buffer[i], into: sink)
                    if !goOn { return stop }
                }
                return nil
            }
        }
    }

    /// Runs `body` with the statements' reports going to `sink`: set once for the run, not at
    /// every statement (the hosts' `willRun` and `didRun` make none).
    private func reporting(to sink: RunSink, _ body: () -> RunStop?) -> RunStop? {
        (emit, emitsUnrequested) = (sink.report, sink.unrequested)
        defer { (emit, emitsUnrequested) = ({ _ in }, true) }
        return body()
    }

    /// One statement of a run from the source `enterTopLevel` set: whether the run goes on, and
    /// why it stops if it does not.
    private func step(_ statement: Stmt, into sink: RunSink) -> (goOn: Bool, stop: RunStop?) {
        guard sink.willRun(statement) else { return (false, nil) }
        var d: Diagnostic?
        do { try execute(statement) } catch { d = error }
        if sink.didRun(statement, d) { return (true, nil) }
        return (false, d.map { .failed($0, command: statement.commandName) })
    }
}
