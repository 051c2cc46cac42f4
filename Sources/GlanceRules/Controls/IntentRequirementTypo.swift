import GlanceSourceIndex
import GlanceSurfaces

/// A static member spelled almost like an AppIntent requirement is just an unused property.
struct IntentRequirementTypo: Rule {
    static let description = RuleDescription(
        identifier: "intent_requirement_typo",
        name: "Misspelled AppIntent requirement",
        group: .controls,
        defaultSeverity: .warning,
        summary: "A static member of an AppIntent is spelled almost like a requirement (`opensAppWhenRun` for `openAppWhenRun`), so the default is used.",
        rationale: """
            Protocol requirements are matched by exact name. `static let opensAppWhenRun = true` compiles, but \
            it is just an extra property: the intent keeps the default behaviour.
            """,
        source: """
            Apple, openAppWhenRun <https://developer.apple.com/documentation/appintents/appintent/openappwhenrun>; \
            report: opensAppWhenRun <https://developer.apple.com/forums/thread/763851>
            """,
        premise: Premise("""
            An AppIntent's settings are requirements with the exact documented names (`openAppWhenRun`, \
            `authenticationPolicy`, …); a member spelled otherwise is an unrelated property, so the intent keeps the \
            default behaviour, and for example does not open the app.
            """, .documented),
        triggeringExamples: [
            .widget("""
                struct ContinueIntent: ControlConfigurationIntent {
                    static let title: LocalizedStringResource = "Continue"
                    static let ↓opensAppWhenRun: Bool = true
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct ContinueIntent: AppIntent {
                    static let title: LocalizedStringResource = "Continue"
                    static let openAppWhenRun: Bool = true
                    static let sessionTitle = "Continue"
                    func perform() async throws -> some IntentResult { .result() }
                }
                """),
        ])

    static let requirements = ["openAppWhenRun", "isDiscoverable", "authenticationPolicy", "supportedModes", "title", "description",
                               "parameterSummary", "persistentIdentifier", "searchKeywords"]

    func validate(_ context: RuleContext) {
        for intent in context.model.intents {
            for member in context.resolver.declarations(of: intent.type).flatMap(\.members) where member.isStatic && member.kind != .enumCase {
                guard !Self.requirements.contains(member.name) else { continue }
                for requirement in Self.requirements {
                    let allowed = requirement.count >= 10 ? 2 : 1
                    guard member.name.editDistance(to: requirement) <= allowed else { continue }
                    context.report(member.location, "\"\(member.name)\" is not an AppIntent requirement (did you mean \"\(requirement)\"?); \(intent.typeName) keeps the default value.")
                    break
                }
            }
        }
    }
}
