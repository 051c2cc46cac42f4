import GlanceProject
import GlanceRules

/// The rule documentation in `docs/rules`, generated from the rules' descriptions: one page per rule
/// (`<id>.md`: identifier, group, default severity, enabled by default, summary, rationale, source, and the
/// examples that must and must not trigger it as Swift code blocks) and an index (`README.md`).
public enum RuleDocs {
    /// File name → contents, every page plus `README.md`, in file-name order.
    public static func files(_ rules: [any DescribedRule.Type]) -> [(name: String, contents: String)] {
        let pages = rules.map { (name: $0.description.identifier + ".md", contents: page($0)) }
        return ([(name: "README.md", contents: index(rules))] + pages).sorted { $0.name < $1.name }
    }

    /// `docs/rules/README.md`: the rule tables, each id linking to its page, then the rules by how sure their
    /// premise is.
    public static func index(_ rules: [any DescribedRule.Type]) -> String {
        """
        # Glance rules

        Generated from the rules' descriptions by `Scripts/update-docs.sh`; do not edit by hand.
        `glance rules RULE_ID` shows the same in the terminal. Every rule runs unless the configuration turns it
        off, except those marked opt-in: they run only when `opt_in_rules` (or `only_rules`) lists them
        ([configuration](../configuration.md#configuration)).

        \(RulesReporter.markdown(rules, linkPrefix: ""))
        \(premises(rules))
        """
    }

