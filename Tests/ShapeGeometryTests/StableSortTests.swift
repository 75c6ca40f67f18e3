import Testing

@testable import ShapeGeometry

/// The core's one sort orders as the standard library's stable sort does, equal keys included,
/// by insertion (up to `StableSort.insertionLimit` elements) and by merging (past it).
@Suite struct StableSortTests {
    @Test func sameOrderAsTheStandardLibrary() {
        var random = SeededRandom(seed: 7)
        for count in [0, 1, 2, 3, 5, 8, StableSort.insertionLimit, StableSort.insertionLimit + 1, 17, 64, 100, 1000] {
            // Keys from a few values, so that many are equal; the second field tells equal keys apart.
            let items = (0..<count).map { k in (key: Int(random.next() % 7), tag: k) }
            let ours = items.stablySorted { $0.key < $1.key }
            let theirs = items.sorted { $0.key < $1.key }
            #expect(ours.map { $0.tag } == theirs.map { $0.tag }, "count \(count)")
            // Stable: equal keys keep their order.
            for k in ours.indices.dropFirst() where ours[k - 1].key == ours[k].key { #expect(ours[k - 1].tag < ours[k].tag) }
            var inPlace = items
            inPlace.stablySort { $0.key < $1.key }
            #expect(inPlace.map { $0.tag } == theirs.map { $0.tag }, "in place, count \(count)")
            var doubles = items.map { Double($0.key) + Double($0.tag % 3) / 4 }
            let expected = doubles.sorted()
            doubles.stablySort()
            #expect(doubles == expected)
        }
    }
}
