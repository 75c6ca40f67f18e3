#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeLanguage
import ShapeOutput

/// The `shape` command: options, the script runner and the REPL. The only module that does I/O
/// and chooses exit codes.
public enum ShapeCommand {
    public static let version = "0.1.0"

    static let usage = """
        usage: shape [options] [file.shape ...]
               shape [options] -e 'source'
               shape fmt [--check] file.shape ...   (rewrite scripts in the one layout; - for standard input)
               shape watch file.shape [--svg out.svg]   (run again at each change)
               shape view [file.shape ...] [--port N] [--edit]   (the session live in a browser: docs/workbench.md;
                                                  --edit: the page's sliders and drags rewrite the one file)
               shape lsp [--work-limit N]           (a language server on standard input and output)
          With no file and no -e: a REPL on a terminal, else the script read from standard input.
        options:
          --json           one JSON object per command instead of text
          --quiet          print only what queries and 'print' ask for
          --precision N    decimals in text output (default 4, 0 to 17)
          --work-limit N   work units one statement may use (default 50000000; see docs/robustness.md)
          -e SOURCE        run SOURCE (may be given more than once)
          -D NAME=VALUE    run with the top-level 'let NAME = ...' taking VALUE instead (a number, else
                           a string); repeatable; a name no script defines is a usage error
          --version        print the version
          --help           print this help
        exit status: 0 success, 1 a script error, 2 a usage error
        """

    struct Options {
        var json = false
        var quiet = false
        var precision: Int?
        var workLimit: Int?
        var sources: [(name: String, text: String?)] = []  // text nil: read the file
        /// `-D name=value`: top-level `let`s whose value is given on the command line.
        var defines: [(name: String, value: String)] = []
    }

    enum UsageError: Error { case message(String) }

    /// What the arguments ask for. Prints nothing: `parsedOptions` says what it must.
    enum Request {
        case run(Options)
        case help
        case version
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Request {
        var o = Options()
        var i = 0
        var onlyFiles = false
        while i < arguments.count {
            let a = arguments[i]
            if onlyFiles || !a.hasPrefix("-") || a == "-" {
                o.sources.append((a, nil))
            } else {
                switch a {
                case "--": onlyFiles = true
                case "--json": o.json = true
                case "--quiet", "-q": o.quiet = true
                case "--precision":
                    i += 1
                    guard i < arguments.count, let p = Int(arguments[i]), (0...17).contains(p) else {
                        throw .message("--precision needs a whole number from 0 to 17")
                    }
                    o.precision = p
                case "--work-limit":
                    i += 1
                    guard i < arguments.count, let n = Int(arguments[i]), n > 0 else {
                        throw .message("--work-limit needs a positive whole number")
                    }
                    o.workLimit = n
                case "-e":
                    i += 1
                    guard i < arguments.count else { throw .message("-e needs source text") }
                    o.sources.append(("-e", arguments[i]))
                case "-D":
                    i += 1
                    guard i < arguments.count else { throw .message("-D needs NAME=VALUE") }
                    o.defines.append(try define(arguments[i]))
                case _ where a.hasPrefix("-D"): o.defines.append(try define(String(a.dropFirst(2))))
                case "--version": return .version
                case "--help", "-h": return .help
                default: throw .message("unknown option '\(a)'")
                }
            }
            i += 1
        }
        return .run(o)
    }

    static let formatUsage = """
        usage: shape fmt [--check] file.shape ...
               shape fmt -            (standard input to standard output, for editors)
          Rewrites each script in the one layout (docs/tools.md): indent, spacing, aligned comments.
          --check   change nothing; name the files that would change and exit 1 if any would
        exit status: 0 done (or nothing to change), 1 a file that would change, could not be read
        or written, or would be too large, 2 a usage error
        """

