import ShapeLanguage
import Synchronization

/// A long script run on two threads, as a pipeline: the session's thread parses the source and
/// hands its statements on in batches; a runner thread runs them on the interpreter and hands
/// the reports back; the session's thread prints them once the whole source has parsed. So the
/// parse and the printing take place beside the geometry, on the machine's second core.
///
/// What a script does is what it does run in turn (`Session.runScript` without the pipeline):
/// - a syntax error anywhere runs nothing: the runner may start before the parse ends, but no
///   report is printed, no file is saved and no export written until the whole source has
///   parsed; a failed parse stops the runner and drops what it did;
/// - the reports come out in order, each printed at the precision in force when it was made;
/// - the first error stops the script, after the reports of the statements before it.
///
/// The source is parsed once where it can be. The statements waiting for the runner are bounded
/// (`waiting`), so that a long script never holds its whole tree (several times the bytes of its
/// text): the parser waits while the runner is that far behind. But the reports wait too, for the
/// end of the parse, so when more than `waiting` of them are held, or the runner waits for the
/// whole source to have parsed (a `save` or `export` before the end), a third thread checks the
/// rest of the source without keeping it, while the parser goes on handing it on, and the reports
/// are printed as they come once the check has ended (`Session.runPipelined`): the rest is parsed
/// twice, and memory stays bounded, since the runner waits while `reportCap` reports are held.
///
/// Everything between the threads goes through this object, under its lock.
final class ScriptPipeline: @unchecked Sendable {
    private let monitor = Monitor()

    // Under the lock:
    /// Statements parsed and not yet taken by the runner, in the parser's batches (handed over
    /// whole: copied statement by statement, each one's references were counted up on one
    /// thread and down on the other), and how many they are.
    private var parsed: [[Stmt]] = []
    private var parsedCount = 0
    /// The parser has read the whole source, and `parsed` holds the last of it.
    private var parseEnded = false
    /// The whole source is known to parse (set at the end of the parse, or of its check).
    private var checked = false
    /// The runner waits in `parseSucceeded` for the whole source to have parsed.
    private var runnerWaitsForCheck = false
    /// Reports made and not yet printed, each with the precision it is printed at, in the
    /// runner's batches (handed over whole, never copied report by report).
    private var made: [[(report: Report, precision: Int)]] = []
    /// How many reports `made` holds.
    private var heldReports = 0
    /// Statements the runner has run, for the session's thread to free (as it hands on the next
    /// batch, then as it prints): their trees' memory goes back on the thread with time to
    /// spare, and serves the statements it parses next.
    private var spent: [[Stmt]] = []
    /// Set when the runner has stopped: its error, if it stopped at one.
    private var runEnd: RunEnd?

    /// The parse failed: the runner stops at once (read without the lock, at every statement
    /// and at the interpreter's cancellation points).
    let abandoned = Atomic<Bool>(false)
    /// Batches handed on so far (read by the runner without the lock, `takeStatements`).
    private let handed = Atomic<Int>(0)
    /// How many times the runner looks for the parser's next batch before it sleeps. (Under
    /// valgrind, whose threads take turns, the looks count as the runner's instructions: 176M
    /// of the fonts' whole script. A profile of the runner's own work sets it to 0.)
    static let awakeWait = 100_000

    /// How the runner stopped.
    enum RunEnd {
        case finished
        case failed(Diagnostic, command: String)
    }

    /// Statements handed over at a time, and reports handed back at a time: few enough to start
    /// the runner at once, many enough that the lock is taken rarely.
    static let batch = 64

    /// How many statements may wait for the runner before the parser waits for it, in a source
    /// longer than `Interpreter.wholeTreeLimit`; a shorter one's tree may be held whole.
    static let waiting = 16 * batch
    /// `waiting` for this source.
    let bound: Int
    /// How many reports the runner may hold for the end of a check before it waits for it:
    /// `waiting`, or one for every `bytesPerHeldReport` bytes of the source if that is more
    /// (a held report takes 72 bytes, so at most a seventh of the source's size). Enough for
    /// the runner to go on through most checks: a font's glyphs drawn, simplified and asked
    /// about (6.3 MB, 29,475 answers) ran 0.27 s when the runner waited for the whole check.
    let reportCap: Int
    static let bytesPerHeldReport = 512

    /// The runner's own: reports not yet handed back.
    private var runnerReports: [(report: Report, precision: Int)] = []

    /// A pipeline for a source of `bytes` bytes.
    init(bytes: Int) {
        bound = bytes > Interpreter.wholeTreeLimit ? ScriptPipeline.waiting : .max
        reportCap = bytes > Interpreter.wholeTreeLimit ? Swift.max(ScriptPipeline.waiting, bytes / ScriptPipeline.bytesPerHeldReport) : .max
        runnerReports.reserveCapacity(ScriptPipeline.batch)
    }

    private func locked<T>(_ body: () -> T) -> T { monitor.locked(body) }

    // MARK: The parsing side

