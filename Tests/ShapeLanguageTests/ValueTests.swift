import Foundation
import ShapeGeometry
import ShapeOutput
import ShapeTestSupport
import Testing

@testable import ShapeLanguage

/// SPEC §9: values, the function forms of the queries, and the parameter queries.
@Suite struct ValueTests {
    /// Runs `text`, returning the reports and the error, if any.
    @discardableResult
    func run(_ i: Interpreter, _ text: String) -> (reports: [Report], error: Diagnostic?) {
        var reports: [Report] = []
        do {
            let program = try Parser.parse(Source(name: "t", text: text))
            let d = i.run(program, emit: { reports.append($0) })
            return (reports, d)
        } catch {
            return (reports, error.diagnostic)
        }
    }

    /// The value of expression `e` after `setup`.
    func value(_ setup: String, _ e: String) throws -> Value {
        let i = Interpreter()
        let s = run(i, setup)
        try #require(s.error == nil, "\(s.error?.message.text ?? "")")
        let r = run(i, "let result__ = " + e)
        try #require(r.error == nil, "\(e): \(r.error?.message.text ?? "")")
        return try #require(i.globals["result__"])
    }

    func number(_ v: Value, _ field: String) -> Double {
        guard case .record(let r) = v, case .number(let x)? = r[field] else { return .nan }
        return x
    }

    @Test func theQueriesOfACircleAgainstClosedForms() throws {
        let circle = "circle 0 0 10"
        let r = 10.0
        #expect(try value(circle, "length()") == .number(2 * Double.pi * r))
        // A quarter of the way round (clockwise on screen, from angle 0): (0, 10), heading −x.
        let quarter = try value(circle, "at(5 * pi)")
        expectClose(number(quarter, "x"), 0, tolerance: 1e-12)
        expectClose(number(quarter, "y"), 10, tolerance: 1e-12)
        expectClose(number(quarter, "angle"), Double.pi, tolerance: 1e-12)
        let near = try value(circle, "nearest(20, 0)")
        #expect(number(near, "x") == 10 && number(near, "y") == 0 && number(near, "distance") == 10 && number(near, "at") == 0)
        #expect(try value(circle, "contains(0, 0)") == .number(1))
        #expect(try value(circle, "contains(30, 0, evenodd)") == .number(0))
        let box = try value(circle, "bounds()")
        #expect([number(box, "minX"), number(box, "minY"), number(box, "maxX"), number(box, "maxY")] == [-10, -10, 10, 10])
        #expect(number(box, "width") == 20 && number(box, "height") == 20)
        let t = try value(circle, "tangent(0)")
        #expect(number(t, "dx") == 0 && number(t, "dy") == 1)
        let k = try value(circle, "curvature(3)")
        expectClose(number(k, "curvature"), 1 / r, tolerance: 1e-15)
        expectClose(number(k, "radius"), r, tolerance: 1e-12)
        #expect(try value(circle, "length(1)") == .number(2 * Double.pi * r))
    }

    @Test func aFunctionAndItsCommandAgreeToTheBit() throws {
        // The function's record and the command's report hold the same doubles.
        let setup = "move 3 7\ncurve 40 -20 90 130 120 10\narc 150 60 50 -90deg 45deg\nquad 60 160 10 100"
        for (query, function) in [
            ("nearest 70 40", "nearest(70, 40)"), ("at 123.4", "at(123.4)"), ("tangent 200", "tangent(200)"),
            ("normal 50", "normal(50)"), ("curvature 77", "curvature(77)"), ("bounds", "bounds()"), ("elements", "elements()"),
            ("extrema 1", "extrema(1)"), ("casteljau 1 0.3", "casteljau(1, 0.3)"), ("point 2 0.4", "point(2, 0.4)"),
            ("locate 210", "locate(210)"), ("inflections 1", "inflections(1)"), ("contains 60 60 evenodd", "contains(60, 60, evenodd)"),
        ] {
            let i = Interpreter()
            run(i, setup)
            let (reports, error) = run(i, query)
            #expect(error == nil, "\(query)")
            let expected = reports.last.flatMap { $0.wording(.value).value }
            #expect(try value(setup, function) == expected, "\(function)")
        }
    }

