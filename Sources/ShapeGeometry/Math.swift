#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C maths library, under names the core uses, in one place: on Linux and macOS the C
// library's; in WebAssembly (Embedded Swift, which has no libm) the host page's, imported from
// its module "math" (the playground's glue passes JavaScript's Math functions, whose accuracy its
// tests check). Every other file of the core stays free of `#if`.

#if arch(wasm32)
// The host's functions, under the names `Maths` calls.
@_extern(wasm, module: "math", name: "sin") @usableFromInline func _sin(_ x: Double) -> Double
@_extern(wasm, module: "math", name: "cos") @usableFromInline func _cos(_ x: Double) -> Double
@_extern(wasm, module: "math", name: "tan") @usableFromInline func _tan(_ x: Double) -> Double
@_extern(wasm, module: "math", name: "asin") @usableFromInline func _asin(_ x: Double) -> Double
@_extern(wasm, module: "math", name: "acos") @usableFromInline func _acos(_ x: Double) -> Double
@_extern(wasm, module: "math", name: "atan") @usableFromInline func _atan(_ x: Double) -> Double
@_extern(wasm, module: "math", name: "atan2") @usableFromInline func _atan2(_ y: Double, _ x: Double) -> Double
@_extern(wasm, module: "math", name: "hypot") @usableFromInline func _hypot(_ x: Double, _ y: Double) -> Double
@_extern(wasm, module: "math", name: "pow") @usableFromInline func _pow(_ x: Double, _ y: Double) -> Double
@_extern(wasm, module: "math", name: "log") @usableFromInline func _log(_ x: Double) -> Double
@_extern(wasm, module: "math", name: "cbrt") @usableFromInline func _cbrt(_ x: Double) -> Double
/// The remainder of x / y with the sign of x, as C's fmod: exact, so written here.
@usableFromInline @inline(__always) func _fmod(_ x: Double, _ y: Double) -> Double { x.truncatingRemainder(dividingBy: y) }
#else
// The C library's functions, under the same names (`Maths` cannot call them by their own names
// without calling itself).
@usableFromInline @inline(__always) func _sin(_ x: Double) -> Double { sin(x) }
@usableFromInline @inline(__always) func _cos(_ x: Double) -> Double { cos(x) }
@usableFromInline @inline(__always) func _tan(_ x: Double) -> Double { tan(x) }
@usableFromInline @inline(__always) func _asin(_ x: Double) -> Double { asin(x) }
@usableFromInline @inline(__always) func _acos(_ x: Double) -> Double { acos(x) }
@usableFromInline @inline(__always) func _atan(_ x: Double) -> Double { atan(x) }
@usableFromInline @inline(__always) func _atan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@usableFromInline @inline(__always) func _hypot(_ x: Double, _ y: Double) -> Double { hypot(x, y) }
@usableFromInline @inline(__always) func _pow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@usableFromInline @inline(__always) func _log(_ x: Double) -> Double { log(x) }
@usableFromInline @inline(__always) func _cbrt(_ x: Double) -> Double { cbrt(x) }
@usableFromInline @inline(__always) func _fmod(_ x: Double, _ y: Double) -> Double { fmod(x, y) }
#endif

/// The elementary functions the core needs, one place for every platform (see above).
public enum Maths {
    @inlinable public static func sin(_ x: Double) -> Double { _sin(x) }
    @inlinable public static func cos(_ x: Double) -> Double { _cos(x) }
    @inlinable public static func tan(_ x: Double) -> Double { _tan(x) }
    @inlinable public static func asin(_ x: Double) -> Double { _asin(x) }
    @inlinable public static func acos(_ x: Double) -> Double { _acos(x) }
    @inlinable public static func atan(_ x: Double) -> Double { _atan(x) }
    @inlinable public static func atan2(_ y: Double, _ x: Double) -> Double { _atan2(y, x) }
    @inlinable public static func hypot(_ x: Double, _ y: Double) -> Double { _hypot(x, y) }
    @inlinable public static func pow(_ x: Double, _ y: Double) -> Double { _pow(x, y) }
    @inlinable public static func log(_ x: Double) -> Double { _log(x) }
    @inlinable public static func cbrt(_ x: Double) -> Double { _cbrt(x) }
    @inlinable public static func fmod(_ x: Double, _ y: Double) -> Double { _fmod(x, y) }
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
