import ShapeGeometry

/// The function forms of the queries (SPEC §9): `nearest(120, 30)` runs the query's handler as
/// the command would, catches its report instead of printing it, and turns it into the value its
/// JSON report holds: one value as itself, several as a record with the JSON keys, a list of
/// points as a list of `{x, y}`.
extension Interpreter {
    func queryValue(_ spec: CommandSpec, arguments: [Expr], range: SourceRange, nameRange: SourceRange) throws(Diagnostic) -> Value {
        // `handle()`: the handle's index and point (the command `handle` alone is its query).
        if spec.name == "handle", arguments.isEmpty {
            let points = try trackPoints(range)
            guard let p = state.handle.point(in: points) else { throw error(.noPath("handle"), range) }
            return .record(Record(["index": .number(Double(state.handle.index)), "x": .number(p.x), "y": .number(p.y)]))
        }
        guard spec.hasFunctionForm else { throw error(spec.isQuery ? .noValue(spec.name) : .notAFunction(spec.name), nameRange) }
        // `length(i)`: the length of element i.
        if spec.name == "length", arguments.count == 1 {
            let i = try integer(arguments[0], "the element index")
            guard i >= 0, i < path.elements.count else { throw error(.noSuchElement(Double(i), count: path.elements.count), arguments[0].range) }
            return .number(path.length(ofElement: i))
        }
        // Option words are written as bare names among the arguments: `contains(1, 2, evenodd)`.
        var positional: [Expr] = []
        var keywords: [KeywordArgument] = []
        var k = 0
        while k < arguments.count {
            if case .name(let word, let r) = arguments[k], !isDefined(word), let option = spec.keyword(named: word) {
                let values = Array(arguments[(k + 1)..<Swift.min(k + 1 + option.valueCount, arguments.count)])
                keywords.append(KeywordArgument(name: word, values: values, range: r))
                k += 1 + option.valueCount
                continue
            }
            positional.append(arguments[k])
            k += 1
        }
        try charge(spec.cost.units(elements: path.elements.count), range)
        let invocation = try bind(spec, arguments: positional, keywords: keywords, range: range)
        guard let run = spec.run else { throw error(.notAFunction(spec.name), nameRange) }
        current.capturing += 1
        current.captured = nil
        defer { current.capturing -= 1 }
        drawn = nil
        try run(self, invocation)
        if drawn != nil || spec.group == .teaching { try fileFigure(invocation, teaching: spec.group == .teaching) }
        if current.nonFiniteReport {
            current.nonFiniteReport = false
            throw error(.nonFiniteResult, range)
        }
        guard let report = current.captured, let value = report.wording(.value).value else { throw error(.notAFunction(spec.name), nameRange) }
        current.captured = nil
        return value
    }
}
