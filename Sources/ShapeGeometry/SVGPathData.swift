/// SVG path data (the `d` attribute) read into a `Path`, exactly: every command, absolute and
/// relative, with H/V, the smooth S/T forms and elliptical `A` arcs converted into the exact arc
/// kind (the endpoint-to-centre conversion of the SVG specification, appendix F.6.5: zero radii
/// make a line, radii too small for the end points are scaled up).
public enum SVGPathData {
    /// Why path data was refused: what, and the character offset in the text.
    public struct Failure: Error, Equatable, Sendable {
        /// What is wrong.
        public var message: String
        /// Where, as a UTF-8 byte offset into the data.
        public var offset: Int
    }

    /// Appends the path data to `path`. All or nothing: on failure `path` is unchanged.
    public static func append(_ text: String, to path: inout Path) throws(Failure) {
        var reader = Reader(chars: Array(text.utf8))
        // On the path itself, its appends taken back on failure (a copy would cost the whole path).
        let count = path.elements.count
        do { try reader.run(into: &path) } catch {
            path.truncate(to: count)
            throw error
        }
    }

    struct Reader {
        let chars: [UInt8]
        var i = 0
        var current = Point.zero
        var subpathStart = Point.zero
        var lastControl: Point?  // for S and T: the previous curve's second control point
        var lastCommand: UInt8 = 0
        var started = false

        func fail(_ m: String, _ at: Int? = nil) -> Failure { Failure(message: m, offset: at ?? i) }

        mutating func skipSeparators() {
            while i < chars.count, chars[i] == 32 || chars[i] == 9 || chars[i] == 10 || chars[i] == 13 || chars[i] == 44 { i += 1 }
        }

        var atNumber: Bool {
            var k = i
            while k < chars.count, chars[k] == 32 || chars[k] == 9 || chars[k] == 10 || chars[k] == 13 || chars[k] == 44 { k += 1 }
            guard k < chars.count else { return false }
            let c = chars[k]
            return (c >= 48 && c <= 57) || c == 43 || c == 45 || c == 46
        }

        mutating func number() throws(Failure) -> Double {
            skipSeparators()
            let start = i
            if i < chars.count, chars[i] == 43 || chars[i] == 45 { i += 1 }
            var digits = 0
            while i < chars.count, chars[i] >= 48 && chars[i] <= 57 { i += 1; digits += 1 }
            if i < chars.count, chars[i] == 46 {
                i += 1
                while i < chars.count, chars[i] >= 48 && chars[i] <= 57 { i += 1; digits += 1 }
            }
            guard digits > 0 else { throw fail("expected a number", start) }
            if i < chars.count, chars[i] == 101 || chars[i] == 69 {
                var k = i + 1
                if k < chars.count, chars[k] == 43 || chars[k] == 45 { k += 1 }
                if k < chars.count, chars[k] >= 48 && chars[k] <= 57 {
                    i = k
                    while i < chars.count, chars[i] >= 48 && chars[i] <= 57 { i += 1 }
                } else if k > i + 1 || k >= chars.count {
                    // `2e-` or `2e` at the end: an exponent without digits, not a command `e`.
                    throw fail("the exponent of the number has no digits", i)
                }
            }
            guard let v = Double(String(decoding: chars[start..<i], as: UTF8.self)), v.isFinite else {
                throw fail("the number is not finite", start)
            }
            return v
        }

        /// An arc flag: a single 0 or 1, which may stand right against the next number.
        mutating func flag() throws(Failure) -> Bool {
            skipSeparators()
            guard i < chars.count, chars[i] == 48 || chars[i] == 49 else { throw fail("expected an arc flag, 0 or 1") }
            defer { i += 1 }
            return chars[i] == 49
        }

        mutating func point(_ relative: Bool) throws(Failure) -> Point {
            let x = try number(), y = try number()
            return relative ? Point(current.x + x, current.y + y) : Point(x, y)
        }

        mutating func run(into path: inout Path) throws(Failure) {
            skipSeparators()
            while i < chars.count {
                let commandOffset = i
                var c = chars[i]
                let isLetter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
                if isLetter {
                    i += 1
                } else if lastCommand != 0 && lastCommand | 32 != 122 && atNumber {
                    // Implicit repetition; after M, pairs are L (after m, l). Z takes no numbers.
                    c = lastCommand == 77 ? 76 : (lastCommand == 109 ? 108 : lastCommand)
                } else {
                    throw fail("expected a path command (M, L, H, V, C, S, Q, T, A or Z)")
                }
                if !started && c != 77 && c != 109 { throw fail("path data must start with M or m", commandOffset) }
                let relative = c >= 97
                let upper = relative ? c - 32 : c
                try command(upper, relative: relative, offset: commandOffset, into: &path)
                lastCommand = c
                skipSeparators()
                // Every command consumes input (a letter or numbers); anything else would loop.
                guard i > commandOffset else { throw fail("unexpected text in path data", commandOffset) }
            }
        }

        /// A geometry error of drawing a command, as a failure at the command.
        func drawing(_ offset: Int, _ body: () throws(GeometryError) -> Void) throws(Failure) {
            do { try body() } catch { throw fail("\(error)", offset) }
        }

