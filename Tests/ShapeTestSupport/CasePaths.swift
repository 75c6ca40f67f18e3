import ShapeGeometry
import ShapeLanguage

// The payload of one case, or nil: for `try #require(s.cubic)` in tests, where a
// `guard case ... else { return }` would end a test silently, passing, on the wrong case.

extension Segment {
    public var line: LineSegment? { if case .line(let l) = self { l } else { nil } }
    public var quadratic: QuadraticBezier? { if case .quadratic(let q) = self { q } else { nil } }
    public var cubic: CubicBezier? { if case .cubic(let c) = self { c } else { nil } }
    public var arc: Arc? { if case .arc(let a) = self { a } else { nil } }
}

extension Path.Element {
    /// A move's point.
    public var moveTo: Point? { if case .move(let p) = self { p } else { nil } }
}

extension Value {
    public var number: Double? { if case .number(let x) = self { x } else { nil } }
}
