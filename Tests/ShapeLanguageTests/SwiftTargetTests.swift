import Foundation
import Testing
@testable import ShapeLanguage
@testable import ShapeOutput
import ShapeCorpus
import ShapeGeometry
import ShapeTestSupport

/// `export swift` for every target, and a def exported as a Swift function: the code is compiled
/// by swiftc against stand-ins for UIKit, Core Graphics and SwiftUI that keep the real APIs'
/// names and meanings (AppleStubs/Stubs.swift: y down, each API's sense of `clockwise`, joining
/// lines, the canvas sweep rule), run, and the path it builds sampled against the interpreter's
/// to 1e-9 of the size.
@Suite struct SwiftTargetTests {
    /// Scenes with every kind of element: lines, Béziers, circular arcs both ways, a rotated and a
    /// reflected circle, an ellipse turned, a rounded rectangle, and a dash pattern.
    static let scenes = [
        "move 0 0\nline 100 0\nquad 150 50 100 100\ncurve 60 140 20 60 0 100\nclose\narc 50 50 20 0 135deg\narc 50 50 30 0.5 4 ccw",
        "roundrect 0 0 320 200 16\ncircle 160 0 8\ndash 6 4 phase 2",
        "circle 0 0 10\nrotate 30deg about 5 5\nmove 40 0\narc 40 40 40 -90deg 45deg\nscale -1 1 about 60 0",
        "oval 10 20 100 40\nrotate 20deg\nmove 0 0\ncurve 10 -30 40 -30 50 0",
    ]

    /// A def with arithmetic, lets, an if/else, a for loop, repeat, and every drawing command.
    static let definition = """
        def card(w, h, r) {
          roundrect 0 0 w h r
          let notch = r / 2
          if w > 2 * h || h < 10 {
            move 0 h / 2
            line w h / 2
          } else {
            circle w / 2 0 notch
          }
          for i in 0..<3 { move i * 10 0; line (i * 10 + 5) (-5) }
          repeat 2 { rect w + 5 0 4 4 }
          let k = 0
          k = k + 1
          arc 10 10 5 0 90deg ccw
          move 0 h + 10
          quad w / 4 h + 30 w / 2 h + 10
          curve 3 * w / 4 h - 10 w h + 30 w h + 10
          oval 0 h + 40 w h / 2
          rect w 0 (-w / 4) (h % 7 + 1)
        }
        """

    /// The samples the stubs print: every piece but lines shorter than 1e-9 of `size`, at t = 0,
    /// 0.3, 0.7 and 1.
    static func samples(_ path: ShapeGeometry.Path, size: Double) -> [Point] {
        var points: [Point] = []
        for i in path.elements.indices {
            guard let s = path.segment(at: i) else { continue }
            if case .line(let l) = s, l.p0.distance(to: l.p1) < 1e-9 * size { continue }
            for t in [0, 0.3, 0.7, 1.0] { points.append(s.point(at: t)) }
        }
        return points
    }

