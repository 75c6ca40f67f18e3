/// The tolerances of the geometry, named, each with what it bounds and why its value. Code of the
/// module writes these names, not the numbers, so that two uses of one idea read as one
/// (`ToleranceLintTests` counts the exponent literals left elsewhere in the module's code: the
/// count may only go down; 74 remain, mostly search limits, underflow guards and the offsets'
/// own tolerances).
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
}
