#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeLanguage
import ShapeOutput

/// `shape watch file.shape [--svg out.svg]` (SPEC §11): runs the script, then again each time it
/// or a file it includes changes, showing what its queries and `print`s say, its errors, and the
/// path as a terminal plot; with `--svg`, rewrites the picture (atomically) after each run.
/// Changes come from inotify on the folders of the files read (editors often replace a file
/// rather than write it, which a watch on the file itself would lose), so nothing polls. Ctrl-C
/// leaves.
enum Watch {
    static let usage = "usage: shape watch file.shape [--svg out.svg] [--view [--port N]] [--work-limit N]"

    static func run(_ arguments: [String]) -> Int32 {
        var file: String?
        var svg: String?
        var workLimit: Int?
        var view = false
        var port = 0
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--help", "-h":
                writeAll(
                    STDOUT_FILENO,
                    usage
                        + "\n  Runs the script, then again each time it or a file it includes changes, redrawing its\n  plot (and the SVG); an error is shown and watching goes on. With --view, the workbench\n  shows each run live in the browser (docs/workbench.md). Ctrl-C leaves.\n"
                )
                return 0
            case "--svg":
                i += 1
                guard i < arguments.count else { return usageError("--svg needs a file name") }
                svg = arguments[i]
            case "--view": view = true
            case "--port":
                i += 1
                guard i < arguments.count, let n = Int(arguments[i]), n > 0, n < 65536 else {
                    return usageError("--port needs a port number from 1 to 65535")
                }
                port = n
            case "--work-limit":
                i += 1
                guard i < arguments.count, let n = Int(arguments[i]), n > 0 else { return usageError("--work-limit needs a positive whole number") }
                workLimit = n
            case let a where a.hasPrefix("-"): return usageError("unknown option '\(a)'")
            case let a:
                guard file == nil else { return usageError("one script at a time") }
                file = a
            }
            i += 1
        }
        guard let file else { return usageError("which script?") }
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else {
            writeAll(STDERR_FILENO, "shape watch: cannot watch files here: \(String(cString: strerror(errno)))\n")
            return 1
        }
        defer { close(fd) }
        // Ctrl-C interrupts the wait (no SA_RESTART), and the loop leaves.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in Watch.interrupted = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        // This thread takes it, whatever mask the process was started with.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
        var watched: [Int32: String] = [:]  // watch descriptor → folder
        var runs = 0
        var workbench: Workbench?
        defer { workbench?.stop() }
        while Watch.interrupted == 0 {
            runs += 1
            let (read, session, failure) = runOnce(file, svg: svg, workLimit: workLimit, run: runs)
            // A file that is a symbolic link changes where its target is: both are watched.
            let files = read + read.compactMap { FileSystem.realPath($0) }
            let folders = Set(files.map { FileSystem.directory(of: $0) })
            for folder in folders where !watched.values.contains(folder) {
                let wd = inotify_add_watch(fd, folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_ATTRIB))
                if wd >= 0 { watched[wd] = folder }
            }
            // Watched before the address is printed: a change made as soon as it is seen is not missed.
            if view {
                // One workbench for the whole watch: each run's session takes the last one's place.
                let entry = JSONLinesPrinter.compact(
                    TranscriptEntry(origin: "watch", statement: "\(file) (run \(runs))", reports: [], error: failure).json)
                if let workbench {
                    workbench.session.workbench = nil
                    workbench.session = session
                    session.workbench = workbench
                    workbench.publish(entries: [entry])
                } else {
                    do { workbench = try Workbench(session: session, port: port) } catch {
                        writeAll(STDERR_FILENO, "shape watch: \(error)\n")
                        return 1
                    }
                    session.workbench = workbench
                    workbench!.publish(entries: [entry])
                }
                writeAll(STDOUT_FILENO, "view: \(workbench!.server.address)\n")
            }
            let names = Set(files.map { FileSystem.baseName(of: $0) })
            guard waitForChange(fd, names: names) else { break }
        }
        writeAll(STDOUT_FILENO, "\n")
        return 0
    }

    nonisolated(unsafe) static var interrupted: sig_atomic_t = 0

    static func usageError(_ message: String) -> Int32 {
        writeAll(STDERR_FILENO, "shape watch: \(message)\n\(usage)\n")
        return 2
    }

    /// Waits for an event on one of `names`, then for the burst of events an editor's save makes
    /// to end (50 ms without one). False when interrupted.
    static func waitForChange(_ fd: Int32, names: Set<String>) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var relevant = false
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while !relevant {
            // A Ctrl-C that came while the script ran is seen here: the wait wakes four times a
            // second to look (the process sleeps in between; nothing is polled for changes).
            if interrupted != 0 { return false }
            // The workbench's statements run in the last run's session meanwhile.
            if let workbench = Workbench.current {
                var both = [poller, pollfd(fd: workbench.wakeFD, events: Int16(POLLIN), revents: 0)]
                guard poll(&both, 2, 250) > 0 else { continue }
                if both[1].revents != 0 { workbench.serviceJobs() }
                if both[0].revents == 0 { continue }
            } else {
                guard poll(&poller, 1, 250) > 0 else { continue }
            }
            let n = read(fd, &buffer, buffer.count)
            if n < 0 { if errno == EINTR { continue } else { return false } }
            relevant = events(buffer, n).contains { names.contains($0) }
        }
        // Drain what follows closely.
        while poll(&poller, 1, 50) > 0 {
            if read(fd, &buffer, buffer.count) < 0, errno != EINTR { break }
            if interrupted != 0 { return false }
        }
        return interrupted == 0
    }

    /// The file names of the inotify events in the first `n` bytes of `buffer`.
    static func events(_ buffer: [UInt8], _ n: Int) -> [String] {
        var names: [String] = []
        var k = 0
        let header = MemoryLayout<inotify_event>.size
        while k + header <= n {
            let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: k + 12, as: UInt32.self)) }
            let nameBytes = buffer[(k + header)..<Swift.min(n, k + header + length)].prefix { $0 != 0 }
            names.append(String(decoding: nameBytes, as: UTF8.self))
            k += header + length
        }
        return names
    }

    /// Runs the script once in a new session; returns the files it read (itself and its
    /// includes), the session, and its error as shown, if it stopped at one.
    static func runOnce(_ file: String, svg: String?, workLimit: Int?, run: Int) -> ([String], Session, String?) {
        var options = ShapeCommand.Options()
        options.quiet = true
        options.workLimit = workLimit
        let session = Session(options: options)
        // Ctrl-C during a run stops the statement under way at its next unit of work (a
        // statement ends within the work budget either way), and the watch leaves.
        session.interpreter.isCancelled = { Watch.interrupted != 0 }
        let read = Reads()
        let loader = session.interpreter.loader
        session.interpreter.loader = { name, from throws(HostFailure) in
            let loaded = try loader!(name, from)
            read.add(loaded.name)
            return loaded
        }
        // Clear the screen (on a terminal), then a header.
        let clear = isatty(STDOUT_FILENO) == 1 ? "\u{1B}[H\u{1B}[2J" : ""
        session.terminal.out(clear + "shape watch: \(file) (run \(run); Ctrl-C leaves)")
        session.terminal.flush()  // seen while a long run goes on
        do {
            let source = Source(name: file, bytes: try FileSystem.readBytes(file))
            if session.runScript(source) == 0, Watch.interrupted == 0 {
                if !session.interpreter.path.isEmpty { _ = session.runScript(Source(name: "<watch>", text: "show")) }
                if let svg {
                    var quoted = ""
                    for c in svg {
                        if c == "\\" || c == "\"" { quoted.append("\\") }
                        quoted.append(c)
                    }
                    _ = session.runScript(Source(name: "<watch>", text: "save \"\(quoted)\""))
                }
            }
        } catch {
            session.terminal.err("shape watch: cannot read '\(file)': \(error)")
        }
        session.terminal.flush()
        return ([file] + read.files, session, session.lastError.map { DiagnosticRenderer.render($0) })
    }

    /// The files includes read, from the loader (which may run on any thread).
    final class Reads: @unchecked Sendable {
        private var list: [String] = []
        private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        init() { pthread_mutex_init(lock, nil) }
        deinit { pthread_mutex_destroy(lock); lock.deallocate() }
        func add(_ f: String) { pthread_mutex_lock(lock); list.append(f); pthread_mutex_unlock(lock) }
        var files: [String] { pthread_mutex_lock(lock); defer { pthread_mutex_unlock(lock) }; return list }
    }
}
