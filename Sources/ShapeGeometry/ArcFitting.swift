extension Segment {
    /// A quadratic or cubic Bézier as circular arcs within `tolerance` of it (the Primer's
    /// "Approximating Bézier curves with circular arcs"), and the largest distance found between
    /// the curve and them; nil for lines and arcs.
    ///
    /// Method: from t₀, the circle through B(t₀), B((t₀ + t₁)/2) and B(t₁) is taken for the
    /// largest t₁ (by bisection, from t₁ = 1) at which the curve stays within the tolerance of
    /// it at 32 points of [t₀, t₁], then shortened until it stays within at 256 points; then on
    /// from t₁. Where the three points are on one line (a straight stretch) the piece is a line.
    /// The error reported is the largest distance from the curve to its piece at those 256
    /// points of each piece's range (between them the distance changes by second-order amounts). At most 10,000 pieces: a tolerance
    /// too small for that gives nil.
    public func circularArcs(tolerance: Double) -> (pieces: [Segment], error: Double)? {
        switch self {
        case .quadratic, .cubic: break
        case .line, .arc: return nil
        }
        guard tolerance > 0, tolerance.isFinite else { return nil }
        var pieces: [Segment] = []
        var worst = 0.0
        var t0 = 0.0
        while t0 < 1 {
            guard pieces.count < 10_000 else { return nil }
            var t1 = 1.0
            var fit = fitted(from: t0, to: t1)
            if deviation(of: fit, from: t0, to: t1, samples: 32) > tolerance {
                // The largest t₁ that fits, by bisection: [lo fits, hi does not].
                var lo = t0, hi = 1.0
                var best: Segment?
                for _ in 0..<60 where hi - lo > Tolerance.parameter {
                    let mid = 0.5 * (lo + hi)
                    let candidate = fitted(from: t0, to: mid)
                    if deviation(of: candidate, from: t0, to: mid, samples: 32) <= tolerance {
                        lo = mid
                        best = candidate
                    } else {
                        hi = mid
                    }
                }
                t1 = best == nil ? Swift.min(1, t0 + Tolerance.parameter) : lo
                fit = best ?? fitted(from: t0, to: t1)
            }
            // The finer check must hold too: else the piece is shortened until it does.
            var error = deviation(of: fit, from: t0, to: t1, samples: 256)
            while error > tolerance, t1 - t0 > Tolerance.parameter {
                t1 = t0 + 0.9 * (t1 - t0)
                fit = fitted(from: t0, to: t1)
                error = deviation(of: fit, from: t0, to: t1, samples: 256)
            }
            worst = Swift.max(worst, error)
            pieces.append(fit)
            t0 = t1
        }
        return (pieces, worst)
    }

    /// The arc through B(t₀), B((t₀ + t₁)/2), B(t₁), from the first to the last; a line where
    /// the three are on one line.
    func fitted(from t0: Double, to t1: Double) -> Segment {
        let a = point(at: t0), m = point(at: 0.5 * (t0 + t1)), b = point(at: t1)
        // The centre: where the perpendicular bisectors of a–m and m–b meet.
        let d = 2 * ((m - a).cross(b - a))
        let scale = Swift.max((m - a).lengthSquared, (b - a).lengthSquared, (b - m).lengthSquared)
        guard abs(d) > Tolerance.rounding * scale else { return .line(LineSegment(a, b)) }
        let aa = a.x * a.x + a.y * a.y, mm = m.x * m.x + m.y * m.y, bb = b.x * b.x + b.y * b.y
        let cx = (aa * (m.y - b.y) + mm * (b.y - a.y) + bb * (a.y - m.y)) / (2 * (a.x * (m.y - b.y) + m.x * (b.y - a.y) + b.x * (a.y - m.y)))
        let cy = (aa * (b.x - m.x) + mm * (a.x - b.x) + bb * (m.x - a.x)) / (2 * (a.x * (m.y - b.y) + m.x * (b.y - a.y) + b.x * (a.y - m.y)))
        let c = Point(cx, cy)
        let r = c.distance(to: a)
        let start = (a - c).angle, through = (m - c).angle, end = (b - c).angle
        // Increasing angle if the middle point comes first that way round.
        let clockwise = positiveAngle(through - start) < positiveAngle(end - start)
        let sweep = clockwise ? positiveAngle(end - start) : -positiveAngle(start - end)
        guard r.isFinite, sweep != 0 else { return .line(LineSegment(a, b)) }
        return .arc(Arc(center: c, radius: r, startAngle: start, sweep: sweep))
    }

    /// The largest distance from B(t), t at `samples` points of [t₀, t₁] (ends included), to
    /// `piece`.
    func deviation(of piece: Segment, from t0: Double, to t1: Double, samples: Int) -> Double {
        var worst = 0.0
        for k in 0...samples {
            let p = point(at: t0 + (t1 - t0) * Double(k) / Double(samples))
            worst = Swift.max(worst, piece.nearest(to: p).distance)
        }
        return worst
    }
}
