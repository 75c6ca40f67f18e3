/// The offsets of a stroke's pieces: exact for lines and circular arcs, cubics fitted within
/// the tolerance for Béziers and elliptical arcs.
extension Pen {
    // MARK: Offsets

    /// The curve at signed distance d along the normal (the direction of travel turned 90°
    /// clockwise on screen) of `s`: exact for lines and circular arcs, cubics within the
    /// tolerance for Béziers and elliptical arcs.
    mutating func offsets(of s: Segment, by d: Double, roundStart: Bool = false, roundEnd: Bool = false) -> [Segment] {
        work += Cost.exact
        switch s {
        case .line(let l):
            guard let n = (l.p1 - l.p0).normalized?.perpendicular else { return [] }
            return [.line(LineSegment(l.p0 + n * d, l.p1 + n * (d + slope)))]
        case .arc(let a) where a.isCircular && slope == 0:
            guard let n = s.direction(at: 0).normalized?.perpendicular, a.radius > 0 else { return [] }
            let radial = (a.start - a.center) * (1 / a.radius)
            let k = (a.radius + d * n.dot(radial)) / a.radius
            guard abs(k) > Tolerance.rounding else { return [] }
            return [.arc(Arc(center: a.center, u: a.u * k, v: a.v * k, startAngle: a.startAngle, sweep: a.sweep))]
        case .arc, .quadratic, .cubic:
            return approximateOffset(of: s, by: d, roundStart: roundStart, roundEnd: roundEnd)
        }
    }

    /// The angle between a segment's directions of travel at its ends (0 where either has none).
    static func turn(of s: Segment) -> Double {
        guard let a = tangent(s, at: 0), let b = tangent(s, at: 1) else { return 0 }
        return abs(arcTangent2(a.cross(b), a.dot(b)))
    }

    /// The point of the offset by d (growing by `slope` per unit of t) at t of `c`, the curve
    /// of `s`; `scale` is `s.directionScale`, found once by the caller.
    @inline(__always) static func offsetPoint<C: OffsetFitted>(
        _ c: C, of s: Segment, by d: Double, slope: Double, at t: Double, scale: Double
    ) -> Point {
        c.point(at: t) + normal(c, of: s, at: t, scale: scale).normal * (d + slope * t)
    }

    /// `s`'s unit normal at t (its direction turned, zero where it has none), with its derivative
    /// there and the derivative's length. Lengths are √(x² + y²) (`quickLength`): within an ulp
    /// or two of hypot's, and several times cheaper, for the thousands of points a fit asks for.
    @inline(__always) static func normal<C: OffsetFitted>(
        _ c: C, of s: Segment, at t: Double, scale: Double
    ) -> (normal: Vector, derivative: Vector, speed: Double) {
        let d1 = c.derivative(at: t)
        let speed = d1.quickLength
        // `Segment.direction(at:scale:)` is the derivative wherever it is not a rest.
        let rest = !(scale > 0 && d1.isFinite && speed > Tolerance.rounding * scale)
        let direction = rest ? s.direction(at: t, scale: scale) : d1
        let length = rest ? direction.quickLength : speed
        let n = length > 0 && length.isFinite ? Vector(direction.dx / length, direction.dy / length).perpendicular : Vector(0, 0)
        return (n, d1, speed)
    }

    /// `offsetPoint` with the offset's derivative there, q′ = P′(1 − dκ) + slope·n, the curve's
    /// derivatives found once for both.
    @inline(__always) static func offsetPointAndVelocity<C: OffsetFitted>(
        _ c: C, of s: Segment, by d: Double, slope: Double, at t: Double, scale: Double
    ) -> (point: Point, velocity: Vector) {
        let (n, d1, speed) = normal(c, of: s, at: t, scale: scale)
        var k = 0.0
        if speed > 0 {
            let curvature = d1.cross(c.secondDerivative(at: t)) / (speed * speed * speed)
            if curvature.isFinite { k = curvature }
        }
        return (c.point(at: t) + n * (d + slope * t), d1 * (1 - (d + slope * t) * k) + n * slope)
    }

