#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C maths library, re-exported under names the rest of the module uses. Keeping the
// platform switch in one file lets every other file stay free of `#if`.

@usableFromInline @inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
@usableFromInline @inline(__always) func sine(_ x: Double) -> Double { sin(x) }
@usableFromInline @inline(__always) func arcTangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@usableFromInline @inline(__always) func hypotenuse(_ x: Double, _ y: Double) -> Double { hypot(x, y) }
@inline(__always) func floatingRemainder(_ x: Double, _ y: Double) -> Double { fmod(x, y) }
@inline(__always) func cubeRoot(_ x: Double) -> Double { cbrt(x) }
@inline(__always) func arcCosine(_ x: Double) -> Double { acos(x) }
@inline(__always) func naturalLog(_ x: Double) -> Double { log(x) }

/// 2π, one full turn in radians.
public let fullTurn: Double = 2 * Double.pi

/// Reduces an angle to [0, 2π).
@inline(__always) func positiveAngle(_ a: Double) -> Double {
    var r = floatingRemainder(a, fullTurn)
    if r < 0 { r += fullTurn }
    if r >= fullTurn { r = 0 }
    return r
}
