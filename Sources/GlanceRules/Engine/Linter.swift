import Foundation
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
    /// The rule ids the configuration's `opt_in_rules` names (`RuleContext.isOptedIn`).
    public let optedIn: Set<String>
    /// Whether every rule judges widget extensions no app embeds (`glance fix`, which embeds them, repairs what they
    /// hold in the same edit). By default only the project-structure rules do: nothing in them is installed.
    public let judgesNeverInstalledExtensions: Bool

    public init(rules: [any Rule.Type] = RuleRegistry.all, severities: [String: Severity] = [:], optedIn: Set<String> = [],
                judgesNeverInstalledExtensions: Bool = false) {
        self.rules = rules
        self.severities = severities
        self.optedIn = optedIn
        self.judgesNeverInstalledExtensions = judgesNeverInstalledExtensions
    }

    /// Runs each rule whose required facts the model has (`RuleDescription.requires`); for each other rule,
    /// records one skip naming what it needs.
    public func lint(_ model: SurfaceModel) -> LintResult {
        let locator = ProjectLocator(project: model.project)
        var violations: [Violation] = []
        var skips: [Skip] = model.skips
        var ran: [any Rule.Type] = []
        for rule in rules {
            let description = rule.description
            let missing = description.requires.subtracting(model.project.knownFacts)
            guard missing.isEmpty else {
                skips.append(Skip(rule: description.identifier, file: nil, reason: Self.notRunReason(missing: missing, project: model.project)))
                continue
            }
            ran.append(rule)
            let context = RuleContext(model: model, ruleIdentifier: description.identifier,
                                      severity: severities[description.identifier] ?? description.defaultSeverity,
                                      isOptedIn: optedIn.contains(description.identifier),
                                      judgesUninstalledExtensions: judgesNeverInstalledExtensions || description.group == .projectStructure, locator: locator)
            let started = DebugTime.enabled ? Date() : nil
            rule.init().validate(context)
            if let started { DebugTime.mark("rule \(description.identifier): \(String(format: "%.3f", -started.timeIntervalSinceNow)) s") }
            violations += context.violations
            skips += context.skips
        }
        violations = Self.mergingCauses(applySuppressions(to: violations, model: model, ran: ran))
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

    /// Why a rule did not run: `not run: needs target kinds and embedding, which only an Xcode project gives
    /// (run `tuist generate` for a full check)`; where manifests were read, what in them is not literal
    /// (`…, which the manifests do not state literally (Project.swift: target `.widget(…)` is built by helper
    /// code)`).
    static func notRunReason(missing: ProjectFacts, project: ProjectModel) -> String {
        let commands = project.generators.map { "`\($0.command)`" }
        let hint = commands.isEmpty ? "" : " (run \(commands.joined(separator: " or ")) for a full check)"
        let reasons = project.factGaps.filter { !$0.facts.isDisjoint(with: missing) }.map(\.reason)
        guard let first = reasons.first else { return "not run: needs \(missing), which only an Xcode project gives\(hint)" }
        let more = reasons.count > 1 ? "; \(reasons.count - 1) more reason\(reasons.count == 2 ? "" : "s") in the notes" : ""
        return "not run: needs \(missing), which the manifests do not state literally (\(first)\(more))\(hint)"
    }

    /// Applies the inline suppressions. Only rules that ran can leave a suppression unused: a suppression of a
    /// rule that was not run (turned off, or lacking the facts it needs) is not reported.
    private func applySuppressions(to violations: [Violation], model: SurfaceModel, ran rulesThatRan: [any Rule.Type]) -> [Violation] {
        var comments: [String: [LineComment]] = [:]
        for (path, list) in model.index.directiveComments { comments[model.relativePath(path)] = list }
        guard !comments.isEmpty else { return violations }
        let ran = rulesThatRan.map { $0.description.identifier }
        let configured = rules.map { $0.description.identifier }
        let suppressions = InlineSuppressions(comments: comments, knownRules: Array(Set(RuleRegistry.identifiers + configured)).sorted())
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