    /// Cubics within the tolerance of the offset of a Bézier or elliptical arc: cut where the
    /// offset has a cusp (the curvature toward the offset's side is 1/d), where the tangent has
    /// turned 45° since the last cut, then each piece fitted (end points and tangents of the true
    /// offset, handle lengths by least squares on 7 points) and halved until the cubic and the
    /// true offset are within the tolerance of each other (checked both ways at 16 points).
    mutating func approximateOffset(of s: Segment, by d: Double, roundStart: Bool = false, roundEnd: Bool = false) -> [Segment] {
        work += Cost.curve
        let slope = self.slope
        // A straight Bézier (cut where it turns back, so it runs one way) is offset as the line
        // it is: a cubic fitted to it would have handles of nothing where it starts or ends at
        // rest (coincident control points), and its direction there would be rounding. Not a
        // piece within the rounding of a line only because it is tiny, while its direction
        // turns by θ from end to end with h·θ beyond the tolerance: its normals sweep an arc of
        // that length (a piece 1.6e-9 long turning by 4e-4 rad, stroked 15,257 wide, left its
        // offset's 2.9 units out, and the outline could not be closed).
        if let points = s.bezierPoints,
            let axis = (farthestPoint(from: points[0], count: points.count, { points[$0] }).point - points[0]).normalized,
            slope == 0, points.allSatisfy({ abs(($0 - points[0]).cross(axis)) <= Tolerance.rounding * size }),
            Pen.turn(of: s) * abs(d) <= tolerance
        {
            return [.line(LineSegment(s.start + axis.perpendicular * d, s.end + axis.perpendicular * d))]
        }
        // 1 − dκ, looked at just inside the ends (at a cusp's end κ is a limit rounding cannot reach).
        func factor(_ t: Double) -> Double {
            let u = SegmentSamples.inside(t)
            return 1 - (d + slope * u) * s.curvature(at: u)
        }
        // Cuts: offset cusps and every 45° of turning, from 128 samples.
        if sampled?.segment != s { sampled = (s, SegmentSamples(s)) }
        let turning = sampled!.turning
        var cuts: [Double] = [0]
        let samples = SegmentSamples.count
        // `factor` at the samples, from their curvatures.
        let factors = (0...samples).map { k in
            1 - (d + slope * SegmentSamples.inside(Double(k) / Double(samples))) * turning.curvatures[k]
        }
        var lastAngle = turning.angles[0], turned = 0.0
        for k in 1...samples {
            let t = Double(k) / Double(samples)
            if (factors[k] < 0) != (factors[k - 1] < 0) {
                cuts.append(Searches.signChange(in: Double(k - 1) / Double(samples), t, valueAtLow: factors[k - 1], halvings: 60, factor))
                turned = 0
            }
            let angle = turning.angles[k]
            var step = angle - lastAngle
            while step > Double.pi { step -= 2 * Double.pi }
            while step < -Double.pi { step += 2 * Double.pi }
            turned += abs(step)
            lastAngle = angle
            if turned > Double.pi / 4, k < samples { cuts.append(t); turned = 0 }
        }
        // A reversed stretch narrower than the samples' spacing (a width just past the tightest
        // bend's radius of curvature, where a swallowtail is born): the factor dips below 0
        // between two samples that are both above it. Looked for at each sampled dip of the
        // factor toward 0, and cut at both its ends when the dip's least value is below 0.
        for k in 1..<samples {
            let f = factors[k]
            guard f > 0, f < 1, f <= factors[k - 1], f <= factors[k + 1] else { continue }
            let lo = Double(k - 1) / Double(samples), hi = Double(k + 1) / Double(samples)
            let least = Searches.goldenMinimum(in: lo, hi, steps: 60, factor)
            let value = factor(least)
            guard value < 0 else { continue }
            cuts.append(Searches.signChange(in: lo, least, valueAtLow: factor(lo), halvings: 60, factor))
            cuts.append(Searches.signChange(in: least, hi, valueAtLow: value, halvings: 60, factor))
        }
        cuts.append(1)
        cuts = cuts.stablySorted()
        var result: [Segment] = []
        let bound = s.speedBound, scale = s.directionScale
        // Where the offset runs backwards (1 − dκ < 0: the inner side of a bend tighter than d,
        // the reversed branch of a swallowtail), the normals of length d cross their envelope,
        // the evolute (the centres of curvature). When the stroke holds every point within d of
        // the segment (both of its ends are disks: round caps and joins everywhere, or at this
        // segment's two ends a cusp, a round cap or a corner with a round join: `Pen.add` says),
        // such points are all inside and the stretch is left out. (A single curve with round caps
        // and miter joins had its evolutes kept, which lie along its cap's circle where it nearly
        // stops at an end, and its outline could not be made.) Otherwise the stroke is the area
        // the normals sweep (a butt or square cap, a miter or bevel join, at either end), and its
        // outline is made of the normals' ends (the offset, reversed stretches included), their
        // envelope where it lies within reach (the evolute over the same stretch) and the end
        // normals (caps and joins): all of them are candidates, and the classification keeps
        // what bounds the stroke.
        let covered = (style.cap == .round && style.join == .round) || (roundStart && roundEnd)
        for k in 0..<(cuts.count - 1) where cuts[k + 1] - cuts[k] > Tolerance.parameter {
            let a = cuts[k], b = cuts[k + 1]
            if !keepReversed, factor(0.5 * (a + b)) < 0 {
                if covered { continue }
                evolute(of: s, from: a, to: b, into: &result)
            }
            #if hasFeature(Embedded)
            // (One fit for the three curves in the playground's module: `FittedCurve`.)
            let curve: FittedCurve
            switch s {
            case .cubic(let c): curve = .cubic(FittedCubic(c))
            case .quadratic(let c): curve = .quadratic(c)
            case .arc(let c): curve = .arc(c)
            case .line: continue  // offset exactly by `offsets`
            }
            fit(curve, of: s, from: a, to: b, d: d, depth: 0, bound: bound, scale: scale, into: &result)
            #else
            switch s {
            case .cubic(let c): fit(FittedCubic(c), of: s, from: a, to: b, d: d, depth: 0, bound: bound, scale: scale, into: &result)
            case .quadratic(let c): fit(c, of: s, from: a, to: b, d: d, depth: 0, bound: bound, scale: scale, into: &result)
            case .arc(let c): fit(c, of: s, from: a, to: b, d: d, depth: 0, bound: bound, scale: scale, into: &result)
            case .line: break  // offset exactly by `offsets`
            }
            #endif
        }
        return result
    }

