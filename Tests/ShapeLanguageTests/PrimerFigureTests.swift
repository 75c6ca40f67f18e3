import Foundation
import Testing
@testable import ShapeLanguage
import ShapeGeometry
import ShapeTestSupport

/// The Primer's plots as figures, each checked against what it shows: closed forms, an
/// independent least squares (numpy), and the curve's own curvature.
@Suite struct PrimerFigureTests {
    func session(_ text: String) -> Interpreter {
        let i = Interpreter()
        #expect(run(i, text) == nil, "\(text)")
        return i
    }

    /// `figure keep` keeps every figure a statement makes, in a loop as in separate statements
    /// (a loop of three tangents kept 2 marks, the last two figures, where three statements keep
    /// 6); `figure replace` then keeps the last alone.
    @Test func keptFiguresAccumulateInLoopsToo() {
        let curve = "move 0 0\ncurve 30 120 170 120 200 0\nfigure keep\n"
        let looped = session(curve + "for s in 1..<4 { tangent s * 50 }")
        let separate = session(curve + "tangent 50\ntangent 100\ntangent 150")
        #expect(looped.shownFigure(.figure)?.marks.count == 6 && looped.shownFigure(.figure) == separate.shownFigure(.figure))
        #expect(run(looped, "figure replace\nfor s in 1..<4 { tangent s * 50 }") == nil)
        #expect(looped.shownFigure(.figure)?.marks.count == 2)
    }

    func marks(_ i: Interpreter, _ role: Figure.Role) -> [Figure.Mark] { i.shownFigure(.figure)?.marks.filter { $0.role == role } ?? [] }

    /// Bernstein: one graph per basis function, each through the closed form C(n,k)tᵏ(1−t)ⁿ⁻ᵏ
    /// at its ends and peak; the weights at t marked on the line at t.
    @Test func bernsteinDrawsTheBasisFunctions() throws {
        let i = session("move 0 0\ncurve 30 120 170 120 200 0\nbernstein 1 0.3")
        let graphs = marks(i, .basis).compactMap { if case .polyline(let ps, _) = $0 { ps } else { nil } }
        #expect(graphs.count == 4)
        // The frame: the chart maps t = 0…1 across it and weight 0…1 up it.
        guard case .polyline(let frame, .axis)? = marks(i, .axis).first else { Issue.record("no frame"); return }
        let left = frame.map(\.x).min()!, right = frame.map(\.x).max()!, top = frame.map(\.y).min()!, bottom = frame.map(\.y).max()!
        for (k, graph) in graphs.enumerated() {
            for (j, p) in graph.enumerated() where j % 16 == 0 {
                let t = (p.x - left) / (right - left), value = (bottom - p.y) / (bottom - top)
                let binomial = [1.0, 3, 3, 1][k]
                let expected = binomial * pow(t, Double(k)) * pow(1 - t, Double(3 - k))
                expectClose(value, expected, tolerance: 1e-12, "b\(k) at t \(t)")
            }
        }
        let weights = marks(i, .mark).compactMap { if case .point(_, _, let label) = $0 { label } else { nil } }
        #expect(weights.contains("b0 0.343") && weights.contains("b1 0.441") && weights.contains("b2 0.189") && weights.contains("b3 0.027"))
    }

