import Foundation
import Testing
import GlanceCLI
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