    /// The evolute of `s` (its centres of curvature, B + n/κ) on [a, b], a stretch where the
    /// offset runs backwards, as cubics within the tolerance: cut where it has a cusp (where κ′
    /// = 0, found from 64 samples), each part fitted by `fitCurve` (`EvoluteTarget`: its points
    /// and its derivative (1/κ)′·n, as B′ and (1/κ)·n′ cancel).
    mutating func evolute(of s: Segment, from a: Double, to b: Double, into result: inout [Segment]) {
        work += Cost.curve
        let evolute = EvoluteTarget(segment: s, a: a, b: b)
        var cuts = [a]
        let samples = 64
        var previous = evolute.radiusSlope(a)
        for k in 1...samples {
            let t = a + (b - a) * Double(k) / Double(samples)
            let value = evolute.radiusSlope(t)
            if (value < 0) != (previous < 0), previous != 0 {
                cuts.append(
                    Searches.signChange(
                        in: a + (b - a) * Double(k - 1) / Double(samples), t, valueAtLow: previous, halvings: 50, evolute.radiusSlope))
            }
            previous = value
        }
        cuts.append(b)
        for k in 0..<(cuts.count - 1) where cuts[k + 1] - cuts[k] > Tolerance.parameter {
            fitCurve(evolute, from: cuts[k], to: cuts[k + 1], depth: 0, into: &result)
        }
    }