    static func size(_ path: ShapeGeometry.Path) -> Double {
        guard let b = path.bounds else { return 1 }
        return Swift.max(b.width, b.height, abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY))
    }

    func export(_ interpreter: Interpreter, _ statement: String) throws -> ExportRequest {
        var reports: [Report] = []
        if let e = run(interpreter, statement, reports: &reports) { throw Failure(description: "\(statement): \(e)") }
        guard case .export(let request) = reports.last?.kind else { throw Failure(description: "\(statement): no export") }
        return request
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    @Test func everyTargetRebuildsThePathAndEveryFunctionTheDef() throws {
        var program: [String] = []
        var main: [String] = []
        var expected: [String: [Point]] = [:]
        var sizes: [String: Double] = [:]
        var dashes: [String: DashPattern] = [:]
        for (k, scene) in Self.scenes.enumerated() {
            let i = Interpreter()
            #expect(run(i, scene) == nil, "\(scene)")
            let path = i.path, size = Self.size(path)
            let b = try #require(path.bounds)
            for target in SwiftTarget.allCases {
                let name = "scene\(k)_\(target.rawValue)"
                let request = try export(i, "export swift \(target.rawValue) as \(target == .shape ? "Scene\(k)" : "path")")
                let code = PathExport.render(request)
                if target == .shape {
                    program.append(code)
                    // Drawn into its own bounds: the design itself; into another rect: scaled.
                    main.append(
                        "report(\"\(name)\", Scene\(k)().path(in: CGRect(x: \(b.minX), y: \(b.minY), width: \(b.width), height: \(b.height))).recording, size: \(size))"
                    )
                    expected[name] = Self.samples(path, size: size)
                    let moved = try path.transformed(
                        by: AffineTransform(a: 300 / b.width, b: 0, c: 0, d: 100 / b.height, tx: 0, ty: 0)
                            .concatenating(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -b.minX * 300 / b.width - 7, ty: -b.minY * 100 / b.height + 9))
                    )
                    main.append(
                        "report(\"\(name)_rect\", Scene\(k)().path(in: CGRect(x: -7, y: 9, width: 300, height: 100)).recording, size: \(size))")
                    expected[name + "_rect"] = Self.samples(moved, size: size)
                } else {
                    var body = code.split(separator: "\n").map { "    " + $0 }
                    if target == .uikit, let dash = request.dash {
                        body.append("    print(\"dash \(name)\", path.dash!.lengths, path.dash!.phase)")
                        dashes[name] = dash
                    }
                    program.append("func \(name)() -> Recording {\n" + body.joined(separator: "\n") + "\n    return path.recording\n}")
                    main.append("report(\"\(name)\", \(name)(), size: \(size))")
                    expected[name] = Self.samples(path, size: size)
                }
                sizes[name] = size
                sizes[name + "_rect"] = size
            }
        }
        // The def, for every target, at several parameter values, against the interpreter's run.
        let session = Interpreter()
        #expect(run(session, Self.definition) == nil)
        let values: [(Double, Double, Double)] = [(320, 200, 16), (100, 20, 30), (50, 80, 2.5), (233, 9, 0)]
        for target in SwiftTarget.allCases {
            let name = target == .shape ? "Card_shape" : "card_\(target.rawValue)"
            let request = try export(session, "export swift \(target.rawValue) card as \(name)")
            program.append(PathExport.render(request))
            for (w, h, r) in values {
                let fresh = Interpreter()
                #expect(run(fresh, Self.definition + "\ncard \(w) \(h) \(r)") == nil)
                let caseName = "\(name)_\(w)_\(h)_\(r)"
                let size = Self.size(fresh.path)
                expected[caseName] = Self.samples(fresh.path, size: size)
                sizes[caseName] = size
                let call =
                    target == .shape
                    ? "\(name)(w: \(w), h: \(h), r: \(r)).path(in: CGRect(x: 0, y: 0, width: 10, height: 10))"
                    : "\(name)(w: \(w), h: \(h), r: \(r))"
                main.append("report(\"\(caseName)\", \(call).recording, size: \(size))")
            }
        }

        let output = try compileAndRun(program.joined(separator: "\n\n") + "\n\n" + main.joined(separator: "\n") + "\n")
        let (seen, dashLines) = Self.cases(output)
        for line in dashLines {
            let parts = line.split(separator: " ", maxSplits: 2)
            let pattern = try #require(dashes[String(parts[1])])
            let printed = "\(pattern.lengths) \(pattern.phase)"
            #expect(String(parts[2]) == printed, "\(line)")
            dashes[String(parts[1])] = nil
        }
        #expect(dashes.isEmpty, "dash patterns not set: \(dashes.keys)")
        #expect(seen.count == expected.count)
        for (name, points) in expected.sorted(by: { $0.key < $1.key }) {
            let got = try #require(seen[name], "\(name) was not run")
            #expect(got.count == points.count, "\(name): \(got.count) samples, expected \(points.count)")
            let tolerance = 1e-9 * sizes[name]!
            let worst = zip(got, points).map { $0.distance(to: $1) }.max() ?? 0
            let first = got.indices.first { $0 < points.count && got[$0].distance(to: points[$0]) > tolerance }
            #expect(
                worst <= tolerance,
                "\(name): a sample \(worst) away; the first, sample \(first ?? -1): \(first.map { "\(got[$0]) for \(points[$0])" } ?? "")")
        }
    }

    /// The seeds of the generated defs: 0..<16, or the range `SHAPE_EXPORT_SEEDS` gives
    /// (`scripts/fuzz-export` runs many more).
    static var exportSeeds: Range<UInt64> {
        let given = ProcessInfo.processInfo.environment["SHAPE_EXPORT_SEEDS"]?.split(separator: "-").compactMap { UInt64($0) }
        if let given, given.count == 2, given[0] < given[1] { return given[0]..<given[1] }
        return 0..<16
    }

    /// Defs made at random (`GeneratedDef`: shadowing `let`s, nested scopes, loops that set their
    /// variable, conditionals, names that clash with the generated code's and the maths
    /// functions'), exported for every target, compiled and run against the stand-ins: each
    /// draws what the interpreter draws, to 1e-9 of the size. A SwiftUI Shape whose parameter
    /// would hide a function is refused with its located reason instead.
    @Test func generatedDefsDrawAsTheInterpreterDoes() throws {
        var program: [String] = []
        var main: [String] = []
        var expected: [String: (points: [Point], size: Double, def: String)] = [:]
        for (seed, def) in GeneratedDef.regressions.enumerated().map({ (UInt64($0.offset + 1_000_000), $0.element) })
            + Self.exportSeeds.map({ ($0, GeneratedDef(seed: $0)) })
        {
            let session = Interpreter()
            #expect(run(session, def.text) == nil, "\(def.text)")
            for target in SwiftTarget.allCases {
                let name = target == .shape ? "Shape\(seed)" : "\(def.name)_\(target.rawValue)"
                var reports: [Report] = []
                let failure = run(session, "export swift \(target.rawValue) \(def.name) as \(name)", reports: &reports)
                if target == .shape, let clash = def.parameters.first(where: { SwiftTranslation.generatedNames.contains($0) && $0 != "path" }) {
                    #expect(failure?.message.id == "cannotTranslate" && failure?.message.text.contains("'\(clash)'") == true, "\(def.text)")
                    continue
                }
                guard failure == nil, case .export(let request) = reports.last?.kind else {
                    Issue.record("\(def.text)\nexport \(target.rawValue): \(String(describing: failure))")
                    continue
                }
                program.append(PathExport.render(request))
                for (k, values) in def.arguments.enumerated() {
                    let fresh = Interpreter()
                    let call = "\(def.name) " + values.map { "\($0)" }.joined(separator: " ")
                    #expect(run(fresh, def.text + "\n" + call) == nil, "\(def.text)\n\(call)")
                    let caseName = "\(name)_\(k)"
                    let size = Self.size(fresh.path)
                    expected[caseName] = (Self.samples(fresh.path, size: size), size, def.text + "\n" + call)
                    let labels = zip(def.parameters, values).map { "\($0): \($1)" }.joined(separator: ", ")
                    let made = target == .shape ? "\(name)(\(labels)).path(in: CGRect(x: 0, y: 0, width: 10, height: 10))" : "\(name)(\(labels))"
                    main.append("report(\"\(caseName)\", \(made).recording, size: \(size))")
                }
            }
        }
        let output = try compileAndRun(program.joined(separator: "\n\n") + "\n\n" + main.joined(separator: "\n") + "\n")
        let (seen, _) = Self.cases(output)
        #expect(expected.count > 60)
        for (name, e) in expected.sorted(by: { $0.key < $1.key }) {
            let got = try #require(seen[name], "\(name) was not run")
            let worst = zip(got, e.points).map { $0.distance(to: $1) }.max() ?? 0
            #expect(
                got.count == e.points.count && worst <= 1e-9 * e.size, "\(name): \(got.count) samples for \(e.points.count), \(worst) apart\n\(e.def)"
            )
        }
    }

    /// What the stubs' `report` printed: each case's samples by its name, and the lines that
    /// report a dash pattern (`dash name lengths phase`).
    static func cases(_ output: String) -> (samples: [String: [Point]], dashes: [Substring]) {
        var seen: [String: [Point]] = [:]
        var dashes: [Substring] = []
        var current: String?
        for line in output.split(separator: "\n") {
            if line.hasPrefix("case ") {
                current = String(line.dropFirst(5))
                seen[current!] = []
            } else if line.hasPrefix("dash ") {
                dashes.append(line)
            } else if let c = current {
                let xy = line.split(separator: " ").compactMap { Double($0) }
                if xy.count == 2 { seen[c]!.append(Point(xy[0], xy[1])) }
            }
        }
        return (seen, dashes)
    }

    /// Compiles `main` with the stubs and returns what it prints.
    func compileAndRun(_ main: String) throws -> String {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-swift-targets-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let mainFile = dir.appendingPathComponent("main.swift")
        // The file an app puts the code in imports UIKit or SwiftUI, which bring Foundation's
        // maths functions (sqrt, pow, ...) for CGFloat.
        try ("import Foundation\n\n" + main).write(to: mainFile, atomically: true, encoding: .utf8)
        let exe = dir.appendingPathComponent("run").path
        let stubs = here.appendingPathComponent("AppleStubs/Stubs.swift").path
        let compiled = try Subprocess.run("swiftc", ["-Onone", "-o", exe, stubs, mainFile.path])
        guard compiled.status == 0 else {
            // The errors, with the line each points at (the warnings left out).
            let lines = compiled.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            let errors = lines.indices.filter { lines[$0].contains("error:") }.map {
                lines[$0...Swift.min($0 + 3, lines.count - 1)].joined(separator: "\n")
            }
            Issue.record("swiftc: \(errors.isEmpty ? String(compiled.stderr.suffix(2000)) : String(errors.joined(separator: "\n").prefix(4000)))")
            throw Failure(description: "the exported code does not compile")
        }
        let ran = try Subprocess.run(exe)
        #expect(ran.status == 0, "\(ran.stderr)")
        return ran.stdout
    }
}

