#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ShapeLanguage
import ShapeOutput

// libFuzzer entry point over the whole pipeline: text → lexer → parser → interpreter (with small
// limits, so that every input finishes quickly) → both printers. Built only by scripts/fuzz
// (see scripts/fuzz, which compiles it with the sources it exercises).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    runSmall(text)
    // The same input made long and deep: repeated to about 64 KB inside up to 2,040 nested
    // blocks (the first byte says how deep), run with the command's own limits on a stack the
    // size the command gives the interpreter. Only the work budget is smaller, for speed.
    if size > 0 {
        let depth = Int(data[0]) * 8
        let copies = Swift.max(1, 65_536 / Swift.max(1, size))
        let amplified =
            String(repeating: "if 1 {\n", count: depth) + String(repeating: text + "\n", count: copies)
            + String(repeating: "}\n", count: depth)
        onLargeStack { runWithRealLimits(amplified) }
    }
    return 0
}

func runWithRealLimits(_ text: String) {
    var limits = Limits()
    limits.statementWork = 2_000_000
    run(text, limits)
}

/// Runs `body` on a thread with a 512 MiB stack, as the command runs the interpreter.
func onLargeStack(_ body: @escaping () -> Void) {
    final class Box { let body: () -> Void; init(_ b: @escaping () -> Void) { body = b } }
    let box = Unmanaged.passRetained(Box(body))
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, 512 << 20)
    var thread = pthread_t()
    let created = pthread_create(
        &thread, &attributes,
        { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box.toOpaque())
    pthread_attr_destroy(&attributes)
    if created == 0 { pthread_join(thread, nil) } else { box.takeRetainedValue().body() }
}

func runSmall(_ text: String) { run(text, .small) }

func run(_ text: String, _ limits: Limits) {
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
}