    /// A curve given by its points and derivatives on [a, b] (the evolute) as cubics within the
    /// tolerance: the geometric fit of `fit` (through two of its points, checked both ways at
    /// 17 points; its end directions, where the curve comes to rest at a cusp of the evolute, from
    /// a difference just inside), else the cubic Hermite interpolant, kept if within the tolerance
    /// of it at the same parameter (at 16 points); halved until one passes. (The Hermite cubic
    /// alone, of the fourth order and tied to the parameter, took 28,740 pieces for the evolutes
    /// of a stroke 100 times as wide as its path, O20 in docs/robustness.md.)
    mutating func fitCurve(_ target: EvoluteTarget, from a: Double, to b: Double, depth: Int, into result: inout [Segment]) {
        work += Cost.fit
        let (q0, w0) = target.pointAndVelocity(at: a), (q1, w1) = target.pointAndVelocity(at: b)
        let v0 = w0 * ((b - a) / 3), v1 = w1 * ((b - a) / 3)
        var cubic = CubicBezier(q0, q0 + v0, q1 - v1, q1)
        var err = 0.0
        for k in 1...16 {
            let u = (Double(k) - 0.5) / 16
            err = Swift.max(err, cubic.point(at: u).distance(to: target.point(at: a + (b - a) * u)))
        }
        if err > tolerance {
            // Directions at the ends: where the evolute comes to rest (a cusp, where ρ′ = 0), a
            // difference from just inside the piece.
            let e = Tolerance.nearRest * (b - a)
            let scale = Swift.max(q0.quickDistance(to: q1), v0.quickLength, v1.quickLength)
            let d0 = v0.quickLength > Tolerance.nearRest * scale ? v0 : target.point(at: a + e) - q0
            let d1 = v1.quickLength > Tolerance.nearRest * scale ? v1 : q1 - target.point(at: b - e)
            between.removeAll(keepingCapacity: true)
            #if hasFeature(Embedded)
            let geometric = geometricFit(FitTargets.evolute(target), from: a, to: b, q0: q0, q1: q1, v0: d0, v1: d1)
            #else
            let geometric = geometricFit(target, from: a, to: b, q0: q0, q1: q1, v0: d0, v1: d1)
            #endif
            if let (fitted, fittedError) = geometric, fittedError <= tolerance {
                cubic = fitted
                err = fittedError
            }
        }
        if err > tolerance, depth < 40, b - a > Tolerance.parameter, !isSpent {
            let m = 0.5 * (a + b)
            fitCurve(target, from: a, to: m, depth: depth + 1, into: &result)
            fitCurve(target, from: m, to: b, depth: depth + 1, into: &result)
            return
        }
        error = Swift.max(error, err)
        if q0 != q1 { result.append(.cubic(cubic)) }
    }

    /// One piece of the offset on [a, b] as the cubic Hermite interpolant in the curve's own
    /// parameter: the true offset's points and derivatives q′(t) = P′(t)(1 − dκ(t)) at both ends.
    /// Halved until it is within the tolerance of the true offset at the same parameter (checked
    /// at 16 points, a bound on the distance between the two curves).
    /// The fit is generic over the curve (`c`, the curve of `s`), so that the thousands of
    /// points and derivatives its checks ask for are the curve's own, not `Segment`'s switch.
    mutating func fit<C: OffsetFitted>(
        _ c: C, of s: Segment, from a: Double, to b: Double, d: Double, depth: Int, bound: Double, scale: Double,
        ends: (OffsetEnd, OffsetEnd)? = nil, into result: inout [Segment]
    ) {
        work += Cost.fit
        let slope = self.slope
        func q(_ t: Double) -> Point { Pen.offsetPoint(c, of: s, by: d, slope: slope, at: t, scale: scale) }
        // q′ = P′(1 − d(t)κ) + d′·n for a distance d(t) = d + slope·t, where the curve moves.
        func end(_ t: Double) -> OffsetEnd {
            let v = s.derivative(at: t)
            guard v.length > Tolerance.nearRest * bound else { return OffsetEnd(point: q(t), velocity: nil) }
            let n = Pen.tangent(s, at: t)?.perpendicular ?? Vector(0, 0)
            return OffsetEnd(point: q(t), velocity: v * (1 - (d + slope * t) * s.curvature(at: t)) + n * slope)
        }
        // Where the curve stops (the end of a piece at a cusp) q′ is a limit that rounding cannot
        // reach: a difference from just inside the piece stands in for it (`bound` is the
        // segment's `speedBound`, `scale` its `directionScale`, found once by the caller).
        func velocity(_ end: OffsetEnd, _ t: Double, inward: Double) -> Vector {
            if let v = end.velocity { return v * ((b - a) / 3) }
            // Divided by the step taken, t's neighbour less t (exact), not the one asked for:
            // near t = 1 a piece of 1e-10 asks for a step below t's rounding.
            let step = (t + inward * Tolerance.restDifference * (b - a)) - t
            guard step != 0 else { return Vector(0, 0) }
            return (q(t + step) - end.point) * ((b - a) / 3 / step)
        }
        let (start, finish) = ends ?? (end(a), end(b))
        let q0 = start.point, q1 = finish.point
        let v0 = velocity(start, a, inward: 1), v1 = velocity(finish, b, inward: -1)
        let hermite = CubicBezier(q0, q0 + v0, q1 - v1, q1)
        var cubic = hermite
        let halvable = depth < 40 && b - a > Tolerance.parameter
        // The Hermite cubic's check at the offset's 16 points (k − ½)/16 (the same points a
        // geometric fit's way back needs: kept for it). One point first, the fourth, near where a
        // Hermite cubic too coarse strays most: beyond the tolerance there, it is refused without
        // the other 15, which a geometric fit refused on its way there never needs either (its
        // error counts only where it is kept, and a piece that can no longer be halved, kept
        // whatever its error, has it measured whole).
        between.removeAll(keepingCapacity: true)
        let probeAt = Pen.checkParameter(Pen.hermiteProbe)
        let probe = q(a + (b - a) * probeAt)
        var err = hermite.point(at: probeAt).quickDistance(to: probe)
        if !(err > tolerance) || !halvable {
            err = 0
            between.reserveCapacity(16)
            for k in 1...16 {
                let u = Pen.checkParameter(k)
                let point = k == Pen.hermiteProbe ? probe : q(a + (b - a) * u)
                between.append(point)
                err = Swift.max(err, hermite.point(at: u).quickDistance(to: point))
            }
        }
        // Where the offset runs the curve's way (1 − dκ > 0 on the piece), a geometric fit of the
        // two handle lengths does far better than the parameter's own: kept if the two curves are
        // within the tolerance of each other both ways.
        #if hasFeature(Embedded)
        let target = FitTargets.offset(OffsetTarget(curve: c.asFittedCurve, segment: s, d: d, slope: slope, scale: scale))
        #else
        let target = OffsetTarget(curve: c, segment: s, d: d, slope: slope, scale: scale)
        #endif
        if err > tolerance, 1 - (d + slope * 0.5 * (a + b)) * s.curvature(at: 0.5 * (a + b)) > 0,
            let (fitted, fittedError) = geometricFit(target, from: a, to: b, q0: q0, q1: q1, v0: v0, v1: v1),
            fittedError <= tolerance
        {
            cubic = fitted
            err = fittedError
        }
        if err > tolerance, halvable {
            let m = 0.5 * (a + b)
            let middle = end(m)
            fit(c, of: s, from: a, to: m, d: d, depth: depth + 1, bound: bound, scale: scale, ends: (start, middle), into: &result)
            fit(c, of: s, from: m, to: b, d: d, depth: depth + 1, bound: bound, scale: scale, ends: (middle, finish), into: &result)
            return
        }
        error = Swift.max(error, err)
        if q0 != q1 { result.append(.cubic(cubic)) }
    }

