import ShapeGeometry
import ShapeOutput
import Testing

@testable import ShapeLanguage

/// A figure is a value in the session's state (`SessionState.figures`): made by a query, kept with
/// the path by undo and rollback, and made again from its query on the path as it is now.
@Suite struct FigureModelTests {
    func session(_ text: String) throws -> Interpreter {
        let i = Interpreter()
        let error = run(i, text)
        try #require(error == nil, "\(error?.message.text ?? "")")
        return i
    }

    /// The points of a figure's marks, in order (a polyline's, then a point's).
    func points(_ f: Figure?) -> [[Point]] {
        (f?.marks ?? []).compactMap { m in
            switch m {
            case .polyline(let ps, _): ps
            case .point(let p, _, _): [p]
            default: nil
            }
        }
    }

    /// `casteljau` draws de Casteljau's levels, worked here by repeated linear interpolation:
    /// the control polygon, each level with its points, and the point on the curve.
    @Test func casteljauDrawsEachLevel() throws {
        let controls = [Point(0, 0), Point(30, 120), Point(170, 120), Point(200, 0)]
        let i = try session("move 0 0\ncurve 30 120 170 120 200 0\ncasteljau 1 0.25")
        var levels = [controls]
        while levels.last!.count > 1 {
            let l = levels.last!
            levels.append(zip(l, l.dropFirst()).map { a, b in Point(a.x + 0.25 * (b.x - a.x), a.y + 0.25 * (b.y - a.y)) })
        }
        var expected: [[Point]] = []
        for level in levels.dropLast() { expected += [level] + level.map { [$0] } }
        expected.append(levels.last!)
        let drawn = points(i.shownFigure(.casteljau))
        #expect(drawn.count == expected.count)
        for (a, b) in zip(drawn, expected) {
            #expect(a.count == b.count && zip(a, b).allSatisfy { $0.distance(to: $1) <= 1e-12 * 200 }, "\(a) against \(b)")
        }
        #expect(i.shownFigure(.casteljau)?.query?.command == "casteljau")
        #expect(i.shownFigure(.casteljau)?.query?.numbers == [1, 0.25])
    }

    /// Undo brings back the figures with the path; a statement that fails leaves them as they were.
    @Test func figuresAreUndoneAndRolledBackWithThePath() throws {
        let i = try session("move 0 0\ncurve 30 120 170 120 200 0\ncasteljau 1 0.5\nnearest 100 40\nbernstein 1 0.5")
        let before = i.state.figures
        #expect(before.map(\.layer) == [.casteljau, .nearest, .figure])
        // `clear` drops them (they belong to the path it replaced); `undo` restores them.
        #expect(run(i, "clear") == nil)
        #expect(i.state.figures.isEmpty)
        #expect(run(i, "undo") == nil)
        #expect(i.state.figures == before)
        // A statement that fails after a query drew leaves the figures it found.
        #expect(run(i, "{ tangent 50\nline 1 }") != nil)
        #expect(i.state.figures == before)
    }

    /// Every query that draws, made again on the path it was made on, draws the same figure: the
    /// query (its numbers, option words and words) is all a figure needs. Each command's example
    /// in the table, on the path the table's tests use.
    @Test(arguments: CommandTable.all.filter { $0.isQuery && $0.group != .language }.map(\.name))
    func aFigureMadeAgainOnTheSamePathIsTheSame(_ name: String) throws {
        let spec = try #require(CommandTable.spec(named: name))
        let i = HostileStateTests.preparedSession()
        i.saver = { $0.file }
        #expect(run(i, "curve 30 60 50 -20 60 5\nquad 70 30 80 20\nline 200 20") == nil)
        #expect(run(i, spec.example) == nil)
        for figure in i.state.figures where !figure.isPlaceholder {
            let again = i.recompute(figure)
            #expect(again.stale == nil, "\(name): \(again.stale ?? "")")
            #expect(again.title == figure.title && again.marks == figure.marks, "\(name) draws another figure when made again")
        }
    }