/// `dashes`: the path cut into the pattern's dashes, each piece a subpath of the path's own
/// kind, as long as the pattern says; and the track points with the path's direction.
@Suite struct DashPiecesTests {
    @Test func aCircleCutIntoDashesOfExactLength() throws {
        var circle = Path()
        try circle.addCircle(center: Point(0, 0), radius: 10)
        let pieces = try circle.dashed(try DashPattern([6, 4], phase: 1))
        // 20π long: with phase 1, dashes over [0, 5], [9, 15], ... and the last one cut at 20π.
        var expected: [(Double, Double)] = [(0, 5)]
        var s = 9.0
        while s < 20 * Double.pi {
            expected.append((s, Swift.min(s + 6, 20 * Double.pi)))
            s += 10
        }
        #expect(pieces.subpathStarts.count == expected.count)
        for (k, start) in pieces.subpathStarts.enumerated() {
            guard case .segment(.arc(let a)) = pieces.elements[start + 1] else {
                Issue.record("piece \(k) is not an arc")
                continue
            }
            #expect(a.isCircular)
            let (from, to) = expected[k]
            // Closed forms: the arc from angle from/10 to to/10 of the circle.
            expectClose(pieces.length(ofElement: start + 1), to - from, tolerance: 1e-12 * 63)
            expectClose(a.start, Point(10 * cos(from / 10), 10 * sin(from / 10)), tolerance: 1e-12 * 10)
            expectClose(a.end, Point(10 * cos(to / 10), 10 * sin(to / 10)), tolerance: 1e-12 * 10)
        }
    }