    /// The order `geometricFit` checks its 17 points in, from the offset to the cubic: the
    /// quarter points first, where a fit that is too coarse strays most.
    static let wayToOrder = [4, 12, 2, 6, 10, 14, 1, 3, 5, 7, 9, 11, 13, 15, 8, 0, 16]

    /// The parameter (k − ½)/16, k = 1...16, of the Hermite cubic's check, whose points of the
    /// offset a geometric fit's way back takes as its odd samples ((2k − 1)/32, the same doubles).
    static func checkParameter(_ k: Int) -> Double { (Double(k) - 0.5) / 16 }

    /// The point of the Hermite cubic's check `fit` looks at first: the fourth, at 7/32.
    static let hermiteProbe = 4

    /// The check's points a geometric fit goes through (k of (k − ½)/16: 11/32 and 21/32).
    static let throughA = 6, throughB = 11
    /// The most Newton steps a geometric fit's handles take (they settle in four or five,
    /// `Tolerance.handleSettled`).
    static let handleSteps = 20

    /// An upper bound of the distance from p to `cubic`: the nearest of the points Newton's
    /// method on (C(t) − p)·C′(t) visits from t = `guess` (it stops when a step moves t by less
    /// than 1e-9: the next would move it by about the square of that). A fitted cubic runs
    /// along the curve it stands for, so from the parameter of p's own sample it settles on
    /// the nearest point in a few steps. A bound beyond the tolerance proves nothing (Newton's
    /// method may have settled on another bend), but the fit it refuses is only halved: a fit
    /// is kept on these bounds, each the distance to a point of the cubic, never on a guess
    /// (the last one, where the step settles, to the first order in it: the next term is below
    /// the rounding of the points).
    /// (The nearest point of the whole cubic, a quintic's roots, never turned a refusal here
    /// into a kept fit over the stroke and offset corpora, and cost 5% of their time.)
    static func distance<C: OffsetFitted>(from p: Point, to cubic: C, near guess: Double) -> Double {
        var t = guess, best = Double.infinity
        for _ in 0..<8 {
            let r = cubic.point(at: t) - p
            best = Swift.min(best, r.quickLength)
            // On the cubic (its ends are the offset's own): nothing nearer to find.
            if best == 0 { break }
            let v = cubic.derivative(at: t)
            let slope = v.dot(v) + r.dot(cubic.secondDerivative(at: t))
            guard slope > 0 else { break }
            let next = Swift.min(Swift.max(t - r.dot(v) / slope, 0), 1)
            if abs(next - t) <= Tolerance.settledStep {
                // The point there, to the first order: the next term, ½C″·(next − t)², is below
                // the rounding of the points.
                best = Swift.min(best, (r + v * (next - t)).quickLength)
                break
            }
            t = next
        }
        return best
    }

