/// The tolerances of the geometry, named, each with what it bounds and why its value. Code of the
/// module writes these names, not the numbers, so that two uses of one idea read as one
/// (`ToleranceLintTests` checks that no exponent literal is left elsewhere in the module's code).
/// Counts and limits that are not tolerances (a band count, a reservation) are written as
/// integers where they are used.
public enum Tolerance {
    /// Two meetings of curves, or a meeting and an element's end, closer than this fraction of
    /// the paths' size are one point; the distance within which a point is "on" an outline. The
    /// certified search settles pieces down to 1e-11 of the size; 1e-9 leaves a hundredfold margin
    /// over that and over the rounding of the closed forms (1e-14 to 1e-12 of the size), and is
    /// still far below any drawing's resolution.
    public static let meeting = 1e-9

    /// The distance within which points of a drawing of `size` are one point: `meeting` of it.
    @inline(__always) public static func meetingDistance(_ size: Double) -> Double { meeting * size }

    /// Whether `a` and `b` are one point in a drawing of `size` (within `meetingDistance`), as
    /// the intersections and the booleans decide it (Skia names its like `approximately_equal`).
    @inline(__always) public static func same(_ a: Point, _ b: Point, size: Double) -> Bool { (a - b).length <= meeting * size }

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

    /// The least tolerance a caller may give the searches and the booleans (relative to the
    /// size, `relativeTolerance`): below it the answer would hang on rounding.
    static let leastCallerTolerance = 1e-12
    /// The largest such tolerance: past it, features of a drawing (a thousandth of its size)
    /// would be merged away.
    static let largestCallerTolerance = 1e-3
    /// How many more pieces than an error-order estimate an approximation takes (1%), so that
    /// an estimate just short of enough does not cost another round of measuring the error.
    static let estimateMargin = 0.01
    /// Along a stretch where one curve runs within the tolerance of another, the nearest point
    /// on the other moves on steadily from sample to sample; a jump of its parameter by more
    /// than a quarter of the other's range means it is now nearest to another part of it that
    /// passes near too, and the stretch ends there (`Intersections.nearStretches`).
    static let stretchJump = 0.25
    /// A Bézier that stays within the tolerance e of a circle of radius r for longer than this
    /// many times √(e·r) is taken to run along it (an overlap), not to cross or touch it: a touch
    /// with curvatures apart by 1/ρ stays within it for √(8·e·ρ), so this is a touch whose
    /// curvature matches the circle's to a relative 1e-3, and a crossing at an angle below
    /// 0.02·√(e/r) (`Intersections.circleCurve`).
    static let alongCircle = 100.0
    /// A Newton (or Gauss-Newton) step that moves the parameter by less than this fraction of
    /// its interval has settled: near a root the next step would move it by about the square of
    /// this, far below the rounding of the points it would find. The offset fit's checks stop
    /// there.
    static let settledStep = 1e-9
    /// A geometric fit's handle lengths (`Pen.geometricFit`, through two points of the offset)
    /// have settled when a Newton step moves them by less than this fraction of their length:
    /// the next would move them by about its square (1e-8 of their length), and the fit is
    /// checked both ways whatever its handles, so this decides only how few pieces pass.
    static let handleSettled = 1e-4

    // MARK: Numbers at the edge of a double

    /// A step in a parameter smaller than this changes nothing: an ulp of a parameter near 1 is
    /// 2.2e-16 (1.1e-16 near ½). Newton's method on two curves stops there.
    static let parameterStep = 1e-16

    /// Squared lengths within this range are taken by `squareRoot()` (`Vector.quickLength`):
    /// inside it the square neither underflows into subnormals (losing digits) nor comes near
    /// overflow; outside it `hypot` is used.
    @usableFromInline static let safeSquareLow = 1e-290
    /// See `safeSquareLow`.
    @usableFromInline static let safeSquareHigh = 1e290

