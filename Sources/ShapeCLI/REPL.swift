#if canImport(Glibc)
@preconcurrency import Glibc
#endif
@preconcurrency import CReadline
import ShapeLanguage
import ShapeOutput

/// The interactive prompt: `shape> `, and `  ...> ` while an entry is incomplete (an open block,
/// parenthesis or trailing operator). Errors are reported and every bit of state is kept.
struct REPL {
    let session: Session
    static let continuationPrompt = "  ...> "

    /// Where history lives: $XDG_STATE_HOME/shape/history, else ~/.shape_history.
    static func historyPath() -> String? {
        if let state = FileSystem.environment("XDG_STATE_HOME") {
            mkdir(state, 0o700)
            mkdir(state + "/shape", 0o700)
            return state + "/shape/history"
        }
        if let home = FileSystem.environment("HOME") { return home + "/.shape_history" }
        return nil
    }

    func run() -> Int32 {
        var reader: any LineReader
        TerminalState.save()
        let interactive = FileSystem.standardInputIsTerminal
        if !interactive {
            // `shape view f < statements`: the lines piped in, no prompts.
            reader = PlainLineReader(prompts: false)
        } else if FileSystem.environment("TERM") == "dumb" {
            reader = PlainLineReader()
        } else {
            reader = ReadlineReader(historyPath: REPL.historyPath()) { message in session.terminal.err(message) }
        }
        // Ctrl-C drops the line being typed (both readers) and stops a running statement (which
        // is undone) instead of ending the session.
        ReadlineReader.installInterruptHandler()
        session.interpreter.isCancelled = { ReadlineGlobals.interrupted.exchange(false, ordering: .relaxed) }
        if interactive {
            session.terminal.out("shape \(ShapeCommand.version): type 'help' for the commands, 'view' for the browser, Ctrl-D to leave")
        }
        if session.workbench != nil { attachWorkbench(reader) }
        defer {
            session.workbench?.stop()
            session.workbench = nil
        }
        var nextLine = 1
        while true {
            ReadlineGlobals.variables = session.interpreter.variableNames
            ReadlineGlobals.procedures = session.interpreter.procedureNames
            session.terminal.flush()
            let prompt = ReadlineGlobals.pending.isEmpty ? ReadlineGlobals.primaryPrompt : REPL.continuationPrompt
            guard let line = reader.readLine(prompt: prompt) else {
                session.terminal.out("")
                session.terminal.flush()
                return 0
            }
            if ReadlineGlobals.pending.isEmpty && line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            // `exit` and `quit` alone leave, as Ctrl-D does (they are words of the prompt, not
            // of the language).
            let word = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            if ReadlineGlobals.pending.isEmpty, word == "exit" || word == "quit" {
                reader.remember(line)
                session.terminal.flush()
                return 0
            }
            // `view` starts the workbench for this session (or says where it is).
            // (A procedure of the session called `view` is called instead.)
            let viewIsOurs = !session.interpreter.procedureNames.contains("view")
            if ReadlineGlobals.pending.isEmpty, viewIsOurs, word.hasPrefix("view ") {
                reader.remember(line)
                session.terminal.err("view: takes nothing at the prompt (for a port of your choice: shape view --port N file.shape)")
                continue
            }
            if ReadlineGlobals.pending.isEmpty, viewIsOurs, word == "view" {
                reader.remember(line)
                if session.workbench == nil {
                    do { session.workbench = try Workbench(session: session, port: 0) } catch {
                        session.terminal.err("view: \(error)")
                        continue
                    }
                    attachWorkbench(reader)
                }
                session.terminal.out("view: \(session.workbench!.server.address)")
                continue
            }
            let entry = ReadlineGlobals.pending.isEmpty ? line : ReadlineGlobals.pending + "\n" + line
            let source = Source(name: "<repl>", text: entry, firstLine: nextLine)
            let sink = RunSink(
                report: { self.session.emit($0) },
                willRun: { _ in
                    if self.session.workbench != nil { self.session.capture = [] }
                    return true
                },
                didRun: { statement, outcome in
                    if let workbench = self.session.workbench {
                        let reports = self.session.capture ?? []
                        self.session.capture = nil
                        workbench.statementDidRun(
                            origin: "prompt", statement: source.text(statement.range), reports: reports,
                            error: outcome.map { DiagnosticRenderer.render($0) })
                    }
                    return outcome == nil
                })
            // A Ctrl-C left from before this entry (pressed as the last one ended, after its last
            // question: the interpreter asks at every eighth charge) stops nothing of this one.
            ReadlineGlobals.interrupted.store(false, ordering: .relaxed)
            switch session.interpreter.run(source, into: sink) {
            case .parse(.incomplete)?:
                ReadlineGlobals.pending = entry
                continue
            case .failed(let d, let command)? where d.message == .interrupted:
                session.terminal.err("")  // after the terminal's "^C"
                session.show(d, command: command)
            case let stop?:
                // The JSON error names the statement that failed, as a script's does.
                session.show(stop.diagnostic, command: stop.command)
            case nil:
                break
            }
            finish(entry, &reader, &nextLine)
        }
    }

    /// The page's statements run while the reader waits: above readline's prompt, or plainly.
    func attachWorkbench(_ reader: any LineReader) {
        guard let workbench = session.workbench else { return }
        if reader is ReadlineReader {
            // readline reads through rl_getc_function only without an event hook (with one it
            // polls the terminal itself); `getc` watches for Ctrl-C as the hook did.
            rl_event_hook = nil
            rl_getc_function = ReadlineReader.getc
            workbench.display = { body in ReadlineReader.displayAbovePrompt(body) }
        }
    }

    func finish(_ entry: String, _ reader: inout any LineReader, _ nextLine: inout Int) {
        reader.remember(entry)
        nextLine += entry.split(separator: "\n", omittingEmptySubsequences: false).count
        ReadlineGlobals.pending = ""
    }
}