        mutating func command(_ c: UInt8, relative: Bool, offset: Int, into path: inout Path) throws(Failure) {
            switch c {
            case 77:  // M
                // The first command of the data is absolute even when written m.
                let p = try point(relative && started)
                try drawing(offset) { () throws(GeometryError) in try path.move(to: p) }
                current = p; subpathStart = p; lastControl = nil; started = true
            case 76:  // L
                let p = try point(relative)
                try drawing(offset) { () throws(GeometryError) in try path.line(to: p) }
                current = p; lastControl = nil
            case 72, 86:  // H, V
                let v = try number()
                let p = c == 72 ? Point(relative ? current.x + v : v, current.y) : Point(current.x, relative ? current.y + v : v)
                try drawing(offset) { () throws(GeometryError) in try path.line(to: p) }
                current = p; lastControl = nil
            case 67:  // C
                let c1 = try point(relative), c2 = try point(relative), p = try point(relative)
                try drawing(offset) { () throws(GeometryError) in try path.curve(control1: c1, control2: c2, to: p) }
                current = p; lastControl = c2
            case 83:  // S: the first control point reflects the previous C/S one
                let c2 = try point(relative), p = try point(relative)
                let previous = lastCommand | 32
                let c1 = (previous == 99 || previous == 115) && lastControl != nil ? current + (current - lastControl!) : current
                try drawing(offset) { () throws(GeometryError) in try path.curve(control1: c1, control2: c2, to: p) }
                current = p; lastControl = c2
            case 81:  // Q
                let q = try point(relative), p = try point(relative)
                try drawing(offset) { () throws(GeometryError) in try path.quad(control: q, to: p) }
                current = p; lastControl = q
            case 84:  // T: the control point reflects the previous Q/T one
                let p = try point(relative)
                let previous = lastCommand | 32
                let q = (previous == 113 || previous == 116) && lastControl != nil ? current + (current - lastControl!) : current
                try drawing(offset) { () throws(GeometryError) in try path.quad(control: q, to: p) }
                current = p; lastControl = q
            case 65:  // A
                let rx = try number(), ry = try number(), rotation = try number()
                let large = try flag(), sweep = try flag()
                let p = try point(relative)
                if let arc = SVGPathData.arc(from: current, to: p, rx: rx, ry: ry, rotationDegrees: rotation, largeArc: large, sweep: sweep) {
                    // An ellipse so flat that its angles cannot place the end point (radii that
                    // differ by a factor of 1e16 or more) cannot be drawn as an exact arc.
                    let chord = (p - current).length
                    guard arc.end.isFinite, arc.center.isFinite else { throw fail("the result would not be finite", offset) }
                    guard Tolerance.same(arc.end, p, size: Swift.max(chord, Swift.abs(p.x), Swift.abs(p.y))) else {
                        throw fail("the arc's radii are too far apart to draw it exactly", offset)
                    }
                    try drawing(offset) { () throws(GeometryError) in try path.append(arc: arc) }
                } else if p != current {
                    try drawing(offset) { () throws(GeometryError) in try path.line(to: p) }
                }
                current = p; lastControl = nil
            case 90:  // Z
                path.close()
                current = subpathStart; lastControl = nil
            default:
                throw fail("unknown path command '\(String(UnicodeScalar(c)))'", offset)
            }
        }
    }

    /// The exact arc of an SVG `A` command (SVG 1.1 appendix F.6.5), or `nil` when it is a
    /// straight line (a zero radius) or nothing (equal end points).
    public static func arc(
        from p1: Point, to p2: Point, rx: Double, ry: Double, rotationDegrees: Double,
        largeArc: Bool, sweep: Bool
    ) -> Arc? {
        guard p1 != p2 else { return nil }
        var rx = abs(rx), ry = abs(ry)
        guard rx > 0, ry > 0 else { return nil }
        // Whole turns taken off in degrees first, exactly (the remainder of a division by 360 is
        // exact in floating point): 1e20° is 280°, where 1e20 · π / 180 radians keeps no digit of
        // the angle.
        let phi = rotationDegrees.truncatingRemainder(dividingBy: 360) * Double.pi / 180
        let cs = cosine(phi), sn = sine(phi)
        let dx = (p1.x - p2.x) / 2, dy = (p1.y - p2.y) / 2
        let x1 = cs * dx + sn * dy, y1 = -sn * dx + cs * dy
        // In units of the radii (no squares of the radii, which overflow past 1e154).
        let a = x1 / rx, b = y1 / ry
        let lambda = a * a + b * b
        var coefficient = 0.0
        if !(lambda <= 1) {
            // Radii too small (F.6.6): scaled up to the smallest ellipse of their shape through
            // both points, whose centre is the chord's midpoint exactly (coefficient 0), computed
            // without squaring the radii (a radius of 1e-300 scales up as well as one of 10).
            let ratio = rx / ry
            rx = hypotenuse(x1, y1 * ratio)
            ry = rx / ratio
            guard rx.isFinite, ry.isFinite, rx > 0, ry > 0 else { return nil }
        } else {
            // F.6.5.2's (rx²ry² − rx²y1′² − ry²x1′²) / (rx²y1′² + ry²x1′²), divided through by rx²ry².
            coefficient = (Swift.max(0, 1 - lambda) / lambda).squareRoot()
            if largeArc == sweep { coefficient = -coefficient }
        }
        let cxp = coefficient * rx * b, cyp = -coefficient * ry * a
        let center = Point(cs * cxp - sn * cyp + (p1.x + p2.x) / 2, sn * cxp + cs * cyp + (p1.y + p2.y) / 2)
        let start = arcTangent2((y1 - cyp) / ry, (x1 - cxp) / rx)
        let end = arcTangent2((-y1 - cyp) / ry, (-x1 - cxp) / rx)
        var delta = end - start
        if sweep && delta < 0 { delta += fullTurn }
        if !sweep && delta > 0 { delta -= fullTurn }
        return Arc(center: center, u: Vector(rx * cs, rx * sn), v: Vector(-ry * sn, ry * cs), startAngle: start, sweep: delta)
    }
}
