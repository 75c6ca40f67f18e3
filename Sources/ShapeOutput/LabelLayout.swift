import ShapeGeometry
import ShapeLanguage

/// Places a picture's labels so that none overlaps another or covers a point marker: each is
/// tried at eight places around its point (upper right first), then farther with a leader line
/// back to the point, always inside the picture, a leader passing over no other point or label
/// where that is possible; a label with no free place is left out (and counted). Boxes are
/// estimated from the font: 0.6 of its size a character, 0.8 above the baseline and 0.25 below.
///
/// Its cost is linear in what it is given: the boxes are kept by the cells of a grid over the
/// picture (`cellSize` square, at most `gridSide` cells a side), and a place is checked only
/// against the boxes of the cells it overlaps. A picture with up to `few` boxes of a kind is laid
/// out exactly so; past that, a cell holding more than `crowd` boxes counts as full (and keeps no
/// more), so each label costs at most a fixed number of checks however many points the picture
/// has (20,000 cubics' labels once took 16 s, growing as their square).
struct LabelLayout {
    let font: Double
    /// The gap between a label and its point, and between boxes.
    let gap: Double
    /// The picture: a label must fit inside it.
    let frame: Rect
    private(set) var left = 0
    /// The grid: its cell's side, and its cells a row and a column.
    let cellSize: Double
    let columns: Int, rows: Int
    /// Labels and markers by cell: a label may not overlap them.
    private var hard: Grid
    /// Points along the drawn curves by cell: a label keeps off them where it can.
    private var soft: Grid

    /// Boxes by cell (a row of `columns` after another), and how many have been filed in all.
    struct Grid {
        let columns: Int
        var cells: [[Rect]]
        var filed = 0
        /// Cells holding more than `crowd` boxes.
        var crowded = 0
        /// Whether a cell with more than `crowd` boxes is full: once more than `few` are filed.
        var crowding: Bool { filed > LabelLayout.few }

        init(columns: Int, rows: Int) {
            self.columns = columns
            cells = Array(repeating: [], count: columns * rows)
        }

        /// Files `r` in `cells`, the ones it overlaps (in a crowding grid, up to one past the
        /// crowd in each).
        mutating func add(_ r: Rect, in cells: (ClosedRange<Int>, ClosedRange<Int>)?) {
            filed += 1
            guard let (xs, ys) = cells else { return }
            for y in ys {
                for x in xs where !crowding || self.cells[y * columns + x].count <= LabelLayout.crowd {
                    self.cells[y * columns + x].append(r)
                    if self.cells[y * columns + x].count == LabelLayout.crowd + 1 { crowded += 1 }
                }
            }
        }
    }

    /// More boxes than this in one cell and it is full, in a picture of more than `few`.
    static let crowd = 48
    static let few = 2048
    /// The most cells a side of the grid has.
    static let gridSide = 128

    init(font: Double, gap: Double, frame: Rect) {
        self.font = font
        self.gap = gap
        self.frame = frame
        let side = Swift.max(frame.width, frame.height)
        let cell = Swift.max(4 * font, side / Double(Self.gridSide))
        cellSize = cell > 0 && cell.isFinite ? cell : Swift.max(side, 1)
        columns = Swift.min(Self.gridSide, Swift.max(1, Int(saturating: (frame.width / cellSize).rounded(.up))))
        rows = Swift.min(Self.gridSide, Swift.max(1, Int(saturating: (frame.height / cellSize).rounded(.up))))
        hard = Grid(columns: columns, rows: rows)
        soft = Grid(columns: columns, rows: rows)
    }

