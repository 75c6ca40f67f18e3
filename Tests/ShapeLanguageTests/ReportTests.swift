import ShapeGeometry
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
}