    /// Over a polyline, a quadratic and a cubic: every dash as long as the pattern (the last of
    /// each subpath cut at its end), measured by an independent Simpson sum; pieces of one dash
    /// that crosses elements join end to end.
    /// After `dash`, `dashes` cuts the path into the dashes: `save` and `export swift` then draw
    /// them whole; they once dashed the dashes a second time. `undo` brings the dash back.
    @Test func theDashesAreNotDashedAgain() throws {
        let i = Interpreter()
        var seen: [SaveRequest] = []
        let box = Box()
        i.saver = { request throws(HostFailure) in
            box.requests.append(request); return request.file
        }
        var reports: [Report] = []
        #expect(run(i, "circle 0 0 10\ndash 5 3\nsave \"a.svg\"\ndashes 5 3\nsave \"b.svg\"\nexport swift", reports: &reports) == nil)
        seen = box.requests
        #expect(seen.count == 2 && seen[0].dash != nil && seen[1].dash == nil)
        guard case .export(let request) = reports.last?.kind else { Issue.record("no export"); return }
        #expect(request.dash == nil && !PathExport.render(request).contains("setLineDash"))
        #expect(run(i, "undo\nsave \"c.svg\"") == nil)
        #expect(box.requests.last?.dash != nil)
    }

    final class Box: @unchecked Sendable { var requests: [SaveRequest] = [] }