    /// Made again after its path changed, a figure is the one its query draws on the new path;
    /// where its element is gone, it has no marks and says why.
    @Test func aFigureFollowsItsPath() throws {
        let i = try session("move 0 0\ncurve 30 120 170 120 200 0\ncasteljau 1 0.5\nbernstein 1 0.5")
        let casteljau = try #require(i.state.figures.first { $0.layer == .casteljau })
        let bernstein = try #require(i.state.figures.first { $0.layer == .figure })
        #expect(run(i, "setpoint 1 2 150 40") == nil)
        let moved = try session("move 0 0\ncurve 30 120 170 120 200 0\nsetpoint 1 2 150 40\ncasteljau 1 0.5\nbernstein 1 0.5")
        #expect(i.recompute(casteljau).marks == moved.shownFigure(.casteljau)?.marks)
        #expect(i.recompute(bernstein).marks == moved.shownFigure(.figure)?.marks)
        // Made again, it is still the figure of its own query, at its own layer.
        #expect(i.recompute(casteljau).query == casteljau.query && i.recompute(casteljau).layer == .casteljau)

        #expect(run(i, "clear\nmove 0 0") == nil)
        let gone = i.recompute(casteljau)
        #expect(gone.marks.isEmpty && gone.stale != nil)
        #expect(gone.legendTitle.hasPrefix("casteljau 1 at t 0.5 (no longer applies: "), "\(gone.legendTitle)")
        // Making it again changes nothing else.
        #expect(i.path.elements.count == 1 && i.undoStack.count == 5)
    }

    /// `refreshFigures` makes each figure again in place; a teaching query's figure follows a
    /// change the host made.
    @Test func refreshMakesEveryFigureAgain() throws {
        let i = try session("move 0 0\ncurve 30 120 170 120 200 0\nfigure keep\ntangent 50\ntangent 150\nnearest 100 40")
        let before = i.state.figures
        i.refreshFigures()
        #expect(i.state.figures == before, "nothing changed, so nothing is made anew")
        #expect(before.filter { $0.layer == .figure }.count == 2)
    }

    /// `save ... figure` after a teaching query that draws in another layer says where it is.
    @Test func aQueryThatDrawsElsewhereSaysSo() throws {
        let i = try session("move 0 0\ncurve 30 120 170 120 200 0\nsplit 1 0.5\ncasteljau 1 0.5")
        #expect(i.shownFigure(.figure) == nil)
        #expect(i.placeholderReason("casteljau") == "'casteljau' draws its construction as the casteljau layer")
        #expect(i.placeholderReason("matrix") == "'matrix' draws none")
    }

    /// Two figures that label one point alike (the point at t of `casteljau` and of `bernstein`)
    /// show the label once; each figure's marks are all drawn.
    @Test func aLabelTwoFiguresShareIsWrittenOnce() throws {
        let i = try session("move 0 0\ncurve 30 120 170 120 200 0\ncasteljau 1 0.4\nbernstein 1 0.4")
        let svg = SVGDocument.render(i.view())
        #expect(svg.components(separatedBy: ">t = 0.4<").count == 2, "the label once")
        #expect(svg.contains("<g id=\"casteljau\">") && svg.contains("<g id=\"figure\">"))
    }

    /// Making the figures again is the statement's work: a thousand kept figures under a
    /// transform, with a small budget, end the statement within its limit (the figures past it
    /// say why they are empty), never past it.
    @Test func manyKeptFiguresAreMadeAgainWithinTheBudget() throws {
        let i = Interpreter(limits: HostileStateTests.smallLimits)
        #expect(run(i, "move 0 0\ncurve 30 120 170 120 200 0\nfigure keep\nrepeat 1000 {\n  tangent 100\n}") == nil)
        #expect(i.figures(in: .figure).count == 1, "the same figure kept once")
        #expect(run(i, "for k in 1..<1000 {\n  tangent k / 10\n}") == nil)
        #expect(i.figures(in: .figure).count == 1000)
        // One more is past `Limits.keptFigures`: a located error, and the statement changes nothing.
        let before = i.state.figures
        #expect(run(i, "tangent 0.05")?.message == .tooManyFigures(1000))
        #expect(i.state.figures == before)
        // A budget that holds the transform but not all the figures: the statement does its own
        // work, the figures made again until the budget is spent, the rest empty and saying why.
        i.limits.statementWork = 1_000
        #expect(run(i, "translate 1 0") == nil)
        #expect(i.workSpent <= 1_000 + 100, "\(i.workSpent)")
        let made = i.figures(in: .figure)
        let stale = made.filter { $0.stale != nil }
        #expect(made.count == 1000 && !stale.isEmpty && stale.count < 1000, "\(stale.count) stale")
        #expect(stale.allSatisfy { $0.marks.isEmpty && $0.legendTitle.contains("no longer applies") })
        #expect(made.filter { $0.stale == nil }.allSatisfy { !$0.marks.isEmpty })
    }
}
