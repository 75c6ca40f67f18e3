/// Seed 002: a random, smooth curve made of circular arcs, as long as a duration times a speed.
///
/// It starts with a fixed arc: from `start`, on a circle of radius 80·3/2/π to the start's right,
/// 120° clockwise. Then each arc has a radius drawn from {W/4, W/3, W/10, W/12} (W the safe area's
/// width) and a turn drawn from {180°, 210°, 240°, 270°, 300°}, turns the other way than the one
/// before, and is exactly tangent to it: its centre lies on the line from the previous centre
/// through the joint, on the far side, so the direction of travel carries straight on. When the
/// circle would leave the safe area, its radius is halved until it fits, and the arc turns 330°
/// (a turn back). Where the seed's rule would then spiral into a wall (the joint on the wall,
/// the next circle's side facing it, so that no radius fits: below 1/8 of the drawn one), the
/// curve instead turns the same way again, on a circle tangent inside the previous one (radius
/// the drawn one or the previous, whichever is smaller), which fits because the previous did;
/// so a wander of any length succeeds in any area that holds its first circle. The last arc is cut
/// to the exact remaining length, so the total is the length asked for.
///
/// Fixes against the seed: the seed rounds the next centre up (`ceil`), which breaks tangency,
/// and computes the last arc's cut angle but then draws the full arc; here centres are exact and
/// the cut is applied. Random choices come from `SeededRandom` in a fixed order (radius, then
/// turn), so one seed gives one curve on every machine.
public enum Wander {
    /// The radius of the seed's start arc.
    public static let startRadius = 80.0 * 3 / 2 / Double.pi
    /// The turns, in degrees.
    public static let turns: [Double] = [180, 210, 240, 270, 300]

    /// How many times a collapsed attempt is started again before giving up.
    public static let attempts = 100

    /// The arcs of a wander of total `length` from `start` inside `area`. O(number of arcs).
    ///
    /// An attempt can spiral into a wall: a circle touching the edge forces ever smaller 330°
    /// circles until the radius collapses. The seed then starts the whole curve again (its
    /// `while leftPaths == nil` loop); so does this, with the generator continuing, so the result
    /// stays a function of the seed. Throws after `attempts` collapses, or when more than
    /// `arcLimit` arcs would be needed.
    package static func arcs(
        length: Double, start: Point, area: Rect, random: inout SeededRandom,
        arcLimit: Int = 1_000_000
    ) throws(GeometryError) -> [Arc] {
        guard length.isFinite, length >= 0 else { throw .nonFinite(argument: "length") }
        guard start.isFinite else { throw .nonFinite(argument: "start") }
        for _ in 0..<attempts {
            if let arcs = try attempt(length: length, start: start, area: area, random: &random, arcLimit: arcLimit) {
                return arcs
            }
        }
        throw .nonFiniteResult
    }

    /// One attempt; `nil` when a radius collapses below 1e-6 of the area's size.
    static func attempt(
        length: Double, start: Point, area: Rect, random: inout SeededRandom,
        arcLimit: Int
    ) throws(GeometryError) -> [Arc]? {
        var remaining = length
        var clockwise = true
        var center = Point(start.x + startRadius, start.y)
        var radius = startRadius
        var arc = Arc(center: center, radius: radius, startAngle: Double.pi, sweep: 2 * Double.pi / 3)
        var result: [Arc] = []
        let radii = [area.width / 4, area.width / 3, area.width / 10, area.width / 12]
        while true {
            let arcLength = arc.arcLength()
            if arcLength >= remaining {
                arc.sweep = (arc.sweep < 0 ? -1 : 1) * remaining / radius
                result.append(arc)
                return result
            }
            result.append(arc)
            guard result.count < arcLimit else { throw .tooManyPoints(limit: arcLimit) }
            remaining -= arcLength
            // The joint, and the outward direction of the previous circle there.
            let endAngle = arc.startAngle + arc.sweep
            let outward = Vector(cosine(endAngle), sine(endAngle))
            let joint = center + outward * radius
            clockwise.toggle()
            let drawn = radii[Int(random.next() % UInt64(radii.count))]
            var nextRadius = drawn
            var fits = true
            func inside(_ c: Point, _ r: Double) -> Bool {
                !(c.x - r < area.minX || c.x + r > area.maxX || c.y - r < area.minY || c.y + r > area.maxY)
            }
            var side = 1.0  // the far side of the joint: the turn alternates
            while !inside(joint + outward * nextRadius, nextRadius) {
                fits = false
                nextRadius /= 2
                if nextRadius < drawn / 8, inside(center, radius) {
                    // The turn back would spiral into the wall (the joint lies on it, facing it).
                    // Carry on turning the same way instead, on a circle tangent inside the one
                    // just drawn: no larger than it, so inside the area as it is.
                    clockwise.toggle()
                    side = -1
                    nextRadius = Swift.min(drawn, radius)
                    fits = true
                    break
                }
                // Outside the area already (a start that does not fit it): halve as the seed does.
                guard nextRadius > Tolerance.smallestWanderRadius * Swift.max(area.width, area.height, 1) else { return nil }
            }
            let turn = fits ? turns[Int(random.next() % UInt64(turns.count))] : 330
            center = joint + outward * (side * nextRadius)
            radius = nextRadius
            // The joint seen from the new centre is in the direction −outward (angle endAngle + π),
            // or +outward for a circle on the same side.
            arc = Arc(
                center: center, radius: radius, startAngle: side > 0 ? endAngle + Double.pi : endAngle,
                sweep: (clockwise ? 1 : -1) * turn * Double.pi / 180)
        }
    }
}
