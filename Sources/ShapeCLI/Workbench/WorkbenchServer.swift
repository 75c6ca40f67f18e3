#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeOutput
import ShapeLanguage
import Synchronization

/// The workbench's HTTP server (SPEC section 12): one thread that owns every socket, polls them
/// and never touches the session. Statements and exports the page asks for become jobs that the
/// session's thread runs between reads of its input (`takeJobs`, woken by `jobsReady`); what
/// they answer and every new scene come back through `finish` and `publish`, which wake this
/// thread to write them out.
///
/// Safety: it listens on 127.0.0.1 only; every request carries the session's token (128 random
/// bits, in the query as `token=` or the header `X-Shape-Token`) or gets 403; the Host header
/// must name the loopback address and the port (against DNS rebinding); statements come only by
/// POST with a JSON body and a matching or absent Origin; headers are bounded to 16 KiB, bodies to
/// 1 MiB, connections to 32 (event streams to 16 of them), and a request not complete within 10 s is dropped with 408. A
/// client that stops reading its event stream is dropped when 4 MiB wait for it. No file is
/// served from disk.
final class WorkbenchServer: @unchecked Sendable {
    enum JobKind: Sendable {
        /// A statement; `withScene`: answered in binary with the scene after it (see `Workbench.run`);
        /// `client`: the page that sent it, whose event stream is not told of what the answer
        /// brings.
        /// `gesture`: the page's gesture the statement is a frame of (its frames are one undo step).
        case run(String, withScene: Bool, client: String?, gesture: Int? = nil)
        case export(Set<SaveLayer>)
        /// A change the page makes to the document (`Workbench.documentJob`): a slider, a drag's
        /// start or frame, undo; answered as a statement with its scene is.
        case document(JSON, client: String?)
        /// The words completing the one at UTF-8 offset `start` of `line` (the command line's).
        case complete(String, start: Int)
    }
    struct Job: Sendable {
        var connection: Int
        var kind: JobKind
        /// Whether the connection stays open after the answer (the request's `Connection`).
        var keepAlive = true
    }

    static let connectionLimit = 32
    /// Event streams (pages) at once: half the connections, so that pages which never read (an
    /// event stream's backlog is small now that scenes are fetched) cannot take every slot from
    /// the statements and fetches.
    static let eventStreamLimit = 16
    static let requestTimeout = 10.0
    static let idleTimeout = 60.0
    static let eventBacklogLimit = 4 << 20
    /// What waits to be sent on a connection that is not an event stream: past it, the requests
    /// it has pipelined behind wait in its input until the client reads (2,000 pipelined GETs of
    /// the page on a socket that never read once grew the server by 79 MB).
    static let outputLimit = 4 << 20
    /// What a connection may have sent that waits to be taken (pipelined requests behind an
    /// answer it does not read): past it, it is closed.
    static let inputLimit = HTTP.headerLimit + HTTP.bodyLimit + (64 << 10)
    static let heartbeat = 15.0
    /// Transcript entries kept for a page that connects later.
    static let historyLimit = 200

    let port: Int
    let token: String
    let listener: Int32
    /// Written to wake the server thread (results, scenes, stop); read by it.
    let serverWake: (read: Int32, write: Int32)
    /// Written to wake the session's thread (jobs waiting); its input loop polls the read end.
    let sessionWake: (read: Int32, write: Int32)

    struct Shared {
        var jobs: [Job] = []
        var results: [(connection: Int, bytes: [UInt8])] = []
        /// The scene in binary (`WorkbenchScene.binary`), and its version.
        var scene: [UInt8] = []
        var sceneVersion = 0
        /// The newest scene the pages were told of: it can be ahead of `sceneVersion` while the
        /// session makes that scene, and a fetch of it waits until it is published.
        var announcedVersion = 0
        /// Transcript entries as JSON, each with the page that ran it when that page gets it in
        /// its answer (see `JobKind.run`).
        var entries: [(client: String?, text: String)] = []
        var entryCount = 0
        /// The page whose statement led to the scene announced last, if it gets it in its answer.
        var announcedFor: String?
        var stopping = false
    }
    let shared = Mutex(Shared())
    /// The event streams open (only the server's thread uses it).
    var eventStreams = 0
    var thread = pthread_t()

