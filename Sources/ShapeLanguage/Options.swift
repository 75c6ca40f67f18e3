import ShapeGeometry

// Option words declared once, with the type their values are read as: a row lists `option.spec`
// and its handler reads `inv[option]`. The word is written in one place, so no handler can read
// a word its row does not declare, nor read a flag as a number; and the shapes that binding
// guarantees (a default filled in) are the type's, so reading needs no check.

/// An option word's declaration: its row's `spec`, and the type `Invocation` reads it as.
protocol DeclaredOption: Sendable {
    var spec: KeywordSpec { get set }
}

extension DeclaredOption {
    /// The same word, read the same way, with the summary one command gives it.
    func described(_ summary: String) -> Self {
        var option = self
        option.spec.summary = summary
        return option
    }
}

/// A word with no value (`evenodd`): given or not.
struct FlagOption: DeclaredOption {
    var spec: KeywordSpec
    init(_ name: String, _ summary: String) { spec = KeywordSpec(name: name, summary: summary) }
}

/// A word with one number and a default (`tension t`): always there once bound.
struct NumberOption: DeclaredOption {
    var spec: KeywordSpec
    init(_ name: String, value: String, _ summary: String, default value0: Double) {
        spec = KeywordSpec(name: name, values: [value], summary: summary, defaults: [value0])
    }
}

/// A word with one number and no fixed default (`break b`, `seed n`): nil when left out.
struct OptionalNumberOption: DeclaredOption {
    var spec: KeywordSpec
    init(_ name: String, value: String, _ summary: String) { spec = KeywordSpec(name: name, values: [value], summary: summary) }
}

/// A word with a point (`about x y`): nil when left out and without a default.
struct PointOption: DeclaredOption {
    var spec: KeywordSpec
    init(_ name: String, values: [String] = ["x", "y"], _ summary: String, default point: Point? = nil) {
        spec = KeywordSpec(name: name, values: values, summary: summary, defaults: point.map { [$0.x, $0.y] })
    }
}

/// A word with a rectangle (`within x y w h`), read as its four numbers as written (x, y, w, h):
/// nil when left out and without a default.
struct BoxOption: DeclaredOption {
    var spec: KeywordSpec
    init(_ name: String, _ summary: String, default box: [Double]? = nil) {
        spec = KeywordSpec(name: name, values: ["x", "y", "w", "h"], summary: summary, defaults: box)
    }
}

/// A word that takes one of the words of an enum (`cap round`): the enum's case, its default
/// filled in.
struct ChoiceOption<Choice: RawRepresentable & CaseIterable & Sendable>: DeclaredOption where Choice.RawValue == String {
    var spec: KeywordSpec
    /// `order`: the words as `help` lists them (the enum's order when not given).
    init(_ name: String, _ summary: String, default choice: Choice, order: [Choice]? = nil) {
        let words = (order ?? Array(Choice.allCases)).map { $0.rawValue }
        let index = words.firstIndex(of: choice.rawValue) ?? 0
        spec = KeywordSpec(
            name: name, values: [words.joined(separator: "|")], summary: summary, defaults: [Double(index)], choices: words)
    }
}

extension Invocation {
    subscript(_ option: FlagOption) -> Bool { keywords[option.spec.name] != nil }
    /// Binding filled the default in: always there.
    subscript(_ option: NumberOption) -> Double { keywords[option.spec.name]?.first ?? option.spec.defaults?.first ?? 0 }
    subscript(_ option: OptionalNumberOption) -> Double? { keywords[option.spec.name]?.first }
    subscript(_ option: PointOption) -> Point? {
        guard let v = keywords[option.spec.name] ?? option.spec.defaults, v.count == 2 else { return nil }
        return Point(v[0], v[1])
    }
    subscript(_ option: BoxOption) -> [Double]? {
        guard let v = keywords[option.spec.name] ?? option.spec.defaults, v.count == 4 else { return nil }
        return v
    }
    /// The chosen word as the enum's case (binding filled the default's in).
    subscript<Choice>(_ option: ChoiceOption<Choice>) -> Choice {
        words[option.spec.name].flatMap { Choice(rawValue: $0) } ?? Choice.allCases.first!
    }
}
