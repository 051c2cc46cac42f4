import Testing
import GlanceProject
import GlanceSurfaces
@testable import GlanceRules

/// Rules on loose sources (a folder without an Xcode project, FC2-16): the engine runs a rule only where the
/// model has the facts its description requires, and records one skip otherwise. Each example of the catalog
/// is read a second time the way a folder without a project is read: one target of unknown kind holding
/// every file, no Info.plist, entitlements, embedding or asset catalog.
struct RuleRequirementTests {
    static func looseModel(for example: RuleExample) -> SurfaceModel {
        let model = ExampleRunner.model(for: example)
        let sources = Array(Set(model.project.targets.flatMap(\.sources))).sorted()
        let target = Target(id: "sources", name: "Example", productType: nil, kind: .unknown, kindReason: "loose sources", platforms: [],
                            sources: sources, assetCatalogs: [], configurations: [], defaultConfigurationName: nil,
                            dependencies: [], embeds: [], projectPath: nil)
        let project = ProjectModel(root: model.project.root, projectFiles: [], targets: [target], unassignedSources: [],
                                   isLooseSources: true, notes: [])
        return SurfaceModel.build(project: project, index: model.index)
    }

    static func lint(_ rule: any Rule.Type, _ model: SurfaceModel) -> LintResult {
        let isUnused = rule.description.identifier == UnusedSuppression.description.identifier
        return Linter(rules: isUnused ? RuleRegistry.all : [rule]).lint(model)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let rule: String
        let index: Int
        var testDescription: String { "\(rule) #\(index + 1)" }
    }

    static let nonTriggering: [Case] = RuleRegistry.all.flatMap { rule in
        rule.description.nonTriggeringExamples.indices.map { Case(rule: rule.description.identifier, index: $0) }
    }
    static let gatedTriggering: [Case] = RuleRegistry.all.filter { !$0.description.requires.isEmpty }.flatMap { rule in
        rule.description.triggeringExamples.indices.map { Case(rule: rule.description.identifier, index: $0) }
    }

    /// What a correct project does not trigger, its files without the project do not trigger either: a rule
    /// that lacks facts must not guess (alarm_countdown_without_widget fired so in a Tuist folder).
    @Test("correct code stays clean without the project", arguments: nonTriggering)
    func correctCodeStaysClean(_ entry: Case) throws {
        let rule = try #require(RuleRegistry.rule(entry.rule))
        let result = Self.lint(rule, Self.looseModel(for: rule.description.nonTriggeringExamples[entry.index]))
        #expect(result.violations.filter { $0.rule == entry.rule }.map { "\($0.file):\($0.line) \($0.message)" } == [])
    }

    /// A rule that needs the project is not run on loose sources, even on code it would flag, and says so once.
    @Test("rules that need the project record one skip", arguments: gatedTriggering)
    func gatedRuleRecordsOneSkip(_ entry: Case) throws {
        let rule = try #require(RuleRegistry.rule(entry.rule))
        let result = Self.lint(rule, Self.looseModel(for: rule.description.triggeringExamples[entry.index]))
        #expect(result.violations.isEmpty)
        let skips = result.skips.filter { $0.rule == entry.rule }
        #expect(skips == [Skip(rule: entry.rule, file: nil, reason: "not run: needs \(rule.description.requires), which only an Xcode project gives")])
    }

    /// The same rule on the project the example describes runs: the gate is about facts, not about the rule.
    @Test func gatedRulesRunOnAProject() throws {
        let rule = try #require(RuleRegistry.rule("alarm_countdown_without_widget"))
        let result = Linter(rules: [rule]).lint(ExampleRunner.model(for: rule.description.triggeringExamples[0]))
        #expect(result.violations.map(\.rule) == ["alarm_countdown_without_widget"])
        #expect(result.skips.filter { $0.rule == "alarm_countdown_without_widget" } == [])
    }

    /// A model that knows some facts (a Tuist folder whose manifests state the targets and Info.plists but compute
    /// an entitlements file) runs the rules those facts allow, and the others' skips name what the manifests
    /// compute (FC3-15).
    @Test func partialFactsRunTheRulesTheyAllow() throws {
        let enabled = try #require(RuleRegistry.rule("live_activities_not_enabled"))
        let entitled = try #require(RuleRegistry.rule("app_group_not_entitled"))
        let gap = ProjectFactGap(facts: [.entitlements], reason: "Project.swift: target Widgets: entitlements `.shared` are computed")
        func model(for example: RuleExample) -> SurfaceModel {
            let full = ExampleRunner.model(for: example)
            let project = ProjectModel(root: full.project.root, projectFiles: [], targets: full.project.targets, unassignedSources: [],
                                       isLooseSources: true, notes: [], generators: [ProjectGenerator(kind: .tuist, evidence: "Project.swift")],
                                       knownFacts: [.targets, .embedding, .infoPlist, .resources], factGaps: [gap])
            return SurfaceModel.build(project: project, index: full.index)
        }
        let ran = Linter(rules: [enabled]).lint(model(for: enabled.description.triggeringExamples[0]))
        #expect(ran.violations.map(\.rule) == ["live_activities_not_enabled"])
        let skipped = Linter(rules: [entitled]).lint(model(for: entitled.description.triggeringExamples[0]))
        #expect(skipped.violations.isEmpty)
        #expect(skipped.skips.filter { $0.rule == "app_group_not_entitled" }.map(\.reason) == [
            "not run: needs entitlements, which the manifests do not state literally (Project.swift: target Widgets: entitlements `.shared` are computed) (run `tuist generate` for a full check)",
        ])
        // Several reasons: the first, and how many more the notes give.
        let project = ProjectModel(root: "/p", projectFiles: [], targets: [], unassignedSources: [], isLooseSources: true, notes: [],
                                   knownFacts: [.targets], factGaps: [gap, ProjectFactGap(facts: [.entitlements, .infoPlist], reason: "b"),
                                                                      ProjectFactGap(facts: [.resources], reason: "c")])
        #expect(Linter.notRunReason(missing: [.entitlements], project: project)
                == "not run: needs entitlements, which the manifests do not state literally (Project.swift: target Widgets: entitlements `.shared` are computed; 1 more reason in the notes)")
    }

    /// The generator's command is named in the skip when one is known.
    @Test func skipNamesTheGeneratorCommand() {
        let project = ProjectModel(root: "/p", projectFiles: [], targets: [], unassignedSources: [], isLooseSources: true, notes: [],
                                   generators: [ProjectGenerator(kind: .tuist, evidence: "Project.swift")])
        #expect(Linter.notRunReason(missing: [.targets, .embedding, .infoPlist], project: project)
                == "not run: needs target kinds, embedding and Info.plist, which only an Xcode project gives (run `tuist generate` for a full check)")
        #expect(project.knownFacts.isEmpty)
        #expect(ProjectFacts.all.description == "target kinds, embedding, Info.plist, entitlements and asset catalogs")
    }
}
