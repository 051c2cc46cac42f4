import Foundation
import Testing
@testable import GlanceCLI
import GlanceProject
import GlanceSourceIndex
import GlanceReporters
import GlanceRules

/// docs/rules is generated from the rules' metadata; these fail when it is stale (run Scripts/update-docs.sh).
struct DocumentationTests {
    @Test func ruleDocsAreCurrent() throws {
        let folder = repositoryRoot + "/docs/rules"
        let generated = RuleDocs.files(RuleRegistry.documented)
        let committed = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(committed == generated.map(\.name), "docs/rules has extra or missing files: run Scripts/update-docs.sh")
        #expect(generated.count == RuleRegistry.documented.count + 1)
        for file in generated {
            let text = try? String(contentsOfFile: folder + "/" + file.name, encoding: .utf8)
            #expect(text == file.contents, "docs/rules/\(file.name) is stale: run Scripts/update-docs.sh")
        }
    }

    /// `glance rules --docs` writes exactly the generated files.
    @Test func rulesDocsCommandWritesThePages() throws {
        let folder = try scratchFolder("docs")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = CommandLineTool().run(["rules", "--docs", folder + "/rules"])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput == "wrote \(RuleRegistry.documented.count + 1) files to \(folder)/rules\n")
        let page = try String(contentsOfFile: folder + "/rules/duplicate_kind.md", encoding: .utf8)
        #expect(page.hasPrefix("# Duplicate kind\n\n- Identifier: `duplicate_kind`\n- Group: Widgets and bundles\n- Default severity: error\n"))
        #expect(page.contains("## Triggering examples") && page.contains("```swift\n"))
        let withRule = CommandLineTool().run(["rules", "duplicate_kind", "--docs", folder])
        #expect(withRule.exitCode == 2)
        #expect(withRule.standardError == "glance: error: --docs writes every rule; it takes no RULE_ID (see 'glance rules --help')\n")
    }

    @Test func versionAndHelp() {
        #expect(CommandLineTool().run(["--version"]).standardOutput.hasPrefix(Glance.version + "\nSwiftSyntax "))
        #expect(CommandLineTool().run(["lint", "--help"]).standardOutput.contains("USAGE: glance lint [PATH]"))
        #expect(CommandLineTool().run([]).standardOutput.contains("COMMANDS:"))
    }

    @Test func ruleDetailShowsExamples() {
        let output = CommandLineTool().run(["rules", "set_value_intent_assigns_value"])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.contains("Source: Apple, Creating controls to perform actions across the system <https://developer.apple.com/documentation/widgetkit/creating-controls-to-perform-actions-across-the-system>"))
        #expect(output.standardOutput.contains("Triggers on (↓ marks where the violation is reported):"))
        #expect(output.standardOutput.contains("↓value = !TimerStore.isRunning"))
        let unknown = CommandLineTool().run(["rules", "set_value_intent_asigns_value"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.contains("did you mean 'set_value_intent_assigns_value'?"))
    }
}

/// The README's example summary line is the one `glance lint Examples/CommonMistakes` prints (but the time).
struct SummaryDocumentationTests {
    @Test func readmeShowsTheExampleSummary() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let summary = try commonMistakesSummary().replacingOccurrences(of: " (0.0 s)\n", with: "")
        #expect(readme.contains("`" + summary + " (0.3 s)`"), "\(summary)")
    }
}

