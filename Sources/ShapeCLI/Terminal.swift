#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeLanguage

/// Buffered output to stdout and stderr that keeps their order when both go to one pipe: stdout
/// is flushed before anything is written to stderr, and before the program reads or exits.
struct Terminal {
    /// Output not yet written.
    private let pending = OutputBytes(capacity: 1 << 17)

    /// A line written by `write` straight into the output (which answers whether it wrote one).
    mutating func out(_ write: (inout OutputBytes) -> Bool) {
        // (The printers take their sink `inout`; this one is shared, so a copy of the reference.)
        var bytes = pending
        if write(&bytes) { pending.append(0x0A) }
        if pending.count >= 1 << 16 { flush() }
    }

    mutating func out(_ line: String) {
        pending.write(line)
        pending.append(0x0A)
        if pending.count >= 1 << 16 { flush() }
    }

    mutating func err(_ text: String) {
        flush()
        writeAll(STDERR_FILENO, text + "\n")
    }

    /// Why standard output could not be written (a full disk, a closed descriptor, a pipe whose
    /// reader left), once it could not: the program then ends with a non-zero status.
    private(set) var failure: String?

    mutating func flush() {
        guard pending.count > 0 else { return }
        if failure == nil, let e = pending.withBytes({ writeAll(STDOUT_FILENO, $0) }) { failure = String(cString: strerror(e)) }
        pending.removeAll()
    }
}

/// Writes all of `text` to a file descriptor (no C `FILE` buffering to keep in step), retrying
/// short writes and interrupted calls.
/// Writes all of `text` to `fd`; returns the error number when that fails.
@discardableResult
func writeAll(_ fd: Int32, _ text: String) -> Int32? { writeAll(fd, Array(text.utf8)) }

/// Writes all of `bytes` to `fd`; returns the error number when that fails.
@discardableResult
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? { bytes.withUnsafeBytes { writeAll(fd, $0) } }

/// Writes all of `bytes` to `fd`; returns the error number when that fails.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += n
    }
    return nil
}

/// Files through the C library (Foundation stays out of the start-up path).
enum FileSystem {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The most bytes a script (a file, standard input or an include) may hold. A byte of a
    /// script of short commands costs about 17 bytes of memory while it runs (mostly the path it
    /// draws and the undo steps; the source is held once, a statement's tree at a time), so this
    /// keeps a script within about 600 MB (docs/robustness.md).
    static let maximumInput = 32 << 20

    /// A script file's text. Only regular files are read (a FIFO would block, a device such as
    /// /dev/zero never end), and at most `maximumInput` bytes.
    static func read(_ path: String) throws(Failure) -> String {
        String(decoding: try readBytes(path), as: UTF8.self)
    }

    /// The bytes of a regular file of at most `maximumInput` bytes.
    static func readBytes(_ path: String) throws(Failure) -> [UInt8] {
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
        guard let bytes = readAll(fd, sizeHint: Int(info.st_size)) else {
            throw Failure(description: "it is larger than \(maximumInput >> 20) MiB")
        }
        return bytes
    }

    /// Standard input's text, or nil when it holds more than `maximumInput` bytes.

