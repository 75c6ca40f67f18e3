import ShapeGeometry

/// Defs made at random for the differential tests of `export swift`: parameters, `let`s that
/// shadow or set again, `=`, `for` loops whose bodies set their variable, `repeat`, `if`/`else`, `^`,
/// the maths functions, and every drawing command that translates, with names picked from a pool
/// that clashes on purpose with what the generated Swift uses (`path`, `sqrt`, `box`, `min`,
/// `CGFloat`, `stride`, the helpers' `corner`, a loop's `iLoop`, a copy's `xGiven`, a renamed
/// `x2`). Every name a def reads is one it holds at that place, and the numbers stay small, so
/// that the interpreter runs every def it makes.
public struct GeneratedDef: Sendable {
    /// The def's text (`def name(...) { ... }`), its name, its parameters, and arguments to call
    /// it with (two sets).
    public var text: String
    public var name: String
    public var parameters: [String]
    public var arguments: [[Double]]

    /// The names variables are picked from.
    public static let names = ["w", "h", "x", "i", "k", "path", "sqrt", "box", "corner", "min", "CGFloat", "stride", "iLoop", "xGiven", "x2"]

    /// A def written out, with the arguments to call it with.
    public init(text: String, name: String, parameters: [String], arguments: [[Double]]) {
        self.text = text
        self.name = name
        self.parameters = parameters
        self.arguments = arguments
    }

    /// Defs that once exported with another meaning or did not compile (issue 45): a block's
    /// `let` of an outer name, parameters named `path` and `sqrt`, `let path` in a def.
    public static let regressions = [
        GeneratedDef(
            text: "def a3(w) { let x = 0; for i in 0..<3 { let x = i }; rect x 0 w w }", name: "a3", parameters: ["w"], arguments: [[10], [4]]),
        GeneratedDef(
            text: "def p1(path, sqrt) { move 0 0; line path sqrt(sqrt); let path = path * 2; line path 0 }", name: "p1",
            parameters: ["path", "sqrt"], arguments: [[10, 9], [3, 16]]),
        GeneratedDef(
            text: "def p2(w) { let path = w * 2; let sqrt = 4; move 0 0; line path sqrt(sqrt) }", name: "p2", parameters: ["w"],
            arguments: [[10], [3]]),
    ]

    /// The def made from `seed`: the same seed, the same def.
    public init(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var maker = Maker(random: random)
        name = "d\(seed)"
        let count = maker.int(1...3)
        var parameters: [String] = []
        while parameters.count < count {
            let n = maker.pick(Self.names)
            if !parameters.contains(n) { parameters.append(n) }
        }
        self.parameters = parameters
        maker.scopes = [Set(parameters)]
        var body = ["move \(maker.expression()) \(maker.expression())"]
        for _ in 0..<maker.int(4...8) { body += maker.statement(depth: 0) }
        text = "def \(name)(\(parameters.joined(separator: ", "))) {\n" + body.map { "  " + $0 }.joined(separator: "\n") + "\n}"
        random = maker.random
        arguments = (0..<2).map { _ in parameters.map { _ in Double(random.next() % 46 + 5) } }
    }

    struct Maker {
        var random: SeededRandom
        /// The names each open block holds, innermost last.
        var scopes: [Set<String>] = []
        var visible: [String] { Array(scopes.reduce(Set<String>()) { $0.union($1) }).sorted() }

        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(truncatingIfNeeded: random.next() % UInt64(truncatingIfNeeded: range.count))
        }
        mutating func pick(_ list: [String]) -> String { list[int(0...(list.count - 1))] }

        /// A number between about -100 and 100, from the names held here.
        mutating func expression(_ depth: Int = 0) -> String {
            let names = visible
            switch depth > 1 ? int(0...1) : int(0...9) {
            case 0: return "\(int(-20...60))"
            case 1: return names.isEmpty ? "\(int(1...40))" : pick(names)
            case 2: return "\(expression(depth + 1)) + \(expression(depth + 1))"
            case 3: return "(\(expression(depth + 1)) - \(int(0...9))) * \(int(1...3))"
            case 4: return "sqrt(abs(\(expression(depth + 1))))"
            case 5: return "min(\(expression(depth + 1)), \(expression(depth + 1)))"
            case 7: return "\(expression(depth + 1)) % \(int(2...5))"
            case 8: return "abs(\(expression(depth + 1))) ^ \(pick(["2", "0.5", "(1 + 1) / 2"]))"
            default: return "\(expression(depth + 1)) / \(int(2...4))"
            }
        }

        mutating func drawing() -> String {
            func e() -> String { expression() }
            switch int(0...8) {
            case 0, 1: return "line \(e()) \(e())"
            case 2: return "quad \(e()) \(e()) \(e()) \(e())"
            case 3: return "curve \(e()) \(e()) \(e()) \(e()) \(e()) \(e())"
            case 4: return "arc \(e()) \(e()) \(int(3...30)) \(int(-180...180))deg \(int(-180...180))deg\(int(0...1) == 0 ? " ccw" : "")"
            case 5: return "circle \(e()) \(e()) \(int(2...25))"
            case 6: return "rect \(e()) \(e()) \(e()) \(e())"
            case 7: return "oval \(e()) \(e()) \(int(3...40)) \(int(3...40))"
            default: return "roundrect \(e()) \(e()) \(int(10...50)) \(int(10...50)) \(int(0...8))"
            }
        }

        /// One statement, as lines; blocks go at most two deep.
        mutating func statement(depth: Int) -> [String] {
            let kind = depth >= 2 ? int(0...3) : int(0...6)
            switch kind {
            case 0, 1: return [drawing()]
            case 2:
                // A `let`: of a name this block holds (it is set again), an outer block's (a new
                // variable here) or a new one.
                let n = pick(GeneratedDef.names)
                let line = "let \(n) = \(expression())"
                scopes[scopes.count - 1].insert(n)
                return [line]
            case 3:
                let names = visible
                guard !names.isEmpty else { return [drawing()] }
                return ["\(pick(names)) = \(expression())"]
            case 4:
                let v = pick(GeneratedDef.names)
                // Bounds whose literals alone would divide as whole numbers in Swift.
                let head = "for \(v) in \(pick(["0", "1", "-2 / 4"]))..<\(pick(["2", "3", "7 / 2"])) {"
                return [head] + block(depth: depth, holding: v) + ["}"]
            case 5:
                return ["repeat \(pick(["1", "2", "5 / 2 * 2 - 3"])) {"] + block(depth: depth, holding: nil) + ["}"]
            default:
                var lines = ["if \(expression()) > \(expression()) {"] + block(depth: depth, holding: nil)
                if int(0...1) == 0 { lines += ["} else {"] + block(depth: depth, holding: nil) }
                return lines + ["}"]
            }
        }

        mutating func block(depth: Int, holding variable: String?) -> [String] {
            scopes.append(variable.map { [$0] } ?? [])
            var lines: [String] = []
            for _ in 0..<int(1...3) { lines += statement(depth: depth + 1).map { "  " + $0 } }
            scopes.removeLast()
            return lines
        }
    }
}
