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

/// Runs rules over a surface model, then applies the inline suppressions (`// glance:disable …`) of the
/// Swift files and, when `unused_suppression` is among the rules, reports the suppressions that suppress
/// nothing.
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
        violations = Self.mergingCauses(applySuppressions(to: violations, model: model))
        return LintResult(violations: violations.sorted(by: Violation.ordered), skips: skips)
    }

    /// One violation per cause: those a rule reported with the same `cause` and target (after suppressions)
    /// become one, at the first place in file order, keeping its message and listing the others as `related`.
    static func mergingCauses(_ violations: [Violation]) -> [Violation] {
        var groups: [String: [Int]] = [:]
        for (index, violation) in violations.enumerated() {
            guard let cause = violation.cause else { continue }
            groups[[violation.rule, violation.target ?? "", cause].joined(separator: "\u{0}"), default: []].append(index)
        }
        var dropped: Set<Int> = []
        var merged = violations
        for indices in groups.values where indices.count > 1 {
            let ordered = indices.sorted { Violation.ordered(violations[$0], violations[$1]) }
            merged[ordered[0]].related = ordered.dropFirst().map {
                RelatedLocation(file: violations[$0].file, line: violations[$0].line, column: violations[$0].column)
            }
            dropped.formUnion(ordered.dropFirst())
        }
        return merged.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    }

    private func applySuppressions(to violations: [Violation], model: SurfaceModel) -> [Violation] {
        var comments: [String: [LineComment]] = [:]
        for (path, list) in model.index.directiveComments { comments[model.relativePath(path)] = list }
        guard !comments.isEmpty else { return violations }
        let ran = rules.map { $0.description.identifier }
        let suppressions = InlineSuppressions(comments: comments, knownRules: Array(Set(RuleRegistry.identifiers + ran)).sorted())
        var kept = suppressions.filter(violations)
        let unusedRule = InlineSuppressions.unusedRule
        guard ran.contains(unusedRule) else { return kept }
        let severity = severities[unusedRule] ?? UnusedSuppression.description.defaultSeverity
        // Reports of unused suppressions can themselves be suppressed, by naming `unused_suppression`.
        kept += suppressions.filter(suppressions.unused(checkedRules: Set(ran), onlyUnusedRule: false, severity: severity), explicitOnly: true)
        kept += suppressions.unused(checkedRules: Set(ran), onlyUnusedRule: true, severity: severity)
        return kept
    }
}
