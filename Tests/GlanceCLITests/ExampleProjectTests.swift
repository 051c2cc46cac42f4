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
