import Testing
import GlanceConfiguration
import GlanceRules

/// An opt-in rule, since every catalog rule is enabled by default.
private struct OptInExample: Rule {
    static let description = RuleDescription(
        identifier: "opt_in_example", name: "Opt-in example", group: .widgets, defaultSeverity: .warning, summary: "", rationale: "",
        source: "test", enabledByDefault: false, triggeringExamples: [], nonTriggeringExamples: [])
    func validate(_ context: RuleContext) {}
}

/// Applying a configuration: which rules run, and which violations are reported.
struct RuleSelectionTests {
    let catalog: [any Rule.Type] = [RuleRegistry.rule("duplicate_kind")!, RuleRegistry.rule("widget_url_multiple")!, OptInExample.self]

    func ids(_ change: (inout Configuration) -> Void) -> [String] {
        var configuration = Configuration()
        change(&configuration)
        return configuration.rules(from: catalog).map { $0.description.identifier }
    }

    @Test func defaultRunsTheRulesEnabledByDefault() {
        #expect(ids { _ in } == ["duplicate_kind", "widget_url_multiple"])
        // Opt-in rules (live_activity_tap_unhandled, whose premise depends on the app) run only when enabled.
        let optIn = RuleRegistry.all.filter { !$0.description.enabledByDefault }.map { $0.description.identifier }
        #expect(optIn.contains("live_activity_tap_unhandled"))
        #expect(Configuration().rules().count == RuleRegistry.all.count - optIn.count)
    }

    @Test func disabledOptInAndOnlyRules() {
        #expect(ids { $0.disabledRules = ["duplicate_kind"] } == ["widget_url_multiple"])
        #expect(ids { $0.optInRules = ["opt_in_example"] } == ["duplicate_kind", "widget_url_multiple", "opt_in_example"])
        #expect(ids { $0.onlyRules = ["opt_in_example", "widget_url_multiple"] } == ["widget_url_multiple", "opt_in_example"])
    }

    func reports(_ file: String, rule: String = "duplicate_kind", root: String = "/p", _ change: (inout Configuration) -> Void) -> Bool {
        var configuration = Configuration()
        configuration.folder = "/p"
        change(&configuration)
        return configuration.reports(rule: rule, file: file, root: root)
    }

    @Test func excludedAndIncludedGlobs() {
        #expect(reports("App/A.swift") { $0.excluded = ["Widgets"] })
        #expect(!reports("Widgets/A.swift") { $0.excluded = ["Widgets"] })
        #expect(!reports("App/Info.plist") { $0.excluded = ["**/*.plist"] })
        #expect(reports("App/A.swift") { $0.included = ["App"] })
        #expect(!reports("Widgets/A.swift") { $0.included = ["App"] })
        #expect(!reports("App/Generated/A.swift") { $0.included = ["App"]; $0.excluded = ["App/Generated/"] })
    }

    @Test func excludedByRuleOnlyAffectsThatRule() {
        #expect(!reports("App/Info.plist", rule: "misspelled_info_plist_key") { $0.excludedByRule = ["misspelled_info_plist_key": ["App/Info.plist"]] })
        #expect(reports("App/Info.plist", rule: "live_activities_not_enabled") { $0.excludedByRule = ["misspelled_info_plist_key": ["App/Info.plist"]] })
    }

    @Test func globsAreRelativeToTheConfigurationFolder() {
        // The lint root is a folder below the configuration's folder.
        #expect(!reports("Widgets/A.swift", root: "/p/Apps/Timer") { $0.excluded = ["Apps/Timer/Widgets"] })
        #expect(reports("Widgets/A.swift", root: "/p/Apps/Timer") { $0.excluded = ["Widgets"] })
        // A file outside the configuration's folder matches no glob.
        #expect(reports("../Shared/A.swift", root: "/p") { $0.excluded = ["**"] })
        #expect(!reports("../Shared/A.swift", root: "/p") { $0.included = ["**"] })
    }

    @Test func filterKeepsSkipsAndDropsExcludedViolations() {
        var configuration = Configuration()
        configuration.folder = "/p"
        configuration.excluded = ["Widgets"]
        let violations = ["App/A.swift", "Widgets/B.swift"].map {
            Violation(rule: "duplicate_kind", severity: .error, file: $0, line: 1, column: 1, message: "m", target: nil)
        }
        let result = configuration.filter(LintResult(violations: violations, skips: []), root: "/p")
        #expect(result.violations.map(\.file) == ["App/A.swift"])
        // Without a configuration file, nothing is filtered.
        #expect(Configuration().filter(LintResult(violations: violations, skips: []), root: "/p").violations.count == 2)
    }
}