    @Test func parameterQueriesAgainstHandDerivedDerivatives() throws {
        // Quadratic (0,0) (50,100) (100,0) at t = ½: B′ = 2[(1−t)(P1−P0) + t(P2−P1)] = (100, 0),
        // B″ = 2(P0 − 2P1 + P2) = (0, −400), curvature (B′ × B″)/|B′|³ = −0.04, half the length.
        let q = try value("move 0 0\nquad 50 100 100 0", "point(1, 0.5)")
        #expect([number(q, "x"), number(q, "y"), number(q, "dx"), number(q, "dy"), number(q, "ddx"), number(q, "ddy")] == [50, 50, 100, 0, 0, -400])
        expectClose(number(q, "curvature"), -0.04, tolerance: 1e-16)
        // The curve is symmetric about x = 50, so t = ½ is half way along.
        let whole = try #require(try value("move 0 0\nquad 50 100 100 0", "length()").number)
        expectClose(number(q, "at"), whole / 2, tolerance: 1e-12 * whole)
        // A circular arc of radius 10 from 0 to 90°: at t, angle θ = tπ/2, dP/dt = (π/2)·10(−sin θ, cos θ).
        let a = try value("arc 0 0 10 0 90deg", "point(1, 0.5)")
        let theta = Double.pi / 4, speed = Double.pi / 2 * 10
        expectClose(number(a, "dx"), -speed * sin(theta), tolerance: 1e-12)
        expectClose(number(a, "dy"), speed * cos(theta), tolerance: 1e-12)
        expectClose(number(a, "curvature"), 0.1, tolerance: 1e-15)
        expectClose(number(a, "at"), 2.5 * Double.pi, tolerance: 1e-12)
        // The cusp (0,0) (100,100) (0,100) (100,0) stops at t = ½.
        let cusp = try value("move 0 0\ncurve 100 100 0 100 100 0", "point(1, 0.5)")
        #expect(number(cusp, "cusp") == 1 && number(cusp, "dx") == 0 && number(cusp, "dy") == 0)
        // locate inverts point's arc length.
        let back = try value("move 3 7\ncurve 40 -20 90 130 120 10", "locate(point(1, 0.37).at)")
        #expect(number(back, "element") == 1)
        expectClose(number(back, "t"), 0.37, tolerance: 1e-12)
    }

    @Test func inflectionsAreTheRootsOfTheCurvaturesNumerator() throws {
        // x = t, y = (t − 0.3)³ (power basis a = (0,1), b = (0,−0.9), c = (1,0.27), d = (0,−0.027)):
        // y″ = 6(t − 0.3), one inflection at t = 0.3. Controls: P1 = d + c/3, P2 = d + 2c/3 + b/3.
        let y1 = -0.027 + 0.27 / 3, y2 = -0.027 + 0.18 - 0.3
        let one = try value("move 0 -0.027\ncurve \(1.0 / 3) \(y1) \(2.0 / 3) \(y2) 1 0.343", "inflections(1)")
        guard case .list(let list) = one, list.count == 1 else { Issue.record("\(one)"); return }
        expectClose(number(list[0], "t"), 0.3, tolerance: 1e-14)
        // The symmetric S (0,0) (1,1) (2,−1) (3,0) inflects at ½; a straight cubic, a cusp's pause
        // and a quadratic never.
        let s = try value("move 0 0\ncurve 1 1 2 -1 3 0", "inflections(1)")
        guard case .list(let sl) = s, sl.count == 1 else { Issue.record("\(s)"); return }
        expectClose(number(sl[0], "t"), 0.5, tolerance: 1e-15)
        #expect(try value("move 0 0\ncurve 1 0 2 0 3 0", "inflections(1)") == .list([]))
        #expect(try value("move 0 0\nquad 5 9 10 0", "inflections(1)") == .list([]))
        #expect(try value("move 0 0\narc 0 0 5 0 2", "inflections(1)") == .list([]))
    }

    @Test func recordsListsAndPaths() throws {
        #expect(try value("", "[1, 2, 3][1]") == .number(2))
        #expect(try value("let xs = [4, 5]", "xs.count") == .number(2))
        #expect(try value("circle 0 0 1", "points()[0].x") == .number(1))
        #expect(try value("circle 0 0 1\nlet p = path()\nclear\ndraw p\ndraw p", "path.length") == .number(4 * Double.pi))
        #expect(try value("circle 0 0 1", "path().count") == .number(3))
        #expect(try value("def sq(x) { return x * x }", "sq(sq(3))") == .number(81))
        // A return inside loops and blocks ends the procedure at once.
        #expect(try value("def first(xs) { for v in xs { if v > 2 { return v } }\n return -1 }", "first([1, 5, 9])") == .number(5))
        let i = Interpreter()
        let (reports, _) = run(i, "circle 0 0 1\nprint nearest(2, 0)\nprint [1, \"a\"]\nprint path()")
        let text = reports.compactMap { TextPrinter().format($0) }
        #expect(text.suffix(3) == ["{x: 1, y: 0, distance: 1, at: 0}", "[1, \"a\"]", "path(3 elements, length 6.2832)"])
        // A record's x and y follow the points' rule: the quarter circle ends at x = 6.1e-16.
        let (quarter, _) = run(Interpreter(), "circle 0 0 10\nprint at(length() / 4)")
        #expect(quarter.last.flatMap { TextPrinter().format($0) } == "{x: 0, y: 10, angle: 3.1416}")
        let json = reports.compactMap { JSONLinesPrinter().format($0) }
        #expect(json.last!.contains("\"values\": [{\"elements\": 3, \"length\": 6.283185307179586, \"svg\": \"M 1 0 A"))
    }

