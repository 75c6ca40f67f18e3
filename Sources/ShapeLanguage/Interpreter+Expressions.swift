import ShapeGeometry

extension Interpreter {
    /// The value of a name: innermost scope first, then globals, then the built-ins.
    @inline(never) func lookup(_ name: String, _ range: SourceRange) throws(Diagnostic) -> Value {
        for scope in current.scopes.reversed() { if let v = scope[name] { return v } }
        if let v = globals[name] { return v }
        guard let builtin = Builtins.Value(rawValue: name) else {
            // `n.x`, `xs.count`, `a.b.c`: a variable, then its fields.
            if let dot = name.firstIndex(of: "."), isDefined(String(name[..<dot])) {
                var v = try lookup(String(name[..<dot]), SourceRange(range.start, range.start + name.utf8.distance(from: name.startIndex, to: dot)))
                for part in name[name.index(after: dot)...].split(separator: ".") { v = try field(String(part), of: v, range) }
                return v
            }
            let candidates = visibleNames + CommandTable.all.map({ $0.name })
            throw error(.undefinedVariable(name), range, suggestion: suggestion(for: name, among: candidates))
        }
        switch builtin {
        case .pi: return .number(Double.pi)
        case .tau: return .number(2 * Double.pi)
        case .penX, .penY:
            guard let p = path.currentPoint else { throw error(.noCurrentPoint(name), range) }
            return .number(builtin == .penX ? p.x : p.y)
        case .pathLength: return .number(path.length)
        case .handleIndex: return .number(Double(state.handle.index))
        case .handleX, .handleY:
            guard let p = state.handle.point(in: try trackPoints(range)) else { throw error(.noPath(name), range) }
            return .number(builtin == .handleX ? p.x : p.y)
        case .pointsCount: return .number(Double(try trackPoints(range).count))
        }
    }

    /// Field `name` of a record; `count` of a list; `length` and `count` (elements) of a path.
    func field(_ name: String, of v: Value, _ range: SourceRange) throws(Diagnostic) -> Value {
        switch v {
        case .record(let r):
            if let f = r[name] { return f }
            throw error(.noField(name, kind: v.kindName, fields: r.names), range, suggestion: suggestion(for: name, among: r.names))
        case .list(let items) where name == "count": return .number(Double(items.count))
        case .path(let p) where name == "length": return .number(p.length)
        case .path(let p) where name == "count": return .number(Double(p.elements.count))
        case .list: throw error(.noField(name, kind: v.kindName, fields: ["count"]), range)
        case .path: throw error(.noField(name, kind: v.kindName, fields: ["length", "count"]), range)
        case .number, .string: throw error(.noField(name, kind: v.kindName, fields: []), range)
        }
    }

    /// The value of an expression. Each kind is worked out in a function of its own, never
    /// inlined here: calls nest through this function (a function's `return` is evaluated in it),
    /// and a small frame lets them nest as deep as the limits allow in a browser's smaller stack.
    func evaluate(_ e: Expr) throws(Diagnostic) -> Value {
        try charge(WorkCost.expressionCost, e.range)
        switch e {
        case .number(let v, _): return .number(v)
        case .string(let s, _): return .string(s)
        case .list(let items, let r): return try evaluateList(items, r)
        case .index(let base, let indexExpr, let r): return try evaluateIndex(base, indexExpr, r)
        case .field(let base, let name, let r): return try evaluateField(base, name, r)
        case .name(let n, let r): return try lookup(n, r)
        case .unary(let op, let operand, let r): return try evaluateUnary(op, operand, r)
        case .binary(let op, let a, let b, let r): return try evaluateBinary(op, a, b, r)
        case .call(let name, let args, let r): return try evaluateCall(name, args, r)
        }
    }

    @inline(never) func evaluateList(_ items: [Expr], _ r: SourceRange) throws(Diagnostic) -> Value {
        var values: [Value] = []
        for item in items { values.append(try evaluate(item)) }
        let list = Value.list(values)
        guard values.allSatisfy({ $0.depth < limits.valueDepth }) else { throw error(.valueTooDeep(limits.valueDepth), r) }
        let size = list.size(upTo: limits.valueSize)
        guard size <= limits.valueSize else { throw error(.valueTooLarge(limits.valueSize), r) }
        try charge(size, r)
        return list
    }

    @inline(never) func evaluateIndex(_ base: Expr, _ indexExpr: Expr, _ r: SourceRange) throws(Diagnostic) -> Value {
        let container = try evaluate(base)
        guard case .list(let items) = container else {
            throw error(.notIndexable(kind: container.kindName), base.range)
        }
        let x = try number(indexExpr, "the index")
        guard x == x.rounded() else { throw error(.notAnInteger("the index"), indexExpr.range) }
        guard x >= 0, x < Double(items.count) else { throw error(.indexOutOfRange(x, count: items.count), r) }
        return items[Int(saturating: x)]
    }

    @inline(never) func evaluateField(_ base: Expr, _ name: String, _ r: SourceRange) throws(Diagnostic) -> Value {
        try field(name, of: try evaluate(base), r)
    }

    @inline(never) func evaluateUnary(_ op: PrefixOperator, _ operand: Expr, _ r: SourceRange) throws(Diagnostic) -> Value {
        let v = try number(operand, "the operand of '\(op.rawValue)'")
        let result: Double =
            switch op {
            case .negate: -v
            case .plus: v
            case .not: v == 0 ? 1 : 0
            }
        return try finite(result, "the result of '\(op.rawValue)'", r)
    }

