import Foundation
import ShapeGeometry
import Testing

/// No conversion to an integer can stop the process. `Int(x)` of a `Double` traps on a NaN, an
/// infinity or a value past `Int`'s range (±2³¹ in WebAssembly), and a narrowing conversion of an
/// integer traps past the narrower type's range: in the project's sources a `Double` becomes an
/// integer only through `Int(saturating:)` or `Int(exactly:)`, and an integer changes type
/// through a labelled form (`exactly:`, `clamping:`, `truncatingIfNeeded:`) or, where it cannot
/// trap, a plain one reviewed here with its reason. A new plain conversion fails this test: write
/// it in a checked form, or add it to `reviewed` with why it cannot trap.
@Suite struct IntegerConversionLintTests {
    /// The plain conversions that cannot trap: (file under Sources, the call's text, how many times
    /// it occurs there).
    static let reviewed: [(file: String, call: String, count: Int)] = [
        // reads a number from text, or a corpus index as a seed (the benchmarks)
        ("ShapeBenchmarks/Booleans.swift", "Int(fields[1])", 1),
        ("ShapeBenchmarks/Booleans.swift", "UInt64(c.index)", 2),
        ("ShapeBenchmarks/Booleans.swift", "UInt64(count)", 1),
        // reads a number from text, or a corpus index as a seed (the benchmarks)
        ("ShapeBenchmarks/Strokes.swift", "Int(arguments[k + 1])", 1),
        ("ShapeBenchmarks/Strokes.swift", "Int(fields[1])", 1),
        ("ShapeBenchmarks/Strokes.swift", "Int(fields[2])", 1),
        ("ShapeBenchmarks/Strokes.swift", "UInt64(c.index)", 2),
        // reads a number from text (nil when it is not one)
        ("ShapeCLI/LanguageServer.swift", "Int(parts[1].trimmingSpaces)", 1),
        // readline's cursor and word start (Int32) widened
        ("ShapeCLI/LineReader.swift", "Int(rl_point)", 1),
        ("ShapeCLI/LineReader.swift", "Int(start)", 3),
        // reads a number from text (nil when it is not one)
        ("ShapeCLI/ShapeCommand.swift", "Int(arguments[i + 1])", 1),
        ("ShapeCLI/ShapeCommand.swift", "Int(arguments[i])", 2),
        ("ShapeCLI/ShapeCommand.swift", "Int(rest[1])", 1),
        // a file size (off_t, Int64) as Int on a 64-bit machine; a count as UInt64
        ("ShapeCLI/Terminal.swift", "Int(info.st_size)", 3),
        ("ShapeCLI/Terminal.swift", "UInt64(bytes.count)", 1),
        ("ShapeCLI/Terminal.swift", "UInt64(limit.rlim_cur)", 1),
        // reads a number from text; an inotify length (UInt32) widened
        ("ShapeCLI/Watch.swift", "Int($0.load(fromByteOffset: k + 12, as: UInt32.self))", 1),
        ("ShapeCLI/Watch.swift", "Int(arguments[i])", 2),
        // reads a number from text of at most 9 digits
        ("ShapeCLI/Workbench/HTTP.swift", "Int(text)", 1),
        // a port checked to be below 65,536 where it is read; a UInt16 widened
        ("ShapeCLI/Workbench/WorkbenchServer.swift", "Int(UInt16(bigEndian: bound.sin_port))", 1),
        ("ShapeCLI/Workbench/WorkbenchServer.swift", "UInt16(port)", 1),
        // reads a number from text (nil when it is not one): GET /complete's start
        ("ShapeCLI/Workbench/WorkbenchServer.swift", "Int(request.query[\"start\"] ?? \"\")", 1),
        // a small remainder or shift of a random UInt64
        ("ShapeCorpus/FuzzPaths.swift", "Int(knob >> 6)", 1),
        // a small remainder or shift of a random UInt64
        ("ShapeCorpus/NearDegenerateCorpus.swift", "Int(r.next() % 3)", 1),
        ("ShapeCorpus/NearDegenerateCorpus.swift", "Int(r.next() % 5)", 1),
        // indices of a grid of at most 1024 × 1024 cells and counts held as Int32, widened or narrowed within range; Int widened to Int64
        ("ShapeGeometry/SpatialGrids.swift", "Int(counts[columns * rows])", 1),
        ("ShapeGeometry/SpatialGrids.swift", "Int(fill[r * columns + c])", 1),
        ("ShapeGeometry/SpatialGrids.swift", "Int(first.column)", 1),
        ("ShapeGeometry/SpatialGrids.swift", "Int(first.row)", 1),
        ("ShapeGeometry/SpatialGrids.swift", "Int(k)", 3),
        ("ShapeGeometry/SpatialGrids.swift", "Int(starts[r * columns + c + 1])", 1),
        ("ShapeGeometry/SpatialGrids.swift", "Int(starts[r * columns + c])", 1),
        ("ShapeGeometry/SpatialGrids.swift", "Int32($0.0)", 1),
        ("ShapeGeometry/SpatialGrids.swift", "Int32($0.2)", 1),
        ("ShapeGeometry/SpatialGrids.swift", "Int32(k)", 1),
        // a grid cell's index: a double below 1e18 in size and not a NaN, or ±1e18 itself
        ("ShapeGeometry/SpatialGrids.swift", "Int64(q)", 1),
        ("ShapeGeometry/SpatialGrids.swift", "Int64(limit)", 2),
        // a comparison's 0 or 1 (this form compiles without branches; typed literals did not)
        ("ShapeGeometry/SpatialGrids.swift", "UInt8(b.minX <= box.maxX + margin ? 1 : 0)", 1),
        ("ShapeGeometry/SpatialGrids.swift", "UInt8(b.minY <= box.maxY + margin ? 1 : 0)", 1),
        ("ShapeGeometry/SpatialGrids.swift", "UInt8(box.minX <= b.maxX + margin ? 1 : 0)", 1),
        ("ShapeGeometry/SpatialGrids.swift", "UInt8(box.minY <= b.maxY + margin ? 1 : 0)", 1),
        ("ShapeGeometry/BooleanBuilder+Groups.swift", "Int64(Swift.max($0.from, $0.to))", 1),
        ("ShapeGeometry/BooleanBuilder+Groups.swift", "Int64(Swift.min($0.from, $0.to))", 1),
        // a remainder by a small count; a count as UInt64
        ("ShapeGeometry/Constructions/Wander.swift", "Int(random.next() % UInt64(radii.count))", 1),
        ("ShapeGeometry/Constructions/Wander.swift", "Int(random.next() % UInt64(turns.count))", 1),
        ("ShapeGeometry/Constructions/Wander.swift", "UInt64(radii.count)", 1),
        ("ShapeGeometry/Constructions/Wander.swift", "UInt64(turns.count)", 1),
        // a segment index held as Int32 (the element limit is 5 million)
        ("ShapeGeometry/Containment.swift", "Int(piece.segment)", 1),
        ("ShapeGeometry/Containment.swift", "Int32(m.segment)", 1),
        // a digit widened; 10^k for |k| ≤ 19, checked where it is used, below 2⁶⁴
        ("ShapeLanguage/DecimalParser.swift", "Int(bytes[j] &- 0x30)", 1),
        ("ShapeLanguage/DecimalParser.swift", "Int(bytes[k] - 0x30)", 1),
        ("ShapeLanguage/DecimalParser.swift", "UInt64(64 - 8 * count)", 1),
        ("ShapeLanguage/DecimalParser.swift", "UInt64(d)", 2),
        ("ShapeLanguage/DecimalParser.swift", "UInt64(tenTo(-exponent))", 1),
        ("ShapeLanguage/DecimalParser.swift", "UInt64(tenTo(exponent))", 1),
        // Int32.max widened
        ("ShapeLanguage/Formatter.swift", "Int(Int32.max)", 1),
        // a digit widened or narrowed
        ("ShapeLanguage/NumberFormat.swift", "Int(b - 48)", 1),
        ("ShapeLanguage/NumberFormat.swift", "UInt8(n % 10)", 1),
        // a byte widened
        ("ShapeLanguage/Source.swift", "UInt64(byte)", 1),
        // text of the exported Swift, not a conversion here
        ("ShapeLanguage/SwiftTranslation.swift", "Int(\\(try number(count, \"repeat\")) as CGFloat)", 1),
        // a byte widened; a scalar checked to be below 256
        ("ShapeOutput/PDFDocument.swift", "Int(b)", 1),
        ("ShapeOutput/PDFDocument.swift", "UInt8(u.value)", 2),
        // a scene's length, far below 4 GiB by the work budget
        ("ShapeOutput/WorkbenchScene.swift", "UInt32(bytes.count - 4)", 1),
    ]

