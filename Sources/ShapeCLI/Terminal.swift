#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Buffered output to stdout and stderr that keeps their order when both go to one pipe: stdout
/// is flushed before anything is written to stderr, and before the program reads or exits.
struct Terminal {
    private var pending = ""

    mutating func out(_ line: String) {
        pending += line
        pending += "\n"
        if pending.utf8.count >= 1 << 16 { flush() }
    }

    mutating func err(_ text: String) {
        flush()
        writeAll(STDERR_FILENO, text + "\n")
    }

    /// Why standard output could not be written (a full disk, a closed descriptor, a pipe whose
    /// reader left), once it could not: the program then ends with a non-zero status.
    private(set) var failure: String?

    mutating func flush() {
        guard !pending.isEmpty else { return }
        if failure == nil, let e = writeAll(STDOUT_FILENO, pending) { failure = String(cString: strerror(e)) }
        pending = ""
    }
}

/// Writes all of `text` to a file descriptor (no C `FILE` buffering to keep in step), retrying
/// short writes and interrupted calls.
/// Writes all of `text` to `fd`; returns the error number when that fails.
@discardableResult
func writeAll(_ fd: Int32, _ text: String) -> Int32? {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += n
    }
    bytes.removeAll()
    return nil
}

/// Files through the C library (Foundation stays out of the start-up path).
enum FileSystem {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The most bytes a script (a file, standard input or an include) may hold. Each byte of
    /// source costs about 60 bytes of memory while it runs (the characters, tokens and tree),
    /// so this keeps a script within 2 GiB.
    static let maximumInput = 32 << 20

    /// A script file's text. Only regular files are read (a FIFO would block, a device such as
    /// /dev/zero never end), and at most `maximumInput` bytes.
    static func read(_ path: String) throws(Failure) -> String {
        // O_NONBLOCK: opening a FIFO must not wait for a writer before it is refused.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(description: String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Failure(description: "it is a directory")
        default: throw Failure(description: "it is not a regular file")
        }
        guard Int(info.st_size) <= maximumInput else { throw Failure(description: "it is larger than \(maximumInput >> 20) MiB") }
        guard let bytes = readAll(fd) else { throw Failure(description: "it is larger than \(maximumInput >> 20) MiB") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Standard input's text, or nil when it holds more than `maximumInput` bytes.
    static func readStandardInput() -> String? {
        readAll(STDIN_FILENO).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every byte of `fd` up to `maximumInput`; nil past it.
    static func readAll(_ fd: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = Glibc.read(fd, &buffer, buffer.count)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
            if bytes.count > maximumInput { return nil }
        }
        return bytes
    }

    static func isDirectory(_ path: String) -> Bool {
        var s = stat()
        return stat(path, &s) == 0 && (s.st_mode & S_IFMT) == S_IFDIR
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func environment(_ name: String) -> String? {
        guard let v = getenv(name) else { return nil }
        let s = String(cString: v)
        return s.isEmpty ? nil : s
    }

    static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
}

extension FileSystem {
    /// Writes `text` to `path` atomically: into a temporary file beside it, then renamed over it,
    /// so a reader never sees half a file and a failure leaves nothing behind.
    static func writeAtomically(_ text: String, to path: String) throws(Failure) {
        let temporary =
            directory(of: path) + "/." + (path.split(separator: "/").last.map(String.init) ?? "file")
            + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        var bytes = Array(text.utf8)
        var offset = 0
        var failure: String?
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 { if errno == EINTR { continue }; failure = String(cString: strerror(errno)); break }
            offset += n
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw Failure(description: failure)
        }
    }
}
