#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion, with its standard streams in unlinked temporary files, for the
/// tests that drive real binaries (`shape`, tmux, swiftc).
///
/// Foundation's `Process` is not used: on Linux it learns that a child has ended when a socket it
/// hands the child is closed, so a child that leaves a daemon behind (the first `tmux new-session`
/// starts the tmux server) never "ends" and `waitUntilExit` waits for ever. Here the child gets
/// exactly three descriptors (every other one is closed in it), its status comes from `waitpid`,
/// and nothing waits on a thread pool, so tests that run many programs in parallel cannot starve.
public enum Subprocess {
    public struct Result: Sendable {
        public var stdout: String
        public var stderr: String
        /// The exit status, or 128 + the signal's number for a program killed by a signal.
        public var status: Int32
        /// True when the program outlived `timeout` and was killed.
        public var timedOut: Bool
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `program` (a path, or a name looked up on PATH) with `arguments`.
    /// - Parameters:
    ///   - environment: the child's whole environment; nil passes this process's on.
    ///   - directory: the child's working directory; nil keeps this process's.
    ///   - stdin: what the child reads on standard input (then end of file).
    ///   - timeout: seconds after which the child is killed (SIGKILL) and `timedOut` is set.
    public static func run(
        _ program: String, _ arguments: [String] = [], environment: [String: String]? = nil,
        directory: String? = nil, stdin: String = "", timeout: Double = 120
    ) throws -> Result {
        let input = try temporaryFile(), output = try temporaryFile(), errors = try temporaryFile()
        defer { close(input); close(output); close(errors) }
        try writeAll(input, Array(stdin.utf8))
        lseek(input, 0, SEEK_SET)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        guard GNU.closeFrom(&actions, 3) == 0 else { throw Failure(description: "posix_spawn cannot close descriptors") }
        if let directory, GNU.changeDirectory(&actions, directory) != 0 {
            throw Failure(description: "posix_spawn cannot change to \(directory)")
        }

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let env = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer {
            for p in argv { free(p) }
            for p in env ?? [] { free(p) }
        }
        // The child starts with no signal blocked and every signal's default action, as from a
        // shell: the test runner's threads block most signals, and a child (a tmux server, the
        // `shape` under it) would keep that mask, so that SIGHUP and SIGTERM never reach it and it
        // outlives its test.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), every = sigset_t()
        sigemptyset(&none)
        sigfillset(&every)
        sigdelset(&every, SIGKILL)
        sigdelset(&every, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &every)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        // A program the test has just written (a script with a shebang) can be "busy" for a
        // moment: a child another test is starting at the same time holds a copy of the
        // descriptor it was written through until that child's own exec closes it. That passes
        // in microseconds; then the program runs. (Up to about two seconds of tries.)
        var spawned: Int32 = 0
        for attempt in 0..<60 {
            spawned =
                env.map { posix_spawnp(&pid, program, &actions, &attributes, argv, $0) }
                ?? posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
            guard spawned == ETXTBSY else { break }
            usleep(useconds_t(1_000 << min(attempt, 5)))
        }
        guard spawned == 0 else { throw Failure(description: "cannot run \(program): \(String(cString: strerror(spawned)))") }

        let (status, timedOut) = wait(for: pid, timeout: timeout)
        return Result(stdout: try readAll(output), stderr: try readAll(errors), status: status, timedOut: timedOut)
    }

    private static func wait(for pid: pid_t, timeout: Double) -> (Int32, Bool) {
        var status: Int32 = 0
        var waited = 0.0, step = 0.001
        var timedOut = false
        while true {
            let r = waitpid(pid, &status, timedOut ? 0 : WNOHANG)
            if r == pid { break }
            if r < 0 && errno != EINTR { return (-1, timedOut) }
            if r == 0 {
                if waited >= timeout {
                    kill(pid, SIGKILL)
                    timedOut = true
                    continue
                }
                usleep(useconds_t(step * 1e6))
                waited += step
                step = min(step * 2, 0.05)
            }
        }
        // The status word: low 7 bits the terminating signal (0 for a normal exit), next 8 the exit code.
        let signal = status & 0x7f
        return (signal == 0 ? (status >> 8) & 0xff : 128 + signal, timedOut)
    }

    private static func temporaryFile() throws -> Int32 {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(directory)/shape-subprocess-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(description: "cannot make a temporary file in \(directory)") }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return fd
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "cannot write a temporary file") }
            offset += n
        }
    }

    private static func readAll(_ fd: Int32) throws -> String {
        lseek(fd, 0, SEEK_SET)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw Failure(description: "cannot read a temporary file") }
            if n == 0 { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// glibc's file actions that close every descriptor from a number on (2.34) and change the
    /// directory (2.29). Swift's Glibc module is built without _GNU_SOURCE, which hides their
    /// declarations, so they are looked up by name.
    private enum GNU {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

        static func closeFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ fd: Int32) -> Int32 {
            guard let f = lookUp("posix_spawn_file_actions_addclosefrom_np", as: CloseFrom.self) else { return ENOSYS }
            return f(actions, fd)
        }

        static func changeDirectory(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ path: String) -> Int32 {
            guard let f = lookUp("posix_spawn_file_actions_addchdir_np", as: ChangeDirectory.self) else { return ENOSYS }
            return path.withCString { f(actions, $0) }
        }

        private static func lookUp<F>(_ name: String, as type: F.Type) -> F? {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
            return unsafeBitCast(symbol, to: F.self)
        }
    }
}