    @inline(never) func evaluateBinary(_ op: BinaryOperator, _ a: Expr, _ b: Expr, _ r: SourceRange) throws(Diagnostic) -> Value {
        try charge(WorkCost.expressionCost, r)
        let name = op.rawValue
        if op == .and || op == .or {
            let left = try number(a, "the left side of '\(name)'")
            if op == .and && left == 0 { return .number(0) }
            if op == .or && left != 0 { return .number(1) }
            return .number(try number(b, "the right side of '\(name)'") != 0 ? 1 : 0)
        }
        let left = try evaluate(a), right = try evaluate(b)
        if op == .plus, left.isString || right.isString { return try joined(left, right, r) }
        if op == .equal || op == .notEqual { return try compared(left, right, equal: op == .equal, r) }
        let x = try asNumber(left, "the left side of '\(name)'", a.range)
        let y = try asNumber(right, "the right side of '\(name)'", b.range)
        let result: Double =
            switch op {
            case .plus: x + y
            case .minus: x - y
            case .times: x * y
            case .divide: x / y
            case .remainder: x.truncatingRemainder(dividingBy: y)
            case .power: Maths.pow(x, y)
            case .less: x < y ? 1 : 0
            case .lessOrEqual: x <= y ? 1 : 0
            case .greater: x > y ? 1 : 0
            case .greaterOrEqual: x >= y ? 1 : 0
            case .and, .or, .equal, .notEqual: 0  // answered above
            }
        return try finite(result, "the result of '\(name)'", r)
    }

    @inline(never) func evaluateCall(_ name: String, _ args: [Expr], _ r: SourceRange) throws(Diagnostic) -> Value {
        let nameRange = SourceRange(r.start, r.start + name.utf8.count)
        if let function = Builtins.function(named: name) { return try builtinCall(function, name, args, r) }
        if let procedure = state.procedures[name] {
            try charge(1, r)
            guard let v = try call(name, procedure, arguments: args, range: r, asCommand: false) else {
                throw error(.noReturnValue(name), nameRange)
            }
            return v
        }
        if let spec = CommandTable.spec(named: name) {
            return try queryValue(spec, arguments: args, range: r, nameRange: nameRange)
        }
        if name == "path", args.isEmpty { return .path(path) }
        throw undefinedFunction(name, nameRange)
    }

    /// `a + b` where either is a string: joining strings costs their length, and a string has a
    /// length limit (doubling one forty times would otherwise abort on memory).
    @inline(never) func joined(_ left: Value, _ right: Value, _ r: SourceRange) throws(Diagnostic) -> Value {
        let joined = describe(left) + describe(right)
        let length = joined.utf8.count
        guard length <= limits.stringLength else { throw error(.stringTooLong(limits.stringLength), r) }
        try charge(length / 16 + 1, r)
        return .string(joined)
    }

    /// `a == b`, `a != b` (of any values).
    @inline(never) func compared(_ left: Value, _ right: Value, equal: Bool, _ r: SourceRange) throws(Diagnostic) -> Value {
        try charge(Swift.min(left.size(upTo: limits.valueSize), right.size(upTo: limits.valueSize)), r)
        return .number((left == right) == equal ? 1 : 0)
    }

    /// A call of a built-in function (`sin(x)`).
    @inline(never) func builtinCall(_ function: Builtins.Function, _ name: String, _ args: [Expr], _ r: SourceRange) throws(Diagnostic) -> Value {
        if function.arity.map({ args.count != $0 }) ?? args.isEmpty {
            throw error(.wrongCallArity(name: name, expected: function.arity ?? 1, got: args.count), r)
        }
        var values: [Double] = []
        for (i, a) in args.enumerated() { values.append(try number(a, "argument \(i + 1) of \(name)")) }
        return try finite(function.evaluate(values), "the result of \(name)", r)
    }

    @inline(never) func undefinedFunction(_ name: String, _ nameRange: SourceRange) -> Diagnostic {
        let candidates =
            Builtins.functions.map({ $0.name }) + CommandTable.all.filter({ $0.isQuery }).map({ $0.name }) + state.procedures.keys + ["path"]
        return error(.undefinedFunction(name), nameRange, suggestion: suggestion(for: name, among: candidates))
    }

    /// `x` as a value, or an error naming `what` (made only then) when it is not finite.
    func finite(_ x: Double, _ what: @autoclosure () -> String, _ range: SourceRange) throws(Diagnostic) -> Value {
        guard x.isFinite else { throw error(.nonFinite(what()), range) }
        return .number(x)
    }

    /// A plain rendering for string concatenation (shortest round-trip digits, no "-0").
    func describe(_ v: Value) -> String {
        v.text { x in
            if x == x.rounded(), Swift.abs(x) < Magnitude.exactWhole { return String(Int(saturating: x)) }
            return "\(x)"
        }
    }

    func number(_ e: Expr, _ what: @autoclosure () -> String) throws(Diagnostic) -> Double {
        if case .number(let x, _) = e { return x }  // a literal, as most arguments are
        return try asNumber(try evaluate(e), what(), e.range)
    }

    /// The number `v` is, or an error naming what it is instead (`what` is made only then).
    func asNumber(_ v: Value, _ what: @autoclosure () -> String, _ range: SourceRange) throws(Diagnostic) -> Double {
        switch v {
        case .number(let x): return x
        case .string, .record, .list, .path: throw error(.wrongKind(what(), expected: "a number", found: v.kindName), range)
        }
    }

    func integer(_ e: Expr, _ what: String) throws(Diagnostic) -> Int {
        let x = try number(e, what)
        guard x == x.rounded() else { throw error(.notAnInteger(what), e.range) }
        guard Swift.abs(x) < Magnitude.largestWhole else { throw error(.integerTooLarge(what), e.range) }
        return Int(saturating: x)
    }
}
