/// The magnitudes the language, its printers and its hosts compare numbers against, each named
/// once with the reason for its value (the geometry's tolerances are `Tolerance`'s, in
/// ShapeGeometry). `MagnitudeLintTests` keeps every exponent literal of these modules in a
/// declaration like these.
public enum Magnitude {
    /// Below this size a whole double is an exact Int64 and is written as one (every whole number
    /// below 2⁵³ ≈ 9.007e15 is a double; 1e15 leaves room for a product's rounding).
    public static let exactWhole = 1e15
    /// The largest whole number an index, a count or a repeat may be: below 2⁵³, so that every
    /// whole number up to it is a double and steps of one are exact.
    public static let largestWhole = 9e15
    /// From this size on, the text printer writes a double's own shortest form (its 17
    /// significant digits reach past 1e16).
    public static let plainText = 1e16
    /// An angle within this many degrees of a whole one is written whole (`arc ... 90deg`).
    public static let wholeDegree = 1e-9
    /// The sizes a `scale` factor may have: past these, a drawing's coordinates over- or
    /// underflow in a few steps.
    public static let smallestScale = 1e-100
    public static let largestScale = 1e100
    /// A random seed is a whole number below this (2⁶⁴ ≈ 1.845e19, a UInt64's range).
    public static let seedLimit = 1.8e19
    /// The tolerance of `fit` and `bspline ... fit` when none is given: a thousandth of a unit.
    public static let defaultFitTolerance = 1e-3
    /// The step of a central difference along t (a millionth of the parameter's range).
    public static let parameterStep = 1e-6
    /// How many times the path's size a stroke's width, or an osculating circle's radius, may
    /// be: past it a stroke is refused and a circle left undrawn (a straight stretch's).
    public static let farBeyondThePath = 1e6
    /// The largest parameter `interval` takes, in size: its blossoms' powers stay exact.
    public static let largestInterval = 1e6
    /// The smallest size a picture or a chart is framed at (a drawing that is one point).
    public static let smallestFrame = 1e-9
    /// The smallest positive size a `max` keeps, against dividing by zero (far below any
    /// drawing, above the subnormals).
    public static let tiny = 1e-300
    /// How far, relative to the point's size, a drag's two nudges of a number may move the point
    /// apart and still count as the same move (the number places the point affinely, `DragPlan`);
    /// also how near to parallel two numbers' moves may be before only one is used.
    public static let affineMove = 1e-9
    /// Seconds in a nanosecond.
    public static let nanosecond = 1e-9
}
