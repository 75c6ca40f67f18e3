// The grids and meters the boolean operations and strokes share.

/// The work of one operation against its budget, in the language's work units (about 50 ns
/// each). A class, so that the steps that only read the builder count through it too.
final class WorkMeter {
    /// The units spent so far.
    var used = 0
    let budget: Int
    init(budget: Int) { self.budget = budget }

    /// Adds `units`; false once more than the budget is spent.
    @discardableResult func spend(_ units: Int) -> Bool {
        used += units
        return used <= budget
    }

    var isSpent: Bool { used > budget }
}

/// Points gathered into vertices: a point within the tolerance of a vertex's first point is
/// that vertex (the first made, if several: `vertex(for:)`). Looked up in a grid of cells eight
/// times the tolerance wide, each cell's vertices chained through `next`, the cells in a table
/// of their own (open addressing, a multiplicative hash): each look-up is O(1), reads at most
/// four cells (most often one) and allocates nothing.
struct VertexSet {
    let tolerance: Double
    var points: [Point] = []
    private var next: [Int] = []
    /// Open addressing: each slot a cell and the last vertex put in it, -1 for an empty slot.
    private var slots: [(cell: GridCell, head: Int)]
    private var used = 0

    /// `capacity`: about how many points will be asked for (room made for that many vertices).
    init(tolerance: Double, capacity: Int = 0) {
        self.tolerance = Swift.max(tolerance, Double.leastNormalMagnitude)
        // Room for that many cells at half the slots (a power of two, up to 4,096: past that
        // the table grows as it fills), so that a glyph's table need not grow on the way.
        var count = 64
        while count < 2 * capacity, count < 1 << 12 { count *= 2 }
        slots = Array(repeating: (GridCell(x: 0, y: 0), -1), count: count)
        points.reserveCapacity(capacity)
        next.reserveCapacity(capacity)
    }

    /// The slot of `c`: where it is, or the empty slot where it would go.
    private func slot(of c: GridCell) -> Int {
        let mask = slots.count - 1
        var h = Int(truncatingIfNeeded: (UInt64(bitPattern: c.x) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(bitPattern: c.y) &* 0xC2B2_AE3D_27D4_EB4F))
        h ^= h >> 29
        var k = h & mask
        while slots[k].head >= 0, slots[k].cell != c { k = (k + 1) & mask }
        return k
    }

    /// The vertex `p` belongs to, made for it if there is none: the first made of those within
    /// the tolerance of it. (The first, not the nearest: a point once given a vertex keeps it
    /// whatever vertices come later, so one point asked for twice, as the start of two copies
    /// of a segment, is one vertex; the nearest could be a later one made just beyond the
    /// tolerance of the first.) Cells are eight times the tolerance wide, so the square of the
    /// tolerance about p covers at most two by two of them, and most often one (a cell holds at
    /// most about a hundred vertices, which lie more than the tolerance apart).
    mutating func vertex(for p: Point) -> Int {
        // A point asked for again exactly (the end of one segment, the start of the next) has
        // the vertex it had: vertices made since have greater numbers, so the first within the
        // tolerance is the same one. The last few answers are kept for that.
        for k in 0..<VertexSet.recentCount where recent[k].vertex >= 0 && recent[k].point == p { return recent[k].vertex }
        let v = lookUp(p)
        recent[nextRecent] = (p, v)
        nextRecent = (nextRecent + 1) % VertexSet.recentCount
        return v
    }

    /// The last answers of `vertex(for:)` (vertex -1: none yet), the oldest replaced first.
    private var recent = Array(repeating: (point: Point(x: 0, y: 0), vertex: -1), count: VertexSet.recentCount)
    private var nextRecent = 0
    private static let recentCount = 4

