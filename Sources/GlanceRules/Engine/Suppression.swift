import GlanceSourceIndex
import GlanceSurfaces

/// An inline suppression: a `// glance:` comment in a Swift file.
///
/// - `// glance:disable ID [ID…]`: from this line to the next `glance:enable` of the rule (or of `all`), or to
///   the end of the file;
/// - `// glance:enable ID [ID…]`: ends a `disable` from this line on;
/// - `// glance:disable:next ID [ID…]`: the next line only;
/// - `// glance:disable:this ID [ID…]`: this line only.
///
/// `all` stands for every rule except `unused_suppression`. Ids are separated by spaces or commas; a ` - `
/// ends the list, and what follows is a reason for people.
struct Suppression: Sendable {
    enum Scope: String, Sendable, CaseIterable {
        case disable = "glance:disable"
        case enable = "glance:enable"
        case next = "glance:disable:next"
        case this = "glance:disable:this"
    }

    /// Path relative to the lint root.
    let file: String
    let line: Int
    let column: Int
    /// Nil when the command is not one of `Scope` (then `problems` says so).
    let scope: Scope?
    /// Known rule ids it names (`all` excluded).
    let rules: Set<String>
    /// Whether it names `all`.
    let all: Bool
    /// What is wrong with the comment itself: an unknown command, no rule ids, an unknown rule id.
    let problems: [String]

    /// Reads one directive comment. `text` starts with `glance:`; `knownRules` are the catalog's ids.
    init(file: String, comment: LineComment, knownRules: [String]) {
        self.file = file
        self.line = comment.line
        self.column = comment.column
        let words = comment.text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
        let command = words.first ?? comment.text
        var problems: [String] = []
        guard let scope = Scope(rawValue: command) else {
            self.scope = nil
            self.rules = []
            self.all = false
            let hint = Suggestion.hint(command, in: Scope.allCases.map(\.rawValue))
            self.problems = ["unknown suppression command '\(command)'\(hint)"]
            return
        }
        let ids = words.dropFirst().prefix { $0 != "-" && $0 != "—" }
        if ids.isEmpty { problems.append("'\(command)' names no rule; list rule ids or 'all'") }
        var rules: Set<String> = []
        for id in ids where id != "all" {
            if knownRules.contains(id) {
                rules.insert(id)
            } else {
                problems.append("no rule '\(id)'\(Suggestion.hint(id, in: knownRules))")
            }
        }
        self.scope = scope
        self.rules = rules
        self.all = ids.contains("all")
        self.problems = problems
    }

    /// Whether a comment's text is meant as a directive: its first word is `glance:` followed at once by a command
    /// of lower-case words joined by `:` that is one of `Scope` or within two edits of one (`glance:disabel`, a
    /// typo, is a directive with a problem). Any other comment that starts with `glance:` is prose (`// glance: a
    /// quick look at today's numbers`, `// glance:Today`).
    static func isDirective(_ text: String) -> Bool {
        let command = text.prefix { $0 != " " && $0 != "\t" && $0 != "," }
        guard command.hasPrefix("glance:") else { return false }
        let words = command.dropFirst("glance:".count).split(separator: ":", omittingEmptySubsequences: false)
        guard !words.isEmpty, words.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isLowercase } }) else { return false }
        return Scope.allCases.contains { Suggestion.editDistance(String(command), $0.rawValue) <= 2 }
    }

    /// Whether it names `rule` (`all` counts unless `explicitOnly`).
    func names(_ rule: String, explicitOnly: Bool) -> Bool {
        rules.contains(rule) || (all && !explicitOnly)
    }

    /// Whether it comes before a place in the same file (earlier line, or the same line and column before it).
    func precedes(_ other: Suppression) -> Bool { (line, column) < (other.line, other.column) }
}
