import Foundation
import Testing
@testable import ShapeLanguage
@testable import ShapeOutput
import ShapeGeometry
import ShapeTestSupport

@Suite struct SVGImportTests {
    func path(_ d: String) throws -> Path {
        var p = Path()
        try SVGPathData.append(d, to: &p)
        return p
    }

    @Test func radiiTooSmallAreScaledAboutTheChordsMidpoint() throws {
        // SVG F.6.6: the radii grow until the ellipse passes through both points, centred on the
        // chord's midpoint, so the arc is half of that ellipse. Reference: half the perimeter of
        // the scaled ellipse, 2·ry·E(1 − rx²/ry²), by mpmath at 40 digits.
        let a = try path("M 110 215 A 30 50 0 0 1 162.55 162.45")
        #expect(abs(a.length - 130.3649035118747093287725) / 130.3649035118747 < 1e-13, "\(a.length)")
        guard case .segment(.arc(let arc)) = a.elements[1] else { Issue.record("not an arc"); return }
        #expect(arc.center == Point((110 + 162.55) / 2, (215 + 162.45) / 2))
        // Radii of 1e-300 scale up as well: a half circle of radius 5 (length 5π).
        let tiny = try path("M 0 0 A 1e-300 1e-300 0 0 1 10 0")
        #expect(abs(tiny.length - 5 * Double.pi) < 1e-14)
        // Radii large enough that their squares overflow still give the exact quarter circle.
        let big = try path("M 0 0 A 1e100 1e100 0 0 1 1e100 1e100")
        #expect(abs(big.length / (0.5e100 * Double.pi) - 1) < 1e-14)
        // An ellipse too flat for its angles to place the end point is refused, not misdrawn.
        #expect(throws: SVGPathData.Failure.self) { try path("M 0 0 A 1e-300 1 0 0 1 10 0") }
    }

    @Test func everyCommandAbsoluteAndRelative() throws {
        // H/V and relative forms, implicit repetition after M (lines) and after l.
        let a = try path("M 0 0 H 10 V 10 h -10 v -10 Z")
        #expect(a.length == 40)
        let b = try path("m 1 1 2 0 0 2 l -2 0 0 -2 z")
        #expect(b.length == 8)
        #expect(b.elements.first == .move(Point(1, 1)))
        // S reflects the previous C's second control point; T the previous Q's control point.
        let s = try path("M 0 0 C 0 10 10 10 10 0 S 20 -10 20 0")
        guard case .segment(.cubic(let second)) = s.elements[2] else { Issue.record("not a cubic"); return }
        #expect(second.p1 == Point(10, -10))
        let t = try path("M 0 0 Q 5 10 10 0 T 20 0")
        guard case .segment(.quadratic(let q)) = t.elements[2] else { Issue.record("not a quad"); return }
        #expect(q.p1 == Point(15, -10))
        // Numbers packed as SVG allows: signs and dots as separators, exponents.
        let packed = try path("M0,0L10-5.5.5e1,1")
        #expect(packed.elements.count == 3)
        #expect(packed.currentPoint == Point(5, 1))  // 10, -5.5, then .5e1 = 5 and 1 (an implicit L)
    }

