#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShapeGeometry

extension Interpreter {
    /// Read-only names: constants and the session's state.
    static let builtinValues: Set<String> = ["pi", "tau", "pen.x", "pen.y", "path.length", "handle.index",
                                              "handle.x", "handle.y", "points.count"]

    /// Built-in functions: name → (arity, function). Arity −1 takes one or more arguments.
    static let functions: [String: (Int, @Sendable ([Double]) -> Double)] = [
        "sin": (1, { sin($0[0]) }), "cos": (1, { cos($0[0]) }), "tan": (1, { tan($0[0]) }),
        "asin": (1, { asin($0[0]) }), "acos": (1, { acos($0[0]) }), "atan": (1, { atan($0[0]) }),
        "atan2": (2, { atan2($0[0], $0[1]) }), "sqrt": (1, { $0[0].squareRoot() }),
        "hypot": (2, { hypot($0[0], $0[1]) }), "abs": (1, { Swift.abs($0[0]) }),
        "floor": (1, { $0[0].rounded(.down) }), "ceil": (1, { $0[0].rounded(.up) }),
        "round": (1, { $0[0].rounded() }),
        "min": (-1, { $0.min()! }), "max": (-1, { $0.max()! }),
    ]

    /// The value of a name: innermost scope first, then globals, then the built-ins.
    func lookup(_ name: String, _ range: SourceRange) throws(Diagnostic) -> Value {
        for scope in scopes.reversed() { if let v = scope[name] { return v } }
        if let v = state.globals[name] { return v }
        switch name {
        case "pi": return .number(Double.pi)
        case "tau": return .number(2 * Double.pi)
        case "pen.x", "pen.y":
            guard let p = path.currentPoint else { throw error(.noCurrentPoint(name), range) }
            return .number(name == "pen.x" ? p.x : p.y)
        case "path.length": return .number(path.length)
        case "handle.index": return .number(Double(state.handle.index))
        case "handle.x", "handle.y":
            guard let p = state.handle.point(in: try trackPoints(range)) else { throw error(.noPath(name), range) }
            return .number(name == "handle.x" ? p.x : p.y)
        case "points.count": return .number(Double(try trackPoints(range).count))
        default:
            let candidates = visibleNames + CommandTable.all.map(\.name)
            throw error(.undefinedVariable(name), range, suggestion: suggestion(for: name, among: candidates))
        }
    }

    func evaluate(_ e: Expr) throws(Diagnostic) -> Value {
        switch e {
        case .number(let v, _): return .number(v)
        case .string(let s, _): return .string(s)
        case .name(let n, let r): return try lookup(n, r)
        case .unary(let op, let operand, let r):
            let v = try number(operand, "the operand of '\(op)'")
            let result: Double = switch op {
            case "-": -v
            case "+": v
            default: v == 0 ? 1 : 0
            }
            return try finite(result, "the result of '\(op)'", r)
        case .binary(let op, let a, let b, let r):
            if op == "&&" || op == "||" {
                let left = try number(a, "the left side of '\(op)'")
                if op == "&&" && left == 0 { return .number(0) }
                if op == "||" && left != 0 { return .number(1) }
                return .number(try number(b, "the right side of '\(op)'") != 0 ? 1 : 0)
            }
            let left = try evaluate(a), right = try evaluate(b)
            if op == "+", case .string(let s) = left { return .string(s + describe(right)) }
            if op == "+", case .string(let s) = right { return .string(describe(left) + s) }
            if op == "==" || op == "!=" {
                return .number((left == right) == (op == "==") ? 1 : 0)
            }
            guard case .number(let x) = left else { throw error(.notANumber("the left side of '\(op)'"), a.range) }
            guard case .number(let y) = right else { throw error(.notANumber("the right side of '\(op)'"), b.range) }
            let result: Double
            switch op {
            case "+": result = x + y
            case "-": result = x - y
            case "*": result = x * y
            case "/": result = x / y
            case "%": result = x.truncatingRemainder(dividingBy: y)
            case "^": result = pow(x, y)
            case "<": result = x < y ? 1 : 0
            case "<=": result = x <= y ? 1 : 0
            case ">": result = x > y ? 1 : 0
            default: result = x >= y ? 1 : 0
            }
            return try finite(result, "the result of '\(op)'", r)
        case .call(let name, let args, let r):
            guard let (arity, f) = Interpreter.functions[name] else {
                throw error(.undefinedFunction(name), SourceRange(r.start, r.start + name.count),
                            suggestion: suggestion(for: name, among: Array(Interpreter.functions.keys)))
            }
            if arity >= 0 ? args.count != arity : args.isEmpty {
                throw error(.wrongCallArity(name: name, expected: Swift.max(arity, 1), got: args.count), r)
            }
            var values: [Double] = []
            for (i, a) in args.enumerated() { values.append(try number(a, "argument \(i + 1) of \(name)")) }
            return try finite(f(values), "the result of \(name)", r)
        }
    }

    func finite(_ x: Double, _ what: String, _ range: SourceRange) throws(Diagnostic) -> Value {
        guard x.isFinite else { throw error(.nonFinite(what), range) }
        return .number(x)
    }

    /// A plain rendering for string concatenation (shortest round-trip digits, no "-0").
    func describe(_ v: Value) -> String {
        switch v {
        case .string(let s): return s
        case .number(let x):
            if x == x.rounded(), Swift.abs(x) < 1e15 { return String(Int(x)) }
            return "\(x)"
        }
    }

    func number(_ e: Expr, _ what: String) throws(Diagnostic) -> Double {
        guard case .number(let x) = try evaluate(e) else { throw error(.notANumber(what), e.range) }
        return x
    }

    func integer(_ e: Expr, _ what: String) throws(Diagnostic) -> Int {
        let x = try number(e, what)
        guard x == x.rounded(), Swift.abs(x) < 9e15 else { throw error(.notAnInteger(what), e.range) }
        return Int(x)
    }
}