    @Test func wrongKindsAreLocatedErrorsThatNameTheKind() {
        func failure(_ text: String) -> (String, String?) {
            let d = run(Interpreter(), "circle 0 0 10\nlet n = nearest(1, 1)\nlet xs = [1, 2]\n" + text).error
            return (d?.message.id ?? "none", d?.suggestion)
        }
        #expect(failure("print n.z") == ("noField", "did you mean 'x'?"))
        #expect(failure("print n.distnce").1 == "did you mean 'distance'?")
        #expect(failure("print n[0]").0 == "notIndexable")
        #expect(failure("print xs[7]").0 == "indexOutOfRange")
        #expect(failure("print xs[0.5]").0 == "notAnInteger")
        // Whole, but past what an index can be: said so, not "must be a whole number".
        #expect(failure("print length(9223372036854775807)").0 == "integerTooLarge")
        #expect(failure("handle 1e300").0 == "integerTooLarge")
        #expect(failure("handle 0.5").0 == "notAnInteger")
        #expect(failure("line n 0").0 == "wrongKind")
        #expect(failure("draw 5").0 == "wrongKind")
        #expect(failure("for v in 5 { }").0 == "wrongKind")
        #expect(failure("print line(1, 2)").0 == "notAFunction")
        #expect(failure("print show()").0 == "noValue")
        #expect(failure("def f(x) { line x x }\nprint f(1)").0 == "noReturnValue")
        #expect(failure("return 3").0 == "returnOutsideProcedure")
        #expect(failure("print nearst(1, 1)") == ("undefinedFunction", "did you mean 'nearest'?"))
    }

    @Test func valuesKeepTheRules() {
        // All or nothing: a block that binds values and then fails leaves nothing.
        let i = Interpreter()
        run(i, "circle 0 0 10")
        let before = HostileStateTests.Snapshot(i)
        #expect(run(i, "repeat 2 { let n = nearest(1, 1); draw path(); line 1/0 0 }").error != nil)
        #expect(HostileStateTests.Snapshot(i) == before)
        // The work budget counts a function's work: nearest() what it looks at (at the centre of
        // a 1,000-gon, every side).
        var small = Limits()
        small.statementWork = 200_000
        let budget = Interpreter(limits: small)
        #expect(run(budget, "move 100 0\nfor i in 1..<1000 { line 100*cos(i*tau/1000) 100*sin(i*tau/1000) }\nclose").error == nil)
        #expect(run(budget, "let c = nearest(0, 0)").error == nil)
        #expect(run(budget, "repeat 100 { let c = nearest(0, 0) }").error?.message.id == "workLimit")
        // Recursion through functions is bounded like calls (a small limit here: a test's thread
        // has less stack than the one the command runs on; Golden/lang-function-recursion.shape
        // takes it to the real limit through the binary).
        var shallow = Limits()
        shallow.callDepth = 30
        #expect(run(Interpreter(limits: shallow), "def f(n) { return f(n + 1) }\nprint f(0)").error?.message.id == "recursionLimit")
    }

    @Test func undoHoldsABoundedNumberOfPathCopies() {
        // Each rotation keeps a copy of the 1,001-element path for undo; with room for 3,500
        // elements, three rotations can be undone and the oldest steps are forgotten.
        var limits = Limits()
        limits.undoElements = 3_500
        let i = Interpreter(limits: limits)
        run(i, "move 0 0\nrepeat 1000 { line pen.x+1 pen.y+1 }")
        for _ in 0..<10 { run(i, "rotate 10deg") }
        #expect(i.undoStack.count == 3)
        #expect(i.undoElements == 3 * 1_001)
        for _ in 0..<3 { #expect(run(i, "undo").error == nil) }
        #expect(run(i, "undo").error?.message.id == "nothingToUndo")
        #expect(i.undoElements == 0)
    }
}
