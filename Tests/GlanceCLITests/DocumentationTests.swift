import Foundation
import Testing
import GlanceCLI

/// The README's rule table is generated from the rules' metadata; this fails when it is stale.
struct DocumentationTests {
    @Test func readmeRuleTableIsCurrent() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- rules:begin"))
        let end = try #require(readme.range(of: "<!-- rules:end -->"))
        let afterMarker = try #require(readme[begin.upperBound...].firstIndex(of: "\n"))
        let section = readme[readme.index(after: afterMarker)..<end.lowerBound]
        let generated = CommandLineTool().run(["rules", "--format", "markdown"]).standardOutput
        #expect(section.trimmingCharacters(in: .whitespacesAndNewlines) == generated.trimmingCharacters(in: .whitespacesAndNewlines),
                "README rule table is stale: paste `glance rules --format markdown` between the markers")
    }

    @Test func versionAndHelp() {
        #expect(CommandLineTool().run(["--version"]).standardOutput == "0.1.0\n")
        #expect(CommandLineTool().run(["lint", "--help"]).standardOutput.contains("USAGE: glance lint [PATH]"))
        #expect(CommandLineTool().run([]).standardOutput.contains("COMMANDS:"))
    }

    @Test func ruleDetailShowsExamples() {
        let output = CommandLineTool().run(["rules", "set_value_intent_assigns_value"])
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.contains("Source: seed controls-and-live-activities-on-apple-watch"))
        #expect(output.standardOutput.contains("Triggers on (↓ marks where the violation is reported):"))
        #expect(output.standardOutput.contains("↓value = !TimerStore.isRunning"))
        let unknown = CommandLineTool().run(["rules", "set_value_intent_asigns_value"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.standardError.contains("did you mean 'set_value_intent_assigns_value'?"))
    }
}
