import Foundation
import GlanceInput
import GlanceRules
import GlanceSurfaces

/// The reporters `glance lint --reporter` accepts.
public enum ReporterKind: String, CaseIterable, Sendable {
    /// `path:line:column: severity: message [rule]` lines, as Xcode and most editors read them.
    case xcode
    /// A JSON array of violations.
    case json
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    case sarif
    /// GitHub Actions workflow commands (`::error file=…::…`), which become annotations.
    case githubActions = "github-actions"
    /// Checkstyle XML, for tools that read Checkstyle reports.
    case checkstyle
    /// JUnit XML, for CI test-report views.
    case junit
    /// A Markdown summary to post on a pull request.
    case markdown
    /// GitLab Code Quality JSON, for `artifacts:reports:codequality`.
    case gitlab

    /// How the reporter's output is written, for `WorkflowCommands.neutralized(_:as:)`.
    public var encoding: WorkflowCommands.Encoding {
        switch self {
        case .xcode, .markdown: return .text
        case .json, .sarif, .gitlab: return .json
        case .checkstyle, .junit: return .xml
        case .githubActions: return .workflowCommands
        }
    }
}

/// What a reporter needs besides the violations.
///
/// Paths: every reporter prints a file the same way, `displayRoot` joined with the file's path below the lint
/// root (`ViolationReporter.displayPath`). The CLI passes PATH as the user typed it (so paths are relative to
/// the current folder when PATH is, and absolute when PATH is), or the absolute root for `--absolute-paths`.
public struct ReportOptions: Sendable {
    /// What to put before each path relative to the lint root ("" for the current folder; absolute for
    /// absolute paths).
    public var displayRoot: String
    /// Include the checks that could not be made, where the format has a place for them.
    public var explainSkips: Bool
    /// Glance's version, for formats that name the tool (SARIF).
    public var toolVersion: String
    /// The rules SARIF lists as `tool.driver.rules`, in catalog order: by default every rule Glance documents (the
    /// lint rules, then the payload rules, as `glance rules` lists them), whether or not it ran.
    public var rules: [any DescribedRule.Type]

    public init(displayRoot: String, explainSkips: Bool = false, toolVersion: String, rules: [any DescribedRule.Type] = RuleRegistry.documented) {
        self.displayRoot = displayRoot
        self.explainSkips = explainSkips
        self.toolVersion = toolVersion
        self.rules = rules
    }
}

/// Prints lint results.
public enum ViolationReporter {
    /// The text `glance lint --reporter kind` prints (UTF-8, ending in a newline unless empty).
    public static func render(_ result: LintResult, as kind: ReporterKind, options: ReportOptions) -> String {
        switch kind {
        case .xcode: return xcode(result, displayRoot: options.displayRoot, explainSkips: options.explainSkips)
        case .json: return json(result, displayRoot: options.displayRoot, explainSkips: options.explainSkips)
        case .sarif: return SARIFReporter.render(result, options: options)
        case .githubActions: return GitHubActionsReporter.render(result, options: options)
        case .checkstyle: return CheckstyleReporter.render(result, options: options)
        case .junit: return JUnitReporter.render(result, options: options)
        case .markdown: return MarkdownReporter.render(result, options: options)
        case .gitlab: return GitLabReporter.render(result, options: options)
        }
    }

    /// `path:line:column: error|warning: message [rule_id]`, one per line, in file/line/column/rule order.
    public static func xcode(_ result: LintResult, displayRoot: String, explainSkips: Bool) -> String {
        var lines = result.violations.map { violation in
            "\(displayPath(violation.file, root: displayRoot)):\(violation.line):\(violation.column): \(violation.severity.rawValue): \(violation.displayMessage(root: displayRoot)) [\(violation.rule)]"
        }
        if explainSkips && !result.skips.isEmpty {
            // The count is of the lines printed: the same skip recorded twice (two targets, two passes) is one line.
            let skipped = skipLines(result.skips, displayRoot: displayRoot)
            lines.append("Skipped checks (\(skipped.count)):")
            lines += skipped.map { "  " + $0 }
        }
        return lines.isEmpty ? "" : lines.map { OutputText.escaped($0) }.joined(separator: "\n") + "\n"
    }

    /// A JSON array of `{"rule","severity","file","line","column","message","target","related","cause"}` (`cause`: what
    /// makes several places one finding, or null), files printed as
    /// every reporter prints them (`displayRoot` joined with the path below the lint root; `related`: the other
    /// places of the same cause, `[{"file","line","column"}]`); with `explainSkips`, an object
    /// `{"violations": [...], "skipped": [{"rule","file","reason"}]}`.
    public static func json(_ result: LintResult, displayRoot: String = "", explainSkips: Bool) -> String {
        let violations: [[String: Any]] = result.violations.map { violation in
            ["rule": violation.rule, "severity": violation.severity.rawValue, "file": displayPath(violation.file, root: displayRoot),
             "line": violation.line, "column": violation.column, "message": violation.displayMessage(root: displayRoot), "target": violation.target ?? NSNull(),
             "related": violation.related.map { ["file": displayPath($0.file, root: displayRoot), "line": $0.line, "column": $0.column] as [String: Any] },
             "cause": violation.cause ?? NSNull()]
        }
        guard explainSkips else { return JSONText.render(violations) }
        let skipped: [[String: Any]] = sortedSkips(result.skips).map { skip in
            ["rule": skip.rule ?? NSNull(), "file": skip.file.map { displayPath($0, root: displayRoot) } ?? NSNull(), "reason": MessagePlace.shown(skip.reason, root: displayRoot)]
        }
        return JSONText.render(["violations": violations, "skipped": skipped])
    }

    /// `[rule] path: reason` per distinct skip, sorted.
    static func skipLines(_ skips: [Skip], displayRoot: String) -> [String] {
        sortedSkips(skips).map { skip in
            var line = ""
            if let rule = skip.rule { line += "[\(rule)] " }
            if let file = skip.file { line += displayPath(file, root: displayRoot) + ": " }
            return line + MessagePlace.shown(skip.reason, root: displayRoot)
        }
    }

    static func sortedSkips(_ skips: [Skip]) -> [Skip] {
        var seen: Set<Skip> = []
        return skips.filter { seen.insert($0).inserted }
            .sorted { ($0.rule ?? "", $0.file ?? "", $0.reason) < ($1.rule ?? "", $1.file ?? "", $1.reason) }
    }

    /// `root/relative`, without a leading `./` (`MessagePlace.joined`: places in messages are printed the same way).
    public static func displayPath(_ relative: String, root: String) -> String { MessagePlace.joined(root, relative) }
}
