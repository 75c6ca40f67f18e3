import ShapeGeometry
import Testing

@testable import ShapeLanguage
@testable import ShapeOutput

/// JSON numbers (the scene writes them straight into its text): null, whole numbers' digits,
/// else the shortest text that reads back as the same double.
@Suite struct WorkbenchSceneTests {
    @Test func numbersAreWrittenAsJSONWritesThem() {
        var random = SeededRandom(seed: 11)
        var values: [Double] = [
            0, -0.0, 1, -1, 42, 1e15, 1e15 + 2, -1e16, 0.1, 1.0 / 3, 5e-324, .greatestFiniteMagnitude, .nan, .infinity, -.infinity, 123.456,
        ]
        for _ in 0..<2000 {
            let mantissa = Double(random.next() % 2_000_000) / 1000 - 1000
            let scale = [1e-9, 1e-3, 1, 1e3, 1e9, 1e14, 1e16][Int(random.next() % 7)]
            values.append(mantissa * scale)
            values.append(mantissa.rounded() * scale)
        }
        for x in values {
            // What JSON gets: null, a whole number's digits, else the standard library's shortest
            // round-trip text (its `description`, a separate path from the `write(to:)` used).
            let expected =
                !x.isFinite ? "null" : x == 0 ? "0" : (x == x.rounded() && abs(x) < 1e15) ? String(Int64(x)) : x.description
            var out = "["
            NumberFormat.json(x, into: &out)
            #expect(out == "[" + expected, "\(x)")
            #expect(NumberFormat.json(x) == expected, "\(x)")
            #expect(Double(expected).map { $0 == x || (x == 0 && $0 == 0) } ?? !x.isFinite, "\(x) reads back")
        }
    }
}
