import ShapeGeometry

/// The distance from `p` to `curve` by 20,001 evenly spaced samples of its parameter, then golden
/// sections about the nearest: written apart from the geometry's own nearest-point searches, to
/// check them. (A dip narrower than the samples' step, which the tests' curves do not have, could
/// be missed.)
public func nearestDistanceBySampling(_ curve: some ParametricCurve, from p: Point) -> Double {
    let n = 20_000
    var best = (t: 0.0, d: Double.infinity)
    for k in 0...n {
        let t = Double(k) / Double(n)
        let d = curve.point(at: t).distance(to: p)
        if d < best.d { best = (t, d) }
    }
    var lo = Swift.max(best.t - 1 / Double(n), 0), hi = Swift.min(best.t + 1 / Double(n), 1)
    for _ in 0..<80 {
        let m1 = lo + (hi - lo) * 0.382, m2 = lo + (hi - lo) * 0.618
        if curve.point(at: m1).distance(to: p) < curve.point(at: m2).distance(to: p) { hi = m2 } else { lo = m1 }
    }
    return Swift.min(best.d, curve.point(at: 0.5 * (lo + hi)).distance(to: p))
}
