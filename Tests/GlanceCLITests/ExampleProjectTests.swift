import Foundation
import Testing
import GlanceCLI
import GlanceRules

/// The bundled examples, end to end through the CLI, with exact expected output.
@Suite(.serialized)
struct ExampleProjectTests {
    @Test func productivityTimerLintsClean() {
        let output = glance("lint", "Examples/ProductivityTimer")
        #expect(output.standardOutput == "")
        #expect(output.standardError == summary(errors: 0, warnings: 0, files: 23))
        #expect(output.exitCode == 0)
    }

    @Test func productivityTimerIsCleanWhenEveryFileIsParsed() {
        let output = glance("lint", "Examples/ProductivityTimer", "--parse-all")
        #expect(output.standardOutput == "")
        #expect(output.exitCode == 0)
    }

    @Test func commonMistakesXcodeReport() throws {
        let output = glance("lint", "Examples/CommonMistakes")
        #expect(output.standardOutput == (try expected("CommonMistakes.lint.txt")))
        #expect(output.standardError == (try commonMistakesSummary()))
        #expect(output.exitCode == 1)
    }

    @Test func commonMistakesJSONReport() throws {
        let output = glance("lint", "Examples/CommonMistakes", "--reporter", "json")
        #expect(output.standardOutput == (try expected("CommonMistakes.lint.json")))
        #expect(output.exitCode == 1)
    }

    /// Parsing every file must not change what is found: the prefilter loses nothing.
    @Test func prefilterLosesNothing() {
        let filtered = glance("lint", "Examples/CommonMistakes")
        let everything = glance("lint", "Examples/CommonMistakes", "--parse-all")
        #expect(filtered.standardOutput == everything.standardOutput)
    }

    @Test func productivityTimerSurfaces() throws {
        let output = glance("surfaces", "Examples/ProductivityTimer", "--format", "json")
        #expect(output.standardOutput == (try expected("ProductivityTimer.surfaces.json")))
        #expect(output.exitCode == 0)
    }

    @Test func productivityTimerSurfacesText() throws {
        let output = glance("surfaces", "Examples/ProductivityTimer")
        #expect(output.standardOutput == (try expected("ProductivityTimer.surfaces.txt")))
    }

    @Test func projectFileAndFolderGiveTheSameFindings() {
        let folder = glance("lint", "Examples/CommonMistakes", "--reporter", "json")
        let project = glance("lint", "Examples/CommonMistakes/CommonMistakes.xcodeproj", "--reporter", "json")
        #expect(folder.standardOutput == project.standardOutput)
    }

    /// A folder holding two projects (Examples: CommonMistakes, whose watch app offers no controls, and
    /// ProductivityTimer, whose watch app does) gives each project the findings it gets alone: one project's watch
    /// controls do not silence `control_opens_app_on_watch` in the other. (Messages name other files relative to
    /// the folder linted, so findings are compared by place and rule.)
    @Test func aFolderOfProjectsGivesEachItsOwnFindings() throws {
        func places(_ output: String) -> [String] {
            output.split(separator: "\n").map { line in
                let place = line.split(separator: " ").first.map(String.init) ?? ""
                let rule = line.range(of: "[", options: .backwards).map { String(line[$0.lowerBound...]) } ?? ""
                return place + " " + rule
            }.sorted()
        }
        // control_opens_app_on_watch, live_activity_payload_budget's open-ended lists and the two rules with disputed premises are opt-in: both runs name
        // them (CommonMistakes' own .glance.json, and this one).
        let folder = try scratchFolder("two-projects")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(#"{"opt_in_rules": ["control_opens_app_on_watch", "live_activity_payload_budget", "open_url_intent_custom_scheme", "live_activity_lock_screen_without_link"]}"#, to: folder + "/.glance.json")
        let both = glance("lint", "Examples", "--no-cache", "--config", folder + "/.glance.json")
        let alone = glance("lint", "Examples/CommonMistakes", "--no-cache")
        // CommonMistakes' own .glance.json also opts in live_activity_tap_unhandled.
        let optIn = "[live_activity_tap_unhandled]"
        #expect(places(both.standardOutput) == places(alone.standardOutput).filter { !$0.hasSuffix(optIn) })
        #expect(places(alone.standardOutput).contains { $0.hasSuffix(optIn) })
        #expect(places(both.standardOutput).contains("Examples/CommonMistakes/Widgets/OpenLampSettingsControl.swift:9:41: [control_opens_app_on_watch]"))
        #expect(glance("lint", "Examples/ProductivityTimer", "--no-cache", "--config", folder + "/.glance.json").standardOutput == "")
    }
}

/// CommonMistakes holds every mistake of the catalog: each rule is reported there. The Suppressions group
/// (`unused_suppression`) is about Glance's own comments, not the app, and is covered by SuppressionTests
/// and SuppressionCLITests instead, so the example's expected outputs stay those of a project without
/// suppressions. Payload rules have their own fixtures (PayloadCommandTests).
struct CatalogCoverageTests {
    @Test func everyRuleFiresInCommonMistakes() throws {
        let output = glance("lint", "Examples/CommonMistakes", "--reporter", "json")
        let violations = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]])
        let reported = Set(violations.compactMap { $0["rule"] as? String })
        let identifiers = CommandLineTool(environment: [:], clock: { 0 }).run(["rules", "--format", "json"]).standardOutput
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(identifiers.utf8)) as? [[String: Any]])
        let appRules = rules.filter { $0["group"] as? String != "Suppressions" && $0["group"] as? String != "Live Activity push payloads" }
        #expect(appRules.count == rules.count - 1 - RuleRegistry.payloadRules.count)
        #expect(Set(appRules.compactMap { $0["identifier"] as? String }).subtracting(reported).isEmpty)
    }
}