    /// Every plain integer conversion in `text`: the calls `Int(…)`, `UInt8(…)`, … whose argument
    /// is not labelled, not a whole-number literal, not a C constant and not text read with a
    /// radix. Comments are left out.
    static func plainConversions(in text: String) -> [String] {
        var found: [String] = []
        let labelled = /^\s*(exactly|truncatingIfNeeded|clamping|bitPattern|saturating|ascii|littleEndian|bigEndian)\s*:/
        let constant = /^[A-Z_][A-Z0-9_]*(\.rawValue)?(\s*\|\s*[A-Z_][A-Z0-9_]*)*$/
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = Substring(line.components(separatedBy: "//")[0])
            for call in code.ranges(of: /U?Int(?:8|16|32|64)?\(/) {
                // Not part of a longer name (`UInt8(` holds `Int8(`) and not a member (`.Int(`).
                if call.lowerBound > code.startIndex {
                    let before = code[code.index(before: call.lowerBound)]
                    if before.isLetter || before.isNumber || before == "_" || before == "." { continue }
                }
                var depth = 1, j = call.upperBound
                while j < code.endIndex, depth > 0 {
                    if code[j] == "(" { depth += 1 } else if code[j] == ")" { depth -= 1 }
                    j = code.index(after: j)
                }
                guard depth == 0 else { continue }
                let argument = code[call.upperBound..<code.index(before: j)]
                let trimmed = argument.trimmingCharacters(in: CharacterSet.whitespaces)
                if trimmed.isEmpty || argument.firstMatch(of: labelled) != nil || trimmed.wholeMatch(of: /-?\d+/) != nil
                    || trimmed.wholeMatch(of: constant) != nil || argument.contains(/,\s*radix\s*:/)
                {
                    continue
                }
                found.append(String(code[call.lowerBound..<j]))
            }
        }
        return found
    }

