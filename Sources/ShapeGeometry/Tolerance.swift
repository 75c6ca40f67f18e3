/// The tolerances of the geometry, named, each with what it bounds and why its value. Code of the
/// module writes these names, not the numbers, so that two uses of one idea read as one
/// (`ToleranceLintTests` counts the exponent literals left elsewhere in the module's code: the
/// count may only go down; 47 remain, mostly search limits and the offsets' own steps).
public enum Tolerance {
    /// Two meetings of curves, or a meeting and an element's end, closer than this fraction of
    /// the paths' size are one point; the distance within which a point is "on" an outline. The
    /// certified search settles pieces down to 1e-11 of the size; 1e-9 leaves a hundredfold margin
    /// over that and over the rounding of the closed forms (1e-14 to 1e-12 of the size), and is
    /// still far below any drawing's resolution.
    public static let meeting = 1e-9

    /// Relative rounding: two values of one computation closer than this fraction of their scale
    /// are the same (a joining line shorter than this is not drawn, a derivative shorter than
    /// this is at rest). Double precision leaves about 1e-16 per operation; the chains of the
    /// geometry (trigonometry of arcs, transforms, de Casteljau) stay within 1e-14 to 1e-13.
    public static let rounding = 1e-12

    /// A parameter interval narrower than this is empty (parameters run over [0, 1], so this is
    /// about 4,500 ulps of 1: below it, bisections and subdivisions only meet rounding).
    public static let parameter = 1e-12

    /// Two directions whose normalized cross product is below this are parallel (radians): the
    /// same rounding as `rounding`, for angles.
    public static let parallel = 1e-12

    /// Two directions at a joint within this many radians of each other are one (G1): a joint
    /// drawn with clean numbers (to 1e-12 of the size) has a turn of at most about 1e-10.
    public static let turn = 1e-9

    /// Two axes of an arc's ellipse whose squared lengths, and whose dot product, agree to this
    /// fraction of the larger make a circle (`Arc.isCircular`): the arc's own rounding (rotations,
    /// uniform scales) leaves 1e-16 to 1e-15; a real ellipse differs far more.
    public static let circular = 1e-14

    /// A floor for a scale that must stay positive (a path of no extent): far below any size a
    /// path may have (`smallestSize`), and above zero.
    public static let sizeFloor = 1e-300

    /// The smallest extent a drawn element may have (`Path.smallestSize`): squares of smaller
    /// speeds and distances underflow (1e-150² = 1e-300, near the least normal double).
    public static let smallestSize = 1e-150

    /// The largest coordinate (`Path.largestCoordinate`): squares of larger ones overflow past
    /// 1e300, near the largest double's square root.
    public static let largestCoordinate = 1e150

    /// The relative accuracy arc lengths aim at unless told otherwise
    /// (`defaultArcLengthAccuracy`): the adaptive quadrature's acceptance threshold; the error
    /// reached is far smaller, and the tests hold every segment kind to 1e-12 relative.
    public static let arcLength = 1e-12

    /// The accuracy of the inverse arc length, relative to the curve's length: the parameter at a
    /// length s is found where the integrated length is within this much of s (a few ulps of a
    /// length: what a double can tell apart).
    public static let inverseArcLength = 1e-15

    /// Inside a quadrature leaf, a marching Newton step shorter than this fraction of the leaf's
    /// width ends the solve: Newton converges quadratically, so the point is then exact to about
    /// its square (1e-16 of the leaf), below anything the next march step could notice.
    public static let marchingStep = 1e-8

    /// How closely a crossing of a piece with a horizontal line is found (containment), in the
    /// parameter: far below what changes its x in a double.
    public static let crossingParameter = 1e-16

    /// How slow, relative to its largest speed, a curve must be at a point to count as stopped
    /// there (`Segment.cuspThreshold`). Near a cusp the length grows as the square of the
    /// parameter's distance from it, so a point found by its length (to 1e-15 of the curve's
    /// length) lies up to about 3e-8 of the parameter range away, where the speed is about 1e-7
    /// of its largest: the threshold sits above that, and a turn drawn at this scale is a cusp to
    /// the eye.
    public static let cusp = 1e-6

    /// How far a Bézier's or an ellipse's offset (strokes, `offset`, `offsetcurve`) may stray
    /// from the true one unless told otherwise, in the path's units: a millionth of a unit, far
    /// below a drawing's resolution (a point is about 0.35 mm), and what the fitter reaches with
    /// a few cubics per turn.
    public static let offset = 1e-6

    /// The Krawczyk test's stand-in for outward rounding: its intervals are widened by this
    /// fraction of their magnitude (at least 1). One step takes a few dozen operations, which
    /// round by a few ulps each (1e-15 or so): a thousandfold margin.
    public static let outwardRounding = 1e-12

    /// A Jacobian whose determinant is below this fraction of its scale squared is singular for
    /// the Krawczyk test (the curves run nearly parallel there): it answers "unknown" and the
    /// search subdivides, rather than invert a matrix whose inverse is mostly rounding.
    public static let singularJacobian = 1e-13

    /// The largest index of a cell of a point grid (`GridCell`, which finds points within a side
    /// of each other): a coordinate over the side, clamped to ±this so that it fits an Int64
    /// (up to 9.2e18). Points that far out in cells are farther apart than any side.
    static let gridIndexLimit = 1e18
}
