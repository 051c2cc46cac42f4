import Foundation
import GlanceRules
#if canImport(FoundationXML)
import FoundationXML
#endif

/// JUnit XML for CI test-report views: `<testsuites name="glance">` holding one `<testsuite name="glance">`.
///
/// Each violation is one failed test case, as ESLint's and SwiftLint's JUnit output do it: `classname` is the
/// file as the xcode reporter prints it, without its extension (report views split class names at dots),
/// `name` is `RULE_ID at LINE:COLUMN`, and `<failure message="MESSAGE" type="error|warning">` holds the
/// xcode-format line, escaped as the xcode reporter escapes it (some views show only the text, others only
/// the message). Warnings are failures too;
/// `type` tells them apart. A run without violations is one passing case, `glance` / `no violations`, so
/// report views that reject an empty report do not fail. `errors` and `skipped` are always 0. With
/// `--explain-skips`, the skipped checks are the suite's `<system-out>`, one per line.
public enum JUnitReporter {
    public static func render(_ result: LintResult, options: ReportOptions) -> String {
        let root = options.displayRoot
        var cases = result.violations.map { violation in
            let path = ViolationReporter.displayPath(violation.file, root: root)
            let line = "\(path):\(violation.line):\(violation.column): \(violation.severity.rawValue): \(violation.displayMessage(root: options.displayRoot)) [\(violation.rule)]"
            return XMLText.element("testcase", [
                ("classname", (path as NSString).deletingPathExtension),
                ("name", "\(violation.rule) at \(violation.line):\(violation.column)"),
            ], children: [
                XMLText.element("failure", [("message", violation.displayMessage(root: options.displayRoot)), ("type", violation.severity.rawValue)], lines: [line]),
            ])
        }
        if cases.isEmpty { cases = [XMLText.element("testcase", [("classname", "glance"), ("name", "no violations")])] }
        let counts = [("tests", String(cases.count)), ("failures", String(result.violations.count)), ("errors", "0")]
        var suiteChildren = cases
        if options.explainSkips && !result.skips.isEmpty {
            suiteChildren.append(XMLText.element("system-out", lines: ViolationReporter.skipLines(result.skips, displayRoot: root)))
        }
        let suite = XMLText.element("testsuite", [("name", "glance")] + counts + [("skipped", "0")], children: suiteChildren)
        return XMLText.document(XMLText.element("testsuites", [("name", "glance")] + counts, children: [suite]))
    }
}