    @Test func everyPlainIntegerConversionIsReviewed() throws {
        let files = try swiftSources(under: "") { $0.hasSuffix("Saturating.swift") }
        #expect(files.count > 100)
        var counts: [String: Int] = [:]
        for (file, text) in files {
            for call in Self.plainConversions(in: text) { counts[file + " " + call, default: 0] += 1 }
        }
        var expected: [String: Int] = [:]
        for r in Self.reviewed { expected[r.file + " " + r.call, default: 0] += r.count }
        let new = counts.filter { (expected[$0.key] ?? 0) < $0.value }.keys.sorted()
        #expect(new.isEmpty, "plain integer conversions that could trap: use Int(saturating:) or Int(exactly:), or review them here: \(new)")
        let gone = expected.filter { (counts[$0.key] ?? 0) < $0.value }.keys.sorted()
        #expect(gone.isEmpty, "reviewed conversions no longer in the sources (take them out of the list): \(gone)")
    }

    @Test func theLintFindsWhatItLooksFor() {
        let sample = """
            let a = Int(x / 2)  // Int(not this)
            let b = Int(saturating: x), c = Int(exactly: y), d = UInt8(ascii: "a"), e = Int16(POLLIN)
            let f = UInt64((p + q).rounded()), g = Int("12", radix: 16), h = Int(0)
            """
        #expect(Self.plainConversions(in: sample) == ["Int(x / 2)", "UInt64((p + q).rounded())"])
    }

    @Test func saturatingConversionsNeverTrap() {
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: .infinity) == .max && Int(saturating: -.infinity) == .min)
        #expect(Int(saturating: 1e300) == .max && Int(saturating: -1e300) == .min)
        #expect(Int(saturating: 9_223_372_036_854_775_807.0) == .max)  // 2⁶³, one past Int.max
        #expect(Int(saturating: -9_223_372_036_854_775_808.0) == .min)  // -2⁶³ is Int.min exactly
        #expect(Int(saturating: 9_223_372_036_854_774_784.0) == 9_223_372_036_854_774_784)  // the double below 2⁶³
        #expect(Int(saturating: -2.7) == -2 && Int(saturating: 2.7) == 2)
        #expect(Int32(saturating: 3e9) == .max && Int32(saturating: -3e9) == .min && Int32(saturating: 2_147_483_647) == .max)
        #expect(Int64(saturating: 1e18) == 1_000_000_000_000_000_000)
        #expect(UInt64(saturating: -1) == 0 && UInt64(saturating: 1e20) == .max && UInt8(saturating: 255.9) == 255)
    }
}
