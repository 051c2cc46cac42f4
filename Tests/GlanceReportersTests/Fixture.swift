import GlanceReporters
import GlanceRules
import GlanceSurfaces

/// A small lint result with the characters each format must escape: `<`, `&`, `"`, `'`, `|`, `%`, `,`, `:`,
/// CR LF, a control character, two identical warnings (for the SARIF fingerprint ordinal), and a skip recorded twice.
enum Fixture {
    static let result = LintResult(violations: [
        Violation(rule: "duplicate_kind", severity: .error, file: "App/A&B <x>.swift", line: 3, column: 5,
                  message: "kind \"a|b\" <c> & 'd' 100%,: x\r\ny\u{1}", target: "App"),
        Violation(rule: "widget_url_multiple", severity: .warning, file: "Widgets/W.swift", line: 10, column: 2,
                  message: "two `<a|b>` calls", target: nil),
        Violation(rule: "widget_url_multiple", severity: .warning, file: "Widgets/W.swift", line: 12, column: 2,
                  message: "two `<a|b>` calls", target: nil),
    ], skips: [
        Skip(rule: nil, file: nil, reason: "no project"),
        Skip(rule: "duplicate_kind", file: "App/A&B <x>.swift", reason: "kind is <computed>"),
        // Recorded twice (two targets): printed, and counted, once.
        Skip(rule: nil, file: nil, reason: "no project"),
    ])

    static let empty = LintResult(violations: [], skips: [])

    static func options(explainSkips: Bool = false) -> ReportOptions {
        ReportOptions(displayRoot: "Proj", explainSkips: explainSkips, toolVersion: "9.8.7", rules: ["duplicate_kind", "widget_url_multiple"].compactMap(RuleRegistry.rule))
    }
}