/// docs/limits.md's limits are the code's.
struct LimitsDocumentationTests {
    @Test func docsListTheLimitsInForce() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/docs/limits.md", encoding: .utf8)
        let size = { (limit: InputLimit) in InputLimit.describe(bytes: limit.maximumBytes) }
        let rows = [
            "| Swift source file | \(size(.swiftSource)) |",
            "| `Package.swift`, Tuist's `Project.swift` | \(size(.manifest)) |",
            "| `project.pbxproj` | \(size(.projectFile)) |",
            "| `contents.xcworkspacedata` | \(size(.workspace)), UTF-8 (as Xcode writes it), groups nested at most \(ProjectLoader.maximumWorkspaceDepth) deep |",
            "| Info.plist, entitlements (any plist format) | \(size(.propertyList)) |",
            "| `.xcconfig` | \(size(.xcconfig)) per file; `#include`s at most \(XCConfig.maximumIncludeDepth) deep and \(XCConfig.maximumFiles) files in all per configuration |",
            "| Asset catalog `Contents.json`, Expo target config, XcodeGen `project.yml` | \(size(.projectJSON)) |",
            "| `.glance.json` | \(size(.configuration)); JSON nested at most \(JSONLimits.configuration.maximumDepth) deep, at most 10,000 keys; at most 1,000 path globs in all, each at most 1,024 characters |",
            "| Baseline | \(size(.baseline)); JSON nested at most \(JSONLimits.baseline.maximumDepth) deep, at most 2,000,000 keys |",
            "| Push body (`payload check`, `simulate`) | \(size(.pushBody)); JSON nested at most \(JSONLimits.pushBody.maximumDepth) deep, at most 10,000 keys |",
            "| JSON Lines (`payload simulate`) | \(size(.jsonLines)), at most 10,000 pushes, each line within the push body's JSON limits |",
            "| APNs headers (`--headers`) | \(size(.headers)); as JSON, nested at most \(JSONLimits.headers.maximumDepth) deep, at most 1,000 keys |",
            "| Build setting expansion | `$(…)` and setting references at most \(BuildSettings.maximumDepth) deep, at most 100,000 references and 262,144 characters per value |",
            "| Brackets `(` `[` `{`, string interpolations and `#if` blocks open at once | \(ParseGuard.Limits.standard.nesting) |",
            "| Opening brackets in a row (`[[[`, `([(`) | \(ParseGuard.Limits.standard.openingRun) |",
            "| `<` not closed by `>` before a token a type cannot hold | \(ParseGuard.Limits.standard.angleChain) |",
            "| `.member` accesses in one postfix chain (`Text(\"a\").padding().bold()…`) | 4,000 |",
            "| Bytes in one name, number or operator; quotes `\"` in a row | 1,024 |",
            "| Levels nested without brackets: `await`/`try` in a row, `->` in one function type, `else` in one `if … else if` chain | 4,000 |",
        ]
        for row in rows { #expect(readme.contains(row), "\(row)") }
        #expect(JSONLimits.configuration.maximumKeys == 10_000 && JSONLimits.pushBody.maximumKeys == 10_000)
        #expect(JSONLimits.baseline.maximumKeys == 2_000_000 && JSONLimits.headers.maximumKeys == 1_000 && JSONLimits.maximumJSONLines == 10_000)
        #expect(PathPattern.maximumCount == 1_000 && PathPattern.maximumLength == 1_024 && PathPattern.maximumExpansions == 256)
        #expect(BuildSettings.maximumReferences == 100_000 && BuildSettings.maximumLength == 262_144)
        #expect(ParseGuard.Limits.standard.postfixChain == 4_000 && ParseGuard.Limits.standard.tokenLength == 1_024)
        #expect(ParseGuard.Limits.standard.bracketlessNesting == 4_000)
    }
}

/// The README's example output is what Glance prints, and every relative link of the README and docs/ leads to a
/// file that exists, and to a heading that exists there (GitHub's anchors: lower case, punctuation left out,
/// spaces as hyphens, repeats numbered).
struct ReadmeTests {
    @Test func readmeShowsLinesGlancePrints() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let printed = Set(glance("lint", "Examples/CommonMistakes").standardOutput.split(separator: "\n").map(String.init))
        let shown = readme.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Examples/CommonMistakes/") }
        #expect(shown.count >= 4)
        for line in shown { #expect(printed.contains(line), "\(line)") }
    }

    @Test func linksLeadToFilesAndHeadings() throws {
        let root = repositoryRoot
        let docs = try FileManager.default.contentsOfDirectory(atPath: root + "/docs").filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var broken: [String] = []
        for page in ["README.md"] + docs.sorted() {
            let text = try String(contentsOfFile: root + "/" + page, encoding: .utf8)
            for (number, line) in MarkdownText.linesOutsideCodeBlocks(text) {
                for target in MarkdownText.linkTargets(line) where !target.contains("://") && !target.hasPrefix("mailto:") {
                    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    let file = parts[0].isEmpty ? page
                        : ((page as NSString).deletingLastPathComponent as NSString).appendingPathComponent(parts[0])
                    let path = (root + "/" + file as NSString).standardizingPath
                    guard FileManager.default.fileExists(atPath: path) else { broken.append("\(page):\(number): \(target)"); continue }
                    if parts.count == 2, path.hasSuffix(".md") {
                        let anchors = MarkdownText.anchors(try String(contentsOfFile: path, encoding: .utf8))
                        if !anchors.contains(parts[1]) { broken.append("\(page):\(number): \(target) (no such heading)") }
                    }
                }
            }
        }
        #expect(broken == [])
    }

