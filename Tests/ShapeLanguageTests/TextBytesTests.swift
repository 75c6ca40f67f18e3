import ShapeGeometry
import Testing

@testable import ShapeLanguage
@testable import ShapeOutput

/// `count` numbers of up to 7 significant digits (mantissas in ±1000 with 3 decimals) at the
/// given scales, each followed by its whole-number version when `alsoRounded`: the number
/// writers' tests read them.
func sampleNumbers(seed: UInt64, count: Int, scales: [Double], alsoRounded: Bool) -> [Double] {
    var random = SeededRandom(seed: seed)
    var values: [Double] = []
    for _ in 0..<count {
        let mantissa = Double(random.next() % 2_000_000) / 1000 - 1000
        let scale = scales[Int(random.next() % UInt64(scales.count))]
        values.append(mantissa * scale)
        if alsoRounded { values.append(mantissa.rounded() * scale) }
    }
    return values
}

/// The printers write through either sink (`TextSink`): into bytes (`OutputBytes`, what `shape` prints with, here from a capacity of one byte so that it grows) the
/// same as into a string (`format`, what the tests, goldens and the workbench read): numbers at
/// every precision, beside a scale or not, points, and whole reports of every kind a script makes,
/// as text and as JSON (`WorkbenchSceneTests` has the JSON numbers).
@Suite struct TextBytesTests {
    /// The powers of ten the number writers scale and compare by are the doubles their literals
    /// read as.
    @Test func powersOfTenAreTheirLiterals() {
        for n in -30...30 { #expect(NumberFormat.tenToThe(n) == Double("1e\(n)")!, "1e\(n)") }
    }

    @Test func numbersWrittenAsBytesAreTheirText() {
        let values: [Double] =
            [0, -0.0, 1, -1, 2.675, 0.5, 1.5e-5, .leastNonzeroMagnitude, 1e15, 9.99995, 1e16, .nan, .infinity, -.infinity, 1e-13]
            + sampleNumbers(seed: 12, count: 3000, scales: [1e-9, 1e-4, 1, 1e3, 1e9, 1e14], alsoRounded: false)
        for x in values {
            for precision in [0, 1, 4, 9, 15, 17] {
                var bytes = OutputBytes(capacity: 1)
                bytes.append(0x41)
                NumberFormat.text(x, precision: precision, into: &bytes)
                #expect(String(decoding: bytes.bytes, as: UTF8.self) == "A" + NumberFormat.text(x, precision: precision), "\(x) at \(precision)")
                for scale in [0.0, 1, 1e6, 1e15] {
                    var beside = OutputBytes(capacity: 1)
                    NumberFormat.text(x, beside: scale, precision: precision, into: &beside)
                    #expect(
                        String(decoding: beside.bytes, as: UTF8.self) == NumberFormat.text(x, beside: scale, precision: precision),
                        "\(x) beside \(scale)")
                }
            }
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
            var bytes = OutputBytes(capacity: 1)
            json.write(r, into: &bytes)
            #expect(String(decoding: bytes.bytes, as: UTF8.self) == json.format(r), "\(r.command)")
        }
        for precision in [2, 4, 9] {
            for quiet in [false, true] {
                let printer = TextPrinter(precision: precision, quiet: quiet)
                for r in reports {
                    var bytes = OutputBytes(capacity: 1)
                    let wrote = printer.write(r, into: &bytes)
                    let text = printer.format(r)
                    #expect(wrote == (text != nil) && String(decoding: bytes.bytes, as: UTF8.self) == (text ?? ""))
                }
            }
        }
    }
}