    @Test func dashesAcrossElementsOfEveryKind() throws {
        var p = Path()
        try p.move(to: Point(0, 0))
        try p.line(to: Point(7, 0))
        try p.quad(control: Point(20, 10), to: Point(30, 0))
        try p.curve(control1: Point(40, -20), control2: Point(55, 25), to: Point(70, 0))
        p.close()
        let pattern = try DashPattern([3, 2, 1, 2])
        let pieces = try p.dashed(pattern)
        /// The arc length of a segment by Simpson's rule on 2,000 intervals of its speed.
        func simpson(_ s: Segment) -> Double {
            let n = 2000
            var sum = 0.0
            for i in 0...n {
                let t = Double(i) / Double(n)
                let w: Double = i == 0 || i == n ? 1 : (i % 2 == 1 ? 4 : 2)
                sum += w * s.derivative(at: t).length
            }
            return sum / Double(n) / 3
        }
        var lengths: [Double] = []
        for (k, start) in pieces.subpathStarts.enumerated() {
            let end = k + 1 < pieces.subpathStarts.count ? pieces.subpathStarts[k + 1] : pieces.elements.count
            var total = 0.0
            var previous: Point?
            for i in (start + 1)..<end {
                let s = try #require(pieces.segment(at: i))
                if let previous { expectClose(s.start, previous, tolerance: 1e-12 * 70) }
                previous = s.end
                total += simpson(s)
            }
            lengths.append(total)
        }
        let total = p.length
        var expected: [Double] = []
        var at = 0.0, k = 0
        while at < total {
            let on = pattern.lengths[k % 4], off = pattern.lengths[k % 4 + 1]
            expected.append(Swift.min(on, total - at))
            at += on + off
            k += 2
        }
        #expect(lengths.count == expected.count)
        for (got, want) in zip(lengths, expected) { expectClose(got, want, tolerance: 1e-9 * total) }
    }

