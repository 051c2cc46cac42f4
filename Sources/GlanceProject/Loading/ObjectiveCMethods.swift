import Foundation

/// An Objective-C method implementation found in a `.m` or `.mm` file: its selector and where it starts.
public struct ObjectiveCMethod: Sendable, Hashable, Codable {
    /// The selector (`application:openURL:options:`).
    public let selector: String
    /// Absolute path of the file.
    public let file: String
    /// 1-based line of the method's `-`.
    public let line: Int

    public init(selector: String, file: String, line: Int) {
        self.selector = selector
        self.file = file
        self.line = line
    }
}

/// Finds the instance methods an Objective-C file implements, by their selectors: Glance does not read Objective-C
/// as code, but an app delegate written in it (`- (BOOL)application:(UIApplication *)app openURL:(NSURL *)url
/// options:(…)options {`) handles URLs all the same, and rules that look for a URL handler must know it is there.
///
/// A method implementation is a line starting with `-`, a return type in parentheses, then the selector's parts
/// (`name:(Type)argument`), up to the `{` of its body; declarations (ending in `;`), comments and string contents
/// are not implementations.
public enum ObjectiveCMethods {
    /// The selectors of an app delegate or scene delegate method that receives a URL or a user activity.
    public static let urlHandlingSelectors: Set<String> = [
        "application:openURL:options:", "application:openURL:sourceApplication:annotation:", "application:handleOpenURL:",
        "scene:openURLContexts:", "application:continueUserActivity:restorationHandler:", "scene:continueUserActivity:",
    ]

    /// The selector recorded for a file that could not be searched (too large, unreadable): it may hold any
    /// method.
    public static let unsearched = "?"

    /// The methods of `text` whose selector is in `selectors`, in file order. Lines end with LF, CRLF or CR.
    public static func implementations(in text: String, file: String, among selectors: Set<String>) -> [ObjectiveCMethod] {
        var result: [ObjectiveCMethod] = []
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        var index = 0
        var inComment = false
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            defer { index += 1 }
            if inComment {
                if line.contains("*/") { inComment = false }
                continue
            }
            if trimmed.hasPrefix("/*") && !trimmed.contains("*/") { inComment = true; continue }
            guard trimmed.hasPrefix("-") else { continue }
            // The signature may run over several lines, up to `{` (an implementation) or `;` (a declaration).
            var signature = String(trimmed.dropFirst())
            var end = index
            while !signature.contains("{") && !signature.contains(";") && end + 1 < lines.count && end - index < 8 {
                end += 1
                signature += " " + lines[end]
            }
            guard let brace = signature.firstIndex(of: "{"), !signature[..<brace].contains(";"),
                  let selector = selector(of: String(signature[..<brace])), selectors.contains(selector) else { continue }
            result.append(ObjectiveCMethod(selector: selector, file: file, line: index + 1))
        }
        return result
    }

    /// The selector of a method signature without its leading `-`: `(BOOL)application:(UIApplication *)app
    /// openURL:(NSURL *)url` → `application:openURL:`; `(void)viewDidLoad` → `viewDidLoad`; nil when it is not one.
    static func selector(of signature: String) -> String? {
        // Drop the parenthesized types (they may nest: `(void (^)(NSArray *))handler`).
        var plain = ""
        var depth = 0
        for character in signature {
            if character == "(" { depth += 1; continue }
            if character == ")" { depth = max(0, depth - 1); continue }
            if depth == 0 { plain.append(character) }
        }
        guard depth == 0 else { return nil }
        // Any run of spaces, tabs and line breaks is one space.
        plain = plain.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let words = plain.split(separator: " ").map(String.init)
        guard let first = words.first else { return nil }
        if !plain.contains(":") {
            return words.count == 1 && first.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? first : nil
        }
        // `part:argument part:argument …`, spaces allowed around the colons.
        let joined = plain.replacingOccurrences(of: " :", with: ":").replacingOccurrences(of: ": ", with: ":")
        var parts: [String] = []
        for token in joined.split(separator: " ") {
            guard let colon = token.firstIndex(of: ":") else { continue }
            let name = token[..<colon]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            parts.append(String(name) + ":")
        }
        return parts.isEmpty ? nil : parts.joined()
    }
}
