import Foundation
import Testing
import GlanceCLI
import GlanceProject
import GlanceSourceIndex
import GlanceReporters
import GlanceRules

/// The README's rule tables and docs/rules are generated from the rules' metadata; these fail when they are
/// stale (run Scripts/update-docs.sh).
struct DocumentationTests {
    @Test func readmeRuleTableIsCurrent() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- rules:begin"))
        let end = try #require(readme.range(of: "<!-- rules:end -->"))
        let afterMarker = try #require(readme[begin.upperBound...].firstIndex(of: "\n"))
        let section = readme[readme.index(after: afterMarker)..<end.lowerBound]
        let generated = CommandLineTool().run(["rules", "--format", "markdown"]).standardOutput
        #expect(section.trimmingCharacters(in: .whitespacesAndNewlines) == generated.trimmingCharacters(in: .whitespacesAndNewlines),
                "README rule table is stale: run Scripts/update-docs.sh")
    }

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

/// The README's limits are the code's.
struct LimitsDocumentationTests {
    @Test func readmeListsTheLimitsInForce() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
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
