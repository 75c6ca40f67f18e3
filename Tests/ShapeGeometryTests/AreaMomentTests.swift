import Testing
import Foundation

@testable import ShapeGeometry

/// `Segment.signedArea`, `Segment.firstMoments`, `Path.signedArea` and `Path.centroid` against
/// closed forms: discs and ellipses, a half disc, Archimedes' parabolic segment, the region under
/// a cubic graph (Bernstein integrals), polygons by the shoelace formulas.
@Suite struct AreaMomentTests {
    func close(_ a: Double, _ b: Double, _ size: Double, _ tolerance: Double = 1e-13) -> Bool { abs(a - b) <= tolerance * size }

    /// The Gauss–Legendre rules integrate tᵏ over [0, 1] exactly (to rounding) up to their degree.
    @Test func theQuadratureRulesAreExactToTheirDegree() {
        for (rule, degree) in [(Area.gauss5, 9), (Area.gauss8, 15)] {
            #expect(close(rule.reduce(0) { $0 + $1.1 }, 1, 1, 1e-15))
            for k in 0...degree {
                let sum = rule.reduce(0.0) { acc, node in acc + node.1 * pow(node.0, Double(k)) }
                #expect(close(sum, 1 / Double(k + 1), 1, 2e-16), "degree \(k): \(sum)")
            }
        }
    }

    /// A disc (a whole turn of an arc) has area πr², signed by its direction, and its centre as
    /// centroid; so does an ellipse made by a transform (πab, centre).
    @Test(arguments: [(1.0, 0.0, 0.0), (5.0, 100.0, -40.0), (1e-3, 3e-3, 7e-3), (2e4, -1e5, 3e5)])
    func discsAndEllipses(_ r: Double, _ cx: Double, _ cy: Double) throws {
        var disc = Path()
        try disc.move(to: Point(cx + r, cy))
        try disc.append(arc: Arc(center: Point(cx, cy), radius: r, startAngle: 0, sweep: 2 * .pi))
        let size = r * r + abs(cx * r) + abs(cy * r)
        #expect(close(disc.signedArea, .pi * r * r, size))
        let c = try #require(disc.centroid)
        #expect(close(c.x, cx, r + abs(cx), 1e-12) && close(c.y, cy, r + abs(cy), 1e-12), "\(c)")
        // Counter-clockwise on screen: negative, the same centre.
        var back = Path()
        try back.move(to: Point(cx + r, cy))
        try back.append(arc: Arc(center: Point(cx, cy), radius: r, startAngle: 0, sweep: -2 * .pi))
        #expect(close(back.signedArea, -.pi * r * r, size))
        // An ellipse: u and v not at right angles; its area is π|u × v|.
        let u = Vector(3 * r, r), v = Vector(-r, 2 * r)
        var ellipse = Path()
        let arc = Arc(center: Point(cx, cy), u: u, v: v, startAngle: 0.3, sweep: 2 * .pi)
        try ellipse.move(to: arc.start)
        try ellipse.append(arc: arc)
        #expect(close(ellipse.signedArea, .pi * u.cross(v), 7 * size))
        let e = try #require(ellipse.centroid)
        #expect(close(e.x, cx, 4 * r + abs(cx), 1e-12) && close(e.y, cy, 4 * r + abs(cy), 1e-12), "\(e)")
    }

    /// A half disc above its diameter (y down: the arc from angle 0 to π runs through +y): area
    /// πr²/2, centroid 4r/(3π) from the diameter.
    @Test func aHalfDisc() throws {
        let r = 6.0
        var p = Path()
        try p.move(to: Point(r, 0))
        try p.append(arc: Arc(center: .zero, radius: r, startAngle: 0, sweep: .pi))
        p.close()
        #expect(close(p.signedArea, .pi * r * r / 2, r * r))
        let c = try #require(p.centroid)
        #expect(close(c.x, 0, r) && close(c.y, 4 * r / (3 * .pi), r), "\(c)")
    }

