import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import ShapeCLI

/// How the workbench's server finds its port. With no port asked for it takes the usual one, else
/// any free one, also when another session binds the usual port at the same moment and listens
/// first (both binds succeed under SO_REUSEADDR; the second listen fails): two `shape view`
/// started together in the test suite once ended with "cannot listen: Address already in use".
/// The other session is played here by a socket on a port the system picked, made to listen
/// between the server's bind and its listen.
@Suite struct WorkbenchServerStartTests {
    /// A socket bound to 127.0.0.1 on a free port with SO_REUSEADDR, not listening, and its port.
    static func boundSocket() -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var bound = sockaddr_in()
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) } }
        return (fd, Int(UInt16(bigEndian: bound.sin_port)))
    }

    /// Whether a client connects to 127.0.0.1:port.
    static func connects(to port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    @Test func theUsualPortTakenBetweenBindAndListenGivesAnotherPort() throws {
        let other = WorkbenchServerStartTests.boundSocket()
        defer { close(other.fd) }
        #expect(other.fd >= 0 && other.port > 0)
        var otherListens = false
        let server = try WorkbenchServer(port: 0, preferred: other.port) {
            // The other session listens first, once.
            if !otherListens { otherListens = listen(other.fd, 1) == 0 }
        }
        defer { server.stop() }
        #expect(otherListens)
        #expect(server.port > 0 && server.port != other.port)
        #expect(WorkbenchServerStartTests.connects(to: server.port))
    }

    @Test func aPortAskedForThatIsTakenIsAnError() {
        let other = WorkbenchServerStartTests.boundSocket()
        defer { close(other.fd) }
        #expect(listen(other.fd, 1) == 0)
        #expect {
            let server = try WorkbenchServer(port: other.port)
            server.stop()
        } throws: { error in
            "\(error)" == "cannot listen on 127.0.0.1:\(other.port): Address already in use"
        }
    }
}
