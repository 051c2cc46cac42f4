import Foundation
import Testing
import GlanceCLI

/// Every reporter on the bundled example of mistakes, with exact expected output.
@Suite(.serialized)
struct ReporterOutputTests {
    @Test(arguments: [
        ("sarif", "CommonMistakes.lint.sarif"),
        ("github-actions", "CommonMistakes.lint.github-actions.txt"),
        ("checkstyle", "CommonMistakes.lint.checkstyle.xml"),
        ("junit", "CommonMistakes.lint.junit.xml"),
        ("markdown", "CommonMistakes.lint.md"),
        ("gitlab", "CommonMistakes.lint.gitlab.json"),
    ])
    func commonMistakes(reporter: String, file: String) throws {
        let output = glance("lint", "Examples/CommonMistakes", "--reporter", reporter)
        #expect(output.standardOutput == (try expected(file)))
        #expect(output.standardError == (try commonMistakesSummary()))
        #expect(output.exitCode == 1)
    }

    /// The clean example: no findings in each format's own way, exit 0.
    @Test func productivityTimer() {
        let outputs = Dictionary(uniqueKeysWithValues: ["sarif", "github-actions", "checkstyle", "junit", "markdown", "gitlab"].map {
            ($0, glance("lint", "Examples/ProductivityTimer", "--reporter", $0, "--quiet"))
        })
        #expect(outputs.values.allSatisfy { $0.exitCode == 0 && $0.standardError == "" })
        #expect(outputs["gitlab"]?.standardOutput == "[\n\n]\n")
        #expect(outputs["github-actions"]?.standardOutput == "")
        #expect(outputs["markdown"]?.standardOutput == "**Glance**: no violations.\n")
        #expect(outputs["checkstyle"]?.standardOutput.hasSuffix("<checkstyle version=\"4.3\"/>\n") == true)
        #expect(outputs["junit"]?.standardOutput.contains("<testcase classname=\"glance\" name=\"no violations\"/>") == true)
        #expect(outputs["sarif"]?.standardOutput.contains("\"results\" : [\n\n      ]") == true)
    }

    @Test func unknownReporterSuggestsTheClosest() {
        let output = glance("lint", "Examples/ProductivityTimer", "--reporter", "github-action")
        #expect(output.exitCode == 2)
        #expect(output.standardError.contains("did you mean 'github-actions'?"))
    }

    /// A folder without a project is linted with a skip: SARIF carries it as a tool notification.
    @Test func sarifExplainsSkips() throws {
        let folder = try scratchFolder("sarif-skips")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("import WidgetKit\nfunc f() { WidgetCenter.shared.reloadTimelines(ofKind: \"nowhere\") }\n", to: folder + "/Reload.swift")
        let output = glance("lint", folder, "--reporter", "sarif", "--explain-skips")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let notifications = try #require((run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notifications.contains { (($0["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("no .xcodeproj found") == true })
        #expect((run["results"] as? [[String: Any]])?.first?["ruleId"] as? String == "reload_unknown_kind")
    }
}
