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

extension StableSort {
    /// Up to this many elements are sorted by insertion, in place: no allocation, and fewer steps
    /// than the merge sort's for the few cuts of an edge or meetings of two curves that most sorts
    /// of the core are given.
    package static let insertionLimit = 12

    /// Sorts `elements` by insertion (each one moved before those it is strictly less than:
    /// stable), for at most `insertionLimit` of them.
    @inline(__always)
    package static func insertionSort<Element>(_ elements: inout [Element], by less: (Element, Element) -> Bool) {
        guard elements.count > 1 else { return }
        for i in 1..<elements.count {
            let x = elements[i]
            var j = i
            while j > 0, less(x, elements[j - 1]) {
                elements[j] = elements[j - 1]
                j -= 1
            }
            if j != i { elements[j] = x }
        }
    }
}

extension Sequence {
    /// The elements in the order `less` puts them, equal ones in their own order (`StableSort`).
    package func stablySorted(by less: (Element, Element) -> Bool) -> [Element] {
        var elements = Array(self)
        if elements.count <= StableSort.insertionLimit {
            StableSort.insertionSort(&elements, by: less)
            return elements
        }
        return StableSort.order(elements.count) { less(elements[$0], elements[$1]) }.map { elements[$0] }
    }
}

extension Sequence where Element: Comparable {
    /// The elements in increasing order.
    package func stablySorted() -> [Element] { stablySorted(by: <) }
}

extension Array {
    package mutating func stablySort(by less: (Element, Element) -> Bool) {
        if count <= StableSort.insertionLimit {
            StableSort.insertionSort(&self, by: less)
        } else {
            self = stablySorted(by: less)
        }
    }
}

extension Array where Element: Comparable {
    package mutating func stablySort() { stablySort(by: <) }
}

extension Array {
    /// Sorts by `less` where the order of equal elements does not matter (the caller's answer is
    /// the same in any): the standard library's sort natively, where it is the quicker (the
    /// booleans' sorts took 8% more instructions as `stablySort`); in the playground's module,
    /// where every type a sort is used with carries its own copy of it (2.5 KB each),
    /// `stablySort`, the one the module has anyway.
    @inline(__always) mutating func sortInAnyOrderOfEquals(by less: (Element, Element) -> Bool) {
        #if hasFeature(Embedded)
        stablySort(by: less)
        #else
        sort(by: less)
        #endif
    }
}
