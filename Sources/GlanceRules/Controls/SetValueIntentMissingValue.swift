import GlanceSurfaces

/// A `SetValueIntent` needs `@Parameter var value` for the system to pass the new state.
struct SetValueIntentMissingValue: Rule {
    static let description = RuleDescription(
        identifier: "set_value_intent_missing_value",
        name: "SetValueIntent without a value parameter",
        group: .controls,
        defaultSeverity: .error,
        summary: "A SetValueIntent has no `@Parameter var value`.",
        rationale: """
            ControlWidgetToggle passes the new on/off state to its SetValueIntent through a parameter named \
            `value`. Without `@Parameter var value` the intent never learns what the user chose.
            """,
        source: """
            Apple, Creating controls to perform actions across the system <https://developer.apple.com/documentation/widgetkit/creating-controls-to-perform-actions-across-the-system>; \
            Apple, SetValueIntent <https://developer.apple.com/documentation/appintents/setvalueintent>
            """,
        premise: Premise("""
            The system passes a control toggle's new state to its SetValueIntent in the `value` parameter; an intent \
            without `@Parameter var value` never learns what the person chose, so the toggle changes nothing.
            """, .documented),
        triggeringExamples: [
            .widget("""
                struct ↓ToggleRemindersIntent: SetValueIntent {
                    static let title: LocalizedStringResource = "Reminders"
                    var enabled: Bool = false
                    func perform() async throws -> some IntentResult { .result() }
                }
                """),
            .widget("""
                struct ↓ToggleLampIntent: SetValueIntent {
                    static let title: LocalizedStringResource = "Lamp"
                    var value: Bool = false
                    func perform() async throws -> some IntentResult { .result() }
                }
                """),
        ],
        nonTriggeringExamples: [
            .widget("""
                struct ToggleRemindersIntent: SetValueIntent {
                    static let title: LocalizedStringResource = "Reminders"
                    @Parameter(title: "Enabled") var value: Bool
                    func perform() async throws -> some IntentResult { .result() }
                }
                """),
        ])

    func validate(_ context: RuleContext) {
        for intent in context.model.intents where intent.conformances.contains("SetValueIntent") {
            let members = context.resolver.declarations(of: intent.type).flatMap(\.members)
            let value = members.first { $0.name == "value" && !$0.isStatic && ($0.kind == .storedProperty || $0.kind == .computedProperty) }
            if value?.attribute("Parameter") != nil { continue }
            let detail = value == nil ? "has no `value` property" : "declares `value` without @Parameter"
            context.report(intent.location, "\(intent.typeName) is a SetValueIntent but \(detail); declare `@Parameter(title: …) var value: Bool` so the system can pass the new state.")
        }
    }
}
