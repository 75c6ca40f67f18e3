/// Swift statements that build a path with one of the targets of `export swift`. The numbers come
/// in as Swift expressions already written (clean decimals for an exported path, expressions of a
/// def's parameters for a translated def), so the exported path and the translated def share
/// every line's form.
///
/// Angles follow the language: increasing angles turn clockwise on screen (y down). UIKit's
/// `clockwise: true` is that direction; Core Graphics' and SwiftUI's `clockwise` name the opposite
/// one for the same numbers (their documentation speaks of y up), so those targets are written
/// with `addRelativeArc` and a signed `delta`, which has one meaning everywhere.
public struct SwiftCode: Sendable {
    public var target: SwiftTarget
    /// The variable that holds the path.
    public var variable: String

    public init(target: SwiftTarget, variable: String = "path") {
        self.target = target
        self.variable = variable
    }

    /// The Swift type of the path.
    public var pathType: String {
        switch target {
        case .uikit: "UIBezierPath"
        case .cgpath: "CGMutablePath"
        case .swiftui, .shape: "Path"
        }
    }

    /// The line that makes the empty path.
    public var declaration: String {
        switch target {
        case .uikit: "let \(variable) = UIBezierPath()"
        case .cgpath: "let \(variable) = CGMutablePath()"
        case .swiftui, .shape: "var \(variable) = Path()"
        }
    }

    public static func point(_ x: String, _ y: String) -> String { "CGPoint(x: \(x), y: \(y))" }

    public func move(_ p: String) -> String { "\(variable).move(to: \(p))" }
    public func line(_ p: String) -> String { "\(variable).addLine(to: \(p))" }

    public func quad(control c: String, to p: String) -> String {
        target == .uikit ? "\(variable).addQuadCurve(to: \(p), controlPoint: \(c))" : "\(variable).addQuadCurve(to: \(p), control: \(c))"
    }

    public func curve(_ c1: String, _ c2: String, to p: String) -> String {
        target == .uikit
            ? "\(variable).addCurve(to: \(p), controlPoint1: \(c1), controlPoint2: \(c2))"
            : "\(variable).addCurve(to: \(p), control1: \(c1), control2: \(c2))"
    }

    public func close() -> String { target == .uikit ? "\(variable).close()" : "\(variable).closeSubpath()" }

    /// An angle as the target takes it: a number, or SwiftUI's `Angle`.
    func angle(_ a: String) -> String { target == .swiftui || target == .shape ? ".radians(\(a))" : a }

    /// A circular arc as the language's `arc` draws it: from `start` to `end` in the direction
    /// `increasing` (clockwise on screen), with the language's sweep rule (UIKit's).
    public func arc(center: String, radius: String, start: String, end: String, increasing: Bool) -> String {
        switch target {
        case .uikit:
            "\(variable).addArc(withCenter: \(center), radius: \(radius), startAngle: \(start), endAngle: \(end), clockwise: \(increasing))"
        case .cgpath, .swiftui, .shape:
            // The same call with Core Graphics' sense of `clockwise`.
            "\(variable).addArc(center: \(center), radius: \(radius), startAngle: \(angle(start)), endAngle: \(angle(end)), clockwise: \(!increasing))"
        }
    }

    /// A circular arc from `start` turning by `delta` (positive: clockwise on screen). UIKit has no
    /// relative arc: there the end angle is written out, with the direction of `delta`'s sign.
    public func relativeArc(center: String, radius: String, start: String, delta: String, end: String, increasing: Bool) -> String {
        switch target {
        case .uikit:
            "\(variable).addArc(withCenter: \(center), radius: \(radius), startAngle: \(start), endAngle: \(end), clockwise: \(increasing))"
        case .cgpath, .swiftui, .shape:
            "\(variable).addRelativeArc(center: \(center), radius: \(radius), startAngle: \(angle(start)), delta: \(angle(delta)))"
        }
    }

    /// An elliptical arc: the unit circle's arc from `start` turning by `delta`, through the
    /// affine transform `transform` (a CGAffineTransform expression) that makes it the ellipse.
    public func unitArc(start: String, delta: String, transform: String) -> [String] {
        let call = "addRelativeArc(center: .zero, radius: 1, startAngle: \(angle(start)), delta: \(angle(delta)), transform: \(transform))"
        switch target {
        case .uikit:
            // UIBezierPath has no elliptical arc: its CGPath has.
            return [
                "if let ellipse = \(variable).cgPath.mutableCopy() {",
                "    ellipse.\(call)",
                "    \(variable).cgPath = ellipse",
                "}",
            ]
        case .cgpath, .swiftui, .shape:
            return ["\(variable).\(call)"]
        }
    }

    /// The dash pattern, for stroking as the session's `dash` dashes: a call where the path keeps
    /// one (UIKit), else a declaration to pass to the stroke.
    public func dash(lengths: [String], phase: String, shapeMember: Bool = false) -> [String] {
        let list = "[" + lengths.joined(separator: ", ") + "]"
        switch target {
        case .uikit:
            return ["\(variable).setLineDash(\(list), count: \(lengths.count), phase: \(phase))"]
        case .cgpath:
            return [
                "// Stroke it dashed: context.setLineDash(phase: \(variable)Dash.phase, lengths: \(variable)Dash.lengths)",
                "let \(variable)Dash: (phase: CGFloat, lengths: [CGFloat]) = (\(phase), \(list))",
            ]
        case .swiftui, .shape:
            let member = shapeMember ? "static let dash" : "let \(variable)Dash"
            let use = shapeMember ? "Self.dash" : "\(variable)Dash"
            return [
                "// Stroke it dashed: .stroke(style: \(use))",
                "\(member) = StrokeStyle(dash: \(list), dashPhase: \(phase))",
            ]
        }
    }
}
