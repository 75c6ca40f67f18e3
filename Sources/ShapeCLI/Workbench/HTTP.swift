/// The small, strict HTTP/1.1 the workbench speaks (SPEC section 12): requests parsed from a
/// connection's bytes with every size bounded, responses written whole. No chunked bodies, no
/// continuation lines, no methods but GET and POST: what a browser sends, and nothing else.
enum HTTP {
    /// The most a request's line and headers may take, and its body.
    static let headerLimit = 16 << 10
    static let bodyLimit = 1 << 20
    /// Headers a request may carry once: a second one is refused (400), as a server and a
    /// proxy could each read a different one.
    static let singleHeaders: Set<String> = ["content-length", "host", "origin", "x-shape-token", "content-type", "transfer-encoding"]

    struct Request {
        var method: String
        /// The path, without the query.
        var path: String
        var query: [String: String]
        /// Header names lower-cased; a repeated header keeps its first value.
        var headers: [String: String]
        var body: [UInt8]
        var version: String
        /// Whether the connection stays open after the response.
        var keepAlive: Bool {
            let connection = headers["connection"]?.lowercased() ?? ""
            return version == "HTTP/1.1" ? connection != "close" : connection == "keep-alive"
        }
    }

    /// What the bytes received so far make: a whole request (and how many bytes it took), not yet
    /// one, or a refusal with its status.
    enum Parse {
        case incomplete
        case request(Request, consumed: Int)
        case refused(status: Int, reason: String)
    }

    static func parse(_ bytes: ArraySlice<UInt8>) -> Parse {
        // The end of the headers: the first blank line (CRLF CRLF; a bare LF LF is refused).
        guard let end = headerEnd(bytes) else {
            return bytes.count > headerLimit ? .refused(status: 431, reason: "the request's headers pass 16 KiB") : .incomplete
        }
        guard end - bytes.startIndex <= headerLimit else { return .refused(status: 431, reason: "the request's headers pass 16 KiB") }
        let head = bytes[bytes.startIndex..<end]
        guard head.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 < 127) || $0 == 13 || $0 == 10 }) else {
            return .refused(status: 400, reason: "the request's headers are not plain ASCII")
        }
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        guard let first = lines.first else { return .refused(status: 400, reason: "no request line") }
        let parts = first.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[1].hasPrefix("/") else {
            return .refused(status: 400, reason: "a malformed request line")
        }
        let version = String(parts[2])
        guard version == "HTTP/1.1" else { return .refused(status: 505, reason: "only HTTP/1.1 is spoken") }
        let method = String(parts[0])
        guard method.allSatisfy({ $0.isUppercase }) else { return .refused(status: 400, reason: "a malformed method") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                return .refused(status: 400, reason: "a malformed header line")
            }
            let name = line[..<colon]
            // No whitespace in names, no obsolete line folding.
            guard !name.contains(" "), !name.contains("\t"), !line.hasPrefix(" "), !line.hasPrefix("\t") else {
                return .refused(status: 400, reason: "a malformed header line")
            }
            let value = String(line[line.index(after: colon)...].trimmingSpaces)
            let key = name.lowercased()
            // Two lengths, hosts, origins, tokens or types could be read two ways: refused.
            if headers[key] != nil, HTTP.singleHeaders.contains(key) {
                return .refused(status: 400, reason: "a repeated \(key) header")
            }
            if headers[key] == nil { headers[key] = value }
        }
        if headers["transfer-encoding"] != nil { return .refused(status: 501, reason: "chunked bodies are not taken") }
        var length = 0
        if let text = headers["content-length"] {
            guard !text.isEmpty, text.count <= 9, text.allSatisfy(\.isASCIIDigit), let n = Int(text) else {
                return .refused(status: 400, reason: "a malformed Content-Length")
            }
            length = n
        }
        guard length <= bodyLimit else { return .refused(status: 413, reason: "the body passes 1 MiB") }
        let bodyStart = end + 4
        guard bytes.endIndex - bodyStart >= length else { return .incomplete }
        let target = parts[1]
        let (path, query) = splitTarget(String(target))
        let request = Request(
            method: method, path: path, query: query, headers: headers, body: Array(bytes[bodyStart..<bodyStart + length]),
            version: version)
        return .request(request, consumed: bodyStart + length - bytes.startIndex)
    }

    /// The index of the CR of the CRLF CRLF that ends the headers.
    static func headerEnd(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var i = bytes.startIndex
        let last = bytes.endIndex - 4
        while i <= last {
            if bytes[i] == 13, bytes[i + 1] == 10, bytes[i + 2] == 13, bytes[i + 3] == 10 { return i }
            i += 1
        }
        return nil
    }

    /// The path and the query's parameters (percent-decoded; a parameter given twice keeps its
    /// first value).
    static func splitTarget(_ target: String) -> (String, [String: String]) {
        guard let q = target.firstIndex(of: "?") else { return (percentDecoded(target) ?? target, [:]) }
        var query: [String: String] = [:]
        for pair in target[target.index(after: q)...].split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = percentDecoded(String(kv[0])) else { continue }
            let value = kv.count > 1 ? percentDecoded(String(kv[1])) ?? "" : ""
            if query[key] == nil { query[key] = value }
        }
        let path = String(target[..<q])
        return (percentDecoded(path) ?? path, query)
    }

    static func percentDecoded(_ s: String) -> String? {
        var out: [UInt8] = []
        var bytes = Array(s.utf8)[...]
        while let b = bytes.popFirst() {
            if b == UInt8(ascii: "%") {
                guard bytes.count >= 2, let hi = hexValue(bytes.popFirst()!), let lo = hexValue(bytes.popFirst()!) else { return nil }
                out.append(hi << 4 | lo)
            } else if b == UInt8(ascii: "+") {
                out.append(32)
            } else {
                out.append(b)
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: c - 48
        case 65...70: c - 55
        case 97...102: c - 87
        default: nil
        }
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 421: "Misdirected Request"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }

    /// A whole response. Every response forbids caching, framing and content sniffing, and the
    /// page may load nothing from elsewhere.
    static func response(
        _ status: Int, type: String = "text/plain; charset=utf-8", body: [UInt8], keepAlive: Bool, extra: [String] = []
    ) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(reason(status))\r\n"
        head += "Content-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\n"
        head += "Content-Security-Policy: default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
        head += "connect-src 'self'; img-src 'self' data: blob:; frame-ancestors 'none'\r\n"
        head += "Referrer-Policy: no-referrer\r\n"
        for line in extra { head += line + "\r\n" }
        head += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    static func error(_ status: Int, _ reason: String) -> [UInt8] {
        response(status, body: Array("\(status) \(HTTP.reason(status)): \(reason)\n".utf8), keepAlive: false)
    }
}

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}
