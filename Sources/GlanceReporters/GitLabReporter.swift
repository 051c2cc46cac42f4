import Foundation
import GlanceRules

/// GitLab Code Quality JSON (`artifacts:reports:codequality`): an array with one object per violation, the
/// subset of the Code Climate issue format GitLab reads, in the usual order:
///
/// `{"type": "issue", "check_name": RULE_ID, "description": MESSAGE, "categories": ["Bug Risk"],
///   "fingerprint": HEX, "severity": "major"|"minor", "location": {"path": PATH, "lines": {"begin": LINE}}}`
///
/// - `severity`: errors are `major`, warnings `minor` (GitLab's scale is info, minor, major, critical, blocker).
/// - `location.path` is printed as every reporter prints paths; GitLab wants it relative to the repository, so
///   run Glance from the repository root (and without `--absolute-paths`). Lines are 1-based.
/// - `fingerprint`: the SARIF reporter's `glance/v1` fingerprint (FNV-1a 64 of rule, file below the lint root,
///   message without its premise note, and the ordinal among identical findings), so it is unique in a report —
///   GitLab keeps one finding per fingerprint — and stable when lines move.
/// - No violations: `[]`. Skipped checks have no place in the format and are left out.
public enum GitLabReporter {
    public static func render(_ result: LintResult, options: ReportOptions) -> String {
        var seen: [String: Int] = [:]
        let issues: [[String: Any]] = result.violations.map { violation in
            let identity = violation.identity
            let ordinal = seen[identity, default: 0]
            seen[identity] = ordinal + 1
            return [
                "type": "issue",
                "check_name": violation.rule,
                "description": violation.displayMessage(root: options.displayRoot),
                "categories": ["Bug Risk"],
                "fingerprint": SARIFReporter.fingerprint(identity + "\u{0}\(ordinal)"),
                "severity": severity(violation.severity),
                "location": ["path": ViolationReporter.displayPath(violation.file, root: options.displayRoot),
                             "lines": ["begin": violation.line]],
            ]
        }
        return JSONText.render(issues)
    }

    /// GitLab's name for a Glance severity.
    public static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "major"
        case .warning: return "minor"
        }
    }
}
