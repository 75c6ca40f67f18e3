import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ShapeGeometry
import ShapeTestSupport
import Testing

@Suite struct SaveTests {
    func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-save-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Collects the `d` attribute of the path element while checking that the file is XML.
    final class PathFinder: NSObject, XMLParserDelegate {
        var d: String?
        var elements: [String] = []
        var ids: [String] = []
        var texts: [String] = []
        var fills: Set<String> = []
        var inText = false
        func parser(_ parser: XMLParser, foundCharacters string: String) { if inText { texts.append(string) } }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { inText = false }
        }
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append(name)
            if let id = attributes["id"] { ids.append(id) }
            if let fill = attributes["fill"] { fills.insert(fill) }
            if name == "text" { inText = true }
            if name == "path", attributes["id"] == "path" { d = attributes["d"] }
        }
    }

    /// The teaching layers: each query's figure, the labels, the comb, the fill and a legend that
    /// names what is drawn, all in well-formed XML.
    @Test func picturesThatTeach() throws {
        let dir = try temporaryDirectory()
        let script = """
            move 0 0
            curve 30 120 170 120 200 0
            curvature 145.3199
            save "osculating.svg" controls labels comb figure
            split 1 0.3
            save "split.svg" figure fill
            tangent 50
            save "tangent.svg" all
            line 300 0
            quad 350 100 400 0
            save "labels.svg" labels
            """
        try script.write(to: dir.appendingPathComponent("s.shape"), atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["s.shape"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        func read(_ name: String) throws -> PathFinder {
            let parser = XMLParser(data: try Data(contentsOf: dir.appendingPathComponent(name)))
            let finder = PathFinder()
            parser.delegate = finder
            #expect(parser.parse(), "\(name): well-formed XML: \(String(describing: parser.parserError))")
            return finder
        }
        let osculating = try read("osculating.svg")
        for id in ["controls", "control-points", "anchors", "labels", "comb", "figure", "legend", "path"] {
            #expect(osculating.ids.contains(id), "osculating.svg has \(id)")
        }
        #expect(Set(["P0", "P1", "P2", "P3"]).isSubset(of: osculating.texts))
        #expect(osculating.texts.contains("curvature at 145.3199") && osculating.texts.contains("osculating circle"))
        #expect(osculating.elements.filter { $0 == "line" }.count > 40, "the comb's teeth")
        let split = try read("split.svg")
        #expect(split.ids.contains("fill") && split.texts.contains("t = 0.3"))
        #expect(split.texts.contains("first piece") && split.texts.contains("second piece"))
        #expect(split.fills.isSuperset(of: ["#0072b2", "#e69f00"]), "each piece's points in its own colour")
        let tangent = try read("tangent.svg")
        #expect(tangent.texts.contains("tangent") && !tangent.ids.contains("fill"), "all is every layer but the fill")
        // Several curves: each label says its element; a shared anchor is named once.
        let labels = try read("labels.svg")
        #expect(labels.texts.contains("1.P0") && labels.texts.contains("4.P1") && !labels.texts.contains("2.P0"))
    }

    @Test func aSavedPictureIsXMLAndItsPathDataMeasuresTheSame() throws {
        let dir = try temporaryDirectory()
        let script = """
            move 10 10
            quad 60 -20 110 10
            curve 150 40 130 90 90 80
            arc 60 80 30 0 200deg
            close
            oval 200 0 80 40
            rotate 20deg
            scale 1 0.6
            nearest 0 0
            save "picture.svg" all
            print path.length
            """
        try script.write(to: dir.appendingPathComponent("s.shape"), atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["--json", "s.shape"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"cmd\": \"save\""))
        let length = try #require(
            r.stdout.split(separator: "\n").last.flatMap { line -> Double? in
                guard let range = line.range(of: "\"values\": [") else { return nil }
                return Double(line[range.upperBound...].prefix { $0 != "]" })
            })
        let data = try Data(contentsOf: dir.appendingPathComponent("picture.svg"))
        let parser = XMLParser(data: data)
        let finder = PathFinder()
        parser.delegate = finder
        #expect(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
        for layer in ["svg", "path", "polyline", "circle", "line", "rect", "g"] { #expect(finder.elements.contains(layer)) }
        let d = try #require(finder.d)
        let back = try BinaryRunner.run(["--json", "-e", "svg \"\(d)\"\nprint path.length"], in: dir)
        let reread = try #require(
            back.stdout.split(separator: "\n").last.flatMap { line -> Double? in
                guard let range = line.range(of: "\"values\": [") else { return nil }
                return Double(line[range.upperBound...].prefix { $0 != "]" })
            })
        #expect(abs(reread - length) <= 1e-9 * length, "\(reread) vs \(length)")
        // Nothing but the picture and the script is left in the folder.
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["s.shape", "picture.svg"])
    }

    /// `export swift "Card.swift"` writes the code to a file beside the script, as `save`
    /// writes, and says so (not under --quiet); a folder in the way is a located error.
    @Test func exportWritesASwiftFile() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub/Taken.swift"), withIntermediateDirectories: true)
        let script = """
            def card(w, h, r) {
              roundrect 0 0 w h r
            }
            card 320 200 16
            export swift cgpath "Card.swift" as cardPath
            export swift card shape "CardShape.swift"
            export points "Points.swift"
            """
        try script.write(to: dir.appendingPathComponent("sub/s.shape"), atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["sub/s.shape"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("export: wrote sub/Card.swift") && r.stdout.contains("export: wrote sub/CardShape.swift"), "\(r.stdout)")
        let card = try String(contentsOf: dir.appendingPathComponent("sub/Card.swift"), encoding: .utf8)
        #expect(card.hasPrefix("let cardPath = CGMutablePath()\ncardPath.move(to: CGPoint(x: 16, y: 0))\n"), "\(card)")
        #expect(card.hasSuffix("cardPath.closeSubpath()\n"))
        let shape = try String(contentsOf: dir.appendingPathComponent("sub/CardShape.swift"), encoding: .utf8)
        #expect(shape.hasPrefix("struct Card: Shape {\n    var w: CGFloat\n    var h: CGFloat\n    var r: CGFloat\n"), "\(shape)")
        let points = try String(contentsOf: dir.appendingPathComponent("sub/Points.swift"), encoding: .utf8)
        #expect(points.hasPrefix("let points: [CGPoint] = [\n    CGPoint(x: 16, y: 0),\n"))
        // --quiet: the files, and nothing on standard output.
        let quiet = try BinaryRunner.run(["--quiet", "sub/s.shape"], in: dir)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(quiet.stdout)")
        // A folder where the file would go.
        try "move 0 0\nline 1 1\nexport swift \"Taken.swift\"\n".write(
            to: dir.appendingPathComponent("sub/t.shape"), atomically: true, encoding: .utf8)
        let taken = try BinaryRunner.run(["sub/t.shape"], in: dir)
        #expect(taken.status == 1)
        #expect(taken.stderr.contains("t.shape:3:14: error: cannot save 'Taken.swift': it is a directory"), "\(taken.stderr)")
    }

    /// After `dash`, `save` draws the path dashed with its pattern and phase (path units); with
    /// the points layer, which shows the dash as points, the path stays whole.
    @Test func aDashedPathIsSavedDashed() throws {
        let dir = try temporaryDirectory()
        let script = "roundrect 0 0 100 60 10\nsave \"plain.svg\"\ndash 6 4 phase 1\nsave \"dashed.svg\"\nsave \"points.svg\" points\n"
        try script.write(to: dir.appendingPathComponent("s.shape"), atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["s.shape"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        func pathElement(_ name: String) throws -> String {
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            return String(try #require(text.split(separator: "\n").first { $0.contains("<path id=\"path\"") }))
        }
        #expect(try pathElement("dashed.svg").hasSuffix("stroke-dasharray=\"6 4\" stroke-dashoffset=\"1\"/>"))
        #expect(!(try pathElement("plain.svg")).contains("dasharray"))
        #expect(!(try pathElement("points.svg")).contains("dasharray"))
    }

    /// `figure keep`: tangent and normal in one picture; `save ... all` draws no handle nobody
    /// placed; no two legend entries share a colour.
    @Test func figuresAccumulateAndLegendColoursDiffer() throws {
        let dir = try temporaryDirectory()
        let script = """
            move 0 0
            curve 30 120 170 120 200 0
            figure keep
            tangent 100
            normal 100
            save "kept.svg" figure
            figure replace
            tangent 100
            normal 100
            save "one.svg" figure
            split 1 0.4
            nearest 100 100
            casteljau 1 0.5
            save "all.svg" all
            handle 3
            save "handle.svg" all
            """
        try script.write(to: dir.appendingPathComponent("s.shape"), atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["s.shape"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        func read(_ name: String) throws -> (finder: PathFinder, text: String) {
            let data = try Data(contentsOf: dir.appendingPathComponent(name))
            let parser = XMLParser(data: data)
            let finder = PathFinder()
            parser.delegate = finder
            #expect(parser.parse(), "\(name)")
            return (finder, String(decoding: data, as: UTF8.self))
        }
        let kept = try read("kept.svg").finder
        #expect(kept.texts.contains("tangent") && kept.texts.contains("normal"), "\(kept.texts)")
        #expect(kept.texts.contains("tangent at 100; normal at 100"))
        let one = try read("one.svg").finder
        #expect(one.texts.contains("normal") && !one.texts.contains("tangent"), "\(one.texts)")
        let all = try read("all.svg")
        #expect(!all.finder.ids.contains("handle") && !all.finder.texts.contains("the handle"))
        #expect(try read("handle.svg").finder.ids.contains("handle"))
        // The legend's swatches: one colour each.
        let legend = try #require(all.text.components(separatedBy: "<g id=\"legend\"").last)
        let swatches = legend.components(separatedBy: "<line ").dropFirst().compactMap { line -> String? in
            guard let r = line.range(of: "stroke=\"") else { return nil }
            return String(line[r.upperBound...].prefix { $0 != "\"" })
        }
        #expect(swatches.count >= 6, "\(swatches)")
        // A figure asked for after a query that draws none: the report says so.
        try "move 0 0\ncurve 30 120 170 120 200 0\nmatrix 1\nsave \"m.svg\" figure\n".write(
            to: dir.appendingPathComponent("m.shape"), atomically: true, encoding: .utf8)
        let m = try BinaryRunner.run(["m.shape"], in: dir)
        #expect(m.stdout.contains("save: wrote m.svg (no figure: 'matrix' draws none)"), "\(m.stdout)")
        #expect(Set(swatches).count == swatches.count, "\(swatches)")
    }

    /// `save "x.pdf"`: the same picture as vector PDF. Poppler reads it: pdftotext finds the
    /// labels and the legend, and pdftoppm's rendering matches rsvg-convert's of the SVG (blocks of
    /// 4×4 pixels: under 4% differ by more than 40 of 255, where only the fonts differ, and the
    /// mean difference is under 4).
    @Test func aPDFIsTheSamePicture() throws {
        let dir = try temporaryDirectory()
        let script = """
            move 0 0
            curve 30 120 170 120 200 0
            bernstein 1 0.3
            save "basis.svg" figure controls labels
            save "basis.pdf" figure controls labels
            clear
            circle 50 50 40
            scale 1.5 1
            rect 10 10 60 60
            arc 50 120 30 -90deg 200deg
            dash 9 5 phase 2
            save "shapes.svg" fill bounds
            save "shapes.pdf" fill bounds
            """
        try script.write(to: dir.appendingPathComponent("s.shape"), atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["s.shape"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let pdf = try Data(contentsOf: dir.appendingPathComponent("basis.pdf"))
        #expect(pdf.starts(with: Array("%PDF-1.4".utf8)))
        let text = try Subprocess.run("pdftotext", [dir.appendingPathComponent("basis.pdf").path, "-"])
        #expect(text.status == 0, "\(text.stderr)")
        for word in ["P0", "P3", "t = 0.3", "b1 0.441", "weight", "bernstein 1 at t = 0.3: each control point's weight", "marked points"] {
            #expect(text.stdout.contains(word), "pdftotext: no '\(word)' in \(text.stdout)")
        }
        let compare = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PDF/compare.py").path
        for name in ["basis", "shapes"] {
            let svg = dir.appendingPathComponent("\(name).svg").path, png = dir.appendingPathComponent("\(name).png").path
            let rsvg = try Subprocess.run("rsvg-convert", [svg, "-o", png])
            #expect(rsvg.status == 0, "\(rsvg.stderr)")
            let toppm = try Subprocess.run(
                "pdftoppm", ["-r", "72", dir.appendingPathComponent("\(name).pdf").path, dir.appendingPathComponent(name).path])
            #expect(toppm.status == 0, "\(toppm.stderr)")
            let ppm = try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasPrefix(name + "-") && $0.hasSuffix(".ppm") }
            let measured = try Subprocess.run("python3", [compare, png, dir.appendingPathComponent(try #require(ppm)).path])
            #expect(measured.status == 0, "\(measured.stdout) \(measured.stderr)")
            let numbers = measured.stdout.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            #expect(numbers.count == 2 && numbers[0] < 0.04 && numbers[1] < 4, "\(name): \(measured.stdout)")
        }
        // A name that is neither .svg nor .pdf.
        try "move 0 0\nline 1 1\nsave \"x.png\"\n".write(to: dir.appendingPathComponent("t.shape"), atomically: true, encoding: .utf8)
        let wrong = try BinaryRunner.run(["t.shape"], in: dir)
        #expect(wrong.status == 1 && wrong.stderr.contains("must end in .svg or .pdf"), "\(wrong.stderr)")
    }

    /// The PDF is scale-aware and total: one drawing at scales from 1e-140 to 1e140 (the
    /// language's sizes run from 1e-150) gives the same page as the SVG of the drawing at scale 1,
    /// rendered by rsvg-convert; and scripts made at random (lines, quadratics, cubics, arcs,
    /// circles) give, at scale 1 and again at a random scale and offset, PDFs that render as the
    /// SVG at scale 1 does (rsvg-convert draws nothing of an SVG 1e-9 across, so the scaled
    /// SVG is no reference). A coordinate of 1e15 once stopped the process: the writer made an
    /// Int of 10,000 times it.
    @Test func aPDFIsTheSamePictureAtEveryScale() throws {
        let dir = try temporaryDirectory()
        let compare = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PDF/compare.py").path
        /// The share of differing blocks and the mean difference between rsvg's rendering of
        /// `svg` and pdftoppm's of `pdf`.
        func difference(svg: String, pdf: String) throws -> [Double] {
            let png = dir.appendingPathComponent(svg + ".png").path
            let rsvg = try Subprocess.run("rsvg-convert", [dir.appendingPathComponent(svg + ".svg").path, "-o", png])
            #expect(rsvg.status == 0, "\(rsvg.stderr)")
            let pdfPath = dir.appendingPathComponent(pdf + ".pdf").path
            let toppm = try Subprocess.run("pdftoppm", ["-r", "72", "-singlefile", pdfPath, dir.appendingPathComponent(pdf).path])
            #expect(toppm.status == 0, "\(toppm.stderr)")
            let measured = try Subprocess.run("python3", [compare, png, dir.appendingPathComponent(pdf + ".ppm").path])
            #expect(measured.status == 0, "\(measured.stdout) \(measured.stderr)")
            return measured.stdout.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        let fixed = """
            move 0 0
            curve 30*s 120*s 170*s 120*s 200*s 0
            arc 100*s 0 100*s 0 180deg
            circle 100*s 50*s 30*s
            """
        let scales = ["1", "1e-140", "1e-6", "1e15", "1e140"]
        var script = ""
        for (k, scale) in scales.enumerated() {
            script += "clear\nlet s = \(scale)\n\(fixed)\nsave \"scale\(k).svg\" labels controls\nsave \"scale\(k).pdf\" labels controls\n"
        }
        // Generated drawings, with a fixed seed: the same at every run.
        var random = SeededRandom(seed: 45)
        func number(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        var generated: [String] = []
        for k in 0..<2 {
            func p() -> String {
                let x: Int = number(0...200), y: Int = number(0...200)
                return "(o + \(x)) * s (o + \(y)) * s"
            }
            var lines: [String] = ["move \(p())"]
            for _ in 0..<6 {
                let kind: Int = number(0...4)
                let radius: Int = number(5...90)
                switch kind {
                case 0: lines.append("line \(p())")
                case 1: lines.append("quad \(p()) \(p())")
                case 2: lines.append("curve \(p()) \(p()) \(p())")
                case 3:
                    let from: Int = number(-180...180), sweep: Int = number(-360...360)
                    lines.append("arc \(p()) \(radius) * s \(from)deg \(sweep)deg")
                default: lines.append("circle \(p()) \(radius) * s")
                }
            }
            let body: String = lines.joined(separator: "\n")
            generated.append(body)
            let scale: String = ["1e-9", "1e-3", "1e4", "1e12"][number(0...3)]
            let offset: String = ["0", "1e3", "-5e6"][number(0...2)]
            script += "clear\nlet s = 1\nlet o = 0\n\(body)\nsave \"random\(k).svg\" controls\nsave \"random\(k).pdf\" controls\n"
            script += "clear\nlet s = \(scale)\nlet o = \(offset)\n\(body)\nsave \"scaled\(k).pdf\" controls\n"
        }
        try script.write(to: dir.appendingPathComponent("s.shape"), atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["-q", "s.shape"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        for k in scales.indices {
            let d = try difference(svg: "scale0", pdf: "scale\(k)")
            #expect(d.count == 2 && d[0] < 0.04 && d[1] < 4, "scale \(scales[k]): \(d)")
        }
        for k in generated.indices {
            for pdf in ["random\(k)", "scaled\(k)"] {
                let d = try difference(svg: "random\(k)", pdf: pdf)
                #expect(d.count == 2 && d[0] < 0.04 && d[1] < 4, "\(pdf): \(generated[k]): \(d)")
            }
        }
        // The coordinate that stopped the process, and a point alone far out.
        let edge = try BinaryRunner.run(
            ["-q", "-e", "move 0 0; line 1e15 0", "-e", "save \"far.pdf\"", "-e", "clear; move 1e150 -1e150", "-e", "save \"dot.pdf\""], in: dir)
        #expect(edge.status == 0, "\(edge.stderr)")
        let far = String(decoding: try Data(contentsOf: dir.appendingPathComponent("far.pdf")), as: UTF8.self)
        #expect(far.contains(" m ") && far.contains(" l "), "\(far)")
    }

    /// Drawing a picture is charged against the statement's work budget, layer by layer, and a
    /// PDF by the length of the SVG it is made from: a comb along 20,000 cubics (134 MB of SVG,
    /// once 28 s and 3 GB with the controls) and a PDF of 40,000 circles are refused with the
    /// located "too much work" error and write nothing; the labels of 20,000 cubics (once 16 s,
    /// growing as their square) are placed.
    @Test func aPictureIsChargedForWhatItDraws() throws {
        let dir = try temporaryDirectory()
        let curves = "move 0 0\nfor i in 0..<20000 { curve i % 997 (i * 7) % 1000 (i * 13) % 1000 (i * 3) % 1000 (i * 11) % 1000 (i * 5) % 1000 }\n"
        let circles = "for i in 0..<40000 { circle i % 1000 i / 1000 3 }\n"
        for (script, file, line) in [(curves + "save \"comb.svg\" comb\n", "comb.svg", 3), (circles + "save \"circles.pdf\"\n", "circles.pdf", 2)] {
            let r = try BinaryRunner.run(["-q", "-e", script], in: dir)
            #expect(r.status == 1 && r.stderr.contains("too much work") && r.stderr.contains("-e:\(line):1"), "\(file): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path), "\(file) was written")
        }
        let labels = try BinaryRunner.run(["-q", "-e", curves + "save \"labels.svg\" labels\n"], in: dir)
        #expect(labels.status == 0, "\(labels.stderr)")
        let svg = try String(contentsOf: dir.appendingPathComponent("labels.svg"), encoding: .utf8)
        #expect(svg.components(separatedBy: "<text").count > 20)
    }

    @Test func anUnwritableTargetIsALocatedErrorAndLeavesNoFile() throws {
        let dir = try temporaryDirectory()
        try "x".write(to: dir.appendingPathComponent("plain-file"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.svg"), withIntermediateDirectories: true)
        for target in ["plain-file/inside.svg", "folder.svg", "no/such/dir/x.svg"] {
            let r = try BinaryRunner.run(["-e", "circle 0 0 1\nsave \"\(target)\""], in: dir)
            #expect(r.status == 1)
            #expect(r.stderr.hasPrefix("-e:2:6: error: cannot save '\(target)'"), "\(r.stderr)")
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["plain-file", "folder.svg"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("folder.svg").path).isEmpty)
        let empty = try BinaryRunner.run(["-e", "save \"x.svg\""], in: dir)
        #expect(empty.status == 1 && empty.stderr.contains("needs a path"))
    }

    func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
    }

    /// The rules of a careful editor (docs/decisions.md 31), as root.
    @Test func saveNeverDamagesWhatIsThere() throws {
        let dir = try temporaryDirectory()
        func save(_ name: String) throws -> BinaryRunner.Result {
            try BinaryRunner.run(["-e", "circle 0 0 1\nsave \"\(name)\""], in: dir)
        }
        // A read-only file stays as it was, mode and all (root could write it: it does not).
        let readOnly = dir.appendingPathComponent("ro.svg")
        try "old".write(to: readOnly, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnly.path)
        let r1 = try save("ro.svg")
        #expect(r1.status == 1 && r1.stderr.contains("cannot save 'ro.svg': it is read-only"))
        #expect(try String(contentsOf: readOnly, encoding: .utf8) == "old" && (try mode(readOnly)) == 0o444)
        // A symbolic link is followed: the file it names is written, the link stays a link.
        let real = dir.appendingPathComponent("real.svg"), link = dir.appendingPathComponent("link.svg")
        try "x".write(to: real, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.svg")
        #expect(try save("link.svg").status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.svg")
        #expect(try String(contentsOf: real, encoding: .utf8).hasPrefix("<?xml"))
        // A private file keeps its mode.
        let secret = dir.appendingPathComponent("secret.svg")
        try "s".write(to: secret, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret.path)
        #expect(try save("secret.svg").status == 0)
        #expect(try mode(secret) == 0o600)
        // A FIFO is refused at once (no waiting for a reader), and stays a FIFO.
        let fifo = dir.appendingPathComponent("pipe.svg")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let r2 = try save("pipe.svg")
        #expect(r2.status == 1 && r2.stderr.contains("it is not a regular file"))
        // A name of 251 bytes (the temporary file's name is short whatever the target's).
        let long = String(repeating: "a", count: 247) + ".svg"
        #expect(try save(long).status == 0)
        // Nothing else is left in the folder: no temporary file.
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
        #expect(left == ["ro.svg", "real.svg", "link.svg", "secret.svg", "pipe.svg", long])
    }

    /// As an unprivileged user (when the tests run as root and `runuser` is there): a writable
    /// file in a folder the user cannot write is rewritten in place; a read-only file is refused.
    @Test func saveAsAnUnprivilegedUser() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") else { return }
        let dir = try temporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
        let binary = dir.appendingPathComponent("shape")
        try FileManager.default.copyItem(at: BinaryRunner.executable, to: binary)
        let folder = dir.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let writable = folder.appendingPathComponent("w.svg"), readOnly = folder.appendingPathComponent("r.svg")
        try "old".write(to: writable, atomically: true, encoding: .utf8)
        try "old".write(to: readOnly, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: writable.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: readOnly.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        func save(_ file: URL) throws -> Subprocess.Result {
            try Subprocess.run("/usr/sbin/runuser", ["-u", "nobody", "--", binary.path, "-e", "circle 0 0 1\nsave \"\(file.path)\""])
        }
        #expect(try save(writable).status == 0)
        #expect(try String(contentsOf: writable, encoding: .utf8).hasPrefix("<?xml"))
        let r = try save(readOnly)
        #expect(r.status == 1 && r.stderr.contains("it is read-only"), "\(r.stderr)")
        #expect(try String(contentsOf: readOnly, encoding: .utf8) == "old")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["w.svg", "r.svg"])
        // A write that cannot be finished (a file-size limit stands for a full disk or a quota)
        // leaves the old file whole: its room is reserved before a byte of it is overwritten.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") else { return }
        let old = String(repeating: "old\n", count: 500)
        try old.write(to: writable, atomically: false, encoding: .utf8)
        let big = "repeat 300 { circle 10 10 5 }\nsave \"\(writable.path)\""
        let limited = try Subprocess.run("/usr/bin/prlimit", ["--fsize=4096", "/usr/sbin/runuser", "-u", "nobody", "--", binary.path, "-e", big])
        #expect(limited.status == 1 && limited.stderr.contains("the file is unchanged"), "\(limited.stderr)")
        #expect(try String(contentsOf: writable, encoding: .utf8) == old)
        // The same for `shape fmt` rewriting a script where it is.
        let script = folder.appendingPathComponent("s.shape")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let unformatted = String(repeating: "line   1   2\n", count: 1000)
        try ("move 0 0\n" + unformatted).write(to: script, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: script.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        let fmt = try Subprocess.run(
            "/usr/bin/prlimit", ["--fsize=4096", "/usr/sbin/runuser", "-u", "nobody", "--", binary.path, "fmt", script.path])
        #expect(fmt.status == 1 && fmt.stderr.contains("the file is unchanged"), "\(fmt.stderr)")
        #expect(try String(contentsOf: script, encoding: .utf8) == "move 0 0\n" + unformatted)
    }
}

/// Labels never collide: in every Primer example's picture (examples/primer/*.svg, which
/// ExampleTests keeps equal to what the scripts save) and in pictures made to crowd them (a
/// circle as four cubics, a B-spline's six curves, an offset curve of 88 pieces), no two labels'
/// boxes overlap, no label covers a point marker's centre, in the examples' pictures no leader line
/// passes over another point's marker (a label beside the wrong point: the Bernstein chart's
/// b2 and b3 once were; in the crowded pictures a leader may have to), and every label is inside
/// the picture. Boxes are estimated here on their own terms: 0.55 of the font size a character, 0.7
/// above the baseline and 0.2 below (DejaVu Sans, rsvg-convert's sans-serif, averages 0.55).
@Suite struct LabelLayoutTests {
    struct Label { var text: String; var x, y, font: Double }

    static func attribute(_ name: String, _ tag: Substring) -> Double? {
        guard let r = tag.range(of: " \(name)=\"") else { return nil }
        return Double(tag[r.upperBound...].prefix { $0 != "\"" })
    }

    /// The labels, the point markers' centres and the picture's box (`readAll`'s).
    static func read(_ svg: String) -> (labels: [Label], markers: [(x: Double, y: Double)], view: [Double]) {
        let all = readAll(svg)
        return (all.labels, all.markers.map { ($0.x, $0.y) }, all.view)
    }

    /// The labels (texts in the groups `labels` and `figure-labels`), their leader lines, the
    /// point markers (circles outside the track points' group, with their radii) and the
    /// picture's box.
    static func readAll(
        _ svg: String
    ) -> (
        labels: [Label], leaders: [(from: Point, to: Point)], markers: [(x: Double, y: Double, r: Double)], view: [Double]
    ) {
        var labels: [Label] = [], markers: [(Double, Double, Double)] = [], leaders: [(Point, Point)] = []
        var group = "", font = 13.0
        for line in svg.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("<g ") {
                group = t.range(of: "id=\"").map { String(t[$0.upperBound...].prefix { $0 != "\"" }) } ?? ""
                if let f = attribute("font-size", Substring(t)) { font = f }
            } else if t.hasPrefix("<text"), group == "labels" || group == "figure-labels" || group == "figure" {
                let text = t.split(separator: ">", maxSplits: 1).last.map { String($0.prefix { $0 != "<" }) } ?? ""
                // A chart's axis values (in the figure) are placed by their anchor and font size.
                let size = attribute("font-size", Substring(t)) ?? font
                var x = attribute("x", Substring(t))!
                if t.contains("text-anchor=\"middle\"") { x -= 0.55 * size * Double(text.count) / 2 }
                if t.contains("text-anchor=\"end\"") { x -= 0.55 * size * Double(text.count) }
                labels.append(Label(text: text, x: x, y: attribute("y", Substring(t))!, font: size))
            } else if t.hasPrefix("<line"), group == "labels" || group == "figure-labels" {
                let v = ["x1", "y1", "x2", "y2"].map { attribute($0, Substring(t))! }
                leaders.append((Point(v[0], v[1]), Point(v[2], v[3])))
            } else if t.hasPrefix("<circle"), group != "points", !t.contains("id=\"handle\""), !t.contains("fill=\"none\"") {
                markers.append((attribute("cx", Substring(t))!, attribute("cy", Substring(t))!, attribute("r", Substring(t)) ?? 0))
            }
        }
        let viewBox =
            svg.range(of: "viewBox=\"").map { svg[$0.upperBound...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) } } ?? []
        return (labels, leaders, markers, viewBox)
    }

    static func problems(_ svg: String, _ name: String, leaders checked: Bool = false) -> [String] {
        let (labels, leaders, allMarkers, view) = readAll(svg)
        let markers = allMarkers.map { (x: $0.x, y: $0.y) }
        func box(_ l: Label) -> (Double, Double, Double, Double) {
            (l.x, l.y - 0.7 * l.font, l.x + 0.55 * l.font * Double(l.text.count), l.y + 0.2 * l.font)
        }
        var found: [String] = []
        for i in labels.indices {
            let a = box(labels[i])
            for j in labels.indices where j > i {
                let b = box(labels[j])
                if a.0 < b.2, b.0 < a.2, a.1 < b.3, b.1 < a.3 { found.append("\(name): '\(labels[i].text)' overlaps '\(labels[j].text)'") }
            }
            for m in markers where m.x > a.0 && m.x < a.2 && m.y > a.1 && m.y < a.3 {
                found.append("\(name): '\(labels[i].text)' covers the point (\(m.x), \(m.y))")
            }
            if view.count == 4, a.0 < view[0] || a.2 > view[0] + view[2] || a.1 < view[1] {
                found.append("\(name): '\(labels[i].text)' leaves the picture")
            }
        }
        for (from, to) in leaders where checked {
            for m in allMarkers {
                let c = Point(m.x, m.y)
                guard c.distance(to: from) > m.r else { continue }  // the leader's own point
                // The distance from the marker's centre to the segment.
                let d = to - from, length2 = d.dx * d.dx + d.dy * d.dy
                let u = length2 > 0 ? Swift.min(1, Swift.max(0, ((c.x - from.x) * d.dx + (c.y - from.y) * d.dy) / length2)) : 0
                let nearest = Point(from.x + d.dx * u, from.y + d.dy * u)
                if nearest.distance(to: c) < m.r {
                    found.append("\(name): the leader from (\(from.x), \(from.y)) passes over the point (\(m.x), \(m.y))")
                }
            }
        }
        return found
    }

    @Test func labelsNeverCollide() throws {
        // The Primer's pictures and the lesson's.
        var files: [URL] = []
        for folder in ["examples/primer", "examples/lesson"] {
            let dir = ExampleTests.root.appendingPathComponent(folder)
            files += try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".svg") }.sorted().map {
                dir.appendingPathComponent($0)
            }
        }
        #expect(files.count >= 40 + 14)
        var labelled = 0
        for url in files {
            let f = url.lastPathComponent
            let svg = try String(contentsOf: url, encoding: .utf8)
            labelled += LabelLayoutTests.read(svg).labels.count
            let p = LabelLayoutTests.problems(svg, f, leaders: true)
            #expect(p.isEmpty, "\(p.prefix(5))")
        }
        #expect(labelled >= 60, "the Primer's pictures hold labels to check")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shape-labels-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let script = """
            circle 0 0 100
            cubics
            save "circle.svg" labels controls
            clear
            move 0 0
            bspline 20 0 80 0 100 100 120 0 180 0 200 100
            save "bspline.svg" labels controls figure
            clear
            move 0 0
            curve 30 120 170 120 200 0
            offsetcurve 1 -110
            save "offset.svg" labels controls
            """
        try script.write(to: dir.appendingPathComponent("s.shape"), atomically: true, encoding: .utf8)
        let r = try BinaryRunner.run(["s.shape"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        for name in ["circle.svg", "bspline.svg", "offset.svg"] {
            let svg = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            let p = LabelLayoutTests.problems(svg, name)
            #expect(p.isEmpty, "\(p.prefix(5))")
            #expect(LabelLayoutTests.read(svg).labels.count >= 8, "\(name) keeps labels")
        }
        // The circle's shared anchor (4.P3 is 1.P0) is named once.
        let circle = try String(contentsOf: dir.appendingPathComponent("circle.svg"), encoding: .utf8)
        #expect(circle.contains(">1.P0<") && !circle.contains(">4.P3<"))
    }
}
