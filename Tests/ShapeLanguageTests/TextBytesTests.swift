import ShapeGeometry
import Testing

@testable import ShapeLanguage
@testable import ShapeOutput

/// The report printer's byte path (`TextPrinter.write`, what `shape` prints with) writes what
/// its string path (`format`) does: numbers at every precision, beside a scale or not, points,
/// and whole reports of every kind a script makes.
@Suite struct TextBytesTests {
    @Test func numbersWrittenAsBytesAreTheirText() {
        var random = SeededRandom(seed: 12)
        var values: [Double] = [0, -0.0, 1, -1, 2.675, 0.5, 1.5e-5, .leastNonzeroMagnitude, 1e15, 9.99995, 1e16, .nan, .infinity, -.infinity, 1e-13]
        for _ in 0..<3000 {
            let mantissa = Double(random.next() % 2_000_000) / 1000 - 1000
            values.append(mantissa * [1e-9, 1e-4, 1, 1e3, 1e9, 1e14][Int(random.next() % 6)])
        }
        for x in values {
            for precision in [0, 1, 4, 9, 15, 17] {
                var bytes: [UInt8] = [0x41]
                NumberFormat.text(x, precision: precision, into: &bytes)
                #expect(String(decoding: bytes, as: UTF8.self) == "A" + NumberFormat.text(x, precision: precision), "\(x) at \(precision)")
                for scale in [0.0, 1, 1e6, 1e15] {
                    var beside: [UInt8] = []
                    NumberFormat.text(x, beside: scale, precision: precision, into: &beside)
                    #expect(
                        String(decoding: beside, as: UTF8.self) == NumberFormat.text(x, beside: scale, precision: precision), "\(x) beside \(scale)")
                }
            }
        }
    }

    @Test func jsonNumbersWrittenAsBytesAreTheirText() {
        var random = SeededRandom(seed: 13)
        var values: [Double] = [
            0, -0.0, 1, -1, 42, -42, 1e15 - 1, 1e15, -1e15 + 1, 1e16, 0.1, 1.0 / 3, .leastNonzeroMagnitude, .nan, .infinity, -.infinity,
        ]
        for _ in 0..<3000 {
            let mantissa = Double(random.next() % 2_000_000) / 1000 - 1000
            let scale = [1e-9, 1e-3, 1, 1e3, 1e9, 1e14, 1e16][Int(random.next() % 7)]
            values.append(mantissa * scale)
            values.append(mantissa.rounded() * scale)
        }
        for x in values {
            var bytes: [UInt8] = [0x5B]
            NumberFormat.json(x, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "[" + NumberFormat.json(x), "\(x)")
        }
    }

    @Test func reportsWrittenAsBytesAreTheirText() throws {
        let i = Interpreter()
        var reports: [Report] = []
        let script = """
            move 0 0
            line 100 1e-14
            curve 1 2 3 4 5.675 6
            arc 50 50 20 0deg 270deg
            length
            bounds
            elements
            points
            nearest 3 4
            contains 10 10
            print 1 / 3
            print "words"
            let r = [nearest(3, 4), 2.675, "a"]
            print r
            winding 50 50
            help curve
            print "a \\"quoted\\" word"
            casteljau 2 0.25
            split 2 0.5
            undo
            """
        #expect(run(i, script, reports: &reports) == nil)
        let json = JSONLinesPrinter()
        for r in reports {
            var bytes: [UInt8] = []
            json.write(r, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == json.format(r), "\(r.command)")
        }
        for precision in [2, 4, 9] {
            for quiet in [false, true] {
                let printer = TextPrinter(precision: precision, quiet: quiet)
                for r in reports {
                    var bytes: [UInt8] = []
                    let wrote = printer.write(r, into: &bytes)
                    let text = printer.format(r)
                    #expect(wrote == (text != nil) && String(decoding: bytes, as: UTF8.self) == (text ?? ""))
                }
            }
        }
    }
}