    /// An upper bound of the distance from c to the curve between two of its points (with its
    /// derivatives there) when c lies across the chord between them: the distance to the chord
    /// and the most the curve strays from it, half its length times tan of half the turn (a
    /// curve that turns one way lies in the triangle of the chord and its end tangents), for a
    /// turn below a right angle. Where the target's points scatter along it from one double of
    /// the parameter to the next (its evolute by an inflection, moving 1e14 units per unit of
    /// t), Gauss-Newton steps go to and fro across the foot of c and never settle, and the
    /// nearest point found was 1e-3 away though the curve passes within 1e-7.
    static func chordBound(from p: (point: Point, velocity: Vector), to q: (point: Point, velocity: Vector), _ c: Point) -> Double {
        let chord = q.point - p.point
        let length2 = chord.dot(chord)
        guard length2 > 0 else { return .infinity }
        let along = (c - p.point).dot(chord) / length2
        guard along >= 0, along <= 1 else { return .infinity }
        // tan(θ/2) = sin θ / (1 + cos θ) = |v × w| / (|v|·|w| + v·w), for θ below a right angle.
        let dot = p.velocity.dot(q.velocity)
        guard dot > 0 else { return .infinity }
        let halfTurn = abs(p.velocity.cross(q.velocity)) / (p.velocity.length * q.velocity.length + dot)
        return (p.point + chord * along).distance(to: c) + 0.5 * length2.squareRoot() * halfTurn
    }