    /// Every byte of `fd` up to `maximumInput`; nil past it.
    static func readAll(_ fd: Int32, sizeHint: Int = 0) -> [UInt8]? {
        // Up to the size expected (a file's), straight into the array: no buffer, no copy.
        var ended = false
        var bytes = [UInt8](unsafeUninitializedCapacity: sizeHint + 1) { room, count in
            count = 0
            while count < room.count {
                let n = Glibc.read(fd, room.baseAddress! + count, room.count - count)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { ended = true; return }
                count += n
            }
        }
        if ended { return bytes.count > maximumInput ? nil : bytes }
        // The rest (standard input, a file that grew) a buffer at a time.
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

    /// The last component of a path.
    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Where `file`, named in a script, statement or included file called `from`, is
    /// (`Source.resolve`: the one rule of every host).
    static func resolve(_ file: String, from: String) -> String { Source.resolve(file, from: from) }

    /// Refuses a file a page's statement names unless it lies inside the session's folder (the
    /// current directory): an absolute name, a `..` step, or a name whose real path (symbolic
    /// links followed, the file's own when it is there, else its folder's) leads elsewhere.
    /// `name` is as written, `resolved` as `resolve` makes it.
    static func confined(_ name: String, resolved: String) throws(HostFailure) {
        let refusal = HostFailure("a statement from the page may read and write only inside the session's folder (docs/workbench.md)")
        guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { throw refusal }
        // A link inside the folder to a file outside it leads out too, for reading and writing.
        guard let root = realPath("."), let real = realPath(resolved) ?? realPath(directory(of: resolved)) else { throw refusal }
        guard real == root || real.hasPrefix(root == "/" ? "/" : root + "/") else { throw refusal }
    }

    /// The absolute path with every symbolic link followed, nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
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
    /// Writes `text` to `path` as a careful editor does (docs/decisions.md), so that a reader
    /// never sees half a file and a failure leaves the old one whole:
    /// - a name with a NUL byte is refused (the C library would cut it short);
    /// - an existing target must be a regular file the user may write (by its mode bits, for
    ///   root too: a read-only file stays read-only); a symbolic link is followed to its file,
    ///   and the link is kept; FIFOs, devices and directories are refused;
    /// - the text goes to a temporary file beside the target, with a short name of its own
    ///   (a 255-byte target name still fits), flushed to disk, given the target's mode (and owner,
    ///   where allowed), then renamed over it: the old file stays whole until the new one is;
    /// - where the folder cannot take a temporary file but the file itself is writable, the file
    ///   is rewritten in place, its new size reserved first (`writeInPlace`);
    /// - a file-size limit (SIGXFSZ ignored) is an error like a full disk;
    /// - SIGINT, SIGTERM, SIGHUP and SIGQUIT wait until the write is done or undone, so no
    ///   temporary file is left behind.
    static func writeAtomically(_ text: String, to requested: String) throws(Failure) {
        try writeAtomically(bytes: Array(text.utf8), to: requested)
    }

    /// `writeAtomically(_:to:)` for bytes that need not be UTF-8 (`shape fmt` keeps a file's own).
    static func writeAtomically(bytes text: [UInt8], to requested: String) throws(Failure) {
        guard !requested.utf8.contains(0) else { throw Failure(description: "a file name cannot hold a NUL byte") }
        // Past a file-size limit a write fails with EFBIG instead of ending the process.
        signal(SIGXFSZ, SIG_IGN)
        var path = requested
        var info = stat()
        var existing: stat?
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            guard let resolved = realPath(path) else { throw Failure(description: "it is a link to nothing") }
            path = resolved
        }
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                throw Failure(description: (info.st_mode & S_IFMT) == S_IFDIR ? "it is a directory" : "it is not a regular file")
            }
            guard info.st_mode & 0o222 != 0, access(path, W_OK) == 0 else { throw Failure(description: "it is read-only") }
            existing = info
        }
        // No signal in the middle: it arrives once the file is whole and no temporary is left.
        var signals = sigset_t(), previous = sigset_t()
        sigemptyset(&signals)
        for s in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&signals, s) }
        pthread_sigmask(SIG_BLOCK, &signals, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

        let temporary = directory(of: path) + "/.shape-save-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let mode = existing.map { $0.st_mode & 0o7777 } ?? 0o644
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else {
            // The folder takes no new file: rewrite a writable file where it is.
            if existing != nil, errno == EACCES || errno == EROFS || errno == EPERM { return try writeInPlace(text, to: path) }
            throw Failure(description: String(cString: strerror(errno)))
        }
        var failure = writeAll(fd, text).map { String(cString: strerror($0)) }
        if failure == nil, let e = existing {
            // The target's mode and, where allowed, its owner.
            fchmod(fd, e.st_mode & 0o7777)
            _ = fchown(fd, e.st_uid, e.st_gid)
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw Failure(description: failure)
        }
    }

    /// Rewrites an existing, writable file in place (when its folder cannot take a temporary),
    /// so that a failure leaves the old file whole: the room the new text needs past the old end
    /// is reserved first (`posix_fallocate`; a full disk, a quota or a file-size limit refuses it
    /// there, and the file is cut back to its old size), and only then is the text written over
    /// the old one and the file cut to its new length.
    static func writeInPlace(_ bytes: [UInt8], to path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(description: String(cString: strerror(errno))) }
        let oldSize = Int(info.st_size)
        // Past the process's file-size limit no byte may be written, not even over old ones.
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max,
            UInt64(bytes.count) > UInt64(limit.rlim_cur)
        {
            throw Failure(description: "no room for \(bytes.count) bytes (the file-size limit is \(limit.rlim_cur)); the file is unchanged")
        }
        if bytes.count > oldSize {
            let e = posix_fallocate(fd, off_t(oldSize), off_t(bytes.count - oldSize))
            if e != 0 {
                _ = ftruncate(fd, off_t(oldSize))
                throw Failure(description: "no room for \(bytes.count) bytes (\(String(cString: strerror(e)))); the file is unchanged")
            }
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + offset, bytes.count - offset, off_t(offset)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: String(cString: strerror(errno))) }
            offset += n
        }
        if ftruncate(fd, off_t(bytes.count)) != 0 { throw Failure(description: String(cString: strerror(errno))) }
        if fsync(fd) != 0 { throw Failure(description: String(cString: strerror(errno))) }
    }
}