    /// The cells `r` overlaps, as ranges of columns and rows; nil when it lies outside the picture.
    func cells(_ r: Rect) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        guard r.maxX >= frame.minX, r.minX <= frame.maxX, r.maxY >= frame.minY, r.minY <= frame.maxY else { return nil }
        func index(_ v: Double, _ origin: Double, _ count: Int) -> Int {
            Swift.min(count - 1, Swift.max(0, Int(saturating: ((v - origin) / cellSize).rounded(.down))))
        }
        return (
            index(r.minX, frame.minX, columns)...index(r.maxX, frame.minX, columns), index(r.minY, frame.minY, rows)...index(r.maxY, frame.minY, rows)
        )
    }

    /// Whether `r` overlaps a box of `grid`, or lies in a full cell.
    /// (Boxes that hold `spared`, when given, do not count: a leader's own point's.)
    func meets(_ r: Rect, in grid: Grid, sparing spared: Point? = nil) -> Bool {
        guard let (xs, ys) = cells(r) else { return false }
        for y in ys {
            for x in xs {
                let boxes = grid.cells[y * columns + x]
                if grid.crowding && boxes.count > Self.crowd { return true }
                if boxes.contains(where: { box in box.intersects(r) && !(spared.map { box.contains($0) } ?? false) }) { return true }
            }
        }
        return false
    }

    mutating func addHard(_ r: Rect) { hard.add(r, in: cells(r)) }

    /// A point marker of radius r: labels keep off it.
    mutating func addMarker(_ p: Point, radius r: Double) {
        addHard(Rect(minX: p.x - r, minY: p.y - r, maxX: p.x + r, maxY: p.y + r))
    }

    /// Text fixed in place (a chart's axis values): labels keep off it.
    mutating func addFixedText(_ text: String, at p: Point, anchor: Figure.TextAnchor, size: Double) {
        let width = 0.6 * size * Double(text.count)
        let x = anchor == .start ? p.x : anchor == .middle ? p.x - width / 2 : p.x - width
        addHard(Rect(minX: x, minY: p.y - 0.5 * size, maxX: x + width, maxY: p.y + 0.6 * size))
    }

    /// A curve of the picture: labels keep off it where there is room (sampled every half a
    /// font size, at most 200 points a curve).
    mutating func addCurve(_ s: Segment, width: Double) {
        guard !soft.crowding || soft.crowded < soft.cells.count else { return }  // every cell is full: nothing to add
        let steps = Swift.min(200, Swift.max(2, Int(saturating: (s.controlBounds.width + s.controlBounds.height) / (0.5 * font))))
        for k in 0...steps {
            let p = s.point(at: Double(k) / Double(steps))
            let r = Rect(minX: p.x - width, minY: p.y - width, maxX: p.x + width, maxY: p.y + width)
            soft.add(r, in: cells(r))
        }
    }

    func box(_ text: String, at baseline: Point) -> Rect { box(width: width(text), at: baseline) }

    /// A label's box from its width (the text's characters are counted once a label, not at
    /// each place tried).
    func box(width: Double, at baseline: Point) -> Rect {
        Rect(minX: baseline.x, minY: baseline.y - 0.8 * font, maxX: baseline.x + width, maxY: baseline.y + 0.25 * font)
    }

    func width(_ text: String) -> Double { 0.6 * font * Double(text.count) }

    /// Whether the leader from `p` to the nearest point of `box` passes over a point marker or a
    /// label other than those at `p` (its own point's marker, a handle there): sampled every half
    /// a gap.
    func leaderMeets(from p: Point, to box: Rect) -> Bool {
        let end = Point(Swift.min(Swift.max(p.x, box.minX), box.maxX), Swift.min(Swift.max(p.y, box.minY), box.maxY))
        let length = p.distance(to: end)
        guard length > 0, gap > 0 else { return false }
        var along = gap / 2
        while along < length {
            let q = p + (end - p) * (along / length)
            if meets(Rect(minX: q.x, minY: q.y, maxX: q.x, maxY: q.y), in: hard, sparing: p) { return true }
            along += gap / 2
        }
        return false
    }

    /// Where `text` goes beside `p` (its baseline's start), and whether a leader line joins it
    /// to `p`; nil when it is left out.
    mutating func place(_ text: String, near p: Point) -> (at: Point, leader: Bool)? {
        let width = width(text)
        let ascent = 0.8 * font, descent = 0.25 * font
        // Clear of the curves too, and a leader of other points and labels, where that is
        // possible; else a leader may cross them; else the curves are crossed too.
        for (avoidCurves, clearLeaders) in [(true, true), (false, true), (false, false)] {
            for (ring, leader) in [(1.0, false), (2.5, true), (4.0, true)] {
                let d = gap * ring
                // Upper right, lower right, upper left, lower left, right, left, above, below.
                let candidates = [
                    Point(p.x + d, p.y - d), Point(p.x + d, p.y + d + ascent), Point(p.x - d - width, p.y - d),
                    Point(p.x - d - width, p.y + d + ascent), Point(p.x + d * 1.5, p.y + (ascent - descent) / 2),
                    Point(p.x - d * 1.5 - width, p.y + (ascent - descent) / 2), Point(p.x - width / 2, p.y - d * 1.5),
                    Point(p.x - width / 2, p.y + d * 1.5 + ascent),
                ]
                for c in candidates {
                    let b = box(width: width, at: c)
                    let padded = Rect(minX: b.minX - gap / 4, minY: b.minY - gap / 4, maxX: b.maxX + gap / 4, maxY: b.maxY + gap / 4)
                    let inside = b.minX >= frame.minX && b.maxX <= frame.maxX && b.minY >= frame.minY && b.maxY <= frame.maxY
                    guard inside, !meets(padded, in: hard) else { continue }
                    if avoidCurves, meets(b, in: soft) { continue }
                    if leader, clearLeaders, leaderMeets(from: p, to: b) { continue }
                    addHard(b)
                    return (c, leader)
                }
            }
        }
        left += 1
        return nil
    }
}

/// Points kept so that whether a new one lies within `distance` of one kept is known in constant
/// time: they are filed by cells of that size, and a point is looked for in its cell and the
/// eight around it.
struct NearPoints {
    let distance: Double
    private var cells: [Cell: [Point]] = [:]

    struct Cell: Hashable {
        var x: Int64, y: Int64
    }

    init(within distance: Double) { self.distance = Swift.max(distance, Double.leastNormalMagnitude) }

    /// Keeps `p` and says true, unless a kept point lies within `distance` of it (then false).
    mutating func insert(_ p: Point) -> Bool {
        let cell = Cell(x: Int64(saturating: (p.x / distance).rounded(.down)), y: Int64(saturating: (p.y / distance).rounded(.down)))
        for dx in Int64(-1)...1 {
            for dy in Int64(-1)...1 {
                let near = Cell(x: cell.x &+ dx, y: cell.y &+ dy)
                if let kept = cells[near], kept.contains(where: { $0.distance(to: p) <= distance }) { return false }
            }
        }
        cells[cell, default: []].append(p)
        return true
    }
}

extension Rect {
    func intersects(_ o: Rect) -> Bool { minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY }
}