    /// The cubic from q(a) to q(b) along the offset's end tangents whose handle lengths take it
    /// through two of the offset's points, at 11/32 and 21/32 of the piece (an error of the
    /// sixth order in the piece's length, as for a circle's cubic, where Hermite's is of the
    /// fourth), and the largest distance between the two curves found both ways at 17 points: from
    /// the offset's points to the cubic (nearest points), and from the cubic's points to the
    /// offset (from the nearest of 33 of its points, refined). Nil where the handles would not both
    /// point forward. The curve is `target`: the offset, or the evolute (`fitCurve`).
    /// `between` holds the curve's points at (k − ½)/16 when `fit` found them; else it is empty,
    /// and the two the fit goes through are found first, the other 14 if the way back is reached.
    mutating func geometricFit<T: FitTarget>(
        _ target: T, from a: Double, to b: Double, q0: Point, q1: Point, v0: Vector, v1: Vector
    ) -> (CubicBezier, Double)? {
        @inline(__always) func q(_ t: Double) -> Point { target.point(at: t) }
        guard let d0 = v0.normalized, let d1 = v1.normalized else { return nil }
        // Through the offset's middle point M: C(½) = (q0 + q1)/2 + ⅜(α·d0 − β·d1) = M, two
        // equations in α and β.
        let m = q(0.5 * (a + b))
        let r = (m - Point(0.5 * (q0.x + q1.x), 0.5 * (q0.y + q1.y))) * (8.0 / 3)
        let det = d0.cross(d1 * -1)
        var alpha: Double, beta: Double
        let chord = q1 - q0
        if abs(det) <= Tolerance.parallelEnds {
            // Parallel ends: the two lengths are mostly rounding. Where the curve runs straight
            // from q0 to q1 along them (its chord along both ends, within the tolerance), the
            // cubic is that chord, its handles at the thirds, and the checks both ways below
            // decide. (A stretch of an evolute near an inflection runs straight along the normal
            // at 1e13 units of the parameter: its points at neighbouring doubles of t are 1e-3
            // apart, so no cubic in that parameter is within the tolerance at the same parameter,
            // and the halving went on to its limit.)
            guard d0.dot(d1) > 0, abs(chord.cross(d0)) <= tolerance, abs(chord.cross(d1)) <= tolerance, chord.dot(d0) > 0 else { return nil }
            alpha = chord.length / 3
            beta = alpha
        } else {
            // α·d0 + β·(−d1) = r
            alpha = r.cross(d1 * -1) / det
            beta = d0.cross(r) / det
        }
        guard alpha > 0, beta > 0, alpha.isFinite, beta.isFinite else { return nil }
        // Then the handle lengths that take the cubic through the offset's points at 11/32 and
        // 21/32 instead (the check's points k = 6 and 11), at whatever parameters of the cubic:
        // two conditions on the curve's shape, where the middle point spent one of its two on
        // the cubic's parameter there. Newton's method on C(tA) = pA, C(tB) = pB in α, β, tA, tB
        // (each point's tangential equation gives its t, its normal one the handles), from the
        // fit through the middle, until a step moves the handles by less than 1e-4 of their
        // length (the check below decides whatever the handles). Its error is several times
        // smaller: pieces about 40% fewer over the corpus.
        // (`between` holds the check's 16 points when `fit` found them; else only these two
        // now, the others when the way back is reached.)
        let betweenFound = !between.isEmpty
        if !betweenFound {
            between.reserveCapacity(16)
            for k in 1...16 { between.append(k == Pen.throughA || k == Pen.throughB ? q(a + (b - a) * Pen.checkParameter(k)) : q0) }
        }
        let pA = between[Pen.throughA - 1], pB = between[Pen.throughB - 1]
        var tA = Pen.checkParameter(Pen.throughA), tB = Pen.checkParameter(Pen.throughB)
        for _ in 0..<(abs(det) <= Tolerance.parallelEnds ? 0 : Pen.handleSteps) {
            let k = CubicBezier(q0, q0 + d0 * alpha, q1 - d1 * beta, q1)
            let vA = k.derivative(at: tA), vB = k.derivative(at: tB)
            let rA = pA - k.point(at: tA), rB = pB - k.point(at: tB)
            // ∂C/∂α and ∂C/∂β at tA and tB.
            let alphaA = d0 * (3 * (1 - tA) * (1 - tA) * tA), betaA = d1 * (-3 * (1 - tA) * tA * tA)
            let alphaB = d0 * (3 * (1 - tB) * (1 - tB) * tB), betaB = d1 * (-3 * (1 - tB) * tB * tB)
            // Along the normals (C′ turned): the parameters drop out.
            let a1 = vA.cross(alphaA), b1 = vA.cross(betaA), r1 = vA.cross(rA)
            let a2 = vB.cross(alphaB), b2 = vB.cross(betaB), r2 = vB.cross(rB)
            let det = a1 * b2 - a2 * b1
            let dAlpha = (r1 * b2 - r2 * b1) / det, dBeta = (a1 * r2 - a2 * r1) / det
            guard dAlpha.isFinite, dBeta.isFinite, alpha + dAlpha > 0, beta + dBeta > 0 else { break }
            // Along the tangents: the parameters.
            let dtA = (rA - alphaA * dAlpha - betaA * dBeta).dot(vA) / vA.dot(vA)
            let dtB = (rB - alphaB * dAlpha - betaB * dBeta).dot(vB) / vB.dot(vB)
            guard dtA.isFinite, dtB.isFinite else { break }
            alpha += dAlpha
            beta += dBeta
            tA = Swift.min(Swift.max(tA + dtA, 0), 1)
            tB = Swift.min(Swift.max(tB + dtB, 0), 1)
            if abs(dAlpha) <= Tolerance.handleSettled * alpha, abs(dBeta) <= Tolerance.handleSettled * beta { break }
        }
        let cubic = CubicBezier(q0, q0 + d0 * alpha, q1 - d1 * beta, q1)
        // The cubic's parameter at the curve's u, for the way to's first guesses: the cubic
        // through (0, 0), (11/32, tA), (21/32, tB) and (1, 1) (Lagrange's form); and back, for
        // where the way back's search starts, linearly between the same points.
        let uA = Pen.checkParameter(Pen.throughA), uB = Pen.checkParameter(Pen.throughB)
        func cubicParameter(_ u: Double) -> Double {
            let lA = u * (u - uB) * (u - 1) / (uA * (uA - uB) * (uA - 1))
            let lB = u * (u - uA) * (u - 1) / (uB * (uB - uA) * (uB - 1))
            let l1 = u * (u - uA) * (u - uB) / ((1 - uA) * (1 - uB))
            return Swift.min(Swift.max(tA * lA + tB * lB + l1, 0), 1)
        }
        func offsetParameter(_ t: Double) -> Double {
            if t <= tA { return tA > 0 ? t / tA * uA : 0 }
            if t <= tB { return tB > tA ? uA + (t - tA) / (tB - tA) * (uB - uA) : uA }
            return tB < 1 ? uB + (t - tB) / (1 - tB) * (1 - uB) : uB
        }
        // The offset's own points, for the way back: the cubic's point to the nearest of them,
        // refined by Gauss-Newton steps (the distance to the curve less |d| would be fooled by a
        // cubic that bulges around an end of the piece, on the circle of radius |d| there).
        // The odd ones are `fit`'s points at (k − ½)/16, the same doubles: (2k − 1)/32 is exact.
        // The even ones are found as the way to the cubic reaches them (a fit refused at its
        // first point needs one).
        samples.removeAll(keepingCapacity: true)
        samples.append(contentsOf: repeatElement(q0, count: 33))
        var err = 0.0
        // From the offset's points to the cubic first, the likeliest to fail first: a fit too
        // coarse strays most between its ends and its middle, and is refused at once.
        let fitted = FittedCubic(cubic)
        for k in Pen.wayToOrder {
            samples[2 * k] = q(a + (b - a) * Double(2 * k) / 32)
            err = Swift.max(err, Pen.distance(from: samples[2 * k], to: fitted, near: cubicParameter(Double(k) / 16)))
            if err > tolerance { return (cubic, err) }
        }
        for j in 0..<16 {
            if !betweenFound, j + 1 != Pen.throughA, j + 1 != Pen.throughB { between[j] = q(a + (b - a) * Pen.checkParameter(j + 1)) }
            samples[2 * j + 1] = between[j]
        }
        // The sample nearest to the cubic's last point looked at: a cubic that runs along the
        // offset, back and on again (near a cusp, where the offset is nearly straight, such a
        // cubic is within the tolerance of it both ways) has a later point nearest to an earlier
        // sample, and is refused.
        let ordered = OrderedSamples(samples, reusing: &projections)
        var reached = 0
        for k in 0...16 {
            let c = cubic.point(at: Double(k) / 16)
            // (The nearest index to 32·u, u in [0, 1].)
            let i = ordered.nearest(to: c, from: Int(saturating: 32 * offsetParameter(Double(k) / 16) + 0.5))
            guard i >= reached else { return (cubic, .infinity) }
            reached = i
            var best = samples[i].quickDistance(to: c)
            // Gauss-Newton from there: t ← t − (q(t) − c)·q′(t) / |q′(t)|², q′ = P′(1 − dκ); the
            // residual is tiny, so a few steps settle it (it stops when a step moves t by less
            // than 1e-9 of the piece: the next would move it by about the square of that). The
            // best point seen is kept. Each step finds the offset's point and its derivative at
            // one parameter, with one normal (`q`'s own).
            // The first step's derivative is the samples' central difference (one-sided at an
            // end): the step it takes lands as near as the exact one's would, within the square
            // of the samples' spacing, and the point it finds is the offset's own, as every later
            // step's is.
            var u = a + (b - a) * Double(i) / 32
            let before = Swift.max(i - 1, 0), after = Swift.min(i + 1, 32)
            var qu = samples[i]
            var v = (samples[after] - samples[before]) * (32 / ((b - a) * Double(after - before)))
            // A sample itself (the cubic's ends are the offset's): nothing nearer to find.
            for _ in 0..<6 where best > 0 {
                let speed2 = v.dot(v)
                guard speed2 > 0 else { break }
                let step = Swift.min(Swift.max(-(qu - c).dot(v) / speed2, a - u), b - u)
                let next = Swift.min(Swift.max(u + step, a), b)
                if abs(step) <= u.ulp {
                    // A step the parameter cannot take (where the curve runs more than the
                    // tolerance between neighbouring doubles of it, the evolute near an
                    // inflection): the point there to the first order, at the step itself.
                    best = Swift.min(best, (qu + v * step).quickDistance(to: c))
                    break
                }
                if abs(next - u) <= Tolerance.settledStep * (b - a) {
                    // The offset's point there, to the first order (the next term is below the
                    // rounding of the points): no evaluation.
                    best = Swift.min(best, (qu + v * (next - u)).quickDistance(to: c))
                    break
                }
                u = next
                let previous = (point: qu, velocity: v)
                (qu, v) = target.pointAndVelocity(at: u)
                best = Swift.min(best, qu.quickDistance(to: c))
                if best > tolerance { best = Swift.min(best, Pen.chordBound(from: previous, to: (qu, v), c)) }
            }
            err = Swift.max(err, best)
            if err > tolerance { return (cubic, err) }
        }
        return (cubic, err)
    }
}