    enum StartError: Error, CustomStringConvertible {
        case socket(String)

        var description: String {
            switch self {
            case .socket(let what): what
            }
        }
    }

    /// The port asked for by `--port 0` (and no `--port`), when it is free.
    static let usualPort = 8123

    /// Binds 127.0.0.1:`port` (0: the port `preferred`, else any free one) and starts the
    /// thread. `betweenBindAndListen` is for a test: it runs after a socket is bound, before it
    /// listens.
    init(port requested: Int, preferred: Int = WorkbenchServer.usualPort, betweenBindAndListen: (() -> Void)? = nil) throws(StartError) {
        func failure(_ what: String) -> StartError { .socket("\(what): \(String(cString: strerror(errno)))") }
        // A socket listening on 127.0.0.1:port (0: any free port), or why not.
        func listening(on port: Int) -> Result<Int32, StartError> {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { return .failure(failure("cannot open a socket")) }
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let e = failure(port == 0 ? "cannot listen on 127.0.0.1" : "cannot listen on 127.0.0.1:\(port)")
                close(fd)
                return .failure(e)
            }
            betweenBindAndListen?()
            guard listen(fd, 64) == 0 else {
                let e = failure(port == 0 ? "cannot listen" : "cannot listen on 127.0.0.1:\(port)")
                close(fd)
                return .failure(e)
            }
            return .success(fd)
        }
        // The usual port, else any free one. Taken is not only a bind that fails: two sessions
        // started at once may both bind it (SO_REUSEADDR allows that until one listens), and the
        // second then cannot listen on it.
        let fd: Int32
        switch listening(on: requested == 0 ? preferred : requested) {
        case .success(let opened): fd = opened
        case .failure(let why):
            guard requested == 0 else { throw why }
            switch listening(on: 0) {
            case .success(let opened): fd = opened
            case .failure(let why): throw why
            }
        }
        var bound = sockaddr_in()
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) } }
        port = Int(UInt16(bigEndian: bound.sin_port))
        listener = fd
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        serverWake = WorkbenchServer.pipe()
        sessionWake = WorkbenchServer.pipe()
        token = WorkbenchServer.randomToken()
        let started = pthread_create(
            &thread, nil,
            { raw in
                let server = Unmanaged<WorkbenchServer>.fromOpaque(raw!).takeRetainedValue()
                server.serve()
                return nil
            }, Unmanaged.passRetained(self).toOpaque())
        guard started == 0 else {
            close(fd)
            throw .socket("cannot start the server's thread")
        }
    }

    var address: String { "http://127.0.0.1:\(port)/?token=\(token)" }

    static func pipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        _ = Glibc.pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (fds[0], fds[1])
    }

    /// 128 bits from the kernel's generator (/dev/urandom), as 32 hexadecimal digits.
    static func randomToken() -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        var filled = 0
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        while fd >= 0, filled < 16 {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, 16 - filled) }
            if n > 0 { filled += n } else if n == 0 || errno != EINTR { break }
        }
        if fd >= 0 { close(fd) }
        precondition(filled == 16, "no random bytes for the workbench's token")
        return bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    static func wake(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }

    static func drain(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 256)
        while buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress, 256) }) > 0 {}
    }

    // MARK: The session's side

    /// The jobs waiting, in the order they came.
    func takeJobs() -> [Job] {
        WorkbenchServer.drain(sessionWake.read)
        return shared.withLock { s in
            defer { s.jobs.removeAll() }
            return s.jobs
        }
    }

    /// A job's answer, written to its connection.
    func finish(_ connection: Int, _ bytes: [UInt8]) {
        shared.withLock { $0.results.append((connection, bytes)) }
        WorkbenchServer.wake(serverWake.write)
    }

    /// The scene last published, in binary.
    var scene: [UInt8] { shared.withLock { $0.scene } }

    /// Tells every page of the transcript entries of a statement and of the new scene they led
    /// to, before that scene is made: the pages' fetches of it (a few milliseconds from a
    /// browser) then overlap its making. Answers the scene's version, for `publish`.
    func announce(entries: [String], client: String?) -> Int {
        let version = shared.withLock { s in
            s.announcedVersion += 1
            s.announcedFor = client
            s.entries += entries.map { (client, $0) }
            s.entryCount += entries.count
            if s.entries.count > WorkbenchServer.historyLimit { s.entries.removeFirst(s.entries.count - WorkbenchServer.historyLimit) }
            return s.announcedVersion
        }
        WorkbenchServer.wake(serverWake.write)
        return version
    }

    /// The scene announced as `version`, made: fetches waiting for it are answered.
    func publish(scene: [UInt8], version: Int) {
        shared.withLock { s in
            s.scene = scene
            s.sceneVersion = version
        }
        WorkbenchServer.wake(serverWake.write)
    }

    func stop() {
        shared.withLock { $0.stopping = true }
        WorkbenchServer.wake(serverWake.write)
        pthread_join(thread, nil)
    }

    // MARK: The server's thread

    final class Connection {
        let fd: Int32
        var input: [UInt8] = []
        var output: [UInt8] = []
        /// When the first byte of the request being read came; nil between requests.
        var requestStarted: Double?
        var lastActivity: Double
        var isEvents = false
        /// The page an event stream belongs to, when it named itself (`client=`).
        var client: String?
        var awaitingJob = false
        /// A fetch of the scene announced as this version, waiting until it is published.
        var awaitingScene: Int?
        var closeAfterWrite = false
        var keepAlive = true
        /// How many transcript entries this event stream has been sent.
        var entriesSent = 0
        var sceneVersionSent = -1
        init(fd: Int32, now: Double) { self.fd = fd; lastActivity = now }

        /// Nothing under way: no request being read or answered, nothing to send, no page.
        var isIdle: Bool { !isEvents && !awaitingJob && awaitingScene == nil && output.isEmpty && input.isEmpty }
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * Magnitude.nanosecond
    }

    func serve() {
        signal(SIGPIPE, SIG_IGN)
        var connections: [Int: Connection] = [:]
        var nextID = 1
        var lastHeartbeat = WorkbenchServer.now()
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            var fds = [pollfd(fd: serverWake.read, events: Int16(POLLIN), revents: 0), pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            let ids = Array(connections.keys).sorted()
            for id in ids {
                let c = connections[id]!
                var events = Int16(POLLIN)
                if !c.output.isEmpty { events |= Int16(POLLOUT) }
                fds.append(pollfd(fd: c.fd, events: events, revents: 0))
            }
            _ = poll(&fds, nfds_t(fds.count), 1000)
            let now = WorkbenchServer.now()

            // Results, scenes and the stop.
            if fds[0].revents != 0 { WorkbenchServer.drain(serverWake.read) }
            let (results, version, versionFor, entries, entryCount, stopping, published) = shared.withLock { s in
                defer { s.results.removeAll() }
                return (
                    s.results, s.announcedVersion, s.announcedFor, s.entries, s.entryCount, s.stopping,
                    (version: s.sceneVersion, scene: s.scene)
                )
            }
            if stopping {
                for c in connections.values { close(c.fd) }
                close(listener)
                return
            }
            // Answers: a job's, or a scene waited for. A request that came meanwhile on the same
            // connection is taken next.
            for (id, bytes) in results {
                guard let c = connections[id] else { continue }
                c.output += bytes
                c.awaitingJob = false
                c.lastActivity = now
                if !c.keepAlive { c.closeAfterWrite = true }
                handle(c, id: id, now: now)
            }
            for (id, c) in connections {
                guard let wanted = c.awaitingScene, published.version >= wanted else { continue }
                c.output += HTTP.response(200, type: "application/octet-stream", body: published.scene, keepAlive: c.keepAlive)
                c.awaitingScene = nil
                c.awaitingJob = false
                c.lastActivity = now
                if !c.keepAlive { c.closeAfterWrite = true }
                handle(c, id: id, now: now)
            }
            let heartbeat = now - lastHeartbeat >= WorkbenchServer.heartbeat
            if heartbeat { lastHeartbeat = now }
            for c in connections.values where c.isEvents {
                // Entries first (those this page has not seen), then the scene they led to; not
                // what the answer to the page's own statement brings it.
                let missed = entryCount - c.entriesSent
                if missed > 0 {
                    for entry in entries.suffix(Swift.min(missed, entries.count)) where entry.client == nil || entry.client != c.client {
                        c.output += Array("event: entry\ndata: \(entry.text)\n\n".utf8)
                    }
                    c.entriesSent = entryCount
                }
                if c.sceneVersionSent != version {
                    if versionFor == nil || versionFor != c.client {
                        c.output += Array("event: scene\ndata: \(JSONLinesPrinter.compact(.object([("version", .integer(version))])))\n\n".utf8)
                    }
                    c.sceneVersionSent = version
                }
                if heartbeat { c.output += Array(": still here\n\n".utf8) }
                if c.output.count > WorkbenchServer.eventBacklogLimit { c.closeAfterWrite = true; c.output.removeAll() }
            }

            // New connections: past the limit, told so and closed.
            if fds[1].revents & Int16(POLLIN) != 0 {
                while true {
                    let fd = accept(listener, nil, nil)
                    if fd < 0 { break }
                    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                    // Each write goes out at once (no Nagle delay behind an unacknowledged one):
                    // a scene or an answer is one write, and a drag waits for it.
                    var one: Int32 = 1
                    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                    // At the limit, the connection idle longest makes room: one that sends
                    // nothing cannot hold a slot that a page needs.
                    if connections.count >= WorkbenchServer.connectionLimit,
                        let (oldest, idle) = connections.filter({ $0.value.isIdle }).min(by: { $0.value.lastActivity < $1.value.lastActivity })
                    {
                        close(idle.fd)
                        connections[oldest] = nil
                    }
                    if connections.count >= WorkbenchServer.connectionLimit {
                        let bytes = HTTP.error(503, "too many connections")
                        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                        close(fd)
                        continue
                    }
                    // Its first request must come within the request timeout, as every later one.
                    let connection = Connection(fd: fd, now: now)
                    connection.requestStarted = now
                    connections[nextID] = connection
                    nextID += 1
                }
            }

            for (index, id) in ids.enumerated() {
                guard let c = connections[id] else { continue }
                let revents = fds[index + 2].revents
                var drop = revents & Int16(POLLERR | POLLNVAL) != 0
                if !drop, revents & Int16(POLLIN | POLLHUP) != 0 {
                    let n = buffer.withUnsafeMutableBytes { recv(c.fd, $0.baseAddress, $0.count, 0) }
                    if n > 0 {
                        c.lastActivity = now
                        if c.isEvents || c.closeAfterWrite {
                            // Nothing more is read from an event stream or a connection ending.
                        } else if c.input.count + n > WorkbenchServer.inputLimit {
                            drop = true  // requests piled up behind answers it does not read
                        } else {
                            if c.requestStarted == nil { c.requestStarted = now }
                            c.input += buffer[0..<n]
                            handle(c, id: id, now: now)
                        }
                    } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
                        drop = true
                    }
                }
                if !drop, !c.output.isEmpty {
                    let n = c.output.withUnsafeBytes { send(c.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    if n > 0 {
                        c.output.removeFirst(n)
                        c.lastActivity = now
                        // Room again: the requests waiting behind are taken.
                        if !c.isEvents, c.output.count < WorkbenchServer.outputLimit, !c.input.isEmpty { handle(c, id: id, now: now) }
                    } else if n < 0, errno != EAGAIN, errno != EINTR {
                        drop = true
                    }
                }
                if !drop, c.output.isEmpty, c.closeAfterWrite { drop = true }
                // Slow or idle clients.
                if !drop, !c.awaitingJob, let started = c.requestStarted, now - started > WorkbenchServer.requestTimeout {
                    let bytes = HTTP.error(408, "the request took longer than 10 s")
                    _ = bytes.withUnsafeBytes { send(c.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    drop = true
                }
                if !drop, !c.isEvents, !c.awaitingJob, c.requestStarted == nil, c.output.isEmpty, now - c.lastActivity > WorkbenchServer.idleTimeout {
                    drop = true
                }
                if drop {
                    if c.isEvents { eventStreams -= 1 }
                    close(c.fd)
                    connections[id] = nil
                }
            }
        }
    }

    /// Takes every whole request the connection's bytes hold (one at a time: the next waits
    /// for a job's answer).
    func handle(_ c: Connection, id: Int, now: Double) {
        while !c.awaitingJob, !c.closeAfterWrite, !c.isEvents, !c.input.isEmpty, c.output.count < WorkbenchServer.outputLimit {
            switch HTTP.parse(c.input[...]) {
            case .incomplete:
                return
            case .refused(let status, let reason):
                c.output += HTTP.error(status, reason)
                c.closeAfterWrite = true
                c.input.removeAll()
                return
            case .request(let request, let consumed):
                c.input.removeFirst(consumed)
                c.requestStarted = c.input.isEmpty ? nil : now
                c.keepAlive = request.keepAlive
                respond(to: request, on: c, id: id)
                // Answered at once and asked to close (`Connection: close`): closed once written.
                if !c.keepAlive, !c.awaitingJob, !c.isEvents { c.closeAfterWrite = true }
            }
        }
    }

    func reply(_ c: Connection, _ status: Int, _ reason: String) {
        c.output += HTTP.error(status, reason)
        c.closeAfterWrite = true
    }

    func respond(to request: HTTP.Request, on c: Connection, id: Int) {
        // The Host names us: a page from another name that resolves here (DNS rebinding) is not.
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = request.headers["host"], hosts.contains(host.lowercased()) else {
            return reply(c, 403, "the Host must be 127.0.0.1:\(port)")
        }
        let given = request.query["token"] ?? request.headers["x-shape-token"] ?? ""
        guard WorkbenchServer.sameToken(given, token) else { return reply(c, 403, "a missing or wrong token") }
        switch (request.method, request.path) {
        case ("GET", "/"):
            c.output += HTTP.response(200, type: "text/html; charset=utf-8", body: Array(WorkbenchPage.html.utf8), keepAlive: c.keepAlive)
        case ("GET", "/events"):
            guard eventStreams < WorkbenchServer.eventStreamLimit else {
                return reply(c, 503, "too many pages: at most \(WorkbenchServer.eventStreamLimit) event streams")
            }
            guard let client = WorkbenchServer.client(request) else { return reply(c, 400, "a client is up to 64 letters and digits") }
            c.isEvents = true
            c.client = client
            eventStreams += 1
            c.requestStarted = nil
            var head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
            head += "X-Content-Type-Options: nosniff\r\nConnection: keep-alive\r\n\r\n"
            c.output += Array(head.utf8)
            // The history this page missed, then the scene (the server loop sends them).
            let count = shared.withLock { $0.entryCount - $0.entries.count }
            c.entriesSent = count
            WorkbenchServer.wake(serverWake.write)
        case ("GET", "/scene.bin"):
            // The newest scene announced: now if it is made, or as soon as it is.
            let (scene, version, announced) = shared.withLock { ($0.scene, $0.sceneVersion, $0.announcedVersion) }
            if version >= announced {
                c.output += HTTP.response(200, type: "application/octet-stream", body: scene, keepAlive: c.keepAlive)
            } else {
                c.awaitingJob = true
                c.awaitingScene = announced
            }
        case ("GET", "/export.svg"):
            c.awaitingJob = true
            // The layers `save` takes, named in `layers=` (comma-separated); none: the path alone.
            let names = (request.query["layers"] ?? "").split(separator: ",").map(String.init)
            let layers = Set(names.compactMap(SaveLayer.init(rawValue:)))
            guard layers.count == names.count else { return reply(c, 400, "unknown layers in \(names.joined(separator: ","))") }
            enqueue(Job(connection: id, kind: .export(layers), keepAlive: c.keepAlive))
        case ("POST", "/run"), ("POST", "/document"):
            let origins = ["http://127.0.0.1:\(port)", "http://localhost:\(port)"]
            if let origin = request.headers["origin"], !origins.contains(origin.lowercased()) {
                return reply(c, 403, "statements come only from the workbench's own page")
            }
            let type = request.headers["content-type"]?.lowercased() ?? ""
            guard type == "application/json" || type.hasPrefix("application/json;") else {
                return reply(c, 415, "statements come as JSON")
            }
            if request.path == "/document" {
                guard let json = JSON.parse(request.body), json["op"]?.string != nil else {
                    return reply(c, 400, "the body must be {\"op\": \"...\", ...}")
                }
                guard let client = WorkbenchServer.client(request) else { return reply(c, 400, "a client is up to 64 letters and digits") }
                c.awaitingJob = true
                enqueue(Job(connection: id, kind: .document(json, client: client), keepAlive: c.keepAlive))
                return
            }
            guard let json = JSON.parse(request.body), case .string(let statement)? = json["statement"] else {
                return reply(c, 400, "the body must be {\"statement\": \"...\"}")
            }
            guard let client = WorkbenchServer.client(request) else { return reply(c, 400, "a client is up to 64 letters and digits") }
            c.awaitingJob = true
            let gesture = json["gesture"]?.int
            enqueue(
                Job(
                    connection: id, kind: .run(statement, withScene: request.query["scene"] == "1", client: client, gesture: gesture),
                    keepAlive: c.keepAlive))
        case ("GET", "/words"):
            // Every name `help` knows (the command line's help panel): the same for every session.
            c.output += HTTP.response(200, type: "application/json", body: WorkbenchServer.words, keepAlive: c.keepAlive)
        case ("GET", "/complete"):
            // What Tab offers at the command line, with the session's names (`line`: the text
            // before the caret; `start`: where the word being completed starts in it, in bytes).
            let line = request.query["line"] ?? ""
            guard line.utf8.count <= 4096, let start = Int(request.query["start"] ?? ""), (0...line.utf8.count).contains(start) else {
                return reply(c, 400, "complete takes line= (up to 4 KiB) and start= (a byte offset in it)")
            }
            c.awaitingJob = true
            enqueue(Job(connection: id, kind: .complete(line, start: start), keepAlive: c.keepAlive))
        case (_, "/"), (_, "/events"), (_, "/scene.bin"), (_, "/export.svg"), (_, "/run"), (_, "/document"), (_, "/words"), (_, "/complete"):
            reply(c, 405, "not with \(request.method)")
        default:
            reply(c, 404, "no such page")
        }
    }

    /// `HelpRenderer.index` as JSON, made once.
    static let words = Array(JSONLinesPrinter.compact(HelpRenderer.index()).utf8)

    /// The page a request names (`client=`, up to 64 ASCII letters and digits): .some(nil) when it
    /// names none, nil when the name is not one.
    static func client(_ request: HTTP.Request) -> String?? {
        guard let name = request.query["client"] else { return .some(nil) }
        guard (1...64).contains(name.utf8.count), name.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 122) }) else {
            return nil
        }
        return name
    }

    func enqueue(_ job: Job) {
        shared.withLock { $0.jobs.append(job) }
        WorkbenchServer.wake(sessionWake.write)
    }

    /// Compares in time independent of where the strings differ.
    static func sameToken(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
