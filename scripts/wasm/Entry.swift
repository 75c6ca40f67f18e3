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

/// `count` bytes for the glue to write a script into (freed by the next `shape_run`).
@_expose(wasm, "shape_alloc")
@_cdecl("shape_alloc")
public func shapeAlloc(_ count: Int32) -> UnsafeMutablePointer<UInt8> {
    UnsafeMutablePointer<UInt8>.allocate(capacity: Int(Swift.max(count, 1)))
}

/// The host's files for `include`: given a name, it puts the text in memory it gets from
/// `shape_alloc`, writes that address at `address`, and returns the length (-1: no such file).
@_extern(wasm, module: "host", name: "include")
func hostInclude(_ name: UnsafePointer<UInt8>, _ nameCount: Int32, _ address: UnsafeMutablePointer<Int32>) -> Int32

/// A session as the page has it: includes read from the host's files, `save` and `export` naming
/// what they would write (no files here: the page shows the picture). With flag 4 (the tests),
/// they name the file as the command line would.
func makeInterpreter(flags: Int32, precision: Int32, workLimit: Int32) -> Interpreter {
    let interpreter = Interpreter(loader: { file, from throws(HostFailure) in
        let path = Source.resolve(file, from: from)
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
    let asCommandLine = flags & 4 != 0
    interpreter.saver = { request throws(HostFailure) in
        asCommandLine
            ? Source.resolve(request.file, from: request.from)
            : "no file: " + request.file + " is the picture beside (a page writes no files)"
    }
    interpreter.exporter = { request throws(HostFailure) in
        asCommandLine
            ? Source.resolve(request.file ?? "", from: request.from)
            : "no file: " + (request.file ?? "") + " (a page writes no files; without a file name the code is printed)"
    }
    return interpreter
}

/// Runs the script of `count` bytes at `bytes`, named by the `nameCount` bytes at `name` (for
/// its diagnostics), in a new session, with the command line's options in `flags` (1: --json,
/// 2: --quiet; 4: `save` names its file as the command line would, for the tests), `precision`
/// (-1: the default) and `workLimit` (0: the default); frees the texts;
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
    let interpreter = makeInterpreter(flags: flags, precision: precision, workLimit: workLimit)
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
    if let stop = interpreter.run(source, into: RunSink(report: emit)) { show(stop.diagnostic, stop.command) }
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

// MARK: The playground's live session: the workbench page's statements and gestures

/// The session the page shows: the editor's script ran in it, then the page's statements.
nonisolated(unsafe) var live = makeInterpreter(flags: 0, precision: -1, workLimit: 0)
/// The version of the last scene answered.
nonisolated(unsafe) var sceneVersion = 0
/// The line the page's next statement is numbered from (its diagnostics say `<page>:n:c`).
nonisolated(unsafe) var pageLine = 1

/// A transcript entry as the workbench page shows it; an error's place in `script`, for the
/// editor to mark it.
func entry(origin: String, statement: String, reports: [String], error: Diagnostic?, script: Source) -> JSON {
    TranscriptEntry(
        origin: origin, statement: statement, reports: reports, error: error.map { DiagnosticRenderer.render($0) },
        place: error.flatMap { ErrorPlace($0, in: script) }
    ).json
}

/// Runs `source` in the live session a statement at a time, as the workbench runs a statement
/// from the page: each statement's reports as the text printer writes them, stopping at the
/// first error. Answers `{"ok", "entries"}` framed, then the scene in binary.
/// Without `transcript` (a drag's or a slider's frame) the entries are left out: only an error
/// that stopped the run is one.
/// `sendScript`: the source's text follows the scene, as it is (the page reads it as the rest of
/// the answer: escaping a long script into the JSON took a quarter of a drag's frame).
func runLive(
    _ source: Source, origin: String, extra: [(name: String, json: JSON)] = [], transcript: Bool = true, parsed: Program? = nil,
    sendScript: Bool = false
) -> UnsafePointer<UInt8> {
    var entries: [JSON] = []
    var ok = true
    var reports: [String] = []
    func emit(_ r: Report) {
        guard transcript else { return }
        let printer = TextPrinter(precision: live.precision, quiet: false, columns: 72, rows: 24, unicode: true)
        if let text = printer.format(r) { reports.append(text) }
    }
    let sink = RunSink(
        report: emit,
        willRun: { _ in
            reports = []
            return true
        },
        didRun: { statement, d in
            if transcript || d != nil {
                entries.append(entry(origin: origin, statement: source.text(statement.range), reports: reports, error: d, script: source))
            }
            return d == nil
        })
    // (A document is parsed once, for its numbers and its run.)
    if let stop = parsed.map({ live.run($0.statements, in: source, into: sink) }) ?? live.run(source, into: sink) {
        ok = false
        if case .parse(let failure) = stop {
            entries.append(entry(origin: origin, statement: "", reports: [], error: failure.diagnostic, script: source))
        }
    }
    // As the workbench's server answers `POST /run?scene=1`: the answer framed, then the scene
    // in binary (WorkbenchScene.binary), which the page decodes alike.
    let answer = TranscriptEntry.answer(ok: ok, entries: entries, extra: extra + (sendScript ? [("scriptFollows", .bool(true))] : []))
    // Each scene newer than the last (the page shows none older than the one it has).
    sceneVersion += 1
    var bytes =
        WorkbenchScene.framed(answer)
        + WorkbenchScene.binary(live.view(), handleIndex: live.handleIndex, version: sceneVersion, extra: WorkbenchScene.sessionFields(live))
    if sendScript { bytes += source.bytes }
    return answerBytes(bytes)
}

func answerBytes(_ text: String) -> UnsafePointer<UInt8> { answerBytes(Array(text.utf8)) }

func answerBytes(_ bytes: [UInt8]) -> UnsafePointer<UInt8> {
    outputBytes = bytes + [0]
    outputLength = Int32(outputBytes.count - 1)
    errorLength = 0
    return outputBytes.withUnsafeBufferPointer { UnsafePointer($0.baseAddress!) }
}

/// Starts the live session again with the script of `count` bytes at `bytes` (named by the
/// `nameCount` bytes at `name`), as `shape file.shape` would run it; frees the texts. Answers as
/// `runLive` does, its length `shape_output_length`.
@_expose(wasm, "shape_session")
@_cdecl("shape_session")
public func shapeSession(
    _ bytes: UnsafeMutablePointer<UInt8>, _ count: Int32, _ name: UnsafeMutablePointer<UInt8>, _ nameCount: Int32, _ workLimit: Int32
) -> UnsafePointer<UInt8> {
    let script = Array(UnsafeBufferPointer(start: bytes, count: Int(count)))
    let scriptName = String(decoding: UnsafeBufferPointer(start: name, count: Int(nameCount)), as: UTF8.self)
    bytes.deallocate()
    name.deallocate()
    return runDocument(Source(name: scriptName, bytes: script), workLimit: workLimit, sendScript: false)
}

// MARK: Live lessons: the script is the document (SPEC §14)

/// The script the live session last started from, its numbers with sliders, and the plan of the
/// drag under way.
nonisolated(unsafe) var document = Source(name: "playground.shape", text: "")
nonisolated(unsafe) var documentNumbers: [LiveNumber] = []
nonisolated(unsafe) var documentWorkLimit: Int32 = 0
nonisolated(unsafe) var dragPlan: DragPlan?
/// For a drag that rewrites only the numbers of the statement that drew its point: the session as
/// the statements before that one leave it (the same at every frame), copied at each frame to run
/// the rest on.
nonisolated(unsafe) var dragPrefix: Interpreter?

/// Starts the live session again from `source`. Answers as `runLive` does, with `numbers` (the
/// sliders: `LiveNumber.json`) and, when `sendScript` (the page's hand changed the script), the
/// new `script`.
func runDocument(_ source: Source, workLimit: Int32, sendScript: Bool) -> UnsafePointer<UInt8> {
    // A frame of the hand's (the script sent back) answers without the transcript, which the page
    // asks for once the hand rests.
    document = source
    documentWorkLimit = workLimit
    let program = source.count <= Interpreter.wholeTreeLimit ? try? Parser.parse(source) : nil
    documentNumbers = program.map { LiveNumber.find(in: $0) } ?? []
    live = makeInterpreter(flags: 0, precision: -1, workLimit: workLimit)
    pageLine = 1
    let extra: [(name: String, json: JSON)] = [("numbers", .array(documentNumbers.map { $0.json }))]
    return runLive(source, origin: "script", extra: extra, transcript: !sendScript, parsed: program, sendScript: sendScript)
}

/// Begins a drag of point `k` of element `i`: 1 when the drag can edit the script (its literals
/// or a `let`), 0 when the page should append `setpoint` instead.
@_expose(wasm, "shape_drag_start")
@_cdecl("shape_drag_start")
public func shapeDragStart(_ i: Int32, _ k: Int32) -> Int32 {
    let limit = documentWorkLimit
    dragPlan = DragPlan.make(source: document, element: Int(i), point: Int(k)) { makeInterpreter(flags: 0, precision: -1, workLimit: limit) }
    dragPrefix = nil
    if let plan = dragPlan, plan.onlyItsOwnNumbers, let program = try? Parser.parse(document) {
        let prefix = makeInterpreter(flags: 0, precision: -1, workLimit: limit)
        if prefix.run(Array(program.statements[..<plan.statement]), in: document, into: RunSink(report: { _ in })) == nil {
            // Its track points measured once: each frame's copy measures only what it appends.
            _ = prefix.view()
            dragPrefix = prefix
        }
    }
    return dragPlan == nil ? 0 : 1
}

/// The drag under way at (x, y): the script with its numbers rewritten so that the point is
/// there (to within `resolution`), run again from its start; answers as `shape_session` does,
/// with the new `script`.
@_expose(wasm, "shape_drag_to")
@_cdecl("shape_drag_to")
public func shapeDragTo(_ x: Double, _ y: Double, _ resolution: Double) -> UnsafePointer<UInt8> {
    guard let plan = dragPlan, x.isFinite, y.isFinite else { return runDocument(document, workLimit: documentWorkLimit, sendScript: true) }
    let bytes = plan.script(with: plan.values(movingTo: Point(x, y), resolution: resolution))
    let source = Source(name: document.name, bytes: bytes)
    // Only the statements from the one that drew the point on run again (on a copy of the session
    // the ones before it left); the whole script runs once the hand rests (the page's transcript).
    if let prefix = dragPrefix, let program = try? Parser.parse(source), plan.statement < program.statements.count {
        document = source
        documentNumbers = LiveNumber.find(in: program)
        live = prefix.copy()
        pageLine = 1
        let suffix = Program(statements: Array(program.statements[plan.statement...]), source: source)
        let numbers: [(name: String, json: JSON)] = [(name: "numbers", json: .array(documentNumbers.map { $0.json }))]
        return runLive(source, origin: "script", extra: numbers, transcript: false, parsed: suffix, sendScript: true)
    }
    return runDocument(source, workLimit: documentWorkLimit, sendScript: true)
}

/// Slider `index` (of the last answer's `numbers`) moved to `value`: the script with that number
/// rewritten, run again; answers as `shape_drag_to` does.
@_expose(wasm, "shape_set_number")
@_cdecl("shape_set_number")
public func shapeSetNumber(_ index: Int32, _ value: Double) -> UnsafePointer<UInt8> {
    guard index >= 0, Int(index) < documentNumbers.count, value.isFinite else {
        return runDocument(document, workLimit: documentWorkLimit, sendScript: true)
    }
    let bytes = document.bytes(writing: [(documentNumbers[Int(index)].literal, value)])
    return runDocument(Source(name: document.name, bytes: bytes), workLimit: documentWorkLimit, sendScript: true)
}

/// Runs the statements of `count` bytes at `bytes` in the live session, as the workbench runs
/// what the page sends (a gesture's statement, the command line's, `undo`); frees the text.
@_expose(wasm, "shape_statement")
@_cdecl("shape_statement")
public func shapeStatement(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int32) -> UnsafePointer<UInt8> {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
    bytes.deallocate()
    let source = Source(name: "<page>", text: text, firstLine: pageLine)
    pageLine += text.split(separator: "\n", omittingEmptySubsequences: false).count
    return runLive(source, origin: "page")
}

/// The SVG `save` would write of the live session with the layers named (comma-separated) in
/// the `count` bytes at `bytes`; frees them. Unknown names are left out.
@_expose(wasm, "shape_export_svg")
@_cdecl("shape_export_svg")
public func shapeExportSVG(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int32) -> UnsafePointer<UInt8> {
    let names = String(decoding: UnsafeBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
    bytes.deallocate()
    var request = live.view()
    request.layers = Set(names.split(separator: ",").compactMap { SaveLayer(rawValue: String($0)) })
    return answerBytes(SVGDocument.render(request))
}

// MARK: The editor's help: completion and the names `help` knows

/// The words that complete the one starting at UTF-8 offset `start` of the line of `count` bytes
/// at `bytes` (the text before the caret), as the REPL's Tab offers them, with the live session's
/// variables and procedures: one per line, each with what follows it when it is taken (`sqrt(`,
/// `curve `); frees the line.
@_expose(wasm, "shape_complete")
@_cdecl("shape_complete")
public func shapeComplete(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int32, _ start: Int32) -> UnsafePointer<UInt8> {
    let line = String(decoding: UnsafeBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
    bytes.deallocate()
    let words = Completion.offers(line: line, start: Int(start), variables: live.variableNames, procedures: live.procedureNames)
    return answerBytes(words.joined(separator: "\n"))
}

/// Every name `help` knows, with its one-line help and its `help` text (`HelpRenderer.index`).
@_expose(wasm, "shape_words")
@_cdecl("shape_words")
public func shapeWords() -> UnsafePointer<UInt8> { answerBytes(JSONLinesPrinter.compact(HelpRenderer.index())) }

/// Whether copy-on-write holds in this build, as the compiler's options leave it (see
/// scripts/build-wasm): a copy of a local array changed without the original changing, a copy
/// sorted in place (`stablySort`, as the standard library's `sorted()` sorts its copy: the
/// library's sort is not otherwise in the module) and `stablySorted(by:)` leaving the array
/// they sort as it was, and a copy of a `Diagnostic` (its fields held by reference, copied by
/// `isKnownUniquelyReferenced`) changed alone. 0 when all hold, else a bit for each that does
/// not; scripts/wasm/golden.mjs requires 0.
@_expose(wasm, "shape_selftest")
@_cdecl("shape_selftest")
public func shapeSelfTest() -> Int32 {
    var failures: Int32 = 0
    let list = selfTestList()
    var copy = list
    copy[0] = 100
    if list[0] == 100 { failures |= 1 }
    var sorted = list
    sorted.stablySort(by: <)
    if list != selfTestList() { failures |= 2 }
    let stable = list.stablySorted(by: <)
    if list != selfTestList() { failures |= 4 }
    if sorted != stable || sorted != Array(0..<9) { failures |= 8 }
    _ = copy
    let source = Source(name: "selftest", text: "line 1 1")
    let error = Diagnostic(.unterminatedString, at: SourceRange(0, 4), in: source)
    var changed = error
    changed.suggestion = "changed"
    changed.range = SourceRange(1, 2)
    if error.suggestion != nil || error.range != SourceRange(0, 4) || changed.suggestion != "changed" { failures |= 16 }
    return failures
}

/// 0 to 8 out of order, made where the optimizer cannot see it (so that it is not folded away).
@inline(never) func selfTestList() -> [Int] { (0..<9).map { ($0 * 4) % 9 } }