    @Test func anchorsAreGitHubs() {
        #expect(MarkdownText.anchors("# Speed and the cache\n## `glance surfaces --format json`\n```\n# not a heading\n```\n## Tests\n## Tests\n")
                == ["speed-and-the-cache", "glance-surfaces---format-json", "tests", "tests-1"])
        #expect(MarkdownText.linkTargets("see [a](docs/a.md#x) and [b](https://e.com) and `[c](d)`") == ["docs/a.md#x", "https://e.com", "d"])
    }
}

/// Just enough Markdown for the link check: lines outside fenced code, link targets, heading anchors.
enum MarkdownText {
    static func linesOutsideCodeBlocks(_ text: String) -> [(Int, String)] {
        var inCode = false
        var lines: [(Int, String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            if !inCode { lines.append((index + 1, String(line))) }
        }
        return lines
    }

    static func linkTargets(_ line: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(line)
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(where: { $0 == ")" || $0 == " " }) else { break }
            targets.append(String(after[..<close]))
            rest = after[close...]
        }
        return targets
    }

    static func anchors(_ text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for (_, line) in linesOutsideCodeBlocks(text) where line.hasPrefix("#") {
            let hashes = line.prefix { $0 == "#" }.count
            guard hashes <= 6, line.dropFirst(hashes).hasPrefix(" ") else { continue }
            let title = line.dropFirst(hashes).trimmingCharacters(in: .whitespaces).lowercased()
            let slug = String(title.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == " " || $0 == "_" }
                .map { $0 == " " ? "-" : Character($0) })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }
}

/// Help, docs/usage.md and behaviour say the same: the kinds of FILE `glance lint` takes, the flags of `glance push`
/// and `glance channels`, `glance version`, which rules are opt-in, and the rules SARIF lists.
struct UsageAgreementTests {
    /// Runs of spaces and line breaks as one space, backticks left out: help and Markdown wrap and mark differently.
    static func flattened(_ text: String) -> String {
        text.replacingOccurrences(of: "`", with: "").split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    static let usage = (try? String(contentsOfFile: repositoryRoot + "/docs/usage.md", encoding: .utf8)) ?? ""

    @Test func lintFileKindsAgree() {
        let kinds = LintRequest.fileKinds
        #expect(Self.flattened(glance("lint", "--help").standardOutput).contains(" FILE... Files: \(kinds). Each is linted"))
        #expect(Self.flattened(Self.usage).contains("glance lint FILE… lints files — \(kinds) (alone, it names its project) —"))
        // Every extension lint takes is named.
        for ext in LintRequest.lintableExtensions.subtracting(["swift", "json"]) { #expect(kinds.contains(".\(ext)"), "\(ext)") }
        #expect(kinds.contains("Swift sources") && kinds.contains("Contents.json") && kinds.contains("project.pbxproj"))
    }

    /// The flags of the usage block of docs/usage.md for a command: its lines from `glance NAME` to the next command.
    static func documentedFlags(_ command: String) -> Set<String> {
        let lines = usage.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("glance \(command) ") }) else { return [] }
        let block = [lines[start]] + lines[(start + 1)...].prefix { $0.hasPrefix(" ") }
        return flags(block.joined(separator: "\n"))
    }

