import GlanceSourceIndex

/// Applies the `// glance:` suppressions of the linted Swift files to the violations the rules reported, and
/// finds the suppressions that suppress nothing (`unused_suppression`). Rules never see suppressions: the
/// linter runs them first and filters afterwards. Only violations in Swift files can be suppressed inline;
/// findings in Info.plist, entitlements or project files are silenced through the configuration.
final class InlineSuppressions {
    static let unusedRule = "unused_suppression"

    /// Suppressions by file (relative path), in (line, column) order.
    private let byFile: [String: [Suppression]]
    /// Per file and suppression: the rule ids it suppressed a violation of (`all` when through `all`).
    private var used: [String: [Set<String>]]
    /// Per file, positions in `byFile` by what they cover, so that finding the suppressions of a violation
    /// does not read every suppression of its file (a file may hold thousands).
    private let lookups: [String: Lookup]

    private struct Lookup {
        /// `disable:this` suppressions by their line; `disable:next` by the line after theirs.
        var thisByLine: [Int: [Int]] = [:]
        var nextByLine: [Int: [Int]] = [:]
        /// `disable`/`enable` suppressions naming a rule, by rule id; those naming `all`. Both in file order.
        var rangesByRule: [String: [Int]] = [:]
        var rangesForAll: [Int] = []
    }

    /// - Parameter comments: directive comments by file, with paths relative to the lint root.
    init(comments: [String: [LineComment]], knownRules: [String]) {
        var byFile: [String: [Suppression]] = [:]
        var lookups: [String: Lookup] = [:]
        for (file, list) in comments {
            let suppressions = list.filter { Suppression.isDirective($0.text) }
                .map { Suppression(file: file, comment: $0, knownRules: knownRules) }.sorted { $0.precedes($1) }
            byFile[file] = suppressions
            var lookup = Lookup()
            for (index, suppression) in suppressions.enumerated() {
                switch suppression.scope {
                case .this: lookup.thisByLine[suppression.line, default: []].append(index)
                case .next: lookup.nextByLine[suppression.line + 1, default: []].append(index)
                case .disable, .enable:
                    for rule in suppression.rules { lookup.rangesByRule[rule, default: []].append(index) }
                    if suppression.all { lookup.rangesForAll.append(index) }
                case nil: break
                }
            }
            lookups[file] = lookup
        }
        self.byFile = byFile
        self.lookups = lookups
        self.used = byFile.mapValues { Array(repeating: [], count: $0.count) }
    }

    var isEmpty: Bool { byFile.isEmpty }

    /// The violations no suppression covers. Records which suppression covered which rule.
    /// - Parameter explicitOnly: only suppressions that name the rule count (`all` does not); used for
    ///   `unused_suppression` itself.
    func filter(_ violations: [Violation], explicitOnly: Bool = false) -> [Violation] {
        violations.filter { violation in
            guard let list = byFile[violation.file] else { return true }
            let covering = self.covering(violation, in: list, explicitOnly: explicitOnly)
            for index in covering {
                used[violation.file]![index].insert(list[index].rules.contains(violation.rule) ? violation.rule : "all")
            }
            return covering.isEmpty
        }
    }

    /// Indexes of the suppressions of a file that cover a violation: `this` on its line, `next` on the line
    /// before, and the last `disable`/`enable` for its rule at or above it, if that is a `disable`.
    private func covering(_ violation: Violation, in list: [Suppression], explicitOnly: Bool) -> [Int] {
        guard let lookup = lookups[violation.file] else { return [] }
        var result: [Int] = []
        for index in (lookup.thisByLine[violation.line] ?? []) + (lookup.nextByLine[violation.line] ?? [])
        where list[index].names(violation.rule, explicitOnly: explicitOnly) {
            result.append(index)
        }
        /// The last of `indexes` (in file order) on a line at or above the violation's.
        func last(_ indexes: [Int]) -> Int? {
            var low = 0, high = indexes.count
            while low < high {
                let middle = (low + high) / 2
                if list[indexes[middle]].line <= violation.line { low = middle + 1 } else { high = middle }
            }
            return low > 0 ? indexes[low - 1] : nil
        }
        let candidates = [last(lookup.rangesByRule[violation.rule] ?? []), explicitOnly ? nil : last(lookup.rangesForAll)].compactMap { $0 }
        if let lastRange = candidates.max(), list[lastRange].scope == .disable { result.append(lastRange) }
        return result.sorted()
    }

    /// `unused_suppression` violations, at each comment's position.
    /// - Parameters:
    ///   - checkedRules: the rules that ran; a suppression of a rule that did not run (disabled in the
    ///     configuration) is not reported.
    ///   - onlyUnusedRule: report only suppressions of `unused_suppression` itself (the second pass, after
    ///     the first pass's reports were filtered); otherwise every other problem.
    func unused(checkedRules: Set<String>, onlyUnusedRule: Bool, severity: Severity) -> [Violation] {
        var violations: [Violation] = []
        for (file, list) in byFile {
            for (index, suppression) in list.enumerated() {
                func report(_ message: String) {
                    violations.append(Violation(rule: Self.unusedRule, severity: severity, file: file, line: suppression.line,
                                                column: suppression.column, message: message, target: nil))
                }
                let used = self.used[file]![index]
                guard let scope = suppression.scope else {
                    if !onlyUnusedRule { suppression.problems.forEach(report) }
                    continue
                }
                if onlyUnusedRule {
                    if suppression.rules.contains(Self.unusedRule), !used.contains(Self.unusedRule) {
                        report("'\(scope.rawValue)' suppresses no violation of '\(Self.unusedRule)'; remove it")
                    }
                    continue
                }
                suppression.problems.forEach(report)
                guard scope != .enable else { continue }
                if suppression.all {
                    if used.isEmpty { report("'\(scope.rawValue) all' suppresses no violation; remove it") }
                    continue
                }
                let stale = suppression.rules.subtracting(used).subtracting([Self.unusedRule]).intersection(checkedRules).sorted()
                if !stale.isEmpty {
                    let names = stale.map { "'\($0)'" }
                    let fix = stale.count == suppression.rules.count && suppression.problems.isEmpty ? "remove it" : "remove \(names.joined(separator: " and ")) from it"
                    report("'\(scope.rawValue)' suppresses no violation of \(names.joined(separator: " or ")); \(fix)")
                }
            }
        }
        return violations
    }
}
