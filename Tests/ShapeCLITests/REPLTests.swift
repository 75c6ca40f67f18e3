import Foundation
import ShapeTestSupport
import Testing

/// Drives the REPL in a real pseudo-terminal through tmux, as a person would: keys in,
/// screen out.
final class TmuxSession {
    let name: String
    let home: URL

    init(
        environment: [String: String] = [:], home: URL? = nil, arguments: String = "", after: String = "", waitingFor ready: String = "shape>"
    ) throws {
        name = "shape-test-\(UUID().uuidString.prefix(8))"
        self.home = home ?? FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: self.home, withIntermediateDirectories: true)
        var env = ["HOME": self.home.path, "TERM": "xterm-256color"]
        for (k, v) in environment { env[k] = v }
        let assignments = env.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        // Each session has a tmux server of its own (`-L`, no configuration file): tests run in
        // parallel, and a shared server leaves when its last session is killed, taking with it a
        // session that another test was creating at that moment. Panes are kept after their
        // program ends (set before the program starts), and the shell prints the exit status.
        let created = try tmux([
            "start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
            "new-session", "-d", "-s", name, "-x", "100", "-y", "40",
            "env \(assignments) sh -c '\(BinaryRunner.executable.path) \(arguments); echo \"[exited $?]\"; \(after)'",
        ])
        if created.status != 0 || created.timedOut {
            Issue.record("tmux could not start the session: \(created.stderr)")
        }
        try waitFor(ready)  // capture-pane trims trailing spaces
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Runs a tmux command on this session's own server.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> Subprocess.Result {
        // The first command starts the server, which lives on after the client: it must not
        // inherit anything of ours (Subprocess gives a child its three streams only). The
        // timeout only keeps a stuck tmux from holding the suite for ever.
        try Subprocess.run("tmux", ["-L", name, "-f", "/dev/null"] + arguments, timeout: 120)
    }

    /// Types text (literally), or sends named keys such as Enter, Tab, Up, C-c, C-d.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", name, "-l", text]); pause() }
    func press(_ key: String) throws { try tmux(["send-keys", "-t", name, key]); pause() }
    func enter(_ line: String) throws { try type(line); try press("Enter") }
    func pause() { usleep(80_000) }

    var screen: String { (try? tmux(["capture-pane", "-p", "-t", name, "-S", "-100"]))?.stdout ?? "" }

    /// Waits for `text` to be on the screen: up to a minute, so that a busy machine is no
    /// failure (what is checked is that it appears, not how soon).
    @discardableResult
    func waitFor(_ text: String, count: Int = 1) throws -> String {
        for _ in 0..<1200 {
            let s = screen
            if s.components(separatedBy: text).count - 1 >= count { return s }
            usleep(50_000)
        }
        Issue.record("'\(text)' did not appear; the screen was:\n\(screen)")
        return screen
    }

    /// The process id of `shape` (the child of the pane's shell).
    var programPID: Int32? {
        guard let shell = try? tmux(["display-message", "-p", "-t", name, "#{pane_pid}"]).stdout,
            let children = try? Subprocess.run("pgrep", ["-P", shell.trimmingCharacters(in: .whitespacesAndNewlines)])
        else { return nil }
        return children.stdout.split(separator: "\n").first.flatMap { Int32($0) }
    }

    /// The exit status once the program has left, or nil while it runs.
    var exitStatus: Int? {
        guard let range = screen.range(of: "[exited ") else { return nil }
        let rest = screen[range.upperBound...]
        return Int(rest.prefix { $0.isNumber })
    }
}

/// Waits until `done` holds, looking every 50 ms, for at most a minute (a busy machine is no
/// failure: what is checked afterwards is that it came, not how soon).
func waitUntil(_ done: () -> Bool) {
    for _ in 0..<1200 {
        if done() { return }
        usleep(50_000)
    }
}

@Suite struct REPLTests {
    @Test func anErrorKeepsEveryBitOfState() throws {
        let t = try TmuxSession()
        try t.enter("move 0 0")
        try t.enter("line 3 4")
        try t.enter("lne 1 1")
        try t.waitFor("did you mean 'line'?")
        try t.enter("line 1/0 0")
        try t.waitFor("not a finite number")
        try t.enter("length")
        let s = try t.waitFor("length: 5")
        #expect(s.contains("<repl>:3:1: error: unknown command or variable 'lne'"))
    }

    @Test func continuationPromptForAnOpenBlock() throws {
        let t = try TmuxSession()
        try t.enter("move 0 0")
        try t.enter("repeat 2 {")
        try t.waitFor("  ...>")
        try t.enter("line pen.x+1 0")
        try t.enter("}")
        try t.waitFor("repeat: to (2, 0), segment 2, length 2")
        try t.enter("let x = (1 +")
        try t.enter("2)")
        try t.waitFor("let x = 3")
        // A value after `=` may come on the next line; `let` alone is reported at once.
        try t.enter("let y =")
        try t.enter("40 + 2")
        try t.waitFor("let y = 42")
        try t.enter("let")
        try t.waitFor("expected a name after 'let'")
    }