    /// Archimedes: the parabolic segment of base 2a and height h has area 4ah/3, and its centroid
    /// lies on its axis, 2h/5 from the base.
    @Test func archimedesParabolicSegment() throws {
        let a = 7.0, h = 3.0
        var p = Path()
        try p.move(to: Point(-a, 0))
        try p.quad(control: Point(0, 2 * h), to: Point(a, 0))
        p.close()
        #expect(close(abs(p.signedArea), 4 * a * h / 3, a * h))
        let c = try #require(p.centroid)
        #expect(close(c.x, 0, a) && close(c.y, 2 * h / 5, h), "\(c)")
    }

    /// Under the graph of a cubic whose x runs evenly (x = x0 + L·t): area L·Σyᵢ/4, and the
    /// moments from the Bernstein integrals ∫t·Bᵢ = (i+1)/20 and ∫Bᵢ·Bⱼ = C(3,i)C(3,j)/(7·C(6,i+j)).
    @Test(arguments: [[2.0, 9.0, -1.0, 4.0], [0.5, 0.5, 0.5, 0.5], [10.0, -30.0, 40.0, 1.0]])
    func underACubicGraph(_ y: [Double]) throws {
        let x0 = -2.0, length = 12.0
        var p = Path()
        try p.move(to: Point(x0, 0))
        try p.line(to: Point(x0, y[0]))
        try p.curve(
            control1: Point(x0 + length / 3, y[1]), control2: Point(x0 + 2 * length / 3, y[2]), to: Point(x0 + length, y[3]))
        try p.line(to: Point(x0 + length, 0))
        p.close()
        let binomial = [1.0, 3, 3, 1], six = [1.0, 6, 15, 20, 15, 6, 1]
        // ∬ dA, ∬ x dA and ∬ y dA of the region between the graph and the x axis (signed by y).
        let area = length * y.reduce(0, +) / 4
        var xMoment = 0.0, yMoment = 0.0
        for i in 0...3 {
            xMoment += length * y[i] * (x0 / 4 + length * Double(i + 1) / 20)
            for j in 0...3 { yMoment += 0.5 * length * y[i] * y[j] * binomial[i] * binomial[j] / (7 * six[i + j]) }
        }
        // The outline runs up the left side, along the graph, down the right: clockwise on screen
        // where y > 0, so its signed area is −(∫y dx).
        #expect(close(p.signedArea, -area, length * 40))
        if abs(area) > 1e-9 {
            let c = try #require(p.centroid)
            #expect(close(c.x, xMoment / area, 40 * length, 1e-12) && close(c.y, yMoment / area, 40 * length, 1e-12), "\(c)")
        }
    }

    /// A polygon: the shoelace area and centroid, on random polygons far from the origin.
    @Test func polygonsByTheShoelace() throws {
        var random = SeededRandom(seed: 45)
        for _ in 0..<200 {
            let n = 3 + Int(random.next() % 9)
            let offset = Point(random.uniform(-1e6, 1e6), random.uniform(-1e6, 1e6))
            let points = (0..<n).map { _ in Point(offset.x + random.uniform(-50, 50), offset.y + random.uniform(-50, 50)) }
            var p = Path()
            try p.move(to: points[0])
            for q in points.dropFirst() { try p.line(to: q) }
            // About the first point, as the formulas are well conditioned there.
            var a = 0.0, cx = 0.0, cy = 0.0
            for k in 0..<n {
                let s = points[k] - points[0], t = points[(k + 1) % n] - points[0]
                let cross = s.dx * t.dy - t.dx * s.dy
                a += cross / 2
                cx += (s.dx + t.dx) * cross / 6
                cy += (s.dy + t.dy) * cross / 6
            }
            #expect(close(p.signedArea, a, 1e4, 1e-12), "\(points)")
            if abs(a) > 1 {
                let c = try #require(p.centroid)
                #expect(close(c.x, points[0].x + cx / a, 1e6, 1e-12) && close(c.y, points[0].y + cy / a, 1e6, 1e-12))
            }
        }
    }
}