    @Test func arcsAreExactAndFollowTheSpecification() throws {
        // A half circle of radius 10 from (0, 0) to (20, 0), both sweep directions.
        let down = try path("M 0 0 A 10 10 0 0 1 20 0")
        expectClose(down.length, 10 * .pi, tolerance: 1e-12)
        #expect(try #require(down.bounds).minY < -9.999)  // sweep 1: clockwise on screen, over the top
        let up = try path("M 0 0 A 10 10 0 0 0 20 0")
        #expect(try #require(up.bounds).maxY > 9.999)
        // Radii too small are scaled up; zero radii make a line; flags may be packed.
        let scaled = try path("M 0 0 A 1 1 0 0 1 20 0")
        expectClose(scaled.length, 10 * .pi, tolerance: 1e-12)
        #expect(try path("M 0 0 A 0 5 0 0 1 20 0").length == 20)
        let packed = try path("M0 0a10 10 0 1020 0")
        expectClose(packed.length, 10 * .pi, tolerance: 1e-12)
        // The large-arc flag picks the longer of the two arcs of a circle.
        let large = try path("M 0 0 A 10 10 0 1 1 10 10")
        expectClose(large.length, 1.5 * .pi * 10, tolerance: 1e-12)
        // A rotated ellipse: its end point is the one asked for.
        let e = try path("M 0 0 A 30 10 40 0 1 25 15")
        expectClose(try #require(e.currentPoint), Point(25, 15), tolerance: 1e-9)
    }

    @Test func badDataIsLocatedAndChangesNothing() throws {
        var p = Path()
        try p.move(to: Point(1, 1))
        for (d, offset) in [("L 1 1", 0), ("M 0 0 L 1", 9), ("M 0 0 X 1", 6), ("M 0 0 A 1 1 0 2 1 3 3", 14), ("M 1e999 0", 2)] {
            do {
                try SVGPathData.append(d, to: &p)
                Issue.record("\(d) was accepted")
            } catch {
                #expect(error.offset == offset, "\(d): \(error)")
            }
        }
        #expect(p.elements.count == 1)
    }
}

@Suite struct ExportTests {
    /// Random paths of every kind (with rotated, reflected and stretched arcs) written as SVG path
    /// data and read back measure the same, to 1e-9 relative.
    @Test func svgRoundTripsKeepTheLength() throws {
        var rng = SeededRandom(seed: 61)
        for round in 0..<40 {
            var p = Path()
            try p.move(to: rng.point(0, 100))
            for k in 0..<8 {
                switch (k + round) % 5 {
                case 0: try p.line(to: rng.point(0, 100))
                case 1: try p.quad(control: rng.point(0, 100), to: rng.point(0, 100))
                case 2: try p.curve(control1: rng.point(0, 100), control2: rng.point(0, 100), to: rng.point(0, 100))
                case 3:
                    try p.arc(
                        center: rng.point(20, 80), radius: rng.uniform(1, 30), startAngle: rng.uniform(-7, 7),
                        endAngle: rng.uniform(-7, 7), clockwise: k % 2 == 0)
                default: p.close()
                }
            }
            try p.addCircle(center: rng.point(0, 100), radius: rng.uniform(1, 20))
            let transforms: [ShapeGeometry.AffineTransform] = [
                .identity, .rotation(rng.uniform(0, 6)), .scale(2, 0.5, about: Point(50, 50)),
                .scale(-1, 1), ShapeGeometry.AffineTransform(a: 1, b: 0.3, c: 0.7, d: 1, tx: 5, ty: -3),
            ]
            let shaped = try p.transformed(by: transforms[round % transforms.count])
            var back = Path()
            try SVGPathData.append(PathExport.svg(shaped), to: &back)
            expectClose(back.length, shaped.length, tolerance: 1e-9 * shaped.length, "round \(round)")
            let b1 = try #require(shaped.bounds), b2 = try #require(back.bounds)
            expectClose(b1.minX, b2.minX, tolerance: 1e-9 * 100)
            expectClose(b1.maxY, b2.maxY, tolerance: 1e-9 * 100)
        }
    }
}

/// Clean numbers in the exports: a number within 1e-12 of the path's size of a decimal of at most
/// six places is written as that decimal, angles that are multiples of π/12 as `.pi` fractions;
/// `exact` keeps every bit; and every example's export rebuilds its path within that rule.
@Suite struct CleanExportTests {
    @Test func noiseGoesAndRealDigitsStay() {
        #expect(NumberFormat.clean(15.999999999999996, tolerance: 3.2e-10) == "16")
        #expect(NumberFormat.clean(2.4492935982947065e-15, tolerance: 3.2e-10) == "0")
        #expect(NumberFormat.clean(25.000000000000007, tolerance: 1e-10) == "25")
        #expect(NumberFormat.clean(83.75, tolerance: 1e-10) == "83.75")
        #expect(NumberFormat.clean(-0.1 - 0.2, tolerance: 1e-12) == "-0.3")
        // 5·sin 60° is no short decimal: every bit stays.
        #expect(NumberFormat.clean(4.330127018922194, tolerance: 1e-11) == "4.330127018922194")
        #expect(NumberFormat.clean(1.0000001, tolerance: 1e-12) == "1.0000001")
    }