    static func flags(_ text: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: "--[a-z][a-z0-9-]*")
        return Set(pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range, in: text)!]) })
    }

    @Test func pushAndChannelsFlagsAgree() {
        for command in ["push", "channels"] {
            let help = glance(command, "--help").standardOutput
            // The help's own flags: its USAGE block and its option entries, not flags it names in prose.
            let lines = help.components(separatedBy: "\n")
            let usage = lines.drop { !$0.hasPrefix("USAGE:") }.prefix { !$0.isEmpty }
            let listed = Self.flags((usage + lines.filter { $0.hasPrefix("  --") }).joined(separator: "\n")).subtracting(["--help"])
            #expect(Self.documentedFlags(command) == listed, "\(command): \(Self.documentedFlags(command).symmetricDifference(listed).sorted())")
            // --bundle-id and --project may be given together (the first is the topic): neither shows them as alternatives.
            #expect(!help.contains("--bundle-id ID | --project PATH") && !Self.usage.contains("--bundle-id ID | --project PATH"))
        }
        #expect(glance("push", "--help").standardOutput.contains("[--bundle-id ID] [--project PATH]"))
    }

    @Test func versionCommand() {
        let version = glance("version")
        #expect(version.exitCode == 0)
        #expect(version.standardOutput.hasPrefix(Glance.version + "\nSwiftSyntax "))
        #expect(version.standardOutput == glance("--version").standardOutput)
        #expect(glance("help").standardOutput.contains("\n  version   Print the version, and where SwiftSyntax came from\n"))
        #expect(Self.usage.contains("\nglance version | --version\n"))
        let extra = glance("version", "1.0")
        #expect(extra.exitCode == 2)
        #expect(extra.standardError == "glance: error: unexpected argument '1.0' (see 'glance version --help')\n")
    }

    /// A rule off by default (control_opens_app_on_watch, open_url_intent_custom_scheme, live_activity_lock_screen_without_link, live_activity_tap_unhandled) is `off` in `glance rules`, opt-in in the Markdown table
    /// of docs/rules, `enabledByDefault: false` in JSON and `enabled: false` in SARIF; every other rule is on.
    /// It runs only when opt_in_rules lists it, as Examples/CommonMistakes/.glance.json does.
    @Test func optInRulesAreMarkedEverywhere() throws {
        let folder = try scratchFolder("opt-in")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("{}\n", to: folder + "/.glance.json")
        #expect(glance("lint", "Examples/CommonMistakes").standardOutput.contains("[live_activity_tap_unhandled]\n"))
        #expect(!glance("lint", "Examples/CommonMistakes", "--config", folder + "/.glance.json").standardOutput.contains("[live_activity_tap_unhandled]"))

        let off = RuleRegistry.documented.filter { !$0.description.enabledByDefault }.map { $0.description.identifier }
        #expect(off == ["control_opens_app_on_watch", "open_url_intent_custom_scheme", "live_activity_lock_screen_without_link", "live_activity_tap_unhandled"])
        let text = glance("rules").standardOutput.split(separator: "\n")
        let markdown = glance("rules", "--format", "markdown").standardOutput.split(separator: "\n")
        for rule in RuleRegistry.documented {
            let id = rule.description.identifier, on = rule.description.enabledByDefault
            let line = try #require(text.first { $0.hasPrefix("  \(id) ") })
            #expect(line.contains("  \(on ? "on " : "off")  "), "\(line)")
            let row = try #require(markdown.first { $0.hasPrefix("| [`\(id)`](docs/rules/\(id).md) |") })
            #expect(row.hasPrefix("| [`\(id)`](docs/rules/\(id).md) | \(rule.description.defaultSeverity.rawValue)\(on ? "" : ", opt-in") | "), "\(row)")
        }
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(glance("lint", "Examples/CommonMistakes", "--reporter", "sarif").standardOutput.utf8)) as? [String: Any])
        let rules = try #require(((((sarif["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]))
        let disabled = rules.filter { ($0["defaultConfiguration"] as? [String: Any])?["enabled"] as? Bool == false }.map { $0["id"] as? String }
        #expect(disabled == off)
    }

    /// SARIF's tool.driver.rules is the list of `glance rules --format json` (lint and payload rules), from lint and
    /// from payload check, and each result's ruleIndex points at its ruleId.
    @Test func sarifListsEveryRule() throws {
        let catalog = try #require(try JSONSerialization.jsonObject(with: Data(glance("rules", "--format", "json").standardOutput.utf8)) as? [[String: Any]])
        let ids = catalog.compactMap { $0["identifier"] as? String }
        #expect(ids.count == RuleRegistry.all.count + RuleRegistry.payloadRules.count)
        let runs = [
            glance("lint", "Examples/CommonMistakes", "--reporter", "sarif"),
            glance("payload", "check", "Examples/ProductivityTimer/Pushes/broken.json", "--project", "Examples/ProductivityTimer", "--reporter", "sarif"),
        ]
        for output in runs {
            let sarif = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
            let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
            let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
            #expect(rules.compactMap { $0["id"] as? String } == ids)
            let results = try #require(run["results"] as? [[String: Any]])
            #expect(!results.isEmpty)
            for result in results {
                let index = try #require(result["ruleIndex"] as? Int)
                #expect(ids[index] == result["ruleId"] as? String)
            }
        }
    }
}