    @Test func lineEditingMovesTheCursor() throws {
        let t = try TmuxSession()
        try t.type("lne 3 4")
        try t.press("Home")
        try t.press("Right")
        try t.type("i")  // "line 3 4"
        try t.press("End")
        try t.press("BSpace")
        try t.type("5")  // "line 3 5"
        try t.press("C-a")
        try t.type("move 0 0; ")  // emacs keys work too
        try t.press("Enter")
        try t.waitFor("line: to (3, 5), segment 5.831, length 5.831")
    }

    @Test func tabCompletesCommandsAndNames() throws {
        let t = try TmuxSession()
        try t.enter("let radius = 7")
        try t.type("circ")
        try t.press("Tab")
        try t.type("0 0 rad")
        try t.press("Tab")
        try t.press("Enter")
        try t.waitFor("circle: to (7, 0)")
    }

    @Test func tabCompletesByContext() throws {
        let t = try TmuxSession()
        try t.enter("let radius = 4")
        try t.type("move 0 0; line 10+rad")  // after an operator written without spaces
        try t.press("Tab")
        try t.type(" 0")
        try t.press("Enter")
        try t.waitFor("line: to (14, 0)")
        try t.type("print sq")  // a function completes with its parenthesis
        try t.press("Tab")
        try t.type("81)")
        try t.press("Enter")
        try t.waitFor("\n9\n")
    }

