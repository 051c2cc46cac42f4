import Foundation
import GlanceProject
import GlanceRules

/// Applying a configuration to a lint run: which rules run, at which severity, and which violations are
/// reported. The path globs only filter reported violations: every file is still read, because rules
/// reason across files (a widget declared in an excluded file still belongs to a bundle elsewhere).
extension Configuration {
    /// The rules to run, in catalog order: `only_rules` when given; else the rules enabled by default and
    /// those in `opt_in_rules`, minus `disabled_rules`.
    public func rules(from catalog: [any Rule.Type] = RuleRegistry.all) -> [any Rule.Type] {
        catalog.filter { rule in
            let id = rule.description.identifier
            if !onlyRules.isEmpty { return onlyRules.contains(id) }
            return (rule.description.enabledByDefault || optInRules.contains(id)) && !disabledRules.contains(id)
        }
    }

    /// Whether a violation of `rule` in `file` (relative to the lint root `root`) is reported: its file is
    /// matched by `included` (when not empty) and by neither `excluded` nor the rule's `excluded_by_rule`.
    /// A file outside the configuration's folder matches no glob.
    public func reports(rule: String, file: String, root: String) -> Bool {
        guard let folder else { return true }
        let absolute = ((root.hasSuffix("/") ? root : root + "/") + file as NSString).standardizingPath
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let relative: String? = absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
        func matched(_ globs: [String]) -> Bool {
            guard let relative else { return false }
            return globs.contains { PathPattern($0).matches(relative) }
        }
        if !included.isEmpty && !matched(included) { return false }
        return !matched(excluded) && !matched(excludedByRule[rule] ?? [])
    }

    /// The result with the violations `reports(rule:file:root:)` rejects left out.
    public func filter(_ result: LintResult, root: String) -> LintResult {
        guard folder != nil, !(included.isEmpty && excluded.isEmpty && excludedByRule.isEmpty) else { return result }
        return LintResult(violations: result.violations.filter { reports(rule: $0.rule, file: $0.file, root: root) }, skips: result.skips)
    }
}
