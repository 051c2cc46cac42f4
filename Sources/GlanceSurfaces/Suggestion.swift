/// "Did you mean" hints for misspelled names (rule ids, configuration keys, options), shared by the rules,
/// the configuration and the command line.
public enum Suggestion {
    /// Levenshtein distance: the number of characters to insert, delete or replace to turn `a` into `b`.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The candidate closest to `text`, ignoring case, if one is within max(2, a third of its length) edits;
    /// ties go to the alphabetically first. Text of more than 256 characters (a mistake is not that long) has
    /// no suggestion, and candidates whose length alone puts them too far are not measured.
    public static func closest(_ text: String, in candidates: [String]) -> String? {
        let length = text.count
        guard length <= 256 else { return nil }
        let limit = max(2, length / 3)
        // Case does not count: `WIDGET_URL_MULTIPLE` finds `widget_url_multiple`.
        let scored = candidates.filter { abs($0.count - length) <= limit }
            .map { ($0, editDistance(text.lowercased(), $0.lowercased())) }.filter { $0.1 <= limit }
        return scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    /// `"; did you mean 'x'?"` for the closest candidate, or `""`.
    public static func hint(_ text: String, in candidates: [String]) -> String {
        closest(text, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}
