import Testing
@testable import ShapeGeometry

@Test func booleanDebug() throws {
    var a = Path()
    try a.move(to: Point(110, 30))
    try a.quad(control: Point(110, 110), to: Point(110, 110))
    try a.quad(control: Point(110, 0), to: Point(110, 110))
    try a.quad(control: Point(110, 0), to: Point(10, 0))
    a.close()
    var b = BooleanBuilder(a, Path(), rule: .evenOdd) { x, _ in x }
    var left = Int.max
    _ = b.cut(budget: &left)
    for (k, e) in b.edges.enumerated() { print("edge", k, e.segment, e.cuts) }
    b.makePieces()
    for (k, p) in b.pieces.enumerated() { print("piece", k, p.edge, p.t0, p.t1, p.from, p.to, b.vertices[p.from], b.vertices[p.to]) }
    var kept: [BooleanBuilder.Kept] = []
    for g in b.coincidentGroups() { let k = b.classify(g); if let k { kept.append(k) }; print("group", g, k.map { ($0.from, $0.to) } as Any) }
    let loops = b.chain(kept)
    print("openings", b.openings, loops.map { $0.map { ($0.from, $0.to) } })
}