    /// `vertex(for:)`, through the grid.
    private mutating func lookUp(_ p: Point) -> Int {
        let side = 8 * tolerance
        let x0 = GridCell.index(p.x - tolerance, side: side), x1 = Swift.max(x0, GridCell.index(p.x + tolerance, side: side))
        let y0 = GridCell.index(p.y - tolerance, side: side), y1 = Swift.max(y0, GridCell.index(p.y + tolerance, side: side))
        var best = -1
        var x = x0
        repeat {
            var y = y0
            repeat {
                var v = slots[slot(of: GridCell(x: x, y: y))].head
                while v >= 0 {
                    if best < 0 || v < best, points[v].quickDistance(to: p) <= tolerance { best = v }
                    v = next[v]
                }
                y += 1
            } while y <= y1
            x += 1
        } while x <= x1
        if best >= 0 { return best }
        points.append(p)
        let c = GridCell(p, side: side)
        let k = slot(of: c)
        next.append(slots[k].head)
        if slots[k].head < 0 { used += 1 }
        slots[k] = (c, points.count - 1)
        if 2 * used > slots.count { grow() }
        return points.count - 1
    }

    /// Twice the slots, each cell put again.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: (GridCell(x: 0, y: 0), -1), count: 2 * old.count)
        for entry in old where entry.head >= 0 { slots[slot(of: entry.cell)] = entry }
    }
}

/// A cell of a square grid of the given side, for finding points within that distance of a point
/// (in its cell or one of the eight around it). Indices are clamped (`Tolerance.gridIndexLimit`).
struct GridCell: Hashable {
    var x: Int64, y: Int64

    init(x: Int64, y: Int64) { self.x = x; self.y = y }

    init(_ p: Point, side: Double) {
        x = GridCell.index(p.x, side: side)
        y = GridCell.index(p.y, side: side)
    }

    /// The index of the cell that holds coordinate v, held within ±`Tolerance.gridIndexLimit`
    /// (0 for a NaN): `Int64(saturating:)`, converted directly since the limit is within range.
    @inline(__always) static func index(_ v: Double, side: Double) -> Int64 {
        let limit = Tolerance.gridIndexLimit
        let q = v / side
        // (The floor by a conversion toward 0, one less below 0 where that rounded up: a call of
        // the library's floor was a quarter of a vertex's look-up.)
        guard abs(q) < limit else { return q.isNaN ? 0 : q > 0 ? Int64(limit) : -Int64(limit) }
        let t = Int64(q)
        return Double(t) > q ? t - 1 : t
    }

    /// The cell and the eight around it.
    var neighbourhood: [GridCell] {
        var cells: [GridCell] = []
        cells.reserveCapacity(9)
        for dx: Int64 in -1...1 { for dy: Int64 in -1...1 { cells.append(GridCell(x: x + dx, y: y + dy)) } }
        return cells
    }
}

/// Boxes in a uniform grid of about as many cells as boxes, for finding the boxes near a box.
/// A box that would cover more than 64 cells is kept in a list looked at every time; with at most
/// 64 boxes there is no grid, and every box is looked at (cheaper than making the grid, for the
/// 30 to 60 segments of a font's glyph: 7% of `simplify`'s instructions on the fonts). The cells'
/// lists are runs of one array (`starts[c]..<starts[c + 1]` of `members`), so that building the
/// grid allocates a few arrays, not one for each cell.
struct BoxGrid {
    let boxes: [Rect]
    private var origin = Point(0, 0)
    private var cellSize = 1.0
    private var columns = 1, rows = 1
    private var starts: [Int32] = []
    private var members: [Int32] = []
    /// Each box's first column and row (for reporting it once).
    private var firstCells: [(column: Int32, row: Int32)] = []
    private var large: [Int] = []

