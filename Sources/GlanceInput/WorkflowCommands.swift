/// Output made inert for CI runners that read commands from a step's output.
///
/// The GitHub Actions runner takes every line a step prints (standard output and standard error, lines ended by
/// LF, CR or CR LF) for a workflow command when the line, after leading white space, starts with `::`
/// (`::error title=…::…`, `::add-mask::…`, `::stop-commands::TOKEN`), and otherwise when it holds `##[` followed
/// by a `]` anywhere (the older form: `##[set-output name=x]y`, `##[stop-commands]TOKEN`). Azure Pipelines takes
/// `##vso[` anywhere in a line the same way. So a folder named `::error title=x::y`, or a string in the code
/// holding `##[stop-commands]`, must never reach such a line as it is: it would forge an annotation, set an output,
/// or turn command processing off for the rest of the step (and with it a later `::add-mask::` of a secret).
///
/// `neutralized(_:as:)` is applied once to everything a command prints (the CLI's standard output and error, and
/// what `glance push` streams), after the reporters' own escaping, so no output path can skip it:
/// - a line whose first characters after white space (as the runner trims it: Unicode white space) are `::` gets
///   its first colon spelled out;
/// - the `[` of every `##[` and `##vso[` is spelled out.
/// Each escape is the output's own: `\u{3A}` and `\u{5B}` in text (Glance's escapes for characters it spells
/// out), `\u003A`-style escapes in JSON (inside strings, the only place these characters can be there), `&#58;` and
/// `&#91;` in XML. The value a JSON or XML reader gets is unchanged. The `github-actions` reporter's output is left
/// as it is: its lines are the runner's own commands, with the project's text escaped in their properties and data
/// (where `##[` is inert: the runner takes the `::` form of a line first).
public enum WorkflowCommands {
    /// How a command's output is written, for the escapes it allows.
    public enum Encoding: Sendable, Equatable {
        /// Lines of text (xcode, the `surfaces` and `payload` text, Markdown, standard error).
        case text
        /// JSON (json, sarif, gitlab, `--format json`, push's JSON lines).
        case json
        /// XML (checkstyle, junit).
        case xml
        /// GitHub Actions workflow commands (the `github-actions` reporter): left as they are.
        case workflowCommands
    }

    /// `text` with no line the runner would take for a command (see the type's description).
    public static func neutralized(_ text: String, as encoding: Encoding) -> String {
        guard encoding != .workflowCommands, mayHoldCommands(text) else { return text }
        let (colon, bracket): (String, String)
        switch encoding {
        case .text, .workflowCommands: (colon, bracket) = ("\\u{3A}", "\\u{5B}")
        case .json: (colon, bracket) = ("\\u003A", "\\u005B")
        case .xml: (colon, bracket) = ("&#58;", "&#91;")
        }
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var atLineStart = true   // only white space since the last line break
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
                atLineStart = true
            } else if atLineStart && scalar.properties.isWhitespace {
                // still at the start
            } else if atLineStart && scalar == ":" && index + 1 < scalars.count && scalars[index + 1] == ":" {
                result.append(contentsOf: colon.unicodeScalars)
                atLineStart = false
                index += 1
                continue
            } else {
                atLineStart = false
                if scalar == "[", opensBracketCommand(scalars, at: index) {
                    result.append(contentsOf: bracket.unicodeScalars)
                    index += 1
                    continue
                }
            }
            result.append(scalar)
            index += 1
        }
        return String(result)
    }

    /// Whether the `[` at `index` ends `##` or `##vso`.
    private static func opensBracketCommand(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        func ends(with marker: String) -> Bool {
            let marker = Array(marker.unicodeScalars)
            guard index >= marker.count else { return false }
            return Array(scalars[(index - marker.count)..<index]) == marker
        }
        return ends(with: "##") || ends(with: "##vso")
    }

    /// A quick look: text without `::` and without `#` holds no command.
    private static func mayHoldCommands(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "#") || (byte == UInt8(ascii: ":") && previous == UInt8(ascii: ":")) { return true }
            previous = byte
        }
        return false
    }
}
