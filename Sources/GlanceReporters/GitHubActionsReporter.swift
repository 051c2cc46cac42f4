import GlanceRules
import GlanceSurfaces

/// GitHub Actions workflow commands, one line per violation, which the runner turns into annotations:
/// `::error file=PATH,line=L,col=C,title=RULE_ID::MESSAGE` (`::warning` for warnings). PATH is the path as the
/// xcode reporter prints it. With `--explain-skips`, each skipped check is a `::notice title=skipped RULE_ID::…`.
///
/// Escaping follows the runner's toolkit: in the message, `%` → `%25`, CR → `%0D`, LF → `%0A`; in property
/// values also `:` → `%3A` and `,` → `%2C`.
public enum GitHubActionsReporter {
    public static func render(_ result: LintResult, options: ReportOptions) -> String {
        var lines = result.violations.map { violation in
            command(violation.severity.rawValue, properties: [
                ("file", ViolationReporter.displayPath(violation.file, root: options.displayRoot)),
                ("line", String(violation.line)), ("col", String(violation.column)), ("title", violation.rule),
            ], message: violation.displayMessage(root: options.displayRoot))
        }
        if options.explainSkips {
            lines += ViolationReporter.sortedSkips(result.skips).map { skip in
                var properties: [(String, String)] = []
                if let file = skip.file { properties.append(("file", ViolationReporter.displayPath(file, root: options.displayRoot))) }
                properties.append(("title", "skipped " + (skip.rule ?? "checks")))
                return command("notice", properties: properties, message: MessagePlace.shown(skip.reason, root: options.displayRoot))
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// `::name key=value,…::message`, escaped as the runner's toolkit escapes (CR, LF, `%`, and in properties
    /// `:` and `,`), and every other control character spelled out (`OutputText`).
    public static func command(_ name: String, properties: [(String, String)], message: String) -> String {
        let list = properties.map { "\($0.0)=\(escapeProperty(OutputText.escaped($0.1, keeping: ["\r", "\n"])))" }.joined(separator: ",")
        return "::\(name)\(list.isEmpty ? "" : " " + list)::\(escapeData(OutputText.escaped(message, keeping: ["\r", "\n"])))"
    }

    public static func escapeData(_ text: String) -> String { escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A")]) }

    public static func escapeProperty(_ text: String) -> String {
        escape(text, [("%", "%25"), ("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C")])
    }

    /// Replaces scalars (not characters: CR LF is one `Character` in Swift).
    private static func escape(_ text: String, _ table: [(Unicode.Scalar, String)]) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if let replacement = table.first(where: { $0.0 == scalar })?.1 { escaped += replacement } else { escaped.unicodeScalars.append(scalar) }
        }
        return escaped
    }
}