    init(_ boxes: [Rect]) {
        self.boxes = boxes
        // A few boxes are looked at one by one (in order): cheaper than any grid.
        guard boxes.count > 64, var all = boxes.first else { return }
        for b in boxes.dropFirst() { all = all.union(b) }
        let side = Swift.max(all.width, all.height, Tolerance.sizeFloor)
        let perSide = Swift.max(1, Swift.min(1024, Int(saturating: Double(boxes.count).squareRoot().rounded(.up))))
        cellSize = side / Double(perSide)
        origin = Point(all.minX, all.minY)
        columns = Swift.max(1, Int(saturating: (all.width / cellSize).rounded(.down)) + 1)
        rows = Swift.max(1, Int(saturating: (all.height / cellSize).rounded(.down)) + 1)
        // Each box's cells, or none for a large one: counted first, then filled in.
        var ranges: [(Int, Int, Int, Int)] = []
        ranges.reserveCapacity(boxes.count)
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        for (k, b) in boxes.enumerated() {
            guard b.minX.isFinite, b.maxX.isFinite, b.minY.isFinite, b.maxY.isFinite else {
                large.append(k)
                ranges.append((1, 0, 1, 0))
                continue
            }
            let (c0, c1, r0, r1) = range(b, margin: 0)
            if (c1 - c0 + 1) * (r1 - r0 + 1) > 64 {
                large.append(k)
                ranges.append((1, 0, 1, 0))
                continue
            }
            ranges.append((c0, c1, r0, r1))
            for r in r0...r1 { for c in c0...c1 { counts[r * columns + c + 1] += 1 } }
        }
        for c in 0..<(columns * rows) { counts[c + 1] += counts[c] }
        starts = counts
        members = [Int32](repeating: 0, count: Int(counts[columns * rows]))
        firstCells = ranges.map { (Int32($0.0), Int32($0.2)) }
        var fill = counts
        for (k, (c0, c1, r0, r1)) in ranges.enumerated() where c0 <= c1 {
            for r in r0...r1 {
                for c in c0...c1 {
                    members[Int(fill[r * columns + c])] = Int32(k)
                    fill[r * columns + c] += 1
                }
            }
        }
    }

    private func range(_ b: Rect, margin: Double) -> (Int, Int, Int, Int) {
        func index(_ v: Double, _ o: Double, _ count: Int) -> Int {
            let k = ((v - o) / cellSize).rounded(.down)
            guard k.isFinite else { return k > 0 ? count - 1 : 0 }
            return Int(saturating: Swift.min(Swift.max(k, 0), Double(count - 1)))
        }
        return (
            index(b.minX - margin, origin.x, columns), index(b.maxX + margin, origin.x, columns),
            index(b.minY - margin, origin.y, rows), index(b.maxY + margin, origin.y, rows)
        )
    }

    /// `forEach(near:margin:_:)` for the boxes of index greater than `after` alone (pairs found
    /// once each): a few boxes are then looked at only from there on.
    func forEach(near box: Rect, margin: Double, after: Int, _ body: (Int) -> Void) {
        guard starts.isEmpty else {
            forEach(near: box, margin: margin) { k in if k > after { body(k) } }
            return
        }
        for k in (after + 1)..<Swift.max(after + 1, boxes.count) where BoxGrid.meets(boxes[k], box, margin) { body(k) }
    }

    /// Whether box `b` comes within `margin` of `box`. (The four comparisons made and combined
    /// without branching, then one branch at the caller: which of them fails first is no pattern
    /// a predictor learns, and a glyph's pair search, which asks this of every pair, took 8%
    /// longer with them joined by `&&`; as constants typed `UInt8`, the compiler branched again.)
    @inline(__always) static func meets(_ b: Rect, _ box: Rect, _ margin: Double) -> Bool {
        let inX = UInt8(b.minX <= box.maxX + margin ? 1 : 0) & UInt8(box.minX <= b.maxX + margin ? 1 : 0)
        let inY = UInt8(b.minY <= box.maxY + margin ? 1 : 0) & UInt8(box.minY <= b.maxY + margin ? 1 : 0)
        return inX & inY != 0
    }

    /// Calls `body` with each box that comes within `margin` of `box`, once each.
    func forEach(near box: Rect, margin: Double, _ body: (Int) -> Void) {
        func meets(_ k: Int) -> Bool { BoxGrid.meets(boxes[k], box, margin) }
        guard !starts.isEmpty else {
            for k in boxes.indices where meets(k) { body(k) }
            return
        }
        for k in large where meets(k) { body(k) }
        let (c0, c1, r0, r1) = range(box, margin: margin)
        for r in r0...r1 {
            for c in c0...c1 {
                for m in Int(starts[r * columns + c])..<Int(starts[r * columns + c + 1]) {
                    let k = members[m]
                    guard meets(Int(k)) else { continue }
                    // Each box once, from the first cell that both it and the query cover.
                    let first = firstCells[Int(k)]
                    if c == Swift.max(c0, Int(first.column)), r == Swift.max(r0, Int(first.row)) { body(Int(k)) }
                }
            }
        }
    }
}
