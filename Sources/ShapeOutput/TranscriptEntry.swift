import ShapeLanguage

/// One statement as the workbench's page and the playground show it in their transcript: where
/// it came from ("script", "prompt", "page"), its text, its reports as the text printer writes
/// them, and its error as the diagnostic renderer does. Both hosts send it as `json`.
public struct TranscriptEntry: Sendable {
    public var origin: String
    public var statement: String
    public var reports: [String]
    public var error: String?
    /// Where the error is in the script that ran (`ErrorPlace`), for a page to mark it there.
    public var place: ErrorPlace?

    public init(origin: String, statement: String, reports: [String], error: String?, place: ErrorPlace? = nil) {
        self.origin = origin
        self.statement = statement
        self.reports = reports
        self.error = error
        self.place = place
    }

    /// `{"origin", "statement", "reports", "error"}`, and `"at"` (`ErrorPlace.json`) when the
    /// error has a place in the script.
    public var json: JSON {
        var fields: [(name: String, json: JSON)] = [
            ("origin", .string(origin)), ("statement", .string(statement)), ("reports", .array(reports.map { .string($0) })),
            ("error", error.map { .string($0) } ?? .null),
        ]
        if let place { fields.append(("at", place.json)) }
        return .object(fields)
    }

    /// What a run of statements answers its page: `{"ok", "reports", "error", "entries"}`: the
    /// reports of all of them and the error that stopped them where given, the entries where given.
    /// `extra`: fields after them (the playground's script and live numbers).
    public static func answer(
        ok: Bool, entries: [JSON]?, reportsAndError: (reports: [String], error: String?)? = nil, extra: [(name: String, json: JSON)] = []
    ) -> String {
        var fields: [(name: String, json: JSON)] = [("ok", .bool(ok))]
        if let (reports, error) = reportsAndError {
            fields += [("reports", .array(reports.map { .string($0) })), ("error", error.map { .string($0) } ?? .null)]
        }
        if let entries { fields.append(("entries", .array(entries))) }
        fields += extra
        return JSONLinesPrinter.compact(.object(fields))
    }
}

/// Where an error is in the script a page runs: the error's own place when it is in the script,
/// else the script's statement that led to it (the `include` of the file it is in, or the call of
/// a procedure defined elsewhere). Byte offsets into the script, and the line and column
/// (in characters) of its start, as the error's text gives them.
public struct ErrorPlace: Sendable, Equatable {
    public var start: Int
    public var end: Int
    public var line: Int
    public var column: Int

    /// The place of `diagnostic` in `script`, or nil when neither it nor a caller is in it.
    public init?(_ diagnostic: Diagnostic, in script: Source) {
        func isScript(_ s: Source) -> Bool { s.name == script.name && s.firstLine == script.firstLine && s.count == script.count }
        let places = [(diagnostic.source, diagnostic.range)] + diagnostic.callers.map { ($0.source, $0.range) }
        guard let (_, range) = places.first(where: { isScript($0.0) }) else { return nil }
        start = Swift.max(0, Swift.min(range.start, script.count))
        end = Swift.max(start, Swift.min(range.end, script.count))
        (line, column) = script.location(of: start)
    }

    /// `{"start", "end", "line", "column"}`.
    public var json: JSON {
        .object([("start", .integer(start)), ("end", .integer(end)), ("line", .integer(line)), ("column", .integer(column))])
    }
}

extension LiveNumber {
    /// `{"name", "value", "low", "high", "declared", "line"}`: a slider, as the pages read it.
    public var json: JSON {
        .object([
            ("name", .string(name)), ("value", .number(value)), ("low", .number(low)), ("high", .number(high)), ("declared", .bool(declared)),
            ("line", .integer(line)),
        ])
    }
}
