/// A handle that sits on one of a list of track points and is dragged along them, as in seed 000.
///
/// The index wraps in both directions. `follow(toward:)` is the seed's greedy drag: compare the
/// distances to the target from the points at offsets −1, 0 and +1; if staying is no worse, stay;
/// otherwise step in the better direction (forward on a tie) and keep stepping while the distance
/// strictly decreases.
public struct Handle: Hashable, Sendable {
    /// The index of the track point the handle is on.
    public private(set) var index: Int = 0
    /// Where the last drag aimed; `nil` until a drag sets it, and after a jump or a new list of
    /// points (the next `drag by` then starts from the handle's point).
    public var target: Point?

    /// A handle on track point `index`, with no drag target.
    public init(index: Int = 0) { self.index = index }

    /// `i` wrapped into 0..<count (both directions); 0 when `count` is 0.
    public static func wrap(_ i: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let r = i % count
        return r < 0 ? r + count : r
    }

    /// Puts the handle on point `i`, wrapped into range, and forgets the drag target.
    public mutating func jump(to i: Int, count: Int) {
        index = Handle.wrap(i, count: count)
        target = nil
    }

    /// Keeps the index, wrapped into the range of a new list of points, and forgets the target.
    public mutating func rewrap(count: Int) { jump(to: index, count: count) }

    /// The handle's point, or `nil` when there are no points.
    public func point(in points: [Point]) -> Point? {
        points.isEmpty ? nil : points[Handle.wrap(index, count: points.count)]
    }

    /// Moves the handle toward `target` by the seed's rule, remembering the target for `drag by`.
    /// At most one full lap of steps. O(steps).
    public mutating func follow(toward target: Point, in points: [Point]) {
        self.target = target
        let n = points.count
        guard n > 0 else { return }
        func distance(_ offset: Int) -> Double {
            let q = points[Handle.wrap(index + offset, count: n)]
            return hypotenuse(target.x - q.x, target.y - q.y)
        }
        let earlier = distance(-1), current = distance(0), later = distance(1)
        if current <= earlier && current <= later { return }
        let direction = earlier < later ? -1 : 1
        var best = Swift.min(earlier, later)
        var offset = direction
        while abs(offset) < n {
            let next = distance(offset + direction)
            if !(next < best) { break }
            best = next
            offset += direction
        }
        index = Handle.wrap(index + offset, count: n)
    }

    /// `drag by`: adds (dx, dy) to the previous target (or to the handle's point when there is
    /// none) and follows toward the sum, as the seed accumulates the pan translation.
    public mutating func follow(by delta: Vector, in points: [Point]) {
        guard let here = target ?? point(in: points) else { return }
        follow(toward: here + delta, in: points)
    }

    /// The global mode beside the seed's drag: jumps to the track point nearest `p` (the first of
    /// equally near ones) and forgets the target. O(number of points).
    public mutating func snap(to p: Point, in points: [Point]) {
        guard !points.isEmpty else { return }
        var best = 0
        var bestDistance = Double.infinity
        for (i, q) in points.enumerated() {
            let d = q.quickDistance(to: p)
            if d < bestDistance { best = i; bestDistance = d }
        }
        jump(to: best, count: points.count)
    }
}