    /// Each basis function is named beside its own curve, and never where the weights are marked:
    /// for quadratics and cubics at every t in steps of 1/40 (the peaks included), each name is
    /// at least a tenth of the chart's width from the line at t, and the name's point is on its
    /// curve's side of the chart, just above it (its weight at the name's t, by the closed form).
    @Test func bernsteinNamesKeepOffTheWeights() throws {
        for curve in ["quad 100 150 200 0", "curve 30 120 170 120 200 0"] {
            let n = curve.hasPrefix("quad") ? 2 : 3
            for step in 0...40 {
                let t = Double(step) / 40
                let i = session("move 0 0\n\(curve)\nbernstein 1 \(t)")
                guard case .polyline(let frame, .axis)? = marks(i, .axis).first else { Issue.record("no frame"); return }
                let left = frame.map(\.x).min()!, right = frame.map(\.x).max()!, top = frame.map(\.y).min()!, bottom = frame.map(\.y).max()!
                let names = marks(i, .basis).compactMap { if case .text(let p, let s, _, _) = $0 { (p, s) } else { nil } }
                #expect(names.map(\.1) == (0...n).map { "b\($0)" })
                for (k, (p, _)) in names.enumerated() {
                    let u = (p.x - left) / (right - left)
                    // The end names sit inside the frame's corners, 2% of its width in.
                    let at = u < 0.03 ? 0 : u > 0.97 ? 1 : u
                    #expect(abs(at - t) >= 0.1, "b\(k) at t \(t): named at \(at)")
                    var binomial = 1.0
                    for j in 0..<k { binomial = binomial * Double(n - j) / Double(j + 1) }
                    let weight = binomial * pow(at, Double(k)) * pow(1 - at, Double(n - k))
                    let above = (bottom - p.y) / (bottom - top) - weight
                    #expect(above > 0.05 && above < 0.07, "b\(k) at t \(t): \(above) above its curve")
                }
            }
        }
    }

    /// Hodograph: the curve drawn is the derivative's, 3(P1 − P0), 3(P2 − P1), 3(P3 − P2), to one
    /// scale in x and y, with the origin where the derivative's arrows start.
    @Test func hodographIsTheDerivativeToOneScale() throws {
        let i = session("move 0 0\ncurve 30 120 170 120 200 0\nhodograph 1")
        guard case .curve(.quadratic(let q), .hodograph, _)? = marks(i, .hodograph).first else { Issue.record("no curve"); return }
        guard case .point(let origin, _, "0")? = marks(i, .mark).first else { Issue.record("no origin"); return }
        let truth = [Point(90, 360), Point(420, 0), Point(90, -360)]
        let drawn = [q.p0, q.p1, q.p2].map { $0 - origin }
        let scale = drawn[0].length / Vector(truth[0].x, truth[0].y).length
        for (d, t) in zip(drawn, truth) { expectClose(Point(d.dx, d.dy), Point(t.x * scale, t.y * scale), tolerance: 1e-9 * 420 * scale) }
    }

