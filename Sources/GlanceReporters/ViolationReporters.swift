import Foundation
import GlanceRules
import GlanceSurfaces

/// The reporters `glance lint --reporter` accepts.
public enum ReporterKind: String, CaseIterable, Sendable {
    case xcode
    case json
}

/// Prints lint results.
public enum ViolationReporter {
    /// - Parameters:
    ///   - displayRoot: what to put before each relative path in `xcode` output (the folder as the user typed it).
    ///   - explainSkips: append the skipped checks (text) or emit `{"violations":[…],"skipped":[…]}` (json).
    public static func render(_ result: LintResult, as kind: ReporterKind, displayRoot: String, explainSkips: Bool) -> String {
        switch kind {
        case .xcode: return xcode(result, displayRoot: displayRoot, explainSkips: explainSkips)
        case .json: return json(result, explainSkips: explainSkips)
        }
    }

    /// `path:line:column: error|warning: message [rule_id]`, one per line, in file/line/column/rule order.
    public static func xcode(_ result: LintResult, displayRoot: String, explainSkips: Bool) -> String {
        var lines = result.violations.map { violation in
            "\(displayPath(violation.file, root: displayRoot)):\(violation.line):\(violation.column): \(violation.severity.rawValue): \(violation.message) [\(violation.rule)]"
        }
        if explainSkips && !result.skips.isEmpty {
            lines.append("Skipped checks (\(result.skips.count)):")
            for skip in sortedSkips(result.skips) {
                var line = "  "
                if let rule = skip.rule { line += "[\(rule)] " }
                if let file = skip.file { line += displayPath(file, root: displayRoot) + ": " }
                lines.append(line + skip.reason)
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// A JSON array of `{"rule","severity","file","line","column","message","target"}` with paths relative to
    /// the lint root; with `explainSkips`, an object `{"violations": [...], "skipped": [{"rule","file","reason"}]}`.
    public static func json(_ result: LintResult, explainSkips: Bool) -> String {
        let violations: [[String: Any]] = result.violations.map { violation in
            ["rule": violation.rule, "severity": violation.severity.rawValue, "file": violation.file, "line": violation.line,
             "column": violation.column, "message": violation.message, "target": violation.target ?? NSNull()]
        }
        guard explainSkips else { return JSONText.render(violations) }
        let skipped: [[String: Any]] = sortedSkips(result.skips).map { skip in
            ["rule": skip.rule ?? NSNull(), "file": skip.file ?? NSNull(), "reason": skip.reason]
        }
        return JSONText.render(["violations": violations, "skipped": skipped])
    }

    static func sortedSkips(_ skips: [Skip]) -> [Skip] {
        var seen: Set<Skip> = []
        return skips.filter { seen.insert($0).inserted }
            .sorted { ($0.rule ?? "", $0.file ?? "", $0.reason) < ($1.rule ?? "", $1.file ?? "", $1.reason) }
    }

    /// `root/relative`, without a leading `./`.
    public static func displayPath(_ relative: String, root: String) -> String {
        if relative == "." { return root.isEmpty ? "." : root }
        if root.isEmpty || root == "." { return relative }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }
}

/// Prints the rule list (`glance rules`).
public enum RulesReporter {
    public static func text(_ rules: [any Rule.Type]) -> String {
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

    /// The README's rule table: one table per group with id, default severity and summary.
    public static func markdown(_ rules: [any Rule.Type]) -> String {
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
                lines.append("| `\(description.identifier)` | \(description.defaultSeverity.rawValue) | \(summary) |")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    public static func json(_ rules: [any Rule.Type]) -> String {
        JSONText.render(rules.map { rule -> [String: Any] in
            let description = rule.description
            return ["identifier": description.identifier, "name": description.name, "group": description.group.rawValue,
                    "severity": description.defaultSeverity.rawValue, "enabledByDefault": description.enabledByDefault,
                    "summary": description.summary, "rationale": description.rationale, "source": description.source]
        })
    }

    /// One rule in full: summary, rationale, source and examples.
    public static func detail(_ rule: any Rule.Type) -> String {
        let description = rule.description
        var text = """
            \(description.identifier): \(description.name)
            Group: \(description.group.rawValue)
            Default severity: \(description.defaultSeverity.rawValue)\(description.enabledByDefault ? "" : " (opt-in)")

            \(description.summary)

            \(description.rationale)

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
