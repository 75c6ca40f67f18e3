import ShapeGeometry
import ShapeLanguage
import ShapeOutput

/// The workbench's document (SPEC §14): the file `shape view file.shape` ran. Every top-level
/// `let` of a number and every query's literal `t` has a slider on the page; moving it runs the
/// file again with the new number, as `-D` would, then the statements run since (the prompt's
/// and the pages'). The file itself is written only with `--edit`, which also lets a drag of a
/// point rewrite the file's numbers that place it (`DragPlan`). One gesture is one change; the
/// page's undo takes back its last change while nothing else ran since.
extension Workbench {
    struct Document {
        /// The file's name and its text as the page last made it.
        var source: Source
        /// `--edit`: the page's changes are written to the file (atomically).
        var editable: Bool
        var numbers: [LiveNumber] = []
        /// The texts before each of the page's changes, newest last (for undo), and the gesture
        /// that made the last change.
        var history: [Source] = []
        var gesture: (page: String, id: Int)?
        /// How many statements had run since the document at its last change (undo takes it back
        /// only while no statement ran after it).
        var changedAt = 0

        init(source: Source, editable: Bool) {
            self.source = source
            self.editable = editable
            numbers = (try? Parser.parse(source)).map { LiveNumber.find(in: $0) } ?? []
        }
    }

    /// The scene's `document` field: `{"name", "editable", "undo", "numbers"}`.
    var documentFields: [(name: String, json: JSON)] {
        guard let d = document else { return [] }
        return [
            (
                "document",
                .object([
                    ("name", .string(d.source.name)), ("editable", .bool(d.editable)),
                    ("undo", .bool(!d.history.isEmpty && since.count == d.changedAt)), ("numbers", .array(d.numbers.map { $0.json })),
                ])
            )
        ]
    }

    /// A change the page asks for (`POST /document`): `{"op": "number", "index", "value"}`,
    /// `{"op": "dragStart", "i", "k"}` (answers `plan`: whether the drag rewrites the file),
    /// `{"op": "dragTo", "x", "y", "resolution"}`, `{"op": "undo"}`; each may name its `gesture`.
    /// Answers `{"ok", "entries"}` (and `plan`, `error`).
    func documentJob(_ request: JSON, client: String?) -> String {
        let gesture = request["gesture"]?.int.map { (client ?? "", $0) }
        func refused(_ why: String) -> String {
            TranscriptEntry.answer(ok: false, entries: [], extra: [("error", .string(why))])
        }
        guard var d = document else { return refused("the workbench has no document: run shape view with one file") }
        switch request["op"]?.string ?? "" {
        case "number":
            guard let index = request["index"]?.int, d.numbers.indices.contains(index), let value = request["value"]?.number, value.isFinite else {
                return refused("no such number")
            }
            return change(to: d.source.bytes(writing: [(d.numbers[index].literal, value)]), gesture: gesture, client: client)
        case "dragStart":
            guard let i = request["i"]?.int, let k = request["k"]?.int else { return refused("a drag names its point: i and k") }
            let session = self.session
            dragPlan =
                d.editable
                ? DragPlan.make(source: d.source, element: i, point: k) {
                    Session.makeInterpreter(options: session.options, confined: session.confined)
                } : nil
            return TranscriptEntry.answer(ok: true, entries: [], extra: [("plan", .bool(dragPlan != nil))])
        case "dragTo":
            guard let plan = dragPlan, let x = request["x"]?.number, let y = request["y"]?.number, x.isFinite, y.isFinite else {
                return refused("no drag of the document is under way")
            }
            let resolution = request["resolution"]?.number ?? 0
            return change(to: plan.script(with: plan.values(movingTo: Point(x, y), resolution: resolution)), gesture: gesture, client: client)
        case "undo":
            guard let before = d.history.popLast(), since.count == d.changedAt else { return refused("nothing of the page's to undo") }
            d.gesture = nil
            document = d
            return change(to: before.bytes, gesture: nil, client: client, keepHistory: false)
        default:
            return refused("unknown op")
        }
    }

    /// The document becomes `bytes` (written to the file with `--edit`) and runs again, with the
    /// statements since after it; the page's transcript gets one entry: the first line changed.
    func change(to bytes: [UInt8], gesture: (page: String, id: Int)?, client: String?, keepHistory: Bool = true) -> String {
        guard var d = document else { return TranscriptEntry.answer(ok: false, entries: []) }
        let old = d.source
        var new = Source(name: old.name, bytes: bytes)
        var problem: String?
        // A file changed on disk since (by an editor, say) is not written over: the page's change
        // is dropped, and the file as it is now is the document.
        if d.editable, let disk = try? FileSystem.readBytes(old.name), disk != old.bytes {
            new = Source(name: old.name, bytes: disk)
            problem = "\(old.name) changed on disk: the page's change was not written, and the file as it is now ran"
        }
        let bytes = new.bytes
        let begins = gesture == nil || d.gesture.map({ $0.page != gesture!.page || $0.id != gesture!.id }) ?? true
        if keepHistory, begins {
            d.history.append(old)
            if d.history.count > 200 { d.history.removeFirst() }
        }
        d.gesture = keepHistory ? gesture : nil
        // Undo never goes back past a change made outside the page.
        if problem != nil {
            d.history = []
            dragPlan = nil  // its frames would write the text it was made from
        }
        d.source = new
        d.numbers = (try? Parser.parse(new)).map { LiveNumber.find(in: $0) } ?? []
        d.changedAt = since.count
        document = d
        if d.editable, problem == nil {
            do { try FileSystem.writeAtomically(bytes: bytes, to: old.name) } catch { problem = "\(old.name) was not written: \(error)" }
        }
        // The file's run, then the statements since, each as it ran (one that fails now is left out).
        session.restart()
        let quiet = RunSink(report: { _ in })
        var failure: String?
        if let stop = session.interpreter.run(new, into: quiet) { failure = DiagnosticRenderer.render(stop.diagnostic) }
        for statement in since { _ = session.interpreter.run(statement, into: quiet) }
        // The first line that changed, as the transcript's statement.
        let newLines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let oldLines = String(decoding: old.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let changed = Array(zip(newLines, oldLines)).firstIndex { $0 != $1 } ?? Swift.min(newLines.count, oldLines.count)
        let line = changed < newLines.count ? String(newLines[changed]) : ""
        let report =
            "\(old.name) ran again" + (d.editable ? " (written)" : "")
            + (since.isEmpty ? "" : ", then the \(since.count == 1 ? "statement" : "\(since.count) statements") since")
        // At the prompt, once a gesture: what the page is changing (its frames are not echoed).
        if begins || !keepHistory {
            let what = keepHistory ? line : "undo"
            let whose = d.editable ? "the file" : "the run, not the file"
            display { self.session.terminal.out("page> \(what)   (\(report); the page changes \(whose))") }
        }
        let entry = TranscriptEntry(origin: "page", statement: line, reports: [report], error: problem ?? failure).json
        publish(entries: [JSONLinesPrinter.compact(entry)], client: client)
        return TranscriptEntry.answer(ok: problem == nil && failure == nil, entries: [entry])
    }
}
