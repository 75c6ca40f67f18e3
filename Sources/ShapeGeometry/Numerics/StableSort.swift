/// The core's one sort: stable (equal elements keep their order), as the standard library's is,
/// so every result is the same as with `sorted(by:)`. It exists for the WebAssembly build:
/// Embedded Swift makes a copy of the standard library's merge sort for every element type and
/// comparison it sorts with (17 copies, 33 KB of the module), while this one merge sort, of
/// positions, is compiled once; only the small wrappers below are made per type.
package enum StableSort {
    /// The positions 0..<count in the order `less` puts them, equal ones in their own order: a
    /// bottom-up merge sort, n log n comparisons.
    package static func order(_ count: Int, by less: (Int, Int) -> Bool) -> [Int] {
        var order = Array(0..<count)
        if count < 2 { return order }
        var buffer = order
        var width = 1
        while width < count {
            var low = 0
            while low < count {
                let mid = Swift.min(low + width, count), high = Swift.min(low + 2 * width, count)
                var i = low, j = mid, k = low
                while i < mid && j < high {
                    // The right one goes first only when it is strictly less: stable.
                    if less(order[j], order[i]) {
                        buffer[k] = order[j]
                        j += 1
                    } else {
                        buffer[k] = order[i]
                        i += 1
                    }
                    k += 1
                }
                while i < mid {
                    buffer[k] = order[i]
                    i += 1
                    k += 1
                }
                while j < high {
                    buffer[k] = order[j]
                    j += 1
                    k += 1
                }
                low = high
            }
            swap(&order, &buffer)
            width *= 2
        }
        return order
    }
}

extension Sequence {
    /// The elements in the order `less` puts them, equal ones in their own order (`StableSort`).
    package func stablySorted(by less: (Element, Element) -> Bool) -> [Element] {
        let elements = Array(self)
        return StableSort.order(elements.count) { less(elements[$0], elements[$1]) }.map { elements[$0] }
    }
}

extension Sequence where Element: Comparable {
    /// The elements in increasing order.
    package func stablySorted() -> [Element] { stablySorted(by: <) }
}

extension Array {
    package mutating func stablySort(by less: (Element, Element) -> Bool) { self = stablySorted(by: less) }
}

extension Array where Element: Comparable {
    package mutating func stablySort() { self = stablySorted(by: <) }
}
