/// Bounding boxes of a path's elements in a tree kept in drawing order, so that hit tests and
/// nearest-point queries visit O(log n) nodes plus the elements near the answer, and the tree
/// follows the path: an append updates its leaf (a full leaf goes up through the levels once),
/// `truncate` (the undo of appends) recomputes the last node of each level. Consecutive elements
/// of a path lie next to each other, which is what makes boxes of runs of them tight.
///
/// Each element stands for a segment: its own, or for a `move` that starts a later subpath, the
/// line that implicitly closes the subpath before it (as CGPath fills an open subpath). A node
/// also keeps where its segments start and end and whether they join end to start: a horizontal
/// ray crosses such a chain, when it lies wholly on one side of the query point, as often as
/// its two ends say, so whole runs of the path to the right of a point cost one step.
package struct PathIndex: Sendable {
    /// Elements per leaf.
    static let leafSize = 8

    struct Node: Sendable {
        /// The box of every control point (it holds the curves).
        var control = Box.empty
        /// The tight box of the curves.
        var tight = Box.empty
        /// The first segment's start and the last one's end.
        var first = Point(x: 0, y: 0), last = Point(x: 0, y: 0)
        var hasSegments = false
        /// Every segment starts exactly where the one before it ends.
        var continuous = true
        /// How far any control point strays from the chord from `first` to `last`, once the node
        /// is complete (infinity before): with it the distance to the chord bounds the distance
        /// to the node's curves far more tightly than the box, for the short, nearly straight
        /// runs that many-element paths are made of.
        var deviation = Double.infinity

        init() {}

        init(_ s: Segment, tight known: Rect? = nil) {
            let tightBox = known ?? s.tightBounds
            // An arc's control box is its tight box (trigonometry): not found twice.
            if case .arc = s { control = Box(tightBox) } else { control = Box(s.controlBounds) }
            tight = Box(tightBox)
            first = s.start
            last = s.end
            hasSegments = true
        }

        /// Takes in `b`, which follows this node's segments.
        mutating func absorb(_ b: Node) {
            guard b.hasSegments else { return }
            guard hasSegments else { self = b; return }
            continuous = continuous && b.continuous && last == b.first
            last = b.last
            control = control.union(b.control)
            tight = tight.union(b.tight)
        }
    }

    /// `levels[0]` has a node per `leafSize` elements; each level above, one per two nodes of the
    /// level below; the last level has one node. A leaf that is not yet full (the last one, while
    /// the count is not a multiple of `leafSize`) is in no node above it: an append updates one
    /// node, and a leaf goes up through the levels once, when it is full. The walks look at it
    /// beside the tree (`pendingLeaf`).
    var levels: [[Node]] = []
    /// The number of elements indexed.
    public private(set) var count = 0

    /// An index of no elements.
    public init() {}

    /// Indexes one more element, standing for `segment` (nil: nothing drawn); `segments(k)`
    /// gives what element k stands for, to measure each node's deviation once it is complete.
    mutating func append(_ segment: Segment?, tight: Rect? = nil, segments: (Int) -> Segment?) {
        let leaf = count / PathIndex.leafSize
        count += 1
        if levels.isEmpty { levels = [[]] }
        if leaf == levels[0].count {
            levels[0].append(Node())
            // Parents for the new leaf, and a new root when the old one has a sibling.
            var j = 0
            while levels[j].count > 1 {
                let needed = (levels[j].count + 1) / 2
                if j + 1 == levels.count { levels.append([]) }
                if levels[j + 1].count < needed {
                    // A new parent starts as what its children hold so far.
                    let i = levels[j + 1].count
                    var parent = levels[j][2 * i]
                    if 2 * i + 1 < levels[j].count { parent.absorb(levels[j][2 * i + 1]) }
                    parent.deviation = .infinity
                    levels[j + 1].append(parent)
                }
                j += 1
            }
        }
        if let segment { levels[0][leaf].absorb(Node(segment, tight: tight)) }
        guard count % PathIndex.leafSize == 0 else { return }
        // A leaf this element fills: into every node above it (as it is before its deviation is
        // known, which is the leaf's alone), then how far its control points stray from its chord.
        if levels[0][leaf].hasSegments {
            var node = levels[0][leaf]
            node.deviation = .infinity
            var i = leaf
            // (Through the list of levels once, not looked up again at every level.)
            levels.withUnsafeMutableBufferPointer { levels in
                for j in levels.indices.dropFirst() {
                    i /= 2
                    levels[j][i].absorb(node)
                }
            }
            var deviation = 0.0
            let chord = LineSegment.Projection(LineSegment(node.first, node.last))
            for k in (count - PathIndex.leafSize)..<count {
                guard let s = segments(k) else { continue }
                deviation = Swift.max(deviation, s.hullDistance(from: chord))
            }
            levels[0][leaf].deviation = deviation
        }
        // Each parent completed with it, from its children: a child's points lie within its
        // deviation of its chord, whose points lie no farther from the parent's chord than its
        // ends do (distance to a segment is convex), so the sum bounds them.
        var level = 1
        while level < levels.count, count % (PathIndex.leafSize << level) == 0 {
            let i = count / (PathIndex.leafSize << level) - 1
            let parent = levels[level][i]
            if parent.hasSegments {
                let chord = LineSegment.Projection(LineSegment(parent.first, parent.last))
                func reach(_ p: Point) -> Double { chord.distance(to: p) }
                var deviation = 0.0
                for child in [levels[level - 1][2 * i], levels[level - 1][2 * i + 1]] where child.hasSegments {
                    deviation = Swift.max(deviation, child.deviation + Swift.max(reach(child.first), reach(child.last)))
                }
                levels[level][i].deviation = deviation
            }
            level += 1
        }
    }

    /// The index `count` appends of `segments(0)`, `segments(1)`, ... would make, node for node,
    /// built level by level: each leaf from its elements (its deviation once it is full), each
    /// node above from its two children (the last leaf left out while not full), its deviation
    /// once every leaf under it is full. A box union is exact and `absorb` takes nodes in order,
    /// so a node is the same whichever way its leaves came into it. About a third of the
    /// appends' work (a font's glyphs: 203M instructions through `append`).
    static func built(count: Int, segments: (Int) -> Segment?) -> PathIndex {
        var index = PathIndex()
        guard count > 0 else { return index }
        index.count = count
        let leafCount = (count + PathIndex.leafSize - 1) / PathIndex.leafSize
        var leaves: [Node] = []
        leaves.reserveCapacity(leafCount)
        var own: [Segment?] = []
        own.reserveCapacity(PathIndex.leafSize)
        for leaf in 0..<leafCount {
            let lo = leaf * PathIndex.leafSize, hi = Swift.min(count, lo + PathIndex.leafSize)
            own.removeAll(keepingCapacity: true)
            var node = Node()
            for k in lo..<hi {
                let s = segments(k)
                own.append(s)
                if let s { node.absorb(Node(s)) }
            }
            if hi - lo == PathIndex.leafSize, node.hasSegments {
                var deviation = 0.0
                let chord = LineSegment.Projection(LineSegment(node.first, node.last))
                for case let s? in own { deviation = Swift.max(deviation, s.hullDistance(from: chord)) }
                node.deviation = deviation
            }
            leaves.append(node)
        }
        index.levels = [leaves]
        let pending = count % PathIndex.leafSize != 0 ? leafCount - 1 : -1
        var level = 1
        while index.levels[level - 1].count > 1 {
            let below = index.levels[level - 1]
            var nodes: [Node] = []
            nodes.reserveCapacity((below.count + 1) / 2)
            for i in 0..<((below.count + 1) / 2) {
                var parent = Node()
                for c in [2 * i, 2 * i + 1] where c < below.count && (level > 1 || c != pending) { parent.absorb(below[c]) }
                parent.deviation = .infinity
                if (i + 1) * (PathIndex.leafSize << level) <= count, parent.hasSegments {
                    let chord = LineSegment.Projection(LineSegment(parent.first, parent.last))
                    var deviation = 0.0
                    for c in [2 * i, 2 * i + 1] where below[c].hasSegments {
                        let child = below[c]
                        deviation = Swift.max(deviation, child.deviation + Swift.max(chord.distance(to: child.first), chord.distance(to: child.last)))
                    }
                    parent.deviation = deviation
                }
                nodes.append(parent)
            }
            index.levels.append(nodes)
            level += 1
        }
        return index
    }

    /// Forgets the elements from `n` on; `segment(k)` gives what element k stands for.
    mutating func truncate(to n: Int, segment: (Int) -> Segment?) {
        guard n < count else { return }
        count = n
        guard n > 0 else { levels = []; return }
        for j in levels.indices {
            let span = PathIndex.leafSize << j
            levels[j].removeSubrange(((n + span - 1) / span)...)
        }
        while levels.count > 1, levels[levels.count - 2].count == 1 { levels.removeLast() }
        // The last node of each level may now cover fewer elements.
        let leaf = (n - 1) / PathIndex.leafSize
        var node = Node()
        for k in (leaf * PathIndex.leafSize)..<n {
            if let s = segment(k) { node.absorb(Node(s)) }
        }
        levels[0][leaf] = node
        // (A last leaf left part full is in no node above it.)
        let pending = n % PathIndex.leafSize != 0 ? leaf : -1
        for j in levels.indices.dropFirst() {
            let i = levels[j].count - 1
            var merged = Node()
            for c in [2 * i, 2 * i + 1] where c < levels[j - 1].count && (j > 1 || c != pending) {
                merged.absorb(levels[j - 1][c])
            }
            merged.deviation = .infinity  // complete again only when appends fill it
            levels[j][i] = merged
        }
    }

    /// The last leaf while it is not full: its index in `levels[0]`, in no node above it.
    var pendingLeaf: Int? {
        guard count % PathIndex.leafSize != 0 else { return nil }
        return count / PathIndex.leafSize
    }

    /// The tight box of every segment, or nil when there is none.
    var tightBounds: Box? {
        guard var root = levels.last?.first else { return nil }
        if let k = pendingLeaf, levels.count > 1 { root.absorb(levels[0][k]) }
        return root.hasSegments ? root.tight : nil
    }

    /// Calls `visit` with the range of elements of each leaf that `enter` lets through, going
    /// down from the root into the nodes it accepts, nearer ones first when `order` says which.
    /// `enter` answers for a node: `.skip`, `.descend`, or `.done` (taken care of by the caller).
    func walk(_ enter: (Node) -> Descent, _ visit: (Range<Int>) -> Void) {
        guard !levels.isEmpty else { return }
        var stack: [(level: Int, index: Int)] = [(levels.count - 1, 0)]
        // The leaf not yet in the tree, first (when the tree is that leaf, it is the root).
        let pending = levels.count > 1 ? pendingLeaf : nil
        if let k = pending { stack.append((0, k)) }
        while let (j, i) = stack.popLast() {
            guard enter(levels[j][i]) == .descend else { continue }
            if j == 0 {
                let lo = i * PathIndex.leafSize
                visit(lo..<Swift.min(count, lo + PathIndex.leafSize))
            } else {
                if 2 * i + 1 < levels[j - 1].count, j > 1 || 2 * i + 1 != pending { stack.append((j - 1, 2 * i + 1)) }
                if j > 1 || 2 * i != pending { stack.append((j - 1, 2 * i)) }
            }
        }
    }

    enum Descent { case skip, descend, done }

    /// Like `walk`, visiting the nearer child first by `distance` and skipping nodes whose
    /// `distance` exceeds `limit()` (asked again before each node, as it shrinks).
    func walkNearest(distance: (Node) -> Double, limit: () -> Double, _ visit: (Range<Int>) -> Void) {
        guard !levels.isEmpty else { return }
        var stack: [(level: Int, index: Int, distance: Double)] = [(levels.count - 1, 0, 0)]
        // The leaf not yet in the tree, at its distance (the tree is searched first).
        let pending = levels.count > 1 ? pendingLeaf : nil
        if let k = pending { stack.insert((0, k, distance(levels[0][k])), at: 0) }
        while let (j, i, d) = stack.popLast() {
            let node = levels[j][i]
            guard node.hasSegments, d <= limit() else { continue }
            if j == 0 {
                let lo = i * PathIndex.leafSize
                visit(lo..<Swift.min(count, lo + PathIndex.leafSize))
                continue
            }
            let a = 2 * i, b = 2 * i + 1
            // (The pending leaf, which the tree does not hold, is on the stack already. A node
            // whose only child it is holds no segments, and was passed over above.)
            if j == 1, b == pending {
                stack.append((0, a, distance(levels[0][a])))
                continue
            }
            let da = distance(levels[j - 1][a])
            guard b < levels[j - 1].count else { stack.append((j - 1, a, da)); continue }
            let db = distance(levels[j - 1][b])
            // The nearer child goes on top.
            if da <= db {
                stack.append((j - 1, b, db)); stack.append((j - 1, a, da))
            } else {
                stack.append((j - 1, a, da)); stack.append((j - 1, b, db))
            }
        }
    }
}

