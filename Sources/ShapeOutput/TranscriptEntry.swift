import ShapeLanguage

/// One statement as the workbench's page and the playground show it in their transcript: where
/// it came from ("script", "prompt", "page"), its text, its reports as the text printer writes
/// them, and its error as the diagnostic renderer does. Both hosts send it as `json`.
public struct TranscriptEntry: Sendable {
    public var origin: String
    public var statement: String
    public var reports: [String]
    public var error: String?

    public init(origin: String, statement: String, reports: [String], error: String?) {
        self.origin = origin
        self.statement = statement
        self.reports = reports
        self.error = error
    }

    /// `{"origin", "statement", "reports", "error"}`.
    public var json: JSON {
        .object([
            ("origin", .string(origin)), ("statement", .string(statement)), ("reports", .array(reports.map { .string($0) })),
            ("error", error.map { .string($0) } ?? .null),
        ])
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

extension LiveNumber {
    /// `{"name", "value", "low", "high", "declared", "line"}`: a slider, as the pages read it.
    public var json: JSON {
        .object([
            ("name", .string(name)), ("value", .number(value)), ("low", .number(low)), ("high", .number(high)), ("declared", .bool(declared)),
            ("line", .integer(line)),
        ])
    }
}