    @Test func anglesAsFractionsOfPi() {
        let cases: [(Double, String)] = [
            (0, "0"), (Double.pi, ".pi"), (-Double.pi, "-.pi"), (Double.pi / 2, ".pi / 2"), (-Double.pi / 2, "-.pi / 2"),
            (3 * Double.pi / 2, ".pi * 3 / 2"), (4.71238898038469, ".pi * 3 / 2"), (2 * Double.pi, ".pi * 2"),
            (Double.pi / 6, ".pi / 6"), (5 * Double.pi / 12, ".pi * 5 / 12"), (2 * Double.pi / 3, ".pi * 2 / 3"),
            (1, "1"), (0.5, "0.5"),
        ]
        for (a, text) in cases { #expect(PathExport.angle(a, exact: false) == text, "\(a)") }
        #expect(PathExport.angle(Double.pi, exact: true) == "3.141592653589793")
    }

    @Test func theIssuesExamplesComeOutClean() throws {
        let i = Interpreter()
        var reports: [Report] = []
        run(i, "roundrect 0 0 320 200 16\nexport swift", reports: &reports)
        guard case .export(let request) = reports.last?.kind else { Issue.record("no export"); return }
        #expect(!request.exact)
        let code = PathExport.render(request)
        #expect(!code.contains("15.99") && !code.contains("16.000") && !code.contains("e-1") && !code.contains("4.712"))
        #expect(code.contains("startAngle: .pi, endAngle: .pi * 3 / 2"))
        // `exact`: the bits as they are.
        run(i, "rect 0 0 100 50\nrotate 90deg\nexport swift exact", reports: &reports)
        guard case .export(let exact) = reports.last?.kind, exact.exact else { Issue.record("no exact export"); return }
        #expect(PathExport.render(exact).contains("1.5707963267948966"))
    }

    /// Every example's path exported as SVG path data and read back by the importer: the same
    /// length to 1e-11 and bounds to 1e-11 of the size (the clean numbers move a point by at most
    /// 1e-12 of it).
    @Test func everyExampleRebuildsWithinTheRule() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".shape") }.sorted()
        #expect(names.count >= 8)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let i = Interpreter(loader: { file, _ throws(HostFailure) in
                let url = folder.appendingPathComponent(file)
                do { return (url.path, try String(contentsOf: url, encoding: .utf8)) } catch { throw HostFailure("\(error)") }
            })
            var reports: [Report] = []
            #expect(run(i, text, reports: &reports) == nil, "\(name)")
            let p = i.path
            guard let b = p.bounds, !p.isEmpty else { continue }
            let size = Swift.max(b.width, b.height, abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY))
            var back = Path()
            try SVGPathData.append(PathExport.svg(p), to: &back)
            expectClose(back.length, p.length, tolerance: 1e-11 * Swift.max(p.length, size), "\(name)")
            let c = try #require(back.bounds)
            for (x, y) in [(b.minX, c.minX), (b.maxX, c.maxX), (b.minY, c.minY), (b.maxY, c.maxY)] {
                expectClose(x, y, tolerance: 1e-11 * size, "\(name)")
            }
        }
    }
}

/// A legend line longer than the picture is wide wraps (the rounds that fit the legend used to
/// grow the picture without end past about 76 characters).
@Suite struct LongLegendTests {
    @Test func aLongFigureTitleWrapsAndThePictureKeepsItsSize() throws {
        var path = Path()
        try path.move(to: Point(0, 0))
        try path.line(to: Point(100, 50))
        for characters in [40, 76, 77, 120, 400] {
            // Words of 9 letters and a space: breaks every 60 characters at most.
            let title = String(String(repeating: "wwwwwwwww ", count: characters / 10 + 1).prefix(characters))
            let request = SaveRequest(
                file: "x.svg", from: "test", path: path, layers: [.figure], trackPoints: [], handle: nil,
                figures: [Figure(title: title, marks: [.point(Point(50, 25), .mark, label: nil)])])
            let svg = SVGDocument.render(request)
            let header = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<svg") })
            func attribute(_ name: String) throws -> Double {
                let start = try #require(header.range(of: " \(name)=\""))
                return try #require(Double(header[start.upperBound...].prefix { $0 != "\"" }))
            }
            let width = try attribute("width"), height = try attribute("height")
            #expect(max(width, height) == 600, "\(characters) characters: \(width) × \(height)")
            // Every character of the title is written, in lines of at most 60.
            let lines = svg.split(separator: "\n").filter { $0.contains("font-weight=\"bold\"") }.map { line in
                line.split(separator: ">")[1].split(separator: "<")[0]
            }
            #expect(lines.allSatisfy { $0.count <= 60 }, "\(lines)")
            #expect(lines.joined(separator: " ") == title.trimmingCharacters(in: .whitespaces))
            #expect(lines.count == (characters + 59) / 60 || lines.count == (characters + 59) / 60 + 1)
        }
        // One word longer than a line is cut.
        #expect(SVGDocument.wrap(String(repeating: "x", count: 130), width: 60).map(\.count) == [60, 60, 10])
        #expect(SVGDocument.wrap("", width: 60) == [""])
    }
}
