/// Why a geometric operation refused its input. Every refusal leaves the value it was called on
/// unchanged.
public enum GeometryError: Error, Equatable, Sendable {
    /// An argument was NaN or infinite; `argument` names it.
    case nonFinite(argument: String)
    /// `line`, `quad` and `curve` need a current point (UIKit raises here too).
    case noCurrentPoint
    /// A circle or arc was given a negative radius.
    case negativeRadius
    /// A dash pattern length was negative or not finite.
    case invalidDashLength
    /// Every length of the dash pattern is zero.
    case emptyDashPattern
    /// The operation would produce more points than `limit`.
    case tooManyPoints(limit: Int)
    /// A result would not be finite (for example a transform that overflows the coordinates).
    case nonFiniteResult
    /// A transform cannot be applied because it is singular or not finite.
    case invalidTransform
    /// An element is smaller than `Path.smallestSize` without being a point: its squared speeds
    /// and distances would underflow, and no length or nearest point of it could be trusted.
    case tooSmall(size: Double)
    /// A coordinate is beyond `Path.largestCoordinate`: squares of it (speeds, distances, cross
    /// products) would overflow.
    case tooLarge(coordinate: Double)
    /// A search (the meeting points of two paths) gave up before it settled every point: an
    /// answer that might miss some is not given.
    case unsettled
    /// A search counted against a budget of work (`Intersections.Cost`) used it up first.
    case outOfWork
}

extension GeometryError: CustomStringConvertible {
    /// A plain sentence, for messages that quote the error (SVG import).
    public var description: String {
        switch self {
        case .nonFinite(let argument): "the \(argument) is not a finite number"
        case .noCurrentPoint: "there is no current point"
        case .negativeRadius: "a radius cannot be negative"
        case .invalidDashLength: "dash lengths must be finite and not negative"
        case .emptyDashPattern: "a dash pattern needs a positive total length"
        case .tooManyPoints(let limit): "that would make more than \(limit) points"
        case .nonFiniteResult: "the result would not be finite"
        case .invalidTransform: "the transform cannot be applied"
        case .tooSmall(let size): "an element \(size) across is too small to measure (\(Path.smallestSize) is the least)"
        case .tooLarge(let x): "a coordinate of \(x) is too large (\(Path.largestCoordinate) is the most)"
        case .unsettled: "the search gave up before it settled every point"
        case .outOfWork: "the search ran out of work before it settled every point"
        }
    }
}
