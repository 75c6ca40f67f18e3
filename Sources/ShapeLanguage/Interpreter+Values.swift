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
        try run(self)(invocation)
        if current.nonFiniteReport {
            current.nonFiniteReport = false
            throw error(.nonFiniteResult, range)
        }
        guard let report = current.captured, let value = Interpreter.value(of: report.kind) else { throw error(.notAFunction(spec.name), nameRange) }
        current.captured = nil
        return value
    }

    /// What a query's report holds, as a value (nil for reports that are not values).
    static func value(of kind: Report.Kind) -> Value? {
        func n(_ x: Double) -> Value { .number(x) }
        func pointList(_ ps: [Point]) -> Value { .list(ps.map(Value.point)) }
        switch kind {
        case .length(let l): return n(l)
        case .contains(let c): return n(c ? 1 : 0)
        case .at(let p, let angle): return .record(Record(["x": n(p.x), "y": n(p.y), "angle": n(angle)]))
        case .nearest(let p, let d, let s): return .record(Record(["x": n(p.x), "y": n(p.y), "distance": n(d), "at": n(s)]))
        case .bounds(let b?):
            return .record(
                Record([
                    "minX": n(b.minX), "minY": n(b.minY), "maxX": n(b.maxX), "maxY": n(b.maxY), "width": n(b.width), "height": n(b.height),
                ]))
        case .bounds(nil): return nil
        case .handleQuery(let index, let p?): return .record(Record(["index": n(Double(index)), "x": n(p.x), "y": n(p.y)]))
        case .handleQuery(_, nil): return nil
        case .points(let ps): return pointList(ps)
        case .elements(let list): return .list(list.map({ $0.value }))
        case .extrema(_, let xs, let ys):
            let turns = xs.map { ("x", $0) } + ys.map { ("y", $0) }
            return .list(
                turns.stablySorted { $0.1.t < $1.1.t }.map {
                    .record(Record(["axis": .string($0.0), "t": n($0.1.t), "x": n($0.1.point.x), "y": n($0.1.point.y)]))
                })
        case .casteljau(_, _, _, let levels):
            let p = levels.last![0]
            return .record(Record(["x": n(p.x), "y": n(p.y), "levels": .list(levels.map(pointList))]))
        case .direction(let p, let v): return .record(Record(["x": n(p.x), "y": n(p.y), "dx": n(v.dx), "dy": n(v.dy)]))
        case .curvature(let p, let k, let radius):
            // At a cusp the curvature is unbounded: the record says `cusp: 1` and holds radius 0.
            var r = Record(["x": n(p.x), "y": n(p.y)])
            if let k { r.append("curvature", n(k)) }
            if let radius { r.append("radius", n(radius)) }
            r.append("cusp", n(k == nil ? 1 : 0))
            return .record(r)
        case .parameterPoint(let info): return info.value
        case .located(let element, let t): return .record(Record(["element": n(Double(element)), "t": n(t)]))
        case .inflections(_, let list):
            return .list(list.map { .record(Record(["t": n($0.t), "x": n($0.point.x), "y": n($0.point.y)])) })
        case .yForX(_, _, let list):
            return .list(list.map { .record(Record(["t": n($0.t), "x": n($0.point.x), "y": n($0.point.y)])) })
        case .pointList(_, let list):
            return .list(list.map { .record(Record(["x": n($0.x), "y": n($0.y)])) })
        case .continuity(let list):
            return .list(
                list.map {
                    .record(
                        Record([
                            "from": n(Double($0.from)), "to": n(Double($0.to)), "c1": n($0.c1 ? 1 : 0), "g1": n($0.g1 ? 1 : 0),
                            "turn": n($0.turn * 180 / Double.pi),
                        ]))
                })
        case .abc(_, _, let x):
            func point(_ p: Point) -> Value { .record(Record(["x": n(p.x), "y": n(p.y)])) }
            return .record(Record(["a": point(x.a), "b": point(x.b), "c": point(x.c), "u": n(x.u), "ratio": n(x.ratio)]))
        case .components(_, let xs, let ys): return .record(Record(["x": .list(xs.map(n)), "y": .list(ys.map(n))]))
        case .lengthTable(_, let chords, let a, let e):
            return .record(Record(["chords": n(Double(chords)), "approximate": n(a), "exact": n(e)]))
        case .intersections(let list):
            return .list(
                list.map { m in
                    var r = Record(["x": n(m.point.x), "y": n(m.point.y), "at": n(m.at), "other": n(m.other)])
                    if let o = m.overlap { r.append("overlap", n(o)) }
                    return .record(r)
                })
        case .facts(_, _, let fields): return .record(fields)
        case .answer(let v): return v
        case .value(nil, let v, _): return v
        case .export, .names, .help, .plot, .saved, .printed, .path, .cleared, .transformed, .sticky, .wander, .dash, .handle, .value, .undone,
            .precision, .figureMode, .defined, .split, .degree, .cubics, .outline, .molded, .fitted:
            return nil
        }
    }
}
