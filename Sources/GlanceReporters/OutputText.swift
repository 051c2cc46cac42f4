import GlanceProject

/// Text from a project — file names, strings from its code, values from its pushes — made safe to print.
///
/// Every reporter passes what it prints through here, so no such text can start a new line of output (a file
/// named `A\nB.swift:1:2: error: fake` would otherwise add a diagnostic that Xcode or a CI log parser
/// believes), hide text, or break the output format. Line formats (xcode, the text of `surfaces` and
/// `payload simulate`, Markdown cells, standard error) use `escaped(_:)`:
/// - C0 control characters and DEL become `\n`, `\r`, `\t`, `\0` or `\u{1B}`;
/// - C1 control characters, the Unicode line and paragraph separators (U+2028, U+2029) and the
///   bidirectional overrides and isolates (U+202A…U+202E, U+2066…U+2069, which can reorder what a line
///   shows) become `\u{…}`;
/// - the bytes of a file name that is not UTF-8 (mapped by `FilePathBytes`) become `\xE9`.
/// Everything else, other non-ASCII text included, is printed as it is. Formats with escapes of their own keep
/// the line breaks they escape: JSON (json, sarif, `--format json`) spells out only the bytes of names that
/// are not UTF-8 (`spellingOutNameBytes`), since JSON escapes every control character; XML and GitHub
/// Actions commands keep CR, LF (and XML tab), which they encode, and escape the rest.
public enum OutputText {
    /// The text with every character that could end a line or hide text spelled out, except `keeping`.
    public static func escaped(_ text: String, keeping: Set<Unicode.Scalar> = []) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0) && !keeping.contains($0) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar), !keeping.contains(scalar) else { result.unicodeScalars.append(scalar); continue }
            if let byte = FilePathBytes.escapedByte(scalar) {
                result += "\\x" + hex(UInt32(byte), digits: 2)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default: result += "\\u{" + hex(scalar.value, digits: 1) + "}"
            }
        }
        return result
    }

    /// Whether a scalar is escaped (see the type's description).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || FilePathBytes.escapedByte(scalar) != nil
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The text with the bytes of names that are not UTF-8 spelled out (`\xE9`), nothing else changed.
    public static func spellingOutNameBytes(_ text: String) -> String {
        guard FilePathBytes.hasEscapedBytes(text) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if let byte = FilePathBytes.escapedByte(scalar) { result += "\\x" + hex(UInt32(byte), digits: 2) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// Every string of a JSON object tree (keys included) with name bytes spelled out, for reporters that
    /// write JSON (which escapes control characters itself).
    static func escapingStrings(_ object: Any) -> Any {
        switch object {
        case let text as String: return spellingOutNameBytes(text)
        case let array as [Any]: return array.map(escapingStrings)
        case let dictionary as [String: Any]:
            var result: [String: Any] = [:]
            for (key, value) in dictionary { result[escaped(key)] = escapingStrings(value) }
            return result
        default: return object
        }
    }
}