    /// `shape fmt [--check] file...`: rewrites each script in the canonical layout
    /// (`Formatter`); with `--check`, changes nothing and exits 1 naming the files that would
    /// change. `shape fmt -` formats standard input to standard output. 2 for a usage error, 1
    /// when a file cannot be read or written. A file's bytes are kept as they are where they are
    /// not layout (a comment that is not UTF-8 stays byte for byte).
    static func format(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            writeAll(STDOUT_FILENO, formatUsage + "\n")
            return 0
        }
        let check = arguments.contains("--check")
        let files = arguments.filter { $0 != "--check" }
        if let bad = files.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            writeAll(STDERR_FILENO, "shape fmt: unknown option '\(bad)'\n\(formatUsage)\n")
            return 2
        }
        guard !files.isEmpty else {
            writeAll(STDERR_FILENO, formatUsage + "\n")
            return 2
        }
        var status: Int32 = 0
        for file in files {
            let bytes: [UInt8]
            if file == "-" {
                guard let read = FileSystem.readAll(STDIN_FILENO) else {
                    writeAll(STDERR_FILENO, "shape fmt: cannot read standard input: it is larger than \(FileSystem.maximumInput >> 20) MiB\n")
                    status = 1
                    continue
                }
                bytes = read
            } else {
                do { bytes = try FileSystem.readBytes(file) } catch {
                    writeAll(STDERR_FILENO, "shape fmt: cannot read '\(file)': \(error)\n")
                    status = 1
                    continue
                }
            }
            guard let formatted = Formatter.format(bytes: bytes) else {
                writeAll(
                    STDERR_FILENO, "shape fmt: '\(file)' would be larger than \(Formatter.maximumOutput >> 20) MiB laid out; nothing was written\n")
                status = 1
                continue
            }
            if file == "-" {
                if check {
                    if formatted != bytes { writeAll(STDOUT_FILENO, "-\n"); status = Swift.max(status, 1) }
                } else if let e = writeAll(STDOUT_FILENO, formatted) {
                    writeAll(STDERR_FILENO, "shape fmt: cannot write the output: \(String(cString: strerror(e)))\n")
                    status = 1
                }
                continue
            }
            // Byte for byte: a CRLF or BOM file is not formatted until it is written again.
            guard formatted != bytes else { continue }
            if check {
                writeAll(STDOUT_FILENO, "\(file)\n")
                status = Swift.max(status, 1)
                continue
            }
            do { try FileSystem.writeAtomically(bytes: formatted, to: file) } catch {
                writeAll(STDERR_FILENO, "shape fmt: cannot write '\(file)': \(error)\n")
                status = 1
            }
        }
        return status
    }

    /// `NAME=VALUE` of `-D`, with NAME a name the language allows.
    static func define(_ text: String) throws(UsageError) -> (name: String, value: String) {
        guard let eq = text.firstIndex(of: "=") else { throw .message("-D needs NAME=VALUE, not '\(text)'") }
        let name = String(text[..<eq]), value = String(text[text.index(after: eq)...])
        guard let first = name.first, first.isLetter || first == "_", name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw .message("-D: '\(name)' is not a name")
        }
        return (name, value)
    }

    /// The value `-D` gives: a number when the text is one, else the text as a string; nil for
    /// a number that is not finite (`1e999`), which no script could hold.
    static func defineValue(_ text: String) -> Value? {
        if let x = Double(text) {
            if x.isFinite { return .number(x) }
            // Written as a number (a digit, a sign or a point first): a usage error. A word
            // such as `inf` or `nan` is only text to the language.
            if let first = text.unicodeScalars.first, "0123456789+-.".unicodeScalars.contains(first) { return nil }
        }
        return .string(text)
    }

    /// Checks that every `-D` names a top-level `let` of one of `sources` and gives a value, and
    /// hands them to the interpreter; false (having said why) when one does not.
    static func applyDefines(_ options: Options, _ sources: [Source], _ session: Session) -> Bool {
        guard !options.defines.isEmpty else { return true }
        let defined = Set(sources.flatMap { Parser.topLevelDefinitions($0) })
        for d in options.defines {
            guard defined.contains(d.name) else {
                session.terminal.err("shape: -D \(d.name): no script defines it with a top-level 'let'")
                session.terminal.flush()
                return false
            }
            guard let value = defineValue(d.value) else {
                session.terminal.err("shape: -D \(d.name): '\(d.value)' is not a finite number")
                session.terminal.flush()
                return false
            }
            session.interpreter.overrides[d.name] = value
        }
        return true
    }

    /// Runs the command with the process's arguments and exits with its status.
    public static func main() -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Before any thread starts: each thread's heap is made to the settings in force then.
        if endsWithItsScripts(arguments) { ScriptMemory.prepare() }
        exit(onLargeStack { run(arguments) })
    }

    /// Whether `arguments` run scripts and end, as `run` reads them: not the REPL, `view`, `lsp`
    /// or `watch`, which stay.
    static func endsWithItsScripts(_ arguments: [String]) -> Bool {
        switch arguments.first {
        case "view", "lsp", "watch": return false
        case "fmt": return true
        default:
            guard case .run(let options)? = try? parse(arguments) else { return true }  // help, or a usage error
            return !opensTheREPL(options)
        }
    }

    /// With no file and no -e, the REPL on a terminal; else the scripts, then the process ends.
    static func opensTheREPL(_ options: Options) -> Bool { options.sources.isEmpty && FileSystem.standardInputIsTerminal }

    /// The stack the interpreter runs on: recursion through procedures, functions, blocks and
    /// expressions is bounded by the language's limits (200 calls, 256 nested expressions), and a
    /// debug build spends about 55 KB of stack on one level of function recursion, more than
    /// the usual 8 MiB allows for 200. Only the pages used are ever touched.
    static let stackSize = 512 << 20

    /// Runs `body` on a thread with `stackSize` of stack, and returns what it returns. Signals go
    /// to that thread (the waiting one blocks them), so Ctrl-C reaches readline as before.
    static func onLargeStack(_ body: @escaping () -> Int32) -> Int32 {
        final class Result: @unchecked Sendable { var status: Int32 = 1 }
        let result = Result(), work = Unchecked(body)
        guard let thread = LargeStackThread({ result.status = work.value() }) else { return body() }  // no such thread here: run where we are
        var all = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, nil)
        thread.join()
        return result.status
    }

    /// Runs the command and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        if arguments.first == "fmt" { return format(Array(arguments.dropFirst())) }
        if arguments.first == "watch" { return Watch.run(Array(arguments.dropFirst())) }
        if arguments.first == "view" { return view(Array(arguments.dropFirst())) }
        if arguments.first == "lsp" {
            let rest = Array(arguments.dropFirst())
            if rest == ["--help"] || rest == ["-h"] {
                writeAll(STDOUT_FILENO, LanguageServer.usage + "\n")
                return 0
            }
            if rest.isEmpty { return LanguageServer.run() }
            if rest.count == 2, rest[0] == "--work-limit", let n = Int(rest[1]), n > 0 { return LanguageServer.run(workLimit: n) }
            writeAll(STDERR_FILENO, "shape lsp: unknown arguments '\(rest.joined(separator: " "))'\n\(LanguageServer.usage)\n")
            return 2
        }
        let options: Options
        switch parsedOptions(arguments, command: "shape") {
        case .options(let o): options = o
        case .exit(let status): return status
        }
        let session = Session(options: options)
        let status = run(options, session)
        session.terminal.flush()
        // Output that could not be written is a failure, whatever the script did.
        if let failure = session.terminal.failure {
            writeAll(STDERR_FILENO, "shape: cannot write the output: \(failure)\n")
            return status == 0 ? 1 : status
        }
        return status
    }

    /// The options, or the status to exit with: 0 after `--help` or `--version` (already
    /// printed), 2 after a usage error (said on standard error, with the usage).
    enum ParsedOptions {
        case options(Options)
        case exit(Int32)
    }

    static func parsedOptions(_ arguments: [String], command: String) -> ParsedOptions {
        do {
            switch try parse(arguments) {
            case .run(let o): return .options(o)
            case .help: writeAll(STDOUT_FILENO, usage + "\n")
            case .version: writeAll(STDOUT_FILENO, "shape \(version)\n")
            }
            return .exit(0)
        } catch {
            if case .message(let m) = error { writeAll(STDERR_FILENO, "\(command): \(m)\n\(usage)\n") }
            return .exit(2)
        }
    }

    /// `shape view [options] [file.shape ...] [--port N]`: runs the files, starts the workbench
    /// for the session, prints its address, then keeps the session at the prompt (or reading
    /// the statements piped in) until the input ends.
    static func view(_ arguments: [String]) -> Int32 {
        var rest: [String] = []
        var port = 0
        var edit = false
        var i = 0
        while i < arguments.count {
            if arguments[i] == "--edit" {
                edit = true
                i += 1
                continue
            }
            if arguments[i] == "--port" {
                guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0, n < 65536 else {
                    writeAll(STDERR_FILENO, "shape view: --port needs a port number from 1 to 65535\n\(usage)\n")
                    return 2
                }
                port = n
                i += 2
                continue
            }
            rest.append(arguments[i])
            i += 1
        }
        let options: Options
        switch parsedOptions(rest, command: "shape view") {
        case .options(let o): options = o
        case .exit(let status): return status
        }
        let session = Session(options: options)
        var sources: [Source] = []
        for (name, text) in options.sources {
            if let text {
                sources.append(Source(name: name, text: text))
            } else {
                do { sources.append(Source(name: name, bytes: try FileSystem.readBytes(name))) } catch {
                    session.terminal.err("shape: cannot read '\(name)': \(error)")
                    session.terminal.flush()
                    return 1
                }
            }
        }
        // One file is the page's document: its numbers get sliders; with --edit the page's
        // changes (sliders, drags) are written to it.
        let files = options.sources.filter { $0.text == nil && $0.name != "-" }
        if edit, files.count != 1 || options.sources.count != 1 {
            writeAll(STDERR_FILENO, "shape view: --edit needs exactly one file, the document the page edits\n\(usage)\n")
            return 2
        }
        guard applyDefines(options, sources, session) else { return 2 }
        // The files run first; an error is shown and the session stays open to mend it. Their
        // statements and reports are the page's first transcript entries.
        session.transcript = []
        for source in sources where session.runScript(source) != 0 { break }
        let ran = session.transcript ?? []
        session.transcript = nil
        do { session.workbench = try Workbench(session: session, port: port) } catch {
            session.terminal.err("shape view: \(error)")
            session.terminal.flush()
            return 1
        }
        if sources.count == 1, files.count == 1, options.defines.isEmpty {
            session.workbench?.document = Workbench.Document(source: sources[0], editable: edit)
        }
        if !ran.isEmpty || session.workbench?.document != nil { session.workbench?.publish(entries: ran) }
        session.terminal.out("view: \(session.workbench!.server.address)")
        session.terminal.flush()
        let status = REPL(session: session).run()
        session.terminal.flush()
        return status
    }

    /// Whether a run of these scripts (the whole session: it ends with them) could take a
    /// statement back (`Source.mayUndo`). When none could, the interpreter keeps no undo
    /// records, which nothing would read.
    static func mayUndo(_ sources: [Source]) -> Bool { sources.contains { $0.mayUndo } }

    static func tooLarge(_ what: String, _ session: Session) -> Int32 {
        session.terminal.err("shape: cannot read \(what): it is larger than \(FileSystem.maximumInput >> 20) MiB")
        return 1
    }

    static func run(_ options: Options, _ session: Session) -> Int32 {
        if opensTheREPL(options) {
            // At the prompt no script defines anything for -D to set.
            guard applyDefines(options, [], session) else { return 2 }
            return REPL(session: session).run()
        }
        // The process ends with its scripts: long ones may run as a pipeline.
        session.pipelines = true
        if options.sources.isEmpty {
            guard let bytes = FileSystem.readAll(STDIN_FILENO) else { return tooLarge("standard input", session) }
            let source = Source(name: "<stdin>", bytes: bytes)
            guard applyDefines(options, [source], session) else { return 2 }
            session.interpreter.keepsUndoHistory = mayUndo([source])
            return session.runScript(source)
        }
        var sources: [Source] = []
        for (name, text) in options.sources {
            // A file's bytes become the source itself: a script is held once while it runs.
            if let text {
                sources.append(Source(name: name, text: text))
            } else if name == "-" {
                guard let bytes = FileSystem.readAll(STDIN_FILENO) else { return tooLarge("standard input", session) }
                sources.append(Source(name: "<stdin>", bytes: bytes))
            } else {
                do { sources.append(Source(name: name, bytes: try FileSystem.readBytes(name))) } catch {
                    session.terminal.err("shape: cannot read '\(name)': \(error)")
                    session.terminal.flush()
                    return 1
                }
            }
        }
        // Every -D names a top-level `let` of some script, or nothing runs.
        guard applyDefines(options, sources, session) else { return 2 }
        session.interpreter.keepsUndoHistory = mayUndo(sources)
        for source in sources {
            let status = session.runScript(source)
            if status != 0 { return status }
        }
        session.terminal.flush()
        return 0
    }
}
