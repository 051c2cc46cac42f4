/// A file (or `file:line`) named inside a message or a skip's reason — "… (same cause at App/A.swift:3)", "… uses
/// Live Activities (App/Tracker.swift:8) …" — printed the way reporters print a finding's own file: the folder
/// being linted as typed, then the path below it (README, "Paths"), so that every path of a run has one base.
///
/// A rule writes such a place with `RuleContext.place(_:)`, which marks it (the path below the folder being
/// linted, between U+E000 and U+E001, private-use characters no source text reaches a message with); reporters
/// print `shown(_:root:)`. What compares messages across runs — the baseline, SARIF and GitLab fingerprints — uses
/// `plain(_:)`, the path below the folder, so it does not depend on how the folder was typed.
public enum MessagePlace {
    static let open: Unicode.Scalar = "\u{E000}"
    static let close: Unicode.Scalar = "\u{E001}"

    /// `relative` (a path below the folder being linted, with `:line` when it has one), marked as a place.
    public static func mark(_ relative: String) -> String { String(open) + relative + String(close) }

    /// The text with each place printed below `root` (the folder as typed; "" for the current folder).
    public static func shown(_ text: String, root: String) -> String { replacing(text) { joined(root, $0) } }

    /// The text with each place as the path below the folder being linted.
    public static func plain(_ text: String) -> String { replacing(text) { $0 } }

    /// `root/relative`, without a leading `./` (the path every reporter prints for a file).
    public static func joined(_ root: String, _ relative: String) -> String {
        if relative == "." { return root.isEmpty ? "." : root }
        // A place outside the folder (a project naming /etc/hosts) stays absolute, as it was given.
        if root.isEmpty || root == "." || relative.hasPrefix("/") { return relative }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }

    private static func replacing(_ text: String, _ place: (String) -> String) -> String {
        guard text.unicodeScalars.contains(open) else { return text }
        var result = String.UnicodeScalarView()
        var inside: String.UnicodeScalarView?
        for scalar in text.unicodeScalars {
            if scalar == open { inside = String.UnicodeScalarView(); continue }
            if scalar == close, let marked = inside {
                result.append(contentsOf: place(String(marked)).unicodeScalars)
                inside = nil
                continue
            }
            if inside != nil { inside!.append(scalar) } else { result.append(scalar) }
        }
        if let unclosed = inside { result.append(contentsOf: unclosed) }
        return String(result)
    }
}