    /// A coefficient or a pivot below this fraction of the largest one is zero: over [0, 1] a
    /// polynomial's leading term that small changes its values by less than their rounding, and
    /// a linear system's pivot that small would divide rounding.
    static let negligible = 1e-14

    /// An angle's rounding: an ulp of 2π is 8.9e-16, so an angle a step past the end of a range
    /// by less than this is at its end.
    static let angleRounding = 1e-15

    /// Two parameters found by closed forms (through angles, or as roots of one polynomial)
    /// closer than this are one: the forms round by a few times 1e-15.
    static let duplicateParameter = 1e-14

    /// Golden-section searches in a parameter over [0, 1] stop at this width: a few ulps of 1.
    static let searchWidth = 1e-15

    /// The inverse arc length's second-order first guess uses the series of its root in
    /// c = v′·s/v² while |c| is below this (the series' error, about c³, is then below 1e-9 of
    /// the step, which Newton's steps remove), and the root's stable form otherwise.
    static let seriesLimit = 1e-3

    // MARK: Derivatives by differences

    /// The step of a central difference in a parameter (a speed's slope, an evolute's
    /// direction): its truncation error (h², 1e-12) and its rounding (1e-16 / h, 1e-10) are both
    /// far below what the difference is used for, a Newton guess or a tangent to fit.
    static let differenceStep = 1e-6

    /// Where a curve's speed is below this fraction of its speed bound, its derivative is mostly
    /// rounding: the offset fitter then takes the offset's direction from a one-sided difference
    /// (`restDifference`) instead, and the evolute's fit over this fraction of the piece.
    static let nearRest = 1e-7

    /// The step of the offset fitter's one-sided difference at a piece's end near a rest, as a
    /// fraction of the piece. Its rounding, the points' (1e-16 of the coordinates) over the step,
    /// moves a handle by about 7e-12 of the coordinates: below the tolerance (1e-9 of the size)
    /// for coordinates up to a hundred times the size. Its truncation shrinks with the square of
    /// the piece, so halving always converges. (At 1e-7 the rounding moved the handles by as
    /// much as the tolerance: pieces near a resting end of a stroke 100 to 1,000 times as wide
    /// as its path were halved down to the tolerance's length, thousands of them, and their
    /// outline did not close: O29 in docs/results.md.)
    static let restDifference = 1e-5

    /// A Bézier stops (a cusp, where it turns back) where its speed is below this fraction of its
    /// speed bound; its derivative's roots within this much of an end, or of a stop already
    /// found, are that end or that stop.
    static let stop = 1e-9

    /// Below this fraction of its speed bound (and above `stop`), a Bézier's least speed inside
    /// it is a near stop: it turns by nearly half a turn there, and a stroke sweeps that turn
    /// as lines and fans where it lies within the tolerance (`Pen.hooks`).
    static let nearStop = 1e-3

    /// The offsets look at the factor 1 − dκ this far inside a piece's ends (in its parameter):
    /// at an end where the curve stops, κ is a limit that rounding cannot reach.
    static let insideEnd = 1e-6

    // MARK: Searches for meetings

    /// The pair search widens the boxes of its pieces by this fraction of the size, so that a
    /// meeting on a box's edge is not lost to the rounding of the boxes; pieces are settled down
    /// to about this size, a hundredth of `meeting`.
    static let boxMargin = 1e-11

    /// Two consecutive pieces of one segment, searched for the points where the segment crosses
    /// itself, meet at the cut they share: a meeting within this much of that cut in both
    /// parameters is the cut itself, not a crossing.
    static let sharedCut = 1e-9

    /// How far past a right angle, as a cosine against the product of L1 lengths, the control
    /// points of two segments must turn from each other at the end they share for the
    /// booleans to take that end as their only meeting without a search
    /// (`Intersections.meetOnlyAtSharedEnd`): well above the rounding of a dot product.
    static let sharedEndTurn = 1e-9

    /// How far, in meeting tolerances, the other ends of two such segments must lie from the
    /// shared one: no end of either lies on the other, and neither is all within the
    /// tolerance of the shared end.
    static let sharedEndFar = 100.0

