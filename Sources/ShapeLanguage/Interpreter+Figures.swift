import ShapeGeometry

/// The session's figures (`SessionState.figures`): what the queries drew, each with the query
/// that drew it. A command's handler only sets `drawn`; `fileFigure` gives it its query and puts
/// it in its layer, so that a query with a figure touches nothing here.
extension Interpreter {
    /// The figures of one layer, oldest first.
    func figures(in layer: Figure.Layer) -> [Figure] { state.figures.filter { $0.layer == layer } }

    /// What the workbench's page needs of the session besides its drawing (issue 48: the page
    /// reads the state, not the statements' text): the last `sticky` badge, the last `wander`'s
    /// duration, and the last teaching query that takes a t with positional numbers only
    /// (`casteljau 1 0.4`), for its t slider.
    public var sticky: StickyTouch? { state.sticky }
    public var wanderSeconds: Double? { state.wanderSeconds }
    public var lastTQuery: Figure.Query? {
        state.figures.reversed().compactMap { $0.query }.first { q in
            LiveNumber.takesT(q.command) == 1 && q.keywords.isEmpty && q.words.isEmpty && q.numbers.count >= 2
        }
    }

    /// The figures of `layer` as a picture shows them (`Figure.merged`), nil for none.
    func shownFigure(_ layer: Figure.Layer) -> Figure? { Figure.merged(figures(in: layer).filter { !$0.isPlaceholder }) }

    /// Files what the command of `inv` drew (`drawn`), after it ran:
    /// - a figure replaces the figures of its layer; with `figure keep`, one of the figure layer
    ///   joins the ones before instead (the same figure twice is kept once);
    /// - a teaching query that drew nothing in the figure layer empties it, leaving a placeholder
    ///   that says why (`save ... figure` reports it), unless figures are kept.
    func fileFigure(_ inv: Invocation, teaching: Bool) throws(Diagnostic) {
        var query = Figure.Query(
            command: inv.name, numbers: inv.numbers, keywords: inv.keywords, words: inv.words, range: inv.range,
            arguments: inv.arguments)
        query.file = includeStack.first ?? source.name
        var figures = state.figures
        var layers: [Figure.Layer] = []
        if var figure = drawn {
            figure.query = query
            drawn = nil
            layers.append(figure.layer)
            if state.figureKeep && figure.layer == .figure {
                figures.removeAll { $0.layer == .figure && $0.isPlaceholder }
                let last = figures.last { $0.layer == .figure }
                if last?.title != figure.title || last?.marks != figure.marks {
                    guard figures.lazy.filter({ $0.layer == .figure }).count < limits.keptFigures else {
                        throw error(.tooManyFigures(limits.keptFigures), inv.range)
                    }
                    figures.append(figure)
                }
            } else {
                figures.removeAll { $0.layer == figure.layer }
                figures.append(figure)
            }
        }
        if teaching, !state.figureKeep, !layers.contains(.figure) {
            figures.removeAll { $0.layer == .figure }
            figures.append(Figure(title: "", marks: [], query: query))
            layers.append(.figure)
        }
        for layer in layers where !current.drewLayers.contains(layer) { current.drewLayers.append(layer) }
        if figures != state.figures { state.figures = figures }
    }

    /// Why the figure layer is empty after the teaching query `command`.
    func placeholderReason(_ command: String) -> String {
        if let layer = Figure.Layer.allCases.first(where: { $0 != .figure && $0.rawValue == command }) {
            return "'\(command)' draws its construction as the \(layer.rawValue) layer"
        }
        return "'\(command)' draws none"
    }

    /// The figure `figure`'s query draws on the path as it is now, at the same element and
    /// parameters: the query runs again with its reports caught and the session left as it was.
    /// Where it no longer applies (its element is gone, or became a line), the figure keeps its
    /// title, has no marks, and says why in `stale`.
    func recompute(_ figure: Figure) -> Figure {
        guard let q = figure.query, let row = commandRow(q.command), row.spec.isQuery, let run = row.spec.run else { return figure }
        let inv = Invocation(
            name: q.command, numbers: q.numbers, ranges: Array(repeating: q.range, count: q.numbers.count + 1), keywords: q.keywords,
            range: q.range, arguments: q.arguments)
        inv.words = q.words
        // The query runs on the session as it is and leaves it so (a query changes nothing; this
        // holds whatever its handler does).
        let saved = snapshot, statement = current, pathBefore = path, cache = trackCache
        let undoBefore = undoStack, undoElementsBefore = undoElements
        var spent = 0
        defer {
            snapshot = saved
            if path.elements != pathBefore.elements { restorePath(.replace(pathBefore)) }
            trackCache = cache
            undoStack = undoBefore
            undoElements = undoElementsBefore
            current = statement
            // Its work is the statement's: a thousand kept figures made again cost what they do.
            current.work += spent
            drawn = nil
        }
        current = StatementState()
        current.work = statement.work
        current.capturing = 1
        // The figures before this one (a chart goes under the charts they hold).
        if let k = state.figures.firstIndex(of: figure) { state.figures = Array(state.figures[..<k]) }
        drawn = nil
        var made: Figure
        do {
            try charge((row.spec.cost.units(elements: path.elements.count)) + WorkCost.commandOverhead, q.range)
            try run(self, inv)
            made = drawn ?? Figure(title: figure.title, marks: [], layer: figure.layer)
            if drawn == nil { made.stale = "it draws nothing on the path as it is now" }
        } catch {
            made = Figure(title: figure.title, marks: [], layer: figure.layer)
            made.stale = error.message.text
        }
        // What it spent, up to what the statement had left: once the budget is spent, the
        // figures after it are empty and say so, at no further cost.
        spent = Swift.max(0, Swift.min(current.work, limits.statementWork) - statement.work)
        made.query = q
        made.layer = figure.layer
        return made
    }

    /// Makes every figure of the session again on the path as it is now (`recompute`), after a
    /// change of the path that the host made outside a statement (a drag's frames). Not an undo
    /// step.
    public func refreshFigures() {
        guard !state.figures.isEmpty else { return }
        var made: [Figure] = []
        for figure in state.figures { made.append(figure.isPlaceholder ? figure : recompute(figure)) }
        if made != state.figures { state.figures = made }
    }
}

extension Figure.Layer {
    /// The `save` layer word that draws it.
    public var saveLayer: SaveLayer {
        switch self {
        case .figure: .figure
        case .casteljau: .casteljau
        case .nearest: .nearest
        }
    }
}
