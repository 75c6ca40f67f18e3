#if canImport(Glibc)
@preconcurrency import Glibc
#endif
@preconcurrency import CReadline
import Synchronization
import ShapeLanguage

/// Where the REPL's lines come from: GNU readline on a terminal, a plain reader elsewhere.
protocol LineReader {
    /// The next line without its newline, or `nil` at end of input.
    mutating func readLine(prompt: String) -> String?
    /// Remembers a complete entry in the history.
    mutating func remember(_ entry: String)
}

/// Reads lines from standard input with no editing (TERM=dumb). Ctrl-C drops the line being
/// typed, as with readline: the read is interrupted (no SA_RESTART), and the prompt comes again.
/// While a workbench runs, it waits on its jobs too, and runs them between bytes.
struct PlainLineReader: LineReader {
    /// Whether to write the prompt (not when the lines are piped in: `shape view f < statements`).
    var prompts = true

    mutating func readLine(prompt: String) -> String? {
        if prompts { writeAll(STDOUT_FILENO, prompt) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            if let workbench = Workbench.current {
                var fds = [
                    pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), pollfd(fd: workbench.wakeFD, events: Int16(POLLIN), revents: 0),
                ]
                let ready = poll(&fds, 2, -1)
                if ready > 0, fds[1].revents != 0 {
                    workbench.serviceJobs()
                    if fds[0].revents == 0 { continue }
                }
            }
            let n = Glibc.read(STDIN_FILENO, &byte, 1)
            if n == 1 {
                if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
                bytes.append(byte)
                continue
            }
            if n < 0, errno == EINTR {
                if ReadlineGlobals.interrupted.exchange(false, ordering: .relaxed) {
                    bytes.removeAll()
                    ReadlineGlobals.pending = ""
                    // The terminal itself echoed ^C (this reader leaves it in cooked mode).
                    writeAll(STDOUT_FILENO, "\n" + ReadlineGlobals.primaryPrompt)
                }
                continue
            }
            return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
        }
    }
    mutating func remember(_ entry: String) {}
}

/// The terminal's settings when the prompt started, put back by a signal that ends the session
/// (SIGTERM, SIGHUP, SIGQUIT), so the shell is not left without echo.
enum TerminalState {
    nonisolated(unsafe) static var saved = termios()
    nonisolated(unsafe) static var isSaved = false

    static func save() {
        guard isatty(STDIN_FILENO) != 0, tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        isSaved = true
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            // tcsetattr, signal and raise are async-signal-safe.
            if TerminalState.isSaved { tcsetattr(STDIN_FILENO, TCSANOW, &TerminalState.saved) }
            Glibc.signal(signal, SIG_DFL)
            raise(signal)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for s in [SIGTERM, SIGHUP, SIGQUIT] { sigaction(s, &action, nil) }
    }
}

/// State the C callbacks need: readline calls plain C function pointers, which cannot capture.
enum ReadlineGlobals {
    /// The session's variables and procedures, for completion.
    nonisolated(unsafe) static var variables: [String] = []
    nonisolated(unsafe) static var procedures: [String] = []
    nonisolated(unsafe) static var matches: [String] = []
    nonisolated(unsafe) static var next = 0
    /// Cleared by Ctrl-C: the unfinished lines of a multi-line entry.
    nonisolated(unsafe) static var pending = ""
    nonisolated(unsafe) static var primaryPrompt = "shape> "
    static let interrupted = Atomic<Bool>(false)
}

/// GNU readline: line editing, persistent history, completion, Ctrl-C that cancels the line.
struct ReadlineReader: LineReader {
    let historyPath: String?
    var warned = false

    /// `words` supplies the completion words for each line (commands, keywords, names).
    init(historyPath: String?, warn: (String) -> Void) {
        rl_readline_name = UnsafePointer(strdup("shape"))
        rl_catch_signals = 0
        rl_attempted_completion_function = ReadlineReader.complete
        rl_completer_quote_characters = UnsafePointer(strdup("\""))
        rl_completion_word_break_hook = ReadlineReader.wordBreaks
        rl_signal_event_hook = ReadlineReader.signalEvent
        // A SIGINT that lands while readline is writing, not blocked in read(), interrupts
        // nothing; the event hook (called about ten times a second while readline waits) sees
        // the flag then.
        rl_event_hook = ReadlineReader.signalEvent
        // A multi-line entry stays one entry in the history file (each entry is written after a
        // timestamp line, and the lines up to the next timestamp are read back as one).
        history_comment_char = CChar(UInt8(ascii: "#"))  // timestamps are written only with one
        history_write_timestamps = 1
        history_multiline_entries = 1
        var usable = historyPath
        if let path = historyPath {
            if access(path, F_OK) != 0 {
                // Create it now, so that a location we cannot write is found once, at start.
                if write_history(path) != 0 {
                    warn("shape: cannot keep history in \(path): \(String(cString: strerror(errno))); going on without it")
                    usable = nil
                }
            } else {
                read_history(path)
            }
        }
        self.historyPath = usable
    }

