import ShapeLanguage
import ShapeOutput

// libFuzzer entry point over the whole pipeline: text → lexer → parser → interpreter (with small
// limits, so that every input finishes quickly) → both printers. Built only by scripts/fuzz
// (see scripts/fuzz, which compiles it with the sources it exercises).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var limits = Limits()
    limits.loopIterations = 300
    limits.trackPoints = 2_000
    limits.pathElements = 2_000
    limits.callDepth = 40
    limits.nesting = 300
    limits.statementWork = 30_000
    let interpreter = Interpreter(limits: limits, loader: { name, _ in (name, "rect 0 0 1 1\ninclude \"\(name)\"") })
    let text2 = TextPrinter(), json = JSONLinesPrinter()
    do {
        let program = try Parser.parse(Source(name: "fuzz", text: text))
        if let d = interpreter.run(
            program,
            emit: { r in
                _ = text2.format(r); _ = json.format(r)
            })
        {
            _ = DiagnosticRenderer.render(d)
            _ = json.format(d, command: "x")
        }
    } catch {
        _ = DiagnosticRenderer.render(error.diagnostic)
    }
    return 0
}
