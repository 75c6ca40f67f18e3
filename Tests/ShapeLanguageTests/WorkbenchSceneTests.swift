import ShapeGeometry
import Testing

@testable import ShapeLanguage
@testable import ShapeOutput

/// JSON numbers (the scene writes them straight into its text, `--json` into its bytes): null,
/// whole numbers' digits, else the shortest text that reads back as the same double.
@Suite struct WorkbenchSceneTests {
    @Test func numbersAreWrittenAsJSONWritesThem() {
        let values: [Double] =
            [
                0, -0.0, 1, -1, 42, -42, 1e15 - 1, 1e15, 1e15 + 2, -1e15 + 1, -1e16, 0.1, 1.0 / 3, .leastNonzeroMagnitude,
                .greatestFiniteMagnitude, .nan, .infinity, -.infinity, 123.456,
            ]
            + sampleNumbers(seed: 11, count: 2000, scales: [1e-9, 1e-3, 1, 1e3, 1e9, 1e14, 1e16], alsoRounded: true)
        for x in values {
            // What JSON gets: null, a whole number's digits, else the standard library's shortest
            // round-trip text (its `description`, a separate path from the `write(to:)` used).
            let expected =
                !x.isFinite ? "null" : x == 0 ? "0" : (x == x.rounded() && abs(x) < 1e15) ? String(Int64(x)) : x.description
            var out = "["
            NumberFormat.json(x, into: &out)
            #expect(out == "[" + expected, "\(x)")
            #expect(NumberFormat.json(x) == expected, "\(x)")
            // And as bytes, as `shape --json` writes it.
            var bytes = OutputBytes(capacity: 1)
            bytes.append(0x5B)
            NumberFormat.json(x, into: &bytes)
            #expect(String(decoding: bytes.bytes, as: UTF8.self) == "[" + expected, "\(x) as bytes")
            #expect(Double(expected).map { $0 == x || (x == 0 && $0 == 0) } ?? !x.isFinite, "\(x) reads back")
        }
    }
}

/// The workbench's view of a path with more track points than the scene carries: the points are
/// left out, and only the handle's point is found (walking the path as far as it), the same
/// point the whole measurement gives, wherever the handle is; the session's own answers after it
/// are unchanged.
@Suite struct WorkbenchViewTests {
    static let long = """
        move 0 0
        repeat 600 {
          line pen.x + 4 pen.y
          curve pen.x + 1 pen.y - 3 pen.x + 3 pen.y - 3 pen.x + 4 pen.y
          arc pen.x + 2 pen.y 2 180deg 360deg
        }
        """

    @Test(arguments: [0, 1, 777, 5_000, 9_000])
    func theHandleIsTheWholeMeasurementsPoint(_ index: Int) throws {
        let fast = Interpreter(), whole = Interpreter()
        for i in [fast, whole] {
            #expect(run(i, WorkbenchViewTests.long) == nil)
            #expect(run(i, "handle \(index)\ntranslate 1 0") == nil)
        }
        let view = fast.view(trackPointsAtMost: 1000)
        let measured = whole.view()
        #expect(view.trackPointsLeftOut && view.trackPoints.isEmpty)
        #expect(!measured.trackPointsLeftOut && measured.trackPoints.count > 1000)
        #expect(view.handle != nil && view.handle == measured.handle, "handle \(index)")
        #expect(fast.handleIndex == whole.handleIndex)
        // The scene says so: no track points, and all else as the whole view's.
        var measuredLeftOut = measured
        measuredLeftOut.trackPoints = []
        measuredLeftOut.trackPointsLeftOut = true
        let scene = WorkbenchScene.binary(view, handleIndex: fast.handleIndex, version: 1)
        let length = Int(scene[0]) | Int(scene[1]) << 8 | Int(scene[2]) << 16 | Int(scene[3]) << 24
        let header = String(decoding: scene[4..<(4 + length)], as: UTF8.self)
        #expect(header.contains("\"track\":-1") && header.contains("\"handle\":{\"index\":\(fast.handleIndex)"))
        #expect(scene == WorkbenchScene.binary(measuredLeftOut, handleIndex: whole.handleIndex, version: 1))
        // What the sessions answer next is the same.
        var a: [Report] = [], b: [Report] = []
        #expect(run(fast, "handle\ndrag to 100 -2", reports: &a) == nil)
        #expect(run(whole, "handle\ndrag to 100 -2", reports: &b) == nil)
        #expect(a.map { TextPrinter().format($0) } == b.map { TextPrinter().format($0) })
    }

    /// Points already measured, or few enough to be sent, are in the view whole.
    @Test func measuredOrFewPointsAreSent() throws {
        let i = Interpreter()
        #expect(run(i, WorkbenchViewTests.long) == nil)
        #expect(run(i, "handle") == nil)
        let measured = i.view(trackPointsAtMost: 1000)
        #expect(!measured.trackPointsLeftOut && measured.trackPoints.count > 1000)
        let few = Interpreter()
        #expect(run(few, "move 0 0\nline 50 0\ntranslate 1 0") == nil)
        let view = few.view(trackPointsAtMost: 1000)
        #expect(!view.trackPointsLeftOut && view.trackPoints.count == 50 && view.handle == Point(1, 0))
    }
}