    /// `lower i primer`: the least-squares quadratic of numpy's lstsq on the elevation matrix,
    /// (−11, 0), (100, 180), (211, 0), off the cubic by at most 11 (at its ends, by dense
    /// sampling); a quadratic's least-squares line (0, 30) to (100, 50), off by 30. The path keeps
    /// its element.
    @Test func thePrimersLeastSquaresLowering() throws {
        let i = session("move 0 0\ncurve 30 120 170 120 200 0\nlower 1 primer")
        guard case .curve(.quadratic(let q), .lowered, _)? = marks(i, .lowered).first else { Issue.record("no curve"); return }
        expectClose(q.p0, Point(-11, 0), tolerance: 1e-12 * 200)
        expectClose(q.p1, Point(100, 180), tolerance: 1e-12 * 200)
        expectClose(q.p2, Point(211, 0), tolerance: 1e-12 * 200)
        let c = CubicBezier(Point(0, 0), Point(30, 120), Point(170, 120), Point(200, 0))
        expectClose(try #require(c.leastSquaresLowered).error, 11, tolerance: 1e-12 * 200)
        guard case .segment(.cubic) = i.path.elements[1] else { Issue.record("the path changed"); return }
        let l = QuadraticBezier(Point(0, 0), Point(50, 100), Point(100, 20)).leastSquaresLowered
        expectClose(l.line.p0, Point(0, 30), tolerance: 1e-12 * 100)
        expectClose(l.line.p1, Point(100, 50), tolerance: 1e-12 * 100)
        expectClose(l.error, 30, tolerance: 1e-12 * 100)
    }

    /// offsetcurve: each cusp marked lies at the distance from the curve, where the curve's radius
    /// of curvature equals it (the curve bends toward the offset's side).
    @Test func offsetCuspsAreWhereTheRadiusIsTheDistance() throws {
        let i = session("move 0 0\ncurve 30 120 170 120 200 0\noffsetcurve 1 -110")
        let cusps = marks(i, .cusp).compactMap { if case .point(let p, _, _) = $0 { p } else { nil } }
        #expect(cusps.count == 2)
        let curve = Segment.cubic(CubicBezier(Point(0, 0), Point(30, 120), Point(170, 120), Point(200, 0)))
        for p in cusps {
            // The t whose normal, 110 long, ends nearest p, on a grid of 100,001.
            var best = (t: 0.0, miss: Double.infinity)
            for k in 0...100_000 {
                let t = Double(k) / 100_000
                let d = curve.derivative(at: t), u = d * (1 / d.length)
                for side in [1.0, -1.0] {
                    let q = curve.point(at: t) + Vector(-u.dy, u.dx) * (110 * side)
                    if q.distance(to: p) < best.miss { best = (t, q.distance(to: p)) }
                }
            }
            #expect(best.miss < 0.01, "\(p) is \(best.miss) from every normal's end")
            expectClose(1 / abs(curve.curvature(at: best.t)), 110, tolerance: 0.1)
        }
    }

    /// fit: one residual per point, from the point to the curve; arcs: a centre per arc, each as
    /// far from both of the arc's ends; cubics: the radial error drawn around the circle.
    @Test func residualsCentresAndRadialError() throws {
        let fit = session("move 0 0\nfit 0 0 40 60 100 80 160 60 200 0")
        #expect(marks(fit, .residual).count == 6)
        let arcs = session("move 0 0\ncurve 30 120 170 120 200 0\narcs 1 tolerance 2")
        let radii = marks(arcs, .centre).compactMap { if case .polyline(let ps, _) = $0 { ps } else { nil } }
        #expect(radii.count == 2)
        for r in radii { expectClose(r[0].distance(to: r[1]), r[2].distance(to: r[1]), tolerance: 1e-9 * 200) }
        let cubics = session("circle 0 0 100\ncubics")
        #expect(marks(cubics, .error).count == 1)
        #expect(cubics.shownFigure(.figure)?.title.contains("radial error") == true)
    }

    /// canonical: P3 drawn where the canonical map puts it; the regions' boundaries drawn.
    @Test func canonicalChartsTheRegions() throws {
        let i = session("move 0 0\ncurve 30 120 170 120 200 0\ncanonical 1")
        let labels = marks(i, .mark).compactMap { if case .point(_, _, let l) = $0 { l } else { nil } }
        #expect(labels == ["P3: arch"])
        #expect(marks(i, .construction).count == 5)
        #expect(marks(i, .control).count == 3)
    }

    /// Every teaching query but `matrix` (numbers only) and `casteljau` (its own layer) draws a
    /// figure; `point`'s first arrow at t = 0 is the first control leg, P1 − P0 = B′(0)/3.
    @Test func everyTeachingQueryDrawsOrSaysItHasNone() throws {
        let setup = "move 0 0\ncurve 30 120 170 120 200 0\nline 250 50\n"
        for query in ["point 1 0.3", "locate 100", "continuity", "align 1", "lower 1", "hodograph 1", "bernstein 1 0.5", "canonical 1"] {
            let i = session(setup + query)
            #expect(i.shownFigure(.figure) != nil && !(i.shownFigure(.figure)?.marks.isEmpty ?? true), "\(query) draws no figure")
        }
        let i = session(setup + "point 1 0")
        guard case .arrow(let from, let to, .firstDerivative)? = marks(i, .firstDerivative).first else { Issue.record("no arrow"); return }
        expectClose(from, Point(0, 0), tolerance: 1e-12)
        expectClose(to, Point(30, 120), tolerance: 1e-12 * 200)
        // B″(0)/6 = (P0 − 2P1 + P2)/1: (0 − 60 + 170, 0 − 240 + 120) = (110, −120).
        guard case .arrow(_, let second, .secondDerivative)? = marks(i, .secondDerivative).first else { Issue.record("no arrow"); return }
        expectClose(second, Point(110, -120), tolerance: 1e-12 * 200)
        let joints = session(setup + "continuity")
        let labels = marks(joints, .mark).compactMap { if case .point(_, _, let l) = $0 { l } else { nil } }
        #expect(labels.count == 1 && labels[0].hasPrefix("C0, turns"), "\(labels)")
    }
}
