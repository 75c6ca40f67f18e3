import Foundation
import ShapeGeometry
import ShapeOutput
import Testing

@testable import ShapeLanguage

/// The finiteness gate (`Report.isFinite`): a report with a number that is not finite makes its
/// command fail. The kinds a script asks by the thousand are looked at directly; the answer must
/// be the one the JSON fields give, which hold every number of a report.
@Suite struct ReportTests {
    func fieldsAreFinite(_ r: Report) -> Bool { r.wording(.fields).fields.allSatisfy { $0.json.isFinite } }

    @Test func theGateReadsEveryNumberOfTheKindsItLooksAtDirectly() {
        let odd: [Double] = [.infinity, -.infinity, .nan]
        var kinds: [(Report.Kind, Bool)] = [
            (.contains(true), true), (.contains(false), true), (.cleared, true), (.dash(count: 12), true),
            (.length(3.5), true), (.nearest(point: Point(1, 2), distance: 0.5, at: 3), true),
            (.path(to: Point(1, 2), segment: 3, length: 4), true),
        ]
        for x in odd {
            kinds.append((.length(x), false))
            kinds.append((.nearest(point: Point(x, 2), distance: 0.5, at: 3), false))
            kinds.append((.nearest(point: Point(1, x), distance: 0.5, at: 3), false))
            kinds.append((.nearest(point: Point(1, 2), distance: x, at: 3), false))
            kinds.append((.nearest(point: Point(1, 2), distance: 0.5, at: x), false))
            kinds.append((.path(to: Point(1, 2), segment: x, length: 4), false))
        }
        for (kind, finite) in kinds {
            let r = Report(command: "q", line: 1, kind: kind)
            #expect(r.isFinite == finite, "\(kind)")
            #expect(r.isFinite == fieldsAreFinite(r), "\(kind)")
        }
    }

    /// The text printer writes a drawing command's report straight into the output, not through
    /// its wording (`Wording.path`): the two must be one text at every precision, for numbers of
    /// every size, their rounding noise beside the path's length, and negative zeros.
    @Test func aDrawingReportIsWrittenAsItsWordingSaysIt() {
        var rng = SeededRandom(seed: 19)
        let special: [Double] = [0, -0.0, 1, -1, 0.5, 1e-15, -3e-13, 123_456.789, 1e20, 1e-300, 2.5e7, 7e-5, 99_999.99995, 0.00005]
        func pick() -> Double {
            rng.uniform(0, 1) < 0.4 ? special[Int(rng.next() % UInt64(special.count))] : rng.uniform(-1, 1) * pow(10, rng.uniform(-9, 9))
        }
        var differing: [String] = []
        for precision in [0, 1, 4, 9, 17] {
            let printer = TextPrinter(precision: precision)
            for k in 0..<400 {
                let segment = abs(pick())
                let r = Report(
                    command: ["line", "curve", "arc", "quad"][k % 4], line: 1,
                    kind: .path(to: Point(pick(), pick()), segment: segment, length: segment + abs(pick())))
                var lines: [Line] = []
                r.wording(.text).forEachLine { lines.append($0) }
                let direct = printer.format(r), worded = printer.render(lines)
                if direct != worded { differing.append("\(direct ?? "nil") against \(worded)") }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(3))")
    }
}
