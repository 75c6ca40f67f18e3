import ShapeOutput

import ShapeLanguage

/// Reading JSON (the language server's messages, the workbench's requests) into the project's one
/// JSON value (`ShapeLanguage.JSON`), which `JSONLinesPrinter` writes; no Foundation.
extension JSON {
    subscript(key: String) -> JSON? {
        if case .object(let fields) = self { return fields.first { $0.name == key }?.json }
        return nil
    }
    var string: String? { if case .string(let s) = self { return s } else { return nil } }
    var number: Double? { if case .number(let x) = self { return x } else { return nil } }
    var int: Int? { number.flatMap { abs($0) < Magnitude.exactWhole ? Int(exactly: $0) : nil } }

    /// The value as compact JSON text.
    var text: String { JSONLinesPrinter.compact(self) }

    /// The string as a JSON literal; the same escaping as the JSON Lines reports.
    static func quoted(_ s: String) -> String { JSONLinesPrinter.string(s) }

    /// Parses JSON text; nil when it is not JSON (or nests deeper than 64).
    static func parse(_ bytes: [UInt8]) -> JSON? {
        var p = Reader(bytes: bytes)
        guard let v = p.value(depth: 0) else { return nil }
        p.skipSpace()
        return p.i == bytes.count ? v : nil
    }

    struct Reader {
        let bytes: [UInt8]
        var i = 0
        mutating func skipSpace() { while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 } }
        mutating func literal(_ word: String) -> Bool {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count, Array(bytes[i..<(i + w.count)]) == w else { return false }
            i += w.count
            return true
        }
        mutating func value(depth: Int) -> JSON? {
            guard depth < 64 else { return nil }
            skipSpace()
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case 0x6E: return literal("null") ? .null : nil
            case 0x74: return literal("true") ? .bool(true) : nil
            case 0x66: return literal("false") ? .bool(false) : nil
            case 0x22: return string().map { .string($0) }
            case 0x5B:
                i += 1
                var items: [JSON] = []
                skipSpace()
                if i < bytes.count, bytes[i] == 0x5D { i += 1; return .array(items) }
                while true {
                    guard let v = value(depth: depth + 1) else { return nil }
                    items.append(v)
                    skipSpace()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == 0x2C { i += 1; continue }
                    if bytes[i] == 0x5D { i += 1; return .array(items) }
                    return nil
                }
            case 0x7B:
                i += 1
                var fields: [(name: String, json: JSON)] = []
                skipSpace()
                if i < bytes.count, bytes[i] == 0x7D { i += 1; return .object(fields) }
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] == 0x22, let key = string() else { return nil }
                    skipSpace()
                    guard i < bytes.count, bytes[i] == 0x3A else { return nil }
                    i += 1
                    guard let v = value(depth: depth + 1) else { return nil }
                    fields.append((key, v))
                    skipSpace()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == 0x2C { i += 1; continue }
                    if bytes[i] == 0x7D { i += 1; return .object(fields) }
                    return nil
                }
            default:
                let start = i
                while i < bytes.count, (0x30...0x39).contains(bytes[i]) || [0x2D, 0x2B, 0x2E, 0x65, 0x45].contains(bytes[i]) { i += 1 }
                guard i > start, let x = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { return nil }
                return .number(x)
            }
        }
        mutating func string() -> String? {
            i += 1
            var out: [UInt8] = []
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x22 { i += 1; return String(decoding: out, as: UTF8.self) }
                if b == 0x5C {
                    guard i + 1 < bytes.count else { return nil }
                    let e = bytes[i + 1]
                    i += 2
                    switch e {
                    case 0x22, 0x5C, 0x2F: out.append(e)
                    case 0x6E: out.append(0x0A)
                    case 0x74: out.append(0x09)
                    case 0x72: out.append(0x0D)
                    case 0x62: out.append(0x08)
                    case 0x66: out.append(0x0C)
                    case 0x75:
                        guard i + 4 <= bytes.count, var code = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else {
                            return nil
                        }
                        i += 4
                        // A surrogate pair.
                        if (0xD800..<0xDC00).contains(code), i + 6 <= bytes.count, bytes[i] == 0x5C, bytes[i + 1] == 0x75,
                            let low = UInt32(String(decoding: bytes[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16), (0xDC00..<0xE000).contains(low)
                        {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                            i += 6
                        }
                        out.append(contentsOf: Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8))
                    default: return nil
                    }
                    continue
                }
                out.append(b)
                i += 1
            }
            return nil
        }
    }
}
