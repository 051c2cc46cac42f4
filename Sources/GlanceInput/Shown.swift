/// How Glance shows text it did not write — a value or a path the user gave, an answer a server sent — inside
/// its one-line messages: control and format characters escaped, long text cut, and key material described,
/// never shown.
public enum Shown {
    /// The longest path or name `name` shows as it is.
    public static let plainNameLimit = 200

    /// What `text` is when it looks like key material, for a message that must not show it: "a PEM private
    /// key", "PEM text (CERTIFICATE)", "a JWT", "a 184-character base64 value". Nil for anything else.
    ///
    /// Base64 counts from 40 characters on (a P-256 key's 32 bytes are 44) in the standard alphabet, when it
    /// looks random as encoded key bytes do: at least a quarter uppercase letters, lowercase letters and digits,
    /// few slashes, and not only hexadecimal digits (device tokens are). Paths (many slashes, few capitals,
    /// dots and dashes) do not.
    public static func keyMaterial(_ text: String) -> String? {
        if let begin = text.range(of: "-----BEGIN ") {
            let rest = text[begin.upperBound...]
            let label = rest.range(of: "-----").map { String(rest[..<$0.lowerBound]) } ?? ""
            if label.contains("PRIVATE KEY") || label.isEmpty { return "a PEM private key" }
            return "PEM text (\(escaped(label, limit: 40)))"
        }
        if text.contains("PRIVATE KEY-----") { return "a PEM private key" }
        let compact = text.unicodeScalars.filter { !$0.properties.isWhitespace }
        let characters = String(String.UnicodeScalarView(compact))
        if characters.hasPrefix("eyJ"), characters.split(separator: ".", omittingEmptySubsequences: false).count == 3 {
            return "a JWT"
        }
        guard compact.count >= 40 else { return nil }
        var lower = 0, upper = 0, digits = 0, slashes = 0, hexOnly = true
        for scalar in compact {
            switch scalar {
            case "a"..."z": lower += 1; if scalar > "f" { hexOnly = false }
            case "A"..."Z": upper += 1; if scalar > "F" { hexOnly = false }
            case "0"..."9": digits += 1
            case "/": slashes += 1; hexOnly = false
            case "+", "=": hexOnly = false
            default: return nil
            }
        }
        guard !hexOnly, lower > 0, digits >= 2, upper * 4 >= compact.count, slashes * 20 <= compact.count else { return nil }
        return "a \(compact.count)-character base64 value"
    }

    /// A value in single quotes, escaped and cut at `limit` characters: `'TEAM1234AB\n'`,
    /// `'abcdef…' (3000 characters)`. Key material is described instead: `(a PEM private key, not shown)`.
    public static func quoted(_ text: String, limit: Int = 64) -> String {
        if let material = keyMaterial(text) { return "(\(material), not shown)" }
        let shown = escaped(text, limit: limit)
        let count = text.unicodeScalars.count
        return "'\(shown)'" + (count > limit ? " (\(count) characters)" : "")
    }

    /// A path or name as the subject of a message (`PATH: reason`): as given when it is plain — printable and
    /// at most `plainNameLimit` characters — else as `quoted` shows it.
    public static func name(_ text: String) -> String {
        if keyMaterial(text) == nil, text.count <= plainNameLimit, !text.unicodeScalars.contains(where: needsEscape) { return text }
        return quoted(text, limit: 80)
    }

    /// `text` on one line: control, line-separator and format characters (bidirectional overrides,
    /// zero-width characters) escaped as `\n`, `\r`, `\t` or `\u{1B}`; with a `limit`, cut after that many
    /// characters, ending in "…". Characters in `keeping` (a newline, a tab) are kept as they are.
    public static func escaped(_ text: String, limit: Int? = nil, keeping: Set<Unicode.Scalar> = []) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            let piece: String
            if needsEscape(scalar) && !keeping.contains(scalar) {
                switch scalar {
                case "\n": piece = "\\n"
                case "\r": piece = "\\r"
                case "\t": piece = "\\t"
                default: piece = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            } else {
                piece = String(scalar)
            }
            if let limit, count + 1 > limit {
                result += "…"
                return result
            }
            result += piece
            count += 1
        }
        return result
    }

    /// Whether `text` holds anything `escaped` would change (a control character, a newline, a format
    /// character).
    public static func isPlain(_ text: String) -> Bool { !text.unicodeScalars.contains(where: needsEscape) }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse: return true
        default: return false
        }
    }
}