    /// `## How sure each rule is`: one line per certainty (`- Documented by Apple (N): [`id`](id.md), …`), in
    /// `Premise.Certainty` order; certainties no rule has are left out.
    static func premises(_ rules: [any DescribedRule.Type]) -> String {
        var lines = ["## How sure each rule is", "",
                     "Each page says what the rule's findings rest on, under Premise; [premises](../premises.md) explains the levels.", ""]
        for certainty in Premise.Certainty.allCases {
            let ids = rules.map { $0.description }.filter { $0.premise?.certainty == certainty }.map { "[`\($0.identifier)`](\($0.identifier).md)" }
            guard !ids.isEmpty else { continue }
            lines.append("- \(certainty.phrase.prefix(1).uppercased() + certainty.phrase.dropFirst()) (\(ids.count)): \(ids.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a rule needs beyond the code, for its page and `glance rules RULE_ID`: `target kinds and embedding
    /// from an Xcode project; not run in folders without one`. Nil for rules that read only code.
    public static func needs(_ description: RuleDescription) -> String? {
        description.requires.isEmpty ? nil : "\(description.requires) from an Xcode project; not run in folders without one"
    }

    /// One rule's page.
    public static func page(_ rule: any DescribedRule.Type) -> String {
        let description = rule.description
        var lines = [
            "# \(description.name)", "",
            "- Identifier: `\(description.identifier)`",
            "- Group: \(description.group.rawValue)",
            "- Default severity: \(description.defaultSeverity.rawValue)",
            "- Enabled by default: \(description.enabledByDefault ? "yes" : "no")",
        ] + (needs(description).map { ["- Needs: " + $0] } ?? []) + [
            "",
            description.summary, "",
            "## Rationale", "", description.rationale, "",
        ] + (description.premise.map { ["## Premise", "", $0.statement + " How sure: \($0.certainty.phrase).", ""] } ?? []) + [
            "## Source", "", description.source, "",
        ]
        if description.group == .payloads {
            lines += ["Examples are push bodies (and headers), checked with `glance payload check --project` against an app that declares:", "",
                      "```swift", PayloadExample.types, "```", ""]
        }
        lines += [
            "## Triggering examples", "", "`↓` marks where the violation is reported.", "",
        ]
        lines += description.triggeringExamples.flatMap(example)
        lines += ["## Non-triggering examples", ""]
        lines += description.nonTriggeringExamples.flatMap(example)
        return lines.joined(separator: "\n")
    }

    /// An example: its note, the project setup that differs from the default targets, where the violations
    /// are reported when that is not marked in the code, and its code in a `swift` fence longer than any
    /// backtick run inside it.
    private static func example(_ example: RuleExample) -> [String] {
        var notes = example.note.map { [$0] } ?? []
        if example.payload == nil { notes += setup(example.targets).map { "Project: " + $0 + "." } }
        if let places = example.expectedPlaces {
            notes.append("Reported at: " + (places.isEmpty ? "nowhere" : places.map { $0.hasPrefix(".:") ? "the project" : "`\($0)`" }.joined(separator: ", ")) + ".")
        }
        let code = example.code
        var longest = 0, run = 0
        for character in code {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        var blocks: [String] = []
        if let payload = example.payload {
            if let headers = payload.headers { blocks += [fence + "http", headers, fence, ""] }
            if payload.broadcast { notes.append("A broadcast push (`--broadcast`).") }
            blocks += [fence + "json", payload.body.count > 600 ? String(payload.body.prefix(300)) + "…(\(payload.body.utf8.count) bytes in all)" : payload.body, fence, ""]
        } else {
            blocks = [fence + "swift", code.hasSuffix("\n") ? String(code.dropLast()) : code, fence, ""]
        }
        return (notes.isEmpty ? [] : notes.map { "- " + $0 } + [""]) + blocks
    }

    /// How `targets` differ from `ExampleTarget.defaults` (an iOS app `App` embedding the widget extension
    /// `Widgets` and the watch app `Watch`, which embeds `WatchWidgets`), one phrase per difference.
    static func setup(_ targets: [ExampleTarget]) -> [String] {
        var phrases: [String] = []
        let defaults = ExampleTarget.defaults
        for missing in defaults where !targets.contains(where: { $0.name == missing.name }) { phrases.append("no target `\(missing.name)`") }
        for target in targets {
            guard let base = defaults.first(where: { $0.name == target.name }) else {
                phrases.append("target `\(target.name)` (\(target.kind.rawValue), \(target.platform.rawValue))")
                continue
            }
            if target.kind != base.kind || target.platform != base.platform {
                phrases.append("`\(target.name)` is \(target.kind.rawValue) on \(target.platform.rawValue)")
            }
            if target.embeds != base.embeds { phrases.append("`\(target.name)` embeds " + list(target.embeds)) }
            if !target.embedsOnlyWhenInstalling.isEmpty {
                phrases.append("`\(target.name)` embeds \(list(target.embedsOnlyWhenInstalling)) only when installing")
            }
            phrases += differences(target.name + "` Info.plist", target.infoPlist, base.infoPlist)
            phrases += differences(target.name + "` entitlements", target.entitlements, base.entitlements)
            for (name, size) in target.images.sorted(by: { $0.key < $1.key }) {
                phrases.append("`\(target.name)` asset image `\(name)`, \(Int(size.width))×\(Int(size.height)) px @\(Int(size.scale))x")
            }
            for color in target.colors.sorted() { phrases.append("`\(target.name)` asset color `\(color)`") }
        }
        return phrases
    }

    /// `KEY = value` per key that differs, for every configuration, or once when all configurations agree.
    private static func differences(_ label: String, _ values: [String: [String: PlistValue]], _ base: [String: [String: PlistValue]]) -> [String] {
        let perConfiguration = values.keys.sorted().map { configuration -> (String, [String]) in
            let value = values[configuration] ?? [:], baseValue = base[configuration] ?? [:]
            let keys = Set(value.keys).union(baseValue.keys).sorted().filter { value[$0] != baseValue[$0] }
            return (configuration, keys.map { "\($0) = \(value[$0].map(describe) ?? "(none)")" })
        }
        if Set(perConfiguration.map(\.1)).count <= 1 {
            return (perConfiguration.first?.1 ?? []).map { "`\(label) \($0)" }
        }
        return perConfiguration.flatMap { configuration, changes in changes.map { "`\(label) (\(configuration)) \($0)" } }
    }

    private static func describe(_ value: PlistValue) -> String {
        switch value {
        case .string(let string): return "\"\(string)\""
        case .bool(let bool): return bool ? "YES" : "NO"
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .date(let date): return "\(date)"
        case .data(let data): return "<\(data.count) bytes>"
        case .array(let items): return "[" + items.map(describe).joined(separator: ", ") + "]"
        case .dictionary(let entries): return "{" + entries.keys.sorted().map { "\($0): \(describe(entries[$0]!))" }.joined(separator: ", ") + "}"
        }
    }

    private static func list(_ names: [String]) -> String { names.isEmpty ? "nothing" : names.map { "`\($0)`" }.joined(separator: ", ") }
}