    @Test func theDashesOfASeedFigureEightComeBackAsItsTrackPoints() throws {
        let i = Interpreter()
        #expect(run(i, "move 0 0\ncurve 100 -100 100 100 0 0\ncurve -100 -100 -100 100 0 0\ndash 5 3") == nil)
        let points = try TrackPoints.compute(i.path, pattern: try DashPattern([5, 3]))
        let withAngles = try TrackPoints.computeWithAngles(i.path, pattern: try DashPattern([5, 3]))
        #expect(withAngles.count == points.count)
        for (a, b) in zip(withAngles, points) { expectClose(a.point, b, tolerance: 1e-12 * 200) }
        // The angle is the path's direction there: along a clockwise circle, θ + π/2.
        var circle = Path()
        try circle.addCircle(center: Point(0, 0), radius: 10)
        for (q, angle) in try TrackPoints.computeWithAngles(circle, pattern: try DashPattern([1, 1])) {
            let theta = atan2(q.y, q.x)
            let d = remainder(angle - (theta + .pi / 2), 2 * .pi)
            #expect(abs(d) < 1e-12, "at \(q): \(angle)")
        }
    }
}

/// `export`'s words and arguments: each misuse is a located error that changes nothing.
@Suite struct ExportMisuseTests {
    @Test func misusesAreLocated() throws {
        // The statement, words of its message, and the text the error points at.
        let cases: [(String, String, String)] = [
            ("export svg cgpath", "'cgpath' goes with 'export swift'", "export svg cgpath"),
            ("export swift angles", "'angles' goes with 'export points'", "export swift angles"),
            ("export swift \"card.txt\"", "must end in .swift", "\"card.txt\""),
            ("export svg \"card.swift\"", "must end in .swift", "\"card.swift\""),
            ("export swift as card.v2", "is not a Swift name", "card.v2"), ("export swift as élan", "ASCII letters", "élan"),
            ("export swift as class", "is not a Swift name", "class"),
            ("export swift cgpath swiftui", "only one of", "export swift cgpath swiftui"),
            ("export swift \"a.swift\" \"b.swift\"", "one file name and one def", "\"b.swift\""),
            ("export swift q", "'length' cannot be written as Swift: a query", "length"),
            ("export swift cont", "continues the caller's path", "line"),
            ("export swift session", "'g' cannot be written as Swift", "g"),
            ("export points q", "'a def' goes with 'export swift'", "q"),
            ("export swift notdefined", "file names are strings", "notdefined"),
        ]
        let setup = """
            move 0 0
            line 10 0
            let g = 3
            def q(a) {
              move 0 0
              length
            }
            def cont(a) {
              line a 0
            }
            def session(a) {
              move 0 0
              g = a
            }
            """
        for (statement, words, at) in cases {
            let i = Interpreter()
            #expect(run(i, setup) == nil)
            var reports: [Report] = []
            let e = try #require(run(i, statement, reports: &reports), "\(statement) was accepted")
            #expect(e.message.text.contains(words), "\(statement): \(e.message.text)")
            #expect(e.source.text(e.range) == at, "\(statement): points at '\(e.source.text(e.range))'")
            #expect(reports.isEmpty, "\(statement)")
            #expect(i.path.elements.count == 2)
        }
    }

    /// `export points`: the track points as a Swift array, as many as `points` lists; with
    /// `angles`, each with the direction there.
    @Test func pointsAsSwiftArrays() throws {
        let i = Interpreter()
        var reports: [Report] = []
        #expect(run(i, "move 0 0\nline 4 0\nline 4 3\ndash 1 1\nexport points\nexport points angles as frames", reports: &reports) == nil)
        let texts: [String] = reports.compactMap {
            if case .export(let r) = $0.kind { PathExport.render(r) } else { nil }
        }
        #expect(texts.count == 2)
        #expect(texts[0].hasPrefix("let points: [CGPoint] = [\n    CGPoint(x: 0, y: 0),\n    CGPoint(x: 1, y: 0),"))
        #expect(texts[0].split(separator: "\n").count == (try TrackPoints.compute(i.path)).count + 2)
        #expect(texts[1].hasPrefix("let frames: [(point: CGPoint, angle: CGFloat)] = [\n    (CGPoint(x: 0, y: 0), 0),"))
        #expect(texts[1].contains("(CGPoint(x: 4, y: 1), .pi / 2),"))
    }
}
