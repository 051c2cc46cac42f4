import Foundation
import GlanceRules

/// A Markdown summary for a pull-request comment: a bold header with the counts, then a table
/// `| Severity | Rule | File | Line | Message |` in the usual order. Cells have `|` escaped as `\|`, and line
/// breaks replaced by spaces (see `cell`). Without violations: `**Glance**: no violations.` With `--explain-skips`, the
/// skipped checks follow in a collapsed `<details>` list.
public enum MarkdownReporter {
    public static func render(_ result: LintResult, options: ReportOptions) -> String {
        let errors = result.violations.filter { $0.severity == .error }.count
        let warnings = result.violations.count - errors
        var lines: [String]
        if result.violations.isEmpty {
            lines = ["**Glance**: no violations."]
        } else {
            lines = ["**Glance**: \(count(errors, "error")), \(count(warnings, "warning")).", "",
                     "| Severity | Rule | File | Line | Message |", "|---|---|---|---|---|"]
            lines += result.violations.map { violation in
                let cells = [violation.severity.rawValue, "`\(violation.rule)`",
                             cell(ViolationReporter.displayPath(violation.file, root: options.displayRoot)),
                             String(violation.line), cell(violation.displayMessage(root: options.displayRoot))]
                return "| " + cells.joined(separator: " | ") + " |"
            }
        }
        if options.explainSkips && !result.skips.isEmpty {
            let skipped = ViolationReporter.skipLines(result.skips, displayRoot: options.displayRoot)
            lines += ["", "<details><summary>Skipped checks (\(skipped.count))</summary>", ""]
            lines += skipped.map { "- " + cell($0) }
            lines += ["", "</details>"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One table cell: `|` → `\|`; a line break (CR, LF or CR LF) → one space; other control characters
    /// spelled out as `OutputText` does; outside code spans, Markdown's inline syntax characters get a backslash — `\ * _ ~ [ ] < &`
    /// (`scene(_:openURLContexts:)` would turn italic, `<Name>` would be an HTML tag GitHub hides, `&lt;` an
    /// entity) and a last backtick without a partner, so it opens no code span; outer whitespace trimmed.
    public static func cell(_ raw: String) -> String {
        // Line breaks become spaces; any other control character, and bytes of names that are not UTF-8, are
        // spelled out (`OutputText`).
        let unbroken = raw.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r\n" || $0 == "\r" || $0 == "\n" }).joined(separator: " ")
        let text = OutputText.escaped(unbroken)
        var escaped = ""
        var inCode = false
        var previous: Unicode.Scalar = " "
        var backticks = text.unicodeScalars.filter { $0 == "`" }.count
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "`" where backticks == 1 && !inCode: escaped += "\\`"
            case "|": escaped += "\\|"
            case "\n" where previous == "\r": continue
            case "\r", "\n": escaped += " "
            case "\\", "*", "_", "~", "[", "]", "<", "&": escaped += (inCode ? "" : "\\") + String(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default:
                if scalar == "`" { inCode.toggle(); backticks -= 1 }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped.trimmingCharacters(in: .whitespaces)
    }

    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
