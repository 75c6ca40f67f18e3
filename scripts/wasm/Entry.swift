// The interpreter's entry points for WebAssembly (the playground): a script in, its standard
// output and standard error out, as the command-line tool prints them for `shape file.shape`.
// Built by scripts/build-wasm with the core's sources (one module); the page's glue writes the
// script into memory it gets from `shape_alloc`, calls `shape_run`, and reads the text back.
import ShapeGeometry
import ShapeLanguage
import ShapeOutput

/// The last run's output: standard output, then standard error, as UTF-8.
nonisolated(unsafe) var outputBytes: [UInt8] = []
nonisolated(unsafe) var outputLength: Int32 = 0
nonisolated(unsafe) var errorLength: Int32 = 0
nonisolated(unsafe) var exitStatus: Int32 = 0
/// The last run's session, for `shape_svg`.
nonisolated(unsafe) var lastSession: Interpreter?

/// `count` bytes for the glue to write a script into (freed by the next `shape_run`).
@_expose(wasm, "shape_alloc")
@_cdecl("shape_alloc")
public func shapeAlloc(_ count: Int32) -> UnsafeMutablePointer<UInt8> {
    UnsafeMutablePointer<UInt8>.allocate(capacity: Int(Swift.max(count, 1)))
}

/// `file` relative to the folder of `from` (the source that names it), as the command line
/// resolves includes and the files `save` writes.
func resolved(_ file: String, _ from: String) -> String {
    let slash = from.utf8.lastIndex(of: 47)
    let directory = slash.map { String(from.utf8[..<$0])! } ?? ""
    return file.hasPrefix("/") || directory.isEmpty ? file : directory + "/" + file
}

/// The host's files for `include`: given a name, it puts the text in memory it gets from
/// `shape_alloc`, writes that address at `address`, and returns the length (-1: no such file).
@_extern(wasm, module: "host", name: "include")
func hostInclude(_ name: UnsafePointer<UInt8>, _ nameCount: Int32, _ address: UnsafeMutablePointer<Int32>) -> Int32

/// Runs the script of `count` bytes at `bytes`, named by the `nameCount` bytes at `name` (for
/// its diagnostics), in a new session, with the command line's options in `flags` (1: --json,
/// 2: --quiet; 4: `save` names its file as the command line would, for the tests), `precision` (-1: the default) and `workLimit` (0: the default); frees the texts;
/// returns where its output is (`shape_output_length` bytes of standard output, then
/// `shape_error_length` of standard error).
@_expose(wasm, "shape_run")
@_cdecl("shape_run")
public func shapeRun(
    _ bytes: UnsafeMutablePointer<UInt8>, _ count: Int32, _ name: UnsafeMutablePointer<UInt8>, _ nameCount: Int32,
    _ flags: Int32, _ precision: Int32, _ workLimit: Int32
) -> UnsafePointer<UInt8> {
    let script = Array(UnsafeBufferPointer(start: bytes, count: Int(count)))
    let scriptName = String(decoding: UnsafeBufferPointer(start: name, count: Int(nameCount)), as: UTF8.self)
    bytes.deallocate()
    name.deallocate()
    let json = flags & 1 != 0, quiet = flags & 2 != 0
    var out: [UInt8] = [], err: [UInt8] = []
    let interpreter = Interpreter(loader: { file, from throws(HostFailure) in
        let path = resolved(file, from)
        let bytes = Array(path.utf8)
        var address: Int32 = 0
        let length = bytes.withUnsafeBufferPointer { hostInclude($0.baseAddress!, Int32($0.count), &address) }
        guard length >= 0, let start = UnsafeMutablePointer<UInt8>(bitPattern: Int(address)) else {
            throw HostFailure("No such file or directory")
        }
        let text = String(decoding: UnsafeBufferPointer(start: start, count: Int(length)), as: UTF8.self)
        start.deallocate()
        return (path, text)
    })
    if precision >= 0 { interpreter.precision = Int(precision) }
    if workLimit > 0 { interpreter.limits.statementWork = Int(workLimit) }
    // No files here: `save` and `export ... "file"` name what they would write, and the page
    // shows the picture.
    // With flag 4 (the tests), they name the file as the command line would.
    let asCommandLine = flags & 4 != 0
    interpreter.saver = { request throws(HostFailure) in
        asCommandLine ? resolved(request.file, request.from) : request.file + " (in the page: the picture beside)"
    }
    interpreter.exporter = { request throws(HostFailure) in
        asCommandLine ? resolved(request.file ?? "", request.from) : (request.file ?? "") + " (in the page: not written)"
    }
    lastSession = interpreter
    let jsonPrinter = JSONLinesPrinter()
    func emit(_ r: Report) {
        if quiet && !r.isRequested { return }
        if json {
            if let line = jsonPrinter.format(r) { out += Array(line.utf8) + [10] }
            return
        }
        // At the precision in force (`precision n` changes it between reports).
        let printer = TextPrinter(precision: interpreter.precision, quiet: quiet, columns: 72, rows: 24, unicode: true)
        if let text = printer.format(r) { out += Array(text.utf8) + [10] }
    }
    func show(_ d: Diagnostic, _ command: String) {
        if json { out += Array(jsonPrinter.format(d, command: command).utf8) + [10] }
        err += Array(DiagnosticRenderer.render(d).utf8) + [10]
        exitStatus = 1
    }
    let source = Source(name: scriptName, bytes: script)
    exitStatus = 0
    do {
        let program = try Parser.parse(source)
        for statement in program.statements {
            if let d = interpreter.run(statement, in: source, emit: emit) {
                show(d, statement.commandName)
                break
            }
        }
    } catch {
        show(error.diagnostic, "parse")
    }
    outputBytes = out + err + [0]  // never empty: its address is always there
    outputLength = Int32(out.count)
    errorLength = Int32(err.count)
    return outputBytes.withUnsafeBufferPointer { UnsafePointer($0.baseAddress!) }
}

@_expose(wasm, "shape_output_length")
@_cdecl("shape_output_length")
public func shapeOutputLength() -> Int32 { outputLength }

@_expose(wasm, "shape_error_length")
@_cdecl("shape_error_length")
public func shapeErrorLength() -> Int32 { errorLength }

@_expose(wasm, "shape_status")
@_cdecl("shape_status")
public func shapeStatus() -> Int32 { exitStatus }

/// The picture of the last run's session (the path with its figure, labels and controls), as
/// `save "x.svg" controls labels figure` writes it; its length is `shape_output_length`.
@_expose(wasm, "shape_svg")
@_cdecl("shape_svg")
public func shapeSVG() -> UnsafePointer<UInt8> {
    var request = lastSession?.view() ?? SaveRequest(
        file: "", from: "", path: Path(), layers: [], trackPoints: [], handle: nil, nearest: nil, casteljau: nil, figure: nil)
    request.layers = [.controls, .labels, .figure, .casteljau]
    outputBytes = request.path.isEmpty ? [0] : Array(SVGDocument.render(request).utf8) + [0]
    outputLength = Int32(outputBytes.count - 1)
    errorLength = 0
    return outputBytes.withUnsafeBufferPointer { UnsafePointer($0.baseAddress!) }
}
