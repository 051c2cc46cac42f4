import Foundation
import GlanceRules

/// Prints the rule list (`glance rules`).
public enum RulesReporter {
    public static func text(_ rules: [any DescribedRule.Type]) -> String {
        var lines: [String] = []
        let width = rules.map { $0.description.identifier.count }.max() ?? 0
        for group in RuleGroup.allCases {
            let members = rules.filter { $0.description.group == group }
            guard !members.isEmpty else { continue }
            lines.append(group.rawValue)
            for rule in members {
                let description = rule.description
                let id = description.identifier.padding(toLength: width, withPad: " ", startingAt: 0)
                let severity = description.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                let enabled = description.enabledByDefault ? "on " : "off"
                lines.append("  \(id)  \(severity)  \(enabled)  \(description.summary)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Rule tables in Markdown, one per group, with id, default severity (`warning, opt-in` for a rule that is off
    /// unless `opt_in_rules` lists it, as `off` in `glance rules`) and summary (`glance rules --format markdown`, and
    /// the index of docs/rules). With `linkPrefix`, each id links to `<linkPrefix><id>.md`.
    public static func markdown(_ rules: [any DescribedRule.Type], linkPrefix: String? = nil) -> String {
        var lines: [String] = []
        for group in RuleGroup.allCases {
            let members = rules.filter { $0.description.group == group }
            guard !members.isEmpty else { continue }
            lines.append("### \(group.rawValue)")
            lines.append("")
            lines.append("| Rule | Default | Summary |")
            lines.append("|---|---|---|")
            for rule in members {
                let description = rule.description
                let summary = description.summary.replacingOccurrences(of: "|", with: "\\|")
                let id = "`\(description.identifier)`"
                let link = linkPrefix.map { "[\(id)](\($0)\(description.identifier).md)" } ?? id
                let severity = description.defaultSeverity.rawValue + (description.enabledByDefault ? "" : ", opt-in")
                lines.append("| \(link) | \(severity) | \(summary) |")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    public static func json(_ rules: [any DescribedRule.Type]) -> String {
        JSONText.render(rules.map { rule -> [String: Any] in
            let description = rule.description
            var entry: [String: Any] = ["identifier": description.identifier, "name": description.name, "group": description.group.rawValue,
                                        "severity": description.defaultSeverity.rawValue, "enabledByDefault": description.enabledByDefault,
                                        "summary": description.summary, "rationale": description.rationale, "source": description.source,
                                        "requires": description.requires.identifiers]
            if let premise = description.premise { entry["premise"] = ["statement": premise.statement, "certainty": premise.certainty.rawValue] }
            return entry
        })
    }

    /// One rule in full: summary, rationale, source and examples.
    public static func detail(_ rule: any DescribedRule.Type) -> String {
        let description = rule.description
        var text = """
            \(description.identifier): \(description.name)
            Group: \(description.group.rawValue)
            Default severity: \(description.defaultSeverity.rawValue)\(description.enabledByDefault ? "" : " (opt-in)")\(RuleDocs.needs(description).map { "\nNeeds: " + $0 } ?? "")

            \(description.summary)

            \(description.rationale)
            \(description.premise.map { "\nPremise: \($0.statement) How sure: \($0.certainty.phrase).\n" } ?? "")
            Source: \(description.source)

            """
        for (title, examples) in [("Triggers on (↓ marks where the violation is reported)", description.triggeringExamples),
                                  ("Does not trigger on", description.nonTriggeringExamples)] {
            text += "\n\(title):\n"
            for example in examples {
                text += "\n" + example.code.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
            }
        }
        return text
    }
}
