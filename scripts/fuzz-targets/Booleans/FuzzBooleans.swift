#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeCorpus
import ShapeGeometry

// libFuzzer entry point over the boolean operations: the bytes become two small paths (lines,
// quadratics, cubics, arcs, moves and closes on a coarse grid, so that edges and vertices often
// coincide, with now and then a finer coordinate; for a quarter of the inputs the second is the
// first, or a part of it, nudged by 1e-12 to 1e-3 of its size, at scales 1, 1e-3 and 1e6), and
// each operation and `simplify`, under the
// rule the first byte picks, must give a result within the budget (totality) that passes the
// sampling check of Sources/ShapeCorpus/BooleanSampling.swift; against a copy nudged by less
// than 1e-5 of the size, a refusal as inconsistent is allowed too (issue 49: from 1e-5 on, a
// hundred times the widened tolerance, the outline must be made). A failure aborts: libFuzzer keeps
// the input. Built only by `scripts/fuzz booleans`.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBooleans(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 2 else { return 0 }
    let rule: FillRule = bytes[0] & 1 == 0 ? .nonZero : .evenOdd
    let (a, b) = FuzzPaths.booleanPair(bytes)
    let nudge = FuzzPaths.nudge(bytes)
    for op in [BooleanOperation?.none] + BooleanOperation.allCases.map(Optional.some) {
        let answer =
            op.map { a.combinedResult(with: b, $0, rule: rule, budget: 20_000_000) } ?? a.simplifiedResult(rule: rule, budget: 20_000_000)
        let result: Path
        switch answer {
        case .success(let (path, _)): result = path
        // Against a copy nudged by less than 1e-5, an honest refusal (no consistent outline) is
        // allowed; running out of work never is, nor a wrong region.
        case .failure(.inconsistent) where (nudge ?? 1) < 1e-5: continue
        case .failure(let why): fail("no result within the budget (\(why))", op, rule, a, b)
        }
        let problems = BooleanSampling.problems(
            a, op == nil ? Path() : b, op, rule: rule, result: result, samples: 300, seed: UInt64(size))
        if let first = problems.first { fail(first, op, rule, a, b) }
    }
    return 0
}

func fail(_ what: String, _ op: BooleanOperation?, _ rule: FillRule, _ a: Path, _ b: Path) -> Never {
    // On standard error, unbuffered: abort() would lose what standard output holds.
    fputs("booleans: \(op?.rawValue ?? "simplify") \(rule): \(what)\na: \(a.elements)\nb: \(b.elements)\n", stderr)
    abort()
}
