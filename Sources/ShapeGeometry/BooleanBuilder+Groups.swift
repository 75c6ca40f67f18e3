/// Step 2's groups of a boolean operation (see `BooleanBuilder`): pieces that are one edge, and
/// pieces that only continue the one before them.
extension BooleanBuilder {
    /// The pieces in groups that are one edge: the same two vertices, each piece's middle on the
    /// first piece and the first's middle on it (overlapping input segments, cut at the
    /// overlap's ends). Groups in order of their first pieces, each one's pieces in order.
    func coincidentGroups() -> PieceGroups {
        // Where no two pieces join the same two vertices (most outlines), each is a group of its
        // own, in order. Found through lists of the pieces at each piece's lesser vertex (as
        // short as the vertices' degrees), without sorting.
        var firstAt = [Int](repeating: -1, count: vertices.count)
        var nextAt = [Int](repeating: -1, count: pieces.count)
        var distinct = true
        search: for (i, p) in pieces.enumerated() {
            let (a, b) = (Swift.min(p.from, p.to), Swift.max(p.from, p.to))
            var k = firstAt[a]
            while k >= 0 {
                if Swift.max(pieces[k].from, pieces[k].to) == b {
                    distinct = false
                    break search
                }
                k = nextAt[k]
            }
            nextAt[i] = firstAt[a]
            firstAt[a] = i
        }
        if distinct { return PieceGroups(members: Array(pieces.indices), starts: Array(0...pieces.count)) }
        // The pieces in order of their two vertices, each such run in order of index; then each
        // run's groups made contiguous (head first, members in order), as ranges of `order`.
        // Each piece's key, found once (not at each comparison of the sort).
        let keys = pieces.map { Int64(Swift.min($0.from, $0.to)) << 32 | Int64(Swift.max($0.from, $0.to)) }
        var order = Array(pieces.indices)
        // Each run of equal keys in order of index: sorted by key and index (no two equal).
        order.sortInAnyOrderOfEquals { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        var ranges: [Range<Int>] = []
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, keys[order[end]] == keys[order[start]] { end += 1 }
            var head = start
            while head < end {
                let h = order[head]
                var members = head + 1
                var rest: [Int] = []
                meter.spend(2 * Cost.nearest * (end - head - 1))
                for r in (head + 1)..<end {
                    let k = order[r]
                    // Each one's middle on the other: a piece a hair long between two vertices
                    // lies near a long piece that ends at both (a loop closing there), and is not
                    // that piece.
                    if pieces[h].segment.nearest(to: pieces[k].middle).distance <= 10 * tolerance,
                        pieces[k].segment.nearest(to: pieces[h].middle).distance <= 10 * tolerance
                    {
                        order[members] = k
                        members += 1
                    } else {
                        rest.append(k)
                    }
                }
                for (offset, k) in rest.enumerated() { order[members + offset] = k }
                ranges.append(head..<members)
                head = members
            }
            start = end
        }
        // (Heads are distinct pieces: any sort gives this order.)
        ranges.sortInAnyOrderOfEquals { order[$0.lowerBound] < order[$1.lowerBound] }
        var groups = PieceGroups(members: [], starts: [0])
        groups.members.reserveCapacity(order.count)
        groups.starts.reserveCapacity(ranges.count + 1)
        for r in ranges {
            groups.members += order[r]
            groups.starts.append(groups.members.count)
        }
        return groups
    }

    /// For each piece that is a group of its own and starts at a vertex where only one other
    /// piece ends and nothing else meets, when that piece is a group of its own classified before
    /// it: that piece's group. Such a vertex is a point that one curve passes through, so the
    /// regions on its two sides go on across it. Not for strokes and offsets, whose region is
    /// asked of its own test, which need not agree with that at every piece.
    func passingPieces(_ groups: PieceGroups) -> [Int?] {
        var passing = [Int?](repeating: nil, count: pieces.count)
        guard region == nil else { return passing }
        var ends = [Int](repeating: 0, count: vertices.count)
        var into = [Int](repeating: -1, count: vertices.count)
        for (i, p) in pieces.enumerated() {
            ends[p.from] += 1
            ends[p.to] += 1
            into[p.to] = i
        }
        var groupOf = [Int](repeating: -1, count: pieces.count)
        for g in groups.indices where groups.size(of: g) == 1 {
            let b = groups.head(of: g)
            groupOf[b] = g
            let v = pieces[b].from
            guard ends[v] == 2, pieces[b].to != v else { continue }
            let a = into[v]
            guard a >= 0, a != b, pieces[a].from != v, groupOf[a] >= 0 else { continue }
            passing[b] = groupOf[a]
        }
        return passing
    }
}

/// Pieces in groups that are one edge (`BooleanBuilder.coincidentGroups`): group g is
/// `members[starts[g]..<starts[g + 1]]`, its head (the piece classified for the group) first.
/// (Two flat lists: a list of slices retained the pieces' list once for every group.)
struct PieceGroups {
    var members: [Int]
    var starts: [Int]

    var count: Int { starts.count - 1 }
    var indices: Range<Int> { 0..<count }
    func head(of g: Int) -> Int { members[starts[g]] }
    func size(of g: Int) -> Int { starts[g + 1] - starts[g] }
    /// The pieces of group g, head first.
    subscript(g: Int) -> ArraySlice<Int> { members[starts[g]..<starts[g + 1]] }
}
