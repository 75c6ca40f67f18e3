import Foundation
import Testing
@testable import ShapeLanguage
import ShapeGeometry

@Suite struct SeedCommandTests {
    @Test func transformsAndAnExactReset() throws {
        let i = Interpreter()
        run(i, "rect 0 0 10 20")
        run(i, "translate 5 7")
        #expect(i.path.bounds == Rect(minX: 5, minY: 7, maxX: 15, maxY: 27))
        run(i, "rotate 90deg about 0 0")  // (x, y) → (−y, x): clockwise on screen
        let b = try #require(i.path.bounds)
        #expect(abs(b.minX + 27) < 1e-12 && abs(b.maxX + 7) < 1e-12 && abs(b.minY - 5) < 1e-12 && abs(b.maxY - 15) < 1e-12)
        run(i, "scale 2 3 about 0 0")
        #expect(abs(i.path.length - (2 * 2 * 20 + 2 * 3 * 10)) < 1e-12)
        run(i, "reset")
        #expect(i.path.bounds == Rect(minX: 0, minY: 0, maxX: 10, maxY: 20))  // bit-exact
        // After drawing, reset maps everything back by the inverse transform.
        run(i, "translate 100 0\nline 200 0\nreset")
        let after = try #require(i.path.bounds)
        #expect(abs(after.maxX - 100) < 1e-12)
        #expect(run(i, "scale 0")?.message == .zeroScale)
    }

    @Test func constrainedPanChecksEachAxisOnItsOwn() throws {
        let i = Interpreter()
        run(i, "circle 100 100 40")
        run(i, "translate 100 20 within 0 0 200 200")
        #expect(i.path.bounds == Rect(minX: 120, minY: 80, maxX: 200, maxY: 160))
        run(i, "translate -500 -500 within 0 0 200 200")
        #expect(i.path.bounds == Rect(minX: 0, minY: 0, maxX: 80, maxY: 80))
    }

    @Test func stickyReportsRadiusDistanceAndBreak() throws {
        let i = Interpreter()
        var reports: [Report] = []
        run(i, "sticky 0 0 20 0 100 20\nsticky 0 0 20 0 300 20\nsticky 0 0 20 0 300 20 release", reports: &reports)
        let values = reports.compactMap { r -> (Double, Double, Bool)? in
            if case .sticky(let radius, let distance, let broken, _) = r.kind { return (radius, distance, broken) }
            return nil
        }
        #expect(values.count == 3)
        #expect(values[0] == (15, 100, false))
        #expect(values[1] == (0, 300, true))  // broken: the fixed circle is gone (20 − 300/20 = 5 < 10)
        #expect(values[2] == (20, 0, false))
    }

    @Test func wanderIsExactlyDurationTimesSpeed() throws {
        let i = Interpreter()
        run(i, "wander 60 seed 3")
        #expect(abs(i.path.length - 900) < 1e-9)
        run(i, "wander 10 7.5 seed 9 from 100 300 within 0 0 400 600")
        #expect(abs(i.path.length - 975) < 1e-9)
        #expect(run(i, "wander -1") != nil)
    }

    /// examples/lib/card.shape: the seed's twelve sections in order, closed, and its length.
    @Test func theCardHasTheSeedsTwelveSections() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/lib/card.shape")
        let definition = try String(contentsOf: url, encoding: .utf8)
        let i = Interpreter()
        #expect(run(i, definition + "\ncard 335 200 30 30") == nil)
        let kinds = i.path.elements.map { e -> String in
            switch e {
            case .move: "move"
            case .segment(let s): s.kindName
            case .close: "close"
            }
        }
        // (Typed step by step: as one expression it took 6 s to type-check.)
        let sides: [String] = Array(repeating: ["line", "arc"], count: 6).flatMap { $0 }
        let expected: [String] = ["move"] + sides + ["close"]
        #expect(kinds == expected)
        // Lines: top 275, right 110, bottom halves 53.75 each, slot 107.5, left 110; six
        // quarter circles of radius 30.
        #expect(abs(i.path.length - (275 + 110 + 53.75 + 107.5 + 53.75 + 110 + 6 * 15 * Double.pi)) < 1e-9)
        #expect(i.path.elements.last == .close(LineSegment(Point(30, 0), Point(30, 0))) || i.path.length(ofElement: 13) < 1e-12)
    }
}
