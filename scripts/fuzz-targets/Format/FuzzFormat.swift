#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeLanguage
import ShapeOutput

// libFuzzer entry point for `shape fmt` as a translation: any input the formatter accepts must
// come out formatted so that formatting it again changes nothing, and so that it does what the
// input does (the same reports, the same error on the same line) when both run with small
// limits. A difference stops the run with both texts, as a crash does. Built only by
// `scripts/fuzz format` (see scripts/fuzz), with the sources it exercises.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormat(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let formatted = Formatter.format(bytes: input) else { return 0 }
    if Formatter.format(bytes: formatted) != formatted {
        fail("formatting twice changes it", input, formatted)
    }
    // A wander given no seed draws one at random: what follows it differs from run to run.
    let text = String(decoding: input, as: UTF8.self)
    if text.contains("wander") && !text.contains("seed") { return 0 }
    let before = outcome(input), after = outcome(formatted)
    if before != after {
        fail("the formatted script does otherwise:\n\(before.joined(separator: "\n"))\n--- then\n\(after.joined(separator: "\n"))", input, formatted)
    }
    return 0
}

/// What a script does with small limits: its reports as the text printer writes them, then its
/// error's kind and line.
func outcome(_ bytes: [UInt8]) -> [String] {
    let interpreter = Interpreter(limits: .small, loader: { name, _ in (name, "rect 0 0 1 1") })
    let printer = TextPrinter()
    var lines: [String] = []
    do {
        let program = try Parser.parse(Source(name: "fuzz", bytes: bytes))
        if let d = interpreter.run(program, emit: { r in if let line = printer.format(r) { lines.append(line) } }) {
            lines.append("error \(d.message.id) at line \(d.source.line(of: d.range.start))")
        }
    } catch {
        let d = error.diagnostic
        lines.append("syntax error \(d.message.id) at line \(d.source.line(of: d.range.start))")
    }
    return lines
}

func fail(_ what: String, _ input: [UInt8], _ formatted: [UInt8]) -> Never {
    let text =
        "fmt: \(what)\n--- the input\n\(String(decoding: input, as: UTF8.self))\n--- formatted\n\(String(decoding: formatted, as: UTF8.self))\n"
    fputs(text, stderr)
    abort()
}
