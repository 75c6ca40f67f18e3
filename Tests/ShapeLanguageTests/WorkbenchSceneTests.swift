import ShapeGeometry
import Testing

@testable import ShapeLanguage
@testable import ShapeOutput

/// The scene writes its numbers straight into its text: the same text `NumberFormat.json` makes.
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
            var out = ""
            WorkbenchScene.number(x, into: &out)
            #expect(out == NumberFormat.json(x), "\(x)")
        }
    }
}