    mutating func readLine(prompt: String) -> String? {
        guard let raw = readline(prompt) else { return nil }
        defer { free(raw) }
        return String(cString: raw)
    }

    mutating func remember(_ entry: String) {
        add_history(entry)
        if let path = historyPath, append_history(1, path) != 0, !warned {
            warned = true
            writeAll(STDERR_FILENO, "shape: cannot write history to \(path)\n")
        }
    }

    /// readline's input function while a workbench runs: waits for a key or for the page's jobs,
    /// and runs those above the prompt (`displayAbovePrompt`) without disturbing the line being
    /// typed.
    static let getc: @convention(c) (UnsafeMutablePointer<FILE>?) -> Int32 = { stream in
        while true {
            if ReadlineGlobals.interrupted.load(ordering: .relaxed) { _ = signalEvent() }
            guard let workbench = Workbench.current else { return rl_getc(stream) }
            var fds = [
                pollfd(fd: fileno(stream), events: Int16(POLLIN), revents: 0), pollfd(fd: workbench.wakeFD, events: Int16(POLLIN), revents: 0),
            ]
            // A quarter second at most, so a Ctrl-C that came between the check and the wait is
            // seen soon.
            let ready = poll(&fds, 2, 250)
            if ready < 0 { continue }
            if fds[1].revents != 0 { workbench.serviceJobs() }
            if fds[0].revents != 0 { return rl_getc(stream) }
        }
    }

    /// Runs `body` (which writes whole lines) above the prompt: the prompt and the line being
    /// typed are taken off the screen and put back after it.
    static func displayAbovePrompt(_ body: () -> Void) {
        let point = rl_point
        let line = rl_copy_text(0, rl_end)
        rl_save_prompt()
        rl_replace_line("", 0)
        rl_redisplay()
        writeAll(STDOUT_FILENO, "\r")
        body()
        rl_restore_prompt()
        rl_replace_line(line, 0)
        rl_point = point
        rl_forced_update_display()
        free(line)
    }

    static func installInterruptHandler() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in ReadlineGlobals.interrupted.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: readline's read() returns and calls the event hook
        sigaction(SIGINT, &action, nil)
    }

    /// Ctrl-C while editing: drop the line (and any unfinished entry) and show a fresh prompt.
    static let signalEvent: @convention(c) () -> Int32 = {
        if ReadlineGlobals.interrupted.exchange(false, ordering: .relaxed) {
            // Leave the line on the screen marked with ^C, as shells do, then start afresh.
            rl_point = rl_end
            rl_redisplay()
            writeAll(STDOUT_FILENO, "^C")
            ReadlineGlobals.pending = ""
            rl_replace_line("", 0)
            rl_set_prompt(ReadlineGlobals.primaryPrompt)
            rl_crlf()
            rl_on_new_line()
            rl_redisplay()
        }
        return 0
    }

    /// The characters that end the word being completed: inside a string only spaces and the
    /// quote (a file name holds `/` and `-`), elsewhere operators too (`Completion.wordBreaks`).
    nonisolated(unsafe) static let expressionBreaks = strdup(Completion.wordBreaks)
    nonisolated(unsafe) static let fileNameBreaks = strdup(" \t\n\"")
    static let wordBreaks: @convention(c) () -> UnsafeMutablePointer<CChar>? = {
        let line = rl_line_buffer.map { String(cString: $0) } ?? ""
        let quotes = line.utf8.prefix(Int(rl_point)).filter { $0 == UInt8(ascii: "\"") }.count
        return quotes % 2 == 1 ? fileNameBreaks : expressionBreaks
    }

    /// Completion: file names inside a string, else by context (`Completion.candidates`).
    static let complete: @convention(c) (UnsafePointer<CChar>?, Int32, Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = {
        text, start, _ in
        let line = rl_line_buffer.map { String(cString: $0) } ?? ""
        let before = line.utf8.prefix(Int(start))
        let quotes = before.filter { $0 == UInt8(ascii: "\"") }.count
        if quotes % 2 == 1 || rl_completion_quote_character != 0 {
            rl_completion_append_character = 0
            return rl_completion_matches(text, rl_filename_completion_function)
        }
        rl_attempted_completion_over = 1
        // The word being completed starts where `text` does in the line buffer.
        ReadlineGlobals.matches = Completion.candidates(
            line: line, start: Int(start), variables: ReadlineGlobals.variables, procedures: ReadlineGlobals.procedures)
        // A function completes with its parenthesis (`sqrt(`), anything else with a space.
        let only = ReadlineGlobals.matches.count == 1 ? ReadlineGlobals.matches[0] : nil
        rl_completion_append_character = only.map { Completion.suffix(for: $0, line: line, start: Int(start)) == "(" ? 40 : 32 } ?? 32
        return rl_completion_matches(text, ReadlineReader.generate)
    }

    static let generate: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { text, state in
        if state == 0 { ReadlineGlobals.next = 0 }  // the matches were made by `complete`
        guard ReadlineGlobals.next < ReadlineGlobals.matches.count else { return nil }
        defer { ReadlineGlobals.next += 1 }
        return strdup(ReadlineGlobals.matches[ReadlineGlobals.next])
    }
}
