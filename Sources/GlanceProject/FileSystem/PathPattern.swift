/// A path glob, relative to a folder: the configuration's `included`, `excluded` and `excluded_by_rule`
/// (relative to the configuration file's folder), a Tuist target's `sources:` (relative to its manifest):
/// - `*` matches any characters except `/`; `?` one character except `/`;
/// - `**` as a whole path component matches any number of components, none included (`**/*.plist`);
/// - a pattern that matches a folder matches everything below it (`Pods`, `App/Generated/`).
///
/// A leading `./` and a trailing `/` are ignored. Matching is case-sensitive, and takes time proportional to
/// the pattern's length times the path's, whatever the wildcards (it never backtracks exponentially).
public struct PathPattern: Sendable, Equatable {
    /// The longest glob Glance accepts, in characters (see `ConfigurationParser`).
    public static let maximumLength = 1_024
    /// The most globs one configuration may hold (`included`, `excluded` and every `excluded_by_rule` list).
    public static let maximumCount = 1_000
    /// The most patterns one Tuist glob may expand to through its `{a,b}` alternatives.
    public static let maximumExpansions = 256

    public let pattern: String
    private let components: [[Character]]

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasSuffix("/") && text.count > 1 { text = text.dropLast() }
        components = text.split(separator: "/", omittingEmptySubsequences: true).map(Array.init)
    }

    /// Whether `path` (relative, `/`-separated) or one of the folders it is in matches.
    public func matches(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(Array.init)
        guard !parts.isEmpty, !components.isEmpty else { return false }
        // reachable[j]: the components matched so far can end right before part j. After the last component,
        // any reachable j ≥ 1 means the path's first j parts (a folder or the file itself) match.
        var reachable = [Bool](repeating: false, count: parts.count + 1)
        reachable[0] = true
        for component in components {
            var next = [Bool](repeating: false, count: parts.count + 1)
            if component == ["*", "*"] {
                var any = false
                for j in 0...parts.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                for j in 0..<parts.count where reachable[j] && Self.matchComponent(component, parts[j]) { next[j + 1] = true }
            }
            reachable = next
            if !reachable.contains(true) { return false }
        }
        return reachable.dropFirst().contains(true)
    }

    /// One component with `*` and `?` wildcards, by the usual two-pointer walk (linear backtracking to the
    /// last `*` only).
    static func matchComponent(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0, t = 0, star = -1, mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || (pattern[p] != "*" && pattern[p] == text[t]) {
                p += 1; t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p; mark = t; p += 1
            } else if star >= 0 {
                p = star + 1; mark += 1; t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// Why a glob cannot be used (too long), or nil.
    public static func problem(_ pattern: String) -> String? {
        pattern.count > maximumLength ? "is \(pattern.count) characters long; Glance's limit is \(maximumLength)" : nil
    }
}
