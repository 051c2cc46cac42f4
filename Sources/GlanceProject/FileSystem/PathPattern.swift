/// A path glob, relative to a folder: the configuration's `included`, `excluded` and `excluded_by_rule`
/// (relative to the configuration file's folder), a Tuist target's `sources:` (relative to its manifest):
/// - `*` matches any characters except `/`; `?` one character except `/`;
/// - `**` as a whole path component matches any number of components, none included (`**/*.plist`);
/// - a pattern that matches a folder matches everything below it (`Pods`, `App/Generated/`).
///
/// A leading `./` and a trailing `/` are ignored. Matching is case-sensitive.
public struct PathPattern: Sendable, Equatable {
    public let pattern: String
    private let components: [String]

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasSuffix("/") && text.count > 1 { text = text.dropLast() }
        components = text.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// Whether `path` (relative, `/`-separated) or one of the folders it is in matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !parts.isEmpty, !components.isEmpty else { return false }
        return (1...parts.count).contains { Self.match(components[...], parts[..<$0]) }
    }

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            return (0...path.count).contains { match(pattern.dropFirst(), path.dropFirst($0)) }
        }
        guard let part = path.first, matchComponent(Array(first)[...], Array(part)[...]) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// One component: `*` and `?` wildcards.
    private static func matchComponent(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        switch first {
        case "*": return (0...text.count).contains { matchComponent(pattern.dropFirst(), text.dropFirst($0)) }
        case "?": return !text.isEmpty && matchComponent(pattern.dropFirst(), text.dropFirst())
        default: return text.first == first && matchComponent(pattern.dropFirst(), text.dropFirst())
        }
    }
}
