/// The Gauss–Legendre rules of orders 4, 8, 16 and 32: their positive nodes on [-1, 1] and their
/// weights (the rules are symmetric), the only place the nodes live. Literals, so that a hot loop
/// uses constants; a test derives them independently (Newton's iteration on the Legendre
/// polynomials) and holds them equal to the last bit. A rule of order n is exact for polynomials
/// of degree 2n - 1 on an interval.
enum GaussLegendreVectors {
    /// The 2 positive nodes of the 4-point rule, and their weights.
    @inline(__always) static var nodes4: SIMD2<Double> { SIMD2(0.8611363115940526, 0.3399810435848563) }
    @inline(__always) static var weights4: SIMD2<Double> { SIMD2(0.34785484513745374, 0.6521451548625461) }
    /// The 4 positive nodes of the 8-point rule, and their weights.
    @inline(__always) static var nodes8: SIMD4<Double> {
        SIMD4(0.9602898564975363, 0.7966664774136268, 0.525532409916329, 0.1834346424956498)
    }
    @inline(__always) static var weights8: SIMD4<Double> {
        SIMD4(0.10122853629037618, 0.22238103445337445, 0.3137066458778874, 0.362683783378362)
    }
    /// The 8 positive nodes of the 16-point rule, and their weights.
    @inline(__always) static var nodes16: SIMD8<Double> {
        SIMD8(
            0.9894009349916499, 0.9445750230732326, 0.8656312023878318, 0.755404408355003,
            0.6178762444026438, 0.45801677765722737, 0.2816035507792589, 0.09501250983763744)
    }
    @inline(__always) static var weights16: SIMD8<Double> {
        SIMD8(
            0.027152459411754058, 0.062253523938647776, 0.0951585116824929, 0.12462897125553395,
            0.14959598881657682, 0.16915651939500256, 0.1826034150449236, 0.18945061045506847)
    }
    /// The 16 positive nodes of the 32-point rule, as two vectors, and their weights.
    @inline(__always) static var nodes32Low: SIMD8<Double> {
        SIMD8(
            0.9972638618494816, 0.9856115115452684, 0.9647622555875064, 0.9349060759377397,
            0.8963211557660521, 0.84936761373257, 0.7944837959679424, 0.7321821187402897)
    }
    @inline(__always) static var nodes32High: SIMD8<Double> {
        SIMD8(
            0.6630442669302152, 0.5877157572407623, 0.5068999089322294, 0.42135127613063533,
            0.33186860228212767, 0.23928736225213706, 0.1444719615827965, 0.0483076656877383)
    }
    @inline(__always) static var weights32Low: SIMD8<Double> {
        SIMD8(
            0.007018610009470136, 0.01627439473090571, 0.02539206530926214, 0.03427386291302141,
            0.042835898022226704, 0.050998059262376154, 0.05868409347853558, 0.06582222277636195)
    }
    @inline(__always) static var weights32High: SIMD8<Double> {
        SIMD8(
            0.07234579410884862, 0.07819389578707044, 0.08331192422694672, 0.08765209300440374,
            0.0911738786957639, 0.09384439908080454, 0.09563872007927485, 0.09654008851472785)
    }
}

/// ∫ f over [a, b] by the symmetric rule with positive `nodes` and their `weights`, one
/// evaluation of `f` at a time (kinds without a SIMD speed use it).
@inline(__always)
func symmetricRule<V: SIMD>(_ a: Double, _ b: Double, _ nodes: V, _ weights: V, _ f: (Double) -> Double) -> Double
where V.Scalar == Double {
    let half = 0.5 * (b - a), mid = 0.5 * (a + b)
    var sum = 0.0
    for i in 0..<V.scalarCount {
        let dx = half * nodes[i]
        sum += weights[i] * (f(mid - dx) + f(mid + dx))
    }
    return sum * half
}

/// ∫ f over [a, b] by the 4-point Gauss–Legendre rule (4 evaluations of `f`).
@inline(__always)
func gaussLegendre4(_ a: Double, _ b: Double, _ f: (Double) -> Double) -> Double {
    symmetricRule(a, b, GaussLegendreVectors.nodes4, GaussLegendreVectors.weights4, f)
}

/// ∫ f over [a, b] by the 8-point Gauss–Legendre rule (8 evaluations of `f`).
@inline(__always)
func gaussLegendre8(_ a: Double, _ b: Double, _ f: (Double) -> Double) -> Double {
    symmetricRule(a, b, GaussLegendreVectors.nodes8, GaussLegendreVectors.weights8, f)
}

/// ∫ f over [a, b] by the 16-point Gauss–Legendre rule (16 evaluations of `f`).
@inline(__always)
func gaussLegendre16(_ a: Double, _ b: Double, _ f: (Double) -> Double) -> Double {
    symmetricRule(a, b, GaussLegendreVectors.nodes16, GaussLegendreVectors.weights16, f)
}
