import ShapeLanguage

/// Scripts with a wrong number of arguments for every command of the command table, made from
/// the table itself, so that a new command is covered the day its row is added.
public enum ArityCorpus {
    public struct Case: Sendable, CustomStringConvertible {
        public var name: String
        public var command: String
        /// A script whose last line is the wrong call (the lines before make a path, so that
        /// only the arity is wrong).
        public var script: String
        /// The 1-based line of the wrong call.
        public var line: Int { 3 }
        public var description: String { name }
    }

    /// The lines every case starts with.
    public static let prefix = "move 0 0\nline 10 0\n"

    /// Too few (where the command needs any) and too many arguments for every command with a
    /// handler and a fixed arity. Commands that need an option word get one, with its values.
    public static var cases: [Case] {
        var result: [Case] = []
        for spec in CommandTable.all where spec.group != .language && !spec.variadic {
            let value = spec.takesText ? "\"a\"" : "1"
            var options = ""
            if let group = spec.optionGroups.first(where: \.required), let word = group.names.first,
                let option = spec.keyword(named: word)
            {
                options = " " + ([word] + option.values.map { _ in "1" }).joined(separator: " ")
            }
            func call(_ count: Int) -> String {
                ([spec.name] + Array(repeating: value, count: count)).joined(separator: " ") + options + "\n"
            }
            result.append(Case(name: "\(spec.name)-too-many", command: spec.name, script: prefix + call(spec.arity.upperBound + 1)))
            if spec.arity.lowerBound > 0 {
                result.append(Case(name: "\(spec.name)-too-few", command: spec.name, script: prefix + call(spec.arity.lowerBound - 1)))
            }
        }
        return result
    }
}