/// An axis-aligned box that may be empty (its minimum above its maximum), for unions.
struct Box: Sendable, Equatable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    static let empty = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    init(_ r: Rect) { self.init(minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: r.maxY) }
    /// `r` grown by `m` on every side.
    init(_ r: Rect, grownBy m: Double) { self.init(minX: r.minX - m, minY: r.minY - m, maxX: r.maxX + m, maxY: r.maxY + m) }

    var rect: Rect { Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY) }

    func union(_ b: Box) -> Box {
        Box(minX: Swift.min(minX, b.minX), minY: Swift.min(minY, b.minY), maxX: Swift.max(maxX, b.maxX), maxY: Swift.max(maxY, b.maxY))
    }

    /// The distance from `p` to the box (0 inside; infinite for an empty box), without overflow
    /// or underflow.
    func distance(to p: Point) -> Double {
        guard minX <= maxX else { return .infinity }
        let dx = Swift.max(minX - p.x, 0, p.x - maxX), dy = Swift.max(minY - p.y, 0, p.y - maxY)
        return Vector(dx, dy).quickLength
    }
}

extension PathIndex.Node {
    /// A lower bound on the distance from `p` to the node's curves: from its tight box, and
    /// from its chord and deviation once it is complete.
    func distanceLowerBound(to p: Point) -> Double {
        let box = tight.distance(to: p)
        guard deviation.isFinite else { return box }
        return Swift.max(box, LineSegment(first, last).nearest(to: p).distance - deviation)
    }
}

