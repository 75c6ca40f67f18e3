import Foundation
import Testing

@testable import ShapeLanguage

/// The editor grammar (editors/vscode/syntaxes/shape.tmLanguage.json, TextMate JSON): made from
/// the command table and the built-ins, so that it names every command, option, function and
/// value the language has (`SHAPE_RECORD=1` writes it again); its patterns compile; and a small
/// TextMate-style tokenizer built on them marks the examples as the language reads them.
@Suite struct GrammarTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("editors/vscode/syntaxes/shape.tmLanguage.json")

    static func alternatives(_ words: [String]) -> String {
        Array(Set(words)).sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
            .map { $0.replacingOccurrences(of: ".", with: "\\\\.") }.joined(separator: "|")
    }

    /// The rules in the order the tokenizer tries them: name, pattern (a JSON string's contents).
    static var rules: [(name: String, scope: String, pattern: String)] {
        let commands = CommandTable.all.filter { $0.group != .language }.map(\.name)
        let functions = Builtins.functions.map(\.name) + CommandTable.all.filter(\.hasFunctionForm).map(\.name) + ["path"]
        return [
            ("comment", "comment.line.number-sign.shape", "#.*$"),
            ("string", "string.quoted.double.shape", "\\\"(?:[^\\\"\\\\\\\\]|\\\\\\\\.)*(?:\\\"|$)"),
            // A point followed by another is a range (`0...4`, `0..<10`), not a decimal point.
            ("number", "constant.numeric.shape", "(?:\\\\b\\\\d+(?:\\\\.(?!\\\\.)\\\\d*)?|\\\\.\\\\d+)(?:[eE][+-]?\\\\d+)?(?:deg\\\\b|°)?"),
            ("keyword", "keyword.control.shape", "\\\\b(?:" + alternatives(Array(Builtins.statementWords)) + ")\\\\b"),
            ("command", "support.function.command.shape", "(?:^|(?<=[;{]))\\\\s*(?:" + alternatives(commands) + ")\\\\b"),
            ("function", "support.function.builtin.shape", "\\\\b(?:" + alternatives(functions) + ")(?=\\\\()"),
            ("value", "variable.language.shape", "\\\\b(?:" + alternatives(Builtins.Value.allCases.map(\.rawValue)) + ")\\\\b"),
            ("option", "keyword.other.option.shape", "\\\\b(?:" + alternatives(CommandTable.optionWords) + ")\\\\b"),
            ("operator", "keyword.operator.shape", "\\\\.\\\\.<|\\\\.\\\\.\\\\.|<=|>=|==|!=|&&|\\\\|\\\\||[-+*/%^<>!=]"),
            ("punctuation", "punctuation.section.shape", "[{}()\\\\[\\\\],;]"),
        ]
    }

    /// A string: from its quote to the closing one or the end of the line, its escapes (`\n`,
    /// `\t`, `\"`, `\\`) scoped within it.
    static let stringRule =
        "    \"string\": { \"name\": \"string.quoted.double.shape\", \"begin\": \"\\\"\", \"end\": \"\\\"|$\", "
        + "\"patterns\": [{ \"name\": \"constant.character.escape.shape\", \"match\": \"\\\\\\\\.\" }] }"

    static var grammar: String {
        let includes = rules.map { "    { \"include\": \"#\($0.name)\" }" }.joined(separator: ",\n")
        let repository = rules.map {
            $0.name == "string" ? stringRule : "    \"\($0.name)\": { \"name\": \"\($0.scope)\", \"match\": \"\($0.pattern)\" }"
        }.joined(separator: ",\n")
        return """
            {
              "name": "shape",
              "scopeName": "source.shape",
              "fileTypes": ["shape"],
              "comment": "Made by Tests/ShapeLanguageTests/GrammarTests.swift from the command table (SHAPE_RECORD=1 writes it).",
              "patterns": [
            \(includes)
              ],
              "repository": {
            \(repository)
              }
            }

            """
    }

    @Test func theGrammarNamesEverythingTheLanguageHas() throws {
        if ProcessInfo.processInfo.environment["SHAPE_RECORD"] == "1" {
            try GrammarTests.grammar.write(to: GrammarTests.file, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: GrammarTests.file, encoding: .utf8)
        #expect(committed == GrammarTests.grammar, "run the tests with SHAPE_RECORD=1 to write the grammar again")
        // Well-formed JSON, with every rule in its repository.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(committed.utf8)) as? [String: Any])
        let repository = try #require(json["repository"] as? [String: [String: Any]])
        #expect(Set(repository.keys) == Set(GrammarTests.rules.map(\.name)))
        // The string's escapes have a scope of their own.
        let escapes = (repository["string"]?["patterns"] as? [[String: String]])?.first
        #expect(escapes?["name"] == "constant.character.escape.shape" && escapes?["match"] == "\\\\.")
    }

    /// Each rule's pattern, as the JSON holds it, compiled (Swift's regular expressions read this
    /// subset of Oniguruma's syntax the same way; a lookbehind is the one construct they lack,
    /// and the tokenizer below does the command rule's by hand).
    static func compiled() throws -> [(scope: String, regex: Regex<AnyRegexOutput>)] {
        let json = try JSONSerialization.jsonObject(with: Data(try String(contentsOf: file, encoding: .utf8).utf8)) as! [String: Any]
        let repository = json["repository"] as! [String: [String: Any]]
        return try rules.map { rule in
            // The string's begin and end, as one pattern for the tokenizer.
            var pattern =
                rule.name == "string"
                ? "\"(?:[^\"\\\\]|\\\\.)*(?:\"|$)" : repository[rule.name]!["match"] as! String
            if rule.name == "command" { pattern = pattern.replacingOccurrences(of: "(?:^|(?<=[;{]))", with: "") }
            return (rule.scope, try Regex(pattern))
        }
    }

    /// Scopes by the first rule that matches at each place, as TextMate tries a grammar's
    /// patterns; the command rule only where a statement starts.
    static func tokens(_ line: String, _ rules: [(scope: String, regex: Regex<AnyRegexOutput>)]) -> [(scope: String, text: String)] {
        var result: [(String, String)] = []
        var i = line.startIndex
        var statementStart = true
        while i < line.endIndex {
            if line[i] == " " || line[i] == "\t" { i = line.index(after: i); continue }
            var matched = false
            for (scope, regex) in rules {
                if scope == "support.function.command.shape", !statementStart { continue }
                guard let m = try? regex.prefixMatch(in: line[i...]), m.range.upperBound > i else { continue }
                result.append((scope, String(line[m.range])))
                statementStart = scope == "punctuation.section.shape" && (line[i] == ";" || line[i] == "{")
                i = m.range.upperBound
                matched = true
                break
            }
            if !matched {
                // A name: up to the next character no name holds.
                var j = i
                while j < line.endIndex, line[j].isLetter || line[j].isNumber || line[j] == "_" || line[j] == "." { j = line.index(after: j) }
                if j == i { j = line.index(after: i) }
                result.append(("name", String(line[i..<j])))
                statementStart = false
                i = j
            }
        }
        return result
    }

    @Test func theExamplesAreMarkedAsTheLanguageReadsThem() throws {
        let rules = try GrammarTests.compiled()
        let t = GrammarTests.tokens(#"repeat 2 { line pen.x + 10 -5.5e1 # go"#, rules)
        #expect(
            t.map(\.scope) == [
                "keyword.control.shape", "constant.numeric.shape", "punctuation.section.shape", "support.function.command.shape",
                "variable.language.shape", "keyword.operator.shape", "constant.numeric.shape", "keyword.operator.shape", "constant.numeric.shape",
                "comment.line.number-sign.shape",
            ])
        #expect(GrammarTests.tokens(#"let n = nearest(1, 2).x; arc 0 0 5 0 90deg ccw"#, rules).map(\.scope).contains("keyword.other.option.shape"))
        // Ranges: numbers either side of the operator, not `0.` and `.4`.
        for (text, op) in [("for i in 0...4 { }", "..."), ("for i in 0..<10 { }", "..<")] {
            let t = GrammarTests.tokens(text, rules)
            #expect(t.filter { $0.scope == "constant.numeric.shape" }.map(\.text) == (op == "..." ? ["0", "4"] : ["0", "10"]), "\(t)")
            #expect(t.contains { $0.scope == "keyword.operator.shape" && $0.text == op })
        }
        #expect(GrammarTests.tokens("move .5 1.25", rules).filter { $0.scope == "constant.numeric.shape" }.map(\.text) == [".5", "1.25"])
        #expect(
            GrammarTests.tokens(#"print "a \"b\" c" sqrt(2)"#, rules).map(\.scope) == [
                "keyword.control.shape", "string.quoted.double.shape", "support.function.builtin.shape", "punctuation.section.shape",
                "constant.numeric.shape", "punctuation.section.shape",
            ])
        // Every example: each statement's first word is a command, a statement word or a name the
        // script defined; every number the lexer reads is marked a number.
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples")
        var marked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path) where name.hasSuffix(".shape") {
            let text = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let tokens = GrammarTests.tokens(String(line), rules)
                if let first = tokens.first, let word = String(line).split(separator: " ").first,
                    CommandTable.spec(named: String(word)) != nil
                {
                    #expect(first.scope == "support.function.command.shape", "\(name): \(line)")
                    marked += 1
                }
            }
        }
        #expect(marked > 20)
    }
}
