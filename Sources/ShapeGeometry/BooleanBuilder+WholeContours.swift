/// Steps 2 to 4 of a boolean operation (see `BooleanBuilder`) for contours that meet nowhere:
/// each contour one loop, kept or not as a whole.
extension BooleanBuilder {
    /// Step 2 where nothing meets (most glyphs of a font): when no edge is cut but at its ends,
    /// the edges run as closed contours of three or more lines and Béziers (each one's end
    /// exactly the next one's start, the last one's the contour's first start), and no two starts
    /// lie within twice the tolerance of each other, the pieces are the edges whole, each from its
    /// start's vertex to the next one's, and the contours are returned as ranges of them. These
    /// are the pieces, vertices and groups `makePieces` and `coincidentGroups` would find, without
    /// their searches (each piece a group of its own, every vertex where one piece ends and the
    /// next begins); nil, with nothing made, otherwise.
    mutating func makeWholePieces() -> [Range<Int>]? {
        guard takesWholeContours, region == nil, edges.count >= 3 else { return nil }
        // (Cuts at an end, where a meeting with the segment before or after was found, cut
        // nothing: `makePieces` passes over them.)
        for cut in cuts where cut.t > 0 && cut.t < 1 { return nil }
        var contours: [Range<Int>] = []
        var first = 0
        for i in edges.indices {
            if case .arc = edges[i].segment { return nil }
            let end = edges[i].end
            if end == edges[first].start {
                guard i - first >= 2 else { return nil }
                contours.append(first..<(i + 1))
                first = i + 1
            } else if i + 1 == edges.count || i + 1 == firstEdges || end != edges[i + 1].start {
                return nil
            }
        }
        // The starts in order of x, each compared with those after it within the reach in x
        // (equal x in any order: a pair within the reach is compared from whichever comes
        // first). (A list of its own, sorted without looking through `self`.)
        let reach = 2 * tolerance
        let firstPoints = edges.map { $0.start }
        var starts = firstPoints
        starts.sortInAnyOrderOfEquals { $0.x < $1.x }
        for k in starts.indices {
            let p = starts[k]
            var m = k + 1
            while m < starts.count, starts[m].x - p.x <= reach {
                if abs(starts[m].y - p.y) <= reach { return nil }
                m += 1
            }
        }
        vertices = firstPoints
        pieces.reserveCapacity(edges.count)
        for c in contours {
            for i in c {
                let s = edges[i].segment
                let next = i + 1 == c.upperBound ? c.lowerBound : i + 1
                pieces.append(Piece(edge: i, t0: 0, t1: 1, segment: s, from: i, to: next, middle: s.point(at: 0.5)))
            }
        }
        // (The pieces are the edges, in order: their grid is the edges'.)
        pieceGrid = edgeGrid
        return contours
    }

    /// The outline from the pieces `makeWholePieces` made: each contour's first piece classified,
    /// and the rest of the contour kept as it is (or not at all), since the regions on either
    /// side go on along it; kept contours are the loops, as `chain` would find them (a contour
    /// run backwards from its first piece on), appended as `outline` appends them (each piece a
    /// whole edge: none to join; no arcs). The work counted is what `run` counts for them.
    mutating func outline(ofContours contours: [Range<Int>]) -> Result<(path: Path, work: Int), BooleanFailure> {
        var kept: [(contour: Range<Int>, forward: Bool)] = []
        kept.reserveCapacity(contours.count)
        for c in contours {
            guard meter.spend(BooleanBuilder.Cost.classify + 1) else { return .failure(.outOfWork) }
            guard let head = classify(BooleanBuilder.onePiece(c.lowerBound)) else { continue }
            guard meter.spend(BooleanBuilder.Cost.kept * (2 * c.count - 1)) else { return .failure(.outOfWork) }
            kept.append((c, head.forward))
        }
        var result = emptyOutline(reserving: kept.reduce(0) { $0 + $1.contour.count + 2 })
        for (c, forward) in kept {
            let start = c.lowerBound, n = c.count
            if forward {
                // Part k: piece start + k, from its own vertex.
                BooleanBuilder.appendLoop(
                    to: &result, count: n, corner: { vertices[pieces[start + $0].from] }, segment: { pieces[start + $0].segment })
            } else {
                // Part k: the first piece, then the others from the last back, each run backwards
                // from the vertex it ends at.
                func piece(_ k: Int) -> Int { k == 0 ? start : start + n - k }
                BooleanBuilder.appendLoop(
                    to: &result, count: n, corner: { vertices[pieces[piece($0)].to] }, segment: { pieces[piece($0)].segment.reversed })
            }
        }
        guard meter.spend(BooleanBuilder.Cost.element * result.elements.count) else { return .failure(.outOfWork) }
        return .success((result, meter.used))
    }
}