    /// How far, in units of a boolean operation's tolerance, the changes that balance its kept
    /// edges may run along pieces (`BooleanBuilder.balanceThroughShortPieces`): a hundred, so
    /// the outline moves by at most 1e-5 of the size at the widened tolerance, where a nudge of
    /// 1e-5 of the size makes pieces a few tolerances long crowd at the shapes' corners.
    static let balancingReach = 100.0

    /// The smallest size tolerances are relative to, as a fraction of the paths' largest
    /// coordinate: a path smaller than that is rounding noise where it lies, and its tolerance
    /// is then a few units in the last place of its coordinates.
    static let sizeOfCoordinates = 1e-6

    /// Two wedges of directions from one point are apart only when no direction of one is within
    /// this angle (radians) of the other, and a wedge must be narrower than a half turn by as
    /// much to be one: directions from rounded points differ by far less (1e-12 or so).
    static let wedgeMargin = 1e-6

    /// A local minimum of a curve's distance to a circle within this fraction of the meeting
    /// tolerance is a touch to polish by Newton's method (the distance's square there is about
    /// 2·distance/r, so what is within this is far inside the tolerance).
    static let touchCandidate = 1e-2

    /// A line and a Bézier, or two curves, meeting at an angle whose sine is below this, graze:
    /// the meeting is a tangency, moved to an end or cut nearby when there is one.
    static let grazing = 1e-4

    /// Meetings at an angle below this (radians) may be the middle of a stretch where two
    /// curves run within the tolerance of each other (a curve leaving another at rest along its
    /// tangent): such a meeting goes to an end they run together to, as a grazing one does.
    static let shallow = 1e-2

    /// How far from a meeting (as a fraction of the size) the ends and cuts it may be moved to
    /// are looked for: as far as two curves that run together within the tolerance may do so.
    static let endReach = 1e-2

    // MARK: Booleans

    /// How far beside an edge a boolean operation looks to classify it, at most, as a fraction
    /// of the size: far enough to be clear of the tolerance, near enough to stay on the edge's
    /// own side of anything else.
    static let sideReach = 1e-3

    /// A point beside an edge is beside this place of it when its distance to the edge is the
    /// offset to within this fraction: then no other part of the edge (a hairpin's other leg)
    /// is nearer.
    static let sideCheck = 5e-6

    /// Edges leaving a vertex within this angle (radians) of the way back leave the same way,
    /// and are told apart by their curvature.
    static let leavingTurn = 1e-7

    // MARK: Offsets and strokes

    /// The offset fitter's tolerance is at least this fraction of the larger of the path and the
    /// half width: the offset's own points are exact to about 1e-13 of it, and the fitter
    /// promises no better than a thousand times that.
    static let offsetRelative = 1e-10

    /// And at most this fraction of it: the pieces of an outline are joined by the booleans,
    /// whose widened tolerance is 1e-7 of the size, and a coarser fit leaves gaps they cannot
    /// close (a stroke of a path 0.15 across, at the default millionth of a unit, 7e-6 of its
    /// size, could not be made consistent; the same path 1,000 times larger, with the same
    /// relative tolerance 1e-3, failed alike: issue 49, found by `scripts/fuzz offsets` at the
    /// scale 1e-3).
    static let offsetCoarsest = 1e-7

    /// A point x is the foot of a perpendicular from the curve at t when x − B(t) is
    /// perpendicular to the direction there to within this fraction of its length.
    static let foot = 1e-6

    /// The fitter's end directions (unit vectors) whose cross product is below this are parallel:
    /// the middle-point fit's two lengths would be mostly rounding, and a split is taken instead.
    static let parallelEnds = 1e-9

    // MARK: Constructions

    /// A wander's radius, halved while its start does not fit the area, gives up below this
    /// fraction of the area's size (as the seed does).
    static let smallestWanderRadius = 1e-6
}
