// The elementary functions, under names the core uses, in one place. They are the core's own
// (Numerics/Elementary.swift) on every platform, not the C library's nor, in WebAssembly, the
// host page's `Math`: so the native binary and the module in any JavaScript engine compute the
// same bits, and every printed digit is the same everywhere. Every other file of the core calls
// them through `Maths`.

/// The elementary functions the core needs, the same on every platform (see above).
public enum Maths {
    @inlinable public static func sin(_ x: Double) -> Double { Elementary.sin(x) }
    @inlinable public static func cos(_ x: Double) -> Double { Elementary.cos(x) }
    @inlinable public static func tan(_ x: Double) -> Double { Elementary.tan(x) }
    @inlinable public static func asin(_ x: Double) -> Double { Elementary.asin(x) }
    @inlinable public static func acos(_ x: Double) -> Double { Elementary.acos(x) }
    @inlinable public static func atan(_ x: Double) -> Double { Elementary.atan(x) }
    @inlinable public static func atan2(_ y: Double, _ x: Double) -> Double { Elementary.atan2(y, x) }
    @inlinable public static func hypot(_ x: Double, _ y: Double) -> Double { Elementary.hypot(x, y) }
    @inlinable public static func pow(_ x: Double, _ y: Double) -> Double { Elementary.pow(x, y) }
    @inlinable public static func log(_ x: Double) -> Double { Elementary.log(x) }
    @inlinable public static func cbrt(_ x: Double) -> Double { Elementary.cbrt(x) }
    /// The remainder of x / y with the sign of x, as C's fmod: exact in IEEE arithmetic.
    @inlinable public static func fmod(_ x: Double, _ y: Double) -> Double { x.truncatingRemainder(dividingBy: y) }
}

@usableFromInline @inline(__always) func cosine(_ x: Double) -> Double { Maths.cos(x) }
@usableFromInline @inline(__always) func sine(_ x: Double) -> Double { Maths.sin(x) }
@usableFromInline @inline(__always) func arcTangent2(_ y: Double, _ x: Double) -> Double { Maths.atan2(y, x) }
@usableFromInline @inline(__always) func hypotenuse(_ x: Double, _ y: Double) -> Double { Maths.hypot(x, y) }
@inline(__always) func floatingRemainder(_ x: Double, _ y: Double) -> Double { Maths.fmod(x, y) }
@inline(__always) func cubeRoot(_ x: Double) -> Double { Maths.cbrt(x) }
@inline(__always) func arcCosine(_ x: Double) -> Double { Maths.acos(x) }
@inline(__always) func naturalLog(_ x: Double) -> Double { Maths.log(x) }

/// 2π, one full turn in radians.
public let fullTurn: Double = 2 * Double.pi

/// Reduces an angle to [0, 2π).
@inline(__always) func positiveAngle(_ a: Double) -> Double {
    var r = floatingRemainder(a, fullTurn)
    if r < 0 { r += fullTurn }
    if r >= fullTurn { r = 0 }
    return r
}
