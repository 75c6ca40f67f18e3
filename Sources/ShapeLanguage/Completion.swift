/// What Tab offers at a place in a line being typed, by context: at the start of a statement the
/// commands, statement words, procedures and variables (to assign); after a command, its option
/// words and the names that have values; after an operator or inside parentheses, only names
/// with values and functions. The REPL asks; readline shows.
public enum Completion {
    /// The characters that end the word being completed (so `10+radi` completes `radi`).
    public static let wordBreaks = " \t\n\"+-*/%^<>=!&|(),;{}[]"

    /// True when the word at UTF-8 offset `start` begins a statement (a command goes there;
    /// elsewhere a name is a value, and a query there is a function call).
    public static func startsStatement(line: String, start: Int) -> Bool {
        let before = Array(line.utf8).prefix(Swift.max(0, start))
        let from = (before.lastIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }).map { $0 + 1 } ?? 0
        return before[from...].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// True when the word at UTF-8 offset `start` is what `help` is asked about (it completes
    /// with a space, even for a function).
    public static func isHelpTopic(line: String, start: Int) -> Bool {
        let before = Array(line.utf8).prefix(Swift.max(0, start))
        let from = (before.lastIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }).map { $0 + 1 } ?? 0
        return String(decoding: before[from...], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" }) == ["help"]
    }

    /// What follows `word` when it is the only candidate for the word at UTF-8 offset `start` of
    /// `line`: a function's parenthesis (`sqrt(`, and a query's outside command position), else a
    /// space.
    public static func suffix(for word: String, line: String, start: Int) -> String {
        if isHelpTopic(line: line, start: start) { return " " }
        let isFunction = Builtins.function(named: word) != nil || (functionForms.contains(word) && !startsStatement(line: line, start: start))
        return isFunction ? "(" : " "
    }

    /// The candidates (`candidates`, filtered by the word's prefix), each followed by what goes
    /// after it when it is taken (`sqrt(`, `curve `): what a page's completion list offers.
    public static func offers(line: String, start: Int, variables: [String], procedures: [String]) -> [String] {
        candidates(line: line, start: start, variables: variables, procedures: procedures).map { $0 + suffix(for: $0, line: line, start: start) }
    }

    /// The queries with a function form, and `path`: names that complete with a parenthesis.
    public static var functionForms: [String] {
        CommandTable.all.filter({ $0.hasFunctionForm }).map({ $0.name }) + ["path"]
    }

    /// The candidates for the word that starts at UTF-8 offset `start` of `line`, given the
    /// session's variables and procedures, sorted; filtered by the word's prefix unless
    /// `filtered` is false (an editor filters by its own, fuzzy, matching).
    public static func candidates(line: String, start: Int, variables: [String], procedures: [String], filtered: Bool = true) -> [String] {
        let bytes = Array(line.utf8)
        let start = Swift.min(Swift.max(start, 0), bytes.count)
        let prefix = String(decoding: bytes[start...].prefix { !wordBreaks.utf8.contains($0) }, as: UTF8.self)
        // The statement so far: from the last `;`, `{` or `}` before the word.
        let before = bytes[..<start]
        let statementStart =
            (before.lastIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") })
            .map { $0 + 1 } ?? 0
        let statement = String(decoding: bytes[statementStart..<start], as: UTF8.self)
        let words = statement.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let valueNames = variables + Builtins.functions.map({ $0.name }) + Builtins.Value.allCases.map({ $0.rawValue }) + functionForms
        let pool: [String]
        if words == ["help"] {
            // A topic of `help`: a name, not a call.
            pool =
                CommandTable.all.map({ $0.name }) + Builtins.statementWords + Builtins.functions.map({ $0.name })
                + Builtins.Value.allCases.map({ $0.rawValue })
        } else if words.isEmpty {
            // Command position.
            pool = CommandTable.all.map({ $0.name }) + Builtins.statementWords + procedures + variables
        } else if let last = before.last, !(last == UInt8(ascii: " ") || last == UInt8(ascii: "\t")) {
            // Right after an operator or a parenthesis: an expression goes on.
            pool = valueNames
        } else if let spec = CommandTable.spec(named: words[0]), let option = words.last.flatMap(spec.keyword(named:)),
            let choices = option.choices
        {
            // The word after an option that takes a word (`cap round`): its words only.
            pool = choices
        } else if let spec = CommandTable.spec(named: words[0]) {
            pool = spec.keywords.map({ $0.name }) + valueNames
        } else {
            pool = valueNames
        }
        return Array(Set(pool.filter { !filtered || $0.hasPrefix(prefix) })).stablySorted()
    }
}