extension Segment {
    /// The farthest any control point (for an arc, a corner of its box) lies from the segment
    /// `chord`.
    func hullDistance(from chord: LineSegment.Projection) -> Double {
        func d(_ q: Point) -> Double { chord.distance(to: q) }
        let worst: Double
        switch self {
        case .line(let l): worst = Swift.max(d(l.p0), d(l.p1))
        case .quadratic(let q): worst = Swift.max(d(q.p0), d(q.p1), d(q.p2))
        case .cubic(let c): worst = Swift.max(d(c.p0), d(c.p1), d(c.p2), d(c.p3))
        case .arc(let arc):
            let r = arc.tightBounds
            worst = Swift.max(
                d(Point(x: r.minX, y: r.minY)), d(Point(x: r.maxX, y: r.minY)), d(Point(x: r.minX, y: r.maxY)), d(Point(x: r.maxX, y: r.maxY)))
        }
        return worst
    }

    /// A lower bound on the distance from `p` to the segment, much tighter than a box for a
    /// short, nearly straight piece: the distance to the chord less the farthest a control
    /// point strays from it (the curve lies in the convex hull of its control points, all within
    /// that much of the chord). 0 for an arc (its box serves).
    func distanceLowerBound(to p: Point) -> Double {
        switch self {
        case .line(let l): return l.nearest(to: p).distance
        case .quadratic(let q):
            let chord = LineSegment.Projection(LineSegment(q.p0, q.p2))
            return chord.distance(to: p) - chord.distance(to: q.p1)
        case .cubic(let c):
            let chord = LineSegment.Projection(LineSegment(c.p0, c.p3))
            return chord.distance(to: p) - Swift.max(chord.distance(to: c.p1), chord.distance(to: c.p2))
        case .arc: return 0
        }
    }
}
