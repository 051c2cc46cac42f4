import Foundation
import GlanceRules
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Checkstyle XML (format version 4.3): `<checkstyle version="4.3">` with one `<file name="PATH">` per file
/// that has violations, in path order, each holding `<error line column severity message source>` in line
/// order. PATH is the path as the xcode reporter prints it; `severity` is `error` or `warning`; `source` is
/// `glance.rules.RULE_ID`. Skipped checks have no place in the format and are left out.
public enum CheckstyleReporter {
    public static func render(_ result: LintResult, options: ReportOptions) -> String {
        let byFile = Dictionary(grouping: result.violations.sorted(by: Violation.ordered)) {
            ViolationReporter.displayPath($0.file, root: options.displayRoot)
        }
        let files = byFile.keys.sorted().map { path in
            XMLText.element("file", [("name", path)], children: byFile[path]!.map { violation in
                XMLText.element("error", [
                    ("line", String(violation.line)), ("column", String(violation.column)),
                    ("severity", violation.severity.rawValue), ("message", violation.displayMessage(root: options.displayRoot)),
                    ("source", "glance.rules." + violation.rule),
                ])
            })
        }
        return XMLText.document(XMLText.element("checkstyle", [("version", "4.3")], children: files))
    }
}
