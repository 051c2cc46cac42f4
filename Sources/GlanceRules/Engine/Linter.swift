import GlanceProject
import GlanceSourceIndex
import GlanceSurfaces

/// The result of linting: violations sorted for printing, and what could not be judged.
public struct LintResult: Sendable {
    public let violations: [Violation]
    public let skips: [Skip]

    public init(violations: [Violation], skips: [Skip]) {
        self.violations = violations
        self.skips = skips
    }

    public var hasErrors: Bool { violations.contains { $0.severity == .error } }
}

/// Runs rules over a surface model.
public struct Linter: Sendable {
    public let rules: [any Rule.Type]
    /// Severity overrides by rule id.
    public let severities: [String: Severity]

    public init(rules: [any Rule.Type] = RuleRegistry.all, severities: [String: Severity] = [:]) {
        self.rules = rules
        self.severities = severities
    }

    public func lint(_ model: SurfaceModel) -> LintResult {
        let locator = ProjectLocator(project: model.project)
        var violations: [Violation] = []
        var skips: [Skip] = model.skips
        for rule in rules {
            let description = rule.description
            let context = RuleContext(model: model, ruleIdentifier: description.identifier,
                                      severity: severities[description.identifier] ?? description.defaultSeverity, locator: locator)
            rule.init().validate(context)
            violations += context.violations
            skips += context.skips
        }
        return LintResult(violations: violations.sorted(by: Violation.ordered), skips: skips)
    }
}