    /// Hands statements to the runner; `last` when the parse has ended with them. Waits while
    /// `waiting` statements are waiting already, unless (when the caller `mayCheckFirst`) the
    /// source should be checked to its end first: the runner waits for that, or more than
    /// `waiting` reports wait for it. Returns the statements the runner has run since, for the
    /// caller to drop (their memory goes back to the parser for the statements still to come),
    /// and whether to check the rest of the source before handing on more (`checkedWhole`).
    func give(_ statements: [Stmt], last: Bool, mayCheckFirst: Bool = true) -> (spent: [[Stmt]], checkFirst: Bool) {
        locked {
            if !statements.isEmpty {
                parsed.append(statements)
                parsedCount += statements.count
            }
            if last { parseEnded = true; checked = true }
            handed.add(1, ordering: .releasing)
            monitor.broadcast()
            func checkFirst() -> Bool { mayCheckFirst && bound != .max && !checked && (runnerWaitsForCheck || heldReports > bound) }
            while !last, parsedCount > bound, !checkFirst(), !abandoned.load(ordering: .relaxed), runEnd == nil {
                monitor.wait()
            }
            defer { spent = [] }
            return (spent, checkFirst())
        }
    }

    /// The whole source parses: a runner waiting for that goes on (the statements after those
    /// handed on so far are still to come).
    func checkedWhole() {
        locked {
            checked = true
            monitor.broadcast()
        }
    }

    /// Whether the whole source is known to parse.
    var isChecked: Bool { locked { checked } }

    /// The parse failed: the runner stops without running anything more.
    func abandon() {
        abandoned.store(true, ordering: .relaxed)
        locked { monitor.broadcast() }
    }

    /// Waits for reports, and takes all there are, with the statements run so far (dropped by
    /// the caller); the run's end once every report is taken.
    func takeReports() -> (reports: [[(report: Report, precision: Int)]], spent: [[Stmt]], end: RunEnd?) {
        locked {
            while made.isEmpty && runEnd == nil { monitor.wait() }
            defer { (made, spent, heldReports) = ([], [], 0) }
            return (made, spent, runEnd)
        }
    }

    /// The reports made so far, without waiting (while the parser still hands statements on).
    func readyReports() -> [[(report: Report, precision: Int)]] {
        locked {
            defer { (made, heldReports) = ([], 0) }
            return made
        }
    }

    // MARK: The running side

    /// Waits for statements, and takes all there are, in their batches; nil once the source has
    /// no more or the parse failed. Hands back the reports made so far first, since the printer
    /// may be waiting.
    func takeStatements() -> [[Stmt]]? {
        let mark = handed.load(ordering: .acquiring)
        let none = locked {
            handBack()
            return parsed.isEmpty && !parseEnded
        }
        // None yet: the parser is about to hand more on. Waited for awake a moment first (a
        // thread woken on another core of a busy virtual machine can take longer than that to
        // run).
        if none {
            var k = 0
            while k < ScriptPipeline.awakeWait, handed.load(ordering: .acquiring) == mark, !abandoned.load(ordering: .relaxed) { k += 1 }
        }
        return locked {
            while parsed.isEmpty && !parseEnded && !abandoned.load(ordering: .relaxed) { monitor.wait() }
            if abandoned.load(ordering: .relaxed) || parsed.isEmpty { return nil }
            defer {
                (parsed, parsedCount) = ([], 0)
                monitor.broadcast()  // a parser waiting for room goes on
            }
            return parsed
        }
    }

    /// Statements the runner has run (and holds no more), for the session's thread to free.
    func retire(_ statements: [[Stmt]]) {
        locked { spent.append(contentsOf: statements) }
    }

    /// A report of the statement running.
    func hold(_ report: Report, precision: Int) {
        runnerReports.append((report, precision))
        guard runnerReports.count >= ScriptPipeline.batch else { return }
        locked {
            handBack()
            // Held for a check still running: no more than `reportCap`.
            while !checked, heldReports > reportCap, !abandoned.load(ordering: .relaxed) { monitor.wait() }
        }
    }

    /// The runner has stopped, as `end` says, after its reports.
    func end(_ end: RunEnd) {
        locked {
            handBack()
            runEnd = end
            monitor.broadcast()
        }
    }

    /// Waits until the parse has ended; whether it succeeded. (A file is written only then.)
    func parseSucceeded() -> Bool {
        locked {
            if !checked {
                runnerWaitsForCheck = true
                monitor.broadcast()  // a parser waiting for room checks the rest instead
            }
            while !checked && !abandoned.load(ordering: .relaxed) { monitor.wait() }
            runnerWaitsForCheck = false
            return !abandoned.load(ordering: .relaxed)
        }
    }

    /// Under the lock: moves the runner's reports to the printer's side.
    private func handBack() {
        guard !runnerReports.isEmpty else { return }
        made.append(runnerReports)
        heldReports += runnerReports.count
        runnerReports = []
        // (Room for the next batch at once, not grown a report at a time.)
        runnerReports.reserveCapacity(ScriptPipeline.batch)
        monitor.broadcast()
    }
}