    @Test func tabCompletesFileNamesInsideStrings() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-complete-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "rect 0 0 2 3\n".write(to: dir.appendingPathComponent("unique-square.shape"), atomically: true, encoding: .utf8)
        let t = try TmuxSession()
        try t.type("include \"\(dir.path)/unique-sq")
        try t.press("Tab")  // completes the name and closes the string
        try t.press("Enter")
        try t.waitFor("include: to (0, 0), segment 10, length 10")
    }

    @Test func controlCCancelsTheLineWithoutLeaving() throws {
        let t = try TmuxSession()
        try t.type("move 1 2 this is not run")
        try t.press("C-c")
        try t.enter("repeat 2 {")
        try t.press("C-c")  // also drops an unfinished block
        try t.enter("print \"still\" + \" here\"")  // wait for the output, not the typed text
        let s = try t.waitFor("still here")
        #expect(!s.contains("error"))
        #expect(s.contains("shape> move 1 2 this is not run^C"), "the cancelled line is marked as shells mark it")
        #expect(t.exitStatus == nil)
    }

    /// `shape watch`: runs again when the script or a file it includes changes (editors replace
    /// files: written here by rename), shows errors and goes on, rewrites the SVG; Ctrl-C leaves.
    @Test func watchRunsAgainAtEachChangeAndLeavesOnControlC() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-watch-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ name: String, _ text: String) throws { try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        try write("part.shape", "circle 0 0 10\nprint \"first\"\n")
        try write("main.shape", "include \"part.shape\"\nprint \"main\"\n")
        let t = try TmuxSession(arguments: "watch \(dir.path)/main.shape --svg \(dir.path)/out.svg", waitingFor: "main")
        let pid = try #require(t.programPID)
        #expect(t.screen.contains("(run 1") && t.screen.contains("first") && t.screen.contains("y down"))
        #expect((try? String(contentsOf: dir.appendingPathComponent("out.svg"), encoding: .utf8))?.contains("<svg") == true)
        try write("part.shape", "rect 0 0 30 10\nprint \"second\"\n")  // the included file
        try t.waitFor("second")
        #expect(t.screen.contains("(run 2"))
        try write("main.shape", "line 1\n")
        try t.waitFor("error: 'line' takes 2 arguments")
        try write("main.shape", "circle 0 0 5\nprint \"fixed\"\n")
        try t.waitFor("fixed")
        // Ctrl-C reaches the pane's shell too, which then leaves without reporting the status:
        // what is checked is that `shape` is gone, and left no trace of a crash.
        try t.press("C-c")
        // (A generous wait: what is checked is that it leaves, not how fast.)
        waitUntil { kill(pid, 0) != 0 }
        #expect(kill(pid, 0) != 0, "shape watch is still running")
        #expect(!t.screen.contains("Fatal") && !t.screen.contains("Crash"))
    }

    /// A script that is a symbolic link, and an include that is one, run again when their
    /// targets (in another folder) are written: the watch once saw only the links' folder.
    @Test func watchFollowsSymbolicLinks() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-watch-\(UUID().uuidString.prefix(8))")
        let elsewhere = dir.appendingPathComponent("elsewhere"), here = dir.appendingPathComponent("here")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ name: String, _ text: String) throws {
            try text.write(to: elsewhere.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try write("main.shape", "include \"part.shape\"\nprint \"main one\"\n")
        try write("part.shape", "print \"part one\"\n")
        let fm = FileManager.default
        try fm.createSymbolicLink(
            atPath: here.appendingPathComponent("main.shape").path, withDestinationPath: elsewhere.appendingPathComponent("main.shape").path)
        try fm.createSymbolicLink(
            atPath: here.appendingPathComponent("part.shape").path, withDestinationPath: elsewhere.appendingPathComponent("part.shape").path)
        let t = try TmuxSession(arguments: "watch \(here.path)/main.shape", waitingFor: "main one")
        let pid = try #require(t.programPID)
        try write("part.shape", "print \"part two\"\n")  // the included link's target
        try t.waitFor("part two")
        try write("main.shape", "include \"part.shape\"\nprint \"main two\"\n")  // the script link's target
        try t.waitFor("main two")
        try t.press("C-c")
        waitUntil { kill(pid, 0) != 0 }
        #expect(kill(pid, 0) != 0, "shape watch is still running")
    }

    /// Ctrl-C while a run is under way stops it and leaves: the budget is raised so far that
    /// only Ctrl-C can end the statement (2^60 calls).
    @Test func watchLeavesOnControlCDuringARun() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-watch-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "def f(n) { if n > 0 { f n-1; f n-1 } }\nf 60\n".write(to: dir.appendingPathComponent("slow.shape"), atomically: true, encoding: .utf8)
        let t = try TmuxSession(arguments: "watch \(dir.path)/slow.shape --work-limit 1000000000000000000", waitingFor: "(run 1")
        let pid = try #require(t.programPID)
        usleep(500_000)
        #expect(kill(pid, 0) == 0, "the run is under way")
        try t.press("C-c")
        waitUntil { kill(pid, 0) != 0 }
        #expect(kill(pid, 0) != 0, "shape watch is still running after Ctrl-C")
    }

    @Test func exitAndQuitLeave() throws {
        for word in ["exit", "quit", "  quit  "] {
            let t = try TmuxSession()
            try t.enter(word)
            waitUntil { t.exitStatus != nil }
            #expect(t.exitStatus == 0, "\(word)")
        }
    }

    @Test func controlCStopsARunningStatementAndKeepsTheState() throws {
        // With the work budget raised, 2^61 calls run for days in any build: only Ctrl-C ends it.
        let t = try TmuxSession(arguments: "--work-limit 1000000000000000")
        try t.enter("move 0 0; line 3 4")
        try t.waitFor("length 5")
        try t.enter("def f(n) { if n > 0 { f n-1; f n-1 } }")
        try t.waitFor("def: f")
        try t.enter("f 60")
        usleep(300_000)
        try t.press("C-c")
        try t.waitFor("interrupted: the statement was undone")
        try t.enter("length")
        let s = try t.waitFor("length: 5")
        #expect(!s.contains("f: to") && !s.contains("too much work"))
        #expect(t.exitStatus == nil)
    }

    @Test func controlCDropsTheLineOnADumbTerminalToo() throws {
        let t = try TmuxSession(environment: ["TERM": "dumb"])
        try t.type("move 1 2 this is not run")
        try t.press("C-c")
        try t.enter("print 6 * 7")
        let s = try t.waitFor("\n42")
        #expect(!s.contains("error") && t.exitStatus == nil)
    }

    @Test func aTerminatingSignalLeavesTheTerminalAsItWas() throws {
        // After shape ends on SIGTERM at the prompt, the same terminal still echoes.
        let t = try TmuxSession(after: "stty -a | tr \" \" \"\\n\" | grep -x -- \"-*echo\"")
        let pid = try #require(t.programPID)
        kill(pid, SIGTERM)
        let s = try t.waitFor("[exited")
        #expect(s.contains("[exited 143]"))
        try t.waitFor("\necho")
        #expect(!t.screen.contains("-echo"))
    }

    @Test func controlDLeavesWithStatusZero() throws {
        let t = try TmuxSession()
        try t.press("C-d")
        waitUntil { t.exitStatus != nil }
        #expect(t.exitStatus == 0)
    }

    @Test func historyIsKeptAcrossSessions() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("shape-history-\(UUID().uuidString.prefix(6))")
        do {
            let first = try TmuxSession(home: home)
            try first.enter("line 0 0")  // an error is remembered too
            try first.enter("print 41 + 1")
            try first.waitFor("42")
            try first.press("C-d")
        }
        let history = try String(contentsOf: home.appendingPathComponent(".shape_history"), encoding: .utf8)
        #expect(history.contains("print 41 + 1"))
        let second = try TmuxSession(home: home)
        try second.press("Up")
        try second.press("Enter")
        try second.waitFor("42")
        // A block typed over several lines comes back as one entry, in the session and after it.
        try second.enter("repeat 2 {")
        try second.enter("print 3 * 11")
        try second.enter("}")
        try second.waitFor("33", count: 2)
        try second.press("C-d")
        let third = try TmuxSession(home: home)
        try third.press("Up")
        try third.press("Enter")
        try third.waitFor("33", count: 2)
    }

    @Test func anUnwritableHistoryGivesOneWarning() throws {
        // XDG_STATE_HOME names a regular file: no directory can be made under it.
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("shape-blocker-\(UUID().uuidString.prefix(6))")
        try "x".write(to: blocker, atomically: true, encoding: .utf8)
        let t = try TmuxSession(environment: ["XDG_STATE_HOME": blocker.path])
        let s = try t.waitFor("cannot keep history")
        try t.enter("print 3 + 4")
        try t.waitFor("\n7")
        #expect(s.components(separatedBy: "cannot").count == 2)
    }
}
